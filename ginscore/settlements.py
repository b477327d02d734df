"""Settlements recorded with 'settle --record': which games were settled, when, and what was
paid. One JSON file in the ledger folder, ``settlements.json``, written atomically under the
ledger's lock and read as untrusted input; a file that is not sound is reported and never
overwritten. It is truth, like the game files (a settled game's file does not change).

A settlement taken back by 'undo' stays in the file with the time it was taken back, as a
voided hand stays in a game's journal.
"""

from __future__ import annotations

import os

from ginscore.cached import AMOUNT
from ginscore.errors import GameNotFound, LedgerError, clipped
from ginscore.game import now
from ginscore.i18n import _
from ginscore.ids import GAME_ID
from ginscore.safefile import atomic_write, read_regular, reason

FILE = "settlements.json"
FILE_FORMAT = "ginscore-settlements"
FILE_VERSION = 1
MAX_BYTES = 64 * 1024 * 1024


def path_of(ledger) -> str:
    return os.path.join(ledger.root, FILE)


def read(ledger) -> list:
    """Every settlement recorded, oldest first; [] when none was ever recorded."""
    from ginscore.jsonfile import Unreadable, parse_json

    path = path_of(ledger)
    try:
        data = parse_json(read_regular(path, MAX_BYTES))
    except FileNotFoundError:
        return []
    except OSError as error:
        raise LedgerError(_("cannot read {path}: {reason}").format(path=path, reason=reason(error))) from None
    except Unreadable as error:
        raise LedgerError(_damaged(path, error)) from None
    problem = _problem(data)
    if problem:
        raise LedgerError(_damaged(path, problem))
    records = data["settlements"]
    for record in records:  # game ids are strings; a file from before ids holds numbers (1 is "1")
        record["games"] = [str(game) for game in record["games"]]
        after = record.get("after")
        if isinstance(after, dict) and type(after.get("game")) is int:
            after["game"] = str(after["game"])
    return records


def _damaged(path: str, problem) -> str:
    message = _("{path}: {problem}; fix it or restore a backup")
    return message.format(path=path, problem=clipped(problem, message.format(path="", problem="")))


def _game_id(game) -> bool:
    """A game id as this file holds it: a string (e.g. "k7f3q2ab", "1"), or a whole number > 0
    as files written before made ids hold them."""
    if type(game) is int:
        return game > 0
    return isinstance(game, str) and GAME_ID.fullmatch(game) is not None


def _amount(value) -> bool:
    """An amount as 'settle --record' writes one: exact, in full, of bounded digits (the
    summary index's rule), never an exponent that would make a million digits."""
    return isinstance(value, str) and AMOUNT.match(value) is not None


def _payment(paid) -> bool:
    return isinstance(paid, dict) and isinstance(paid.get("from"), str) and isinstance(paid.get("to"), str) and _amount(paid.get("amount"))


def _problem(data) -> str | None:
    if not isinstance(data, dict) or data.get("file_format") != FILE_FORMAT:
        return _("not a ginscore settlements file (file_format {format})").format(format=repr(FILE_FORMAT))
    if data.get("file_version") != FILE_VERSION:
        return _("file_version {version}: this ginscore reads version {known}; upgrade ginscore").format(
            version=repr(data.get("file_version")), known=FILE_VERSION
        )
    records = data.get("settlements")
    if not isinstance(records, list):
        return "settlements: " + _("expected a list")
    for index, record in enumerate(records):
        if not isinstance(record, dict):
            return f"settlements[{index}]: " + _("expected an object")
        if type(record.get("id")) is not int or not isinstance(record.get("at"), str):
            return f"settlements[{index}]: " + _("needs a whole-number id and a time")
        games = record.get("games")
        if not isinstance(games, list) or not all(_game_id(game) for game in games):
            return f"settlements[{index}].games: " + _("expected a list of game ids")
        if record.get("undone") is not None and not isinstance(record["undone"], str):
            return f"settlements[{index}].undone: " + _("expected a time or null")
        nets = record.get("nets", {})
        if not isinstance(nets, dict) or not all(isinstance(name, str) and _amount(net) for name, net in nets.items()):
            return f"settlements[{index}].nets: " + _('expected each player\'s amount, such as "-3.25"')
        payments = record.get("payments", [])
        if not isinstance(payments, list) or not all(_payment(paid) for paid in payments):
            return f"settlements[{index}].payments: " + _('expected payments, each with "from", "to" and an "amount" such as "3.25"')
    return None


def settled_games(records) -> set:
    """The ids of games in a settlement that was not taken back."""
    return {game for record in records if record.get("undone") is None for game in record["games"]}


def last_live(records):
    """The newest settlement not taken back, or None."""
    live = [record for record in records if record.get("undone") is None]
    return live[-1] if live else None


def write(ledger, records: list) -> None:
    """Replace the file with ``records``; call inside ``ledger.locked()``."""
    import json


    data = {"file_format": FILE_FORMAT, "file_version": FILE_VERSION, "settlements": records}
    atomic_write(path_of(ledger), (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def last_entry(ledger) -> dict | None:
    """The last thing recorded in a game: the current game's id and its journal's length."""

    try:
        game = ledger.load()
    except GameNotFound:
        return None
    return {"game": game.id, "entries": len(game.journal)}


def take_back_last(ledger):
    """Take back the newest settlement if it is the last thing recorded in the ledger (nothing
    was recorded in a game since); returns it, or None when undo means a hand."""

    with ledger.locked():
        records = read(ledger)
        newest = last_live(records)
        if newest is None or newest.get("after") != last_entry(ledger):
            return None
        newest["undone"] = now()
        write(ledger, records)
    return newest
