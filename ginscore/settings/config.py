"""The house-rules file: a small TOML file of defaults for new games.

It lives in the platform's user config folder (``$GINSCORE_CONFIG`` overrides the path) and
holds flat keys only: ``preset``, any rule setting (``undercut_bonus = 20``), ``stake``,
``currency``, ``lang`` (the language ginscore speaks; ``ginscore.base.i18n`` reads it itself) and
``paper`` (a4 or letter: what ``sheet`` and ``pad`` lay a printed page out for). It is read only
by ``new``, ``rules``, ``config`` and the printed pages, and only when it exists, so the commands
typed between hands never pay for it. A game copies its rules, stake and
currency when it starts; the file never reaches a game afterwards.

A file that cannot be read is reported with its path and the place inside it and is never
overwritten: ``config set`` refuses to write until it is fixed.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from ginscore.base import i18n, paths
from ginscore.base.errors import LedgerError, RulesError, shown
from ginscore.base.i18n import _
from ginscore.base.paper_size import PAPERS, parse_paper
from ginscore.base.safefile import NotDurable, atomic_write, read_regular, reason
from ginscore.base.text import likely_meant, shortened
from ginscore.core.rules import PRESET_ALIASES, PRESETS, Rules, check_setting, preset_name
from ginscore.core.scoring import NO_CURRENCY, parse_currency, parse_stake
from ginscore.tables import all_settings, get_table

ENV_CONFIG = paths.ENV_CONFIG
# Every table's settings can be set here; each new game takes those its table uses.
SETTINGS = tuple(all_settings())
KEYS = ("preset", *SETTINGS, "stake", "currency", "lang", "paper")
_LIKELY_MEANT = {"rules": "preset"}
HEADER = (
    "# ginscore house rules: defaults for new games. A game keeps the rules it started with.\n"
    "# Change with 'ginscore config set KEY VALUE'; list the keys with 'ginscore config --help'.\n"
)


def config_path() -> Path:
    """Where the house-rules file is: $GINSCORE_CONFIG, else the user config folder."""
    return Path(paths.config_path())


@dataclass(frozen=True)
class HouseRules:
    """The file's values, checked, in their stored form (``stake`` as a decimal string)."""

    path: Path
    exists: bool
    values: dict

    @property
    def preset(self) -> str | None:
        return self.values.get("preset")

    @property
    def settings(self) -> dict:
        return {key: value for key, value in self.values.items() if key in SETTINGS}

    @property
    def stake(self) -> Decimal | None:
        return None if "stake" not in self.values else parse_stake(self.values["stake"])

    @property
    def currency(self) -> str | None:
        return self.values.get("currency")

    @property
    def paper(self) -> str | None:
        return self.values.get("paper")

    def rules(self, table: str = "standard") -> Rules:
        """The rules a new game of ``table`` gets when the command line names none."""
        return get_table(table).rules_from(self.preset, self.settings)

    def for_new_game(self, preset: str | None, settings: dict) -> tuple:
        """(preset, settings) of a game started with these command-line choices.

        ``--rules PRESET`` on the command line replaces the file's preset *and* its individual
        settings, so a named preset always means the same rules; individual options always
        apply on top of whichever start was chosen.
        """
        if preset is not None:
            return preset, dict(settings)
        return self.preset, {**self.settings, **settings}


def read_config(path: Path | None = None) -> HouseRules:
    path = config_path() if path is None else path
    data = _load_toml(path)
    if data is None:
        return HouseRules(path, False, {})
    return HouseRules(path, True, check_values(data, path))


def read_raw(path: Path) -> dict:
    """The file as parsed, values unchecked, so ``config set`` can repair a bad value.
    A file that is not valid TOML is refused here and so never overwritten."""
    return _load_toml(path) or {}


# A house-rules file is a few hundred bytes; anything this big is not one.
MAX_CONFIG_BYTES = 64 * 1024


