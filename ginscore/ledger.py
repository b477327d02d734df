"""The ledger on disk: one JSON document per game in a folder. This module reads and writes
game files and nothing else; what else happens around a change (the summary index told, the
files saved remembered) is the application service's (``ginscore.book``).

Layout of the ledger folder::

    games/game-000001.json   one game each, see ginscore.schema
    .lock                    taken around every read-modify-write; never the data itself
    .latest                  the id of the newest game, then the current game's when that is
                             older (the newest are voided): a hint checked on use, never the truth
    migrated/                copies of game files as they were before a format upgrade

Files are written with ``safefile.atomic_write`` under the lock, so a crash leaves the old or
the new game, never a mix. Reads take no lock: a reader always sees a whole file.

What a game file's JSON means is the codec's (``ginscore.schema``, handed in by whoever opens
the ledger): this module moves bytes and parsed JSON, and so reaches nothing that scores.
"""

from __future__ import annotations

import json
import os
import re
from contextlib import contextmanager

from ginscore import paths
from ginscore.errors import GameNotFound, GinscoreError, LedgerError, unexpected
from ginscore.i18n import _
from ginscore.jsonfile import Unreadable, parse_json
from ginscore.safefile import atomic_write, exclusive_lock, make_folder, read_regular, reason, same_bytes

GAME_FILE = re.compile(r"^game-(\d{6,})\.json$")
# A cap on what is read: far above anything ginscore writes (ten years of nightly hands make a
# game file well under 1 MiB), low enough that a hostile file cannot eat the memory.
MAX_GAME_BYTES = 16 * 1024 * 1024


