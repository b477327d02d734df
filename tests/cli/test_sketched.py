"""A new device's first listing from a sketch of the summary index (``ginscore.index.sketched``,
issue #45): 'games --last N' and the game a device carries on read the newest games whole and
only the heads of the others, and say what a whole index says; every other command, and
'check', make the index whole first and answer as a fresh device does. The thresholds are
lowered here so that a ledger of a dozen games is sketched as one of thousands is."""

import json
import os
import sqlite3

import pytest

from ginscore.index import sketched
from helpers import ok, play
from helpers_cache import index_file
from helpers_devices import DAY, YEAR
from syncer import clock_off_by

# the answers of whole-ledger questions a sketch must never change (as tests/helpers_cache.py's)
WHOLE = ["games --json", "games --all --json", "stats --json", "settle --all --json", "settle --json", "games --player cy --json"]


@pytest.fixture
def small(monkeypatch):
    """A sketch from 4 games to read, made whole past 6 read for a question, 2 at a time."""
    monkeypatch.setattr(sketched, "SKETCH_FROM", 4)
    monkeypatch.setattr(sketched, "READ_MOST", 6)
    monkeypatch.setattr(sketched, "CARRIED_ON_AT_ONCE", 2)


def at(offset: int, run, *commands):
    with clock_off_by(offset):
        return play(run, *commands)


def club(run, newest_in_progress: bool = True) -> None:
    """Fourteen games from clocks ten years behind, on time and three days ahead: the oldest
    left in progress, one voided, two settled with 'settle --record', Rummy among them; the
    newest left in progress too unless ``newest_in_progress`` is False."""
    at(-10 * YEAR, run, "new Cy Dee --stake 0.1", "knock cy 4 15")  # left in progress, the oldest game
    for number, offset in enumerate([-10 * YEAR, -10 * YEAR, 0, 0, 0, 0, 0, 3 * DAY, 3 * DAY]):
        first, second = ("Ann", "Ben") if number % 2 else ("Cy", "Eve")
        at(offset, run, f"new {first} {second} --stake 0.1", f"gin {first} 50", f"gin {first} 40")
        if number == 3:
            ok(run, "settle --record")
    at(3 * DAY, run, "new Ann Ben Cy Dee --rummy --stake 0.1", "out ann ben=20 cy=10 dee=5", "out cy ann=60 ben=70 dee=70", "end")
    at(3 * DAY, run, "new Eve Fay", "void")
    at(3 * DAY, run, "new Ann Cy --stake 0.25", "gin ann 60", "gin ann 70", "settle --record")
    if newest_in_progress:
        at(3 * DAY, run, "new Ben Eve", "knock ben 3 20")
    else:
        at(3 * DAY, run, "new Ben Eve", "gin ben 60", "gin ben 70")


def new_device(monkeypatch, tmp_path, name: str):
    """This test's commands from here on run as a device that has the ledger and nothing else:
    no index, no current game of its own."""
    monkeypatch.setenv("GINSCORE_CACHE", str(tmp_path / name / "cache"))
    monkeypatch.setenv("GINSCORE_STATE", str(tmp_path / name / "state"))


def index_rows(ledger) -> dict:
    """id -> (position, sketched) of every row of this device's index."""
    connection = sqlite3.connect(index_file(ledger))
    try:
        return {game_id: (place, bool(pending)) for game_id, place, pending in
                connection.execute(f"SELECT id, position, {sketched.PENDING} FROM games")}
    finally:
        connection.close()


def current(ledger) -> bool:
    """Whether this device's stamp vouches for its index as it is (the next command reads no file)."""
    from ginscore.index.index import current_stamp
    from ginscore.store.ledger import Ledger

    connection = sqlite3.connect(index_file(ledger))
    try:
        return current_stamp(Ledger(str(ledger), codec=None), connection) is not None
    finally:
        connection.close()


def still_sketched(ledger) -> int:
    return sum(pending for _place, pending in index_rows(ledger).values())


