"""'ginscore restore N' and '--before N' (issue #31, item 3): a deleted hand brought back in its
place at any later time, and a hand someone forgot recorded before hand N. The oracle is the
same hands entered in order: what that game scores (totals, boxes, the hand list, who deals
next) is what the game put together out of order must score."""

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from helpers import ROOT, ledger_bytes, play, refused, status_json

SCHEMAS = ROOT / "ginscore" / "schemas"


def scored(run) -> dict:
    """What the current game scores, without what makes one game another (its id, its start)."""
    data = status_json(run)
    for key in ("id", "created"):
        data.pop(key)
    return data


def log_entries(run) -> list:
    document = json.loads(play(run, "log --json").output)
    Draft202012Validator(json.loads((SCHEMAS / "log.json").read_text("utf-8"))).validate(document)
    return document["entries"]


# table -> (the command that starts the game, its hands in the order played, a hand to take out
# and put back: one whose place does not re-seat the later hands)
GAMES = {
    "standard": ("new A B", ["knock a 4 15", "gin b 10", "knock a 2 20", "gin a 5", "draw", "knock b 3 9"], 2),
    "oklahoma": ("new A B --oklahoma", ["knock a 4 15 --upcard 7h", "gin b 10 --upcard Ks", "knock a 2 20 --upcard 5d"], 1),
    "hollywood": ("new A B --hollywood", ["gin a 10", "knock b 3 20", "gin b 12", "knock a 1 30"], 2),
    "rummy": ("new A B C --rummy", ["out a b=10 c=5", "out b a=3 c=7", "out c a=1 b=2", "out a b=4 c=4"], 2),
    # after a draw the same two play again: a draw taken out or put back seats nobody otherwise
    "three-handed": ("new A B C --three-handed", ["knock a 2 20", "draw", "gin c 12", "knock b 3 9"], 2),
}


@pytest.mark.parametrize("table", GAMES)
def test_restore_after_later_hands_gives_the_game_entered_in_order(run, table):
    start, hands, number = GAMES[table]
    play(run, start, *hands)
    expected = scored(run)
    play(run, start, *hands[:number + 1], f"delete {number}", *hands[number + 1:])
    result = play(run, f"restore {number}")
    assert f"Restored hand {number} of game" in result.output
    assert scored(run) == expected


@pytest.mark.parametrize("table", GAMES)
def test_a_hand_put_before_hand_n_gives_the_game_entered_in_order(run, table):
    start, hands, number = GAMES[table]
    play(run, start, *hands)
    expected = scored(run)
    play(run, start, *(hand for position, hand in enumerate(hands, 1) if position != number))
    result = play(run, f"{hands[number - 1]} --before {number}")
    assert f"Recorded hand {number} of game" in result.output and "the later hands move down one" in result.output
    if table != "rummy":
        assert scored(run) == expected
        return
    # Rummy: the later hands keep who dealt them as recorded (issue 31 item 2), and status says so;
    # every point, box and payment is the game entered in order
    now = scored(run)
    assert now.pop("kept_seats") and "kept_seats" not in expected
    for data in (now, expected):
        for key in ("next_dealer", "first_to_play"):
            data.pop(key)
        for hand in data["hands"]:
            hand.pop("dealer")
    assert now == expected


def test_a_hand_given_as_cards_goes_before_too(run):
    cards = ["--cards", "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--opponent-cards", "Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s"]
    play(run, "new A B", ["knock", "a", *cards], "gin b 10")
    expected = scored(run)
    play(run, "new A B", "gin b 10", ["knock", "a", *cards, "--before", "1"])
    assert scored(run) == expected


def test_the_play_loop_takes_before_on_its_lines(run):
    play(run, "new A B", "knock a 4 15", "gin b 10")
    expected = scored(run)
    play(run, "new A B")
    result = run("play", input="g b 10\nk a 4 15 --before 1\nq\n")
    assert result.exit_code == 0, result.output
    assert scored(run) == expected


# ---- the property: any hands, any hand taken out and put back, on the standard table ----


# ---- undo and redo ----


