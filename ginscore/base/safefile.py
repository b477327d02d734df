"""Safe file I/O, below every module that keeps data: reading a plain file and nothing else,
replacing a file all or nothing, and the exclusive lock around a read-modify-write.

Why a file was not read is a typed error (``NotPlainFile``, ``TooLarge``: both ``OSError``,
so a caller that only knows OSError still handles them), and ``reason(error)`` says it in the
reader's language; the system's own reasons (``strerror``) are shown as they are.

Every write goes to a temporary file in the same folder, is flushed and fsynced, swapped in
with ``os.replace`` and the folder is fsynced, so a crash leaves the old or the new file, never
a mix. The lock is the standard library's (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on
Windows) on a separate lock file that is never deleted: deleting a lock file on release lets
two processes hold "the" lock on two different files. Nothing is imported for it at start-up.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from contextlib import contextmanager

from ginscore.base.errors import LedgerError
from ginscore.base.i18n import _
from ginscore.base.paths import ENV_LOCK_TIMEOUT

DEFAULT_LOCK_TIMEOUT = 5.0
TEMPORARY_SUFFIX = ".tmp"
# O_NOFOLLOW: a symlink has no business in the ledger, and following one lets a planted link
# make ginscore read /dev/zero or write over a file elsewhere. Windows has no such flag (and
# creating symlinks there needs privileges); islink() checks stand in for it.
O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
# asked of os once, not at every file read (a first command reads thousands; O_BINARY is Windows')
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class NotPlainFile(OSError):
    """The path is a symbolic link (not followed), a folder, a FIFO or a device: ``what`` says
    which (``link``, ``folder``, ``fifo``, ``device``)."""

    def __init__(self, what: str, path: str):
        self.what = what
        super().__init__(errno.ELOOP if what == "link" else errno.EINVAL, what, path)


class TooLarge(OSError):
    """The file is larger than the reader's cap (``limit`` bytes)."""

    def __init__(self, limit: int, path: str):
        self.limit = limit
        super().__init__(errno.EFBIG, f"larger than {limit} bytes", path)


def reason(error: OSError) -> str:
    """Why ``error`` happened, for a message in the language in use: ginscore's own words for
    its typed refusals, the system's reason as it is for the rest."""
    if isinstance(error, NotPlainFile):
        return {
            "link": _("it is a symbolic link, which ginscore does not follow here; put the file itself in its place"),
            "folder": _("it is a folder, not a file"),
            "fifo": _("it is a named pipe (FIFO), not a plain file; ginscore reads only plain files"),
            "device": _("it is a device or other special file, not a plain file; ginscore reads only plain files"),
        }[error.what]
    if isinstance(error, TooLarge):
        return _("it is larger than {limit} bytes, far more than ginscore ever writes").format(limit=f"{error.limit:,}")
    return error.strerror or str(error)


def read_bytes(path) -> bytes:
    """A plain file's bytes (no size cap, symlinks not followed): for backups."""
    return read_regular(path, None)


def read_regular(path, limit: int | None, follow: bool = False) -> bytes:
    """The bytes of a regular file, at most ``limit`` of them; OSError otherwise.

    Opened non-blocking so that a FIFO cannot hang the command, checked with fstat so that a
    device (``/dev/zero``) or a folder is refused before a byte is read, and without following
    a symlink unless ``follow``.
    """
    path = os.fspath(path)
    descriptor = _open_regular(path, follow)
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            mode = status.st_mode
            raise NotPlainFile("folder" if stat.S_ISDIR(mode) else "fifo" if stat.S_ISFIFO(mode) else "device", path)
        # os.read straight from the descriptor: a buffered file object costs more than the read
        wanted = (status.st_size if limit is None else min(status.st_size, limit)) + 1
        parts = []
        while True:  # until the end, or one byte past the limit (the file may grow meanwhile)
            part = os.read(descriptor, wanted)
            if not part:
                break
            parts.append(part)
            if limit is not None and sum(map(len, parts)) > limit:
                break
        data = b"".join(parts)
    finally:
        os.close(descriptor)
    if limit is not None and len(data) > limit:
        raise TooLarge(limit, path)
    return data


def _open_regular(path: str, follow: bool) -> int:
    """A descriptor of ``path`` open for reading, non-blocking, not through a symlink unless ``follow``."""
    if not follow and not O_NOFOLLOW and os.path.islink(path):
        raise NotPlainFile("link", path)
    try:
        return os.open(path, _READ_FLAGS | (0 if follow else O_NOFOLLOW))
    except OSError as error:
        if error.errno == errno.ELOOP or (error.errno == errno.EMLINK and not follow):  # EMLINK: FreeBSD
            raise NotPlainFile("link", path) from None
        raise


