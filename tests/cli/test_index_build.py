"""The index build's reading of untrusted files (issue #35): the quicker checks decide exactly
what the slower ones they replace decided."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal

import pytest

from ginscore.app import book
from ginscore.index import index as summary_index
from ginscore.index import rows
from helpers import play


def device_file(players=("Ann", "Ben"), hands: int = 6) -> dict:
    """The parsed file of a game ginscore's own code played (a device's file, version 4)."""
    from ginscore.ops import actions
    from ginscore.store.game_file import encode

    game = actions.new_game("k7f3q2ab", list(players))
    for number in range(hands):
        game, _ = actions.record(game, {"kind": "knock", "player": players[number % 2], "deadwood": 2, "opponent_deadwood": 9})
    return json.loads(json.dumps(encode(game._replace(device="abc123"))))


# What a damaged or foreign entry may hold instead of a sound one: (key path, value); None
# for the value takes the key out.
ENTRY_CHANGES = [
    (("id",), 7), (("id",), ""), (("id",), "x" * 33), (("id",), "ü1"), (("id",), "a-b"), (("id",), None),
    (("clock",), -1), (("clock",), True), (("clock",), 1.0), (("clock",), "5"), (("clock",), None),
    (("device",), "Bad!"), (("device",), 3), (("device",), None), (("device",), "abc"),
    (("after",), 5), (("after",), None), (("at",), "yesterday"), (("at",), "2026-11-29T13:05:00\n"), (("at",), 3),
    (("at",), None), (("action",), "void"), (("action",), "edit"), (("action",), 1), (("action",), "hands"),
    (("before",), "abc"), (("target",), "abc"), (("hand",), []), (("hand",), None),
    (("hand", "kind"), None), (("hand", "kind"), 3), (("hand", "deadwood"), True), (("hand", "deadwood"), 2.0),
    (("hand", "deadwood"), "2"), (("hand", "player"), 1), (("hand", "note"), "x"), (("hand", "big"), 1),
    (("hand", "cards"), {}), (("hand", "cards"), []), (("hand", "upcard"), "7h"), (("seats",), []), (("seats",), None),
    (("seats",), "Ann"), (("seats", 0, "player"), True), (("seats", 0, "player"), 1.0), (("seats", 0, "player"), 1),
    (("seats", 0, "player"), 5), (("seats", 0, "name"), "ben"), (("seats", 0, "name"), ""), (("seats", 0, "name"), "A\x07"),
    (("seats", 0, "name"), 3), (("seats", 0, "extra"), 1), (("seats", 0), "Ann"), (("seats", 1, "player"), 0),
    (("seats", 1, "player"), True), (("seats", 1, "player"), 1.0),
    (("extra",), 1),
]


def changed(data: dict, index: int, path: tuple, value) -> dict:
    data = json.loads(json.dumps(data))
    holder = data["journal"][index]
    for key in path[:-1]:
        holder = holder[key]
    if value is None and path[-1] in ("id", "clock", "device", "at", "action", "hand", "seats", "kind") or path == ("after",) and index % 2:
        holder.pop(path[-1], None)
    else:
        holder[path[-1]] = value
    return data


def quick_and_full(data: dict, monkeypatch) -> tuple:
    """The problems of a file as the build's checks find them, and as the full checks alone do."""
    from ginscore.store import game_file, journal_format

    quick = game_file.problems(data)
    monkeypatch.setattr(journal_format, "_plain_hand", lambda *args: False)
    full = game_file.problems(data)
    monkeypatch.undo()
    return quick, full


@pytest.mark.parametrize("change", ENTRY_CHANGES, ids=lambda change: f"{'.'.join(map(str, change[0]))}={change[1]!r}")
def test_the_quick_check_of_a_hand_finds_what_the_full_checks_find(change, monkeypatch):
    from ginscore.store import game_file

    sound = device_file()
    assert game_file.problems(sound) == []
    for index in (0, 3, 5):  # the first entry, one with the same seats before it, the last
        quick, full = quick_and_full(changed(sound, index, *change), monkeypatch)
        assert quick == full, (index, change)


SEATS_CHANGES = [change for change in ENTRY_CHANGES if change[0][0] == "seats"]


@pytest.mark.parametrize("change", SEATS_CHANGES, ids=lambda change: f"{'.'.join(map(str, change[0]))}={change[1]!r}")
def test_the_quick_check_of_seats_that_come_round_again_finds_what_the_full_checks_find(change, monkeypatch):
    """At a table of three the seats turn: the fifth hand on has seats in an order found right
    before (kept by the quick check), and a change to them is found all the same."""
    from ginscore.ops import actions
    from ginscore.store import game_file
    from ginscore.store.game_file import encode
    from ginscore.tables import get_table

    table, game = get_table("three-handed"), actions.new_game("k7f3q2ab", ["Ann", "Ben", "Cy"], table="three-handed")
    for number in range(7):
        seats = table.next_seats(actions.evaluate(game))
        game, _ = actions.record(game, {"kind": "knock", "player": seats[number % 2], "deadwood": 2, "opponent_deadwood": 9})
    sound = json.loads(json.dumps(encode(game._replace(device="abc123"))))
    orders = [[seat["player"] for seat in entry["seats"]] for entry in sound["journal"]]
    assert orders[4:] == orders[:3] and len({tuple(order) for order in orders[:3]}) == 3 and game_file.problems(sound) == []
    for index in (5, 6):  # seats in an order the third and second hands had
        quick, full = quick_and_full(changed(sound, index, *change), monkeypatch)
        assert quick == full, (index, change)