def test_a_new_devices_first_listings_are_what_a_whole_index_lists(run, isolated_ledger, tmp_path, monkeypatch, small):
    club(run)
    new_device(monkeypatch, tmp_path, "whole")
    ok(run, "games")  # every game read
    whole = {last: ok(run, f"games --last {last} --json").stdout for last in (1, 2, 3, 8)}
    text = ok(run, "games --last 3").stdout
    places = {game_id: place for game_id, (place, _pending) in index_rows(isolated_ledger).items()}
    new_device(monkeypatch, tmp_path, "new")
    result = ok(run, "games --last 3")
    unread = still_sketched(isolated_ledger)
    assert unread == 14 - 4  # the newest four read (one voided, so left out of the listing), the others only sketched
    # the newest three as a whole index lists them; the oldest game, left in progress, not named
    # (a whole listing names it under its rows), which the note says
    assert result.stdout == text.replace(text[text.index("Also still in progress"):], "") and "game " in text[text.index("Also"):]
    assert result.stderr == (f"note: {unread} older games are not read yet on this device: 'ginscore games' reads every game, "
                             "and names any left in progress or that does not load.\n")
    # each game's place from the head of its file alone is the place its whole reading gives
    assert {game_id: place for game_id, (place, _pending) in index_rows(isolated_ledger).items()} == places
    for last in (1, 8, 2, 3):  # listings of more and of fewer, each from the sketch as it has come to be
        assert ok(run, f"games --last {last} --json").stdout == whole[last]
    assert 0 < still_sketched(isolated_ledger) <= 14 - 8


@pytest.mark.parametrize("offset", [0, 3 * DAY, -10 * YEAR], ids=["same-clock", "days-ahead", "years-behind"])
def test_after_a_sketch_every_other_command_answers_as_a_fresh_device(run, isolated_ledger, tmp_path, monkeypatch, small, offset):
    club(run)
    new_device(monkeypatch, tmp_path, "new")
    ok(run, "games --last 2")
    assert still_sketched(isolated_ledger)
    # a hand, a game and a settlement while the index is a sketch
    at(offset, run, "knock ben 2 30", "status")
    assert still_sketched(isolated_ledger) and current(isolated_ledger)  # kept current between hands, as a whole index is
    at(offset, run, "new Fay Gus --stake 0.1", "gin fay 50", "settle --record", "games --last 1")
    results = [ok(run, command) for command in WHOLE]
    assert not [result.stderr for result in results if "index" in result.stderr]  # made whole as asked, never found damaged
    found = [result.stdout for result in results]
    assert still_sketched(isolated_ledger) == 0
    new_device(monkeypatch, tmp_path, "fresh")
    assert found == [ok(run, command).stdout for command in WHOLE]


def test_a_settled_game_voided_since_is_listed_from_a_sketch_with_what_it_owes_back(run, isolated_ledger, tmp_path, monkeypatch, small):
    """Found by a random search: 'games --last N --json' asked the settled set before it read the
    newest games, so a settled game voided since, not read yet then, was listed without what
    its settlement now owes back."""
    club(run)
    settled = [entry for entry in json.loads(ok(run, "games --json").stdout)["games"] if entry["settled"]][-1]["id"]
    ok(run, f"void {settled}")
    new_device(monkeypatch, tmp_path, "whole")
    ok(run, "games")
    expected = ok(run, "games --last 4 --all --json").stdout
    assert json.loads(expected)["games"][-2]["changed_after_settlement"]["state"] == "voided"  # the settled game, second newest
    new_device(monkeypatch, tmp_path, "new")
    assert ok(run, "games --last 4 --all --json").stdout == expected
    assert still_sketched(isolated_ledger)


def test_a_sketch_written_in_batches_as_a_build_of_thousands_is_answers_alike(run, isolated_ledger, tmp_path, monkeypatch, small):
    """Past ``TOTALS_ONCE`` games a mend writes its rows a few hundred at a time: a sketch of a
    club's years is written so, sketched and read rows together."""
    from ginscore.index import index

    monkeypatch.setattr(index, "TOTALS_ONCE", 2)
    club(run)
    new_device(monkeypatch, tmp_path, "whole")
    expected = {words: ok(run, words).stdout for words in ("games", "games --last 3 --json", *WHOLE)}
    new_device(monkeypatch, tmp_path, "new")
    assert ok(run, "games --last 3 --json").stdout == expected["games --last 3 --json"]
    assert still_sketched(isolated_ledger) == 14 - 4
    assert {words: ok(run, words).stdout for words in WHOLE} == {words: expected[words] for words in WHOLE}


def test_check_makes_a_sketch_whole_without_calling_it_wrong(run, isolated_ledger, tmp_path, monkeypatch, small):
    club(run)
    new_device(monkeypatch, tmp_path, "whole")
    expected = json.loads(ok(run, "check --json").stdout)
    new_device(monkeypatch, tmp_path, "new")
    ok(run, "games --last 1")
    assert still_sketched(isolated_ledger)
    report = json.loads(ok(run, "check --json").stdout)
    assert report == {**expected, "ledger": report["ledger"]}
    assert not [note for note in report["notes"] if note["file"].endswith("index.sqlite3")]  # nothing said of the index
    assert still_sketched(isolated_ledger) == 0
    assert json.loads(ok(run, "check --json").stdout) == report


