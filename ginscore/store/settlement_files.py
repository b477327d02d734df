"""The settlement files on disk: their names, their two formats, and reading each as untrusted
input (bounded, validated, a fault named with the file that holds it).

Layout, beside ``games/`` in the ledger folder::

    settlements/settlements.DEVICE.json   one device's journal of settlements: each 'settle
                                          --record' and each 'undo' or 'redo' of one is an entry
                                          of its own (an id, the device's clock, the device, the
                                          entry it saw last). Only that device writes the file.
    settlements.json                      the one file every device wrote before (version 1):
                                          read as it is, never written again

One file per device, not per settlement: a device writes only its own file, so a syncer or git
never has two versions of one file to choose between, and reading the ledger's settlements
costs one file per device however many evenings were settled. A settlement taken back is an
``undo`` entry naming it, one brought back a ``redo`` entry, never a change to the entry: whichever
device does it.

A ``settle`` entry holds the games it settled with each one's money (``shares``: each player's
amount in the game's seat order, so that a rename later still finds him), and the squaring of
games that changed after an earlier settlement (``squares``: the settlement, its games, the
difference each player was paid, ``owed``, and the payments that squared it).

Versions: an entry that an older ginscore would misread (a ``redo``, which it does not know, or a
``settle`` with ``squares``, whose differences it would not count) makes the file version 3, which
an older ginscore refuses with "upgrade ginscore"; a file without such an entry stays version 2,
which it reads as it always did (``shares`` is a field it passes over). This ginscore reads both.

A record of the old file becomes entries here (``legacy_entries``): a ``settle`` entry whose id
is made from what it holds, so that two devices' copies of one record are one entry and two
records both numbered 1 on two devices stay two, and an ``undo`` entry when it was taken back.
"""

from __future__ import annotations

import json
import os
import re
from datetime import datetime

from ginscore.base.errors import LedgerError, clipped
from ginscore.base.i18n import _, shortened
from ginscore.base.ids import DEVICE_ID, ENTRY_ID_LENGTH, GAME_ID, digest
from ginscore.base.jsonfile import Unreadable, parse_json
from ginscore.base.safefile import atomic_write, make_folder, read_regular, reason
from ginscore.base.syncnames import conflict_copy as copy_of
from ginscore.core.scoring import AMOUNT
from ginscore.store.ledger import canonical
from ginscore.store.settlement_names import DEVICE_FILE, LEGACY_FILE, MAX_BYTES, device_path, folder_of, legacy_path

__all__ = ["DEVICE_FILE", "LEGACY_FILE", "MAX_BYTES", "device_path", "folder_of", "legacy_path"]  # the names, for the store

FILE_FORMAT = "ginscore-settlements"
LEGACY_VERSION = 1
PLAIN_VERSION = 2  # what a file is written as while an older ginscore reads it right
FILE_VERSION = 3  # the newest: a file with an entry an older ginscore would misread (``needs_newest``)
VERSIONS = (PLAIN_VERSION, FILE_VERSION)
# The old file's times as clocks: a time past this (the year 33658 in milliseconds) is no clock.
MAX_LEGACY_MS = 10**15
ACTIONS = ("settle", "undo", "redo")
TARGETED = ("undo", "redo")  # they name the settlement they take back or bring back (``target``)
_AMOUNT = re.compile(AMOUNT)  # an amount of money as ginscore writes one
ENTRY_ID = re.compile(r"^[0-9a-z]{4,32}$")


def conflict_copy(name: str, legacy: bool = False):
    """A syncer's conflict copy of a settlements file (``base``: the file's name without .json), or None."""
    return copy_of(name, r"settlements" if legacy else r"settlements\.[0-9a-z]{2,16}")


def listing(root: str) -> tuple[list, list, list]:
    """(device files, conflict copies, other names) of the settlements folder, each sorted; a
    device file as (path, device), a copy or another name as its path."""
    folder = folder_of(root)
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return [], [], []
    except OSError as error:
        raise LedgerError(_("cannot read the ledger folder {path}: {reason}").format(path=folder, reason=reason(error))) from None
    files, copies, others = [], [], []
    for name in names:
        match = DEVICE_FILE.match(name)
        if match:
            files.append((os.path.join(folder, name), match.group("device")))
        elif conflict_copy(name):
            copies.append(os.path.join(folder, name))
        elif not name.startswith("."):  # hidden: an interrupted write's leftover, a syncer's own
            others.append(os.path.join(folder, name))
    return files, copies, others


