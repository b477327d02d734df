"""The first command on a new device reads and replays every game for the summary index
(issue #45 part 6): each check still made, none made twice. A hand found acceptable as its game
loaded is not checked again by the replay that follows, wherever it stands after the hands taken
back or edited before it. Numbers from docs/rules.md: a knock scores the deadwood difference, an
undercut 25 plus it."""

import pytest

from ginscore.ops import actions
from ginscore.tables import get_table, kept
from ginscore.tables.two_handed import GinTable


def knock(player, deadwood, opponent_deadwood):
    return {"kind": "knock", "player": player, "deadwood": deadwood, "opponent_deadwood": opponent_deadwood}


def seated(*names):
    return [{"player": place, "name": name} for place, name in enumerate(names)]


@pytest.fixture(autouse=True)
def nothing_kept():
    caches = (kept.REPLAYED, kept.STOOD, kept.PASSED, kept.TALLIES)
    for cache in caches:
        cache.clear()
    yield
    for cache in caches:
        cache.clear()


@pytest.fixture
def checked(monkeypatch):
    """The hands the Gin tables' ``check_hand`` is asked about, in order."""
    asked = []
    plain_check = GinTable.check_hand
    monkeypatch.setattr(GinTable, "check_hand", lambda self, game, hand: asked.append(hand) or plain_check(self, game, hand))
    return asked


def test_hands_checked_as_the_game_loaded_are_not_checked_again_after_a_hand_taken_back_before_them(checked):
    game = actions.new_game("g1", ["Ann", "Bob"])
    for hand in (knock("Ann", 3, 10), knock("Bob", 2, 30), knock("Ann", 9, 4)):
        game = game.append("hand", hand=hand, seats=seated("Ann", "Bob"))
    game = game.append("void", target=game.journal[0]["id"])  # the first hand taken back
    edited = knock("Bob", 1, 30)
    game = game.append("edit", target=game.journal[1]["id"], hand=edited, seats=seated("Ann", "Bob"))
    table = get_table("standard")
    # what loading the file checked: every hand and edit, in the journal's order
    kept.passed(table, game, [entry["hand"] for entry in game.journal if entry["action"] in ("hand", "edit")])
    state = actions.evaluate(game)
    assert checked == []
    # Bob's knock as edited: 30 - 1 = 29 for Bob; Ann's 9 against Bob's 4: Bob undercuts, 25 + 5 = 30
    assert [(row.score.winner, row.score.points) for row in state.rows] == [("Bob", 29), ("Bob", 30)]


def test_a_hand_no_load_checked_is_checked_by_the_replay(checked):
    game = actions.new_game("g1", ["Ann", "Bob"])
    for hand in (knock("Ann", 3, 10), knock("Bob", 2, 30)):
        game = game.append("hand", hand=hand, seats=seated("Ann", "Bob"))
    game = game.append("void", target=game.journal[0]["id"])
    table = get_table("standard")
    kept.passed(table, game, [game.journal[0]["hand"]])  # only the hand taken back was checked
    actions.evaluate(game)
    assert checked == [game.journal[1]["hand"]]