@pytest.mark.parametrize("newest_in_progress", [True, False], ids=["newest-in-progress", "every-new-one-finished"])
def test_the_game_a_new_device_carries_on_is_the_whole_indexs(run, isolated_ledger, tmp_path, monkeypatch, small, newest_in_progress):
    club(run, newest_in_progress)
    new_device(monkeypatch, tmp_path, "whole")
    ok(run, "games")
    expected = json.loads(ok(run, "status --json").stdout)
    new_device(monkeypatch, tmp_path, "new")
    assert json.loads(ok(run, "status --json").stdout) == expected
    # the newest game in progress: read with the one game after it at most; else the oldest
    # game, the only one in progress, is found only by reading every game (made whole)
    assert (still_sketched(isolated_ledger) >= 12) if newest_in_progress else (still_sketched(isolated_ledger) == 0)


def test_a_game_that_does_not_load_is_named_by_a_sketch_where_it_reads_it(run, isolated_ledger, tmp_path, monkeypatch, small):
    """A whole index puts a game that does not load after every other, so 'games --last N' names
    it; a sketch knows it only once it reads it: the newest games it reads, and says the rest
    are not read yet."""
    club(run)
    games = os.path.join(isolated_ledger, "games")
    listed = json.loads(ok(run, "games --all --json").stdout)["games"]
    oldest, newest = listed[1]["id"], listed[-1]["id"]  # a finished game ten years back, the game in progress
    for game_id in (oldest, newest):  # the head as ginscore writes it, a journal that does not load
        (name,) = [name for name in os.listdir(games) if game_id in name]
        with open(os.path.join(games, name), encoding="utf-8") as handle:
            text = handle.read()
        with open(os.path.join(games, name), "w", encoding="utf-8") as handle:
            handle.write(text.replace('"journal": [', '"journal": [7, ', 1))
    new_device(monkeypatch, tmp_path, "whole")
    run("games")  # every game read
    whole = run("games --last 2")
    assert whole.exit_code == 1 and oldest in whole.stdout and newest in whole.stdout  # both last, as a whole index places them
    new_device(monkeypatch, tmp_path, "new")
    result = run("games --last 2")
    assert result.exit_code == 1 and newest in result.stdout and f"game-{newest}." in result.stderr  # read whole: named
    assert oldest not in result.stdout + result.stderr
    assert f"{still_sketched(isolated_ledger)} older games are not read yet" in result.stderr
    assert oldest in run("games").stderr  # a whole listing reads and names it


def test_a_device_that_can_keep_no_index_answers_from_a_sketch_in_memory(run, isolated_ledger, tmp_path, monkeypatch, small):
    """Where no index can be kept (the lock cannot be taken, so neither the cache folder nor a
    spare one is written), each command sketches an index in memory: a listing of the newest
    games and every whole answer are still a whole index's."""
    from contextlib import contextmanager

    from ginscore.base.errors import LedgerError
    from ginscore.store.ledger import Ledger

    club(run)
    new_device(monkeypatch, tmp_path, "whole")
    ok(run, "games")
    expected = {words: ok(run, words).stdout for words in ("games --last 3 --json", *WHOLE)}
    new_device(monkeypatch, tmp_path, "new")

    @contextmanager
    def refused(self, create=False):
        raise LedgerError("the lock cannot be taken")
        yield

    monkeypatch.setattr(Ledger, "locked", refused)
    result = ok(run, "games --last 3 --json")
    assert result.stdout == expected["games --last 3 --json"] and "older games are not read yet" in result.stderr
    assert {words: ok(run, words).stdout for words in WHOLE} == {words: expected[words] for words in WHOLE}
    assert not os.path.exists(tmp_path / "new" / "cache" / "ledgers")  # nothing kept


def test_a_head_is_read_only_as_ginscore_writes_it(run, isolated_ledger, tmp_path):
    from ginscore.store.game_heads import started
    from ginscore.store.ledger import Ledger

    at(-10 * YEAR, run, "new Ann Ben", "knock ann 4 15")
    ledger = Ledger(str(isolated_ledger), codec=None)
    (game_id,) = [name.split("-")[1].split(".")[0] for name in os.listdir(ledger.games_dir)]
    (path,) = ledger.files_of(game_id)
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    assert started(ledger, game_id) == (data["created"], data["clock"]) and data["created"] < "2017"
    for written in (json.dumps(data, indent=4, sort_keys=True), json.dumps(data), json.dumps({**data, "created": "2026-13-45T00:00:00"},
                    indent=2, sort_keys=True), json.dumps(data, indent=2, sort_keys=True)[:60]):
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(written)
        assert started(ledger, game_id) is None  # read whole instead
    os.unlink(path)
    os.mkfifo(path)  # a FIFO is never waited on
    assert started(ledger, game_id) is None
