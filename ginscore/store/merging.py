"""Folding one ledger's games into another's, entry by entry: the conflict copies a file syncer
left ('ginscore check'), another ledger folder ('ginscore merge FOLDER': another device's copy,
a USB stick, an unzipped backup), and git's three versions of one file (the merge driver
'ginscore git-setup' installs). Nothing is ever dropped: an entry is added once (by its id), a
conflict copy is moved aside into conflicts/, and a game that only shares its id with one here
(two ledgers that each numbered their games 1, 2, ...) comes in under an id of its own, made
from what it is, so that merging the same folder again adds nothing.
"""

from __future__ import annotations

import json
import os

from ginscore.base.errors import GinscoreError, LedgerError
from ginscore.base.i18n import _, ngettext
from ginscore.base.ids import ENTRY_ID_LENGTH, GAME_ID_LENGTH, digest
from ginscore.base.jsonfile import Unreadable, parse_json
from ginscore.base.safefile import atomic_write, read_regular, reason
from ginscore.core.game import clashes, started, union
from ginscore.store.ledger import MAX_GAME_BYTES, Ledger, canonical, parse_name


def fold_copies(ledger: Ledger) -> list:
    """Fold every conflict copy of a game file into its game and move it aside (inside
    ``locked()``); a note for each, a problem for a copy that cannot be read. The copies of one
    game are folded together: the game is read once and written once, however many copies a
    syncer left (each fold read and wrote the whole game, and listed the folder again: 1,000
    copies took 7 s, 3,000 a minute)."""
    notes: list = []
    problems: list = []
    by_game: dict = {}
    for name, original in ledger.conflict_copies():
        by_game.setdefault(parse_name(original)[0], []).append(name)
    for game_id, names in by_game.items():
        game, held, new, folded = None, {}, [], []  # folded: (name, path, entries it added)
        for name in names:
            path = os.path.join(ledger.games_dir, name)
            try:
                data = ledger.read_json(path)
                copy = ledger.codec.decode(data, path)
                if game is None and ledger.files_of(game_id):
                    game = ledger.load(game_id)
                    held = {entry["id"]: entry for entry in game.journal}
                game, entries = _new_entries(game, held, copy, game_id, _numbered(data))
            except GinscoreError as error:
                problems.append({"file": path, "game": game_id, "problem": str(error)})
                continue
            new += entries
            folded.append((name, path, len(entries)))
        try:
            if folded:
                _save(ledger, game, game_id, new)
        except GinscoreError as error:
            problems += [{"file": path, "game": game_id, "problem": str(error)} for _name, path, _added in folded]
            continue
        for name, path, added in folded:
            try:
                moved = ledger.write_aside(name)
            except GinscoreError as error:  # its entries are in the game: the next 'check' moves it
                problems.append({"file": path, "game": game_id, "problem": str(error)})
                continue
            note = ngettext(
                "a file syncer's conflict copy: {count} entry folded into game {game}; the copy is kept in {moved}",
                "a file syncer's conflict copy: {count} entries folded into game {game}; the copy is kept in {moved}",
                added,
            ).format(count=added, game=game_id, moved=os.path.relpath(moved, ledger.root))
            notes.append({"file": path, "note": note})
    return notes, problems


def _numbered(data) -> bool:
    """Whether parsed game-file JSON is a file from before ids (versions 1 to 3: entries numbered 1, 2, ...)."""
    return type(data.get("file_version")) is int and data["file_version"] < 4


def _add_entries(ledger: Ledger, game_id: str, other, numbered: bool = False) -> int:
    """Add to game ``game_id`` the entries of ``other`` (a Game) it does not hold, written to
    this device's file; the game is made from ``other`` when no file of it is here. Returns
    how many entries were added. ``numbered``: ``other`` is a file from before ids."""
    game = ledger.load(game_id) if ledger.files_of(game_id) else None
    held = {} if game is None else {entry["id"]: entry for entry in game.journal}
    game, new = _new_entries(game, held, other, game_id, numbered)
    _save(ledger, game, game_id, new)
    return len(new)


