"""Settlements recorded with 'settle --record': which games were settled, when, and what was
paid. They are ledger data like games (the files: ``ginscore.store.settlement_files``): every device
writes its own journal of settlement entries, and the settlements are the union of every
device's entries, each once by its id, ordered by (clock, device, id), the same on every device.

A settlement taken back by 'undo' is an ``undo`` entry naming it: the settlement stays, as a
hand taken back stays in a game's journal, and whichever device took it back, every device agrees.

A game counts in at most one settlement: when two devices settled the same game apart, it counts
in the earlier (by the order above) and ``settled_twice`` names both, for 'settle' and 'check'
to say; the later one still settles its other games.
"""

from __future__ import annotations

import json
import os

from ginscore.base.errors import GameNotFound, GinscoreError, LedgerError
from ginscore.base.i18n import _, ngettext
from ginscore.base.ids import ENTRY_ID_LENGTH, digest
from ginscore.base.jsonfile import parse_json
from ginscore.base.safefile import atomic_write, make_folder, read_regular
from ginscore.base.text import named
from ginscore.core.game import now, now_ms, order_key
from ginscore.store import settlement_files as files
from ginscore.store.ledger import canonical

FILE = files.LEGACY_FILE


def exists(root: str) -> bool:
    """Whether the ledger holds any settlement file (cheap: 'undo' asks before a hand's undo)."""
    return os.path.lexists(files.legacy_path(root)) or os.path.isdir(files.folder_of(root))


def parts(root: str) -> list:
    """(path, entries) of every settlement file: the old settlements.json first, then each
    device's file. Raises LedgerError naming the first file that is not sound."""
    found = [(files.legacy_path(root), files.read_file(files.legacy_path(root)))]
    for path, device in files.listing(root)[0]:
        found.append((path, files.read_file(path, device)))
    return found


def union(*journals) -> list:
    """Every entry once (by id), in (clock, device, id) order. Two contents under one id (a file
    edited by hand, or made elsewhere to clash): the first in a fixed order of their contents is
    kept, on every device alike; ``clashes`` names them."""
    chosen: dict = {}
    for journal in journals:
        for entry in journal:
            held = chosen.get(entry["id"])
            if held is None or (held != entry and _content(entry) < _content(held)):
                chosen[entry["id"]] = entry
    return sorted(chosen.values(), key=order_key)


def _content(entry) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


def clashes(found: list) -> list:
    """(entry id, the paths holding it) of every id held with two contents."""
    seen: dict = {}
    where: dict = {}
    clashing = set()
    for path, entries in found:
        for entry in entries:
            where.setdefault(entry["id"], []).append(path)
            if seen.setdefault(entry["id"], entry) != entry:
                clashing.add(entry["id"])
    return [(entry_id, sorted(set(where[entry_id]))) for entry_id in sorted(clashing)]


def records(entries: list) -> list:
    """The settlements of the entries, in order, each a dict: its ``id``, ``number`` (its place
    among them, from 1), ``clock``, ``device``, ``at``, ``games``, ``currency``, ``nets``,
    ``payments``, ``last`` (what was recorded last in a game before it, in the old file), and
    ``undone`` (when it was taken back, else None)."""
    undone: dict = {}
    for entry in entries:
        if entry["action"] == "undo":
            undone.setdefault(entry["target"], entry["at"])
    found = []
    for entry in entries:
        if entry["action"] == "settle":
            found.append({**entry, "number": len(found) + 1, "undone": undone.get(entry["id"])})
    return found


def read(ledger) -> list:
    """Every settlement recorded on any device, oldest first; [] when none was ever recorded."""
    return records(union(*(entries for _path, entries in parts(ledger.root))))


def settled_games(records) -> set:
    """The ids of games in a settlement that was not taken back."""
    return {game for record in records if record.get("undone") is None for game in record["games"]}


