"""Kinds of table (issue #9) through the commands: the declared unit, three-handed and
partnership gin.

Expected numbers come from RULES.md section 7's worked examples, or are worked out by hand in
the comments. The property tests check the rules' invariants over random games."""

import json

import pytest

from helpers import FIXTURES, game_ids, ledger_bytes, play, status_json

# ---- the unit ---------------------------------------------------------------------------------


# ---- settings belong to a table -----------------------------------------------------------


@pytest.mark.parametrize(
    "command, words",
    [
        ("new A B C --three-handed --oklahoma", "--oklahoma is not a setting of a three-handed game"),
        ("new A B C --three-handed --columns 2", "--columns is not a setting of a three-handed game"),
        ("new A B C --three-handed --rules oklahoma", "the oklahoma preset sets --oklahoma"),
        ("new A B C D --partnership --gin-boxes 2", "--gin-boxes is not a setting of a partnership game"),
        ("new A B C D --partnership --spade-double all", "--spade-double is not a setting of a partnership game"),
        ("new A B C", "a standard game needs 2 players, got 3: for 3 players use --three-handed"),
        ("new A B --three-handed", "a three-handed game needs 3 players, got 2"),
        ("new A B C --partnership", "a partnership game needs 4 players, got 3"),
        ("new A B C D --partnership --hollywood", "choose one kind of table"),
    ],
)
def test_new_refuses_what_the_table_does_not_have(run, isolated_ledger, command, words):
    result = run(command)
    assert result.exit_code != 0
    assert words in result.output and result.output.count("\n") == 1
    assert not isolated_ledger.exists()


def test_each_table_stores_its_own_settings_and_defaults(run):
    play(run, "new A B C --three-handed", "new A B C D --partnership --target 200", "new A B")
    first, second, third = game_ids(run)
    three = status_json(run, "--game", first)["rules"]
    assert three["shutout"] == "flat:100" and three["target"] == 100
    assert "oklahoma" not in three and "columns" not in three and three["gin_boxes"] == 1
    four = status_json(run, "--game", second)["rules"]
    assert four["shutout"] == "flat:100" and four["target"] == 200 and "gin_boxes" not in four
    two = status_json(run, "--game", third)["rules"]
    assert two["shutout"] == "double-total" and "columns" not in two and two["oklahoma"] is False


def test_house_rules_for_another_table_do_not_leak(run, tmp_path):
    play(run, "config set oklahoma yes", "config set columns 4", "config set undercut_bonus 20")
    play(run, "new A B C --three-handed")
    rules = status_json(run)["rules"]
    assert rules["undercut_bonus"] == 20 and "oklahoma" not in rules and "columns" not in rules


# ---- three-handed (RULES.md section 7) ------------------------------------------------------

THREE_HANDED_EXAMPLE = ["knock a 2 20", "gin c 12", "knock c 5 30", "gin c 15"]


def test_the_worked_three_handed_game(run):
    # A, B, C (C sits out first). A knocks 2 v 20 (A +18; B sits out); C gin v A 12 (C +37; A sits
    # out); C knocks 5 v 30 v B (C +25; B sits out); C gin v A 15 (C +40, total 102: C wins).
    # Finals: A 18 + 25 = 43; B 0 (shut out); C 102 + 3 x 25 + 100 = 277.
    # A pays C 234; B pays C 277 + 100 = 377; B pays A 43. Nets: C +611, A -191, B -420.
    created = play(run, "new A B C --three-handed --stake 0.1").output
    assert "Next hand: A v B; C sits out and deals." in created
    reports = [play(run, command).output for command in THREE_HANDED_EXAMPLE]
    assert "A knocks 2 v 20 -> A +18" in reports[0] and "Next hand: A v C; B sits out and deals." in reports[0]
    assert "C gin, opponent 12 -> C +37" in reports[1] and "Next hand: C v B; A sits out and deals." in reports[1]
    assert "C knocks 5 v 30 -> C +25" in reports[2] and "Next hand: C v A; B sits out and deals." in reports[2]
    assert "Game over: C reaches 100." in reports[3]
    assert "Settlement: A pays C 234, B pays C 377 and B pays A 43." in reports[3]
    assert "Net: A -191, B -420, C +611." in reports[3]
    assert "At 0.1 per point, A pays C 23.40, B pays C 37.70 and B pays A 4.30." in reports[3]
    final = status_json(run)["final"]
    assert final["totals"] == {"A": 43, "B": 0, "C": 277}
    assert final["shut_out"] == ["B"]
    assert final["payments"] == [
        {"from": "A", "to": "C", "points": 234, "amount": "23.40"},
        {"from": "B", "to": "C", "points": 377, "amount": "37.70"},
        {"from": "B", "to": "A", "points": 43, "amount": "4.30"},
    ]
    assert final["nets"] == {"A": -191, "B": -420, "C": 611}


