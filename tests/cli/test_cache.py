"""A cache is never data (issue #23): a damaged, foreign or special-file summary index, and the
other caches of this device, give the answers the game files give, with one note line, never
an unexpected error, and never a hang."""

import json
import os
import sqlite3

import pytest

from helpers import game_ids, play
from helpers_cache import answers, build, index_file


def sql(path, *statements):
    connection = sqlite3.connect(path)
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()


def flip_pages(path):
    """Bytes of every page but the first overwritten: 'database disk image is malformed'."""
    with open(path, "r+b") as handle:
        data = bytearray(handle.read())
        for offset in range(4096 + 100, len(data), 997):
            data[offset] ^= 0x5A
        handle.seek(0)
        handle.write(data)


DAMAGE = {
    "garbage": lambda path: open(path, "wb").write(b"not a database" * 100),
    "cut short": lambda path: os.truncate(path, os.path.getsize(path) // 2),
    "malformed pages": flip_pages,
    # (the ladder's and the settled set's triggers read the column: SQLite drops none a trigger reads)
    "a column missing": lambda path: sql(path, "DROP TRIGGER ratings_game_written", "DROP TRIGGER ratings_game_removed",
                                                 "DROP TRIGGER settled_game_written", "DROP INDEX games_damaged",
                                                 "ALTER TABLE games DROP COLUMN damaged"),
    "a column more": lambda path: sql(path, "ALTER TABLE players ADD COLUMN extra TEXT"),
    "a blob for a number": lambda path: sql(path, "UPDATE games SET finished = x'01'"),
    "a text for a count": lambda path: sql(path, "UPDATE totals SET gins = 'many'", "UPDATE players SET won = 'yes'"),
    "summary cut short": lambda path: sql(path, "UPDATE games SET summary = substr(summary, 1, 30)"),
    "summary of another shape": lambda path: sql(path, "UPDATE games SET summary = '[1, 2]'"),
    "summary without money": lambda path: sql(path, "UPDATE games SET summary = json_remove(summary, '$.money')"),
    "an amount with an exponent": lambda path: sql(path, "UPDATE players SET money = '1e999999', money_micro = NULL"),
    "integers too big": lambda path: sql(path, "UPDATE players SET hands = 9223372036854775807",
                                         "UPDATE totals SET games = 9223372036854775807"),
    "not UTF-8": lambda path: sql(path, "UPDATE games SET position = CAST(x'ff80' AS TEXT)",
                                  "UPDATE totals SET player = CAST(x'c3' AS TEXT)"),
    "totals' money cut short": lambda path: sql(path, "UPDATE totals SET money = '{\"\": \"1'"),
    "a generation of 5,000 digits": lambda path: sql(path, f"UPDATE meta SET value = '{'9' * 5000}' WHERE key = 'generation'"),
    "rows of another game": lambda path: sql(path, "UPDATE games SET id = 'zz' || id"),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_or_foreign_index_changes_no_answer(run, isolated_ledger, damage):
    build(run)
    truth = answers(run)
    path = index_file(isolated_ledger)
    DAMAGE[damage](path)
    first = run("games --json")
    assert first.exit_code == 0 and "unexpected" not in first.stderr, first.output
    assert answers(run) == truth
    assert answers(run) == truth  # and again, from the rebuilt index


def test_a_damaged_index_is_said_in_one_note_line(run, isolated_ledger):
    build(run)
    play(run, "games")
    sql(index_file(isolated_ledger), "UPDATE games SET summary = substr(summary, 1, 30), listed = substr(listed, 1, 30)")
    result = run("games")
    assert result.exit_code == 0
    notes = result.stderr.splitlines()
    assert len(notes) == 1 and notes[0].startswith("note: the summary index ") and "rebuilt from the game files" in notes[0]
    assert len(notes[0]) < 200 + len(index_file(isolated_ledger))
    assert run("games").stderr == ""  # rebuilt: no news the second time


def test_a_damaged_device_list_cache_is_read_again(run, isolated_ledger):
    from ginscore.store.ledger import Ledger

    build(run)
    truth = answers(run)
    devices = Ledger(str(isolated_ledger), codec=None).devices_path
    mtime = os.stat(isolated_ledger / "games").st_mtime_ns
    for content in (f"{mtime} {'9' * 5000} abc", f"{mtime} 0 ../../etc", f"{mtime} 0", f"{mtime} 0 {'a' * 100}"):
        with open(devices, "w") as handle:
            handle.write(content)
        assert answers(run) == truth


# ---- errors stay short; what the schema accepts, the code handles (issue #23, items 2 and 3) ----

HUGE = "x" * 60000


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
@pytest.mark.parametrize(
    "args", [["--lang", HUGE, "games"], ["new", HUGE, "Bob"], ["new", "Ann", "Bob", "--stake", HUGE],
             ["new", "Ann", "Bob", "--currency", HUGE], ["config", "set", "lang", HUGE], ["games", "--player", HUGE]]
)
def test_no_error_line_quotes_a_huge_value_whole(run, monkeypatch, language, args):
    monkeypatch.setenv("GINSCORE_LANG", language)
    result = run(args)
    assert max(map(len, result.stderr.splitlines() or [""])) <= 250, result.stderr[:300]
    assert "unexpected" not in result.stderr


def test_a_huge_language_in_the_environment_is_one_short_line(run, monkeypatch):
    monkeypatch.setenv("GINSCORE_LANG", HUGE)
    result = run("games")
    assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1 and len(result.stderr) < 200
    assert "(60000 characters)" in result.stderr


def test_a_rummy_sheet_before_the_first_hand_prints(run):
    play(run, "new Ann Ben --rummy")
    assert "<svg" in play(run, "sheet --format html").stdout


def test_a_28_digit_stake_beside_a_cents_game_settles_exactly(run):
    big = "1234567890123456789012345678"
    play(run, "new A B C D --rummy --stake 0.01", "out a b=10 c=3 d=7", "end",
         f"new A B C D --rummy --stake {big}", "out b a=10 c=3 d=7", "end",
         "new A B --stake 0.01", "gin a 90", f"new A B --stake {big}", "gin b 90")
    nets = json.loads(play(run, "settle --all --json").stdout)["nets"]
    # A: +0.20 and +4.80 in the cents games, so his net ends in .00; B's in .10; every cent kept
    from decimal import Decimal, localcontext

    with localcontext(prec=200):
        assert sum(map(Decimal, nets.values())) == 0
    assert all("E" not in amount for amount in nets.values())
    assert nets["A"].endswith(".00") and nets["B"].endswith(".10") and nets["C"].endswith(".03")


def test_a_file_nested_500_deep_is_refused_before_it_is_parsed(run, isolated_ledger):
    """A file of 7 MB nested 500 deep costs 'check' about what one of 7 MB nested not at all
    costs (both damaged: no game in either), not a scan of the bytes again for each level.
    A ratio to that baseline, measured here, never an absolute time: the machine may be busy."""
    from helpers import cpu_seconds, put_game

    play(run, "new Ann Ben")
    results = []
    put_game(isolated_ledger, b'{"a": "' + b"x" * 7_000_000 + b'"}', 1)
    flat = cpu_seconds(lambda: results.append(run("check")))
    put_game(isolated_ledger, b'{"a": ' + b"[" * 500 + b'"' + b"x" * 7_000_000 + b'"' + b"]" * 500 + b"}", 1)
    nested = cpu_seconds(lambda: results.append(run("check")))
    assert nested / flat < 5, f"7 MB flat: {flat:.3f} s, nested 500 deep: {nested:.3f} s"
    assert [result.exit_code for result in results] == [1, 1]
    result = results[-1]
    assert "nested more than 64 deep" in result.stdout


def test_a_lone_surrogate_in_a_file_is_refused_on_load(run, isolated_ledger):
    from helpers import game_data, put_game

    data = game_data(1)
    data["players"][0] = "\ud800"
    put_game(isolated_ledger, json.dumps(data).encode("ascii"), 1)
    result = run("status --game 1")
    assert result.exit_code == 1 and "surrogate" in result.stderr and "unexpected" not in result.stderr


def test_every_numbered_game_the_listing_takes_is_reachable(run, isolated_ledger):
    from helpers import game_data, put_game

    for number in (2**63, 2**64 + 5):
        put_game(isolated_ledger, game_data(number), number)
    listed = [entry["id"] for entry in json.loads(play(run, "games --json").stdout)["games"]]
    assert listed == [str(2**63), str(2**64 + 5)]
    for game_id in listed:
        assert play(run, f"log --game {game_id}").exit_code == 0
    play(run, "stats", "settle", "new Ann Ben")


# ---- an index made from another of the same games (issue #45) ------------------------------------


def counting_reads(monkeypatch) -> list:
    """The games the summary index reads from their files from now on (``Book.summarize_file``)."""
    from ginscore.app.book import Book

    read: list = []
    summarize = Book.summarize_file
    monkeypatch.setattr(Book, "summarize_file", lambda book, game_id: read.append(game_id) or summarize(book, game_id))
    return read


def test_a_copied_ledger_is_known_by_its_content_and_only_bytes_that_differ_are_read(run, isolated_ledger, tmp_path, monkeypatch):
    """A ledger copied without its files' times (``cp -r``) has no index of its own (the cache is
    kept per ledger path): the first command takes the original's, reads every file and keeps
    each row made of the very same bytes; a game whose bytes differ is read again. The answers
    are those of an index built from the files."""
    import shutil

    build(run)
    original = answers(run)
    copy = tmp_path / "copy"
    shutil.copytree(isolated_ledger, copy, copy_function=shutil.copy)  # new times, as cp -r gives them
    edited = next((copy / "games").glob(f"game-{game_ids(run)[0]}.*.json"))  # Dan v Eve, 'gin dan 50' first
    edited.write_bytes(edited.read_bytes().replace(b'"opponent_deadwood": 50', b'"opponent_deadwood": 60'))
    monkeypatch.setenv("GINSCORE_LEDGER", str(copy))
    read = counting_reads(monkeypatch)
    copied = answers(run)
    game = edited.name.split(".")[0][len("game-"):]
    in_progress = {entry["id"] for entry in json.loads(run("games --all --json").stdout)["games"] if not entry["finished"]}
    assert game in read and set(read) <= {game} | in_progress  # only what changed, and the games in progress each 'games' reads
    monkeypatch.setenv("GINSCORE_CACHE", str(tmp_path / "fresh"))
    assert copied == answers(run) != original  # as the files say: the edited game counts as edited


def test_a_copied_ledger_takes_the_index_of_its_own_bytes_not_the_newest_of_the_same_ids(run, isolated_ledger, tmp_path, monkeypatch):
    """Another ledger of this device can hold games of the same ids (a copy made at another
    time, a ledger a copy was made from): the copy takes the index made of the most of its very
    bytes, not the newest that holds its ids (the bench's template ledger of 20,000 games took
    the one of 50,000, whose games have the same ids and other bytes, and read every file
    again); none at all where no index was made of half of them."""
    import shutil

    build(run)
    original = answers(run)
    other = tmp_path / "other"  # the same games, then another history: its index the newest
    shutil.copytree(isolated_ledger, other, copy_function=shutil.copy)
    monkeypatch.setenv("GINSCORE_LEDGER", str(other))
    answers(run)
    sql(index_file(other), "UPDATE games SET digest = 'made of other bytes'")
    os.utime(index_file(other), (2**31, 2**31))  # newest by far
    copy = tmp_path / "copy"
    shutil.copytree(isolated_ledger, copy, copy_function=shutil.copy)
    monkeypatch.setenv("GINSCORE_LEDGER", str(copy))
    read = counting_reads(monkeypatch)
    assert answers(run) == original
    in_progress = {entry["id"] for entry in json.loads(run("games --all --json").stdout)["games"] if not entry["finished"]}
    assert set(read) <= in_progress  # the original's index taken: no finished game read again
    for ledger in (isolated_ledger, copy):  # every index of these ids made of other bytes
        sql(index_file(ledger), "UPDATE games SET digest = 'made of other bytes'")
    again = tmp_path / "again"
    shutil.copytree(isolated_ledger, again, copy_function=shutil.copy)
    monkeypatch.setenv("GINSCORE_LEDGER", str(again))
    read.clear()
    assert answers(run) == original  # no index made of its bytes: built from the files
    assert set(game_ids(run)) <= set(read)


def test_a_cache_folder_that_cannot_be_written_gives_way_to_a_spare_one_made_from_it(run, isolated_ledger, tmp_path, monkeypatch):
    """An index whose folder cannot be written (a read-only disk; root can write anything, so
    the test says it cannot) is not rebuilt by every command: a spare folder in the temporary
    folder takes its place, made from it (every file read, only the bytes that differ summarized
    again), and the commands after that ask the spare one as they would the cache."""
    import tempfile

    from ginscore.index import index

    build(run)
    play(run, "new Dan Eve --stake 0.1", "knock dan 2 30")
    monkeypatch.setattr(index, "writable", lambda ledger: False)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    with monkeypatch.context() as hand:  # the last game ends, and the cache folder cannot be told
        hand.setattr(index, "after_save", lambda *args, **kwargs: None)
        play(run, "gin eve 90")
    read = counting_reads(monkeypatch)
    spare = answers(run)
    latest = game_ids(run)[-1]
    in_progress = {entry["id"] for entry in json.loads(run("games --all --json").stdout)["games"] if not entry["finished"]}
    assert latest in read and set(read) <= {latest} | in_progress  # that game read again, and those 'games' reads each time
    read.clear()
    assert answers(run) == spare and latest not in read  # the spare index, current
    assert any(os.path.isfile(os.path.join(folder, "index.sqlite3")) for folder, _, _ in os.walk(tmp_path / "temporary"))
    monkeypatch.setattr(index, "writable", lambda ledger: True)
    monkeypatch.setenv("GINSCORE_CACHE", str(tmp_path / "fresh"))
    assert answers(run) == spare  # as an index built from the files says