def _save(ledger: Ledger, game, game_id: str, new: list) -> None:
    """Write this device's file of ``game`` with the ``new`` entries, once however many copies
    brought them: a game of its own when no file of it is here."""
    if not ledger.files_of(game_id):
        ledger.save(game._replace(id=game_id, device=ledger.device, journal=union(new)), new=True, current=False)
    elif new:
        ledger.save(game._replace(device=ledger.device, journal=union(game.journal, new)))


def _new_entries(game, held: dict, other, game_id: str, numbered: bool) -> tuple:
    """(``game``, or ``other`` with no entries when ``game`` is None (no file of it here); the
    entries of ``other`` not in ``held``), ``held`` (id -> entry) gaining them. ``numbered``:
    ``other`` is a file from before ids, whose entries are told apart from the game's by
    ``apart_from_numbered``. An entry held with other content is refused: see game_file.merge."""
    if game is None:
        game = other._replace(journal=())
    elif started(game) != started(other):
        raise LedgerError(_("it is another game than game {game} under the same id; it was left where it is").format(game=game_id))
    entries = apart_from_numbered(held, other.journal, game_id) if numbered else other.journal
    changed = next((entry["id"] for entry in entries if held.get(entry["id"], entry) != entry), None)
    if changed is not None:  # one copy was changed outside ginscore: a person chooses (see game_file.merge)
        raise LedgerError(
            _("entry {entry} of game {game} is held here with other content: one copy was changed outside ginscore; "
              "nothing of that game was merged").format(entry=changed, game=game_id)
        )
    new = [entry for entry in entries if entry["id"] not in held]
    held.update((entry["id"], entry) for entry in new)
    return game, new


# The device the entries of another copy of a file from before ids name, made apart (that file
# names no device): the same on every device that folds the copy in; 'log' and 'status' show it.
OLD_COPY = "oldcopy"


def apart_from_numbered(held: dict, numbered, game_id: str) -> list:
    """The entries of ``numbered`` (the journal of a file from before ids, its entries' ids their
    numbers "1", "2", ...) as entries made apart from those ``held`` (id -> entry): a syncer's
    copy of such a file that two devices both wrote holds the same numbers for other entries.
    The entries it holds alike (same number, same content) are the game's already; from the
    first that differs or is not held, each is an entry of its own, as a newer ginscore makes
    one: an id made from the game, the entry before it and its content (the same on every
    device, so a copy folded on two devices is one set of entries), the entry before it as
    ``after`` (the last held alike, then its own), its number as its clock (so the two sides'
    entries interleave by number, each side in its order), ``OLD_COPY`` as its device, and what
    it acts on renamed with it. Every hand of both sides counts, and two alike are named as a
    likely double entry; the file itself is never rewritten (docs/data.md "Versions")."""
    renamed: dict = {}  # number -> the id of its entry made apart
    made, previous = [], None
    for entry in sorted(numbered, key=lambda entry: entry["clock"]):
        if not renamed and held.get(entry["id"]) == entry:
            previous = entry["id"]
            continue
        content = json.dumps(entry, sort_keys=True, ensure_ascii=False)
        new_id = digest(f"numbered:{game_id}:{previous}:{content}", ENTRY_ID_LENGTH)
        renamed[entry["id"]] = new_id
        made.append({**entry, "id": new_id, "device": OLD_COPY, "after": previous,
                     **({"target": renamed.get(entry["target"], entry["target"])} if "target" in entry else {})})
        previous = new_id
    return made


