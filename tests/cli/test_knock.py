"""The commands that record a hand (knock, gin, draw; out for Rummy): the numbers they take, a player left out or typed together with a number, the wrong kind of hand for the game, and a player the game does not have."""

from __future__ import annotations

import pytest

from helpers import game_ids, ledger_bytes, new_game, play, refused, status_json


def test_negative_numbers_still_reach_the_range_check(run):
    play(run, "new Alice Bob")
    refused(run, "knock alice -3 15", "deadwood")


def test_big_gin_with_big_gin_off_is_refused_not_dropped(run, isolated_ledger):
    play(run, "new Alice Bob --big-gin-bonus 0")
    before = ledger_bytes(isolated_ledger)
    refused(run, "gin bob 30 --big", "--big", "without big gin", "leave out --big")
    assert ledger_bytes(isolated_ledger) == before
    play(run, "gin bob 30")
    refused(run, "edit 1 gin bob 30 --big", "leave out --big")
    play(run, "new Alice Bob", "gin bob 30 --big")
    assert status_json(run)["hands"][0]["result"] == "big_gin"


@pytest.mark.parametrize("command", ["knock a 4 15", "gin a 30", "edit 1 knock a 4 16"])
def test_unknown_player_error_names_the_game_and_how_to_pick_another(run, isolated_ledger, command):
    play(run, "new A B", "knock a 4 15", "new C D", "knock c 4 15")  # game 2 is now the current one
    second = game_ids(run)[1]
    before = ledger_bytes(isolated_ledger)
    result = run(command)
    assert result.exit_code == 1
    assert f"no player 'a' in game {second}: its players are C, D (for another game add --game ID" in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_a_hand_of_the_wrong_kind_says_what_the_game_takes(run, isolated_ledger):
    first = new_game(run, "new Ann Ben")
    play(run, "knock ann 4 15")
    before = ledger_bytes(isolated_ledger)
    wrong = run("out z max=3")
    assert wrong.exit_code == 1
    assert wrong.output.strip() == (
        f"Error: 'out' is for Rummy games; game {first} is a standard game: record its hands with "
        "'ginscore knock Ann 4 15', 'ginscore gin Ben 30' and 'ginscore draw'"
    )
    assert "'out' is for Rummy games" in run("edit 1 out ann ben=3").output
    play(run, "new Cy Dee Eve Fay --partnership")
    assert "'ginscore draw Cy'" in run("out cy dee=3").output
    play(run, "new Gus Hal Ivy --rummy")
    assert "a Rummy game has no 'knock' hand" in run("knock zed 4 15").output
    assert run(f"knock ann 4 --game {first}").output.startswith(  # the player typed, not alice
        "Error: give both deadwoods, the knocker's and the opponent's: 'ginscore knock ann 4 15'"
    )
    assert "'ginscore gin ben 30'" in run(f"gin ben --game {first}").output
    after = ledger_bytes(isolated_ledger)
    assert {path: after[path] for path in before} == before  # the first game's file is as it was


def test_a_player_left_out_is_said_and_the_players_named(run, isolated_ledger):
    play(run, "new Alice Bob")
    refused(run, "knock 4 15",
            "Error: '4' is no player: give the player first, as in 'ginscore knock Alice 4 15' (the players: Alice, Bob)")
    refused(run, "gin 30", "'30' is no player", "'ginscore gin Alice 30'")
    refused(run, "knock 4", "'4' is no player")
    result = run("play", input="k 4 15\nq\n")
    assert "'4' is no player" in result.output and "4 4 15" not in result.output


def test_a_player_called_like_a_number_is_still_told_what_is_missing(run, isolated_ledger):
    play(run, "new 4 Bob")
    refused(run, "knock 4 15", "give both deadwoods, the knocker's and the opponent's: 'ginscore knock 4 4 15'")


def test_a_player_and_a_number_typed_together_are_said_so(run, isolated_ledger):
    play(run, "new Alice Bob")
    refused(run, "gin bo30", "'bo30' runs a player and a number together: put a space between them, as in 'ginscore gin bo 30'")
    refused(run, "knock al4 15", "as in 'ginscore knock al 4 15'")
    result = run("play", input="g bo30\nq\n")
    assert "runs a player and a number together" in result.output and "gin bo30 30" not in result.output


def test_kinds_of_hand_suggest_what_was_meant(run, isolated_ledger):
    play(run, "new Alice Bob", "knock alice 4 15")
    refused(run, "edit 1 knok alice 2 8", "got 'knok' (did you mean knock?)")
    result = run("play", input="knok al 4 15\ngni bob 30\nq\n")
    assert "No such command 'knok' (did you mean knock?)" in result.output
    assert "No such command 'gni' (did you mean gin?)" in result.output
