"""A simulated two-way file syncer, for the tests of one ledger on several devices (issue #19).

``Syncer(folders, style)`` keeps folder trees of any files in step the way Syncthing, Dropbox or
the Nextcloud desktop client do, conflicts included. Each ``sync()`` is one round among the
devices that are online (all, or ``between=``): every folder is scanned against what it held
after its last round, and what changed on one device reaches the others (content and mtime).

Under the hood every file of every folder carries a version vector (device -> counter), as
Syncthing's do: a version that descends from another replaces it; two that do not (changed on
two devices while apart) are a conflict, unless they hold the same bytes. A deletion is a
version too; in a conflict between a change and a deletion the change wins (all three syncers).

The styles differ in who wins a conflict and where the losing version goes:

- ``syncthing`` (peer to peer, no server): the newer mtime wins (a tie: the author with the
  larger device id loses); each device holding the losing version renames it
  ``NAME.sync-conflict-YYYYMMDD-HHMMSS-DEVICEID.EXT`` (DEVICEID: who last changed the losing
  version), and that file syncs like any other from the next round on. A conflict on a file that
  is itself a conflict copy keeps no copy: the losing version is dropped (Syncthing's
  ``moveForConflict``). At most ``max_conflicts`` (Syncthing's default: 10) copies of one file
  are kept on a device; the oldest go.
- ``dropbox`` (a server): the version that reaches the server first wins (the first folder in
  the list among those that changed it; a version already on the server wins over every
  other); the server keeps the other as ``NAME (HOST's conflicted copy YYYY-MM-DD).EXT`` and
  every device receives it in the same round.
- ``nextcloud`` (a server): the server's version wins as with Dropbox; the losing client renames
  its own version ``NAME (conflicted copy YYYY-MM-DD HHMMSS).EXT`` and downloads the winner.
  Nextcloud never uploads conflict copies: such files stay on the device that has them.

For Dropbox and Nextcloud the server is always there: a device syncing alone still gets what
others uploaded. For Syncthing only the devices in the round exchange anything.

Timestamps in conflict names are UTC and taken from the losing version's mtime unless a
``clock`` is given (the real syncers use the time the conflict was met; Nextcloud the local
file's mtime). Directories follow the files: made for a file that arrives, removed when a sync
deletes their last file; an empty directory is not synced. Hidden files are synced; names
matching the ``ignore`` set (fnmatch patterns, matched against every part of a path) and each
syncer's own files (``.stfolder``, ``.dropbox.cache``, ``.sync_*.db*``) are not. Nothing outside
the given folders is ever touched (the server lives in memory).
"""

from __future__ import annotations

import fnmatch
import glob
import hashlib
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable

STYLES = ("syncthing", "dropbox", "nextcloud")
SERVER = "~server"  # the author of a file the Dropbox server made (a conflicted copy)
OWN_FILES = {  # what each syncer never syncs by default: its own files, a few well-known temporaries
    "syncthing": {".stfolder", ".stversions", ".stignore", ".syncthing.*.tmp", "~syncthing~*.tmp"},
    "dropbox": {".dropbox", ".dropbox.cache", ".dropbox.attr", "desktop.ini", "Thumbs.db", ".DS_Store"},
    "nextcloud": {".sync_*.db*", "._sync_*.db*", ".owncloudsync.log*", ".~lock.*", "~$*", "*.part", "*.filepart"},
}
CONFLICT_PATTERNS = {
    "syncthing": re.compile(r"\.sync-conflict-\d{8}-\d{6}(-[A-Z0-9]+)?(\.|$)"),
    "dropbox": re.compile(r" \([^()]*conflicted copy [^()]*(\(\d+\))?\)"),
    "nextcloud": re.compile(r" \(conflicted copy [^()]*\)|_conflict-\d{8}-\d{6}"),
}
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


class SyncerError(Exception):
    """Something a real syncer would refuse or a test cannot mean (a file where a folder is)."""


