"""A game is replayed for less and to the same answers (issue #35: the summary index's first
build replays every game): a game that stands as recorded is its own standing, a hand checked
as the game loaded is not checked again, a payment's amount is the settlement's own, and the
statistics of a pair are those of any table's hands. Numbers worked out by hand from
docs/rules.md: a knock scores the deadwood difference, an undercut 25 plus it, a gin 25 plus
the opponent's deadwood, 100 for the game, 25 a box."""


import pytest

from ginscore.ops import actions
from ginscore.tables import get_table
from helpers_replay import forget_replays, game_of, knock, seated


@pytest.fixture(autouse=True)
def nothing_kept():
    forget_replays()
    yield
    forget_replays()


def test_a_game_as_recorded_stands_as_it_is_and_a_hand_seated_under_a_name_not_heard_of_yet_is_renamed():
    table = get_table("standard")
    recorded = game_of(knock("Ann", 3, 10))
    assert table.standing(recorded) is recorded
    # Another device renamed Bob to Rob, then recorded Rob's knock; its file with the rename has
    # not arrived here: the hand's seats say Rob sits in Bob's place, so the knock is Bob's.
    game = recorded.append("hand", hand=knock("Rob", 2, 30), seats=seated("Ann", "Rob"))
    stands = table.standing(game)
    assert stands is not game and stands.journal[-1]["hand"]["player"] == "Bob"
    assert [(row.score.winner, row.score.points) for row in actions.evaluate(game).rows] == [("Ann", 7), ("Bob", 28)]
