"""The ledger on disk: one JSON document per game in a folder, written atomically under a lock.

Layout of the ledger folder::

    games/game-000001.json   one game each, see ginscore.schema
    .lock                    taken around every read-modify-write; never the data itself
    .latest                  the id of the newest game: a hint checked on use, never the truth
    migrated/                copies of game files as they were before a format upgrade

Every write goes to a temporary file in the same folder, is flushed and fsynced, swapped in
with ``os.replace`` and the folder is fsynced, so a crash leaves the old or the new game, never
a mix. Reads take no lock: a reader always sees a whole file.

The lock is the standard library's (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows)
on the separate ``.lock`` file, which is never deleted: deleting a lock file on release lets
two processes hold "the" lock on two different files. Nothing is imported for it at start-up.

Paths are plain strings and ``os.path``: pathlib alone would add ~4 ms to every command's
start-up (issue #2); ``Ledger.root`` and friends are strings, and ``atomic_write`` takes any
path-like.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import time
from contextlib import contextmanager

from ginscore.errors import GameNotFound, GinscoreError, LedgerError, shown
from ginscore.game import Game
from ginscore.i18n import _
from ginscore.schema import FILE_VERSION, decode, encode, file_version, repair_hint
from ginscore.schema import problems as file_problems

ENV_LEDGER = "GINSCORE_LEDGER"
ENV_LOCK_TIMEOUT = "GINSCORE_LOCK_TIMEOUT"
DEFAULT_LOCK_TIMEOUT = 5.0
GAME_FILE = re.compile(r"^game-(\d{6,})\.json$")
TEMPORARY_SUFFIX = ".tmp"
# Caps on what is read: far above anything ginscore writes (ten years of nightly hands make a
# game file well under 1 MiB), low enough that a hostile file cannot eat the memory.
MAX_GAME_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64  # a game file nests 6 deep; the json module's own limit is a RecursionError
MAX_NUMBER_DIGITS = 30  # no count in a game comes near; int() of 5,000 digits is an error
# O_NOFOLLOW: a symlink has no business in the ledger, and following one lets a planted link
# make ginscore read /dev/zero or write over a file elsewhere. Windows has no such flag (and
# creating symlinks there needs privileges); islink() checks stand in for it.
O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
# Paths of the files this process has saved, so that a failure afterwards (stdout full)
# can say that the change was written (cli.main reads it).
SAVED: list[str] = []


def default_root() -> str:
    """Where the ledger lives: $GINSCORE_LEDGER, else the platform's user data folder."""
    configured = os.environ.get(ENV_LEDGER)
    if configured:
        return os.path.expanduser(configured)
    import platformdirs  # only when no path was given: it costs ~9 ms at startup

    return os.path.join(platformdirs.user_data_dir("ginscore", appauthor=False), "ledger")


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


