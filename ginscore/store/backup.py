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

from ginscore.base.errors import LedgerError
from ginscore.base.i18n import _
from ginscore.base.safefile import O_NOFOLLOW, fsync_folder, read_bytes, reason, write_synced
from ginscore.store.ledger import Ledger


def default_path(ledger: Ledger) -> Path:
    """A timestamped folder next to the ledger: ``ledger-backup-20261129-130501``."""
    root = Path(ledger.root)
    base = root.parent / f"{root.name}-backup-{time.strftime('%Y%m%d-%H%M%S')}"
    path, number = base, 1
    while os.path.lexists(path):
        number += 1
        path = base.with_name(f"{base.name}-{number}")
    return path


def backup(ledger: Ledger, destination: Path | str | None = None) -> tuple[Path, list[str], str | None]:
    """Copy the ledger; returns where, the copied files relative to the ledger folder, and a
    warning when the copy is complete but its folder could not be flushed to disk.

    Damaged game files are copied byte for byte too: a backup keeps the evidence. Symlinks,
    FIFOs and devices are not files of a ledger and are left out (never followed).
    """
    root = Path(ledger.root)
    with ledger.locked():
        target = Path(destination).expanduser() if destination else default_path(ledger)
        if os.path.lexists(target):
            raise LedgerError(_("{path} already exists: give a new path (a backup never overwrites anything)").format(path=target))
        if _is_inside(target, root):
            raise LedgerError(_("{path} is inside the ledger {ledger}: put the backup somewhere else").format(path=target, ledger=root))
        files = files_to_keep(root)
        if target.suffix.lower() == ".zip":
            _write_zip(target, root, files)
        else:
            _write_folder(target, root, files)
    try:
        fsync_folder(target.parent)
    except OSError as error:  # the backup is there, whole; only its durability is in doubt
        return target, files, _("the backup is written, but its folder could not be flushed to disk ({reason})").format(
            reason=error.strerror
        )
    return target, files, None


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


def _is_inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def _write_folder(target: Path, root: Path, files: list[str]) -> None:
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
            write_synced(destination, read_bytes(root / name))
        for folder in sorted({partial, *((partial / name).parent for name in files)}, reverse=True):
            fsync_folder(folder)
        os.rename(partial, target)
    except OSError as error:
        shutil.rmtree(partial, ignore_errors=True)
        raise _failed(target, error) from None


def _write_zip(target: Path, root: Path, files: list[str]) -> None:
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
                    archive.writestr(name, read_bytes(root / name))
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
