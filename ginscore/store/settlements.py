"""Settlements recorded with 'settle --record': which games were settled, when, and what was
paid. They are ledger data like games (the files: ``ginscore.store.settlement_files``): every device
writes its own journal of settlement entries, and the settlements are the union of every
device's entries, each once by its id, in causal order (``ginscore.core.causal``): an entry after
everything its device had seen, whatever the clocks say; entries made apart by (clock, device,
id). Every device reads the same settlements in the same order.

A settlement keeps its id for good: it is what every message names ('settlement x9m2c4d7ab'), so
that nothing is renumbered when another device's settlements arrive. A settlement taken back is
an ``undo`` entry naming it, one brought back a ``redo``: the settlement stays, as a hand taken
back stays in a game's journal. Plain 'undo' takes back only this device's own newest settlement,
and only when this device recorded nothing in its current game since (this device's entries rise
in the order it made them: ``store.device_clock``); another device's is taken back by naming it.

A game counts in at most one settlement: when two devices settled the same game apart, it counts
in the first (``ops.squaring``), and 'settle' and 'check' name both with what to give back.

One file that cannot be read, or an entry id held with two contents, is named and left out
(``Held.problems``); everything else is read. The genuine copy of an entry is the one in its own
device's file: a copy with other content in another file was changed outside ginscore.
"""

from __future__ import annotations

import json
import os

from ginscore.base.errors import GameNotFound, GinscoreError, LedgerError
from ginscore.base.i18n import _
from ginscore.base.ids import ENTRY_ID_LENGTH, GAME_ID_LENGTH, digest
from ginscore.base.records import Record
from ginscore.base.safefile import make_folder, read_regular, write_unsynced
from ginscore.base.text import named
from ginscore.core.causal import ordered
from ginscore.core.game import next_clock, now, now_ms
from ginscore.ops.squaring import settled_games
from ginscore.store import settlement_files as files
from ginscore.store import settlements_seen
from ginscore.store.device_clock import last_clock, note_clock
from ginscore.store.settlement_names import exists, signature

__all__ = ["exists"]  # for the store: whether the ledger has settlements at all


class Held(Record):
    """What the settlement files hold: ``found``, (path, device or None for the old file, entries)
    of each file read; ``problems``, (path, what is wrong) of each file not read and each copy of
    an entry left out; ``entries``, their union in causal order; ``records``, its settlements."""

    found: list
    problems: list
    entries: list
    records: list

    def unreadable(self) -> list:
        """(path, problem) of the files that could not be read at all."""
        read = {path for path, _device, _entries in self.found}
        return [(path, problem) for path, problem in self.problems if path not in read]

    def own(self, root: str, device: str):
        """This device's own file's entries; None when it could not be read."""
        path = files.device_path(root, device)
        if any(where == path for where, _problem in self.unreadable()):
            return None
        return next((entries for where, _device, entries in self.found if where == path), [])

    def seen(self) -> str:
        """What the settlements were as read (their entries' ids), to tell whether they changed since."""
        return digest(" ".join(sorted(entry["id"] for entry in self.entries)), ENTRY_ID_LENGTH)


def read_files(root: str, vouched_path: str | None = None) -> tuple[list, list]:
    """(found, problems) of every settlement file (see ``Held``): the old settlements.json first,
    then each device's file; a file that cannot be read is a problem, never the end of the
    reading. ``vouched_path``: this device's cache of the files it found sound (their marks,
    ``settlement_files.mark``), read and kept up to date when given."""
    found, problems = [], []
    try:
        listed = files.listing(root)[0]
    except GinscoreError as error:  # the folder cannot be listed (a file where it should be)
        listed, problems = [], [(files.folder_of(root), str(error))]
    vouched = (_vouched(vouched_path), set()) if vouched_path else None
    for path, device in [(files.legacy_path(root), None), *listed]:
        try:
            found.append((path, device, files.read_file(path, device, vouched)))
        except GinscoreError as error:
            problems.append((path, str(error)))
    if vouched and vouched[1] != vouched[0]:  # the marks of the files as they are now, and only those
        _keep_vouched(vouched_path, vouched[1])
    return found, problems


