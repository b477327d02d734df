"""Issue 22 item 7: the most hands won in a row (per game, and the best over games with its
game) and who plays first in the next hand, on every table. Every number is worked by hand in
the comments (RULES.md's worked games where there is one); the streaks are also checked against
a brute-force reference over the hand sequence."""

import json
import random

import pytest

from helpers import game_ids, ok, play, status_json
from helpers_streaks import brute_force_streak


def first_lines(run, command="status") -> list:
    return [line for line in ok(run, command).output.splitlines() if "plays first" in line or "First to play" in line]


def streak_line(run, command="sheet") -> list:
    return [line for line in ok(run, command).output.splitlines() if line.startswith("Most hands won in a row")]


# ---- who plays first ---------------------------------------------------------------------


def test_two_players_the_player_who_did_not_deal_plays_first(run):
    # nobody has dealt yet: the players cut for deal, and nobody knows who plays first
    play(run, "new Alice Bob")
    assert status_json(run)["first_to_play"] is None and first_lines(run) == []
    play(run, "knock alice 4 15")  # Alice won: she deals the next, Bob plays first
    state = status_json(run)
    assert (state["next_dealer"], state["first_to_play"]) == ("Alice", "Bob")
    assert first_lines(run) == ["Bob plays first."]
    assert first_lines(run, "sheet") == ["Bob plays first."]
    play(run, "draw")  # the same dealer deals again
    assert status_json(run)["first_to_play"] == "Bob"
    play(run, "gin bob 90")  # game over: nobody plays a next hand of it
    state = status_json(run)
    assert (state["next_dealer"], state["first_to_play"]) == (None, None)
    assert first_lines(run) == first_lines(run, "sheet") == []


def test_the_dealer_named_or_the_deal_in_turn(run):
    play(run, "new Alice Bob --dealer bob")
    assert status_json(run)["first_to_play"] == "Alice"
    play(run, "new Cy Dee --deal alternate")  # nobody named: "whoever did not deal the last hand"
    play(run, "knock cy 2 20")
    assert status_json(run)["first_to_play"] is None
    play(run, "new Cy Dee --deal alternate --dealer cy", "knock cy 2 20")  # Cy dealt, Dee deals, Cy plays first
    assert status_json(run)["first_to_play"] == "Cy"
    play(run, "new Eve Fay --deal loser --dealer eve", "knock eve 2 20")  # Fay lost: she deals, Eve plays first
    assert status_json(run)["first_to_play"] == "Eve"


def test_hollywood_the_non_dealer_plays_first(run):
    play(run, "new Ann Ben --hollywood --dealer ann")
    assert status_json(run)["first_to_play"] == "Ben"
    play(run, "knock ben 1 19")  # Ben deals the next: Ann plays first
    assert status_json(run)["first_to_play"] == "Ann"
    assert first_lines(run) == ["Ann plays first."]


def test_three_handed_says_nobody(run):
    # the dealer sits out, so both at the table did not deal; RULES.md says no more
    play(run, "new Ann Ben Cy --three-handed")
    for command in ("knock ann 2 20", "draw", "gin cy 12"):
        state = status_json(run)
        assert state["first_to_play"] is None and "leaders" not in state
        assert first_lines(run) == first_lines(run, "sheet") == []
        play(run, command)


def test_partnership_the_non_dealer_at_each_table(run):
    # round 1: A v B and C v D, the first and third named deal: B and D play first
    play(run, "new A B C D --partnership")
    state = status_json(run)
    assert (state["dealers"], state["leaders"], state["first_to_play"]) == (["A", "C"], ["B", "D"], None)
    assert first_lines(run) == ["First to play: B at A v B; D at C v D."]
    play(run, "knock a 2 18")  # A v B is in: only C v D is left
    assert status_json(run)["leaders"] == ["D"]
    play(run, "knock c 3 15")  # round 2: A v D and C v B, the second and fourth deal: A and C play first
    state = status_json(run)
    assert (state["open_tables"], state["dealers"], state["leaders"]) == ([["A", "D"], ["C", "B"]], ["D", "B"], ["A", "C"])
    assert first_lines(run, "sheet") == ["First to play: A at A v D; C at C v B."]


def test_rummy_the_player_left_of_the_dealer_plays_first(run):
    # RULES.md 8: the deal passes left (the next named); play starts at the dealer's left
    play(run, "new A B C --rummy")
    assert (status_json(run)["next_dealer"], status_json(run)["first_to_play"]) == ("A", "B")
    play(run, "out a b=20 c=11")
    assert (status_json(run)["next_dealer"], status_json(run)["first_to_play"]) == ("B", "C")
    play(run, "out c a=5 b=20 --rummy")
    assert (status_json(run)["next_dealer"], status_json(run)["first_to_play"]) == ("C", "A")
    assert first_lines(run) == ["A plays first."]
    # two players: the winner deals the next, the other plays first
    play(run, "new X Y --rummy --dealer x", "out y x=10")
    assert (status_json(run)["next_dealer"], status_json(run)["first_to_play"]) == ("Y", "X")
    play(run, "end")
    assert status_json(run)["first_to_play"] is None


