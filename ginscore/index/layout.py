"""The index's tables: the statements that make them, the name of their layout kept in the
index's meta, and an empty index made once a process. Every index opened is compared with that
empty one (``expected_layout``): an index of other tables is thrown away and rebuilt; and every
new index, in memory or on disk, starts as a copy of its bytes (``new_index_bytes``)."""

from __future__ import annotations

import os

from ginscore.base.safefile import O_NOFOLLOW
from ginscore.core.statistics import STAT_KEYS, sql_columns
from ginscore.index import ladder, settled, totals

# The layout's name, kept in the index's meta (under the key 'schema', the word of an older ginscore: a new
# key would rebuild every index for nothing); it names the statistics, so an index made before a statistic was
# added is rebuilt.
LAYOUT = f"ginscore-index 12: {' '.join(STAT_KEYS)}"  # 4: a summary carries "final"; 5: ids are text; 6: games_open; 7: 30-digit numbers in positions; 8: amounts in cents; 9: the totals keep the game of the most hands won in a row; 10: a summary carries "variant"; 11: the ladder's placings and ratings; 12: the settled set, what a game was paid as, when it ended, the digest of its bytes
_SQL_LAYOUT = f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE games (
    id TEXT PRIMARY KEY, files TEXT, position TEXT, created TEXT, table_kind TEXT,
    finished INTEGER, voided INTEGER, damaged TEXT, summary TEXT, placings TEXT,
    paid TEXT, ended TEXT, digest TEXT, checked TEXT, listed TEXT
);
CREATE INDEX games_position ON games (position);
-- the games left in progress, which 'games' names under its listing: a few among 50,000
CREATE INDEX games_open ON games (position) WHERE finished = 0;
-- and the games that do not load, which 'settle' names whatever it chooses: a few among 50,000
CREATE INDEX games_damaged ON games (position) WHERE damaged IS NOT NULL;
CREATE TABLE players (
    game_id TEXT, position TEXT, player TEXT, folded TEXT, {sql_columns()},
    money TEXT, money_micro INTEGER, currency TEXT, PRIMARY KEY (game_id, player)
);
CREATE INDEX players_folded ON players (folded);
"""


def layout_of(connection) -> list:
    """The index's tables, columns and indexes as SQLite keeps them, and what its meta says."""
    created = connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").fetchall()
    meta = connection.execute("SELECT key, typeof(value) FROM meta WHERE key IN ('schema', 'generation') ORDER BY key").fetchall()
    return [created, meta, connection.execute("SELECT value FROM meta WHERE key = 'schema'").fetchall()]


_EMPTY: list = []  # [the layout of an empty index, its bytes (None where SQLite cannot give them)], made once a process


def _empty_index() -> list:
    """An empty index made in memory once a process: its layout is what every index opened is
    compared with, and its bytes start every new index, in memory or on disk. SQLite parses and
    writes some thirty statements to make the tables (0.7 ms); a copy of their bytes costs a
    thirtieth of that, and a command of the tests' process or of the board makes many."""
    if not _EMPTY:
        import sqlite3

        connection = sqlite3.connect(":memory:")
        create_layout(connection)
        serialize = getattr(connection, "serialize", None)  # Python 3.11 with SQLite's serialize API
        _EMPTY[:] = [layout_of(connection), serialize() if serialize is not None else None]
        connection.close()
    return _EMPTY


def expected_layout() -> list:
    return _empty_index()[0]


def new_index_bytes() -> bytes | None:
    return _empty_index()[1]


def create_layout(connection) -> None:
    """The tables made in one transaction: else each statement is one of its own, its journal
    written and synced (some 25 ms on a disk for a new index, instead of 3)."""
    connection.executescript("BEGIN;" + _SQL_LAYOUT + totals.SQL_LAYOUT + ladder.SQL_LAYOUT + settled.SQL_LAYOUT)
    connection.execute("INSERT INTO meta VALUES ('schema', ?), ('generation', '0')", (LAYOUT,))
    connection.commit()


def memory_index():
    """An index in memory, for a ledger that cannot be written (a backup on a read-only disk)."""
    import sqlite3

    connection = sqlite3.connect(":memory:")
    empty_index = new_index_bytes()
    if empty_index is not None:
        connection.deserialize(empty_index)
    else:
        create_layout(connection)
    return connection


def new_index(path: str):
    """A new empty index at ``path``, where nothing is, open."""
    import sqlite3

    empty_index = new_index_bytes()
    if empty_index is None:
        connection = sqlite3.connect(path, timeout=10)
        create_layout(connection)
        return connection
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_NOFOLLOW, 0o644), "wb") as written:
        written.write(empty_index)
    return sqlite3.connect(path, timeout=10)
