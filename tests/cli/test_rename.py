"""'ginscore rename OLD NEW [--game ID | --all]' (issue 22 item 3): a journal entry in each game
it touches, undo takes it back, refused where NEW is taken, and 'games', 'stats' and 'settle'
see one player afterwards. The oracle is the same game recorded with the new name from the
start: what it says is what the renamed game must say."""

import json

import pytest

from helpers import game_ids, ok, play, refused, status_json


def said(run, *extra) -> dict:
    data = status_json(run, *extra)
    for key in ("id", "created"):
        data.pop(key)
    return data


# table -> (start, hands before the rename, hands after; "a" is renamed Zed)
GAMES = {
    "standard": ("new {a} B", ["knock {a} 4 15", "gin b 10"], ["knock {a} 9 5"]),
    "hollywood": ("new {a} B --hollywood", ["gin {a} 10", "knock b 3 20"], ["gin {a} 5"]),
    "three-handed": ("new {a} B C --three-handed", ["knock {a} 2 20"], ["knock c 9 5"]),
    "partnership": ("new {a} B C D --partnership", ["gin {a} 10", "knock d 3 9"], ["knock {a} 2 12"]),
    "rummy": ("new {a} B C --rummy", ["out {a} b=10 c=5", "out b {a}=3 c=7"], ["out c {a}=4 b=2"]),
}


@pytest.mark.parametrize("table", GAMES)
def test_a_renamed_game_says_what_the_game_recorded_with_the_new_name_says(run, table):
    start, before, after = GAMES[table]
    play(run, *(command.format(a="Zed") for command in (start, *before, *after)))
    expected = said(run)
    play(run, *(command.format(a="Al") for command in (start, *before)))
    unchanged = said(run)
    result = play(run, "rename al Zed")
    assert "Renamed Al to Zed in game" in result.output
    play(run, *(command.format(a="zed") for command in after))
    assert said(run) == expected
    assert "Zed" in play(run, "sheet").output and "Al " not in play(run, "sheet").output
    play(run, *["undo"] * (len(after) + 1))  # the later hands, then the rename
    assert said(run) == unchanged


def test_the_log_shows_the_rename_and_undo_redo_take_it_back(run):
    play(run, "new Alcie Bob", "knock alcie 4 15", "rename Alcie Alice")
    entries = json.loads(play(run, "log --json").output)
    assert entries["players"] == ["Alice", "Bob"]
    rename = entries["entries"][-1]
    assert (rename["action"], rename["old"], rename["new"], rename["counts"]) == ("rename", "Alcie", "Alice", True)
    assert "renamed Alcie to Alice" in play(run, "log").output
    assert "Undid the rename in game" in play(run, "undo").output
    assert status_json(run)["players"] == ["Alcie", "Bob"]
    assert "Redid the change of game" in play(run, "redo").output
    assert status_json(run)["hands"][0]["player"] == "Alice"
    assert run("check").exit_code == 0


def test_a_name_freed_by_a_rename_can_be_given_to_another_player(run):
    # Ann -> Cy, then Bea -> Ann: each hand names the player it was won by, as named now
    play(run, "new Ann Bea", "knock ann 2 10", "rename ann Cy", "knock bea 3 9", "rename bea Ann", "gin cy 5")
    data = status_json(run)
    assert data["players"] == ["Cy", "Ann"]
    assert [hand["player"] for hand in data["hands"]] == ["Cy", "Ann", "Cy"]
    assert data["scores"] == {"Cy": 8 + 30, "Ann": 6}
    assert run("check").exit_code == 0


def test_a_name_changes_its_case(run):
    play(run, "new alice bob", "knock alice 2 10", "rename alice Alice")
    assert status_json(run)["players"] == ["Alice", "bob"]