def test_an_entry_id_given_twice_is_found_by_the_quick_check_too():
    from ginscore.store import game_file

    data = device_file()
    data["journal"][4]["id"] = data["journal"][1]["id"]
    assert any("is the id of an earlier entry too" in problem for problem in game_file.problems(data))


def test_rules_and_stakes_made_once_are_the_same_as_made_anew():

    from ginscore.core.rules import Rules
    from ginscore.store import game_file, game_file_fields
    from ginscore.tables import get_table

    settings = get_table("standard").settings
    one = game_file_fields.rules_of("standard", settings, {"target": 100})
    assert game_file_fields.rules_of("standard", settings, {"target": 100}) is one == Rules.of(settings, {"target": 100})
    # 1 and true are equal keys to a dict: each is made (and checked) apart
    with pytest.raises(Exception):
        game_file_fields.rules_of("standard", settings, {"target": True})
    assert game_file_fields.stake_of("0.05") == Decimal("0.05")
    data = device_file()
    data["rules"] = {"target": 250}
    assert game_file.decode(data, "here").rules.target == 250


def index_rows(cache) -> list:
    import pathlib
    import sqlite3

    (path,) = pathlib.Path(cache).rglob("index.sqlite3")
    connection = sqlite3.connect(path)
    try:
        return [sorted(connection.execute(f"SELECT * FROM {table}")) for table in ("games", "players", "totals")]
    finally:
        connection.close()


