"""Rummy for 2 to 6 players (issue #11, RULES.md section 8).

Expected numbers come from RULES.md's worked example or are worked out by hand in the comments;
the fewest payments are checked against a brute-force search (helpers.py).
"""

import json

import pytest

from helpers import game_ids, ledger_bytes, play, status_json


def test_the_worked_example(run):
    # A, B, C. A goes out; B holds K 7 3 (20), C holds A A 9 (11): A +31, B -20, C -11.
    # C goes out "rummy"; A holds 5 (5), B holds Q J (20): doubled, C +50, A -10, B -40.
    # Balances: A +21, B -60, C +39.
    created = play(run, "new A B C --rummy --stake 0.5").output
    assert f"Game {game_ids(run)[0]}: A v B v C, Rummy, no target." in created
    assert "A deals the first hand (7 cards each)." in created
    first = play(run, "out a b=K,7,3 c=A,A,9").output
    assert "Hand 1: A goes out -> B pays A 20, C pays A 11." in first
    assert "Balances: A +31, B -20, C -11." in first
    assert "B deals the next hand (7 cards each)." in first
    second = play(run, "out c a=5 b=Q,J --rummy").output
    assert "Hand 2: C goes out (rummy) -> A pays C 10, B pays C 40; doubled for rummy." in second
    assert "Balances: A +21, B -60, C +39." in second
    state = status_json(run)
    assert state["balances"] == {"A": 21, "B": -60, "C": 39}
    assert state["points"] == {"A": 31, "B": 0, "C": 50}
    assert state["hands_won"] == {"A": 1, "B": 0, "C": 1} and state["rummies"] == {"A": 0, "B": 0, "C": 1}
    assert state["hands"][0]["cards"] == {"B": "K 7 3", "C": "A A 9"}
    # B owes 60: he pays A 21 and C 39, two payments for three players.
    ended = play(run, "end").output
    assert "Settlement: B pays A 21 and B pays C 39." in ended
    assert "At 0.5 per point, B pays A 10.50 and B pays C 19.50." in ended
    final = status_json(run)["final"]
    assert final["payments"] == [
        {"from": "B", "to": "A", "points": 21, "amount": "10.50"},
        {"from": "B", "to": "C", "points": 39, "amount": "19.50"},
    ]


def test_a_target_ends_the_game_at_points_scored(run):
    # Target 50: A scores 31, then 20 more (51 >= 50) and wins.
    play(run, "new A B C --rummy --target 50", "out a b=20 c=11")
    assert status_json(run)["finished"] is False
    result = play(run, "out a b=10 c=10").output
    assert "Game over: A reaches 50 points scored." in result
    assert status_json(run)["winner"] == "A"
    assert run("out b a=3 c=3").exit_code == 1  # the game is over


def test_the_deal(run):
    # two players: the winner of a hand deals the next
    play(run, "new Ann Ben --rummy", "out ben ann=5")
    assert status_json(run)["next_dealer"] == "Ben"
    assert "Ann deals the next hand (10 cards each)" in play(run, "out ann ben=5").output
    # more players: the deal passes to the next player named, whoever wins
    play(run, "new Ann Ben Cy Dee Ed --rummy")
    dealers = []
    for winner in ("cy", "cy", "ann", "dee", "ed", "cy"):
        losers = " ".join(f"{name}=5" for name in ("ann", "ben", "cy", "dee", "ed") if name != winner)
        play(run, f"out {winner} {losers}")
        dealers.append(status_json(run)["next_dealer"])
    assert dealers == ["Ben", "Cy", "Dee", "Ed", "Ann", "Ben"]
    assert status_json(run)["cards_dealt"] == 6


@pytest.mark.parametrize(
    "command, words",
    [
        ("out a b=20", "say what C held: every other player is named once"),
        ("out a b=20 c=3 c=4", "C is named twice"),
        ("out a a=3 b=20 c=3", "A went out, so A holds nothing"),
        ("out a b=0 c=3", "B's count must be a whole number from 1 to 70"),
        ("out a b=71 c=3", "B's count must be a whole number from 1 to 70 (10 for each of the 7 cards dealt)"),
        ("out a b=99999999 c=3", "far more than a hand can hold"),
        ("out a b=K,X c=3", "'X' is not a card"),
        ("out a b c=3", "give what each other player held as NAME=POINTS"),
        ("out a d=3 c=3", "no player 'd' in game {game}"),
        ("out z b=3 c=3", "no player 'z' in game {game}"),
        ("draw", "a Rummy hand cannot end in a draw"),
        ("knock a 2 10", "a Rummy game has no 'knock' hand"),
    ],
)
def test_bad_hands_are_refused_and_nothing_is_written(run, isolated_ledger, command, words):
    play(run, "new A B C --rummy")
    before = ledger_bytes(isolated_ledger)
    result = run(command)
    assert result.exit_code != 0
    words = words.replace("{game}", game_ids(run)[0])  # the game's id is made when it starts
    assert words in result.output and result.output.count("\n") == 1
    assert ledger_bytes(isolated_ledger) == before


@pytest.mark.parametrize(
    "command, words",
    [
        ("new A --rummy", "a rummy game needs 2 to 6 players, got 1"),
        ("new A B C D E F G --rummy", "a rummy game needs 2 to 6 players, got 7"),
        ("new A B --rummy --undercut-bonus 10", "--undercut-bonus is not a setting of a rummy game"),
        ("new A B --rummy --rules classic", "the classic preset sets --shutout"),
    ],
)
def test_bad_games_are_refused(run, isolated_ledger, command, words):
    result = run(command)
    assert result.exit_code != 0 and words in result.output
    assert not isolated_ledger.exists()


def test_out_is_refused_in_a_gin_game(run):
    play(run, "new A B")
    assert run("out a b=3").exit_code == 1


def test_undo_redo_edit_log_check_games_backup(run, tmp_path):
    play(run, "new Ann Ben Cy Dee --rummy --stake 0.1", "out ann ben=20 cy=11 dee=K,Q", "out cy ann=3 ben=4 dee=5 --rummy")
    play(run, "undo")
    assert status_json(run)["balances"] == {"Ann": 51, "Ben": -20, "Cy": -11, "Dee": -20}
    play(run, "redo")
    edited = play(run, "edit 1 out ann ben=20 cy=11 dee=19").output
    assert "was: out Ann Ben=20 Cy=11 Dee=20 (Dee held K Q)" in edited
    assert "now: out Ann Ben=20 Cy=11 Dee=19" in edited
    assert "out Cy Ann=3 Ben=4 Dee=5 --rummy" in play(run, "log").output
    play(run, "check")
    listing = json.loads(play(run, "games --json").output)["games"]
    assert listing[0]["table"] == "rummy" and listing[0]["finished"] is False
    for fmt in ("simple", "csv", "html", "github"):
        play(run, f"sheet --format {fmt}", f"status --format {fmt}")
    play(run, "end")
    assert json.loads(play(run, "games --json").output)["games"][0]["final"]["payments"]
    play(run, f"backup {tmp_path / 'copy'}")


# ---- properties ------------------------------------------------------------------------------