def test_undo_and_redo_of_a_restore(run):
    play(run, "new A B", "knock a 4 15", "gin b 10", "knock a 2 20", "delete 2", "draw")
    deleted = scored(run)
    play(run, "restore 2")
    restored = scored(run)
    result = play(run, "undo")
    assert "Undid the restore: hand 2 of game" in result.output
    assert scored(run) == deleted
    result = play(run, "redo")
    assert "Restored hand 2 of game" in result.output and "again" in result.output
    assert scored(run) == restored
    play(run, "undo", "undo")  # the restore, then the draw: the last hand recorded
    assert [hand["kind"] for hand in status_json(run)["hands"]] == ["knock", "knock"]
    play(run, "redo", "redo")  # the draw, then the restore
    assert scored(run) == restored


def test_undo_and_redo_of_a_hand_put_before(run):
    play(run, "new A B", "knock a 4 15", "knock a 2 20")
    without = scored(run)
    play(run, "gin b 10 --before 2")
    placed = scored(run)
    assert [hand["player"] for hand in placed["hands"]] == ["A", "B", "A"]
    result = play(run, "undo")
    assert "Undid hand 2 of game" in result.output
    assert scored(run) == without
    play(run, "redo")
    assert scored(run) == placed


def test_a_restore_and_a_hand_put_before_are_journal_entries_the_log_names(run):
    play(run, "new A B", "knock a 4 15", "gin b 10", "knock a 2 20", "delete 2", "undo", "redo", "draw")
    play(run, "restore 2", "knock b 3 9 --before 2")
    entries = log_entries(run)
    deletion, undeletion, redeletion, _draw, restore, placed = entries[3:]
    assert (deletion["reason"], deletion["number_then"]) == ("delete", 2)
    assert undeletion["action"] == "restore" and "reason" not in undeletion
    assert (restore["action"], restore["reason"], restore["target"], restore["number_then"]) == ("restore", "restore", entries[1]["id"], 2)
    assert (placed["action"], placed["before"], placed["number_then"], placed["number"]) == ("hand", entries[1]["id"], 2, 2)
    assert entries[1]["number"] == 3  # the restored hand, after the hand put before it
    lines = play(run, "log").output.splitlines()[-6:]
    assert "delete" in lines[0] and "deleted hand 2 (#2): gin B 10" in lines[0]
    assert " undo " in lines[1] and "undid the deletion of hand 2 (#2)" in lines[1]  # it said "redo"
    assert " restore " in lines[4] and "hand restored as hand 2 (#2): gin B 10" in lines[4]
    assert " hand " in lines[5] and "hand put before hand 2: knock B 3 9" in lines[5]
    play(run, "undo")  # the hand put before
    last = log_entries(run)[-1]
    assert (last["action"], last["target"], last["number_then"]) == ("void", placed["id"], 2)
    play(run, "delete 2", "restore 2", "undo")
    last = log_entries(run)[-1]
    assert (last["action"], last["reason"], last["number_then"]) == ("void", "undo_restore", 2)
    assert "undid the restore of hand 2 (#2)" in play(run, "log").output


# ---- refusals: one line, nothing written ----


def test_restore_refusals(run):
    play(run, "new A B", "knock a 4 15", "gin b 10")
    refused(run, "restore 1", "game", "has no deleted hand to restore")
    play(run, "delete 2")
    refused(run, "restore 1", "has no deleted hand 1: the hand deleted was hand 2")
    refused(run, "restore x", "the hand number must be a whole number")
    refused(run, "restore 2 --entry 1", "entry #1 of game", "is not the deletion of a hand deleted as hand 2")
    play(run, "restore 2")
    refused(run, "restore 2", "the hand deleted as hand 2 (#3 in 'ginscore log') is back already: it is hand 2")
    refused(run, "restore", code=2)


