"""Hollywood scoring (issue #5, RULES.md section 4): the column rules, settlement and abandoning.

Every expected number is taken from RULES.md or worked out by hand in the comments; the
property tests compare against a reference written here from the rule's wording.
"""

import csv
import io
import json

import pytest

from helpers import game_file, game_ids, ledger_bytes, play, refused, status_json

status = status_json


def sheet_rows(run):
    """The hands of the sheet as CSV rows keyed by header."""
    result = run("sheet --format csv")
    assert result.exit_code == 0, result.output
    return list(csv.DictReader(io.StringIO(result.output)))


def columns_of(state, name):
    return [column["scores"][name] for column in state["columns"]]


# A knock "PLAYER 1 D" scores D - 1, so each win of N points below is "knock PLAYER 1 N+1".
WORKED_EXAMPLE = [
    "knock you 1 19",  # You +18
    "knock opp 1 13",  # Opp +12
    "knock you 1 26",  # You +25
    "knock opp 1 31",  # Opp +30
    "knock you 1 16",  # You +15
    "knock you 1 23",  # You +22
    "knock opp 1 21",  # Opp +20
]


def test_the_worked_example_of_rules_section_4_hand_by_hand(run):
    play(run, "new You Opp --hollywood")
    # RULES.md section 4, the table after hands 1, 3, 5 and 7; "" is a column not yet written to
    expected = {
        1: {"You": ["18", "0", "0"], "Opp": ["0", "0", "0"]},
        3: {"You": ["43", "25", "0"], "Opp": ["12", "0", "0"]},
        5: {"You": ["58", "40", "15"], "Opp": ["42", "30", "0"]},
        7: {"You": ["80", "62", "37"], "Opp": ["62", "50", "20"]},
    }
    for number, command in enumerate(WORKED_EXAMPLE, 1):
        play(run, command)
        if number in expected:
            row = sheet_rows(run)[-1]
            for name, cells in expected[number].items():
                assert [row[f"{name} column {column}"] for column in (1, 2, 3)] == cells, (number, name)
            state = status(run)
            for name, cells in expected[number].items():
                assert columns_of(state, name) == [int(cell) for cell in cells]
    state = status(run)
    assert state["finished"] is False and state["final"] is None and state["winner"] is None
    assert all(column["closed"] is False and column["final"] is None for column in state["columns"])
    # You won hands 1, 3, 5, 6: four entries in column 1, three in 2, two in 3; Opp won 2, 4, 7
    assert [column["boxes"] for column in state["columns"]] == [
        {"You": 4, "Opp": 3},
        {"You": 3, "Opp": 2},
        {"You": 2, "Opp": 1},
    ]
    assert state["scores"] == {"You": [80, 62, 37], "Opp": [62, 50, 20]}
    assert state["boxes"] == {"You": [4, 3, 2], "Opp": [3, 2, 1]}
    assert state["hands_won"] == {"You": 4, "Opp": 3}


def test_a_whole_match_settles_every_column_and_sums_the_nets(run):
    # The worked example, then: You +25 closes column 1 at 105; Opp's gin +35 goes into
    # columns 2 and 3, his +18 closes column 2 at 103; You undercut +28 and +11 close column 3.
    more = ["knock you 1 26", "gin opp 10", "knock opp 2 20", "knock opp 8 5", "draw", "knock you 3 14"]
    result = play(run, "new You Opp --hollywood --stake 0.01", *WORKED_EXAMPLE, *more)
    state = status(run)
    assert [column["closed_at_hand"] for column in state["columns"]] == [8, 10, 13]
    assert [column["winner"] for column in state["columns"]] == ["You", "Opp", "You"]
    totals = [column["final"]["totals"] for column in state["columns"]]
    # column 1: You 105 + 5 boxes + 100 = 330; Opp 62 + 3 boxes = 137
    # column 2: Opp 103 + 4 boxes + 100 = 303; You 87 + 4 boxes = 187
    # column 3: You 101 + 5 boxes + 100 = 326; Opp 73 + 3 boxes = 148
    assert totals == [{"You": 330, "Opp": 137}, {"Opp": 303, "You": 187}, {"You": 326, "Opp": 148}]
    assert [column["final"]["net"] for column in state["columns"]] == [193, 116, 178]
    assert state["final"]["winner"] == "You" and state["final"]["net"] == 193 - 116 + 178
    assert state["final"]["amount"] == "2.55"
    assert state["final"]["totals"] == {"You": 843, "Opp": 588}
    assert "Column 3 closes" in result.output and "Opp pays You 2.55" in result.output