def settled_twice(records) -> list:
    """{"game", "settlement": the number it counts in, "also": [numbers]} for each game that
    settlements not taken back settled more than once (two devices apart): it counts in the first."""
    first: dict = {}
    again: dict = {}
    for record in records:
        if record.get("undone") is not None:
            continue
        for game in record["games"]:
            if game in first:
                again.setdefault(game, []).append(record["number"])
            else:
                first[game] = record["number"]
    return [{"game": game, "settlement": first[game], "also": also} for game, also in again.items()]


def twice_words(twice: dict) -> str:
    """One game settled twice (an entry of ``settled_twice``) in words; or, with ``games``, the
    games settled in the same two settlements, in one line (``twice_grouped``)."""
    also = ", ".join(map(str, twice["also"]))
    games = twice.get("games") or [twice["game"]]
    if len(games) > 1:
        return _(
            "games {games} were settled twice, on two devices apart: in settlement {first} and again in {also}; each "
            "counts once, in settlement {first}: if one was paid twice, the players square it among themselves"
        ).format(games=named(games), first=twice["settlement"], also=also)
    return _(
        "game {game} was settled twice, on two devices apart: in settlement {first} and again in {also}; it counts "
        "once, in settlement {first}: if it was paid twice, the players square it among themselves"
    ).format(game=twice["game"], first=twice["settlement"], also=also)


def last_entry(ledger) -> dict | None:
    """The last thing recorded in a game: the current game's id and its journal's length."""
    try:
        game = ledger.load()
    except GameNotFound:
        return None
    return {"game": game.id, "entries": len(game.journal)}


def _current_clock(ledger) -> int:
    """The clock of the last thing recorded in the current game (0: none)."""
    try:
        game = ledger.load()
    except GameNotFound:
        return 0
    return max([game.clock, *(entry["clock"] for entry in game.journal[-1:])])


def _append(ledger, found: list, action: str, **details) -> dict:
    """Add an entry to this device's file (inside ``locked()``): its clock later than every
    settlement entry and the current game's last, never running backwards."""
    known = union(*(entries for _path, entries in found))
    clock = max(now_ms(), known[-1]["clock"] + 1 if known else 0, _current_clock(ledger) + 1)
    if clock >= files.MAX_CLOCK:
        raise LedgerError(
            _("a settlement entry from another device has a clock far in the future: run 'ginscore check'"))
    held = {entry["id"] for entry in known}
    attempt = 0
    while (entry_id := digest(f"{ledger.device}:settlement:{clock}:{attempt}", ENTRY_ID_LENGTH)) in held:
        attempt += 1
    entry = {
        "id": entry_id, "clock": clock, "device": ledger.device, "after": known[-1]["id"] if known else None,
        "at": now(), "action": action, **details,
    }
    own = files.device_path(ledger.root, ledger.device)
    mine = next((entries for path, entries in found if path == own), [])
    files.write_own(ledger, [*mine, entry])
    return entry


def record(ledger, result) -> dict:
    """Add the evening's settlement ``result`` (inside ``locked()``); returns it as ``records``
    gives it. Refused when one of its games was settled meanwhile."""
    found = parts(ledger.root)
    already = settled_games(records(union(*(entries for _path, entries in found)))) & set(result.games)
    if already:  # another 'settle --record' got there first
        raise GinscoreError(_("games {games} were settled meanwhile: run 'ginscore settle' again").format(
            games=named(sorted(already, key=order_key))))
    entry = _append(
        ledger, found, "settle",
        games=list(result.games),
        currency=result.currency,
        nets={name: format(amount, "f") for name, amount in result.nets.items()},
        payments=[{"from": debtor, "to": creditor, "amount": format(amount, "f")} for debtor, creditor, amount in result.payments],
    )
    known = union(*(entries for _path, entries in found), [entry])
    return next(held for held in records(known) if held["id"] == entry["id"])


