"""The rule settings a game is scored under, their validation and the named presets.

A game stores the full snapshot of its rules (``Rules.to_dict``), so changing defaults,
presets or the house-rules file never changes a game already started.
"""

from __future__ import annotations

from ginscore.errors import RulesError, shown

TIE_RULES = ("undercut", "knocker", "no-score")
# Besides these, ``flat:N`` adds N to the winner's total (RULES.md section 3).
SHUTOUT_MODES = ("double-total", "double-before-boxes", "double-game-bonus", "double-hands", "none")
SPADE_DOUBLE = ("off", "points", "score", "all")
ACE_UPCARD = ("gin-only", "one")


# Every scoring setting of RULES.md and its default: the ones marked (default) there.
DEFAULTS = {
    "target": 100,
    "knock_limit": 10,  # not used in Oklahoma, where each hand's upcard sets the limit
    "gin_bonus": 25,
    "big_gin_bonus": 31,  # 0: big gin is off and scores as ordinary gin
    "undercut_bonus": 25,
    "tie": "undercut",
    "box_bonus": 25,
    "gin_boxes": 1,
    "undercut_boxes": 1,
    "game_bonus": 100,
    "shutout": "double-total",
    "gin_layoffs": False,  # the typed opponent deadwood on gin is then after lay-offs
    "oklahoma": False,
    "ace_upcard": "gin-only",  # Oklahoma: an ace upcard allows only gin, or a knock on 1
    "spade_double": "score",  # Oklahoma: what a spade upcard doubles
    # Hollywood (RULES.md section 4); other formats store these defaults.
    "columns": 3,
    "column_target": 0,  # 0: the game's target; a Hollywood game stores the number
    "last_column_double": False,
}
SETTINGS = tuple(DEFAULTS)


class Rules:
    """The settings one game is scored under: immutable, validated when made.

    A plain class rather than a dataclass: it is built on every command's start-up path, and
    a frozen dataclass costs about 1.5 ms just to define.
    """

    __slots__ = SETTINGS

    def __init__(self, **settings):
        unknown = [name for name in settings if name not in DEFAULTS]
        if unknown:
            raise TypeError(f"Rules() got an unknown setting {unknown[0]!r}")
        for name, default in DEFAULTS.items():
            object.__setattr__(self, name, settings.get(name, default))
        validate(self)

    def __setattr__(self, name, value):
        raise AttributeError("Rules are immutable: use with_changes()")

    def __eq__(self, other):
        return type(other) is Rules and self.to_dict() == other.to_dict()

    def __hash__(self):
        return hash(tuple(self.to_dict().items()))

    def __repr__(self):
        return f"Rules({', '.join(f'{name}={value!r}' for name, value in differences(self).items())})"

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in SETTINGS}

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        """Build from a stored snapshot; settings added after the game was saved take
        their default, which is always the behaviour the older program had."""
        unknown = sorted(set(data) - set(SETTINGS))
        if unknown:
            raise RulesError(
                f"unknown rule setting {unknown[0]!r}: a newer ginscore wrote this game, upgrade ginscore"
            )
        return cls(**data)

    def with_changes(self, **changes) -> "Rules":
        return Rules(**{**self.to_dict(), **changes})

    @property
    def shutout_flat(self) -> int | None:
        """The N of a ``flat:N`` shutout, else None."""
        if self.shutout.startswith("flat:"):
            return int(self.shutout[5:])
        return None