def test_one_player_winning_32_28_45_closes_column_1_at_105(run):
    play(run, "new Ann Ben --hollywood", "knock ann 1 33", "knock ann 1 29")
    result = play(run, "knock ann 1 46")
    state = status(run)
    assert columns_of(state, "Ann") == [105, 73, 45]
    assert [column["closed"] for column in state["columns"]] == [True, False, False]
    assert state["columns"][0]["winner"] == "Ann" and state["columns"][0]["closed_at_hand"] == 3
    assert state["hands"][-1]["closes"] == [1]
    assert "Column 1 closes" in result.output and "Ann" in result.output
    row = sheet_rows(run)[-1]
    assert row["Ann column 1"] == "105" and row["closes"] == "1"  # a bare number; the closing told apart


def test_a_player_shut_out_of_column_1_makes_his_first_entry_in_column_2(run):
    play(run, "new Ann Ben --hollywood", "knock ann 1 33", "knock ann 1 29", "knock ann 1 46")
    play(run, "gin ben 5")  # Ben +30: column 1 is closed, so column 2 is his first entry
    state = status(run)
    assert columns_of(state, "Ben") == [0, 30, 0]
    assert state["hands"][-1]["columns"] == [2]
    assert columns_of(state, "Ann") == [105, 73, 45]  # closed column 1 was not written to
    play(run, "knock ben 1 11")  # Ben +10: he has an entry in column 2 now, so 2 and 3
    state = status(run)
    assert columns_of(state, "Ben") == [0, 40, 10]
    assert state["hands"][-1]["columns"] == [2, 3]
    row = sheet_rows(run)[-1]
    assert (row["Ann column 1"], row["Ben column 1"]) == ("105", "0")  # a closed column keeps its total
    assert row["columns"] == "2 3"


# Ann 40 (column 1: 40), Ann 10 (1: 50, 2: 10), Ann gin on 65 = 90 (1: 140, 2: 100, 3: 90):
# the third hand closes columns 1 and 2 at once. Ben then knocks for 30, which goes into the
# first open column only (3), and Ann's 10 takes column 3 to 100.
TWO_AT_ONCE = ["knock ann 1 41", "knock ann 1 11", "gin ann 65", "knock ben 1 31", "knock ann 1 11"]


def test_a_single_win_closes_two_columns(run):
    play(run, "new Ann Ben --hollywood", *TWO_AT_ONCE[:2])
    result = play(run, TWO_AT_ONCE[2])
    assert "Column 1 closes" in result.output and "Column 2 closes" in result.output
    state = status(run)
    assert state["hands"][-1]["closes"] == [1, 2]
    assert columns_of(state, "Ann") == [140, 100, 90]
    assert [column["closed"] for column in state["columns"]] == [True, True, False]
    play(run, TWO_AT_ONCE[3])
    assert columns_of(status(run), "Ben") == [0, 0, 30]


@pytest.mark.parametrize(
    "mode, column_nets",
    [
        # column 1: Ann 140 points, 3 boxes (75), Ben nothing: shutout
        # column 2: Ann 100 points, 2 boxes (50), Ben nothing: shutout
        # column 3: Ann 100 points + 2 boxes + 100 = 250 against Ben 30 + 1 box = 55: 195, no shutout
        ("double-total", [2 * (140 + 100 + 75), 2 * (100 + 100 + 50), 195]),  # 630, 500
        ("double-before-boxes", [2 * (140 + 100) + 75, 2 * (100 + 100) + 50, 195]),  # 555, 450
        ("double-game-bonus", [140 + 200 + 75, 100 + 200 + 50, 195]),  # 415, 350
        ("double-hands", [2 * 140 + 100 + 75, 2 * 100 + 100 + 50, 195]),  # 455, 350
        ("flat:100", [140 + 100 + 75 + 100, 100 + 100 + 50 + 100, 195]),  # 415, 350
        ("none", [140 + 100 + 75, 100 + 100 + 50, 195]),  # 315, 250
    ],
)
def test_each_column_is_settled_with_its_own_shutout(run, mode, column_nets):
    result = play(run, f"new Ann Ben --hollywood --stake 0.01 --shutout {mode}", *TWO_AT_ONCE)
    state = status(run)
    assert state["finished"] is True
    finals = [column["final"] for column in state["columns"]]
    assert [final["shutout"] for final in finals] == [True, True, False]
    assert [final["winner"] for final in finals] == ["Ann"] * 3
    assert [final["net"] for final in finals] == column_nets
    assert [final["boxes"] for final in finals] == [{"Ann": 3, "Ben": 0}, {"Ann": 2, "Ben": 0}, {"Ann": 2, "Ben": 1}]
    net = sum(column_nets)
    assert state["final"]["winner"] == "Ann" and state["final"]["net"] == net
    assert state["final"]["amount"] == f"{net / 100:.2f}"
    assert state["final"]["totals"] == {"Ann": net + 55, "Ben": 55}
    assert state["winner"] == "Ann"
    assert "Match over" in result.output and f"Match: Ann wins by {net}." in result.output


