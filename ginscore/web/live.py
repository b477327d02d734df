"""The ledger watched: what tells every open board that something changed (a hand typed at the
command line, entered on another phone, brought in by a file syncer, a game file rewritten in
place by ``cp`` or an editor, deleted or damaged).

``Watcher.generation`` rises once for each burst of changes. On Linux the kernel tells
(inotify, on the ledger folder and its folders: a file written in place, renamed in, removed);
besides, four times a second, the stamps of the ledger folder and its entries are compared (a
few ``stat`` calls: a folder made after the start, a ledger that did not exist yet). Without
inotify (another system, or its watches used up) the stamps of every file are compared too,
once a second.
"""

from __future__ import annotations

import asyncio
import os
import sys

POLL_SECONDS = 0.25  # how often the folders' stamps are compared
FILES_EVERY = 4  # without inotify, every file's stamp is compared at every 4th look (once a second)
SETTLE_SECONDS = 0.02  # the kernel's events of one write (made, written, renamed) are told as one change

# inotify's events (linux/inotify.h): written in place, metadata, closed after writing, moved
# out and in, made, removed, the watched folder itself removed or moved
WATCHED_EVENTS = 0x2 | 0x4 | 0x8 | 0x40 | 0x80 | 0x100 | 0x200 | 0x400 | 0x800
ONLY_FOLDERS = 0x01000000


def change_stamp(root: str, every_file: bool = False) -> tuple:
    """The modification times, sizes and inodes of the ledger folder and its entries (its
    folders: games, conflicts, ...; its files at the top: the settlements), and with
    ``every_file`` of the entries of its folders too: equal stamps, nothing changed."""
    stamp = []
    try:
        folders = [root]
        found = os.stat(root)
        stamp.append(("", found.st_mtime_ns, found.st_size, found.st_ino))
        for folder in folders:
            with os.scandir(folder) as entries:
                for entry in entries:
                    try:
                        found = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    stamp.append((entry.path, found.st_mtime_ns, found.st_size, found.st_ino))
                    if every_file and folder == root and entry.is_dir(follow_symlinks=False) and not entry.name.startswith("."):
                        folders.append(entry.path)
    except OSError:  # no ledger yet: the first game makes it
        return tuple(stamp)
    return tuple(sorted(stamp))


def watched_folders(root: str) -> list:
    """The folders the kernel is asked to watch: the ledger folder and its own folders (not
    .git and the like, whose changes are no game's)."""
    try:
        with os.scandir(root) as entries:
            return [root] + sorted(entry.path for entry in entries if entry.is_dir(follow_symlinks=False) and not entry.name.startswith("."))
    except OSError:
        return []


class Inotify:
    """Linux's inotify through the C library (no dependency): ``watch(folder)``; ``drain()``
    reads what the kernel said (whatever it was: it is a change)."""

    def __init__(self):
        import ctypes
        import ctypes.util

        self.libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        self.descriptor = self.libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.descriptor < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        self.ctypes = ctypes

    def watch(self, folder: str) -> None:
        if self.libc.inotify_add_watch(self.descriptor, os.fsencode(folder), WATCHED_EVENTS | ONLY_FOLDERS) < 0:
            number = self.ctypes.get_errno()
            raise OSError(number, os.strerror(number), folder)

    def drain(self) -> bool:
        said = False
        while True:
            try:
                if not os.read(self.descriptor, 65536):
                    return said
            except BlockingIOError:
                return said
            said = True

    def close(self) -> None:
        os.close(self.descriptor)


def kernel_watcher():
    """An ``Inotify``, or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return Inotify()
    except (OSError, AttributeError):
        return None


class Watcher:
    """``generation`` rises on every change of the ledger at ``root``; ``await changed(seen)``
    waits until it is not ``seen`` any more (or the server stops)."""

    def __init__(self, root: str, kernel=None):
        self.root = root
        self.generation = 0
        self.kernel = kernel
        self.stopped = False
        self._event: asyncio.Event | None = None
        self._pending = None
        self._files = False  # whether every file's stamp is compared (no inotify)

    def event(self) -> asyncio.Event:
        if self._event is None:
            self._event = asyncio.Event()
        return self._event

    def bump(self) -> None:
        self._pending = None
        self.generation += 1
        self.event().set()
        self._event = asyncio.Event()

    def soon(self) -> None:
        """A change: told once the burst it belongs to is over."""
        if self._pending is None:
            self._pending = asyncio.get_running_loop().call_later(SETTLE_SECONDS, self.bump)

    async def changed(self, seen: int, timeout: float) -> bool:
        """Whether the generation moved past ``seen`` within ``timeout`` seconds."""
        if self.generation != seen or self.stopped:
            return True
        try:
            await asyncio.wait_for(self.event().wait(), timeout)
        except asyncio.TimeoutError:
            return False
        return True

    def stop(self) -> None:
        self.stopped = True
        self.event().set()

    def arm(self) -> None:
        """Watch the ledger's folders (again: a folder made since)."""
        if self.kernel is None:
            self._files = True
            return
        try:
            for folder in watched_folders(self.root):
                self.kernel.watch(folder)
        except OSError:  # the watches used up, or a folder gone between the listing and the watch
            if not os.path.isdir(self.root):
                return
            self._files = True

    async def run(self, stopping) -> None:
        """Watch until ``stopping()``: the kernel's word as it comes, the folders' stamps four times a second."""
        loop = asyncio.get_running_loop()
        if self.kernel is not None:
            loop.add_reader(self.kernel.descriptor, lambda: self.kernel.drain() and self.soon())
        self.arm()
        last, looks = change_stamp(self.root), 0
        files = change_stamp(self.root, True) if self._files else ()
        try:
            while not stopping():
                await asyncio.sleep(POLL_SECONDS)
                looks += 1
                stamp = change_stamp(self.root)
                if stamp != last:
                    last = stamp
                    self.arm()
                    self.soon()
                if self._files and looks % FILES_EVERY == 0:
                    now = await loop.run_in_executor(None, change_stamp, self.root, True)
                    if now != files:
                        files = now
                        self.soon()
        finally:
            if self.kernel is not None:
                loop.remove_reader(self.kernel.descriptor)
                self.kernel.close()
            self.stop()