def test_who_plays_first_in_every_language(run):
    play(run, "new Alice Bob --dealer alice")
    assert "Первый ход: Bob." in ok(run, "--lang ru status").output
    assert "Перший хід: Bob." in ok(run, "--lang uk status").output
    assert "Zuerst am Zug: Bob." in ok(run, "--lang de status").output


# ---- the most hands won in a row, per game ------------------------------------------------


def test_standard_a_draw_neither_ends_nor_adds_to_a_run(run):
    # A, A, draw, A, B, B, A: A's run is 3 (the draw between does not end it), B's is 2
    play(run, "new A B", "knock a 2 10", "knock a 2 10", "draw", "knock a 2 10", "knock b 2 10", "gin b 5", "knock a 1 9")
    assert status_json(run)["streaks"] == {"A": 3, "B": 2}
    assert streak_line(run) == ["Most hands won in a row: A 3, B 2."]
    # an undercut is the defender's hand: A knocks 9, B holds 5 -> B's, and A's run of 1 ends;
    # then B twice: B's run is 3 (undercut, knock, knock)
    play(run, "knock a 9 5", "knock b 2 10", "knock b 2 10")
    assert status_json(run)["streaks"] == {"A": 3, "B": 3}


def test_a_tie_that_scores_nothing_is_like_a_draw(run):
    play(run, "new A B --tie no-score", "knock a 2 10", "knock b 5 5", "knock a 2 10")
    assert status_json(run)["streaks"] == {"A": 2, "B": 0}


def test_no_hand_won_no_streak_line(run):
    play(run, "new A B", "draw")
    assert status_json(run)["streaks"] == {"A": 0, "B": 0}
    assert streak_line(run) == []


def test_hollywood_a_hand_is_a_hand_whatever_its_columns(run):
    # Ann wins 3 (columns 1, 1-2, 1-3), Ben 1, Ann 1
    play(run, "new Ann Ben --hollywood", "knock ann 1 19", "knock ann 1 19", "draw", "knock ann 1 19", "knock ben 1 13",
         "knock ann 1 19")
    assert status_json(run)["streaks"] == {"Ann": 3, "Ben": 1}


def test_three_handed_the_worked_game(run):
    # RULES.md 7: A knocks v B (B sits out); C gin v A (A sits out); C knocks v B; C gin v A: C wins.
    # A 1; B 0 (shut out); C 3 in a row. Sitting out (after losing) leaves a run as it is.
    play(run, "new A B C --three-handed", "knock a 2 20", "gin c 12", "knock c 5 30", "gin c 15")
    state = status_json(run)
    assert state["winner"] == "C" and state["streaks"] == {"A": 1, "B": 0, "C": 3}
    summary = json.loads(ok(run, "stats --json").stdout)["players"]
    assert {name: figures["longest_hand_streak"] for name, figures in summary.items()} == {"A": 1, "B": 0, "C": 3}


def test_partnership_each_player_his_own_tables(run):
    # RULES.md 7's rounds: round 1 A +16 (v B), C +12 (v D); round 2 A +7 (v D), B +13 (v C).
    # A won both his hands: 2; C 1 (then lost to B); B 1; D 0. A partner's hand is not his.
    play(run, "new A B C D --partnership", "knock a 2 18", "knock c 3 15", "knock a 3 10", "knock b 2 15")
    assert status_json(run)["streaks"] == {"A": 2, "B": 1, "C": 1, "D": 0}
    # a drawn table: neither ends nor adds (round 3: A v B drawn, C v D: D wins)
    play(run, "draw a", "knock d 2 10", "knock a 2 10")
    assert status_json(run)["streaks"] == {"A": 3, "B": 1, "C": 1, "D": 1}


def test_rummy_who_went_out(run):
    # RULES.md 8's hands, then A twice: A 1 (C went out between), C 1, then A 2
    play(run, "new A B C --rummy", "out a b=20 c=11", "out c a=5 b=20 --rummy", "out a b=3 c=4", "out a b=3 c=4")
    assert status_json(run)["streaks"] == {"A": 2, "B": 0, "C": 1}
    assert streak_line(run) == ["Most hands won in a row: A 2, B 0, C 1."]


# ---- over games: stats -------------------------------------------------------------------


def best(run, *extra) -> dict:
    players = json.loads(ok(run, ["stats", "--json", *extra]).stdout)["players"]
    return {name: (figures["longest_hand_streak"], figures["longest_hand_streak_game"]) for name, figures in players.items()}