def test_the_refusals(run):
    play(run, "new Alice Bob", "knock alice 2 10")
    line = refused(run, "rename alice BOB", code=1)
    assert line == "Error: game {game} has a player Bob already: give Alice a name no other player of the game has".format(
        game=game_ids(run)[-1]
    )
    refused(run, "rename Carol Dan", "no player 'Carol'", "Alice, Bob", code=1)
    refused(run, "rename Ca Alicia", "no player 'Ca'", code=1)  # a start of a name, as every command takes (issue 34)
    refused(run, ["rename", "Alice", "Ali\u200bce"], "invisible formatting characters", code=1)
    refused(run, ["rename", "Alice", " "], "cannot be empty", code=1)
    refused(run, "rename Alice Alice", "already named that", code=1)
    refused(run, f"rename Alice Ann --all --game {game_ids(run)[-1]}", code=2)
    refused(run, "rename Zoe Ann --all", "no game has a player 'Zoe'", code=1)


def test_rename_all_renames_the_player_in_every_game_and_the_evening_sees_one_player(run):
    play(run, "new Alcie Bob --stake 1", "gin alcie 90")  # Alcie wins: 90 + 25 + 100 + 25 = 240, shutout x2
    play(run, "new Bob Alcie --stake 1", "gin bob 90")
    play(run, "new Alice Cy", "knock alice 2 10")  # no Alcie here
    before = {game: status_json(run, "--game", game) for game in game_ids(run)}
    result = play(run, "rename alcie Alice --all")
    assert "in 2 games" in result.output
    games = json.loads(play(run, "games --json").output)["games"]
    assert [entry["players"] for entry in games] == [["Alice", "Bob"], ["Bob", "Alice"], ["Alice", "Cy"]]
    stats = json.loads(play(run, "stats --json").output)["players"]
    assert sorted(stats) == ["Alice", "Bob"] and stats["Alice"]["games"] == 2  # finished games: one player
    head_to_head = json.loads(play(run, "stats --vs Alice Bob --json").output)
    assert sorted(head_to_head["players"]) == ["Alice", "Bob"] and len(head_to_head["games"]) == 2
    refused(run, "stats --vs Alcie Bob", "no player 'Alcie'", code=1)
    settle = json.loads(play(run, "settle --all --json").output)
    assert set(settle["nets"]) == {"Alice", "Bob"}
    assert settle["nets"]["Alice"] == "0.00"  # one 480 won, one 480 lost
    third = game_ids(run)[-1]
    assert status_json(run, "--game", third) == before[third]  # the game without Alcie is untouched
    data = json.loads(play(run, "rename Bob Rob --all --json").output)
    assert data["schema"] == "ginscore.rename" and data["old"] == "Bob" and len(data["games"]) == 2


def test_rename_all_is_refused_everywhere_when_one_game_has_the_name(run):
    play(run, "new Alcie Bob", "knock alcie 2 10")
    play(run, "new Alcie Alice", "knock alice 2 10")
    refused(run, "rename Alcie Alice --all", "has a player Alice already", code=1)


def test_a_finished_game_is_renamed_too(run):
    play(run, "new Alcie Bob", "gin alcie 90", "rename alcie Alice --json")
    data = status_json(run)
    assert data["finished"] and data["winner"] == "Alice"
    assert [payment["to"] for payment in data["final"]["payments"]] == ["Alice"]


def test_a_hand_another_device_records_after_the_rename_is_read_with_it(run, monkeypatch, isolated_ledger):
    # one ledger folder synced between two devices: each writes its own file of the game, and
    # the file of the device that did not rename holds a hand naming the new name
    monkeypatch.setenv("GINSCORE_DEVICE", "phone1")
    play(run, "new Alcie Bob", "knock alcie 4 15", "rename alcie Alice")
    monkeypatch.setenv("GINSCORE_DEVICE", "table2")
    play(run, "gin alice 10", "rules set gin-bonus 20")
    monkeypatch.setenv("GINSCORE_DEVICE", "phone1")
    play(run, "knock bob 2 12")
    assert len(list((isolated_ledger / "games").glob("game-*.json"))) == 2
    data = status_json(run)
    assert [hand["player"] for hand in data["hands"]] == ["Alice", "Alice", "Bob"]
    assert data["scores"] == {"Alice": 11 + 30, "Bob": 10}
    assert run("check").exit_code == 0


