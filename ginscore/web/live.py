"""The ledger's change stamp: what an open board compares, four times a second, to know that
something changed (a hand typed at the command line, entered on another phone, or brought in
by a file syncer). A few ``stat`` calls, no file read: every change of a game file is a new
file renamed into its folder (``safefile``), which changes the folder's modification time."""

from __future__ import annotations

import os


def change_stamp(root: str) -> tuple:
    """The modification times, sizes and inodes of the ledger folder, its folders (games,
    conflicts, ...) and its files at the top (the settlements): equal stamps, nothing changed."""
    stamp = []
    try:
        with os.scandir(root) as entries:
            for entry in entries:
                try:
                    found = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                stamp.append((entry.name, found.st_mtime_ns, found.st_size, found.st_ino))
        found = os.stat(root)
        stamp.append(("", found.st_mtime_ns, found.st_size, found.st_ino))
    except OSError:  # no ledger yet: the first game makes it
        return ()
    return tuple(sorted(stamp))