# What each setting means, for --help and 'ginscore rules'.
SETTING_HELP = {
    "target": "Points that win the game.",
    "knock_limit": "Highest deadwood a player may knock with (Oklahoma: the upcard sets it).",
    "gin_bonus": "Bonus for gin.",
    "big_gin_bonus": "Bonus for big gin (0: big gin is off).",
    "undercut_bonus": "Bonus for an undercut.",
    "tie": "When deadwoods are equal: undercut, knocker or no-score.",
    "box_bonus": "Points per box (hand won) at the end.",
    "gin_boxes": "Boxes for a hand won by gin.",
    "undercut_boxes": "Boxes for a hand won by an undercut.",
    "game_bonus": "Bonus for winning the game.",
    "shutout": "double-total, double-before-boxes, double-game-bonus, double-hands, flat:N or none.",
    "gin_layoffs": "Allow lay-offs on gin.",
    "oklahoma": "Oklahoma Gin: the upcard sets each hand's knock limit.",
    "ace_upcard": "Oklahoma, ace upcard: gin-only or one (knock on 1).",
    "spade_double": "Oklahoma, spade upcard doubles: off, points, score or all (score and boxes).",
    "columns": "Hollywood: how many games (columns) are scored at once.",
    "column_target": "Hollywood: points that close a column (default: the target).",
    "last_column_double": "Hollywood: the last column's settlement counts double.",
}

_INT_LIMITS = {
    # name: (lowest, highest); the highest values are generous sanity caps, not rules
    "target": (1, 10_000),
    "knock_limit": (0, 10),
    "gin_bonus": (0, 1_000),
    "big_gin_bonus": (0, 1_000),
    "undercut_bonus": (0, 1_000),
    "box_bonus": (0, 1_000),
    "gin_boxes": (0, 10),
    "undercut_boxes": (0, 10),
    "game_bonus": (0, 10_000),
    "columns": (1, 10),
    "column_target": (0, 10_000),
}
_CHOICES = {"tie": TIE_RULES, "spade_double": SPADE_DOUBLE, "ace_upcard": ACE_UPCARD}
_BOOLEANS = ("gin_layoffs", "oklahoma", "last_column_double")
_BOOLEAN_WORDS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}
MAX_FLAT_SHUTOUT = 10_000


def option_name(setting: str) -> str:
    """The command-line spelling of a setting: ``knock_limit`` -> ``--knock-limit``."""
    return "--" + setting.replace("_", "-")


def _is_digits(text: str) -> bool:
    # str.isdigit() accepts '²' and other characters int() refuses; no setting needs more
    # than 9 digits, and int() of thousands of them raises
    return text.isascii() and text.isdigit() and len(text) <= 9


def check_setting(name: str, value, label: str | None = None, strict: bool = False):
    """The value of setting ``name`` in its type and canonical spelling, or a RulesError
    naming ``label`` (default: the option, ``--undercut-bonus``) and what is allowed.

    Text as typed (``"20"``, ``"yes"``, ``"Flat:100"``) is accepted unless ``strict``, which
    requires the stored form exactly (``20``, ``True``, ``"flat:100"``).
    """
    if name not in SETTINGS:
        raise RulesError(f"unknown rule setting {shown(name)}: the settings are {', '.join(SETTINGS)}")
    label = label or option_name(name)
    if name in _INT_LIMITS:
        lowest, highest = _INT_LIMITS[name]
        number = value if type(value) is int else None
        if number is None and not strict and isinstance(value, str) and _is_digits(value.strip()):
            number = int(value.strip())
        if number is None or not lowest <= number <= highest:
            raise RulesError(f"{label} must be a whole number from {lowest} to {highest}, got {shown(value)}")
        return number
    if name in _BOOLEANS:
        if type(value) is bool:
            return value
        word = str(value).strip().lower() if isinstance(value, (str, int)) and not strict else None
        if word not in _BOOLEAN_WORDS:
            raise RulesError(f"{label} must be true or false (yes/no, on/off), got {shown(value)}")
        return _BOOLEAN_WORDS[word]
    canonical = _canonical_choice(name, value) if isinstance(value, str) else None
    if canonical is None or strict and canonical != value:
        if name == "shutout":
            allowed = f"{', '.join(SHUTOUT_MODES[:-1])}, none or flat:N with N from 0 to {MAX_FLAT_SHUTOUT} (e.g. flat:100)"
        else:
            allowed = ", ".join(_CHOICES[name])
        raise RulesError(f"{label} must be one of {allowed}; got {shown(value)}")
    return canonical


def _canonical_choice(name: str, text: str) -> str | None:
    word = text.strip().lower()
    if name != "shutout":
        return word if word in _CHOICES[name] else None
    if word in SHUTOUT_MODES:
        return word
    amount = word[5:].strip() if word.startswith("flat:") else ""
    if _is_digits(amount) and int(amount) <= MAX_FLAT_SHUTOUT:
        return f"flat:{int(amount)}"
    return None