class Ledger:
    """The game files of one ledger folder: list, read, write (inside ``locked()``). ``codec``
    turns a file's JSON into a game and back: ``decode(data, where)``, ``encode(game)``,
    ``problems(data)``, ``file_version(data, where)``, ``repair_hint()`` and ``FILE_VERSION``
    (the module ``ginscore.schema``)."""

    def __init__(self, root, codec):
        if root is not None and not os.fspath(root).strip():
            # an empty --ledger is a mistake, not a request for the default ledger
            raise LedgerError(_("--ledger needs a folder path: give one, or leave --ledger out to use the default ledger"))
        self.root = os.path.expanduser(os.fspath(root)) if root is not None else paths.ledger_root()
        self.codec = codec
        if os.path.exists(self.root) and not os.path.isdir(self.root):
            raise LedgerError(_("the ledger must be a folder, but {path} is a file: give a folder with --ledger").format(path=self.root))
        self.games_dir = os.path.join(self.root, "games")
        self.migrated_dir = os.path.join(self.root, "migrated")
        self.lock_path = os.path.join(self.root, ".lock")
        self.latest_path = os.path.join(self.root, ".latest")
        self._lock_depth = 0
        self._versions: dict[int, int] = {}  # file version of each game as loaded

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
                _("cannot read the ledger folder {path}: {reason}").format(path=self.games_dir, reason=reason(error))
            ) from None
        return sorted(int(match.group(1)) for match in map(GAME_FILE.match, names) if match)

    def current_id(self) -> int:
        """The game a command without --game acts on: the most recently started game, finished
        or not, that is not voided (the newest game when every game is). The ``.latest`` hint
        says it, so that a hand costs two stat calls however many games there are."""
        hinted = self._hinted_latest()
        if hinted is not None:
            return hinted[1]
        return self._current_of(self._all_ids())

    def newest_id(self) -> int:
        """The most recently started game, voided or not."""
        hinted = self._hinted_latest()
        return hinted[0] if hinted is not None else self._all_ids()[-1]

    def _all_ids(self) -> list[int]:
        ids = self.game_ids()
        if not ids:
            raise GameNotFound(_("no games in {path} yet: start one with 'ginscore new Alice Bob'").format(path=self.root))
        return ids

    def _current_of(self, ids: list[int]) -> int:
        """The newest of ``ids`` not voided: only the voided games at the end are read."""
        for game_id in reversed(ids):
            try:
                if not self.codec.is_voided(self.read_raw(game_id)):
                    return game_id
            except GinscoreError:  # a damaged game is current: the command says what is wrong
                return game_id
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
            raise LedgerError(_("cannot read {path}: {reason}").format(path=path, reason=reason(error))) from None
        try:
            return parse_json(raw)
        except Unreadable as error:
            raise LedgerError(f"{path}: {error}; {self.codec.repair_hint()}") from None

    def load(self, game_id: int | None = None):
        """The game with id ``game_id`` (default: the current game), as the codec decodes it."""
        game_id = self.resolve(game_id)
        path = self.game_path(game_id)
        data = self.read_raw(game_id)
        game = self.codec.decode(data, str(path))
        if game.id != game_id:
            raise LedgerError(
                f"{path}: "
                + _("id is {id}, but the file name says {game}").format(id=game.id, game=game_id)
                + f"; {self.codec.repair_hint()}"
            )
        self._versions[game_id] = data["file_version"]
        return game

    def problems(self, game_id: int) -> list[str]:
        """Every problem of one game file, each with its place; empty when it loads.

        Whatever goes wrong while reading one game is that game's problem, never the end of
        the listing: even an error ginscore did not foresee is reported as one."""
        try:
            data = parse_json(read_regular(self.game_path(game_id), MAX_GAME_BYTES))
            found = self.codec.problems(data)
        except OSError as error:
            return [_("cannot read the file: {reason}").format(reason=reason(error))]
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

    def file_status(self, game_id: int) -> tuple | None:
        """(modification time in ns, size) of a game file, None when it cannot be seen: how
        the summary index tells a file changed since it was summarised."""
        try:
            status = os.stat(self.game_path(game_id))
        except OSError:
            return None
        return status.st_mtime_ns, status.st_size

    def folder_mtime(self) -> int | None:
        """The games folder's modification time: it changes when a game file is added, removed
        or replaced (by ginscore, a sync client, git, a backup copied in)."""
        try:
            return os.stat(self.games_dir).st_mtime_ns
        except OSError:
            return None

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
            make_folder(self.games_dir)
        elif not os.path.isdir(self.games_dir):
            raise GameNotFound(_("no games in {path} yet: start one with 'ginscore new Alice Bob'").format(path=self.root))
        with exclusive_lock(self.lock_path):
            self._lock_depth = 1
            try:
                yield self
            finally:
                self._lock_depth = 0

    def save(self, game) -> str:
        """Write a game; call inside ``locked()``. Keeps a copy of an older-format file first.
        Returns the file's path."""
        if not self._lock_depth:
            raise RuntimeError("Ledger.save outside Ledger.locked(): the write would race other processes")
        path = self.game_path(game.id)
        version = self._versions.get(game.id)
        is_new = version is None and not os.path.lexists(path)
        if version is None and not is_new:
            version = self.codec.file_version(self.read_raw(game.id), str(path))
        if version is not None and version < self.codec.FILE_VERSION:
            self._keep_old_version(path, version)
        payload = json.dumps(self.codec.encode(game), indent=2, ensure_ascii=False) + "\n"
        atomic_write(path, payload.encode("utf-8"))
        self._versions[game.id] = self.codec.FILE_VERSION
        if is_new:  # a hint pointing at an older game is harmless: _hinted_latest checks it
            try:
                self.remember_latest(game.id)
            except LedgerError:  # the game is saved: a hint not updated (a full disk) costs one listing
                pass
        return path

    def next_id(self) -> int:
        try:
            return self.newest_id() + 1
        except GameNotFound:
            return 1

    def _hinted_latest(self) -> tuple | None:
        """(newest, current) from ``.latest`` ("N", or "N C" when the current game C is older)
        if game N exists and N + 1 does not (and game C exists), else None.

        Listing the games folder costs ~4 ms with 5,000 games; two stat calls do not, so
        recording a hand stays as fast after ten years as on the first night. A stale or
        missing hint (a crash between saving a new game and the hint, a hand-edited folder)
        only means a fallback to the listing.
        """
        try:
            text = read_regular(self.latest_path, 64).strip()
        except OSError:  # missing, or not a plain file (a FIFO would hang a plain open)
            return None
        words = text.split()
        if not 1 <= len(words) <= 2 or not all(word.isascii() and word.isdigit() for word in words):
            return None
        latest, current = int(words[0]), int(words[-1])
        if current > latest or not os.path.exists(self.game_path(latest)) or os.path.exists(self.game_path(latest + 1)):
            return None
        if current != latest and not os.path.exists(self.game_path(current)):
            return None
        return latest, current

    def remember_latest(self, game_id: int, current: int | None = None) -> None:
        """Update the ``.latest`` hint after a new game was saved, or the current game changed
        (inside ``locked()``)."""
        text = f"{game_id}" if current is None or current == game_id else f"{game_id} {current}"
        atomic_write(self.latest_path, f"{text}\n".encode("ascii"))

    def remember_current(self) -> None:
        """Work out the current game anew (after 'void' or 'unvoid'), reading the voided games
        at the end, and keep it in the hint (inside ``locked()``)."""
        ids = self._all_ids()
        try:
            self.remember_latest(ids[-1], self._current_of(ids))
        except LedgerError:  # not kept: the next command works it out again
            try:
                os.unlink(self.latest_path)
            except OSError:
                pass

    def _keep_old_version(self, path: str, version: int) -> None:
        """Copy the file as it is to migrated/ before its first write in the new format."""
        try:
            old = read_regular(path, MAX_GAME_BYTES)
        except OSError as error:
            raise LedgerError(
                _("cannot read {path} to keep a copy of it: {reason}").format(path=path, reason=reason(error))
            ) from None
        make_folder(self.migrated_dir)
        number = 1
        while True:
            suffix = "" if number == 1 else f"-{number}"
            stem = os.path.splitext(os.path.basename(path))[0]
            copy = os.path.join(self.migrated_dir, f"{stem}.v{version}{suffix}.json")
            if not os.path.lexists(copy):
                break
            if same_bytes(copy, old, MAX_GAME_BYTES):  # kept already, by a write that then did not finish
                return
            number += 1
        atomic_write(copy, old)