def take_back_last(ledger):
    """Take back the newest settlement if it is the last thing recorded in the ledger (nothing
    was recorded in the current game since); returns it, or None when undo means a hand."""
    with ledger.locked():
        found = parts(ledger.root)
        live = [held for held in records(union(*(entries for _path, entries in found))) if held["undone"] is None]
        if not live:
            return None
        newest = live[-1]
        if newest["device"] == "" and newest.get("last") is not None:  # from the old file: as it said then
            if newest["last"] != last_entry(ledger):
                return None
        elif newest["clock"] <= _current_clock(ledger):
            return None
        entry = _append(ledger, found, "undo", target=newest["id"])
    return {**newest, "undone": entry["at"]}


# ---- conflict copies, other ledgers, git ----------------------------------------------------------


def _add(ledger, found: list, entries: list, where: str) -> int:
    """Add to this device's file the ``entries`` no file here holds (inside ``locked()``);
    how many. An entry that could not be written back as it is (from the old file) is refused."""
    known = {entry["id"] for _path, held in found for entry in held}
    new = list({entry["id"]: entry for entry in entries if entry["id"] not in known}.values())
    for entry in new:
        problem = files.entry_problem(entry, "")
        if problem:
            raise LedgerError(files.damaged(where, problem.lstrip(".")))
    if new:
        own = files.device_path(ledger.root, ledger.device)
        mine = next((held for path, held in found if path == own), [])
        files.write_own(ledger, [*mine, *new])
        found[:] = [(path, held) for path, held in found if path != own] + [(own, [*mine, *new])]
    return len(new)


def fold_copies(ledger) -> tuple[list, list]:
    """Fold every syncer's conflict copy of a settlements file (the old one too) into this
    device's file and move it aside into conflicts/ (inside ``locked()``): (notes, problems)."""
    copies = files.listing(ledger.root)[1] + files.legacy_copies(ledger.root)
    notes, problems = [], []
    if not copies:
        return notes, problems
    try:
        found = parts(ledger.root)
    except GinscoreError:  # the damaged file is check's problem; nothing is folded into it
        return notes, problems
    for path in copies:
        name = os.path.basename(path)
        match = files.conflict_copy(name) or files.conflict_copy(name, legacy=True)
        device = match.group("base").split(".")[1] if "." in match.group("base") else None
        try:
            added = _add(ledger, found, files.read_file(path, device), path)
            moved = ledger.write_aside(path)
        except GinscoreError as error:
            problems.append({"file": path, "game": None, "problem": without_path(str(error), path)})
            continue
        note = ngettext(
            "a file syncer's conflict copy: {count} settlement entry folded in; the copy is kept in {moved}",
            "a file syncer's conflict copy: {count} settlement entries folded in; the copy is kept in {moved}",
            added,
        ).format(count=added, moved=os.path.relpath(moved, ledger.root))
        notes.append({"file": path, "note": note})
    return notes, problems


def merge_folder(ledger, folder: str) -> tuple[int, list]:
    """Fold the settlements of the ledger folder ``folder`` into this ledger (inside
    ``locked()``): (entries added, problems). A device's file that is not here is copied as it
    is (it keeps its one writer); anything else is added to this device's file."""
    found = parts(ledger.root)
    theirs = [(files.legacy_path(folder), None)] + files.listing(folder)[0]
    added, problems = 0, []
    for path, device in theirs:
        try:
            entries = files.read_file(path, device)
            here = files.device_path(ledger.root, device) if device else None
            if here and not os.path.lexists(here):
                make_folder(files.folder_of(ledger.root))
                atomic_write(here, read_regular(path, files.MAX_BYTES))
                known = {entry["id"] for _path, held in found for entry in held}
                added += len({entry["id"] for entry in entries} - known)
                found.append((here, entries))
                continue
            added += _add(ledger, found, entries, path)
        except GinscoreError as error:
            problems.append(str(error))
    return added, problems


