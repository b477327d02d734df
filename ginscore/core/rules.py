"""The rule settings a game is scored under, their validation and the named presets.

A setting is declared once, as a ``Setting`` (name, default, what it accepts, what it means).
The two-player gin settings are declared here; a kind of table declares which of them it uses,
with its own defaults, and any settings of its own (Hollywood's columns). A game stores the
snapshot of exactly its table's settings (``Rules.to_dict``), so changing defaults, presets or
the house-rules file never changes a game already started.
"""

from __future__ import annotations

from ginscore.base.errors import RulesError, shown
from ginscore.base.i18n import N_, _
from ginscore.base.records import Record
from ginscore.base.text import likely_meant

TIE_RULES = ("undercut", "knocker", "no-score")
# Besides these, ``flat:N`` adds N to the winner's total (docs/rules.md section 5).
SHUTOUT_MODES = ("double-total", "double-before-boxes", "double-game-bonus", "double-hands", "none")
SPADE_DOUBLE = ("off", "points", "score", "all")
DEAL_RULES = ("winner", "alternate", "loser")
ACE_UPCARD = ("gin-only", "one")
MAX_FLAT_SHUTOUT = 10_000


class Setting(Record):
    """One rule setting: its stored name, default and help, and what values it accepts:
    whole numbers within ``limits``, one of ``choices``, or (a bool default) yes/no. The help
    is a function, ``N_("...")``, called when it is shown (so in the language in use by
    then), or an English string, looked up in the catalog when it is shown (``cli.options.text``).
    ``words`` is its name as a rules summary says it (English, marked with ``N_``; a yes/no
    setting's words when it is on); by default the name with spaces."""

    name: str
    default: object
    help: object
    limits: tuple | None = None
    choices: tuple = ()
    words: str = ""
    # (value, its words in a rules summary) where "name value" would not read as a sentence
    value_words: tuple = ()
    # False for a setting added after games were first shared between devices: a game file
    # holds it only when it is not at its default, so that an older ginscore still reads every
    # game that does not use it (and refuses, as a game of a newer ginscore, one that does)
    stored_at_default: bool = True

    @property
    def option(self) -> str:
        return option_name(self.name)

    def said(self, translate: bool = True) -> str:
        """The setting's name in words, ``undercut bonus``: in the language in use, or (``translate``
        False, for JSON) in English."""
        words = self.words or self.name.replace("_", " ")
        return _translate(words) if translate else words


def _declare(*settings: Setting) -> dict:
    return {setting.name: setting for setting in settings}


# Every two-player gin setting of docs/rules.md (section 6) and its default.
# The highest values of the limits are generous sanity caps, not rules.
GIN_SETTINGS = _declare(
    Setting("target", 100, N_("Points that win the game."), (1, 10_000), words=N_("target")),
    Setting(
        "knock_limit",
        10,
        N_("Highest deadwood a player may knock with (Oklahoma: the upcard sets it)."),
        (0, 10),
        words=N_("knock limit"),
    ),
    Setting("gin_bonus", 25, N_("Bonus for gin."), (0, 1_000), words=N_("gin bonus")),
    Setting("big_gin_bonus", 31, N_("Bonus for big gin (0: big gin is off)."), (0, 1_000), words=N_("big gin bonus")),
    Setting("undercut_bonus", 25, N_("Bonus for an undercut."), (0, 1_000), words=N_("undercut bonus")),
    Setting(
        "tie",
        "undercut",
        N_("When deadwoods are equal: undercut, knocker or no-score."),
        choices=TIE_RULES,
        words=N_("tie"),
        # "tie no-score" is not English
        value_words=(
            ("undercut", N_("a tie is an undercut")),
            ("knocker", N_("a tie goes to the knocker")),
            ("no-score", N_("a tie scores nothing")),
        ),
    ),
    Setting("box_bonus", 25, N_("Points per box (hand won) at the end."), (0, 1_000), words=N_("box bonus")),
    Setting("gin_boxes", 1, N_("Boxes for a hand won by gin."), (0, 10), words=N_("gin boxes")),
    Setting("undercut_boxes", 1, N_("Boxes for a hand won by an undercut."), (0, 10), words=N_("undercut boxes")),
    Setting("game_bonus", 100, N_("Bonus for winning the game."), (0, 10_000), words=N_("game bonus")),
    Setting(
        "shutout",
        "double-total",
        N_("double-total, double-before-boxes, double-game-bonus, double-hands, flat:N or none."),
        choices=SHUTOUT_MODES,
        words=N_("shutout"),
    ),
    # the typed opponent deadwood on gin is then after lay-offs
    Setting("gin_layoffs", False, N_("Allow lay-offs on gin."), words=N_("lay-offs on gin")),
    Setting("oklahoma", False, N_("Oklahoma Gin: the upcard sets each hand's knock limit."), words=N_("Oklahoma Gin")),
    Setting(
        "ace_upcard",
        "gin-only",
        N_("Oklahoma, ace upcard: gin-only or one (knock on 1)."),
        choices=ACE_UPCARD,
        words=N_("ace upcard"),
    ),
    Setting(
        "spade_double",
        "score",
        N_("Oklahoma, spade upcard doubles: off, points, score or all (score and boxes)."),
        choices=SPADE_DOUBLE,
        words=N_("spade double"),
    ),
    # Who deals the next hand. The rule texts have the winner deal; the score-pad apps
    # alternate, and some houses have the loser deal. After a draw the same dealer deals again,
    # except when the deal alternates. Three-handed and partnership gin seat by their own rule.
    Setting(
        "deal",
        "winner",
        N_("Who deals the next hand: winner, alternate (the players take turns) or loser."),
        choices=DEAL_RULES,
        words=N_("deal"),
        value_words=(
            ("winner", N_("the winner deals")),
            ("alternate", N_("the deal alternates")),
            ("loser", N_("the loser deals")),
        ),
        stored_at_default=False,
    ),
)
SETTINGS = tuple(GIN_SETTINGS)
_GIN_DEFAULTS = {name: spec.default for name, spec in GIN_SETTINGS.items()}  # what a setting a table does not use reads as
OKLAHOMA_SETTINGS = ("oklahoma", "ace_upcard", "spade_double")
# What only a two-player table has: Oklahoma, and a choice of who deals (with more players at
# the table, who plays and deals next is the table's own rule).
TWO_PLAYER_SETTINGS = (*OKLAHOMA_SETTINGS, "deal")