def _load_toml(path: Path) -> dict | None:
    """The parsed file, or None when there is none. TOML is parsed only when a file exists.

    A symlink is followed (dotfile managers link the file in), but only to a plain file: a
    FIFO or ``/dev/zero`` is refused before it can hang the command or fill the memory."""
    try:
        raw = read_regular(path, MAX_CONFIG_BYTES, follow=True)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise RulesError(
            _("cannot read the house-rules file {path}: {reason}; point {variable} at a plain file").format(
                path=path, reason=reason(error), variable=ENV_CONFIG
            )
        ) from None
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised by CI on Python 3.10
        import tomli as tomllib
    fix = _("fix or delete the file (ginscore never overwrites it)")
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise RulesError(_("{path}: not UTF-8 text (byte {byte}); fix or delete the file").format(path=path, byte=error.start)) from None
    except tomllib.TOMLDecodeError as error:
        raise RulesError(_("{path}: not valid TOML: {error}; {fix}").format(path=path, error=error, fix=fix)) from None
    except RecursionError:  # tomllib recurses once per nested array or table
        raise RulesError(
            _("{path}: arrays or tables nested too deep for a house-rules file; {fix}").format(path=path, fix=fix)
        ) from None
    except ValueError as error:  # int() of a number of thousands of digits
        raise RulesError(
            _("{path}: a value ginscore cannot read ({error}); {fix}").format(path=path, error=str(error)[:60], fix=fix)
        ) from None


def check_values(data: dict, path) -> dict:
    """Every key of a parsed file checked and in stored form, or an error naming file and key."""
    values = {}
    for key, value in data.items():
        values[key] = check_value(key, value, f"{path}: {shortened(key)}")
    _check_together(values, path)
    return {key: values[key] for key in KEYS if key in values}


def check_value(key: str, value, label: str | None = None):
    """One value, typed or as text, in the form the file stores it; the error names ``label``."""
    label = label or shortened(key)
    if key not in KEYS:
        hints = likely_keys(key)
        did_you_mean = _("did you mean {hint}? ").format(hint=", ".join(map(repr, hints))) if hints else ""
        raise RulesError(
            _("{label}: unknown key; {did_you_mean}'ginscore config --help' lists the keys").format(
                label=label, did_you_mean=did_you_mean
            )
        )
    if key == "preset":
        word = value.strip().lower() if isinstance(value, str) else None
        meant = likely_meant(word, PRESETS, most=1) if word and word not in PRESETS and word not in PRESET_ALIASES else []
        if meant:
            raise RulesError(
                _("{label}: unknown preset {value}; did you mean {choice}?").format(label=label, value=shown(value, 24), choice=meant[0])
            )
        if word not in PRESETS and word not in PRESET_ALIASES:
            raise RulesError(
                _("{label} must be one of the presets {presets}; got {value}").format(
                    label=label, presets=", ".join(PRESETS), value=shown(value, 24)
                )
            )
        return preset_name(word)
    if key == "stake":
        if type(value) is bool or not isinstance(value, (str, int, float)):
            raise RulesError(
                _('{label} must be money per point such as "0.01" or "1/10"; got {value}').format(label=label, value=shown(value, 24))
            )
        return str(_labelled(label, key, parse_stake, repr(value) if isinstance(value, float) else value))
    if key == "lang":
        if not isinstance(value, str):
            raise RulesError(_("{label} must be a language in quotes: {languages}; got {value}").format(label=label, languages=i18n.language_list(), value=shown(value, 24)))
        try:
            return i18n.checked(value, label)
        except i18n.UnknownLanguage as error:
            raise RulesError(str(error)) from None
    if key == "paper":
        paper = parse_paper(value)
        if paper is None:
            raise RulesError(
                _("{label} must be {papers}; got {value}").format(label=label, papers=_(" or ").join(PAPERS), value=shown(value, 24))
            )
        return paper
    if key == "currency":
        if not isinstance(value, str):
            raise RulesError(_('{label} must be a symbol in quotes such as "€"; got {value}').format(label=label, value=shown(value, 24)))
        if value.strip().lower() == NO_CURRENCY:
            raise RulesError(
                _("{label}: {value} is no currency: 'ginscore config unset currency' removes it").format(label=label, value=shown(value, 24))
            )
        return _labelled(label, key, parse_currency, value)
    return check_setting(key, value, label, specs=all_settings())


def _labelled(label: str, key: str, parse, value):
    """``parse(value)``; its error, which starts with the key's name, gets the label's place."""
    try:
        return parse(value)
    except RulesError as error:
        place = label[: -len(key)] if label.endswith(key) else f"{label}: "
        raise RulesError(f"{place}{error}") from None