def test_three_handed_status_says_who_plays_and_refuses_the_sitter(run, isolated_ledger):
    play(run, "new Ann Ben Cy --three-handed", "knock ann 2 20")
    state = status_json(run)
    assert state["playing"] == ["Ann", "Cy"] and state["sitting_out"] == "Ben"
    assert "Next hand: Ann v Cy; Ben sits out and deals." in run("status").output
    before = ledger_bytes(isolated_ledger)
    result = run("gin ben 10")
    assert result.exit_code == 1
    assert "Ben sits out this hand: Ann and Cy are playing" in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_three_handed_draw_keeps_the_same_two(run):
    play(run, "new Ann Ben Cy --three-handed", "draw")
    assert status_json(run)["playing"] == ["Ann", "Ben"]
    assert run("draw ann").exit_code == 1  # a draw names nobody at this table


def test_three_handed_undo_redo_edit_log_check_and_cards(run):
    # Hand 1 Ann v Ben (Cy out): Ann wins, Ben sits out. Hand 2 Ann v Cy: Cy wins, Ann sits out.
    play(run, "new Ann Ben Cy --three-handed", "knock ann 2 20", "gin cy 12")
    play(run, "undo")
    assert status_json(run)["playing"] == ["Ann", "Cy"]
    play(run, "redo")
    assert status_json(run)["playing"] == ["Cy", "Ben"]
    # Hand 1 corrected to Ben undercutting Ann: the turn would seat Ben v Cy at hand 2, but hand 2
    # keeps the players it was recorded with (Ann v Cy), and status names it.
    play(run, "edit 1 knock ann 9 5")
    state = status_json(run)
    assert state["hands"][0]["winner"] == "Ben" and state["hands"][1]["opponent"] == "Ann"
    assert state["kept_seats"] == [{"hand": 2, "recorded": ["Ann", "Cy"], "turn": ["Ben", "Cy"]}]
    assert state["playing"] == ["Cy", "Ben"] and state["sitting_out"] == "Ann"
    # Ben sat hand 2 out, so it cannot be corrected to his gin.
    refused = run("edit 2 gin ben 5")
    assert refused.exit_code == 1 and "names Ben, who sat that hand out (Ann and Cy played it)" in refused.output
    assert "hand 1, edited" in play(run, "log").output
    play(run, "check")
    # Hand 3 is Cy v Ben, from the cards: Ben is the opponent who melds and lays off.
    cards = play(
        run, ["knock", "cy", "--cards", "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--opponent-cards", "Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s"]
    ).output
    assert "Ben melds" in cards
    assert "Ben" in play(run, "sheet").output.split("Cards")[1]


# ---- partnership (RULES.md section 7) ---------------------------------------------------------


