"""The summary index's stamp, beside it in this device's cache: the games folder's modification
time and the index's generation when it was last brought up to date, so that a command that
finds both unchanged trusts the index without looking at a file."""

from __future__ import annotations

import os

from ginscore.base.records import Record
from ginscore.base.safefile import make_folder, read_regular, write_unsynced

STAMP_FILE = "index-stamp"


class Stamp(Record):
    mtime: int
    generation: int


def read_stamp(ledger) -> Stamp | None:
    try:
        words = read_regular(os.path.join(ledger.cache_dir, STAMP_FILE), 100).decode("ascii").split()
        if len(words) == 2 and all(word.isdigit() and len(word) < 25 for word in words):
            return Stamp(int(words[0]), int(words[1]))
    except (OSError, UnicodeDecodeError):
        pass
    return None


def write_stamp(ledger, stamp: Stamp) -> None:
    """Replace the stamp (not fsynced: a stamp lost in a crash only means one rescan)."""
    make_folder(ledger.cache_dir)
    write_unsynced(os.path.join(ledger.cache_dir, STAMP_FILE), f"{stamp.mtime} {stamp.generation}\n".encode("ascii"))


def forget_stamp(ledger) -> None:
    """Remove the stamp: the index is then compared with the files by the next command."""
    try:
        os.unlink(os.path.join(ledger.cache_dir, STAMP_FILE))
    except OSError:
        pass


def generation_of(connection) -> int:
    """The index's generation; -1, which no stamp holds, when it cannot say (a value that is not
    UTF-8 text is an SQLite error as soon as it is read): the index is then brought up to date."""
    import sqlite3

    try:
        row = connection.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
    except sqlite3.Error:
        return -1
    return int(row[0]) if row and type(row[0]) is str and row[0].isdigit() and len(row[0]) < 19 else -1


def bump(connection) -> int:
    generation = generation_of(connection) + 1
    connection.execute("UPDATE meta SET value = ? WHERE key = 'generation'", (str(generation),))
    return generation