def merge_file(ours: str, theirs: str) -> bool | None:
    """git's merge driver for a device's settlements file: the union of the entries of ``ours``
    and ``theirs`` written to ``ours``. None when ``ours`` is no settlements file (a game file)."""
    try:
        data = parse_json(read_regular(ours, files.MAX_BYTES))
    except Exception:  # noqa: BLE001 - not ours to judge: the game files' driver says what is wrong
        return None
    if not isinstance(data, dict) or data.get("file_format") != files.FILE_FORMAT:
        return None
    mine, other = files.read_file(ours), files.read_file(theirs)
    if data.get("file_version") != files.FILE_VERSION:
        return False  # the old file of every device: git shows the conflict, as before
    merged = {**data, "entries": union(mine, other)}
    problem = files.problem_of(merged, data["device"])
    if problem:
        raise LedgerError(files.damaged(ours, problem))
    atomic_write(ours, canonical(merged), unique=True, in_ledger=False)
    return True


# ---- 'check' -------------------------------------------------------------------------------------


def without_path(problem: str, path: str) -> str:
    """A file's problem without the file's path in front: 'check' prints the path once, before it."""
    prefix = f"{path}: "
    return problem[len(prefix):] if problem.startswith(prefix) else problem


def check(ledger) -> tuple[list, list]:
    """(notes, problems) of the settlement files, as 'check' lists them: conflict copies folded
    in first; each file that is not sound; an id held with two contents; an undo of a settlement
    no file holds; games settled twice; names in the folder ginscore does not read."""
    notes, problems = [], []
    try:
        copies = files.listing(ledger.root)[1] + files.legacy_copies(ledger.root)
        if copies and os.path.isdir(ledger.games_dir):
            with ledger.locked():
                notes, problems = fold_copies(ledger)
        device_files, copies, others = files.listing(ledger.root)
    except GinscoreError as error:  # the folder cannot be listed (a file where it should be)
        return notes, [*problems, {"file": files.folder_of(ledger.root), "game": None, "problem": str(error)}]
    found = []
    candidates = [(files.legacy_path(ledger.root), None), *device_files]
    for path, device in candidates:
        try:
            found.append((path, files.read_file(path, device)))
        except GinscoreError as error:
            problems.append({"file": path, "game": None, "problem": without_path(str(error), path)})
    for entry_id, paths in clashes(found):
        problems.append({"file": paths[-1], "game": None, "problem": _(
            "settlement entry {entry} is held with two contents (in {files}): one was changed after it was recorded; "
            "restore the file from a backup").format(entry=entry_id, files=", ".join(map(os.path.basename, paths)))})
    entries = union(*(held for _path, held in found))
    settles = {entry["id"] for entry in entries if entry["action"] == "settle"}
    folder = files.folder_of(ledger.root)
    for entry in entries:
        if entry["action"] == "undo" and entry["target"] not in settles:
            notes.append({"file": folder, "note": _(
                "entry {entry} takes back settlement entry {target}, which no file here holds (yet): it counts once the "
                "settlement arrives").format(entry=entry["id"], target=entry["target"])})
    notes += [{"file": folder, "note": twice_words(held)} for held in settled_twice(records(entries))]
    for path in copies:
        notes.append({"file": path, "note": _("a file syncer's conflict copy that could not be folded in (see the problem above)")})
    for path in others:
        notes.append({"file": path, "note": _("not a settlements file name (settlements.DEVICE.json), so ginscore does not read it")})
    for path in files.legacy_copies(ledger.root):
        notes.append({"file": path, "note": _("a file syncer's conflict copy that could not be folded in (see the problem above)")})
    for path in files.unplaced(ledger.root):
        notes.append({"file": path, "note": _(
            "named like a settlements file, but neither settlements.json nor a conflict copy ginscore knows: it is not read; "
            "'ginscore merge' of a folder holding it as settlements.json reads it")})
    return notes, problems