def test_the_worked_partnership_rounds(run):
    # Round 1 (A v B, C v D): A +16 and C +12 -> A & C +28.
    # Round 2 (A v D, C v B): A +7 beating D, B +13 beating C -> B & D +6.
    created = play(run, "new A B C D --partnership").output
    assert f"Game {game_ids(run)[0]}: A & C v B & D, partnership, first side to 125." in created
    assert "Round 1: A v B and C v D to play (A and C deal)." in created
    first = play(run, "knock c 3 15").output  # C v D first: either table may come in first
    assert "Hand 1 (round 1, C v D): C knocks" in first and "Round 1: waiting for A v B (A deals)." in first
    assert status_json(run)["open_tables"] == [["A", "B"]]
    second = play(run, "knock a 4 20").output
    assert "Round 1: A & C 28, B & D 0 -> A & C +28 and a box." in second
    state = status_json(run)
    assert state["scores"] == {"A & C": 28, "B & D": 0} and state["boxes"] == {"A & C": 1, "B & D": 0}
    assert state["open_tables"] == [["A", "D"], ["C", "B"]]
    assert state["sides"] == {"A & C": ["A", "C"], "B & D": ["B", "D"]}
    play(run, "knock a 3 10")  # A +7 beating D
    third = play(run, "knock b 2 15").output  # B +13 beating C
    assert "Round 2: A & C 7, B & D 13 -> B & D +6 and a box." in third
    assert status_json(run)["scores"] == {"A & C": 28, "B & D": 6}


def test_partnership_refuses_a_table_twice_and_draws_name_a_table(run, isolated_ledger):
    play(run, "new A B C D --partnership", "knock a 4 20")
    before = ledger_bytes(isolated_ledger)
    for command in ("knock b 2 15", "draw a", "gin b 10"):
        result = run(command)
        assert result.exit_code == 1, command
        assert "the table A v B is already in for round 1: enter C v D first" in result.output
    assert "names a player at the drawn table" in run("draw").output
    assert ledger_bytes(isolated_ledger) == before
    result = play(run, "draw d").output  # C v D drawn: counts 0, round 1 is A & C's by 16
    assert "Round 1: A & C 16, B & D 0 -> A & C +16 and a box." in result


def test_a_level_round_scores_nothing(run):
    play(run, "new A B C D --partnership", "knock a 2 12", "knock d 2 12")  # A +10, D +10
    state = status_json(run)
    assert state["scores"] == {"A & C": 0, "B & D": 0} and state["boxes"] == {"A & C": 0, "B & D": 0}
    assert state["rounds"][0]["winner"] is None and state["rounds"][0]["complete"] is True


def test_a_partnership_game_to_the_end_and_its_payments(run):
    # Five rounds, A & C win each: A gin v B 30 = 55 and C knocks 2 v 12 = 10 -> +65 a round.
    # After round 2: 130 >= 125, A & C win. Boxes 2 x 25 = 50, game 100: 130 + 50 + 100 = 280;
    # B & D won no round: shutout flat:100 -> 380. Net 380 - 0 = 380; B pays A and D pays C 380 each.
    rounds = ["gin a 30", "knock c 2 12", "gin a 30", "knock c 2 12"]  # round 2: A v D, C v B
    result = play(run, "new A B C D --partnership --stake 0.01", *rounds).output
    assert "Game over: A & C reach 125." in result
    assert "B & D won no round: shutout." in result
    assert "Net: A & C win by 380." in result
    assert "At 0.01 per point, B pays A 3.80 and D pays C 3.80." in result
    final = status_json(run)["final"]
    assert final["totals"] == {"A & C": 380, "B & D": 0}
    assert final["payments"] == [
        {"from": "B", "to": "A", "points": 380, "amount": "3.80"},
        {"from": "D", "to": "C", "points": 380, "amount": "3.80"},
    ]
    assert run("knock a 2 10").exit_code == 1  # the game is over


@pytest.mark.parametrize("fmt", ["simple", "csv", "html", "github"])
def test_every_table_prints_its_sheet_and_status(run, fmt):
    play(run, "new A B C --three-handed", *THREE_HANDED_EXAMPLE, "new A B C D --partnership", "knock a 4 20")
    for game in game_ids(run):
        assert run(["sheet", "--game", game, "--format", fmt]).exit_code == 0
        assert run(["status", "--game", game, "--format", fmt]).exit_code == 0
    listing = json.loads(play(run, "games --json").output)["games"]
    assert [entry["table"] for entry in listing] == ["three-handed", "partnership"]
    assert listing[0]["final"]["payments"][0] == {"from": "A", "to": "C", "points": 234, "amount": None}
    assert "three-handed" in play(run, "games").output