def test_two_hands_deleted_as_one_number_are_told_apart_by_their_log_entry(run):
    play(run, "new A B", "knock a 4 15", "gin b 10", "knock a 2 20", "delete 2", "delete 2")
    line = refused(run, "restore 2", "2 hands were deleted as hand 2 (#4, #5 in 'ginscore log')", "--entry 5")
    assert line
    play(run, "restore 2 --entry 3")  # the hand's own '#' names it too
    assert [hand["kind"] for hand in status_json(run)["hands"]] == ["knock", "knock"]
    assert [hand["player"] for hand in status_json(run)["hands"]] == ["A", "A"]
    play(run, "restore 2 --entry 4")
    assert [hand["player"] for hand in status_json(run)["hands"]] == ["A", "B", "A"]


def test_before_refusals(run):
    play(run, "new A B")
    refused(run, "knock a 4 15 --before 1", "--before 1: game", "has no hand yet; enter this one without --before")
    play(run, "knock a 4 15", "gin b 10")
    refused(run, "knock a 4 15 --before 3", "--before 3: game", "has hands 1 to 2; a hand after the last is entered without --before")
    refused(run, "knock a 4 15 --before 0", code=2)
    refused(run, "edit 1 knock a 4 16 --before 2", "--before records a hand forgotten", code=2)
    refused(run, "knock a 40 15 --before 1")  # the hand itself is checked as ever
    play(run, "gin b 60")  # B 105: the game is over
    refused(run, "draw --before 1", "is over")


def test_a_hand_that_would_have_ended_the_game_before_the_later_hands_is_refused(run):
    play(run, "new A B", "gin a 60", "knock b 2 10", "draw")  # A 85
    # A 85 + 28 = 113 at hand 2, with B's knock and the draw played after it
    refused(
        run, "knock a 2 30 --before 2",
        "Error: with this hand before hand 2, A would have won game", "at hand 2, before hand 3 was played: nothing recorded",
    )
    play(run, "new A B", "gin a 60", "delete 1", "knock a 2 20", "draw")  # A 18
    # with the gin back at hand 1, A has 103 at hand 2: the draw would come after the end
    refused(run, "restore 1", "Error: with hand 1 restored, A would have won game", "at hand 2, before hand 3 was played: it stays deleted")


def test_restoring_a_hand_that_ends_the_game_at_the_last_hand_is_taken(run):
    play(run, "new A B", "gin a 60", "knock b 2 10", "knock a 2 10", "delete 3", "knock a 2 9")  # A 85
    play(run, "restore 3")  # A 85 + 8 + 7 = 100 at the last hand: over, every hand counted
    data = status_json(run)
    assert (data["finished"], data["winner"], len(data["hands"])) == (True, "A", 4)


def test_three_handed_seats_a_hand_put_before_as_the_turn_gives_and_keeps_the_later_hands(run):
    # A v B, A wins; A v C, C wins (each hand records its seats: issue 31 item 2)
    play(run, "new A B C --three-handed", "knock a 2 20", "gin c 12")
    refused(run, "knock b 2 30 --before 2", "B sits out this hand")  # at hand 2 the turn seats A v C
    # C beating A at hand 2 would have A sit hand 3 out, but hand 3 was played A v C: kept as recorded
    play(run, "gin c 10 --before 2")
    data = status_json(run)
    assert [(hand["kind"], hand["player"]) for hand in data["hands"]] == [("knock", "A"), ("gin", "C"), ("gin", "C")]
    # by hand: A 20 - 2 = 18; C 25 + 10 and 25 + 12
    assert data["totals"] == {"A": 18, "B": 0, "C": 72} if "totals" in data else data["scores"] == {"A": 18, "B": 0, "C": 72}
    assert data["kept_seats"] == [{"hand": 3, "recorded": ["A", "C"], "turn": ["C", "B"]}]
    # a deleted hand put back: the later hands keep their players too
    play(run, "delete 2")
    play(run, "restore 2")
    assert status_json(run)["kept_seats"] == data["kept_seats"]


def test_partnership_refuses_a_hand_put_before_another(run):
    play(run, "new A B C D --partnership", "knock a 4 20", "knock d 2 12", "knock b 3 10")
    refused(run, "draw a --before 2")


