"""The ledger on disk: the game files of one ledger folder. This module reads and writes game
files and nothing else; what else happens around a change (the summary index told, the files
saved remembered) is the application service's (``ginscore.app.book``).

Layout of the ledger folder, which a file syncer or git may share between devices::

    games/game-ID.DEVICE.json   one device's file of game ID (ginscore.store.game_file): the game as
                                started and the entries that device recorded, written by it alone
                                (no syncer has two versions to choose from); a game is their union
    games/game-NNNNNN.json      a game from before devices (file versions 1 to 3): read as it
                                is, never written again; its later entries go to device files
    conflicts/                  conflict copies a syncer made, once folded in ('ginscore check')
    migrated/                   copies an older ginscore kept before a format upgrade (never read)

What is this device's own lives outside the folder (``paths.state_root()``/ledgers/KEY): the
lock taken around every read-modify-write, the current game, its clock (``store.device_clock``);
caches: the devices whose files the games folder holds, a note of the file written last
(``store.written``). Files are written with ``safefile.atomic_write`` under the lock, so a crash
leaves the old or the new file, never a mix. Reads take no lock: a reader always sees whole files.

What a game file's JSON means is the codec's (``ginscore.store.game_file``, handed in by whoever opens
the ledger): this module moves bytes and parsed JSON, and so reaches nothing that scores.
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager

from ginscore.base import paths
from ginscore.base.device import device_id
from ginscore.base.errors import GameNotFound, GinscoreError, LedgerError, clipped, shown, unexpected
from ginscore.base.i18n import _
from ginscore.base.ids import DEVICE_ID, GAME_ID, GAME_ID_LENGTH, digest, made_id, order_key
from ginscore.base.jsonfile import MAX_NUMBER_DIGITS, Unreadable, canonical, parse_json, remembered  # noqa: F401 - canonical for merging, settlements
from ginscore.base.safefile import atomic_write, exclusive_lock, make_folder, read_regular, reason, write_unsynced
from ginscore.base.syncnames import conflict_copy, unplaced_copy  # noqa: F401 - checks and merging place names with them

# game-000001.json (from before devices) and game-ID.DEVICE.json
GAME_FILE = re.compile(r"^game-(?P<id>[0-9a-z]+)(?:\.(?P<device>[0-9a-z]+))?\.json$")
# A cap on what is read: far above anything ginscore writes (ten years of nightly hands make a
# game file well under 1 MiB), low enough that a hostile file cannot eat the memory.
MAX_GAME_BYTES = 16 * 1024 * 1024
# The last game files parsed, decoded, merged (jsonfile.remembered) and written (store.written).
PARSED, DECODED, MERGED, WRITTEN = [], [], [], []
KEPT_GAMES = 64  # games whose loaded entry ids a ledger keeps: a whole-ledger read holds no more
RECENT = 20  # games this device started or moved to, remembered for 'the current game'


def game_stem(game_id: str) -> str:
    """``game-000001`` for a numbered game (as its file from before devices is named), else ``game-ID``."""
    return f"game-{int(game_id):06d}" if game_id.isdigit() else f"game-{game_id}"


def parse_name(name: str):
    """(game id, device or None) of a game file's name, or None for any other name."""
    match = GAME_FILE.match(name)
    if not match:
        return None
    game_id, device = match.group("id"), match.group("device")
    if game_id.isdigit():
        if len(game_id) > MAX_NUMBER_DIGITS or game_id.strip("0") == "" or game_stem(str(int(game_id))) != f"game-{game_id}":
            return None  # --game reaches every one listed; game-0000012.json is not the name of game 12's file
        return str(int(game_id)), device
    return (game_id, device) if device is not None and GAME_ID.match(game_id) else None


