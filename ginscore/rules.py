"""The rule settings a game is scored under, their validation and the named presets.

A game stores the full snapshot of its rules (``Rules.to_dict``), so changing defaults,
presets or the house-rules file never changes a game already started.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ginscore.errors import RulesError

TIE_RULES = ("undercut", "knocker", "no-score")
SHUTOUT_MODES = (
    "double-total",
    "double-before-boxes",
    "double-game-bonus",
    "double-hands",
    "flat:N",
    "none",
)
SPADE_DOUBLE = ("off", "points", "score", "all")
ACE_UPCARD = ("gin-only", "one")


@dataclass(frozen=True)
class Rules:
    """Every scoring setting of RULES.md; defaults are the ones marked (default) there."""

    target: int = 100
    knock_limit: int = 10
    gin_bonus: int = 25
    big_gin_bonus: int = 31  # 0: big gin is off and scores as ordinary gin
    undercut_bonus: int = 25
    tie: str = "undercut"
    box_bonus: int = 25
    gin_boxes: int = 1
    undercut_boxes: int = 1
    game_bonus: int = 100
    shutout: str = "double-total"
    gin_layoffs: bool = False
    oklahoma: bool = False
    ace_upcard: str = "gin-only"  # Oklahoma: an ace upcard allows only gin, or a knock on 1
    spade_double: str = "score"  # Oklahoma: what a spade upcard doubles

    def __post_init__(self):
        validate(self)

    def to_dict(self) -> dict:
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        """Build from a stored snapshot; settings added after the game was saved take
        their default, which is always the behaviour the older program had."""
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(
                f"unknown rule setting {unknown[0]!r}: a newer ginscore wrote this game, upgrade ginscore"
            )
        return cls(**data)

    def with_changes(self, **changes) -> "Rules":
        return replace(self, **changes)

    @property
    def shutout_flat(self) -> int | None:
        """The N of a ``flat:N`` shutout, else None."""
        if self.shutout.startswith("flat:"):
            return int(self.shutout[5:])
        return None


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
}

_CHOICES = {"tie": TIE_RULES, "spade_double": SPADE_DOUBLE, "ace_upcard": ACE_UPCARD}


def option_name(setting: str) -> str:
    """The command-line spelling of a setting: ``knock_limit`` -> ``--knock-limit``."""
    return "--" + setting.replace("_", "-")


def validate(rules: Rules) -> None:
    for name, (lowest, highest) in _INT_LIMITS.items():
        value = getattr(rules, name)
        if type(value) is not int or not lowest <= value <= highest:
            raise RulesError(
                f"{option_name(name)} must be a whole number from {lowest} to {highest}, got {value!r}"
            )
    for name, choices in _CHOICES.items():
        value = getattr(rules, name)
        if value not in choices:
            raise RulesError(f"{option_name(name)} must be one of {', '.join(choices)}; got {value!r}")
    for name in ("gin_layoffs", "oklahoma"):
        if type(getattr(rules, name)) is not bool:
            raise RulesError(f"{option_name(name)} must be true or false, got {getattr(rules, name)!r}")
    parse_shutout(rules.shutout)


def parse_shutout(text: str) -> str:
    """Normalise a shutout mode; ``flat:N`` needs a whole N >= 0."""
    mode = str(text).strip().lower()
    if mode in SHUTOUT_MODES and mode != "flat:N".lower():
        return mode
    if mode.startswith("flat:"):
        amount = mode[5:]
        if amount.isdigit() and int(amount) <= 10_000:
            return f"flat:{int(amount)}"
    raise RulesError(
        f"--shutout must be one of double-total, double-before-boxes, double-game-bonus, "
        f"double-hands, none or flat:N (e.g. flat:100); got {text!r}"
    )


STANDARD = Rules()


def differences(rules: Rules, base: Rules = STANDARD) -> dict:
    """The settings where ``rules`` differs from ``base``, in field order."""
    theirs = base.to_dict()
    return {name: value for name, value in rules.to_dict().items() if theirs[name] != value}


def summary(rules: Rules, base: Rules = STANDARD) -> str:
    """One line naming the settings that differ from standard, e.g. ``undercut bonus 20, box bonus 20``."""
    changed = differences(rules, base)
    if not changed:
        return "standard rules"
    return ", ".join(f"{name.replace('_', ' ')} {_show(value)}" for name, value in changed.items())


def _show(value) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


# Named presets: settings that differ from standard. See the README's preset table.
PRESETS: dict[str, dict] = {
    "standard": {},
}

# How each setting is typed on the command line and in the house-rules file.
_BOOLEAN_WORDS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}


def parse_setting(name: str, value) -> object:
    """Turn a typed value (string, or already typed) into the setting's type, or say what is wrong."""
    kinds = {field.name: field.type for field in fields(Rules)}
    if name not in kinds:
        raise RulesError(f"unknown rule setting {name!r}: known settings are {', '.join(kinds)}")
    if name in _INT_LIMITS:
        if type(value) is int:
            return value
        text = str(value).strip()
        if not text.isdigit():
            lowest, highest = _INT_LIMITS[name]
            raise RulesError(f"{option_name(name)} must be a whole number from {lowest} to {highest}, got {value!r}")
        return int(text)
    if name == "shutout":
        return parse_shutout(value)
    if kinds[name] in ("bool", bool):
        if type(value) is bool:
            return value
        word = str(value).strip().lower()
        if word not in _BOOLEAN_WORDS:
            raise RulesError(f"{option_name(name)} must be true or false, got {value!r}")
        return _BOOLEAN_WORDS[word]
    return str(value).strip().lower()


def build_rules(preset: str | None = None, overrides: dict | None = None, base: Rules = STANDARD) -> Rules:
    """Rules from a preset plus individual settings; the settings win over the preset."""
    changes = {}
    if preset is not None:
        if preset not in PRESETS:
            raise RulesError(f"unknown rules preset {preset!r}: choose one of {', '.join(PRESETS)}")
        changes.update(PRESETS[preset])
    for name, value in (overrides or {}).items():
        changes[name] = parse_setting(name, value)
    return base.with_changes(**changes)