@dataclass(frozen=True)
class Version:
    """One version of one path on one device: the vector, the content's hash (None: deleted),
    its mtime in ns and who made it."""

    vector: tuple[tuple[str, int], ...]
    digest: str | None
    mtime_ns: int
    author: str

    def counters(self) -> dict[str, int]:
        return dict(self.vector)


def _vector(counters: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(counters.items()))


def _compare(a: Version, b: Version) -> str:
    """'equal', 'newer' (a descends from b), 'older' or 'concurrent'."""
    ca, cb = a.counters(), b.counters()
    keys = ca.keys() | cb.keys()
    ge = all(ca.get(k, 0) >= cb.get(k, 0) for k in keys)
    le = all(ca.get(k, 0) <= cb.get(k, 0) for k in keys)
    return "equal" if ge and le else "newer" if ge else "older" if le else "concurrent"


def _merged(a: Version, b: Version) -> tuple[tuple[str, int], ...]:
    ca, cb = a.counters(), b.counters()
    return _vector({k: max(ca.get(k, 0), cb.get(k, 0)) for k in ca.keys() | cb.keys()})


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def put(folder: Path, rel: str, data: bytes | str, mtime: float | None = None) -> Path:
    """Write ``data`` to ``folder/rel`` (parents made), with ``mtime`` (seconds) if given."""
    path = Path(folder, rel)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    if mtime is not None:
        os.utime(path, ns=(int(mtime * 1e9), int(mtime * 1e9)))
    return path


def tree(folder: Path, ignore: Iterable[str] = ()) -> dict[str, bytes]:
    """Every file under ``folder`` (relative POSIX path -> bytes), but names matching ``ignore``."""
    files = {}
    folder = Path(folder)
    if not folder.is_dir():
        return files
    for root, dirs, names in os.walk(folder):
        rel_root = Path(root).relative_to(folder)
        dirs[:] = sorted(d for d in dirs if not _matches(d, ignore))
        for name in sorted(names):
            if not _matches(name, ignore):
                files[(rel_root / name).as_posix()] = Path(root, name).read_bytes()
    return files


def _matches(name: str, patterns: Iterable[str]) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)


def _go_ext(name: str) -> str:
    """The extension as Syncthing (Go's filepath.Ext) takes it: from the last dot, even a leading one."""
    dot = name.rfind(".")
    return name[dot:] if dot >= 0 else ""


def _py_ext(name: str) -> str:
    """The extension as Dropbox and Nextcloud take it: a leading dot starts no extension."""
    return os.path.splitext(name)[1]


@dataclass
class _Held:
    """What the fold of one path holds so far: the winning version (its vector merged with those
    it beat), its bytes, the devices' versions it stands for and the versions that lost."""

    version: Version
    data: bytes | None
    sources: list[Version]
    losers: list[tuple[Version, bytes]] = field(default_factory=list)


