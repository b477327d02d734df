"""The ledger on disk: one JSON document per game in a folder, written atomically under a lock.

Layout of the ledger folder::

    games/game-000001.json   one game each, see ginscore.schema
    .lock                    taken around every read-modify-write; never the data itself
    migrated/                copies of game files as they were before a format upgrade

Every write goes to a temporary file in the same folder, is flushed and fsynced, swapped in
with ``os.replace`` and the folder is fsynced, so a crash leaves the old or the new game, never
a mix. Reads take no lock: a reader always sees a whole file.
"""

from __future__ import annotations

import json
import os
import re
import time
from contextlib import contextmanager
from pathlib import Path

from ginscore.errors import GameNotFound, LedgerError
from ginscore.game import Game
from ginscore.schema import FILE_VERSION, decode, encode, file_version

ENV_LEDGER = "GINSCORE_LEDGER"
ENV_LOCK_TIMEOUT = "GINSCORE_LOCK_TIMEOUT"
GAME_FILE = re.compile(r"^game-(\d{6,})\.json$")


def default_root() -> Path:
    """Where the ledger lives: $GINSCORE_LEDGER, else the platform's user data folder."""
    configured = os.environ.get(ENV_LEDGER)
    if configured:
        return Path(configured).expanduser()
    import platformdirs  # only when no path was given: it costs ~9 ms at startup

    return platformdirs.user_data_path("ginscore", appauthor=False) / "ledger"


class Ledger:
    def __init__(self, root: Path | str | None = None):
        self.root = Path(root).expanduser() if root else default_root()
        if self.root.exists() and not self.root.is_dir():
            raise LedgerError(f"the ledger must be a folder, but {self.root} is a file: give a folder with --ledger")
        self.games_dir = self.root / "games"
        self.lock_path = self.root / ".lock"

    # ---- reading -------------------------------------------------------------------------

    def game_path(self, game_id: int) -> Path:
        return self.games_dir / f"game-{game_id:06d}.json"

    def game_ids(self) -> list[int]:
        try:
            names = os.listdir(self.games_dir)
        except FileNotFoundError:
            return []
        except OSError as error:
            raise LedgerError(f"cannot read the ledger folder {self.games_dir}: {error.strerror}") from None
        return sorted(int(match.group(1)) for match in map(GAME_FILE.match, names) if match)

    def current_id(self) -> int:
        """The most recently started game, finished or not."""
        ids = self.game_ids()
        if not ids:
            raise GameNotFound(f"no games in {self.root} yet: start one with 'ginscore new Alice Bob'")
        return ids[-1]

    def resolve(self, game_id: int | None) -> int:
        if game_id is None:
            return self.current_id()
        if not self.game_path(game_id).exists():
            raise GameNotFound(f"there is no game {game_id}: 'ginscore games' lists them")
        return game_id

    def read_raw(self, game_id: int):
        """The parsed JSON of a game file and its file version."""
        path = self.game_path(game_id)
        try:
            text = path.read_bytes().decode("utf-8")
        except FileNotFoundError:
            raise GameNotFound(f"there is no game {game_id}: 'ginscore games' lists them") from None
        except UnicodeDecodeError as error:
            raise LedgerError(f"{path}: not UTF-8 text (byte {error.start}); the file was left as it is") from None
        except OSError as error:
            raise LedgerError(f"cannot read {path}: {error.strerror}") from None
        try:
            data = json.loads(text)
        except ValueError as error:
            raise LedgerError(
                f"{path}: not valid JSON ({error.msg} at line {error.lineno} column {error.colno}); "
                "the file was left as it is: fix it by hand or restore it from a backup"
            ) from None
        return data, file_version(data, str(path))

    def load(self, game_id: int | None = None) -> Game:
        game_id = self.resolve(game_id)
        data, _ = self.read_raw(game_id)
        game = decode(data, str(self.game_path(game_id)))
        if game.id != game_id:
            raise LedgerError(f"{self.game_path(game_id)}: id is {game.id}, but the file name says {game_id}")
        return game

    # ---- writing -------------------------------------------------------------------------

    @contextmanager
    def locked(self, create: bool = False):
        """Hold the ledger's exclusive lock; every read-modify-write happens inside it.

        Only ``create`` (starting a game) makes the ledger folder: a command that fails on an
        empty ledger leaves no trace.
        """
        if create:
            self._make_folders()
        elif not self.games_dir.is_dir():
            raise GameNotFound(f"no games in {self.root} yet: start one with 'ginscore new Alice Bob'")
        timeout = float(os.environ.get(ENV_LOCK_TIMEOUT, "5"))
        try:
            handle = open(self.lock_path, "a+b")
        except OSError as error:
            raise LedgerError(f"cannot open the lock file {self.lock_path}: {error.strerror}") from None
        try:
            _acquire(handle, self.lock_path, timeout)
            try:
                yield self
            finally:
                _release(handle)
        finally:
            handle.close()

    def save(self, game: Game) -> None:
        """Write a game; call inside ``locked()``. Keeps a copy of an older-format file first."""
        path = self.game_path(game.id)
        if path.exists():
            data, version = self.read_raw(game.id)
            if version < FILE_VERSION:
                self._keep_old_version(path, version)
        payload = json.dumps(encode(game), indent=2, ensure_ascii=False) + "\n"
        atomic_write(path, payload.encode("utf-8"))

    def next_id(self) -> int:
        ids = self.game_ids()
        return ids[-1] + 1 if ids else 1

    def _keep_old_version(self, path: Path, version: int) -> None:
        copy = self.root / "migrated" / f"{path.stem}.v{version}.json"
        if copy.exists():
            return
        copy.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(copy, path.read_bytes())

    def _make_folders(self) -> None:
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise LedgerError(f"cannot create the ledger folder {self.games_dir}: {error.strerror}") from None


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all or nothing, durable once this returns."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            view = memoryview(data)
            while view:
                written = os.write(descriptor, view)
                view = view[written:]
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        _replace(temporary, path)
        _fsync_folder(path.parent)
    except OSError as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise LedgerError(
            f"could not write {path}: {error.strerror or error}; the ledger still holds its previous state"
        ) from None


def _replace(source: Path, destination: Path) -> None:
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


def _fsync_folder(folder: Path) -> None:
    if os.name == "nt":  # Windows cannot open a directory for fsync; NTFS journals the rename
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _acquire(handle, lock_path: Path, timeout: float) -> None:
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
                    f"the ledger is locked by another ginscore ({lock_path}) and stayed locked for "
                    f"{timeout:g} s: wait for it to finish and try again"
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