def recorded_apart(run, monkeypatch, ledger, start, on_phone, on_tablet) -> None:
    """``start`` played on the phone; then ``on_phone`` there while the tablet, which has not
    synced since ``start``, plays ``on_tablet``; then the two files of the game meet."""
    monkeypatch.setenv("GINSCORE_DEVICE", "phone1")
    play(run, *start)
    phone_file = next((ledger / "games").glob("game-*.phone1.json"))
    before = phone_file.read_bytes()
    play(run, *on_phone)
    after = phone_file.read_bytes()
    phone_file.write_bytes(before)  # the tablet has not seen what the phone did
    monkeypatch.setenv("GINSCORE_DEVICE", "table2")
    play(run, *on_tablet)
    phone_file.write_bytes(after)  # the files meet


def test_a_hand_recorded_apart_with_the_old_name_takes_the_new_one(run, monkeypatch, isolated_ledger):
    # the phone renames while the tablet, not yet synced, records a hand naming the old name:
    # once the two files meet, the hand is the renamed player's, and nothing reads as damaged
    recorded_apart(run, monkeypatch, isolated_ledger, ["new Alcie Bob", "knock alcie 4 15"], ["rename alcie Alice"], ["knock alcie 3 20"])
    data = status_json(run)
    assert data["players"] == ["Alice", "Bob"]
    assert [hand["player"] for hand in data["hands"]] == ["Alice", "Alice"]
    assert data["scores"] == {"Alice": 11 + 17, "Bob": 0}
    assert run("check").exit_code == 0


def test_a_name_reused_after_a_rename_is_the_new_player_s(run):
    # Ann becomes Cy, then Bea takes the name Ann: a hand after that naming Ann is Bea's
    play(run, "new Ann Bea", "knock ann 2 10", "rename ann Cy", "rename bea Ann", "knock ann 3 9")
    data = status_json(run)
    assert [hand["player"] for hand in data["hands"]] == ["Cy", "Ann"]
    assert data["scores"] == {"Cy": 8, "Ann": 6}


def test_a_file_is_written_in_the_oldest_version_that_reads_it_right(run, monkeypatch, isolated_ledger):
    """4: hands of two players, read alike with or without their seats; 5: a rules change or
    a rename and no hand with seats; 6: hands with seats where an older ginscore would read
    them otherwise (a rename beside them, or a table whose seats turn)."""
    from ginscore.store import game_file

    play(run, "new Alcie Bob", "knock alcie 4 15")
    plain = game_ids(run)[0]
    play(run, "new Ed Fay", "rules set gin-bonus 30")
    rules_only = game_ids(run)[1]
    play(run, "new Gus Hal Ivy --three-handed", "draw")
    three = game_ids(run)[2]
    play(run, "new Cy Dee", "knock cy 4 15", "rename cy Cyd")
    renamed = game_ids(run)[3]
    files = {path.name.split(".")[0][5:]: json.loads(path.read_text("utf-8")) for path in (isolated_ledger / "games").glob("game-*.json")}
    assert {game: data["file_version"] for game, data in files.items()} == {plain: 4, rules_only: 5, three: 6, renamed: 6}
    monkeypatch.setattr(game_file, "FILE_VERSION", 5)  # a ginscore from before seats
    assert run(["status", "--game", plain]).exit_code == 0
    assert run(["status", "--game", rules_only]).exit_code == 0
    result = run("status")
    assert result.exit_code == 1 and "written by a newer ginscore (file version 6" in result.output


def test_two_devices_renaming_one_player_apart_agree_on_the_later_name(run, monkeypatch, isolated_ledger):
    # the phone names Ann "Anna" and the tablet, apart, names her "Annie" and records a hand:
    # the later rename wins, on both devices alike, and every hand is hers
    recorded_apart(
        run, monkeypatch, isolated_ledger, ["new Ann Bob", "knock ann 4 15"], ["rename ann Anna", "knock anna 2 10"],
        ["rename ann Annie", "knock annie 3 20"],
    )
    data = status_json(run)
    assert data["players"] == ["Annie", "Bob"]
    assert [hand["player"] for hand in data["hands"]] == ["Annie", "Annie", "Annie"]
    assert data["scores"] == {"Annie": 11 + 8 + 17, "Bob": 0}
    assert run("check").exit_code == 0