class Ledger:
    """The game files of one ledger folder: list, read, write (inside ``locked()``). ``codec``
    turns a file's JSON into a game and back: ``decode(data, where)``, ``encode(game, entries,
    device)``, ``problems(data)``, ``is_voided(data)``, ``repair_hint()`` and ``FILE_VERSION``
    (the module ``ginscore.store.game_file``); ``device`` is this device's id (a function, asked only
    when something is written)."""

    def __init__(self, root, codec, device=None):
        if root is not None and not os.fspath(root).strip():
            # an empty --ledger is a mistake, not a request for the default ledger
            raise LedgerError(_("--ledger needs a folder path: give one, or leave --ledger out to use the default ledger"))
        self.root = os.path.expanduser(os.fspath(root)) if root is not None else paths.ledger_root()
        self.codec = codec
        if os.path.exists(self.root) and not os.path.isdir(self.root):
            raise LedgerError(_("the ledger must be a folder, but {path} is a file: give a folder with --ledger").format(path=self.root))
        self.games_dir = os.path.join(self.root, "games")
        self.conflicts_dir = os.path.join(self.root, "conflicts")
        key = paths.ledger_key(self.root)
        self.local_dir = os.path.join(paths.state_root(), "ledgers", key)
        self.cache_dir = os.path.join(paths.cache_root(), "ledgers", key)
        self.lock_path = os.path.join(self.local_dir, "lock")
        self.current_path, self.clock_path = os.path.join(self.local_dir, "current"), os.path.join(self.local_dir, "clock")
        self.devices_path, self.written_path = os.path.join(self.cache_dir, "devices"), os.path.join(self.cache_dir, "written")
        self._device_of = device or device_id
        self._lock_depth = 0
        self._known_memo = None  # (folder time, what _known found then), within one command
        self._listed = None  # game id -> its files' names, within ``listed()``
        # () -> the game a device that started none carries on, or None: set by the application
        # service, which asks the summary index (see carried_on)
        self.choose_current = None
        self._carried = None  # the game carried_on chose in this command
        self.carried_path = os.path.join(self.cache_dir, "carried-on")
        self._loaded: dict[str, list] = {}  # game id -> [(path, its entry ids)] as last loaded
        self.read_bytes: dict[str, list] = {}  # game id -> [(path, its bytes)] as last loaded or saved
        self.written_by: dict[str, list] = {}  # game id -> [(path, the device its content names)] as last loaded (app.game_notes.misnamed)
        self.changes = 0  # how many files of the ledger this Ledger wrote or moved ('check' says so)

    @property
    def device(self) -> str:
        """This device's id, asked only when something is written (it is made on first use)."""
        return self._device_of()

    # ---- the folder --------------------------------------------------------------------------

    def listing(self) -> dict:
        """Every game file in the folder: game id -> [(name, device or None)], and under the
        key None the conflict copies [(name, the name it is a copy of)]."""
        try:
            names = os.listdir(self.games_dir)
        except FileNotFoundError:
            return {}
        except OSError as error:
            raise LedgerError(
                _("cannot read the ledger folder {path}: {reason}").format(path=self.games_dir, reason=reason(error))
            ) from None
        found: dict = {}
        for name in sorted(names):
            parsed = parse_name(name)
            if parsed is not None:
                found.setdefault(parsed[0], []).append((name, parsed[1]))
                continue
            copy = conflict_copy(name)
            if copy and parse_name(f"{copy.group('base')}.json") is not None:
                found.setdefault(None, []).append((name, f"{copy.group('base')}.json"))
        return found

    def game_ids(self) -> list[str]:
        return sorted((game_id for game_id in self.listing() if game_id is not None), key=order_key)

    def conflict_copies(self) -> list[tuple]:
        """(copy's name, the name it is a copy of) of every syncer's conflict copy of a game file."""
        return self.listing().get(None, [])

    def folder_mtime(self) -> int | None:
        """The games folder's modification time: it changes when a game file is added, removed
        or replaced (by ginscore, a sync client, git, a backup copied in)."""
        try:
            return os.stat(self.games_dir).st_mtime_ns
        except OSError:
            return None

    def _known(self) -> tuple:
        """(devices with a file in the folder, conflict copies waiting) as the cache says, read
        again from the folder whenever the folder changed since the cache was written."""
        mtime = self.folder_mtime()
        if self._known_memo is not None and self._known_memo[0] == mtime:
            return self._known_memo[1]
        try:  # MTIME COPIES DEVICE... CHECK: a line cut short or changed is read again from the folder
            *words, check = read_regular(self.devices_path, 64 * 1024).decode("ascii").split() or [""]
            if len(words) >= 2 and check == digest(" ".join(words), 8) and words[0] == str(mtime) and words[1].isdigit() and len(words[1]) < 10 and all(map(DEVICE_ID.match, words[2:])):
                self._known_memo = (mtime, (words[2:], int(words[1])))
                return words[2:], int(words[1])
        except (OSError, UnicodeDecodeError):
            pass
        listing = self.listing()
        devices = sorted({device for game_id, files in listing.items() if game_id is not None for _name, device in files if device})
        copies = len(listing.get(None, []))
        self._remember_known(mtime, devices, copies)
        return devices, copies

    def _remember_known(self, mtime, devices, copies: int) -> None:
        self._known_memo = (mtime, (devices, copies))
        if mtime is None:
            return
        try:
            make_folder(self.cache_dir)
            line = " ".join([str(mtime), str(copies), *devices])
            write_unsynced(self.devices_path, f"{line} {digest(line, 8)}\n".encode("ascii"))
        except (GinscoreError, OSError):  # a cache not kept costs one listing next time
            pass

    def waiting_copies(self) -> int:  # how many conflict copies a syncer left (cheap: from the cache)
        return self._known()[1] if os.path.isdir(self.games_dir) else 0

    def files_of(self, game_id: str) -> list[str]:
        """The paths of every file of game ``game_id``, its file from before devices first."""
        if self._listed is not None:
            return [os.path.join(self.games_dir, name) for name in self._listed.get(game_id, ())]
        stem = os.path.join(self.games_dir, game_stem(game_id))
        found = [f"{stem}.json"] if game_id.isdigit() and os.path.lexists(f"{stem}.json") else []
        devices, _copies = self._known()
        return found + [path for path in (f"{stem}.{device}.json" for device in devices) if os.path.lexists(path)]

    @contextmanager
    def listed(self):
        """Yields every game id (as ``game_ids``); within, ``files_of`` answers from that one
        listing: a build that reads every game lists the folder once, not three times a game."""
        listing = self.listing()
        self._listed = {game_id: [name for name, _device in sorted(files, key=lambda file: file[1] is not None)]
                        for game_id, files in listing.items() if game_id is not None}
        try:
            yield sorted(self._listed, key=order_key)
        finally:
            self._listed = None

    def own_path(self, game_id: str) -> str:
        return os.path.join(self.games_dir, f"{game_stem(game_id)}.{self.device}.json")

    # ---- which game ---------------------------------------------------------------------------

    def resolve(self, game_id: str | None) -> str:
        """The game a command acts on: ``game_id`` as typed (a whole id, a unique beginning of
        one, or the number of an older game), else the current game."""
        if game_id is None:
            return self.current_id()
        typed = str(game_id).strip().lower()
        if typed.isdigit():
            typed = str(int(typed))
        if GAME_ID.match(typed) and self.files_of(typed):
            return typed
        if typed and not typed.isdigit():
            matches = [known for known in self.game_ids() if made_id(known) and known.startswith(typed)]
            if len(matches) == 1:
                return matches[0]
            if matches:
                raise GameNotFound(
                    _("{typed} is the beginning of games {games}: type more of the id").format(
                        typed=shown(str(game_id)), games=", ".join(matches[:5])
                    )
                )
        raise GameNotFound(_("there is no game {game}: 'ginscore games' lists them").format(game=shown(str(game_id))))

    def current_id(self) -> str:
        """The game a command without --game acts on: the game this device last started (or
        moved to), unless it was voided since; on a device that started none, the game it
        carries on (``carried_on``). Kept in this device's own folder: two devices sharing a
        ledger each have their own current game."""
        own = self.own_current()
        if own is not None:
            return own
        self._carried = self.carried_on()
        return self._carried

    def own_current(self) -> str | None:
        """The game this device last started or moved to that is there and not voided, or None."""
        for game_id in self._recent():
            if self.files_of(game_id) and not self._is_voided(game_id):
                return game_id
        return None

    def _recent(self) -> list[str]:
        try:
            words = read_regular(self.current_path, 4096).decode("ascii").split()
        except (OSError, UnicodeDecodeError):
            return []
        return [word for word in words if GAME_ID.match(word)]

    def carried_on(self) -> str:
        """The game a device that started none carries on (see ``ginscore.store.carry_on``)."""
        from ginscore.store.carry_on import carried_on

        return carried_on(self)

    def _is_voided(self, game_id: str) -> bool:
        try:
            return self.codec.is_voided([data for _path, data in self.read_parts(game_id)])
        except GinscoreError:  # a damaged game is current: the command says what is wrong
            return False

    def remember_current(self, game_id: str | None = None) -> None:
        """Make ``game_id`` this device's current game (inside ``locked()``); without one, after
        'void' or 'unvoid', keep the list as it is: the next command skips voided games."""
        recent = self._recent()
        if game_id is not None:
            recent = [game_id] + [known for known in recent if known != game_id]
        try:
            make_folder(self.local_dir)
            atomic_write(self.current_path, ("\n".join(recent[:RECENT]) + "\n").encode("ascii"), in_ledger=False)
        except GinscoreError:  # not kept: the next command works it out from the files
            pass

    def new_id(self, clock: int) -> str:
        """An id for a game started now on this device: made from the device and its clock, so
        that no other device can make it; checked against the folder all the same."""
        for attempt in range(100):
            game_id = digest(f"{self.device}:{clock}:{attempt}", GAME_ID_LENGTH)
            if not self.files_of(game_id):
                return game_id
        raise LedgerError(_("could not find a free game id: run 'ginscore check'"))

    # ---- reading ------------------------------------------------------------------------------

    def read_parts(self, game_id: str, parse: bool = True) -> list[tuple]:
        """(path, parsed JSON, or its bytes) of every file of the game; raises GameNotFound or LedgerError."""
        paths_ = self.files_of(game_id)
        if not paths_:
            raise GameNotFound(_("there is no game {game}: 'ginscore games' lists them").format(game=game_id))
        return [(path, self.read_json(path, parse=parse)) for path in paths_]

    def read_json(self, path: str, raw: bytes | None = None, parse: bool = True):
        try:
            raw = read_regular(path, MAX_GAME_BYTES) if raw is None else raw
        except FileNotFoundError:
            raise GameNotFound(_("cannot read {path}: {reason}").format(path=path, reason=_("it is gone"))) from None
        except OSError as error:
            raise LedgerError(_("cannot read {path}: {reason}").format(path=path, reason=reason(error))) from None
        return remembered(PARSED, path, raw, self._parse) if parse else raw  # read moments ago (is it voided?): parsed once

    def _parse(self, path: str, raw: bytes):
        try:
            if raw in WRITTEN:  # read back: made from the pieces it was written from
                from ginscore.store.written import parsed_as_written
                return parsed_as_written(raw)
            return parse_json(raw)
        except Unreadable as error:
            raise LedgerError(f"{path}: {clipped(error, self.codec.repair_hint())}; {self.codec.repair_hint()}") from None

    def load(self, game_id: str | None = None):
        """The game ``game_id`` (default: the current game): every device's file, merged."""
        game_id = self.resolve(game_id)
        # the same bytes decoded and merged once a process (jsonfile.remembered): a Game is never changed in place
        decode, read = self.codec.decode, self.read_parts(game_id, parse=False)
        parts = [(path, remembered(DECODED, path, raw, lambda path, raw: decode(self.read_json(path, raw), path, raw in WRITTEN))) for path, raw in read]
        self._keep(self.read_bytes, game_id, read)  # the bytes this game was made of (``base.content``)
        game = remembered(MERGED, game_id, parts, lambda game_id, parts: self.codec.merge(game_id, parts, self.codec.repair_hint()))
        self._keep(self._loaded, game_id, [(path, {entry["id"] for entry in part.journal}) for path, part in parts])
        self._keep(self.written_by, game_id, [(path, part.device) for path, part in parts])
        return game

    @staticmethod
    def _keep(kept: dict, game_id: str, value: list) -> None:  # a save reads a game let go again
        kept.pop(game_id, None)
        kept[game_id] = value
        if len(kept) > KEPT_GAMES:
            del kept[next(iter(kept))]

    def file_problems(self, game_id: str) -> list[tuple]:
        """(path, problem) for every problem of one game's files (``store.file_checks``)."""
        from ginscore.store.file_checks import file_problems  # only 'check' and 'backup' ask

        return file_problems(self, game_id, MAX_GAME_BYTES)

    def damage(self, game_id: str, error: Exception) -> str:
        """An error met while reading or evaluating one game, as that game's problem: a
        GinscoreError as it says, anything else as an unexpected error naming the game."""
        if isinstance(error, GinscoreError):
            return str(error)
        return _("game {game}: {problem}").format(game=game_id, problem=unexpected(error))

    def file_status(self, game_id: str) -> str | None:
        """The names, modification times and sizes of a game's files, in one string: how the
        summary index tells a game changed since it was summarised; None when none is seen."""
        parts = []
        for path in self.files_of(game_id):
            try:
                status = os.stat(path)
            except OSError:
                continue
            parts.append(f"{os.path.basename(path)}:{status.st_mtime_ns}:{status.st_size}")
        return " ".join(parts) or None

    # ---- writing ------------------------------------------------------------------------------

    @contextmanager
    def locked(self, create: bool = False):
        """Hold this device's lock of the ledger; every read-modify-write happens inside it.

        Only ``create`` (starting a game) makes the ledger folder: a command that fails on an
        empty ledger leaves no trace in it. The lock is this device's own (outside the ledger
        folder): other devices never write this device's files. Re-entrant within one Ledger,
        since a second flock on a new descriptor in the same process would wait for itself.
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
        make_folder(self.local_dir)
        with exclusive_lock(self.lock_path):
            self._lock_depth = 1
            try:
                yield self
            finally:
                self._lock_depth = 0

    def save(self, game, new: bool = False, current: bool = True) -> str:
        """Write this device's file of ``game`` (inside ``locked()``): the game as started and every
        entry the file of the device that wrote it (or the file from before devices) does not
        hold; a ``new`` one becomes ``current``. Returns its path. (Not "no other file": after a
        merge two files hold an entry, and two devices writing apart would each leave it out.)"""
        if not self._lock_depth:
            raise RuntimeError("Ledger.save outside Ledger.locked(): the write would race other processes")
        path = self.own_path(game.id)
        if not new and game.id not in self._loaded:
            self.load(game.id)
        loaded = [] if new else self._loaded[game.id]
        held, stem = {other: ids for other, ids in loaded if other != path}, os.path.join(self.games_dir, game_stem(game.id))
        before_devices = held.get(f"{stem}.json", ())
        entries = [entry for entry in game.journal if entry["id"] not in before_devices
                   and entry["id"] not in held.get(f"{stem}.{entry.get('device')}.json", ())]
        from ginscore.store.device_clock import note_clock  # only where a file is written
        from ginscore.store.written import file_bytes, note, vouched
        vouched(self.written_path, path, PARSED)  # the texts of its entries, cut out of the file this device wrote
        device = self.device  # asked once: a property that reads this device's id from its file
        payload = file_bytes(self.codec.encode(game, entries, device), entries)
        devices_before = self._known()
        atomic_write(path, payload)
        self.changes += 1
        note_clock(self.clock_path, max([game.clock if new else 0, *(entry["clock"] for entry in entries if entry["device"] == device)]))
        WRITTEN[:] = [payload, *WRITTEN[:3]]
        self._keep(self._loaded, game.id, [item for item in loaded if item[0] != path] + [(path, {entry["id"] for entry in entries})])
        self._keep(self.read_bytes, game.id, [*(item for item in self.read_bytes.get(game.id, ()) if item[0] != path), (path, payload)])
        # The folder changed by this write only: the cache of its devices stays true
        devices = sorted(set(devices_before[0]) | {device})
        self._remember_known(self.folder_mtime(), devices, devices_before[1])
        note(self.written_path, path, payload)
        if new and current:
            self.remember_current(game.id)
        elif not new and game.id == self._carried and not self._recent():
            # a device that started no game records in the game it carries on: that game is its
            # own from now on (finishing it keeps it, as on the device that started it)
            self.remember_current(game.id)
        return path

    def write_aside(self, name: str) -> str:
        """Move a conflict copy (a name in games/, or a path) into conflicts/, never over another file."""
        source, name = os.path.join(self.games_dir, name), os.path.basename(name)
        make_folder(self.conflicts_dir)
        (stem, extension), target, number = os.path.splitext(name), os.path.join(self.conflicts_dir, name), 1
        while os.path.lexists(target):  # never over another copy: the next number free
            number += 1
            target = os.path.join(self.conflicts_dir, f"{stem}.{number}{extension}")
        before = self.folder_mtime()
        try:
            os.rename(source, target)
        except OSError as error:
            raise LedgerError(_("cannot move {path} aside: {reason}").format(path=name, reason=reason(error))) from None
        self.changes += 1
        if self._known_memo and self._known_memo[0] == before and os.path.dirname(source) == self.games_dir:
            # one copy fewer, known without listing the folder again: folding copies stays linear
            self._known_memo = (self.folder_mtime(), (self._known_memo[1][0], max(self._known_memo[1][1] - 1, 0)))
        return target