class Syncer:
    """A two-way syncer between ``folders`` (one per device) in the manner of ``style``.

    ``names``: each device's id (Syncthing, default ``AAAAAAA``, ``BBBBBBB``, ...) or host name
    (Dropbox, default each folder's parent's name, or ``device1``, ...; Nextcloud names no
    device unless ``user`` is given: ``NAME (conflicted copy USER DATE TIME).EXT``)."""

    def __init__(self, folders: list[Path], style: str = "syncthing", names: list[str] | None = None,
                 ignore: Iterable[str] = (), clock: Callable[[], float] | None = None,
                 max_conflicts: int = 10, user: str | None = None, markers: bool = False):
        if style not in STYLES:
            raise SyncerError(f"style must be one of {', '.join(STYLES)}, not {style!r}")
        self.folders = [Path(f) for f in folders]
        self.style = style
        self.names = list(names) if names else self._default_names()
        if len(set(self.names)) != len(self.folders):
            raise SyncerError(f"one distinct name per folder, got {self.names}")
        self.ignore = set(ignore) | OWN_FILES[style]
        self.clock = clock
        self.max_conflicts = max_conflicts
        self.user = user
        self.versions: list[dict[str, Version]] = [{} for _ in self.folders]
        self.server: dict[str, tuple[Version, bytes | None]] = {}
        self.rounds = 0
        if markers:
            for folder in self.folders:
                self._marker(folder)

    @classmethod
    def of(cls, devices: list, style: str = "syncthing", **kwargs) -> Syncer:
        """A syncer between the ledgers of ``devices`` (``Device``); Dropbox hosts are their names."""
        if style == "dropbox" and "names" not in kwargs:
            kwargs["names"] = [d.name for d in devices]
        return cls([d.ledger for d in devices], style, **kwargs)

    def _default_names(self) -> list[str]:
        if self.style == "syncthing":
            return [B32[i % 32] * 7 for i in range(len(self.folders))]
        parents = [f.parent.name for f in self.folders]
        if all(parents) and len(set(parents)) == len(parents):
            return parents
        return [f"device{i + 1}" for i in range(len(self.folders))]

    def _marker(self, folder: Path) -> None:
        """The syncer's own files in the folder, as the real ones leave them (never synced)."""
        folder.mkdir(parents=True, exist_ok=True)
        if self.style == "syncthing":
            (folder / ".stfolder").mkdir(exist_ok=True)
        elif self.style == "dropbox":
            (folder / ".dropbox.cache").mkdir(exist_ok=True)
        else:
            (folder / ".sync_0123456789ab.db").write_bytes(b"SQLite format 3\x00")

    # --- rounds -----------------------------------------------------------------------------

    def sync(self, rounds: int = 1, between: Iterable[int | Path] | None = None) -> list[str]:
        """``rounds`` rounds among all devices or those ``between`` (indexes or folders); the
        list of what was done ("scan 0: changed a.json", "write 1: a.json", ...)."""
        group = self._group(between)
        done: list[str] = []
        for _ in range(rounds):
            done += self._round(group)
        return done

    def settle(self, between: Iterable[int | Path] | None = None, cap: int = 10) -> int:
        """Sync until a round does nothing; the number of rounds that did something. A syncer
        that still moves after ``cap`` rounds is an error (ping-pong)."""
        group = self._group(between)
        for count in range(cap + 1):
            if not self._round(group):
                return count
        raise SyncerError(f"still changing after {cap} rounds")

    def _group(self, between) -> list[int]:
        if between is None:
            return list(range(len(self.folders)))
        group = set()
        for member in between:
            group.add(member if isinstance(member, int) else self.folders.index(Path(member)))
        return sorted(group)

    def _round(self, group: list[int]) -> list[str]:
        self.rounds += 1
        done: list[str] = []
        disks = {i: self._scan(i, done) for i in group}
        paths = set(self.server) if self.style != "syncthing" else set()
        for i in group:
            paths |= self.versions[i].keys()
        for path in sorted(paths):
            self._sync_path(path, group, disks, done)
        return done

    def _scan(self, i: int, done: list[str]) -> dict[str, bytes]:
        """Folder ``i``'s files now; a new version for every path that changed since its last round."""
        folder = self.folders[i]
        files = {p: d for p, d in tree(folder, self.ignore).items() if not self._local_only(p)}
        known = self.versions[i]
        for path in sorted(files.keys() | known.keys()):
            old = known.get(path)
            data = files.get(path)
            new_digest = digest(data) if data is not None else None
            if old is None and data is None or old is not None and old.digest == new_digest:
                continue
            counters = old.counters() if old else {}
            counters[self.names[i]] = counters.get(self.names[i], 0) + 1
            mtime = (folder / path).stat().st_mtime_ns if data is not None else (old.mtime_ns if old else 0)
            known[path] = Version(_vector(counters), new_digest, mtime, self.names[i])
            done.append(f"scan {i}: {'deleted' if data is None else 'changed'} {path}")
        return files

    def _local_only(self, path: str) -> bool:
        """Nextcloud keeps its conflict copies on the device that made them."""
        return self.style == "nextcloud" and bool(CONFLICT_PATTERNS["nextcloud"].search(Path(path).name))

    def _sync_path(self, path: str, group: list[int], disks: dict, done: list[str]) -> None:
        held: _Held | None = None
        entries: list[tuple[Version, bytes | None]] = []
        if self.style != "syncthing" and path in self.server:
            entries.append(self.server[path])
        for i in group:
            if path in self.versions[i]:
                entries.append((self.versions[i][path], disks[i].get(path)))
        for version, data in entries:
            if held is None:
                held = _Held(version, data, [version])
                continue
            relation = _compare(version, held.version)
            if relation == "newer":
                held.version, held.data, held.sources = version, data, [version]
            elif relation == "concurrent":
                self._resolve(held, version, data)
        if held is None:
            return
        final = held.version
        if self.style != "syncthing":
            self.server[path] = (final, held.data)
        losers = {loser.vector for loser, _ in held.losers}
        for i in group:
            mine = self.versions[i].get(path)
            if mine is not None and mine.vector in losers and self.style != "dropbox":
                self._keep_loser(i, path, mine, done)
            elif mine is not None and mine.digest == final.digest:
                self.versions[i][path] = final
                continue
            self._apply(i, path, final, held.data, done)
        if self.style == "dropbox":
            kept = set()
            for loser, data in held.losers:
                if loser.digest not in kept:  # one copy of each losing content
                    kept.add(loser.digest)
                    self._server_copy(path, loser, data, group, done)

    def _resolve(self, held: _Held, version: Version, data: bytes | None) -> None:
        """Two versions that do not descend from one another: the style picks the winner."""
        mine = held.version
        vector = _merged(mine, version)
        if mine.digest == version.digest:
            held.version = replace(mine, vector=vector)
            held.sources.append(version)
            return
        if mine.digest is None or version.digest is None:  # a change beats a deletion
            newer_wins = mine.digest is None
        elif self.style == "syncthing":
            key_mine = (mine.mtime_ns, [-B32.find(c) for c in mine.author])
            key_other = (version.mtime_ns, [-B32.find(c) for c in version.author])
            newer_wins = key_other > key_mine
        else:  # Dropbox, Nextcloud: what the server (or the first device) has wins
            newer_wins = False
        if newer_wins:
            if mine.digest is not None:
                held.losers += [(source, held.data) for source in held.sources]
            held.version, held.data, held.sources = replace(version, vector=vector), data, [version]
        else:
            if version.digest is not None:
                held.losers.append((version, data))
            held.version = replace(mine, vector=vector)

    # --- what happens on disk ---------------------------------------------------------------

    def _apply(self, i: int, path: str, final: Version, data: bytes | None, done: list[str]) -> None:
        """Device ``i`` takes ``final``: written (content and mtime) or deleted."""
        self.versions[i][path] = final
        target = self.folders[i] / path
        if final.digest is None:
            if target.is_file():
                target.unlink()
                done.append(f"delete {i}: {path}")
                self._prune(i, target.parent)
            return
        if target.is_dir():
            raise SyncerError(f"{target} is a folder where the other devices have a file")
        for parent in reversed(Path(path).parents[:-1]):
            if (self.folders[i] / parent).is_file():
                raise SyncerError(f"{self.folders[i] / parent} is a file where the other devices have a folder")
        target.parent.mkdir(parents=True, exist_ok=True)
        temp = target.with_name(f".{target.name}.syncer-tmp")
        temp.write_bytes(data)
        os.utime(temp, ns=(final.mtime_ns, final.mtime_ns))
        os.replace(temp, target)
        done.append(f"write {i}: {path}")

    def _prune(self, i: int, directory: Path) -> None:
        root = self.folders[i]
        while directory != root and directory.is_dir() and not any(directory.iterdir()):
            directory.rmdir()
            directory = directory.parent

    def _keep_loser(self, i: int, path: str, loser: Version, done: list[str]) -> None:
        """Syncthing, Nextcloud: device ``i`` renames its losing version to a conflict copy."""
        source = self.folders[i] / path
        if not source.is_file():
            return
        if self.style == "syncthing" and CONFLICT_PATTERNS["syncthing"].search(source.name):
            done.append(f"drop {i}: {path} (already a conflict copy)")
            return  # Syncthing: "already a conflict copy; not copying again"
        name = self._free_name(path, loser, lambda n: (self.folders[i] / n).exists())
        os.rename(source, self.folders[i] / name)
        done.append(f"conflict {i}: {path} -> {name}")
        if self.style == "syncthing" and self.max_conflicts >= 0:
            self._trim_conflicts(i, path, done)

    def _trim_conflicts(self, i: int, path: str, done: list[str]) -> None:
        folder = (self.folders[i] / path).parent
        base = Path(path).name
        ext = _go_ext(base)
        stem = base[: len(base) - len(ext)]
        copies = sorted((p.name for p in folder.glob(f"{glob.escape(stem)}.sync-conflict-*{glob.escape(ext)}")),
                        reverse=True)
        for name in copies[self.max_conflicts:]:
            (folder / name).unlink()
            done.append(f"trim {i}: {name}")

    def _server_copy(self, path: str, loser: Version, data: bytes, group: list[int], done: list[str]) -> None:
        """Dropbox: the server keeps the losing version as a conflicted copy, sent to everyone."""
        name = self._free_name(path, loser, lambda n: n in self.server and self.server[n][0].digest is not None)
        version = Version(_vector({SERVER: self.rounds}), digest(data), loser.mtime_ns, SERVER)
        self.server[name] = (version, data)
        done.append(f"conflict server: {path} -> {name}")
        for i in group:
            self._apply(i, name, version, data, done)

    def _free_name(self, path: str, loser: Version, taken: Callable[[str], bool]) -> str:
        """The conflict copy's name for ``path``; a later second or a number if that name is taken."""
        stamp = self.clock() if self.clock else loser.mtime_ns / 1e9
        for attempt in range(1000):
            name = self.conflict_name(path, loser.author, stamp + (attempt if self.style != "dropbox" else 0),
                                      attempt if self.style == "dropbox" else 0)
            if not taken(name):
                return name
        raise SyncerError(f"no free conflict name for {path}")

    def conflict_name(self, path: str, author: str, when: float, number: int = 0) -> str:
        """The name this style gives a conflict copy of ``path`` whose version ``author`` made."""
        moment = datetime.fromtimestamp(when, tz=timezone.utc)
        parent, base = os.path.split(path)
        if self.style == "syncthing":
            ext = _go_ext(base)
            name = f"{base[:len(base) - len(ext)]}.sync-conflict-{moment:%Y%m%d-%H%M%S}-{author}{ext}"
        else:
            ext = _py_ext(base)
            stem = base[: len(base) - len(ext)]
            if self.style == "dropbox":
                count = f" ({number})" if number else ""
                name = f"{stem} ({author}'s conflicted copy {moment:%Y-%m-%d}{count}){ext}"
            else:
                who = f"{self.user} " if self.user else ""
                name = f"{stem} (conflicted copy {who}{moment:%Y-%m-%d %H%M%S}){ext}"
        return f"{parent}/{name}" if parent else name

    def copies(self, i: int) -> list[str]:
        """The conflict copies (by this style's pattern) in folder ``i``, relative, sorted."""
        pattern = CONFLICT_PATTERNS[self.style]
        return sorted(p for p in tree(self.folders[i], self.ignore) if pattern.search(Path(p).name))