def _check_together(values: dict, path) -> None:
    try:
        get_table("standard").rules_from(values.get("preset"), {key: values[key] for key in values if key in SETTINGS})
    except RulesError as error:
        raise RulesError(f"{path}: {error}") from None


def likely_keys(key: str) -> list:
    """The keys someone typing ``key`` probably meant: a known slip (``rules``), the dashed
    spelling, the keys it begins (``und``: undercut_bonus, undercut_boxes), or close spellings."""
    typed = key.strip().lower().lstrip("-").replace("-", "_")
    if typed in _LIKELY_MEANT or typed in KEYS:
        return [_LIKELY_MEANT.get(typed, typed)]
    begun = [name for name in KEYS if typed and name.startswith(typed)]
    return begun or likely_meant(typed, KEYS)


def normal_key(text: str) -> str:
    """A key as typed on the command line: ``undercut-bonus``, ``Undercut_Bonus`` and the
    option's spelling ``--undercut-bonus`` all work."""
    key = text.strip().lower().lstrip("-").replace("-", "_")
    return _LIKELY_MEANT.get(key, key)


def with_value(path: Path, raw: dict, key: str, text: str) -> dict:
    """The file's values after ``config set KEY TEXT``; raises naming the key when TEXT is wrong.

    Other keys are kept as they are, even wrong ones, so a file can be repaired a key at a time.
    """
    key = normal_key(key)
    value = check_value(key, text)
    return _rewritable(path, {**raw, key: value})


def without(path: Path, raw: dict, key: str) -> tuple[dict, bool]:
    """The file's values after ``config unset KEY``, and whether the key was there."""
    if key not in raw:
        key = normal_key(key)
        if key not in KEYS:
            check_value(key, None)  # raises the unknown-key error
    rest = {name: value for name, value in raw.items() if name != key}
    return _rewritable(path, rest), key in raw


def _rewritable(path: Path, values: dict) -> dict:
    for key, value in values.items():
        if not isinstance(value, (bool, int, float, str)) or type(value) is int and abs(value) >= 10**18:
            raise RulesError(
                _("{path}: {key} holds {kind} data, which 'ginscore config' does not rewrite: fix or remove it by hand").format(
                    path=path, key=key, kind=type(value).__name__
                )
            )
    return values


def dumps(values: dict) -> str:
    """The file's text: our own tiny TOML writer for flat keys of int, float, bool and str.
    Known keys come in their usual order, any others (kept for the user to fix) after them."""
    order = [key for key in KEYS if key in values] + [key for key in values if key not in KEYS]
    lines = [f"{_toml_key(key)} = {_toml_value(values[key])}" for key in order]
    return HEADER + "\n" + "\n".join(lines) + ("\n" if lines else "")


def _toml_key(key: str) -> str:
    bare = key and all(char.isascii() and (char.isalnum() or char in "-_") for char in key)
    return key if bare else _toml_value(key)


def _toml_value(value) -> str:
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is int:
        return str(value)
    if type(value) is float:
        return repr(value)  # 1.5, 1e+20, inf, nan: all TOML floats as Python writes them
    if isinstance(value, str):
        return '"' + "".join(_ESCAPES.get(char) or _escape_control(char) for char in value) + '"'
    raise TypeError(f"the house-rules file holds only numbers, true/false and text, not {value!r}")


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _escape_control(char: str) -> str:
    return f"\\u{ord(char):04X}" if ord(char) < 0x20 or ord(char) == 0x7F else char


def write_config(path: Path, values: dict) -> str | None:
    """Replace the file all or nothing (tmp + fsync + rename), making its folder if needed.

    A symlinked file (a dotfile manager's) is replaced at its target, so the link stays a
    link. The temporary file gets a random name: this write holds no ledger lock. Returns a
    warning when the file was written but its folder could not be flushed to disk.
    """

    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, dumps(values).encode("utf-8"), unique=True)
    except OSError as error:
        raise RulesError(_("cannot create the folder of {path}: {reason}").format(path=target, reason=error.strerror)) from None
    except NotDurable as error:
        return f"wrote {target}, but could not flush its folder to disk ({error.reason}): the change may not survive a power cut"
    except LedgerError as error:
        reason = str(error).split(";")[0]
        raise RulesError(_("{reason}; the house-rules file was not changed").format(reason=reason)) from None
    return None