class Rules:
    """The settings one game is scored under: immutable, validated when made.

    ``Rules(undercut_bonus=20)`` holds the two-player gin settings; ``Rules.of(specs, values)``
    holds a table's own set. A gin setting the table does not use reads as its standard default
    (a three-handed game is simply not Oklahoma), but is neither stored nor shown.

    A plain class rather than a dataclass: it is built on every command's start-up path, and
    a frozen dataclass costs about 1.5 ms just to define.
    """

    # __dict__: the values and each unused gin setting's default, read at C speed (no __getattr__: every hand's replay reads a few)
    __slots__ = ("_specs", "_values", "__dict__")

    def __init__(self, **settings):
        self._init(GIN_SETTINGS, settings)

    @classmethod
    def of(cls, specs: dict, values: dict) -> "Rules":
        """Rules over the settings ``specs`` (name -> Setting); missing values take their default."""
        rules = cls.__new__(cls)
        rules._init(specs, values)
        return rules

    def _init(self, specs: dict, values: dict) -> None:
        unknown = [name for name in values if name not in specs]
        if unknown:
            raise TypeError(f"Rules() got an unknown setting {unknown[0]!r}")
        object.__setattr__(self, "_specs", specs)
        object.__setattr__(self, "_values", {name: values.get(name, spec.default) for name, spec in specs.items()})
        object.__setattr__(self, "__dict__", self._values if specs is GIN_SETTINGS else {**_GIN_DEFAULTS, **self._values})
        validate(self)

    def __setattr__(self, name, value):
        raise AttributeError("Rules are immutable: use with_changes()")

    def __eq__(self, other):
        return type(other) is Rules and self._values == other._values

    def __hash__(self):
        return hash(tuple(self._values.items()))

    def __repr__(self):
        return f"Rules({', '.join(f'{name}={value!r}' for name, value in differences(self).items())})"

    @property
    def specs(self) -> dict:
        return self._specs

    def uses(self, name: str) -> bool:
        return name in self._values

    def to_dict(self) -> dict:
        return dict(self._values)

    def stored(self) -> dict:
        """The settings as a game file holds them: every one, but those that are not
        ``stored_at_default`` only when they differ from their default."""
        specs = self._specs
        return {
            name: value
            for name, value in self._values.items()
            if specs[name].stored_at_default or value != specs[name].default
        }

    @classmethod
    def from_dict(cls, data: dict, specs: dict = GIN_SETTINGS) -> "Rules":
        """Build from a stored snapshot; settings added after the game was saved take
        their default, which is always the behaviour the older program had."""
        unknown = sorted(set(data) - set(specs))
        if unknown:
            raise RulesError(
                _(
                    "unknown rule setting {name}: a newer ginscore wrote this game, or the file is damaged; "
                    "upgrade ginscore or restore the file from a backup"
                ).format(name=repr(unknown[0]))
            )
        return cls.of(specs, data)

    def with_changes(self, **changes) -> "Rules":
        return Rules.of(self._specs, {**self._values, **changes})

    def defaults(self) -> "Rules":
        """The same table's settings, every one at its default."""
        return Rules.of(self._specs, {})

    @property
    def shutout_flat(self) -> int | None:
        """The N of a ``flat:N`` shutout, else None."""
        if self.shutout.startswith("flat:"):
            return int(self.shutout[5:])
        return None


