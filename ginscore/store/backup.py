"""A consistent copy of the whole ledger, taken under the ledger's lock (I/O).

A backup is a folder that is itself a ledger (``ginscore --ledger COPY status`` reads it, and
restoring is copying it back), or a zip archive of the same files when the path ends in
``.zip``. It never overwrites anything, and it is built under a hidden name and renamed into
place, so a backup that fails half-way leaves nothing under the name asked for.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from ginscore.base import paths
from ginscore.base.errors import LedgerError
from ginscore.base.i18n import _
from ginscore.base.jsonfile import parse_json
from ginscore.base.safefile import O_NOFOLLOW, fsync_folder, read_bytes, reason, write_synced
from ginscore.store.ledger import MAX_GAME_BYTES, Ledger, parse_name


def default_path(ledger: Ledger) -> Path:
    """A timestamped folder next to the ledger: ``ledger-backup-20261129-130501``."""
    root = Path(ledger.root)
    base = root.parent / f"{root.name}-backup-{time.strftime('%Y%m%d-%H%M%S')}"
    path, number = base, 1
    while os.path.lexists(path):
        number += 1
        path = base.with_name(f"{base.name}-{number}")
    return path


def backup(ledger: Ledger, destination: Path | str | None = None, vouched=None) -> tuple[Path, list[str], str | None, list[str]]:
    """Copy the ledger; returns where, the copied files relative to the ledger folder, a
    warning when the copy is complete but its folder could not be flushed to disk, and the
    damaged games (``Damaged``; ``vouched`` as it says).

    Damaged game files are copied byte for byte too: a backup keeps the evidence. Symlinks,
    FIFOs and devices are not files of a ledger and are left out (never followed).
    """
    root = Path(ledger.root)
    with ledger.locked():
        target = Path(destination).expanduser() if destination else default_path(ledger)
        if os.path.lexists(target):
            raise LedgerError(_("{path} already exists: give a new path (a backup never overwrites anything)").format(path=target))
        kept = paths.kept_place(str(target), str(root))  # the one check --output makes too
        if kept is not None and kept[0].startswith("ledger"):
            raise LedgerError(_("{path} is inside the ledger {ledger}: put the backup somewhere else").format(path=target, ledger=root))
        if kept is not None:  # this device's state or cache folder, or its house rules': no place for a backup
            raise LedgerError(_("{path} is inside {place}, a folder ginscore keeps for itself: put the backup somewhere "
                                "else").format(path=target, place=kept[1]))
        files = files_to_keep(root)
        damage = Damaged(ledger, vouched)
        if target.suffix.lower() == ".zip":
            _write_zip(target, root, files, damage.read)
        else:
            _write_folder(target, root, files, damage.read)
        damaged = damage.games()
    try:
        fsync_folder(target.parent)
    except OSError as error:  # the backup is there, whole; only its durability is in doubt
        return target, files, _("the backup is written, but its folder could not be flushed to disk ({reason})").format(
            reason=error.strerror
        ), damaged
    return target, files, None, damaged


class Damaged:
    """The damaged games of a ledger, found from the bytes a backup copies (it reads them
    anyway), so that each file is read once: a game's files, whose names sort together, are
    checked as one game (parsed, decoded, merged, as ``Ledger.file_problems`` does) once the
    last of them is read, unless ``vouched(game_id, Ledger.file_status)`` says the summary
    index found that game sound in files of that very size and time. A game whose files were
    not all copied (a symlink, a FIFO) is read again by ``Ledger.file_problems``."""

    def __init__(self, ledger: Ledger, vouched=None):
        self.ledger, self.vouched = ledger, vouched
        self.game_id, self.parts = None, []  # the game being read: [(file name, bytes)]
        self.found: set = set()  # damaged
        self.checked: set = set()  # read whole, damaged or not
        self.again: set = set()  # whose files did not come one after another: Ledger.file_problems says

    def read(self, name: str, raw: bytes) -> None:
        """The bytes of the ledger's file ``name`` (relative to its folder), as copied."""
        folder, _slash, base = name.rpartition("/")
        parsed = parse_name(base) if folder == "games" else None
        if parsed is None:
            return
        if parsed[0] != self.game_id:
            self._close()
            self.game_id = parsed[0]
        self.parts.append((base, raw))

    def games(self) -> list:
        """The ids of the damaged games, in the order of ``Ledger.game_ids``."""
        self._close()
        ledger = self.ledger
        return [game_id for game_id in ledger.game_ids()
                if game_id in self.found or (game_id not in self.checked and ledger.file_problems(game_id))]

    def _close(self) -> None:
        game_id, parts = self.game_id, self.parts
        self.game_id, self.parts = None, []
        if game_id is None:
            return
        if game_id in self.checked or game_id in self.again:
            self.checked.discard(game_id), self.found.discard(game_id), self.again.add(game_id)
            return
        paths = self.ledger.files_of(game_id)
        if sorted(os.path.basename(path) for path in paths) != sorted(name for name, _raw in parts):
            return  # not every file of it was copied: Ledger.file_problems says
        self.checked.add(game_id)
        if self.vouched is not None and self.vouched(game_id, self.ledger.file_status(game_id)):
            return
        if not self._sound(game_id, [(os.path.join(self.ledger.games_dir, name), raw) for name, raw in parts]):
            self.found.add(game_id)

    def _sound(self, game_id: str, parts: list) -> bool:
        codec = self.ledger.codec
        try:
            if any(len(raw) > MAX_GAME_BYTES for _path, raw in parts):
                return False  # more than the ledger reads
            codec.merge(game_id, [(path, codec.decode(parse_json(raw), path)) for path, raw in parts], "")
            return True
        except Exception:  # noqa: BLE001 - whatever goes wrong is the game's damage, as file_problems counts it
            return False