def read_start(path, count: int) -> bytes:
    """The first ``count`` bytes (or fewer) of a regular file, as ``read_regular`` opens it; OSError otherwise."""
    path = os.fspath(path)
    descriptor = _open_regular(path, False)
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise NotPlainFile("device", path)
        return os.read(descriptor, count)
    finally:
        os.close(descriptor)


def same_bytes(path, data: bytes, limit: int) -> bool:
    try:
        return read_regular(path, limit) == data
    except OSError:
        return False


def atomic_write(path, data: bytes, unique: bool = False, in_ledger: bool = True) -> None:
    """Replace ``path`` with ``data`` all or nothing, durable once this returns. ``in_ledger``
    False: a file the user asked for (``sheet --output``), and the messages say so.

    The temporary file is created exclusively and never through a symlink, so a link planted
    at its name cannot make ginscore write over the file it points to. Its name is fixed
    next to the target when the caller holds the ledger lock (there is never more than one
    writer, and a file left by a killed process is removed by the next write instead of piling
    up); ``unique`` gives it a random name, for files written without that lock.
    Replacing ``path`` renames over it, so a symlink at ``path`` is replaced, never written
    through. A folder that cannot be fsynced afterwards raises ``NotDurable``: the data is
    written, only its durability across a power cut is in doubt.
    """
    path = os.fspath(path)
    folder, name = os.path.split(path)
    suffix = f".{os.urandom(6).hex()}" if unique else ""
    temporary = os.path.join(folder, f".{name}{suffix}{TEMPORARY_SUFFIX}")
    written = False
    try:
        if not unique:
            _remove_leftover(temporary)
        write_synced(temporary, data)
        written = True
        _replace(temporary, path)
    except OSError as error:
        if written:  # never a file we did not create: write_synced removes its own on failure
            try:
                os.unlink(temporary)
            except OSError:
                pass
        if in_ledger:
            message = _("could not write {path}: {reason}; the ledger still holds its previous state")
        else:
            message = _("could not write {path}: {reason}; nothing was written")
        raise LedgerError(message.format(path=path, reason=reason(error))) from None
    try:
        fsync_folder(folder or ".")
    except OSError as error:
        if not in_ledger:
            raise LedgerError(
                _("wrote {path}, but could not flush its folder to disk ({reason}): it may not survive a power cut").format(
                    path=path, reason=error.strerror or error
                )
            ) from None
        raise NotDurable(path, error.strerror or str(error)) from None


class NotDurable(LedgerError):
    """The file was written and renamed into place; only the folder's fsync failed."""

    def __init__(self, path: str, reason: str):
        self.path, self.reason = path, reason
        super().__init__(
            _(
                "wrote {path}, but could not flush its folder to disk ({reason}): the change is made (do not "
                "repeat it), but may not survive a power cut; run 'ginscore check'"
            ).format(path=path, reason=reason)
        )


def write_output(path, data: bytes) -> str:
    """Write ``data`` where the user asked for it (``--output FILE``) without hurting what is
    there; returns the path written. A new path or a regular file (a symbolic link: the file it
    points to, which stays linked) is replaced all at once; a named pipe or a character device
    (``/dev/stdout``, a pipe another program reads) is written into and stays what it was; a
    folder, a block device, a socket or a pipe nobody reads is refused, with nothing written."""
    path = os.path.abspath(os.fspath(path))
    try:
        mode = os.stat(path).st_mode  # through a link: what the user's path names
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise LedgerError(_("could not write {path}: {reason}; nothing was written").format(path=path, reason=reason(error))) from None
    if mode is None or stat.S_ISREG(mode):
        target = os.path.realpath(path)  # a link stays a link to the file it names
        atomic_write(target, data, unique=True, in_ledger=False)
        return target
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        _write_into(path, data, stat.S_ISFIFO(mode))
        return path
    if stat.S_ISDIR(mode):
        why = _("it is a folder: give a file name in it")
    else:
        why = _("it is a block device or a socket, not a file: give a file name")
    raise LedgerError(_("cannot write {path}: {reason}; nothing was written").format(path=path, reason=why))


def _write_into(path: str, data: bytes, fifo: bool) -> None:
    """Write into a named pipe or character device as it is (never created, truncated or
    replaced). A pipe is opened without waiting: nobody reading it is refused, never a hang."""
    try:
        descriptor = os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        if fifo and error.errno == errno.ENXIO:
            raise LedgerError(
                _("cannot write {path}: no program is reading from this named pipe; start the reader first").format(path=path)
            ) from None
        raise LedgerError(_("could not write {path}: {reason}; nothing was written").format(path=path, reason=reason(error))) from None
    try:
        os.set_blocking(descriptor, True)
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view):]
    except OSError as error:
        raise LedgerError(_("could not write {path}: {reason}").format(path=path, reason=reason(error))) from None
    finally:
        os.close(descriptor)