def legacy_copies(root: str) -> list:
    """The paths of syncers' conflict copies of the old settlements.json, beside it."""
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    return [os.path.join(root, name) for name in names if conflict_copy(name, legacy=True)]


def unplaced(root: str) -> list:
    """The paths of files beside the ledger's folders named like a settlements file that are
    neither the old file nor a conflict copy ginscore knows: 'check' lists them."""
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    return [
        os.path.join(root, name) for name in names
        if name.startswith("settlements") and name != LEGACY_FILE and not conflict_copy(name, legacy=True)
        and os.path.isfile(os.path.join(root, name))
    ]


# ---- reading ------------------------------------------------------------------------------------


def read_file(path: str, device: str | None = None, vouched: tuple | None = None) -> list:
    """The entries of one settlements file, either format ([] when it does not exist); a
    ``device`` file must name that device. Raises LedgerError naming the file. ``vouched``:
    (the marks, ``mark``, of the files this device found sound before; the marks of those read
    now and sound): a file found sound before is not checked again (a ledger of ten years holds
    thousands of games' amounts)."""
    try:
        raw = read_regular(path, MAX_BYTES)
        data = parse_json(raw)
    except FileNotFoundError:
        return []
    except OSError as error:
        raise LedgerError(_("cannot read {path}: {reason}").format(path=path, reason=reason(error))) from None
    except Unreadable as error:
        raise LedgerError(damaged(path, error)) from None
    if isinstance(data, dict) and data.get("file_version") == LEGACY_VERSION and data.get("file_format") == FILE_FORMAT:
        problem = legacy_problem(data)
        if problem:
            raise LedgerError(damaged(path, problem))
        return legacy_entries(data["settlements"])
    known = mark(raw, device) if vouched is not None else None
    if known is None or known not in vouched[0]:
        problem = problem_of(data, device)
        if problem:
            raise LedgerError(damaged(path, problem))
    if known is not None:
        vouched[1].add(known)
    return data["entries"]


def mark(raw: bytes, device: str | None) -> str:
    """What vouches for a file found sound: its bytes and the device it is named for, under the
    rules of this ginscore (``FILE_VERSION``)."""
    from hashlib import blake2b

    return blake2b(f"{FILE_VERSION}:{device}:".encode("ascii") + raw, digest_size=16).hexdigest()


def needs_newest(entries) -> bool:
    """Whether ``entries`` hold one an older ginscore (file version 2) would misread."""
    return any(entry["action"] == "redo" or entry.get("squares") for entry in entries)


def damaged(path: str, problem) -> str:
    message = _("{path}: {problem}; fix it or restore a backup")
    return message.format(path=path, problem=clipped(problem, message.format(path="", problem="")))


def _game_id(game, numbers: bool = True) -> bool:
    """A game id as a file holds it: a string (e.g. "k7f3q2ab", "1"), or, in the old file, a
    whole number > 0 as files written before made ids hold them."""
    if type(game) is int:
        return numbers and game > 0
    return isinstance(game, str) and GAME_ID.fullmatch(game) is not None


def _amount(value) -> bool:
    """An amount as 'settle --record' writes one: exact, in full, of bounded digits (the money's
    form, ``core.scoring.AMOUNT``), never an exponent that would make a million digits."""
    return isinstance(value, str) and _AMOUNT.match(value) is not None


def _level(amounts) -> bool:
    """Whether ``amounts`` (amount strings of the form ``core.scoring.AMOUNT``) add up to zero,
    exactly: in whole units of their smallest decimal place (no Decimal context to make for every entry)."""
    amounts = list(amounts)
    if len(amounts) == 2 and (amounts[0] == "-" + amounts[1] or amounts[1] == "-" + amounts[0]):
        return True  # the usual game of two: one's gain, the other's loss, written alike
    parts = [amount.partition(".") for amount in amounts]
    places = max((len(decimals) for _whole, _point, decimals in parts), default=0)
    return sum(int(whole + decimals.ljust(places, "0")) for whole, _point, decimals in parts) == 0


def _payment(paid) -> bool:
    return isinstance(paid, dict) and isinstance(paid.get("from"), str) and isinstance(paid.get("to"), str) and _amount(paid.get("amount"))