class Device:
    """One device of a scenario test: its own HOME, XDG folders, config, state, cache and ledger
    under ``base/name``. ``GINSCORE_DEVICE`` is left unset, so ginscore gives it its own id."""

    def __init__(self, base: Path, name: str):
        self.name = name
        self.root = Path(base) / name
        self.home = self.root / "home"
        self.config_home = self.home / ".config"
        self.cache_home = self.home / ".cache"
        self.state_home = self.home / ".local" / "state"
        self.data_home = self.home / ".local" / "share"
        self.ledger = self.home / "Sync" / "ginscore"
        self.config = self.config_home / "ginscore" / "config.toml"
        self.state = self.state_home / "ginscore"
        self.cache = self.cache_home / "ginscore"
        for folder in (self.config_home, self.cache_home, self.state_home, self.data_home):
            folder.mkdir(parents=True, exist_ok=True)

    def __repr__(self) -> str:
        return f"Device({self.name!r})"

    def env(self) -> dict[str, str]:
        """The whole environment of a process on this device: the test's own, without any
        GINSCORE_* or XDG_* of it, and this device's folders (for subprocess or CliRunner)."""
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("GINSCORE_", "XDG_")) and k not in ("COLUMNS", "HOME")}
        env.update({
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.config_home),
            "XDG_CACHE_HOME": str(self.cache_home),
            "XDG_STATE_HOME": str(self.state_home),
            "XDG_DATA_HOME": str(self.data_home),
            "GINSCORE_LEDGER": str(self.ledger),
            "GINSCORE_CONFIG": str(self.config),
            "GINSCORE_STATE": str(self.state),
            "GINSCORE_CACHE": str(self.cache),
            "GINSCORE_LANG": "en",
        })
        return env

    # How far this device's clock is off (milliseconds, ahead when positive): ``run`` gives
    # ginscore's clocks (``ginscore.core.game.now``, ``now_ms``, ``system_ms``, the only ones it
    # reads) that offset, as a phone set days or years wrong would.
    offset_ms = 0

    def run(self, args: str | list[str], **kwargs):
        """``ginscore ARGS`` on this device, in this process (click's CliRunner); the Result."""
        from click.testing import CliRunner

        from ginscore.cli import cli

        env: dict[str, str | None] = dict(self.env())
        for key in os.environ:  # what the test's process has and this device must not
            if key not in env:
                env[key] = None
        if isinstance(args, str):
            args = args.split()
        with clock_off_by(self.offset_ms):
            return CliRunner().invoke(cli, args, env=env, catch_exceptions=False, **kwargs)


