"""Property tests of the standard game over random hand sequences, against a slow reference
implementation of RULES.md sections 2 and 3 written here, independently of ginscore.core.scoring."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.base.errors import HandError
from ginscore.core.rules import Rules
from ginscore.ops import actions
from ginscore.ops import undo as undo_ops
from helpers import examples

# hundreds of random games per test: left out of a quick run
pytestmark = pytest.mark.slow

PLAYERS = ("Ann", "Ben")

hand_strategy = st.one_of(
    st.builds(
        lambda player, knocker, opponent: {"kind": "knock", "player": player, "deadwood": knocker,
                                           "opponent_deadwood": opponent},
        st.sampled_from(PLAYERS), st.integers(1, 10), st.integers(0, 98),
    ),
    st.builds(
        lambda player, opponent, big: {"kind": "gin", "player": player, "opponent_deadwood": opponent,
                                       **({"big": True} if big else {})},
        st.sampled_from(PLAYERS), st.integers(0, 98), st.booleans(),
    ),
    st.just({"kind": "draw"}),
)


def reference(hands, target=100):
    """Totals by the book: returns (points, boxes, hands_won, winner, hands_used)."""
    points = {name: 0 for name in PLAYERS}
    boxes = dict(points)
    for used, hand in enumerate(hands, 1):
        if hand["kind"] == "draw":
            continue
        player = hand["player"]
        other = PLAYERS[1 - PLAYERS.index(player)]
        if hand["kind"] == "gin":
            winner, gained = player, (31 if hand.get("big") else 25) + hand["opponent_deadwood"]
        elif hand["deadwood"] < hand["opponent_deadwood"]:
            winner, gained = player, hand["opponent_deadwood"] - hand["deadwood"]
        else:
            winner, gained = other, hand["deadwood"] - hand["opponent_deadwood"] + 25
        points[winner] += gained
        boxes[winner] += 1
        if points[winner] >= target:
            return points, boxes, winner, used
    return points, boxes, None, len(hands)


def reference_final(points, boxes, winner):
    loser = PLAYERS[1 - PLAYERS.index(winner)]
    winner_total = points[winner] + 100 + 25 * boxes[winner]
    if boxes[loser] == 0:
        winner_total *= 2
    loser_total = points[loser] + 25 * boxes[loser]
    return {winner: winner_total, loser: loser_total}


def play(hands):
    game = actions.new_game(1, PLAYERS, Rules())
    state = actions.evaluate(game)
    for hand in hands:
        if state.finished:
            break
        game, state = actions.record(game, hand)
    return game, state


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(hand_strategy, max_size=40))
def test_totals_and_final_match_the_reference(hands):
    game, state = play(hands)
    points, boxes, winner, used = reference(hands)
    assert state.scores == points
    assert state.boxes == boxes
    assert state.winner == winner
    assert len(state.rows) == used
    if winner is None:
        assert state.final is None
    else:
        assert state.final.totals == reference_final(points, boxes, winner)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(hand_strategy, max_size=40))
def test_net_is_the_difference_of_the_totals(hands):
    _, state = play(hands)
    if state.final is not None:
        final = state.final
        assert final.net == final.totals[final.winner] - final.totals[final.loser]


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(hand_strategy, max_size=40), hand_strategy)
def test_a_finished_game_accepts_no_hand(hands, extra):
    game, state = play(hands + [{"kind": "gin", "player": "Ann", "opponent_deadwood": 98}] * 5)
    assert state.finished
    with pytest.raises(HandError, match="is over"):
        actions.record(game, extra)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(hand_strategy, min_size=1, max_size=30))
def test_undo_then_the_same_hand_gives_the_same_state(hands):
    game, state = play(hands)
    last = state.rows[-1].hand.hand
    undone = undo_ops.undo(game).game
    _, again = actions.record(undone, last)
    assert again.to_json() == state.to_json()