@pytest.mark.parametrize(
    "new, hand, version",
    [
        ("new A B", "knock a 4 15", 4),  # two players: the same two play every hand
        ("new A B --hollywood", "knock a 4 15", 4),
        ("new A B C --three-handed", "draw", 6),  # the two who play turn: the loser of a hand sits out the next
        ("new A B C D --partnership", "knock a 4 15", 6),  # partners change opponents every round
        ("new A B C --rummy", "out a b=10 c=5", 6),  # the deal passes on
    ],
)
def test_a_table_whose_seats_turn_writes_a_seated_hand_in_the_version_that_reads_seats(run, isolated_ledger, new, hand, version):
    """Every hand keeps its seats; where they turn from hand to hand (``Table.seats_turn``) a
    ginscore from before seats would seat the hand by the turn, so the file is version 6, which
    it refuses rather than misreads; with the same two players throughout it reads the hand the
    same, and the file stays version 4."""
    play(run, new, hand)
    (path,) = (isolated_ledger / "games").glob("game-*.json")
    assert json.loads(path.read_text("utf-8"))["file_version"] == version


def test_backup_and_check_take_every_table(run, tmp_path):
    play(run, "new A B C --three-handed", "knock a 2 20", "new A B C D --partnership", "draw b")
    play(run, f"backup {tmp_path / 'copy'}")
    assert "2 games" in play(run, f"--ledger {tmp_path / 'copy'} check").output


# ---- files from before there were several tables ---------------------------------------------


@pytest.mark.parametrize("name", ["standard", "hollywood"])
def test_a_game_file_of_file_version_2_loads_and_scores_identically(run, isolated_ledger, name):
    """The fixtures were written by ginscore before this change, with the status it printed."""
    games = isolated_ledger / "games"
    games.mkdir(parents=True)
    original = (FIXTURES / f"game-v2-{name}.json").read_bytes()
    game_id = json.loads(original)["id"]
    (games / f"game-{game_id:06d}.json").write_bytes(original)
    then = json.loads((FIXTURES / f"game-v2-{name}.status.json").read_text("utf-8"))
    now = status_json(run)
    for key, value in then.items():
        if key == "rules":  # a game now shows only its own table's settings
            assert {k: v for k, v in value.items() if k in now["rules"]} == now["rules"]
        elif key == "hands":
            assert [{k: row[k] for k in old} for row, old in zip(now["hands"], value)] == value
        elif key == "final" and value is not None:
            assert {k: now["final"][k] for k in value} == value
        elif key == "id":  # game ids are strings now: the game from before ids is "1"
            assert now[key] == str(value)
        else:
            assert now[key] == value, key
    assert (games / f"game-{game_id:06d}.json").read_bytes() == original  # reading never writes
    play(run, "check")


# ---- properties over random games --------------------------------------------------------------


# ---- what a table may import ----------------------------------------------------------------


def test_the_english_of_sides_ties_dead_hands_and_rummy_balances(run):
    """Issue 20 item 13: a side is plural, the tie rule reads as English, a dead hand at a
    partnership table has one pair of brackets, and a Rummy undo says balances."""
    created = play(run, "new A B C D --partnership --tie no-score").output
    assert "Rules: a tie scores nothing." in created and "tie no-score" not in created
    dead = play(run, "draw a").output
    assert "Hand 1 (round 1, A v B): draw (dead hand)." in dead and ") (" not in dead
    play(run, "new R S T --rummy", "out r s=4 t=5")
    undone = play(run, "undo").output
    assert "Balances: R +0, S +0, T +0." in undone and "Totals" not in undone
    play(run, "out r s=4 t=5", "end")
    assert "Balances: R +9, S -4, T -5." in play(run, "undo").output
    assert "Balances: R +9, S -4, T -5." in play(run, "undo", "redo").output
