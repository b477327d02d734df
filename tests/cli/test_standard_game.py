"""The two-player game through the command line (issue #2)."""

import json

import pytest

from helpers import game_file, game_ids, ledger_bytes, new_game, play


def status(run, *extra):
    result = run(["status", "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_whole_game_to_100_with_final_block(run):
    play(
        run,
        "new Alice Bob --stake 0.01",
        "knock alice 4 15",  # Alice +11
        "gin bob 30",  # Bob +55
        "knock al 9 9",  # tie: undercut, Bob +25
        "draw",
        "knock bob 2 22",  # Bob +20 -> 100, game over
    )
    state = status(run)
    assert state["finished"] is True
    assert state["winner"] == "Bob"
    assert [hand["result"] for hand in state["hands"]] == ["knock", "gin", "undercut", "draw", "knock"]
    assert [hand["points"] for hand in state["hands"]] == [11, 55, 25, 0, 20]
    assert [hand["winner"] for hand in state["hands"]] == ["Alice", "Bob", "Bob", None, "Bob"]
    assert [hand["number"] for hand in state["hands"]] == [1, 2, 3, 4, 5]
    assert state["scores"] == {"Alice": 11, "Bob": 100}
    assert state["boxes"] == {"Alice": 1, "Bob": 3}
    final = state["final"]
    # Bob: 100 + 3 x 25 + 100 = 275; Alice: 11 + 25 = 36; net 239; at 0.01 -> 2.39
    assert final["winner"] == "Bob" and final["loser"] == "Alice"
    assert final["shutout"] is False
    assert final["totals"] == {"Bob": 275, "Alice": 36}
    assert final["net"] == 239
    assert final["amount"] == "2.39"
    assert state["stake"] == "0.01"
    assert state["players"] == ["Alice", "Bob"]
    assert state["rules"]["target"] == 100 and state["rules"]["box_bonus"] == 25
    assert state["id"] == game_ids(run)[0]


def test_status_json_has_the_contract_keys_while_in_progress(run):
    play(run, "new Alice Bob", "knock bob 3 10")
    state = status(run)
    for key in ("id", "players", "rules", "stake", "hands", "scores", "boxes", "finished", "winner", "final"):
        assert key in state
    assert state["final"] is None and state["winner"] is None and state["stake"] is None
    assert state["finished"] is False
    assert state["hands"][0] == {**state["hands"][0], "number": 1, "result": "knock", "winner": "Bob", "points": 7}


def test_shutout_doubles_the_winners_total(run):
    # RULES.md 3 worked example: 12, 8, 35, 20, 25 for A, nothing for B -> 650 (double-total)
    play(run, "new A B", "knock a 1 13", "knock a 2 10", "knock a 5 40", "knock a 10 30", "gin a 0")
    final = status(run)["final"]
    assert final["shutout"] is True
    assert final["totals"] == {"A": 650, "B": 0}
    assert final["net"] == 650


def test_output_after_each_hand_names_winner_how_points_and_totals(run):
    play(run, "new Alice Bob")
    output = run("knock bob 8 3").output  # undercut: Alice 5 + 25
    assert "Alice undercuts Bob" in output
    assert "+30" in output
    assert "Alice 30, Bob 0" in output


def test_sheet_shows_hands_running_totals_and_final_block(run):
    play(run, "new Alice Bob --stake 1/10", "gin alice 20", "knock bob 1 4", "gin alice 40")
    # Alice 45 + 65 = 110 wins; Bob 3 and one box. Alice 110 + 50 + 100 = 260; Bob 3 + 25 = 28
    sheet = run("sheet").output
    assert "Net: Alice wins by 232." in sheet
    assert "Bob pays Alice 23.2" in sheet
    final_block = run("status --format csv").output.splitlines()
    assert final_block == [
        "player,points,boxes,box points,game bonus,shutout,total,net,amount",
        "Alice,110,2,50,100,0,260,232,23.20",  # the decimals the text shows (issue 20)
        "Bob,3,1,25,0,0,28,-232,-23.20",
    ]


# RULES.md section 2, its worked examples from the seeds, through the command line.
@pytest.mark.parametrize(
    "options, command, result, winner, points",
    [
        # seed 004: knocker 3, defender left with 11 after laying off J and 10 of hearts -> 8
        ("", "knock alice 3 11", "knock", "Alice", 8),
        # seed 002: knocker 2, defender lays off to 1 -> undercut, 1 + 25 = 26
        ("", "knock alice 2 1", "undercut", "Bob", 26),
        # seed 004: a tie with undercut bonus 20 -> the defender scores just 20
        ("--undercut-bonus 20", "knock alice 7 7", "undercut", "Bob", 20),
    ],
)
def test_worked_hands_of_rules_section_2(run, options, command, result, winner, points):
    play(run, f"new Alice Bob {options}", command)
    hand = status(run)["hands"][0]
    assert (hand["result"], hand["winner"], hand["points"], hand["boxes"]) == (result, winner, points, 1)


def test_seed_002_hand_from_its_cards(run):
    # Seed 002's picture: the knocker holds 6-7-8s, 10-J-Qd, three 4s and the 2 of clubs (K = 2);
    # the defender's 9s, 9d and ace of spades (19) are loose beside three kings and 5-8h. He lays
    # 9s on 6-7-8s and 9d on 10-J-Qd, keeps the ace: D = 1 <= 2, undercut, 1 + 25 = 26.
    play(
        run,
        "new Alice Bob",
        ["knock", "alice", "--cards", "6s 7s 8s Td Jd Qd 4h 4d 4c 2c",
         "--opponent-cards", "As 9s 9d Ks Kh Kc 5h 6h 7h 8h"],
    )
    hand = status(run)["hands"][0]
    assert (hand["deadwood"], hand["opponent_deadwood"]) == (2, 1)
    assert (hand["result"], hand["winner"], hand["points"]) == ("undercut", "Bob", 26)


@pytest.mark.parametrize("fmt", ["csv", "github", "grid", "plain"])
def test_sheet_formats(run, fmt):
    play(run, "new Alice Bob", "knock alice 2 9")
    result = run(["sheet", "--format", fmt])
    assert result.exit_code == 0
    assert "Alice knocks 2 v 9" in result.output


def test_sheet_csv_is_parseable(run):
    import csv
    import io

    play(run, "new Alice Bob", "knock alice 2 9", "gin bob 10")
    rows = list(csv.reader(io.StringIO(run("sheet --format csv").output)))
    assert rows[0][-2:] == ["Alice total", "Bob total"]
    assert rows[2][-2:] == ["7", "35"]


def test_unknown_format_is_one_line_error(run):
    play(run, "new Alice Bob")
    result = run("sheet --format nonsense")
    assert result.exit_code != 0
    assert result.output.count("\n") == 1 and "csv" in result.output


def test_games_lists_every_game(run):
    play(run, "new Alice Bob", "gin alice 80", "new Carol Dan", "knock carol 3 5")
    listing = json.loads(run("games --json").output)["games"]
    assert [game["id"] for game in listing] == game_ids(run) and len(listing) == 2
    assert [game["players"][0] for game in listing] == ["Alice", "Carol"]  # in the order started
    assert listing[0]["finished"] is True and listing[0]["winner"] == "Alice"
    # Alice 105 + 100 + 25 = 230, shutout doubled -> 460
    assert listing[0]["net"] == 460
    assert listing[1]["finished"] is False and listing[1]["net"] is None
    text = run("games").output
    assert "Carol v Dan" in text and "in progress" in text


def test_commands_act_on_the_current_game_or_game_id(run):
    first = new_game(run, "new Alice Bob")
    play(run, "new Carol Dan", "knock carol 3 5", f"knock alice 2 10 --game {first}")
    assert status(run)["players"] == ["Carol", "Dan"]
    assert status(run, "--game", first)["scores"] == {"Alice": 8, "Bob": 0}
    assert status(run, "--game", first[:3].upper())["scores"] == {"Alice": 8, "Bob": 0}  # a unique beginning


def test_current_game_is_latest_even_when_finished(run):
    play(run, "new Alice Bob", "gin alice 80")
    assert status(run)["finished"] is True
    assert "Final" in run("sheet").output


def test_undo_reopens_a_finished_game(run):
    play(run, "new Alice Bob", "knock bob 2 10", "gin alice 80", "undo")
    state = status(run)
    assert state["finished"] is False and state["final"] is None
    assert state["scores"] == {"Alice": 0, "Bob": 8}
    play(run, "gin alice 80")
    assert status(run)["finished"] is True


def test_big_gin(run):
    play(run, "new Alice Bob", "gin bob 12 --big")
    hand = status(run)["hands"][0]
    assert (hand["result"], hand["points"]) == ("big_gin", 43)


def test_new_prints_the_id(run):
    first = run("new Alice Bob").output
    second = run("new Alice Bob").output
    one, two = game_ids(run)
    assert first.startswith(f"Game {one}:") and second.startswith(f"Game {two}:") and one != two


def test_names_match_case_insensitively_and_by_unique_prefix(run):
    play(run, "new Alice Bob", "knock ALICE 2 5", "knock b 1 3", "knock aLi 1 2")
    assert status(run)["scores"] == {"Alice": 4, "Bob": 2}


def test_exact_name_wins_over_prefix(run):
    play(run, "new Al Alice", "knock al 2 5")
    assert status(run)["scores"] == {"Al": 3, "Alice": 0}


def test_every_command_is_documented_with_an_example():
    import click

    from ginscore.cli import cli

    context = click.Context(cli)
    names = cli.list_commands(context)
    assert {"new", "knock", "gin", "draw", "undo", "status", "sheet", "games"} <= set(names)
    for name in names:
        command = cli.get_command(context, name)
        if command.hidden:  # another name of a command listed ('abandon' for 'end'), or git's merge driver
            continue
        assert command.help, f"{name} has no docstring"
        assert "Example" in command.help and f"ginscore {name}" in command.help, name


# ---- bad input: one line, non-zero exit, ledger bytes unchanged ------------------------------

BAD_HANDS = [
    ("knock alice -3 15", "knocker's deadwood"),
    ("knock alice x 15", "whole number"),
    ("knock alice 3 y", "whole number"),
    ("knock alice 11 30", "knock limit of 10"),
    ("knock alice 0 30", "is gin"),
    ("knock alice 5 99", "from 0 to 98"),
    ("knock alice 5 -1", "from 0 to 98"),
    ("gin alice 99", "from 0 to 98"),
    ("gin alice -5", "from 0 to 98"),
    ("gin alice 2.5", "whole number"),
    ("knock zed 3 5", "no player 'zed'"),
    ("knock al 3 5", "could be Alice or Alan"),
    ("gin '' 3", "give a player's name"),
]


@pytest.mark.parametrize("command, message", BAD_HANDS)
def test_bad_hands_are_refused_and_nothing_is_written(run, isolated_ledger, command, message):
    import shlex

    play(run, "new Alice Alan", "knock alice 2 9")
    before = ledger_bytes(isolated_ledger)
    result = run(shlex.split(command))
    assert result.exit_code != 0
    assert message in result.output
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1
    assert ledger_bytes(isolated_ledger) == before


def test_hand_after_the_game_ended_is_refused(run, isolated_ledger):
    play(run, "new Alice Bob", "gin alice 80")
    before = ledger_bytes(isolated_ledger)
    result = run("knock bob 2 9")
    assert result.exit_code != 0
    assert "is over" in result.output and "ginscore new" in result.output and "--game" in result.output
    assert ledger_bytes(isolated_ledger) == before
    assert run("draw").exit_code != 0
    assert ledger_bytes(isolated_ledger) == before


@pytest.mark.parametrize("command", ["knock alice 2 9", "gin bob 3", "draw", "undo", "status", "sheet"])
def test_no_game_yet(run, isolated_ledger, command):
    result = run(command)
    assert result.exit_code != 0
    assert "no games" in result.output and "ginscore new" in result.output
    assert not isolated_ledger.exists()


def test_unknown_game_id(run, isolated_ledger):
    play(run, "new Alice Bob")
    before = ledger_bytes(isolated_ledger)
    result = run("knock alice 2 9 --game 7")
    assert result.exit_code != 0 and "no game '7'" in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_undo_with_no_hands(run, isolated_ledger):
    play(run, "new Alice Bob")
    before = ledger_bytes(isolated_ledger)
    result = run("undo")
    assert result.exit_code != 0 and "no hand to undo" in result.output
    assert ledger_bytes(isolated_ledger) == before


@pytest.mark.parametrize(
    "args, message",
    [
        (["new", "Alice", "Alice"], "named twice"),
        (["new", "Alice", "alice"], "named twice"),
        (["new", "Alice", ""], "cannot be empty"),
        (["new", "Alice", "  "], "cannot be empty"),
        (["new", "Alice"], "needs 2 players"),
        (["new", "A", "B", "C"], "needs 2 players"),
        (["new", "A", "B", "--stake", "0"], "not positive"),
        (["new", "A", "B", "--stake", "-1"], "not"),
        (["new", "A", "B", "--stake", "lots"], "not a number"),
        (["new", "A", "B", "--stake", "1/3"], "no exact decimal"),
        (["new", "A", "B", "--stake", "1e30"], "more than 28 digits"),  # was a traceback
    ],
)
def test_bad_new_is_refused_and_nothing_is_written(run, isolated_ledger, args, message):
    play(run, "new X Y")
    before = ledger_bytes(isolated_ledger)
    result = run(args)
    assert result.exit_code != 0
    assert message in result.output and result.output.count("\n") == 1
    assert ledger_bytes(isolated_ledger) == before


def test_unreadable_ledger_is_reported_and_never_overwritten(run, isolated_ledger):
    play(run, "new Alice Bob", "knock alice 2 9")
    path = game_file(isolated_ledger)
    path.write_text('{"file_format": "ginscore-game", "file_vers')
    before = ledger_bytes(isolated_ledger)
    for command in ("knock alice 2 9", "status", "undo", "sheet"):
        result = run(command)
        assert result.exit_code != 0
        assert path.name in result.output and "not valid JSON" in result.output
        assert ledger_bytes(isolated_ledger) == before


def test_usage_errors_are_one_line(run):
    result = run("knock alice 3")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "--help" in result.output