CLOCKS = ("now", "now_ms", "system_ms")
_HOLDERS: dict = {}  # (modules loaded, the clocks) -> [(module, name)]: the modules that took a clock by name


def _clock_holders(modules, originals) -> list:
    """(module, name) of every ginscore module holding one of ginscore's clocks by name. Looked
    for again only when a module was loaded since: a look goes through every module loaded
    (some 1,500 getattr calls), and a property test skews the clock thousands of times."""
    seen = (len(modules), *(originals[name] for name in CLOCKS))  # held: no id of a clock gone reused
    if seen not in _HOLDERS:
        _HOLDERS.clear()
        _HOLDERS[seen] = [
            (module, name) for module in list(modules.values()) if getattr(module, "__name__", "").startswith("ginscore")
            for name in CLOCKS if getattr(module, name, None) is originals[name]
        ]
    return _HOLDERS[seen]


@contextmanager
def clock_off_by(offset_ms: int):
    """ginscore's clocks ``offset_ms`` off within, in every module that took them by name."""
    if not offset_ms:
        yield
        return
    import sys
    from datetime import timedelta

    from ginscore.core import game

    originals = {name: getattr(game, name) for name in CLOCKS}
    skewed = {
        "now": lambda: (datetime.now(timezone.utc) + timedelta(milliseconds=offset_ms)).isoformat(timespec="seconds"),
        "now_ms": lambda: originals["now_ms"]() + offset_ms,
        "system_ms": lambda: originals["system_ms"]() + offset_ms,
    }
    patched = []
    for module, name in _clock_holders(sys.modules, originals):
        setattr(module, name, skewed[name])
        patched.append((module, name))
    loaded = len(sys.modules)
    try:
        yield
    finally:
        for module, name in patched:
            setattr(module, name, originals[name])
        if len(sys.modules) != loaded:  # a module first loaded within took a skewed clock by name: it gets the real one back
            for module in list(sys.modules.values()):
                for name in CLOCKS:
                    if getattr(module, "__name__", "").startswith("ginscore") and getattr(module, name, None) is skewed[name]:
                        setattr(module, name, originals[name])