def _vouched(path: str | None) -> set:
    """The marks kept at ``path`` (a cache: anything else there is no mark)."""
    if path is None:
        return set()
    try:
        text = read_regular(path, VOUCHED_BYTES).decode("ascii")
    except (OSError, UnicodeDecodeError):
        return set()
    return {line for line in text.split() if len(line) == 32 and all(char in "0123456789abcdef" for char in line)}


def _keep_vouched(path: str, marks: set) -> None:
    """Keep the marks: a cache, so nothing is lost if it is not written."""
    try:
        make_folder(os.path.dirname(path))
        write_unsynced(path, "".join(f"{mark}\n" for mark in sorted(marks)).encode("ascii"))
    except (GinscoreError, OSError):
        pass


VOUCHED_BYTES = 64 * 1024
VOUCHED_FILE = "settlements-sound"  # in this device's cache folder: the settlement files it found sound


def held(root: str, vouched_path: str | None = None) -> Held:
    found, problems = read_files(root, vouched_path)
    entries, clashes = union(found)
    return Held(found, problems + clashes, entries, records(entries))


def read(ledger) -> Held:
    """Every settlement file of the ledger, read (``held``); what they name and when each device
    last wrote one kept for the commands between hands (``settlements_seen``), when all were read."""
    before = signature(ledger.root)  # before the files are read: a change meanwhile leaves what is kept unused
    found = held(ledger.root, os.path.join(ledger.cache_dir, VOUCHED_FILE))
    if not found.problems:  # a file not read, or a copy left out: the files are searched instead
        settlements_seen.keep(ledger.cache_dir, before, found.entries)
    return found


def recorded_nothing_since(ledger) -> bool:
    """Whether this device wrote no settlement entry after the last thing it recorded in its
    current game, as told by what was kept of the settlement files as they are
    (``settlements_seen``) without reading them; False when that cannot be told."""
    seen = settlements_seen.read(ledger.cache_dir, signature(ledger.root))
    return seen is not None and seen.newest.get(ledger.device, 0) <= own_clock_in_game(ledger)


def union(found: list) -> tuple[list, list]:
    """(every entry once by its id, in causal order; a problem for each file holding a copy that
    is left out). An id held with two contents: the copy in the entry's own device's file counts
    (only that device writes the entry; the other copy was changed outside ginscore); without
    one there, the first in a fixed order of the contents, the same on every device."""
    copies: dict = {}
    for path, device, entries in found:
        for entry in entries:
            copies.setdefault(entry["id"], []).append((path, device, entry))
    chosen, problems = {}, []
    for entry_id, held_by in copies.items():
        first = held_by[0][2]
        if all(entry == first for _path, _device, entry in held_by[1:]):
            chosen[entry_id] = first
            continue
        genuine = [(path, entry) for path, device, entry in held_by if device is not None and device == entry["device"]]
        if genuine and all(entry == genuine[0][1] for _path, entry in genuine):
            home, kept = genuine[0]
            for path, _device, entry in held_by:
                if entry != kept:
                    problems.append((path, _(
                        "{path}: settlement entry {entry} is held here with other content than in {home}, its device's own "
                        "file: this copy was changed outside ginscore and is not read; restore {path} from a backup").format(
                        path=path, entry=entry_id, home=os.path.basename(home))))
        else:
            kept = min((entry for _path, _device, entry in held_by), key=_content)
            where = sorted({os.path.basename(path) for path, _device, _entry in held_by})
            for path, _device, entry in held_by:
                if entry != kept:
                    problems.append((path, _(
                        "{path}: settlement entry {entry} is held with other contents in {files} and in none of them by its "
                        "own device: one was changed outside ginscore; restore the right file from a backup").format(
                        path=path, entry=entry_id, files=", ".join(where))))
        chosen[entry_id] = kept
    return ordered(chosen.values()), problems