def test_the_last_column_can_count_double(run):
    play(run, "new Ann Ben --hollywood --last-column-double", *TWO_AT_ONCE)
    state = status(run)
    # column 3 as above, doubled: Ann 2 x 250 = 500, Ben 2 x 55 = 110
    assert state["columns"][2]["counts_double"] is True
    assert state["columns"][2]["final"]["totals"] == {"Ann": 500, "Ben": 110}
    assert [column["final"]["net"] for column in state["columns"]] == [630, 500, 390]
    assert state["final"]["net"] == 1520
    assert state["rules"]["last_column_double"] is True


def test_a_column_winner_can_owe_when_the_other_side_holds_more_boxes(run):
    play(
        run,
        "new Ann Ben --hollywood --columns 1 --column-target 30 --box-bonus 100",
        "knock ben 1 2", "knock ben 1 2", "knock ben 1 2",  # Ben +1 three times
    )
    result = play(run, "gin ann 5")  # Ann +30 closes the only column
    state = status(run)
    # Ann 30 + 1 box (100) + game 100 = 230; Ben 3 + 3 boxes (300) = 303: Ann owes 73
    assert state["columns"][0]["final"]["net"] == -73
    assert state["columns"][0]["winner"] == "Ann"
    assert state["final"]["winner"] == "Ben" and state["final"]["net"] == 73
    assert "Ben is up 73" in result.output and "Match: Ben wins by 73." in result.output


def test_boxes_per_entry_follow_the_hand(run):
    play(run, "new Ann Ben --hollywood --gin-boxes 2", "gin ann 10", "gin ann 10")
    state = status(run)
    # each gin is worth two boxes in every column it is entered in
    assert [column["boxes"]["Ann"] for column in state["columns"]] == [4, 2, 0]
    assert [column["hands"]["Ann"] for column in state["columns"]] == [2, 1, 0]


def test_settings_are_stored_and_the_column_target_defaults_to_the_target(run):
    play(run, "new Ann Ben --hollywood --target 150 --columns 4")
    rules = status(run)["rules"]
    assert (rules["columns"], rules["column_target"], rules["last_column_double"]) == (4, 150, False)
    assert len(status(run)["columns"]) == 4
    play(run, "new Ann Ben --hollywood --column-target 50")
    state = status(run)
    assert state["rules"]["column_target"] == 50 and state["rules"]["target"] == 100
    play(run, "knock ann 1 52")  # 51 closes column 1 at the column target
    assert status(run)["columns"][0]["closed"] is True


def test_a_hand_after_the_match_is_refused_and_nothing_is_written(run, isolated_ledger):
    play(run, "new Ann Ben --hollywood", *TWO_AT_ONCE)
    refused(run, "knock ben 1 20", "--hollywood", code=1)  # the new match it suggests is a Hollywood one


@pytest.mark.parametrize(
    "command, words",
    [
        ("new Ann Ben --columns 4", "--columns is not a setting of a standard game (only of hollywood games)"),
        ("new Ann Ben --last-column-double", "--last-column-double"),
        ("new Ann Ben Cy --hollywood", "needs 2 players"),
        ("new Ann Ben --hollywood --columns 0", "--columns must be a whole number from 1 to 10"),
        ("new Ann Ben --hollywood --columns 11", "--columns"),
    ],
)
def test_settings_that_do_not_fit_are_refused(run, isolated_ledger, command, words):
    play(run, "new Ann Ben --hollywood")
    refused(run, command, words, code=1)