def test_the_best_run_over_games_and_its_game(run):
    # game 1: A wins 2, then B (gin, 115) reaches 100; game 2: A 3 in a row (10, 10, 115); game 3: B 2, then A 3
    play(run, "new A B", "knock a 2 10", "knock a 2 10", "gin b 90")
    play(run, "new A B", "knock a 1 11", "knock a 1 11", "gin a 90")
    play(run, "new A B", "knock b 1 9", "knock b 1 9", "knock a 1 11", "knock a 1 11", "gin a 90")
    first, second, third = game_ids(run)
    # the first game the best run was won in: A's 3 in game 2 (game 3's 3 only equals it)
    assert best(run) == {"A": (3, second), "B": (2, third)}
    text = ok(run, "stats").output
    assert "most hands won in a row" in text and second in text
    # the same from the rows of a selection (SQL) as from the totals the index keeps
    assert best(run, "--since", "2000-01-01") == best(run)
    assert best(run, "--player", "B") == {"B": (2, third)}
    # a game in progress counts nowhere; a player who won no hand has no game for it
    play(run, "new C D", "gin c 90")
    assert best(run, "--player", "D") == {"D": (0, None)}
    assert first  # game 1's run of 2 was A's best only until game 2


def test_an_older_game_changed_the_totals_work_the_best_out_again(run):
    play(run, "new A B", "knock a 2 10", "knock a 2 10", "gin b 90")
    play(run, "new A B", "knock a 1 11", "knock a 1 11", "gin a 90")
    first, second = game_ids(run)
    assert best(run) == {"A": (3, second), "B": (1, first)}
    # game 1's third hand becomes A's: A wins 3 in game 1 too, and game 1 comes first
    play(run, f"edit 3 gin a 90 --game {first}")
    assert best(run) == {"A": (3, first), "B": (0, None)}
    assert best(run) == best(run, "--since", "2000-01-01")
    play(run, f"void {first}")
    assert best(run) == {"A": (3, second), "B": (0, None)}


def test_the_index_rebuilt_from_the_files_says_the_same(run, isolated_ledger):
    import os
    import shutil

    play(run, "new A B", "knock a 2 10", "gin b 90", "new B A", "knock a 1 11", "knock a 1 11", "gin a 90")
    before = best(run)
    shutil.rmtree(os.environ["GINSCORE_CACHE"], ignore_errors=True)
    assert best(run) == before


# ---- against a slow reference ---------------------------------------------------------------


def random_game(run, rng, table: str) -> None:
    """A finished game of ``table`` with random hands (draws too), played through the CLI."""
    players = {"standard": ["Ann", "Ben"], "hollywood": ["Ann", "Ben"], "three-handed": ["Ann", "Ben", "Cy"],
               "partnership": ["Ann", "Ben", "Cy", "Dee"], "rummy": ["Ann", "Ben", "Cy"]}[table]
    flag = [] if table == "standard" else [f"--{table}"]
    play(run, ["new", *players, *flag, *(["--target", "60"] if table == "rummy" else [])])
    while not status_json(run)["finished"]:
        state = status_json(run)
        if table == "rummy":
            out = rng.choice(players)
            ok(run, ["out", out, *(f"{name}={rng.randint(1, 30)}" for name in players if name != out)])
            continue
        if table == "three-handed":
            at_table = state["playing"]
        elif table == "partnership":
            at_table = state["open_tables"][0]
        else:
            at_table = players
        player = rng.choice(at_table)
        kind = rng.choice(["knock", "knock", "gin", "draw"])
        if kind == "draw":
            ok(run, ["draw", player] if table == "partnership" else ["draw"])
        elif kind == "gin":
            ok(run, ["gin", player, str(rng.randint(0, 40))])
        else:
            ok(run, ["knock", player, str(rng.randint(1, 10)), str(rng.randint(0, 40))])


def reference_hands(state) -> list:
    """(winner, who played it) for each hand of a finished game, from its status --json only."""
    players = state["players"]
    hands = []
    for hand in state["hands"]:
        if state["table"] == "rummy":
            hands.append((hand["winner"], players))
        elif state["table"] == "three-handed":
            hands.append((hand["winner"], [name for name in players if name != hand["sitting_out"]]))
        elif state["table"] == "partnership":
            pair = next(table for round_ in state["rounds"] for table, number in zip(round_["tables"], round_["hands"])
                        if number == hand["number"])
            hands.append((hand["winner"], pair))
        else:
            hands.append((hand["winner"], players))
    return hands


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4])
def test_every_table_against_the_reference(run, seed):
    rng = random.Random(seed)
    for table in ("standard", "hollywood", "three-handed", "partnership", "rummy", "standard", "three-handed"):
        random_game(run, rng, table)
    expected = {}
    for game_id in game_ids(run):
        state = status_json(run, "--game", game_id)
        hands = reference_hands(state)
        streaks = {name: brute_force_streak(hands, name) for name in state["players"]}
        assert state["streaks"] == streaks, (state["table"], game_id)
        for name, longest in streaks.items():
            if longest > expected.get(name, (0, None))[0]:
                expected[name] = (longest, game_id)
            expected.setdefault(name, (0, None))
    assert best(run) == expected
    assert best(run, "--since", "2000-01-01") == expected
