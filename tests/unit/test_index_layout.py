"""A new index, on disk or in memory, is a copy of the bytes of an empty one made once a process
(ginscore/index/layout.py): the same tables, columns, indexes and meta as the statements make one
by one, sound, and written to like any other."""

from __future__ import annotations

import sqlite3

import pytest

from ginscore.index import layout


def made_statement_by_statement():
    connection = sqlite3.connect(":memory:")
    layout.create_layout(connection)
    return connection


def written_to_and_read_back(connection) -> list:
    with connection:
        connection.execute("INSERT INTO games (id, position, finished) VALUES ('g1', '2026-12|1', 1)")
    assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    return connection.execute("SELECT id, position, finished FROM games").fetchall()


@pytest.mark.parametrize("copied", [True, False], ids=["copied", "without-serialize"])
def test_a_new_index_is_what_the_statements_make(tmp_path, monkeypatch, copied):
    made = made_statement_by_statement()
    if not copied:  # a Python whose SQLite cannot serialize: every index made statement by statement
        monkeypatch.setattr(layout, "_EMPTY", [layout.layout_of(made), None])
    path = str(tmp_path / "index.sqlite3")
    on_disk, in_memory = layout.new_index(path), layout.memory_index()
    for connection in (on_disk, in_memory):
        assert layout.layout_of(connection) == layout.layout_of(made)
        assert connection.execute("SELECT key, value FROM meta ORDER BY key").fetchall() == [
            ("generation", "0"), ("schema", layout.LAYOUT)]
        assert written_to_and_read_back(connection) == [("g1", "2026-12|1", 1)]
    on_disk.close()
    reopened = sqlite3.connect(path)  # what was written is on the disk
    assert reopened.execute("SELECT id FROM games").fetchall() == [("g1",)]
    assert layout.memory_index().execute("SELECT count(*) FROM games").fetchall() == [(0,)]  # each copy its own


def test_a_new_index_never_writes_over_what_is_there(tmp_path):
    path = tmp_path / "index.sqlite3"
    path.write_bytes(b"someone else's")
    with pytest.raises(FileExistsError):
        layout.new_index(str(path))
    assert path.read_bytes() == b"someone else's"