def option_name(setting: str) -> str:
    """The command-line spelling of a setting: ``knock_limit`` -> ``--knock-limit``."""
    return "--" + setting.replace("_", "-")


def _is_digits(text: str) -> bool:
    # str.isdigit() accepts '²' and other characters int() refuses
    return text.isascii() and text.isdigit()


_BOOLEAN_WORDS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}


def check_setting(name: str, value, label: str | None = None, strict: bool = False, specs: dict = GIN_SETTINGS):
    """The value of setting ``name`` in its type and canonical spelling, or a RulesError
    naming ``label`` (default: the option, ``--undercut-bonus``) and what is allowed.

    Text as typed (``"20"``, ``"yes"``, ``"Flat:100"``) is accepted unless ``strict``, which
    requires the stored form exactly (``20``, ``True``, ``"flat:100"``).
    """
    spec = specs.get(name)
    if spec is None:
        raise RulesError(
            _("unknown rule setting {name}: the settings are {settings}").format(name=shown(name), settings=", ".join(specs))
        )
    label = label or option_name(name)
    if spec.limits is not None:
        lowest, highest = spec.limits
        number = value if type(value) is int else None
        text = value.strip() if isinstance(value, str) else ""
        if number is None and not strict and _is_digits(text) and len(text) <= 6:
            number = int(text)
        if number is None or not lowest <= number <= highest:
            raise RulesError(
                _("{label} must be a whole number from {lowest} to {highest}, got {value}").format(
                    label=label, lowest=lowest, highest=highest, value=shown(value, 24)
                )
            )
        return number
    if type(spec.default) is bool:
        if type(value) is bool:
            return value
        word = str(value).strip().lower() if isinstance(value, (str, int)) and not strict else None
        if word not in _BOOLEAN_WORDS:
            raise RulesError(
                _("{label} must be true or false (yes/no, on/off), got {value}").format(label=label, value=shown(value, 24))
            )
        return _BOOLEAN_WORDS[word]
    canonical = _canonical_choice(spec, value) if isinstance(value, str) else None
    if canonical is None or strict and canonical != value:
        if name == "shutout":
            allowed = _("{modes}, none or flat:N (N up to {most})").format(
                modes=", ".join(SHUTOUT_MODES[:-1]), most=MAX_FLAT_SHUTOUT
            )
        else:
            allowed = ", ".join(spec.choices)
        raise RulesError(_("{label} must be one of {allowed}; got {value}").format(label=label, allowed=allowed, value=shown(value, 24)))
    return canonical


def _canonical_choice(spec: Setting, text: str) -> str | None:
    word = text.strip().lower()
    if word in spec.choices:
        return word
    if spec.name != "shutout":
        return None
    amount = word[5:].strip() if word.startswith("flat:") else ""
    if _is_digits(amount) and len(amount) <= 6 and int(amount) <= MAX_FLAT_SHUTOUT:
        return f"flat:{int(amount)}"
    return None


def parse_setting(name: str, value, label: str | None = None, specs: dict = GIN_SETTINGS):
    """Turn a typed value (string, or already typed) into the setting's type, or say what is wrong."""
    return check_setting(name, value, label, specs=specs)


def validate(rules: Rules) -> None:
    for name, value in rules._values.items():
        check_setting(name, value, strict=True, specs=rules.specs)


STANDARD = Rules()

# Named presets: the settings where each differs from standard, and the source it follows.
# The preset table of docs/house-rules.md lists the same; tests/cli/test_house.py plays each one.
PRESETS: dict[str, dict] = {
    "standard": {},
    "classic": {"shutout": "double-before-boxes"},
    "classic-variant": {
        "shutout": "double-before-boxes",
        "undercut_bonus": 10,
        "gin_bonus": 20,
        "box_bonus": 20,
        "gin_layoffs": True,
    },
    "twenties": {"undercut_bonus": 20, "box_bonus": 20},
    "pagat": {"gin_bonus": 20, "undercut_bonus": 10, "box_bonus": 20, "shutout": "double-game-bonus"},
    "oklahoma": {"oklahoma": True, "target": 150},
}
# The names the presets had before they were renamed for players: games and house-rules files
# that use them keep working.
PRESET_ALIASES = {"seed-000": "classic", "seed-000-variant": "classic-variant", "seed-004": "twenties"}


