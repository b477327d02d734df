"""The game file format: encoding, strict validation and migration of older versions (pure).

Every problem is reported with the file and the place inside it, e.g.
``game-000003.json: journal[4].hand.deadwood: expected a whole number, got "x"``.
"""

from __future__ import annotations

from ginscore.errors import GinscoreError, LedgerError
from ginscore.game import ACTIONS, Game
from ginscore.rules import Rules
from ginscore.scoring import parse_stake

FILE_FORMAT = "ginscore-game"
FILE_VERSION = 2
# Version 1 is the plain form a person can write by hand: "hands" in order, no journal.
_KNOWN_TOP = {"file_format", "file_version", "id", "created", "format", "players", "rules", "stake", "journal", "currency"}


def encode(game: Game) -> dict:
    data = {
        "file_format": FILE_FORMAT,
        "file_version": FILE_VERSION,
        "id": game.id,
        "created": game.created,
        "format": game.format,
        "players": list(game.players),
        "stake": None if game.stake is None else str(game.stake),
        "rules": {**game.rules.to_dict(), **game.extra.get("_unknown_rules", {})},
        "journal": [dict(entry) for entry in game.journal],
    }
    data.update({key: value for key, value in game.extra.items() if key != "_unknown_rules"})
    if game.currency is not None:  # written only when set, so older games keep their bytes
        data["currency"] = game.currency
    return data


def file_version(data, where: str) -> int:
    if not isinstance(data, dict):
        raise LedgerError(f"{where}: expected a JSON object at the top, got {_kind(data)}")
    if data.get("file_format") != FILE_FORMAT:
        raise LedgerError(f"{where}: file_format is {data.get('file_format')!r}, not {FILE_FORMAT!r}: not a ginscore game")
    version = data.get("file_version")
    if type(version) is not int or version < 1:
        raise LedgerError(f"{where}: file_version must be a whole number >= 1, got {version!r}")
    if version > FILE_VERSION:
        raise LedgerError(
            f"{where}: written by a newer ginscore (file version {version}; this ginscore reads up to "
            f"{FILE_VERSION}): upgrade ginscore with 'pip install --upgrade ginscore'"
        )
    return version


def migrate(data: dict, version: int) -> dict:
    """Bring an older file's data to the current version, in memory."""
    if version == 1:
        data = dict(data)
        created = data.get("created", "")
        hands = _require(data, "hands", list, "")
        data["journal"] = [
            {"seq": number, "at": created, "action": "hand", "hand": hand} for number, hand in enumerate(hands, 1)
        ]
        del data["hands"]
        data["file_version"] = 2
    return data


def decode(data, where: str) -> Game:
    version = file_version(data, where)
    try:
        return _decode_current(migrate(data, version) if version < FILE_VERSION else data)
    except LedgerError as error:
        raise LedgerError(f"{where}: {error}") from None
    except GinscoreError as error:
        raise LedgerError(f"{where}: {error}") from None


def _decode_current(data: dict) -> Game:
    game_id = _require(data, "id", int, "")
    created = _require(data, "created", str, "")
    game_format = _require(data, "format", str, "")
    players = _require(data, "players", list, "")
    for index, name in enumerate(players):
        if not isinstance(name, str) or not name:
            raise LedgerError(f"players[{index}]: expected a name, got {name!r}")
    rules_data = _require(data, "rules", dict, "")
    known = set(Rules.__dataclass_fields__)
    try:
        rules = Rules.from_dict({key: value for key, value in rules_data.items() if key in known})
    except GinscoreError as error:
        raise LedgerError(f"rules: {error}") from None
    stake_text = data.get("stake")
    if stake_text is not None and not isinstance(stake_text, str):
        raise LedgerError(f"stake: expected a string such as \"0.01\" or null, got {stake_text!r}")
    stake = None if stake_text is None else parse_stake(stake_text)
    journal = _require(data, "journal", list, "")
    for index, entry in enumerate(journal):
        _check_entry(entry, index, len(journal))
    extra = {key: value for key, value in data.items() if key not in _KNOWN_TOP}
    unknown_rules = {key: value for key, value in rules_data.items() if key not in known}
    if unknown_rules:
        extra["_unknown_rules"] = unknown_rules
    currency = data.get("currency")
    if currency is not None and (not isinstance(currency, str) or not currency):
        raise LedgerError(f"currency: expected a symbol such as \"€\" or null, got {currency!r}")
    return Game(game_id, created, game_format, tuple(players), rules, stake, tuple(journal), extra, currency)


def _check_entry(entry, index: int, count: int) -> None:
    place = f"journal[{index}]"
    if not isinstance(entry, dict):
        raise LedgerError(f"{place}: expected an object, got {_kind(entry)}")
    seq = _require(entry, "seq", int, place)
    if seq != index + 1:
        raise LedgerError(f"{place}.seq: expected {index + 1}, got {seq}")
    _require(entry, "at", str, place)
    action = _require(entry, "action", str, place)
    if action not in ACTIONS:
        raise LedgerError(f"{place}.action: expected one of {', '.join(ACTIONS)}, got {action!r}")
    if action in ("hand", "edit"):
        hand = _require(entry, "hand", dict, place)
        _require(hand, "kind", str, f"{place}.hand")
        for key in ("deadwood", "opponent_deadwood"):
            if key in hand and type(hand[key]) is not int:
                raise LedgerError(f"{place}.hand.{key}: expected a whole number, got {hand[key]!r}")
    if action in ("void", "restore", "edit"):
        target = _require(entry, "target", int, place)
        if not 1 <= target <= seq - 1:
            raise LedgerError(f"{place}.target: {target} is not an earlier entry")


def _require(data: dict, key: str, kind: type, place: str):
    where = f"{place}.{key}" if place else key
    if key not in data:
        raise LedgerError(f"{where}: missing")
    value = data[key]
    if kind is int and type(value) is not int or kind is not int and not isinstance(value, kind):
        raise LedgerError(f"{where}: expected {_names[kind]}, got {_kind(value)}")
    return value


_names = {int: "a whole number", str: "a string", list: "a list", dict: "an object"}


def _kind(value) -> str:
    return {dict: "an object", list: "a list", str: "a string", int: "a number", float: "a number",
            bool: "true/false", type(None): "null"}.get(type(value), type(value).__name__)