def test_status_and_sheet_text(run):
    play(run, "new Ann Ben --hollywood --stake 0.01", *TWO_AT_ONCE[:3])
    text = run("status").output
    assert "Ann boxes" in text and "Ann won at hand 3" in text and "open" in text
    assert "Column 1: Ann (closed at hand 3)" in text
    play(run, *TWO_AT_ONCE[3:])
    sheet = run("sheet").output
    for words in ("Ann 1", "Ben 3", "140*", "—", "Column 3: Ann (closed at hand 5)", "Match", "Ben pays Ann 13.25"):
        assert words in sheet, words
    assert run("games").exit_code == 0


# Abandoning. Rule (docs/tables.md, "Ending a match early"): each open column is settled as it stands,
# without game bonus or shutout; the side whose points and boxes are worth more collects.
def test_abandon_settles_the_open_columns_as_they_stand(run, isolated_ledger):
    play(run, "new You Opp --hollywood --stake 0.1", *WORKED_EXAMPLE)
    result = play(run, "abandon")
    # column 1: You 80 + 4 boxes = 180, Opp 62 + 3 boxes = 137 -> You +43
    # column 2: You 62 + 3 boxes = 137, Opp 50 + 2 boxes = 100 -> You +37
    # column 3: You 37 + 2 boxes = 87, Opp 20 + 1 box = 45 -> You +42
    state = status(run)
    assert state["finished"] is True and state["abandoned"] is True
    finals = [column["final"] for column in state["columns"]]
    assert [final["net"] for final in finals] == [43, 37, 42]
    assert all(final["game_bonus"] == 0 and final["shutout"] is False for final in finals)
    assert all(column["abandoned"] and column["winner"] == "You" for column in state["columns"])
    assert state["final"] == {
        "winner": "You",
        "loser": "Opp",
        "net": 122,
        "amount": "12.20",
        "totals": {"You": 180 + 137 + 87, "Opp": 137 + 100 + 45},
        "abandoned": True,
        "swept": False,
        "payments": [{"from": "Opp", "to": "You", "points": 122, "amount": "12.20"}],
    }
    assert "Match: You wins by 122." in result.output
    assert "Match over (ended early: open columns settled as they stand)." in result.output  # 'end', not 'abandon'
    stored = json.loads(game_file(isolated_ledger).read_text())
    assert stored["journal"][-1]["action"] == "abandon"
    # a finished match cannot be abandoned again, nor take a hand
    before = ledger_bytes(isolated_ledger)
    assert run("abandon").exit_code == 1
    assert run("knock you 1 5").exit_code == 1
    assert ledger_bytes(isolated_ledger) == before


def test_undo_takes_an_abandonment_back(run, isolated_ledger):
    play(run, "new You Opp --hollywood", *WORKED_EXAMPLE, "abandon")
    result = play(run, "undo")
    assert f"Undid 'ginscore end' of game {game_ids(run)[0]}: it is open again." in result.output
    state = status(run)
    assert state["finished"] is False and state["abandoned"] is False and state["final"] is None
    assert len(state["hands"]) == 7  # the hands are untouched
    stored = json.loads(game_file(isolated_ledger).read_text())
    assert [entry["action"] for entry in stored["journal"][-2:]] == ["abandon", "resume"]
    play(run, "knock you 1 30")  # play goes on
    assert status(run)["hands"][-1]["number"] == 8


def test_a_closed_column_keeps_its_settlement_when_the_match_is_abandoned(run):
    play(run, "new Ann Ben --hollywood", *TWO_AT_ONCE[:4], "abandon")
    state = status(run)
    # columns 1 and 2 closed with shutouts (630, 500); column 3 stands at Ann 90 + 1 box = 115
    # against Ben 30 + 1 box = 55: Ann +60
    assert [column["final"]["net"] for column in state["columns"]] == [630, 500, 60]
    assert [column["abandoned"] for column in state["columns"]] == [False, False, True]
    assert state["final"]["net"] == 1190


def test_abandoning_a_level_match_settles_nothing(run):
    play(run, "new Ann Ben --hollywood", "draw")
    result = play(run, "abandon")
    state = status(run)
    assert state["final"]["winner"] is None and state["final"]["net"] == 0
    assert all(column["final"] is None and column["winner"] is None for column in state["columns"])
    assert "level" in result.output


def test_a_standard_game_cannot_be_abandoned(run, isolated_ledger):
    play(run, "new Ann Ben", "knock ann 1 20")
    before = ledger_bytes(isolated_ledger)
    result = run("abandon")
    assert result.exit_code == 1
    assert "(only a Hollywood match and a Rummy game can)" in result.output
    assert ledger_bytes(isolated_ledger) == before


# Property tests against a reference written from the rule's words.