def _content(entry) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


def records(entries: list) -> list:
    """The settlements of the entries, in causal order, each a dict: its ``id``, ``clock``,
    ``device`` ("" from the old file), ``at``, ``games``, ``currency``, ``nets``, ``payments``,
    ``shares`` (each game's amounts in seat order; None when an older ginscore recorded it),
    ``squares``, ``last`` (from the old file) and ``undone`` (when it was taken back, else None:
    the last undo or redo of it decides)."""
    undone: dict = {}
    for entry in entries:
        if entry["action"] in files.TARGETED:
            undone[entry["target"]] = entry["at"] if entry["action"] == "undo" else None
    return [
        {**entry, "shares": entry.get("shares"), "squares": entry.get("squares", []), "undone": undone.get(entry["id"])}
        for entry in entries if entry["action"] == "settle"
    ]


def find(records: list, wanted: str) -> dict:
    """The settlement whose id is ``wanted`` or begins with it (unique); refused otherwise."""
    text = wanted.strip().lower()
    exact = [record for record in records if record["id"] == text]
    matches = exact or [record for record in records if text and record["id"].startswith(text)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise GinscoreError(_("settlement {wanted} is ambiguous: {ids} begin with it; give more of its id").format(
            wanted=repr(wanted)[:40], ids=named([record["id"] for record in matches])))
    raise GinscoreError(_("no settlement {wanted} in this ledger: 'ginscore games --json' gives each game's settlement").format(
        wanted=repr(wanted)[:40]))


# ---- writing -------------------------------------------------------------------------------------


def _current(ledger):
    try:
        return ledger.load()
    except GameNotFound:
        return None


def _started_here(game, device: str) -> bool:
    """Whether ``game`` was started on ``device`` (its id is made from the device and its clock)."""
    return any(digest(f"{device}:{game.clock}:{attempt}", GAME_ID_LENGTH) == game.id for attempt in range(100))


def own_clock_in_game(ledger) -> int:
    """The clock of the last thing this device recorded in its current game (its start, if it
    started it); 0 when none."""
    game = _current(ledger)
    if game is None:
        return 0
    device = ledger.device
    clocks = [entry["clock"] for entry in game.journal if entry["device"] == device]
    return max([*clocks, *([game.clock] if game.clock and _started_here(game, device) else [])], default=0)


def _append(ledger, held: Held, action: str, **details) -> dict:
    """Add an entry to this device's file (inside ``locked()``): after the last entry of the
    settlements in causal order, its clock above this device's last (``store.device_clock``), the
    last settlement entry's and the current game's last unless one is far ahead (``next_clock``)."""
    own = held.own(ledger.root, ledger.device)
    if own is None:
        path = files.device_path(ledger.root, ledger.device)
        problem = next(problem for where, problem in held.unreadable() if where == path)
        raise LedgerError(_("cannot write this device's settlements file: {problem}").format(problem=problem))
    game = _current(ledger)
    known = [last_clock(ledger.clock_path), *(entry["clock"] for entry in held.entries[-1:])]
    if game is not None:
        known += [game.clock, *(entry["clock"] for entry in game.journal[-1:])]
    clock = next_clock(now_ms(), known)
    ids = {entry["id"] for entry in held.entries}
    attempt = 0
    while (entry_id := digest(f"{ledger.device}:settlement:{clock}:{attempt}", ENTRY_ID_LENGTH)) in ids:
        attempt += 1
    entry = {
        "id": entry_id, "clock": clock, "device": ledger.device, "after": held.entries[-1]["id"] if held.entries else None,
        "at": now(), "action": action, **details,
    }
    files.write_own(ledger, [*own, entry])
    note_clock(ledger.clock_path, clock)
    return entry


def record(ledger, settlement: dict | None, squares: list, seen: str) -> dict:
    """Add the evening's settlement (inside ``locked()``): ``settlement``, the games settled now
    (``games``, ``currency``, ``nets``, ``payments``, ``shares``) or None, and ``squares``, the
    squaring of changed games (``ops.squaring.squares_of``); returns it as ``records`` gives it.
    Refused while a settlement file cannot be read (the games it settled are not known), when one
    of its games is settled already, and when the settlements changed since ``seen``."""
    held = read(ledger)
    if held.unreadable():
        path, problem = held.unreadable()[0]
        raise LedgerError(_("cannot record: {problem}").format(problem=problem))  # the games it settled are not known
    games = list(settlement["games"]) if settlement else []
    counted = settled_games(held.records)
    already = [game for game in games if game in counted]
    if already:
        raise GinscoreError(_("games {games} are settled already: 'ginscore settle --record' without --all records "
                              "the others").format(games=named(already)))
    if held.seen() != seen:  # another device's settlements arrived, or another 'settle --record' ran
        raise GinscoreError(_("the settlements changed meanwhile: run 'ginscore settle' again"))
    details = settlement or {"games": [], "currency": None, "nets": {}, "payments": [], "shares": {}}
    entry = _append(ledger, held, "settle", **details, **({"squares": squares} if squares else {}))
    return {**entry, "shares": entry.get("shares"), "squares": entry.get("squares", []), "undone": None}


def take_back(ledger, wanted: str | None = None) -> dict | None:
    """Take back a settlement (an ``undo`` entry): ``wanted`` (an id or its beginning), any
    device's; without it, this device's newest standing settlement, if this device recorded
    nothing in its current game since; None then when 'undo' means a hand. Returns the
    settlement, ``undone`` set."""
    with ledger.locked():
        if wanted is None and recorded_nothing_since(ledger):
            return None  # 'undo' means a hand: told without reading every settlement (issue #45)
        found = read(ledger)
        if wanted is not None:
            target = find(found.records, wanted)
            if target["undone"] is not None:
                raise GinscoreError(_("settlement {settlement} was taken back already: 'ginscore redo' right after the undo "
                                      "brings it back").format(settlement=target["id"]))
        else:
            own = [held for held in found.records if held["device"] == ledger.device and held["undone"] is None]
            if not own or own[-1]["clock"] <= own_clock_in_game(ledger):
                return None
            target = own[-1]
        entry = _append(ledger, found, "undo", target=target["id"])
    return {**target, "undone": entry["at"]}


def bring_back(ledger) -> dict | None:
    """Bring back the settlement this device's last undo of one took back (a ``redo`` entry;
    repeated, the one before), if this device recorded nothing since, in its settlements or its
    current game; None then when 'redo' means a hand. Refused when its games were settled again."""
    with ledger.locked():
        if recorded_nothing_since(ledger):
            return None  # 'redo' means a hand
        found = read(ledger)
        taken: list = []  # this device's undos not redone since its last settlement, oldest first
        for entry in found.entries:
            if entry["device"] != ledger.device:
                continue
            if entry["action"] == "undo":
                taken.append(entry)
            elif entry["action"] == "redo":
                taken = [undo for undo in taken if undo["target"] != entry["target"]]
            else:
                taken = []
        if not taken or taken[-1]["clock"] <= own_clock_in_game(ledger):
            return None
        target = next((held for held in found.records if held["id"] == taken[-1]["target"]), None)
        if target is None or target["undone"] is None:
            return None
        again = [game for game in target["games"] if game in settled_games(found.records)]
        if again:
            raise GinscoreError(_("games {games} of settlement {settlement} were settled again since it was taken back: "
                                  "bringing it back would settle them twice").format(games=named(again), settlement=target["id"]))
        _append(ledger, found, "redo", target=target["id"])
    return {**target, "undone": None}