def test_a_build_of_many_games_writes_the_rows_that_one_game_at_a_time_writes(run, isolated_ledger, tmp_path, monkeypatch):
    import os
    import shutil

    from ginscore.base.ids import GAME_ID_LENGTH, digest
    from ginscore.base.jsonfile import canonical
    from ginscore.index import index
    from ginscore.ops import actions
    from ginscore.store.game_file import encode

    names = ["Ann", "Ben", "Cy", "Dee", "Ed"]
    os.makedirs(isolated_ledger / "games")
    for number in range(60):  # finished and unfinished, with and without a stake, one damaged
        players = [names[number % 5], names[(number + 1 + number // 5) % 5]]
        players[1] = players[1] if players[1] != players[0] else names[(number + 2) % 5]
        made = digest(f"build:{number}", GAME_ID_LENGTH)
        game = actions.new_game(made, players, stake=Decimal("0.05") if number % 3 else None)
        # one start time for all: the clock must not split them into two seconds, or a game mended
        # one at a time after a newer one leaves its players' totals marked to work out on reading
        # (dirty), which a build that adds them up once never needs: other rows, the same answers
        game = game._replace(created="2026-11-28T19:00:00+00:00")
        for hand in range(number % 9 + 1):
            if actions.evaluate(game).finished:
                break
            game, _ = actions.record(game, {"kind": "knock" if hand % 4 else "gin", "player": players[hand % 2],
                                           **({"deadwood": hand % 7 + 1} if hand % 4 else {}), "opponent_deadwood": 20 + hand})
        payload = canonical(encode(game._replace(device="abc123")))
        if number == 7:
            payload = payload.replace(b'"deadwood": ', b'"deadwood": "', 1)
        (isolated_ledger / "games" / f"game-{made}.abc123.json").write_bytes(payload)
    assert run("games --last 1").exit_code == 1  # 60 games (one damaged, said): the rows written many games a statement
    at_once = index_rows(tmp_path / "cache")
    shutil.rmtree(tmp_path / "cache")
    monkeypatch.setattr(index, "TOTALS_ONCE", 1000)  # one game at a time, the totals as they go
    assert run("games --last 1").exit_code == 1
    one_by_one = index_rows(tmp_path / "cache")
    assert len(at_once[0]) == 60 and sum(row[7] is not None for row in at_once[0]) == 1  # one damaged
    assert sum(row[5] for row in at_once[0]) > 5 and len(at_once[1]) > 10  # finished games, their players
    assert at_once == one_by_one


def test_a_build_into_an_empty_index_makes_its_indexes_again(run, isolated_ledger, tmp_path, monkeypatch):
    """A build into an empty index drops its indexes and makes them after the rows, in one
    transaction: after it the index has every table and index ginscore makes (else the next
    command would rebuild it); a build cut short leaves them too, and no row."""
    for _game in range(3):
        play(run, "new Ann Ben", "knock ben 2 30", "gin ann 30")
    monkeypatch.setattr(summary_index, "TOTALS_ONCE", 0)  # a build, however few the games
    (path,) = (tmp_path / "cache").rglob("index.sqlite3")
    path.unlink()
    assert run("stats --json").exit_code == 0
    connection = sqlite3.connect(path)
    assert summary_index.layout_of(connection) == summary_index.expected_layout()
    assert connection.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 6
    plan = " ".join(str(step) for step in connection.execute("EXPLAIN QUERY PLAN SELECT * FROM players WHERE folded = 'ann'"))
    assert "players_folded" in plan or "players_in_order" in plan
    connection.close()
    path.unlink()
    real = rows.write_rows

    def cut_short(*args, **kwargs):
        real(*args, **kwargs)
        raise KeyboardInterrupt  # the build stops after its rows are written, before the indexes

    monkeypatch.setattr(summary_index, "write_rows", cut_short)
    with pytest.raises(KeyboardInterrupt):
        summary_index.current(book.open_book(str(isolated_ledger)).ledger, lambda game_id: (None, "x", "~", summary_index.NO_FACTS))
    connection = sqlite3.connect(path)
    assert summary_index.layout_of(connection) == summary_index.expected_layout()
    assert connection.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
    connection.close()


def test_a_long_first_reading_says_at_a_terminal_how_far_it_has_come_and_leaves_no_trace(run, isolated_ledger, tmp_path, monkeypatch):
    """A new device's first command reads every game into its index (a club's years: some
    seconds): at a terminal one line of standard error says how many of how many games are read,
    written over as it goes and wiped at the end; to a pipe or a file, and for a few games,
    nothing. The output is the same either way."""
    import shutil

    import ginscore.cli

    for _game in range(7):
        play(run, "new Ann Ben", "gin ann 98")  # 25 + 98 = 123, past 100: over at once
    quiet = run("games")
    monkeypatch.setattr(summary_index, "TOLD_FROM", 3)  # a few games stand for a club's thousands
    monkeypatch.setattr(summary_index, "ROWS_AT_ONCE", 2)  # told after every 2 games read
    monkeypatch.setenv("COLUMNS", "100")  # the terminal's width: each line written over the whole of it but its last column

    def first_command(terminal: bool):
        shutil.rmtree(tmp_path / "cache")  # a new device: no index yet
        monkeypatch.setattr(ginscore.cli, "waiting_at_a_terminal", lambda: terminal)
        return run("games")

    told = first_command(terminal=True)
    assert told.exit_code == 0 and told.stdout == quiet.stdout
    reading = "Reading 7 games into this device's summary index (the first time only): {} read"
    assert told.stderr == "".join("\r" + reading.format(done).ljust(99) for done in (0, 2, 4, 6)) + "\r" + " " * 99 + "\r"
    piped = first_command(terminal=False)
    assert (piped.exit_code, piped.stdout, piped.stderr) == (0, quiet.stdout, "")
    real = book.Book.summarize_file
    read = []

    def interrupted(self, game_id):
        read.append(game_id)
        if len(read) == 4:
            raise KeyboardInterrupt  # Ctrl-C halfway through the reading
        return real(self, game_id)

    monkeypatch.setattr(book.Book, "summarize_file", interrupted)
    stopped = first_command(terminal=True)
    assert stopped.exit_code != 0 and stopped.stdout == ""
    # wiped before the rest is said (CliRunner reads the wipe's last "\r" and the next "\n" as one line end)
    assert stopped.stderr.startswith("".join("\r" + reading.format(done).ljust(99) for done in (0, 2)) + "\r" + " " * 99)
    monkeypatch.setattr(book.Book, "summarize_file", real)
    monkeypatch.setattr(summary_index, "TOLD_FROM", 8)  # fewer games than that: read without a word
    assert first_command(terminal=True).stderr == ""
    assert run("games").stderr == ""  # the index is there: nothing read, nothing said


def test_a_hand_like_one_of_the_last_two_that_passed_is_not_checked_again_and_a_refused_one_always_is(monkeypatch):
    from ginscore.store import game_file
    from ginscore.tables.two_handed import GinTable

    data = device_file(hands=0)
    ann, ben, over = ({"kind": "knock", "player": name, "deadwood": 2, "opponent_deadwood": 9} for name in ("Ann", "Ben", "Ann"))
    over["deadwood"] = 11  # over the knock limit of 10
    template = device_file(hands=1)["journal"][0]
    data["journal"] = [{**template, "id": f"e{number}", "clock": number, "after": None if number == 0 else f"e{number - 1}",
                        "hand": dict(hand)} for number, hand in enumerate([ann, ben] * 300 + [over, ann, over])]
    checked = []
    plain_check = GinTable.check_hand
    monkeypatch.setattr(GinTable, "check_hand", lambda self, game, hand: checked.append(dict(hand)) or plain_check(self, game, hand))
    game_file.HANDS_CHECKED.clear()
    game, problems = game_file._build(data, 4), []
    game_file._check_hands_against_table(game, problems, "journal[{}].hand")
    # the 600 alternating hands are two hands, checked once each; the one over the limit, refused, is checked (and said) each time
    assert checked == [ann, ben, over, over] and [problem.split(":")[0] for problem in problems] == ["journal[600].hand", "journal[602].hand"]