def test_a_rename_made_apart_to_a_name_taken_meanwhile_changes_nothing_and_check_says_so(run, monkeypatch, isolated_ledger):
    # the phone renames Ann "Cy" while the tablet, apart, renames Bob "Cy": the later one
    # cannot apply (two players Cy), so Bob keeps his name, and 'check' and 'status' say how to settle it
    recorded_apart(run, monkeypatch, isolated_ledger, ["new Ann Bob", "knock ann 4 15"], ["rename ann Cy"], ["rename bob Cy"])
    data = status_json(run)
    assert data["players"] == ["Cy", "Bob"]
    line = (f"Bob and another player were both renamed Cy on two devices apart: Bob keeps the name Bob, and every hand "
            f"stays with the player who made it; to give Bob another name: ginscore rename Bob NAME --game {data['id']}")
    report = json.loads(run("check --json").output)
    assert report["ok"] and [note["note"] for note in report["notes"]] == [line]
    assert line in play(run, "status").output


def test_what_a_game_as_it_stands_marks_in_memory_is_never_written(run, isolated_ledger):
    # changes.standing marks a rename applied (so that reading it again changes nothing): a
    # file that held the mark would read with the rename undone
    play(run, "new Ann Bea", "knock ann 2 10", "rename ann Cy", "knock cy 3 9", "rules set gin-bonus 30", "gin bea 4")
    play(run, "undo", "redo", "edit 1 knock cy 3 12", "delete 2", "undo")
    assert all("_applied" not in path.read_text("utf-8") for path in (isolated_ledger / "games").glob("game-*.json"))
    assert status_json(run)["players"] == ["Cy", "Bea"]


def test_rename_all_reads_only_the_player_s_games_and_renames_each_one_every_game_read_would(run, monkeypatch, tmp_path):
    """'rename --all' in the size of the player's games (issue #45): only the games the summary
    index names for the player are read, and they are every game whose players as they stand
    include him, as reading every game finds them (the plain route it replaced), on random
    ledgers of games of every table, renamed, voided and in progress."""
    import random

    from ginscore.app.book import Book, open_book
    from ginscore.core.names import folded
    from ginscore.ops import actions

    rng = random.Random(45)
    names = ["Ann", "Ben", "Cy", "Dee", "Eve"]
    for _ledger in range(4):
        monkeypatch.setenv("GINSCORE_LEDGER", str(tmp_path / f"ledger{_ledger}"))
        for _game in range(12):
            table, count = rng.choice([("", 2), ("--rummy", 3), ("--three-handed", 3), ("--hollywood", 2)])
            players = rng.sample(names, count)
            play(run, f"new {' '.join(players)} {table}")
            if rng.random() < 0.6:
                play(run, f"draw {players[0]}" if table == "--partnership" else
                     f"out {players[0]} {' '.join(f'{name}=5' for name in players[1:])}" if table == "--rummy" else
                     f"knock {players[0]} 2 30")
            if rng.random() < 0.2:
                play(run, f"rename {players[-1]} {players[-1]}x")
            if rng.random() < 0.1:
                play(run, f"void {game_ids(run)[-1]}")
        old = rng.choice(names)
        book = open_book()
        plain = [game_id for game_id in book.game_ids()
                 if folded(old) in {folded(name) for name in actions.standing(book.load(game_id)).players}]
        read = set()
        load = Book.load
        with monkeypatch.context() as patched:
            patched.setattr(Book, "load", lambda book, game_id=None: read.add(game_id) or load(book, game_id))
            result = run(["rename", old, f"{old}-{_ledger}", "--all", "--json"])
        if not plain:
            assert result.exit_code == 1
            continue
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["games"] == plain
        assert read == set(plain)  # no other game was read


def test_rename_takes_a_unique_start_of_a_name(run):
    play(run, "new Alice Bob")
    assert ok(run, "rename al Alicia").output.startswith("Renamed Alice to Alicia")
    play(run, "new Alice Alan")
    refused(run, "rename al X", "'al' could be Alice or Alan: type more of the name")