def merge_folder(ledger: Ledger, folder: str, written: list | None = None) -> dict:
    """Fold every game of the ledger folder ``folder`` into ``ledger`` (inside ``locked()``):
    {"added": [ids of games new here], "extended": {id: entries added}, "renamed": {their id:
    id here}, "problems": [...]}. A device's file that is not here is copied as it is (it keeps
    its one writer); anything else is added entry by entry to this device's file. ``written``
    gains the id of every game a file was written for (the summary index reads only those)."""
    written = [] if written is None else written
    other = Ledger(folder, ledger.codec)
    if not os.path.isdir(other.games_dir):
        raise LedgerError(_("{path} holds no ledger (no games folder): give the folder that holds 'games'").format(path=folder))
    if os.path.realpath(other.root) == os.path.realpath(ledger.root):
        raise LedgerError(_("{path} is this ledger itself: give another ledger's folder").format(path=folder))
    report = {"added": [], "extended": {}, "renamed": {}, "problems": []}
    added_here: set = set()  # report["added"], to look up
    for their_id in other.game_ids():
        try:
            datas = other.read_parts(their_id)
            parts = [(path, ledger.codec.decode(data, path)) for path, data in datas]
            theirs = ledger.codec.merge(their_id, parts, ledger.codec.repair_hint())
            numbered = all(_numbered(data) for _path, data in datas)  # their game is a file from before ids
        except GinscoreError as error:
            report["problems"].append(str(error))
            continue
        game_id = their_id
        if ledger.files_of(game_id) and started(ledger.load(game_id)) != started(theirs):
            game_id = digest("merged:" + "|".join(map(repr, started(theirs))), GAME_ID_LENGTH)
            report["renamed"][their_id] = game_id
        try:
            new_here = not ledger.files_of(game_id)
            if new_here and game_id == their_id:
                written.append(game_id)
                for path, _part in parts:  # copied as they are: each file keeps its one writer
                    _copy_in(ledger, path)
                report["added"].append(game_id)
                added_here.add(game_id)
                continue
            if new_here:
                report["added"].append(game_id)
                added_here.add(game_id)
            added = _add_entries(ledger, game_id, theirs._replace(id=game_id), numbered)  # one atomic write, or none
            if new_here or added:
                written.append(game_id)
            if added and game_id not in added_here:
                report["extended"][game_id] = added
        except GinscoreError as error:
            written.append(game_id)  # a write may be in place all the same (one not flushed to disk): read again
            report["problems"].append(str(error))
    return report


def _copy_in(ledger: Ledger, path: str) -> None:
    """Copy another ledger's game file ``path`` into the games folder as it is, keeping the cache
    of the folder's devices true as ``Ledger.save`` does: the next game merged does not list the
    whole folder again (a merge costs what it brings in, not the size of the ledger)."""
    devices, copies = ledger._known()
    name = os.path.basename(path)
    atomic_write(os.path.join(ledger.games_dir, name), read_regular(path, MAX_GAME_BYTES))
    device = parse_name(name)[1]
    ledger._remember_known(ledger.folder_mtime(), sorted({*devices, *([device] if device else [])}), copies)


def merge_file(codec, base: str, ours: str, theirs: str) -> bool:
    """git's merge driver for one game file: the union of the entries of ``ours`` and
    ``theirs`` written to ``ours``, canonical (``base`` is not needed: entries are only ever
    added). False (a conflict for git to report) when they are not one game."""
    games, datas = [], []
    for path in (ours, theirs):
        try:
            data = parse_json(read_regular(path, MAX_GAME_BYTES))
        except Unreadable as error:  # not JSON, cut short, not UTF-8: a damaged file, named
            raise LedgerError(f"{path}: {error}") from None
        except OSError as error:  # gone, a folder, a FIFO: refused unread
            raise LedgerError(_("cannot read {path}: {reason}").format(path=path, reason=reason(error))) from None
        games.append(codec.decode(data, path))
        datas.append(data)
    mine, other = games
    if started(mine) != started(other) or mine.id != other.id or clashes(mine.journal, other.journal):
        return False  # not one game, or an entry changed outside ginscore: git reports a conflict
    merged = mine._replace(journal=union(mine.journal, other.journal))
    atomic_write(ours, canonical(codec.encode(merged, None, datas[0].get("device") or mine.device)), unique=True, in_ledger=False)
    return True
