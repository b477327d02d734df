"""Folding one ledger's games into another's, entry by entry: the conflict copies a file syncer
left ('ginscore check'), another ledger folder ('ginscore merge FOLDER': another device's copy,
a USB stick, an unzipped backup), and git's three versions of one file (the merge driver
'ginscore git-setup' installs). Nothing is ever dropped: an entry is added once (by its id), a
conflict copy is moved aside into conflicts/, and a game that only shares its id with one here
(two ledgers that each numbered their games 1, 2, ...) comes in under an id of its own, made
from what it is, so that merging the same folder again adds nothing.
"""

from __future__ import annotations

import os

from ginscore.base.errors import GinscoreError, LedgerError
from ginscore.base.i18n import _, ngettext
from ginscore.base.ids import GAME_ID_LENGTH, digest
from ginscore.base.jsonfile import Unreadable, parse_json
from ginscore.base.safefile import atomic_write, read_regular, reason
from ginscore.core.game import clashes, started, union
from ginscore.store.ledger import MAX_GAME_BYTES, Ledger, canonical, parse_name


def fold_copies(ledger: Ledger) -> list:
    """Fold every conflict copy of a game file into its game and move it aside (inside
    ``locked()``); a note for each, a problem for a copy that cannot be read."""
    notes: list = []
    problems: list = []
    for name, original in ledger.conflict_copies():
        path = os.path.join(ledger.games_dir, name)
        game_id = parse_name(original)[0]
        try:
            copy = ledger.codec.decode(ledger.read_json(path), path)
            added = _add_entries(ledger, game_id, copy)
            moved = ledger.write_aside(name)
        except GinscoreError as error:
            problems.append({"file": path, "game": game_id, "problem": str(error)})
            continue
        note = ngettext(
            "a file syncer's conflict copy: {count} entry folded into game {game}; the copy is kept in {moved}",
            "a file syncer's conflict copy: {count} entries folded into game {game}; the copy is kept in {moved}",
            added,
        ).format(count=added, game=game_id, moved=os.path.relpath(moved, ledger.root))
        notes.append({"file": path, "note": note})
    return notes, problems


def _add_entries(ledger: Ledger, game_id: str, other) -> int:
    """Add to game ``game_id`` the entries of ``other`` (a Game) it does not hold, written to
    this device's file; the game is made from ``other`` when no file of it is here. Returns
    how many entries were added."""
    if not ledger.files_of(game_id):
        ledger.save(other._replace(id=game_id, device=ledger.device), new=True, current=False)
        return len(other.journal)
    game = ledger.load(game_id)
    if started(game) != started(other):
        raise LedgerError(_("it is another game than game {game} under the same id; it was left where it is").format(game=game_id))
    held = {entry["id"]: entry for entry in game.journal}
    changed = next((entry["id"] for entry in other.journal if held.get(entry["id"], entry) != entry), None)
    if changed is not None:  # one copy was changed outside ginscore: a person chooses (see schema.merge)
        raise LedgerError(
            _("entry {entry} of game {game} is held here with other content: one copy was changed outside ginscore; "
              "nothing of that game was merged").format(entry=changed, game=game_id)
        )
    new = [entry for entry in other.journal if entry["id"] not in held]
    if new:
        ledger.save(game._replace(journal=union(game.journal, new), device=ledger.device))
    return len(new)


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
            parts = [(path, ledger.codec.decode(data, path)) for path, data in other.read_parts(their_id)]
            theirs = ledger.codec.merge(their_id, parts, ledger.codec.repair_hint())
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
            added = _add_entries(ledger, game_id, theirs._replace(id=game_id))  # one atomic write, or none
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