class Ledger:
    def __init__(self, root=None):
        if root is not None and not os.fspath(root).strip():
            # an empty --ledger is a mistake, not a request for the default ledger
            raise LedgerError(_("--ledger needs a folder path: give one, or leave --ledger out to use the default ledger"))
        self.root = os.path.expanduser(os.fspath(root)) if root is not None else default_root()
        if os.path.exists(self.root) and not os.path.isdir(self.root):
            raise LedgerError(_("the ledger must be a folder, but {path} is a file: give a folder with --ledger").format(path=self.root))
        self.games_dir = os.path.join(self.root, "games")
        self.migrated_dir = os.path.join(self.root, "migrated")
        self.lock_path = os.path.join(self.root, ".lock")
        self.latest_path = os.path.join(self.root, ".latest")
        self._lock_depth = 0
        self._versions: dict[int, int] = {}  # file version of each game as loaded
        self._loaded: dict = {}  # each game as loaded or saved by this process, for the index

    # ---- reading -------------------------------------------------------------------------

    def game_path(self, game_id: int) -> str:
        return os.path.join(self.games_dir, f"game-{game_id:06d}.json")

    def game_ids(self) -> list[int]:
        try:
            names = os.listdir(self.games_dir)
        except FileNotFoundError:
            return []
        except OSError as error:
            raise LedgerError(
                _("cannot read the ledger folder {path}: {reason}").format(path=self.games_dir, reason=reason(error.strerror))
            ) from None
        return sorted(int(match.group(1)) for match in map(GAME_FILE.match, names) if match)

    def current_id(self) -> int:
        """The most recently started game, finished or not."""
        hinted = self._hinted_latest()
        if hinted is not None:
            return hinted
        ids = self.game_ids()
        if not ids:
            raise GameNotFound(_("no games in {path} yet: start one with 'ginscore new Alice Bob'").format(path=self.root))
        return ids[-1]

    def resolve(self, game_id: int | None) -> int:
        if game_id is None:
            return self.current_id()
        if not os.path.lexists(self.game_path(game_id)):
            raise GameNotFound(_("there is no game {game}: 'ginscore games' lists them").format(game=game_id))
        return game_id

    def read_raw(self, game_id: int):
        """The parsed JSON of a game file; raises LedgerError if it is not readable JSON."""
        path = self.game_path(game_id)
        try:
            raw = read_regular(path, MAX_GAME_BYTES)
        except FileNotFoundError:
            raise GameNotFound(_("there is no game {game}: 'ginscore games' lists them").format(game=game_id)) from None
        except OSError as error:
            raise LedgerError(_("cannot read {path}: {reason}").format(path=path, reason=reason(error.strerror))) from None
        try:
            return parse_json(raw)
        except Unreadable as error:
            raise LedgerError(f"{path}: {error}; {repair_hint()}") from None

    def load(self, game_id: int | None = None) -> Game:
        game_id = self.resolve(game_id)
        path = self.game_path(game_id)
        data = self.read_raw(game_id)
        game = decode(data, str(path))
        if game.id != game_id:
            raise LedgerError(
                f"{path}: "
                + _("id is {id}, but the file name says {game}").format(id=game.id, game=game_id)
                + f"; {repair_hint()}"
            )
        self._versions[game_id] = data["file_version"]
        self._loaded[game_id] = game
        return game

    def problems(self, game_id: int) -> list[str]:
        """Every problem of one game file, each with its place; empty when it loads.

        Whatever goes wrong while reading one game is that game's problem, never the end of
        the listing: even an error ginscore did not foresee is reported as one."""
        try:
            data = parse_json(read_regular(self.game_path(game_id), MAX_GAME_BYTES))
            found = file_problems(data)
        except OSError as error:
            return [_("cannot read the file: {reason}").format(reason=reason(error.strerror) or error)]
        except Unreadable as error:
            return [str(error)]
        except Exception as error:  # noqa: BLE001 - the safety net the docstring promises
            return [unexpected(error)]
        if not found and data["id"] != game_id:
            found.append("id: " + _("{id}, but the file name says {game}").format(id=data["id"], game=game_id))
        return found

    def damage(self, game_id: int, error: Exception) -> str:
        """An error met while reading or evaluating one game, as that game's problem: a
        GinscoreError as it says, anything else as an unexpected error naming the file."""
        if isinstance(error, GinscoreError):
            return str(error)
        return f"{self.game_path(game_id)}: {unexpected(error)}"

    # ---- writing -------------------------------------------------------------------------

    @contextmanager
    def locked(self, create: bool = False):
        """Hold the ledger's exclusive lock; every read-modify-write happens inside it.

        Only ``create`` (starting a game) makes the ledger folder: a command that fails on an
        empty ledger leaves no trace. Re-entrant within one Ledger, since a second flock on a
        new descriptor in the same process would wait for itself.
        """
        if self._lock_depth:
            self._lock_depth += 1
            try:
                yield self
            finally:
                self._lock_depth -= 1
            return
        if create:
            self._make_folder(self.games_dir)
        elif not os.path.isdir(self.games_dir):
            raise GameNotFound(_("no games in {path} yet: start one with 'ginscore new Alice Bob'").format(path=self.root))
        timeout = lock_timeout()
        handle = open_lock_file(self.lock_path)
        try:
            _acquire(handle, self.lock_path, timeout)
            self._lock_depth = 1
            try:
                yield self
            finally:
                self._lock_depth = 0
                _release(handle)
        finally:
            handle.close()

    def save(self, game: Game) -> None:
        """Write a game; call inside ``locked()``. Keeps a copy of an older-format file first."""
        if not self._lock_depth:
            raise RuntimeError("Ledger.save outside Ledger.locked(): the write would race other processes")
        path = self.game_path(game.id)
        version = self._versions.get(game.id)
        is_new = version is None and not os.path.lexists(path)
        if version is None and not is_new:
            version = file_version(self.read_raw(game.id), str(path))
        if version is not None and version < FILE_VERSION:
            self._keep_old_version(path, version)
        payload = json.dumps(encode(game), indent=2, ensure_ascii=False) + "\n"
        from ginscore import index  # the summary index's keeping, after the write it follows

        stamp = index.before_save(self)
        try:
            atomic_write(path, payload.encode("utf-8"))
        finally:  # also when only the folder's fsync failed: the file is in place
            if os.path.exists(path):
                index.after_save(self, game, stamp, self._loaded.get(game.id))
                self._loaded[game.id] = game
        SAVED.append(path)
        self._versions[game.id] = FILE_VERSION
        if is_new:  # a hint pointing at an older game is harmless: _hinted_latest checks it
            try:
                self.remember_latest(game.id)
            except LedgerError:  # the game is saved: a hint not updated (a full disk) costs one listing
                pass

    def apply(self, game_id: int | None, change):
        """Lock, load the game, ``change(game)`` -> (new game, *more), save it; returns the
        whole result. A change that raises leaves the file untouched."""
        with self.locked():
            result = change(self.load(game_id))
            self.save(result[0])
        return result

    def next_id(self) -> int:
        try:
            return self.current_id() + 1
        except GameNotFound:
            return 1

    def _hinted_latest(self) -> int | None:
        """The id in ``.latest`` if game N exists and N + 1 does not, else None.

        Listing the games folder costs ~4 ms with 5,000 games; two stat calls do not, so
        recording a hand stays as fast after ten years as on the first night. A stale or
        missing hint (a crash between saving a new game and the hint, a hand-edited folder)
        only means a fallback to the listing.
        """
        try:
            text = read_regular(self.latest_path, 64).strip()
        except OSError:  # missing, or not a plain file (a FIFO would hang a plain open)
            return None
        if not text.isdigit():
            return None
        latest = int(text)
        if os.path.exists(self.game_path(latest)) and not os.path.exists(self.game_path(latest + 1)):
            return latest
        return None

    def remember_latest(self, game_id: int) -> None:
        """Update the ``.latest`` hint after a new game was saved (inside ``locked()``)."""
        atomic_write(self.latest_path, f"{game_id}\n".encode("ascii"))

    def _keep_old_version(self, path: str, version: int) -> None:
        """Copy the file as it is to migrated/ before its first write in the new format."""
        try:
            old = read_regular(path, MAX_GAME_BYTES)
        except OSError as error:
            raise LedgerError(
                _("cannot read {path} to keep a copy of it: {reason}").format(path=path, reason=reason(error.strerror))
            ) from None
        self._make_folder(self.migrated_dir)
        number = 1
        while True:
            suffix = "" if number == 1 else f"-{number}"
            stem = os.path.splitext(os.path.basename(path))[0]
            copy = os.path.join(self.migrated_dir, f"{stem}.v{version}{suffix}.json")
            if not os.path.lexists(copy):
                break
            if _same_bytes(copy, old):  # kept already, by a write that then did not finish
                return
            number += 1
        atomic_write(copy, old)

    def _make_folder(self, folder: str) -> None:
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as error:
            raise LedgerError(
                _("cannot create the folder {path}: {reason}").format(path=folder, reason=reason(error.strerror))
            ) from None