def _remove_leftover(temporary: str) -> None:
    """Delete what an interrupted write left at the temporary name. unlink removes a symlink
    itself, never its target; a folder there is refused by the exclusive create after."""
    try:
        os.unlink(temporary)
    except (FileNotFoundError, IsADirectoryError, PermissionError):
        pass


def write_synced(path, data: bytes) -> None:
    """Write a new file: exclusive create, never through a symlink (FileExistsError if the
    name is taken, by anything)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_NOFOLLOW | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    descriptor = os.open(path, flags, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(descriptor, view)
            view = view[written:]
        os.fsync(descriptor)
    except OSError:
        os.close(descriptor)
        try:  # ours: made by the exclusive create above
            os.unlink(path)
        except OSError:
            pass
        raise
    os.close(descriptor)


def write_unsynced(path: str, data: bytes) -> None:
    """Replace a small file that only vouches for a cache (the index's stamp): a new file
    (exclusive, never through a symlink) renamed over it, not fsynced: lost in a crash, it only
    costs one rescan."""
    temporary = f"{path}.{os.urandom(6).hex()}{TEMPORARY_SUFFIX}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_NOFOLLOW | getattr(os, "O_BINARY", 0)
    descriptor = os.open(temporary, flags, 0o644)
    try:
        os.write(descriptor, data)
    finally:
        os.close(descriptor)
    os.replace(temporary, path)


def _replace(source: str, destination: str) -> None:
    # On Windows os.replace fails while another process has the file open (a reader, an
    # antivirus scan, a sync client); that passes within moments, so retry briefly.
    for attempt in range(20):
        try:
            os.replace(source, destination)
            return
        except PermissionError:
            if os.name != "nt" or attempt == 19:
                raise
            time.sleep(0.05)


def fsync_folder(folder) -> None:
    if os.name == "nt":  # Windows cannot open a directory for fsync; NTFS journals the rename
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def make_folder(folder: str) -> None:
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise LedgerError(_("cannot create the folder {path}: {reason}").format(path=folder, reason=reason(error))) from None


# ---- the lock ------------------------------------------------------------------------------


def lock_timeout() -> float:
    text = os.environ.get(ENV_LOCK_TIMEOUT, "")
    try:
        value = float(text) if text else DEFAULT_LOCK_TIMEOUT
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise LedgerError(
            _("{variable} must be a number of seconds such as 5, got {value}").format(variable=ENV_LOCK_TIMEOUT, value=repr(text))
        )
    return value


@contextmanager
def exclusive_lock(lock_path: str):
    """Hold the exclusive lock on ``lock_path`` (waiting up to $GINSCORE_LOCK_TIMEOUT seconds)."""
    timeout = lock_timeout()
    handle = open_lock_file(lock_path)
    try:
        _acquire(handle, lock_path, timeout)
        try:
            yield
        finally:
            _release(handle)
    finally:
        handle.close()


def open_lock_file(lock_path: str):
    """The lock file, opened for locking: created if missing, but never through a symlink (a
    dangling one would create the file it points to) and only if it is a plain file."""
    flags = os.O_RDWR | os.O_CREAT | O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_BINARY", 0)
    fix = _("delete it (it never holds data) and try again")
    try:
        if not O_NOFOLLOW and os.path.islink(lock_path):
            raise OSError(errno.ELOOP, "symbolic link")
        descriptor = os.open(lock_path, flags, 0o644)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.EMLINK):
            raise LedgerError(
                _("the lock file {path} is a symbolic link, which ginscore does not follow: {fix}").format(path=lock_path, fix=fix)
            ) from None
        raise LedgerError(_("cannot open the lock file {path}: {reason}").format(path=lock_path, reason=reason(error))) from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise LedgerError(
            _("the lock file {path} is not a plain file (a folder, a FIFO or a device): {fix}").format(path=lock_path, fix=fix)
        )
    return os.fdopen(descriptor, "r+b")


def _acquire(handle, lock_path: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    delay = 0.002
    while True:
        try:
            if os.name == "nt":
                import msvcrt

                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except OSError:
            if time.monotonic() >= deadline:
                raise LedgerError(
                    _(
                        "the ledger is locked: another ginscore has held {path} for {seconds} s; "
                        "wait for it to finish and try again (or raise {variable})"
                    ).format(path=lock_path, seconds=f"{timeout:g}", variable=ENV_LOCK_TIMEOUT)
                ) from None
            time.sleep(delay)
            delay = min(delay * 2, 0.05)


def _release(handle) -> None:
    if os.name == "nt":
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
