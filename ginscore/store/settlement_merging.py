"""Settlement entries from elsewhere: a syncer's conflict copies of a settlements file ('ginscore
check'), another ledger folder ('ginscore merge FOLDER') and git's two versions of one device's file
(the merge driver 'ginscore git-setup' installs); and what 'check' says of the settlement files.

Nothing is dropped and nothing is chosen in silence: an entry comes in once, by its id, and an
entry held with other content than the same entry here (one copy was changed outside ginscore) is
refused, with the file that holds it, as game entries are (``store.merging``).
"""

from __future__ import annotations

import os

from ginscore.base.errors import GinscoreError, LedgerError
from ginscore.base.i18n import _, ngettext
from ginscore.base.jsonfile import parse_json
from ginscore.base.safefile import atomic_write, make_folder, read_regular
from ginscore.store import settlement_files as files
from ginscore.store.ledger import canonical
from ginscore.store.settlements import read, read_files, union


def _clashing(entries: list, known: dict) -> str | None:
    """The id of the first of ``entries`` held in ``known`` (id -> entry) with other content."""
    return next((entry["id"] for entry in entries if known.get(entry["id"], entry) != entry), None)


def _refused(where: str, entry_id: str) -> LedgerError:
    return LedgerError(_("{path}: settlement entry {entry} is held here with other content: one copy was changed outside "
                         "ginscore; nothing of this file was merged").format(path=where, entry=entry_id))


def _add(ledger, found: list, entries: list, where: str) -> int:
    """Add to this device's file the ``entries`` no file here holds (inside ``locked()``); how
    many. Refused (nothing added) when one is held here with other content, or could not be
    written back as it is (from the old file)."""
    known = {entry["id"]: entry for _path, _device, held in found for entry in held}
    clash = _clashing(entries, known)
    if clash is not None:
        raise _refused(where, clash)
    new = list({entry["id"]: entry for entry in entries if entry["id"] not in known}.values())
    for entry in new:
        problem = files.entry_problem(entry, "")
        if problem:
            raise LedgerError(files.damaged(where, problem.lstrip(".")))
    if new:
        own = files.device_path(ledger.root, ledger.device)
        mine = next((held for path, _device, held in found if path == own), [])
        files.write_own(ledger, [*mine, *new])
        found[:] = [item for item in found if item[0] != own] + [(own, ledger.device, [*mine, *new])]
    return len(new)


def _own_readable(ledger, problems: list) -> bool:
    own = files.device_path(ledger.root, ledger.device)
    return not any(path == own for path, _problem in problems)


def fold_copies(ledger) -> tuple[list, list]:
    """Fold every syncer's conflict copy of a settlements file (the old one too) into this
    device's file and move it aside into conflicts/ (inside ``locked()``): (notes, problems). A
    copy with an entry held here with other content stays where it is, named."""
    copies = files.listing(ledger.root)[1] + files.legacy_copies(ledger.root)
    notes, problems = [], []
    if not copies:
        return notes, problems
    found, unread = read_files(ledger.root)
    if not _own_readable(ledger, unread):  # nothing is folded into a file that cannot be read: check names it
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
    is (it keeps its one writer); anything else is added to this device's file. A file holding
    an entry held here with other content is not merged, and named."""
    legacy = files.legacy_path(folder)
    theirs = ([(legacy, None)] if os.path.lexists(legacy) else []) + files.listing(folder)[0]
    if not theirs:  # nothing to fold in: this ledger's settlements, years of them, are not read
        return 0, []
    found, unread = read_files(ledger.root)
    if not _own_readable(ledger, unread):
        return 0, [problem for _path, problem in unread]
    added, problems = 0, []
    for path, device in theirs:
        try:
            entries = files.read_file(path, device)
            here = files.device_path(ledger.root, device) if device else None
            if here and not os.path.lexists(here):
                known = {entry["id"]: entry for _path, _device, held in found for entry in held}
                clash = _clashing(entries, known)
                if clash is not None:
                    raise _refused(path, clash)
                make_folder(files.folder_of(ledger.root))
                atomic_write(here, read_regular(path, files.MAX_BYTES))
                added += len({entry["id"] for entry in entries} - set(known))
                found.append((here, device, entries))
                continue
            added += _add(ledger, found, entries, path)
        except GinscoreError as error:
            problems.append(str(error))
    return added, problems


def merge_file(ours: str, theirs: str) -> bool | None:
    """git's merge driver for a device's settlements file: the union of the entries of ``ours``
    and ``theirs`` written to ``ours``. None when ``ours`` is no settlements file (a game file);
    False (a conflict for git to report, ``ours`` untouched) when an entry is held in both with
    other content (one copy was changed outside ginscore), or it is the old file."""
    try:
        data = parse_json(read_regular(ours, files.MAX_BYTES))
    except Exception:  # noqa: BLE001 - not ours to judge: the game files' driver says what is wrong
        return None
    if not isinstance(data, dict) or data.get("file_format") != files.FILE_FORMAT:
        return None
    mine, other = files.read_file(ours), files.read_file(theirs)
    if data.get("file_version") not in files.VERSIONS:
        return False  # the old file of every device: git shows the conflict, as before
    if _clashing(other, {entry["id"]: entry for entry in mine}) is not None:
        return False
    merged = files.file_data(data["device"], union([(ours, data["device"], mine), (theirs, data["device"], other)])[0])
    problem = files.problem_of(merged, data["device"])
    if problem:
        raise LedgerError(files.damaged(ours, problem))
    atomic_write(ours, canonical({**data, **merged}), unique=True, in_ledger=False)
    return True


# ---- 'check' -------------------------------------------------------------------------------------


def without_path(problem: str, path: str) -> str:
    """A file's problem without the file's path in front: 'check' prints the path once, before it."""
    prefix = f"{path}: "
    return problem[len(prefix):] if problem.startswith(prefix) else problem


def check(ledger) -> tuple[list, list, list]:
    """(notes, problems, records) of the settlement files, as 'check' lists them: conflict copies
    folded in first; each file that is not sound; each copy of an entry held with two contents
    (the foreign one); an undo of a settlement no file holds; names in the folder ginscore does
    not read. ``records``: the settlements read (``settlements.records``)."""
    notes, problems, failed = [], [], None
    try:
        copies = files.listing(ledger.root)[1] + files.legacy_copies(ledger.root)
        if copies and os.path.isdir(ledger.games_dir):
            with ledger.locked():
                notes, problems = fold_copies(ledger)
        _files, copies, others = files.listing(ledger.root)
    except GinscoreError as error:  # the folder cannot be listed (a file where it should be): the reading names it
        copies, others, failed = [], [], str(error)
    held = read(ledger)
    if failed is not None and all(problem != failed for _path, problem in held.problems):
        problems.append({"file": files.folder_of(ledger.root), "game": None, "problem": failed})
    problems += [{"file": path, "game": None, "problem": without_path(problem, path)} for path, problem in held.problems]
    settles = {entry["id"] for entry in held.entries if entry["action"] == "settle"}
    folder = files.folder_of(ledger.root)
    for entry in held.entries:
        if entry["action"] in files.TARGETED and entry["target"] not in settles:
            notes.append({"file": folder, "note": _(
                "entry {entry} takes back or brings back settlement entry {target}, which no file here holds (yet): it "
                "counts once the settlement arrives").format(entry=entry["id"], target=entry["target"])})
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
    return notes, problems, held.records