def read_bytes(path) -> bytes:
    """A plain file's bytes (no size cap, symlinks not followed): for tests and backups."""
    return read_regular(path, None)


def read_regular(path, limit: int | None, follow: bool = False) -> bytes:
    """The bytes of a regular file, at most ``limit`` of them; OSError otherwise.

    Opened non-blocking so that a FIFO cannot hang the command, checked with fstat so that a
    device (``/dev/zero``) or a folder is refused before a byte is read, and without following
    a symlink unless ``follow``. The OSError's strerror says which of these it was.
    """
    path = os.fspath(path)
    if not follow and not O_NOFOLLOW and os.path.islink(path):
        raise OSError(errno.ELOOP, _NOT_PLAIN["link"], path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | (0 if follow else O_NOFOLLOW)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        if error.errno == errno.ELOOP or (error.errno == errno.EMLINK and not follow):  # EMLINK: FreeBSD
            raise OSError(errno.ELOOP, _NOT_PLAIN["link"], path) from None
        raise
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            mode = status.st_mode
            kind = "folder" if stat.S_ISDIR(mode) else "fifo" if stat.S_ISFIFO(mode) else "device"
            raise OSError(errno.EINVAL, _NOT_PLAIN[kind], path)
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
        raise OSError(errno.EFBIG, _too_large(f"{limit:,}"), path)
    return data


def _not_plain(translate: bool = False) -> dict:
    """Why a file is not read, as the OSError's strerror: English there (the language is not
    looked up on the way to reading the file that may choose it), translated by ``reason``."""
    _ = _translate if translate else str
    return {
        "link": _("it is a symbolic link, which ginscore does not follow here; put the file itself in its place"),
        "folder": _("it is a folder, not a file"),
        "fifo": _("it is a named pipe (FIFO), not a plain file; ginscore reads only plain files"),
        "device": _("it is a device or other special file, not a plain file; ginscore reads only plain files"),
    }


def _too_large(limit: str, translate: bool = False) -> str:
    _ = _translate if translate else str
    return _("it is larger than {limit} bytes, far more than ginscore ever writes").format(limit=limit)


_translate = _
_NOT_PLAIN = _not_plain()
_TOO_LARGE = re.compile(r"it is larger than ([0-9,]+) bytes, far more than ginscore ever writes")


def reason(text):
    """An OSError's strerror for a message: one of ginscore's own reasons (``_NOT_PLAIN``) in
    the language in use, the system's as it is."""
    for kind, english in _NOT_PLAIN.items():
        if text == english:
            return _not_plain(translate=True)[kind]
    found = _TOO_LARGE.fullmatch(text) if isinstance(text, str) else None
    return _too_large(found.group(1), translate=True) if found else text


def _same_bytes(path, data: bytes) -> bool:
    try:
        return read_regular(path, MAX_GAME_BYTES) == data
    except OSError:
        return False


def unexpected(error: BaseException) -> str:
    """An error nobody foresaw, as one line: what it was, and that it is worth a report."""
    text = " ".join(str(error).split())
    text = text if len(text) <= 200 else text[:197] + "..."
    return _("unexpected error ({name}: {text}): please report it, with the file if you can share it").format(
        name=type(error).__name__, text=text
    )


class Unreadable(Exception):
    """A file's bytes are not a JSON document; the message says where and why."""


def parse_json(raw: bytes):
    """The JSON document in ``raw``, read defensively: limited depth and number sizes, and a
    key given twice is an error (json keeps the last silently, and the next write would drop
    the first).

    Number sizes are checked by a C-speed scan of the bytes (digits as ``0``, a run of 31 of
    them anywhere); only a file with one is parsed with the exact, slower number hooks.
    """
    if not raw.strip():
        raise Unreadable(_("the file is empty"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Unreadable(_("not UTF-8 text (byte {byte})").format(byte=error.start)) from None
    long_numbers = b"0" * (MAX_NUMBER_DIGITS + 1) in raw.translate(_DIGITS_AS_ZERO)
    data = _loads(text, long_numbers)
    if _depth(data) > MAX_DEPTH:
        raise Unreadable(_("lists or objects nested more than {most} deep: not a game file ginscore wrote").format(most=MAX_DEPTH))
    return data


_DIGITS_AS_ZERO = bytes(ord("0") if chr(byte).isdigit() and byte < 128 else ord(" ") for byte in range(256))


def _loads(text: str, long_numbers: bool):
    hooks = {"parse_int": _whole_number, "parse_float": _number} if long_numbers else {}
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_constant, **hooks)
    except Unreadable:
        raise
    except json.JSONDecodeError as error:
        cut_short = error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated")
        ending = _(": the file ends too early, was it cut short?") if cut_short else ""
        raise Unreadable(
            _("not valid JSON: {error} (line {line}, column {column}){ending}").format(
                error=error.msg, line=error.lineno, column=error.colno, ending=ending
            )
        ) from None
    except RecursionError:  # json's C scanner gives up about a thousand levels deep
        raise Unreadable(
            _("lists or objects nested more than {most} deep: not a game file ginscore wrote").format(most=MAX_DEPTH)
        ) from None
    except ValueError as error:  # the limits should make this unreachable
        raise Unreadable(_("not JSON ginscore can read ({error})").format(error=str(error)[:80])) from None


def _depth(data) -> int:
    """How deep lists and objects nest, level by level without recursion; counting stops
    once past ``MAX_DEPTH``."""
    depth = 0
    level = [data] if type(data) in (dict, list) else []
    while level and depth <= MAX_DEPTH:
        depth += 1
        below = []
        for container in level:
            below += [item for item in (container.values() if type(container) is dict else container) if type(item) in (dict, list)]
        level = below
    return depth


def _unique_keys(pairs):
    data = dict(pairs)
    if len(data) != len(pairs):
        seen = set()
        twice = next(key for key, _value in pairs if key in seen or seen.add(key))
        raise Unreadable(
            _(
                "the key {key} appears twice in one object: which one is meant cannot be told, "
                "so the file is damaged (or was merged by hand)"
            ).format(key=shown(twice))
        )
    return data


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise Unreadable(
            _("a number of {count} digits ({start}...): no number in a game file is that long").format(
                count=len(text), start=text[:12]
            )
        )
    return int(text)


def _number(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS + 10:
        raise Unreadable(
            _("a number {count} characters long ({start}...): no number in a game file is that long").format(
                count=len(text), start=text[:12]
            )
        )
    return float(text)


def _constant(text: str):
    raise Unreadable(_("{text} is not a JSON number, and no game file holds it").format(text=text))


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
        raise LedgerError(message.format(path=path, reason=reason(error.strerror) or error)) from None
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
        raise LedgerError(
            _("cannot open the lock file {path}: {reason}").format(path=lock_path, reason=reason(error.strerror))
        ) from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise LedgerError(
            _("the lock file {path} is not a plain file (a folder, a FIFO or a device): {fix}").format(path=lock_path, fix=fix)
        )
    return os.fdopen(descriptor, "r+b")


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
