"""A recorded hand keeps its players (issue 31 items 2 and 4): each hand records its seats, so
that deleting, correcting, undoing or redoing another hand, a rules change or a rename, here
or on another device, never moves it to other players. Expected numbers by hand from RULES.md:
a knock scores the deadwood difference, an undercut 25 plus the difference, a gin 25 plus the
opponent's deadwood; in Rummy every loser pays what he holds."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.test_rename import recorded_apart
from helpers import examples, play, refused, status_json

THREE = ["new Gina Hal Ivan --three-handed", "knock gina 3 20", "draw", "knock gina 6 6", "knock hal 2 30"]


def hands_of(data) -> list:
    return [(hand["player"], hand["opponent"], hand["winner"], hand["points"]) for hand in data["hands"]]


def test_the_issue_s_three_handed_game_keeps_ivan_s_undercut_after_delete_1(run):
    play(run, *THREE)
    before = status_json(run)
    # Gina v Hal (Ivan out): Gina 20 - 3; draw, Gina v Ivan again; Ivan undercuts, 25 + 0; Hal v Ivan: 30 - 2
    assert hands_of(before) == [("Gina", "Hal", "Gina", 17), (None, None, None, 0), ("Gina", "Ivan", "Ivan", 25), ("Hal", "Ivan", "Hal", 28)]
    play(run, "delete 1")
    data = status_json(run)
    assert hands_of(data) == [(None, None, None, 0), ("Gina", "Ivan", "Ivan", 25), ("Hal", "Ivan", "Hal", 28)]
    assert data["scores"] == {"Gina": 0, "Hal": 28, "Ivan": 25}
    assert [hand["sitting_out"] for hand in data["hands"]] == ["Hal", "Hal", "Gina"]
    assert data["kept_seats"] == [{"hand": 1, "recorded": ["Gina", "Ivan"], "turn": ["Gina", "Hal"]}]
    assert "Ivan undercuts Gina" in play(run, "sheet").output
    assert "Hand 1 was played by Gina v Ivan as recorded" in play(run, "status").output
    checked = run("check")
    assert checked.exit_code == 0 and "Hand 1 was played by Gina v Ivan as recorded" in checked.output
    play(run, "undo")  # the deletion taken back: the game as it was, and no note
    assert status_json(run) == before
    play(run, "redo")
    assert status_json(run)["scores"] == {"Gina": 0, "Hal": 28, "Ivan": 25}


def test_three_handed_an_edit_rules_change_and_rename_keep_the_later_hands_players(run):
    play(run, *THREE, "edit 1 knock hal 3 20")  # Hal won hand 1: the turn would seat Hal v Ivan next
    data = status_json(run)
    assert hands_of(data)[1:] == [(None, None, None, 0), ("Gina", "Ivan", "Ivan", 25), ("Hal", "Ivan", "Hal", 28)]
    assert data["scores"] == {"Gina": 0, "Hal": 17 + 28, "Ivan": 25}
    assert data["kept_seats"] == [{"hand": 2, "recorded": ["Gina", "Ivan"], "turn": ["Hal", "Ivan"]}]
    play(run, "rules set undercut-bonus 10", "rename ivan Ivo", "rename gina Hal2")
    data = status_json(run)
    assert hands_of(data)[2:] == [("Hal2", "Ivo", "Ivo", 10), ("Hal", "Ivo", "Hal", 28)]
    play(run, "undo", "undo", "undo")  # the renames and the rules change
    assert hands_of(status_json(run))[2] == ("Gina", "Ivan", "Ivan", 25)


def test_partnership_a_deletion_keeps_each_table_s_players(run):
    # A & C v B & D. Round 1: A v B and C v D; round 2: A v D and C v B (RULES.md 7).
    play(run, "new A B C D --partnership", "knock a 4 20", "knock d 2 12", "knock b 3 10", "knock a 1 9", "delete 1")
    data = status_json(run)
    # B's knock was at C v B in round 2: it stays against C, where the turn would put A
    assert [(hand["player"], hand["opponent"], hand["points"]) for hand in data["hands"]] == [("D", "C", 10), ("B", "C", 7), ("A", "D", 8)]
    assert data["kept_seats"] == [{"hand": 2, "recorded": ["C", "B"], "turn": ["A", "B"]}]
    assert data["scores"] == {"A & C": 0, "B & D": 10 + 7}  # round 1 closed by the two B & D knocks
    assert "Hand 2 was played by C v B as recorded" in play(run, "sheet").output


def test_partnership_and_rummy_a_rename_keeps_every_hand_with_its_player(run):
    play(run, "new A B C D --partnership", "knock a 4 20", "rename a Zed", "knock d 2 12", "rename zed A2")
    data = status_json(run)
    assert [(hand["player"], hand["opponent"]) for hand in data["hands"]] == [("A2", "B"), ("D", "C")]
    play(run, "new Ann Ben Cy --rummy", "out ann ben=10 cy=5", "rename ben Bo", "out bo ann=3 cy=7", "delete 1")
    data = status_json(run)
    assert [(hand["winner"], hand["dealer"]) for hand in data["hands"]] == [("Bo", "Bo")]  # Ben dealt it, as Bo now
    assert data["balances"] == {"Ann": -3, "Bo": 10, "Cy": -7}


def test_two_devices_renaming_two_players_to_one_name_keep_each_gin_with_its_player(run, monkeypatch, isolated_ledger):
    # the phone renames Alice Zed and Zed goes gin; the tablet, apart, renames Bob Zed and Zed goes gin
    recorded_apart(
        run, monkeypatch, isolated_ledger, ["new Alice Bob"], ["rename alice Zed", "gin zed 37"], ["rename bob Zed", "gin zed 30"]
    )
    for device in ("phone1", "table2"):
        monkeypatch.setenv("GINSCORE_DEVICE", device)
        data = status_json(run)
        assert data["players"] == ["Zed", "Bob"]  # the earlier rename gives the name; Bob keeps his
        assert [(hand["player"], hand["points"]) for hand in data["hands"]] == [("Zed", 25 + 37), ("Bob", 25 + 30)]
        assert data["scores"] == {"Zed": 62, "Bob": 55}
        clash = data["rename_clashes"]
        assert [(one["old"], one["new"], one["player"]) for one in clash] == [("Bob", "Zed", "Bob")]
        game = data["id"]
        status = play(run, "status").output
        assert f"ginscore rename Bob NAME --game {game}" in status
        checked = run("check")
        assert checked.exit_code == 0 and f"ginscore rename Bob NAME --game {game}" in checked.output
        entries = json.loads(play(run, "log --json").output)["entries"]
        assert [entry["action"] for entry in entries].count("rename") == 2  # both renames kept
    play(run, "rename bob Zack")  # settled: no clash left, each gin still its player's
    data = status_json(run)
    assert "rename_clashes" not in data and data["scores"] == {"Zed": 62, "Zack": 55}
    assert "ginscore rename" not in play(run, "check").output


def test_a_file_holding_seats_that_are_not_the_game_s_players_is_refused(run, isolated_ledger):
    play(run, "new Gina Hal Ivan --three-handed", "knock gina 3 20")
    path = next((isolated_ledger / "games").glob("game-*.json"))
    data = json.loads(path.read_text("utf-8"))
    data["journal"][0]["seats"][2]["player"] = 0
    path.write_text(json.dumps(data), "utf-8")
    result = run("status")
    assert result.exit_code == 1 and "journal[0].seats[2].player" in result.output


@pytest.mark.parametrize("hand", [0, 1])
def test_a_hand_whose_seats_are_null_is_one_line_naming_the_file_and_place(run, isolated_ledger, hand):
    """"seats": null on the first hand of a file (before any hand's seats were found right) ended
    every command in "unexpected error ... please report it" (issue 41); on a later hand too."""
    play(run, "new Ann Ben", "knock ann 3 20", "knock ben 2 9")
    path = next((isolated_ledger / "games").glob("game-*.json"))
    data = json.loads(path.read_text("utf-8"))
    data["journal"][hand]["seats"] = None
    path.write_text(json.dumps(data), "utf-8")
    for command in ("status", "knock ann 2 10"):
        line = refused(run, command, code=1)
        assert path.name in line and f"journal[{hand}].seats" in line and "unexpected" not in line, (command, line)
    checked = run("check")
    assert checked.exit_code == 1 and f"{path.name}: journal[{hand}].seats: expected a list" in checked.output


@settings(max_examples=examples(25), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), st.sampled_from(["three-handed", "partnership", "rummy"]))
def test_deleting_a_hand_then_taking_the_deletion_back_gives_the_original_game(data, table):
    from ginscore.ops import actions
    from ginscore.ops import undo as undo_ops

    players = {"three-handed": ("Ann", "Ben", "Cat"), "partnership": ("Ann", "Ben", "Cat", "Dee"), "rummy": ("Ann", "Ben", "Cat")}[table]
    game = actions.new_game("prop", players, table=table)._replace(device="dev1")
    count = data.draw(st.integers(2, 7))
    for _ in range(count):
        state = actions.evaluate(game)
        if state.finished:
            break
        if table == "three-handed":
            choice = data.draw(st.sampled_from([*state.seating.playing, None]))
        elif table == "partnership":
            choice = data.draw(st.sampled_from([pair[data.draw(st.integers(0, 1))] for pair in state.open_pairs]))
        else:
            choice = data.draw(st.sampled_from(players))
        if table == "rummy":
            hand = {"kind": "out", "player": choice, "losers": {name: data.draw(st.integers(1, 30)) for name in players if name != choice}}
        elif choice is None:
            hand = {"kind": "draw"}
        else:
            hand = {"kind": "knock", "player": choice, "deadwood": data.draw(st.integers(1, 10)), "opponent_deadwood": data.draw(st.integers(11, 40))}
        game, _state = actions.record(game, hand)
    original = actions.evaluate(game).to_json()
    number = data.draw(st.integers(1, len(original["hands"])))
    try:
        deleted, _state, _hand = actions.undo_hand(game, number, reason="delete")
    except Exception as error:  # a deletion the game cannot follow is refused, nothing changed
        assert "stays" in str(error)
        return
    restored, _state, what, _hand, *_rest = undo_ops.undo(deleted)
    assert what == "delete"
    assert actions.evaluate(restored).to_json() == original


def test_hollywood_a_rename_then_a_deletion_keep_each_hand_with_its_player(run):
    play(run, "new Ann Ben --hollywood", "gin ann 10", "rename ann Zed", "knock zed 2 20", "rename ben Ann", "knock ann 3 9")
    data = status_json(run)
    # Zed (once Ann): gin 25 + 10, knock 20 - 2; Ann (once Ben): knock 9 - 3 (RULES.md 2, 5)
    assert [(hand["player"], hand["points"]) for hand in data["hands"]] == [("Zed", 35), ("Zed", 18), ("Ann", 6)]
    play(run, "delete 1")
    assert [(hand["player"], hand["points"]) for hand in status_json(run)["hands"]] == [("Zed", 18), ("Ann", 6)]


def test_rummy_an_edit_keeps_who_dealt_the_next_hand(run):
    # two players: the winner deals the next hand (RULES.md 8). Ann won hand 1 and dealt hand 2;
    # corrected to Ben's hand 1, the turn would give Ben the deal of hand 2, which stays Ann's.
    play(run, "new Ann Ben --rummy", "out ann ben=10", "out ben ann=5", "edit 1 out ben ann=7")
    data = status_json(run)
    assert [(hand["winner"], hand["dealer"]) for hand in data["hands"]] == [("Ben", "Ann"), ("Ben", "Ann")]
    assert data["kept_seats"] == [{"hand": 2, "recorded": ["Ann"], "turn": ["Ben"]}]
    assert data["balances"] == {"Ann": -12, "Ben": 12}  # 7 + 5
    assert data["next_dealer"] == "Ben"