def _money_problem(record, place: str, numbers: bool) -> str | None:
    games = record.get("games")
    if not isinstance(games, list) or not all(_game_id(game, numbers) for game in games) or len(set(map(str, games))) != len(games):
        return f"{place}.games: " + _("expected a list of game ids")
    nets = record.get("nets", {})
    if not isinstance(nets, dict) or not all(isinstance(name, str) and _amount(net) for name, net in nets.items()):
        return f"{place}.nets: " + _('expected each player\'s amount, such as "-3.25"')
    if not _level(nets.values()):
        return f"{place}.nets: " + _("the amounts do not add up to zero: what one player wins another loses")
    payments = record.get("payments", [])
    if not isinstance(payments, list) or not all(_payment(paid) for paid in payments):
        return f"{place}.payments: " + _('expected payments, each with "from", "to" and an "amount" such as "3.25"')
    return None


def _format_problem(data, versions: tuple) -> str | None:
    if not isinstance(data, dict) or data.get("file_format") != FILE_FORMAT:
        return _("not a ginscore settlements file (file_format {format})").format(format=repr(FILE_FORMAT))
    if data.get("file_version") not in versions or type(data.get("file_version")) is not int:
        return _("file_version {version}: this ginscore reads version {known}; upgrade ginscore").format(
            version=repr(data.get("file_version")), known=_(" or ").join(map(str, versions))
        )
    return None


def legacy_problem(data) -> str | None:
    """What is wrong with the old settlements.json, or None."""
    problem = _format_problem(data, (LEGACY_VERSION,))
    if problem:
        return problem
    records = data.get("settlements")
    if not isinstance(records, list):
        return "settlements: " + _("expected a list")
    for index, record in enumerate(records):
        place = f"settlements[{index}]"
        if not isinstance(record, dict):
            return f"{place}: " + _("expected an object")
        if type(record.get("id")) is not int or not isinstance(record.get("at"), str):
            return f"{place}: " + _("needs a whole-number id and a time")
        if record.get("undone") is not None and not isinstance(record["undone"], str):
            return f"{place}.undone: " + _("expected a time or null")
        problem = _money_problem(record, place, numbers=True)
        if problem:
            return problem
    return None


def problem_of(data, device: str | None = None) -> str | None:
    """What is wrong with a device's settlements file (version 2 or 3), or None."""
    problem = _format_problem(data, VERSIONS)
    if problem:
        return problem
    writer = data.get("device")
    if not isinstance(writer, str) or not DEVICE_ID.match(writer) or (device is not None and writer != device):
        return "device: " + _("expected the id of the device the file is named for ({device})").format(device=device or "DEVICE")
    entries = data.get("entries")
    if not isinstance(entries, list):
        return "entries: " + _("expected a list")
    for index, entry in enumerate(entries):
        problem = entry_problem(entry, f"entries[{index}]")
        if problem:
            return problem
    return None


def entry_problem(entry, place: str) -> str | None:
    if not isinstance(entry, dict):
        return f"{place}: " + _("expected an object")
    clock = entry.get("clock")
    if not isinstance(entry.get("id"), str) or not ENTRY_ID.match(entry["id"]):
        return f"{place}.id: " + _("expected an entry id (letters and digits)")
    if type(clock) is not int or clock < 0:  # as long as a game's: a clock far ahead is followed by nobody
        return f"{place}.clock: " + _("expected a whole number >= 0, got {value}").format(value=shortened(repr(clock), 40))
    device = entry.get("device")
    if not isinstance(device, str) or not (device == "" or DEVICE_ID.match(device)):
        return f"{place}.device: " + _("expected a device id")
    after = entry.get("after")
    if after is not None and not (isinstance(after, str) and ENTRY_ID.match(after)):
        return f"{place}.after: " + _("expected an entry id or null")
    if not isinstance(entry.get("at"), str) or len(entry["at"]) > 64:
        return f"{place}.at: " + _("expected a time such as 2026-12-04T20:15:00+00:00")
    action = entry.get("action")
    if action not in ACTIONS:
        return f"{place}.action: " + _("expected one of {choices}").format(choices=", ".join(ACTIONS))
    if action in TARGETED:
        target = entry.get("target")
        return None if isinstance(target, str) and ENTRY_ID.match(target) else f"{place}.target: " + _("expected an entry id")
    if "target" in entry:  # the order of the entries would take it for one this entry acts on
        return f"{place}.target: " + _("a settle entry takes back no other entry")
    currency = entry.get("currency")
    if currency is not None and not isinstance(currency, str):
        return f"{place}.currency: " + _("expected a currency symbol or null")
    return _money_problem(entry, place, numbers=False) or _shares_problem(entry, place) or _squares_problem(entry, place)


def _seat_money(value) -> bool:
    """Each player's amount in a game's seat order: [["Carol", "24.00"], ["Dave", "-24.00"]]."""
    if type(value) is not list:
        return False
    for pair in value:  # a loop, not all() over a generator: thousands of games' shares are read
        if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not str or type(pair[1]) is not str \
                or _AMOUNT.match(pair[1]) is None:
            return False
    return True