def parse_setting(name: str, value, label: str | None = None):
    """Turn a typed value (string, or already typed) into the setting's type, or say what is wrong."""
    return check_setting(name, value, label)


def validate(rules: Rules) -> None:
    for name in SETTINGS:
        check_setting(name, getattr(rules, name), strict=True)


STANDARD = Rules()

# Named presets: the settings where each differs from standard, and the source it follows.
# The README's preset table lists the same; tests/test_house.py plays each one.
PRESETS: dict[str, dict] = {
    "standard": {},
    "seed-000": {"shutout": "double-before-boxes"},
    "seed-000-variant": {
        "shutout": "double-before-boxes",
        "undercut_bonus": 10,
        "gin_bonus": 20,
        "box_bonus": 20,
        "gin_layoffs": True,
    },
    "seed-004": {"undercut_bonus": 20, "box_bonus": 20},
    "pagat": {"gin_bonus": 20, "undercut_bonus": 10, "box_bonus": 20, "shutout": "double-game-bonus"},
    "oklahoma": {"oklahoma": True, "target": 150},
}
PRESET_SOURCES = {
    "standard": "RULES.md defaults; seed 002 plays exactly these",
    "seed-000": "seed 000: the shutout doubles points and game bonus, then boxes are added",
    "seed-000-variant": "seed 000's named scoring variant (otherwise as seed-000)",
    "seed-004": "seed 004",
    "pagat": "Pagat (pagat.com): the shutout doubles the game bonus",
    "oklahoma": "RULES.md section 6: Oklahoma Gin, target usually 150",
}


def preset_rules(name: str) -> Rules:
    name = name.strip().lower()
    if name not in PRESETS:
        raise RulesError(f"unknown rules preset {name!r}: choose one of {', '.join(PRESETS)} (see 'ginscore rules --list')")
    return STANDARD.with_changes(**PRESETS[name])


def differences(rules: Rules, base: Rules = STANDARD) -> dict:
    """The settings where ``rules`` differs from ``base``, in field order."""
    theirs = base.to_dict()
    return {name: value for name, value in rules.to_dict().items() if theirs[name] != value}


def matching_preset(rules: Rules) -> str | None:
    """The preset other than standard that these rules are exactly, if any."""
    return next((name for name in PRESETS if name != "standard" and preset_rules(name) == rules), None)


def summary(rules: Rules, preset: str | None = None) -> str:
    """One line naming the settings that differ from standard, and the preset they came from:
    ``seed-004 (undercut bonus 20, box bonus 20)``; ``standard rules`` when none differ."""
    changed = differences(rules)
    preset = preset.strip().lower() if preset else matching_preset(rules)
    listed = ", ".join(_describe(name, value) for name, value in changed.items())
    if preset in (None, "standard"):
        return listed or "standard rules"
    if not changed:
        return f"{preset} changed back to standard rules"
    exact = preset in PRESETS and preset_rules(preset) == rules
    return f"{preset} ({listed})" if exact else f"{preset} with changes ({listed})"


# How a yes/no setting reads in a summary when it is on ("oklahoma yes" read like a typo).
_SWITCHES = {"gin_layoffs": "lay-offs on gin", "oklahoma": "Oklahoma Gin", "last_column_double": "last column counts double"}


def _describe(name: str, value) -> str:
    if name == "big_gin_bonus" and value == 0:
        return "big gin off"
    if type(value) is bool:
        words = _SWITCHES.get(name, name.replace("_", " "))
        return words if value else f"no {words}"
    return f"{name.replace('_', ' ')} {value}"


def build_rules(preset: str | None = None, overrides: dict | None = None, base: Rules = STANDARD) -> Rules:
    """Rules from a preset (else ``base``) plus individual settings; the settings win."""
    start = base if preset is None else preset_rules(preset)
    changes = {name: parse_setting(name, value) for name, value in (overrides or {}).items()}
    return start.with_changes(**changes)