def files_to_keep(root: Path) -> list[str]:
    """Every file of the ledger but hidden ones: the lock, temporary files, a .git folder."""
    kept = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
        for name in sorted(names):
            path = Path(folder, name)
            if not name.startswith(".") and path.is_file() and not path.is_symlink():
                kept.append(path.relative_to(root).as_posix())
    return kept


def _write_folder(target: Path, root: Path, files: list[str], seen) -> None:
    import shutil

    partial = target.with_name(f".{target.name}.partial")
    try:
        if partial.is_symlink():  # planted: rmtree refuses a link, and following it is the danger
            partial.unlink()
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        for name in files:
            destination = partial / name
            destination.parent.mkdir(parents=True, exist_ok=True)
            raw = read_bytes(root / name)
            seen(name, raw)
            write_synced(destination, raw)
        for folder in sorted({partial, *((partial / name).parent for name in files)}, reverse=True):
            fsync_folder(folder)
        os.rename(partial, target)
    except OSError as error:
        shutil.rmtree(partial, ignore_errors=True)
        raise _failed(target, error) from None


def _write_zip(target: Path, root: Path, files: list[str], seen) -> None:
    import zipfile

    partial = target.with_name(f".{target.name}.partial")
    created = False
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        try:  # a leftover of a failed backup, or a planted symlink: unlink never follows it
            os.unlink(partial)
        except FileNotFoundError:
            pass
        # exclusive and without following a symlink, as the ledger's own writes
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | O_NOFOLLOW | getattr(os, "O_BINARY", 0)
        with os.fdopen(os.open(partial, flags, 0o644), "w+b") as handle:
            created = True
            with zipfile.ZipFile(handle, "w", compression=zipfile.ZIP_DEFLATED) as archive:
                for name in files:
                    raw = read_bytes(root / name)
                    seen(name, raw)
                    archive.writestr(name, raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.rename(partial, target)
    except OSError as error:
        if created:
            try:
                os.unlink(partial)
            except OSError:
                pass
        raise _failed(target, error) from None


def _failed(target: Path, error: OSError) -> LedgerError:
    return LedgerError(
        _("could not write the backup {path}: {reason}; the ledger is unchanged").format(
            path=target, reason=reason(error)
        )
    )
