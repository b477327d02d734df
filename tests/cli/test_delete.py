"""'ginscore delete N': a hand taken out wherever it stands, the later hands renumbered and
scored again, 'undo' right after bringing it back. The oracle is the same game recorded
without that hand: what it scores is what the game with the hand deleted must score."""

import json

import pytest

from helpers import ledger_bytes, play, refused, status_json

# table -> (the command that starts the game, its hands, the hand to delete)
GAMES = {
    "standard": ("new A B", ["knock a 4 15", "gin b 10", "knock a 2 20", "gin a 5"], 2),
    "hollywood": ("new A B --hollywood", ["gin a 10", "knock b 3 20", "gin b 12", "knock a 1 30"], 3),
    # after a draw the same two play again, so the first draw can go and the seats still hold
    "three-handed": ("new A B C --three-handed", ["draw", "draw", "knock a 2 20", "gin c 12"], 1),
    # the last round's second hand: the rounds before it stay as they were
    "partnership": ("new A B C D --partnership", ["knock a 4 20", "knock d 2 12", "knock b 3 10", "knock a 1 9"], 4),
    "rummy": ("new A B C --rummy", ["out a b=10 c=5", "out b a=3 c=7", "out c a=1 b=2"], 2),
}


def scored(run) -> dict:
    """What the current game scores, without what makes one game another (its id, its start)."""
    data = json.loads(play(run, "status --json").output)
    for key in ("id", "created"):
        data.pop(key)
    if data["table"] == "rummy":  # each hand keeps who dealt it (below), so the deal after a deletion differs
        for key in ("next_dealer", "first_to_play", "kept_seats"):
            data.pop(key, None)
        for hand in data["hands"]:
            hand.pop("dealer")
    return data


@pytest.mark.parametrize("table", GAMES)
def test_a_deleted_hand_scores_as_if_never_played(run, table):
    start, hands, number = GAMES[table]
    play(run, start, *[hand for position, hand in enumerate(hands, 1) if position != number])
    expected = scored(run)
    play(run, start, *hands)
    before = scored(run)
    result = play(run, f"delete {number}")
    assert f"Deleted hand {number} of game" in result.output
    assert scored(run) == expected
    assert [hand["number"] for hand in expected["hands"]] == list(range(1, len(hands)))  # renumbered
    undone = play(run, "undo").output  # right after a delete, undo brings the hand back
    assert f"hand {number} of game" in undone and "is back" in undone
    assert scored(run) == before


def test_delete_is_a_journal_entry_the_log_names(run):
    play(run, "new A B", "knock a 4 15", "gin b 10", "knock a 2 20", "delete 1")
    entries = json.loads(play(run, "log --json").output)["entries"]
    deletion = entries[-1]
    assert (deletion["action"], deletion["reason"], deletion["target"]) == ("void", "delete", entries[0]["id"])
    assert [entry.get("counts") for entry in entries[:3]] == [False, True, True]
    text = play(run, "log").output.splitlines()[-1]
    assert "delete" in text and "deleted hand 1 (#1): knock A 4 15" in text
    # an undo after another hand takes back that hand, not the deletion
    play(run, "gin a 3", "undo")
    assert len(json.loads(play(run, "status --json").output)["hands"]) == 2


def test_delete_with_json_prints_the_game(run):
    play(run, "new A B", "knock a 4 15", "gin b 10")
    data = json.loads(play(run, "delete 1 --json").output)
    assert [hand["winner"] for hand in data["hands"]] == ["B"]
    assert data["scores"] == {"A": 0, "B": 35}


def test_a_deletion_keeps_who_played_the_later_hands(run):
    # three-handed: A beats B, C beats A, C beats B. Without hand 1 the turn of seats would
    # put A v B at hand 1, where C went gin: each later hand keeps the players it was recorded
    # with, and status says which hand the turn no longer fits.
    play(run, "new A B C --three-handed", "knock a 2 20", "gin c 12", "knock c 5 30", "delete 1")
    data = status_json(run)
    # C's gin against A: 25 + 12 = 37; C's knock against B: 30 - 5 = 25 (RULES.md 2, 3)
    assert data["scores"] == {"A": 0, "B": 0, "C": 62}
    assert [(hand["player"], hand["opponent"]) for hand in data["hands"]] == [("C", "A"), ("C", "B")]
    assert data["kept_seats"] == [{"hand": 1, "recorded": ["A", "C"], "turn": ["A", "B"]}]
    assert "Hand 1 was played by A v C as recorded, where the turn of seats gives A v B." in play(run, "status").output


def test_a_rummy_deletion_keeps_who_dealt_the_later_hands(run):
    play(run, "new A B C --rummy", "out a b=10 c=5", "out b a=3 c=7", "out c a=1 b=2", "delete 2")
    data = status_json(run)
    assert [hand["dealer"] for hand in data["hands"]] == ["A", "C"]  # as recorded: A dealt hand 1, C hand 3
    assert data["kept_seats"] == [{"hand": 2, "recorded": ["C"], "turn": ["B"]}]
    assert data["next_dealer"] == "A"  # the deal passes left from C
    # A got 10 + 5 = 15; C got 1 + 2 = 3 (RULES.md 8)
    assert data["balances"] == {"A": 15 - 1, "B": -10 - 2, "C": -5 + 3}
    assert "Hand 2 was dealt by C as recorded, where the turn of the deal gives B." in play(run, "sheet").output


@pytest.mark.parametrize(
    "command, code", [("delete 4", 1), ("delete 0", 1), ("delete x", 1), ("delete", 2), ("delete 1 --game nosuchgame", 1)]
)
def test_a_hand_that_is_not_there_is_refused(run, command, code):
    play(run, "new A B", "knock a 4 15", "gin b 10", "knock a 2 20")
    refused(run, command, code=code)


def test_a_voided_game_is_refused(run, isolated_ledger):
    play(run, "new A B", "knock a 4 15")
    game = json.loads(play(run, "status --json").output)["id"]
    play(run, f"void {game}")
    before = ledger_bytes(isolated_ledger)
    result = run(f"delete 1 --game {game}")
    assert result.exit_code == 1 and "voided" in result.stderr
    assert ledger_bytes(isolated_ledger) == before


def test_redo_deletes_again_what_undo_brought_back_and_nothing_right_after_a_delete(run):
    play(run, "new Ann Ben", "knock ann 4 15", "gin ben 10", "knock ann 2 12")
    play(run, "delete 2")
    assert run("redo").exit_code == 1  # a delete is not an undo: nothing to redo
    play(run, "undo")
    assert [hand["player"] for hand in status_json(run)["hands"]] == ["Ann", "Ben", "Ann"]
    result = play(run, "redo")
    assert "Deleted hand 2" in result.output
    assert status_json(run)["scores"] == {"Ann": 11 + 10, "Ben": 0}
    play(run, "undo")  # and undo brings it back again
    assert status_json(run)["scores"] == {"Ann": 21, "Ben": 35}