def preset_sources(translate: bool = True) -> dict:
    """What each preset follows: in the language in use, or (``translate`` False, for JSON) in
    English."""
    _ = _translate if translate else str
    return {
        "standard": _("the usual rules; what most books print"),
        "classic": _("the classic Russian text: a shutout doubles points and game bonus, then boxes are added"),
        "classic-variant": _("the classic text's lighter scoring (otherwise as classic)"),
        "twenties": _("the Hollywood text: undercut and box bonuses of 20"),
        "pagat": _("Pagat (pagat.com): the shutout doubles the game bonus"),
        "oklahoma": _("Oklahoma Gin, target usually 150"),
    }


_translate = _
PRESET_SOURCES = preset_sources(translate=False)  # English, as JSON gives it


def preset_name(name: str) -> str:
    """A preset's name as typed (any case, an old alias) in its current spelling."""
    word = name.strip().lower()
    word = PRESET_ALIASES.get(word, word)
    if word not in PRESETS:
        if meant := likely_meant(word, PRESETS, most=1):
            said = _("unknown rules preset {name}: did you mean {choice}? (see 'ginscore rules --list')")
            raise RulesError(said.format(name=shown(name), choice=meant[0]))
        raise RulesError(
            _("unknown rules preset {name}: choose one of {presets} (see 'ginscore rules --list')").format(
                name=shown(name), presets=", ".join(PRESETS)
            )
        )
    return word


def preset_rules(name: str, base: Rules = STANDARD) -> Rules:
    """Preset ``name`` applied to ``base`` (a table's defaults); refused when it sets a rule
    that table does not have."""
    name = preset_name(name)
    changes = PRESETS[name]
    missing = [setting for setting in changes if not base.uses(setting)]
    if missing:
        raise RulesError(
            _("the {name} preset sets {option}, which this kind of game does not use").format(
                name=name, option=option_name(missing[0])
            )
        )
    return base.with_changes(**changes)


def differences(rules: Rules, base: Rules | None = None) -> dict:
    """The settings where ``rules`` differs from ``base`` (default: its table's defaults)."""
    theirs = (rules.defaults() if base is None else base).to_dict()
    return {name: value for name, value in rules.to_dict().items() if theirs.get(name) != value}


def matching_preset(rules: Rules) -> str | None:
    """The preset other than standard that these rules are exactly, if any."""
    for name in PRESETS:
        if name != "standard" and all(rules.uses(setting) for setting in PRESETS[name]):
            if preset_rules(name, rules.defaults()) == rules:
                return name
    return None


def summary(rules: Rules, preset: str | None = None, translate: bool = True) -> str:
    """One line naming the settings that differ from the table's defaults, and the preset they
    came from: ``twenties (undercut bonus 20, box bonus 20)``; ``standard rules`` when none differ.
    In the language in use, or (``translate`` False, for JSON) in English."""
    _ = _translate if translate else str
    changed = differences(rules)
    preset = PRESET_ALIASES.get(preset.strip().lower(), preset.strip().lower()) if preset else matching_preset(rules)
    listed = ", ".join(describe_setting(rules.specs[name], value, translate) for name, value in changed.items())
    if preset in (None, "standard"):
        return listed or _("standard rules")
    if not changed:
        return _("{preset} changed back to standard rules").format(preset=preset)
    exact = preset in PRESETS and all(rules.uses(s) for s in PRESETS[preset]) and preset_rules(preset, rules.defaults()) == rules
    if exact:
        return _("{preset} ({settings})").format(preset=preset, settings=listed)
    return _("{preset} with changes ({settings})").format(preset=preset, settings=listed)


def describe_setting(spec: Setting, value, translate: bool = True) -> str:
    _ = _translate if translate else str
    said = dict(spec.value_words).get(value)
    if said is not None:
        return _translate(said) if translate else str(said)
    if spec.name == "big_gin_bonus" and value == 0:
        return _("big gin off")
    if type(value) is bool:
        words = spec.said(translate)
        return words if value else _("no {setting}").format(setting=words)
    return _("{setting} {value}").format(setting=spec.said(translate), value=value)


def build_rules(preset: str | None = None, overrides: dict | None = None, base: Rules = STANDARD) -> Rules:
    """Rules from a preset (applied to ``base``'s defaults) else ``base``, plus individual
    settings typed as text; the settings win."""
    start = base if preset is None else preset_rules(preset, base.defaults())
    changes = {name: parse_setting(name, value, specs=base.specs) for name, value in (overrides or {}).items()}
    return start.with_changes(**changes)