def test_rules_changed_at_the_hand_that_came_next_where_the_hands_were_played(run):
    play(run, "new A B", "knock a 4 15", "knock a 2 20", "rules set gin-bonus 30", "knock b 3 9")
    play(run, "gin b 10 --before 2")
    assert status_json(run)["rules_changes"] == [{"at_hand": 4, "settings": {"gin_bonus": 30}}]
    play(run, "undo", "undo")  # the hand put before, then the last hand: the rules change is next
    result = play(run, "undo")
    assert "Undid the rules change" in result.output


def test_a_file_with_a_hand_put_before_is_version_6_and_check_names_a_before_nowhere(run, isolated_ledger):
    play(run, "new A B", "knock a 4 15")
    (path,) = Path(isolated_ledger, "games").glob("game-*.json")
    assert json.loads(path.read_text())["file_version"] == 4
    play(run, "gin b 10 --before 1")
    data = json.loads(path.read_text())
    # 6: the version of hands that keep their seats, which an older ginscore refuses (it would count it elsewhere)
    assert data["file_version"] == 6 and data["journal"][-1]["before"] == data["journal"][0]["id"]
    data["journal"][-1]["before"] = "zzzzzzzzzz"  # the hand it went before: in a file not arrived
    path.write_text(json.dumps(data))
    result = run("check")
    assert "is put before entry zzzzzzzzzz, which is not a hand this game holds" in result.output
    assert [hand["kind"] for hand in status_json(run)["hands"]] == ["knock", "gin"]  # read as no before


def test_a_voided_game_is_refused(run, isolated_ledger):
    play(run, "new A B", "knock a 4 15", "gin b 10", "delete 1")
    game = status_json(run)["id"]
    play(run, f"void {game}")
    refused(run, f"restore 1 --game {game}", "voided")
    refused(run, f"draw --before 1 --game {game}", "voided")
    assert ledger_bytes(isolated_ledger)


# ---- two devices ----


@pytest.mark.slow
def test_restore_and_before_sync_and_give_one_order_on_two_devices(tmp_path):
    from syncer import Device, Syncer

    one, two = Device(tmp_path, "ann"), Device(tmp_path, "ben")
    syncer = Syncer.of([one, two], "syncthing")

    def ok(device, command):
        result = device.run(command)
        assert result.exit_code == 0, (device, command, result.output)
        return result

    ok(one, "new A B")
    for hand in ("knock a 4 15", "gin b 10", "knock a 2 20"):
        ok(one, hand)
    ok(one, "delete 2")
    syncer.settle()
    ok(two, "status")
    # apart: the one device restores hand 2, the other records two hands forgotten before hand 2
    ok(one, "restore 2")
    ok(two, "draw --before 2")
    ok(two, "knock b 3 9 --before 2")
    for _round in range(3):
        syncer.settle()
    statuses = [json.loads(ok(device, "status --json").stdout) for device in (one, two)]
    logs = [ok(device, "log --json").stdout for device in (one, two)]
    assert statuses[0] == statuses[1] and logs[0] == logs[1]
    hands = [(hand["kind"], hand.get("player")) for hand in statuses[0]["hands"]]
    # device two put its hands before the hand it saw as hand 2 (knock a 2 20); the gin restored on
    # device one goes back where it stood, right after hand 1
    assert hands == [("knock", "A"), ("gin", "B"), ("knock", "B"), ("draw", None), ("knock", "A")]
    # the same hands entered in order, on a third ledger
    three = Device(tmp_path, "cy")
    ok(three, "new A B")
    for hand in ("knock a 4 15", "gin b 10", "knock b 3 9", "draw", "knock a 2 20"):
        ok(three, hand)
    expected = json.loads(ok(three, "status --json").stdout)
    for key in ("scores", "boxes", "hands", "next_dealer"):
        assert statuses[0][key] == expected[key]
    # undo on a device after the sync takes back what that device did last (issue #41), never the
    # other's hand: device one's restore of the gin; device two's undo its knock put before
    ok(one, "undo")
    ok(two, "undo")
    for _round in range(2):
        syncer.settle()
    for device in (one, two):
        assert [hand["kind"] for hand in json.loads(ok(device, "status --json").stdout)["hands"]] == ["knock", "draw", "knock"]


# ---- the model: hands recorded, put before, deleted and restored in any order ----