def _shares_problem(entry, place: str) -> str | None:
    shares = entry.get("shares")
    if shares is None:
        return None
    if not isinstance(shares, dict) or set(shares) != set(entry["games"]) or not all(map(_seat_money, shares.values())):
        return f"{place}.shares: " + _('expected each game\'s amounts, such as {"k7f3q2ab": [["Carol", "24.00"], ["Dave", "-24.00"]]}')
    if not all(_level(amount for _name, amount in money) for money in shares.values()):
        return f"{place}.shares: " + _("the amounts do not add up to zero: what one player wins another loses")
    return None


def _squares_problem(entry, place: str) -> str | None:
    squares = entry.get("squares", [])
    if not isinstance(squares, list):
        return f"{place}.squares: " + _("expected a list")
    for index, square in enumerate(squares):
        where = f"{place}.squares[{index}]"
        if not isinstance(square, dict) or not (isinstance(square.get("settlement"), str) and ENTRY_ID.match(square["settlement"])):
            return f"{where}.settlement: " + _("expected an entry id")
        games = square.get("games")
        if not isinstance(games, list) or not games or not all(_game_id(game, numbers=False) for game in games):
            return f"{where}.games: " + _("expected a list of game ids")
        if square.get("currency") is not None and not isinstance(square["currency"], str):
            return f"{where}.currency: " + _("expected a currency symbol or null")
        if not _seat_money(square.get("owed")):
            return f"{where}.owed: " + _('expected each player\'s amount, such as [["Carol", "-0.36"], ["Dave", "0.36"]]')
        if not _level(amount for _name, amount in square["owed"]):
            return f"{where}.owed: " + _("the amounts do not add up to zero: what one player wins another loses")
        payments = square.get("payments", [])
        if not isinstance(payments, list) or not all(_payment(paid) for paid in payments):
            return f"{where}.payments: " + _('expected payments, each with "from", "to" and an "amount" such as "3.25"')
    return None


def _ms(time: str) -> int | None:
    try:
        moment = datetime.fromisoformat(time.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        return None
    milliseconds = int(moment.timestamp() * 1000)
    return milliseconds if 0 <= milliseconds < MAX_LEGACY_MS - 1000 else None


def legacy_entries(records: list) -> list:
    """The records of the old settlements.json as entries (records validated): game numbers
    as strings, an id made from what the record holds, its clock from its time (and its place in
    the file, for two in one second), an undo entry for one taken back."""
    entries = []
    for place, record in enumerate(records):
        record = dict(record)
        record["games"] = [str(game) for game in record["games"]]
        last = record.get("after")
        if isinstance(last, dict) and type(last.get("game")) is int:
            last = {**last, "game": str(last["game"])}
        undone = record.pop("undone", None)
        held = json.dumps({**record, "after": last}, sort_keys=True, ensure_ascii=False)
        entry_id = digest("settlement:" + held, ENTRY_ID_LENGTH)
        clock = (_ms(record["at"]) or 0) + min(place, 999)
        entries.append({
            "id": entry_id, "clock": clock, "device": "", "after": None, "at": record["at"], "action": "settle",
            "games": record["games"], "currency": record.get("currency"), "nets": record.get("nets", {}),
            "payments": record.get("payments", []), "last": last if isinstance(last, dict) else None, "number": record["id"],
        })
        if undone is not None:
            undone_clock = max(_ms(undone) or 0, clock + 1)
            entries.append({
                "id": digest("undo:" + entry_id, ENTRY_ID_LENGTH), "clock": undone_clock, "device": "", "after": entry_id,
                "at": undone, "action": "undo", "target": entry_id,
            })
    return entries


# ---- writing ------------------------------------------------------------------------------------


def write_own(ledger, entries: list) -> str:
    """Replace this device's settlements file with ``entries`` (call inside ``ledger.locked()``,
    with every entry the file held); returns its path."""
    make_folder(folder_of(ledger.root))
    path = device_path(ledger.root, ledger.device)
    atomic_write(path, canonical(file_data(ledger.device, entries)))
    ledger.changes += 1
    return path


def file_data(device: str, entries: list) -> dict:
    """A device's settlements file holding ``entries``: version 2 while an older ginscore reads it
    right, else 3 (``needs_newest``)."""
    version = FILE_VERSION if needs_newest(entries) else PLAIN_VERSION
    return {"file_format": FILE_FORMAT, "file_version": version, "device": device, "entries": entries}
