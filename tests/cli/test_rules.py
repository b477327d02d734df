"""Rule settings against a slow reference implementation of RULES.md sections 2, 3 and 6 (written
here), on random rules and hands through the commands."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.base.errors import HandError
from ginscore.ops import actions
from helpers import examples
from helpers_rules import gin, knock, rules_strategy

UPCARDS = [rank + suit for rank in "A23456789TJQK" for suit in "shdc"]


PLAYERS = ("Ann", "Ben")


hand_strategy = st.one_of(
    st.builds(knock, st.sampled_from(PLAYERS), st.integers(1, 10), st.integers(0, 98), st.sampled_from(UPCARDS)),
    st.builds(gin, st.sampled_from(PLAYERS), st.integers(0, 98), st.sampled_from(UPCARDS), st.booleans()),
    st.builds(lambda upcard: {"kind": "draw", "upcard": upcard}, st.sampled_from(UPCARDS)),
)


def reference_limit(hand, rules):
    if not rules.oklahoma:
        return rules.knock_limit
    rank = hand["upcard"][0]
    if rank == "A":
        return 1 if rules.ace_upcard == "one" else 0
    return 10 if rank in "TJQK" else int(rank)


def reference_hand(hand, rules):
    """(winner, points, boxes) of one hand by RULES.md sections 2 and 6."""
    if hand["kind"] == "draw":
        return None, 0, 0
    spade = rules.oklahoma and hand["upcard"][1] == "s"
    deadwood_factor = 2 if spade and rules.spade_double != "off" else 1
    bonus_factor = 2 if spade and rules.spade_double in ("score", "all") else 1
    box_factor = 2 if spade and rules.spade_double == "all" else 1
    player = hand["player"]
    other = PLAYERS[1 - PLAYERS.index(player)]
    theirs = hand["opponent_deadwood"]
    if hand["kind"] == "gin":
        bonus = rules.big_gin_bonus if hand.get("big") and rules.big_gin_bonus else rules.gin_bonus
        return player, deadwood_factor * theirs + bonus_factor * bonus, box_factor * rules.gin_boxes
    mine = hand["deadwood"]
    if mine < theirs:
        return player, deadwood_factor * (theirs - mine), box_factor
    if mine == theirs and rules.tie == "knocker":
        return player, 0, box_factor
    if mine == theirs and rules.tie == "no-score":
        return None, 0, 0
    points = deadwood_factor * (mine - theirs) + bonus_factor * rules.undercut_bonus
    return other, points, box_factor * rules.undercut_boxes


def reference_totals(points, boxes, won, winner, rules):
    """Final totals by the table in RULES.md section 3."""
    loser = PLAYERS[1 - PLAYERS.index(winner)]
    hand_points, bonus, box_points = points[winner], rules.game_bonus, boxes[winner] * rules.box_bonus
    total = hand_points + bonus + box_points
    if won[loser] == 0:
        total = {
            "double-total": 2 * (hand_points + bonus + box_points),
            "double-before-boxes": 2 * (hand_points + bonus) + box_points,
            "double-game-bonus": hand_points + 2 * bonus + box_points,
            "double-hands": 2 * hand_points + bonus + box_points,
            "none": total,
        }.get(rules.shutout) or total + int(rules.shutout.split(":")[1])
    return {winner: total, loser: points[loser] + boxes[loser] * rules.box_bonus}


def without_upcard(hand, rules):
    return hand if rules.oklahoma else {key: value for key, value in hand.items() if key != "upcard"}


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(rules_strategy, st.lists(hand_strategy, max_size=40))
def test_random_rules_and_hands_match_the_reference(rules, hands):
    game = actions.new_game(1, PLAYERS, rules)
    state = actions.evaluate(game)
    points = {name: 0 for name in PLAYERS}
    boxes, won = dict(points), dict(points)
    winner = None
    for hand in hands:
        if winner is not None:
            break
        hand = without_upcard(hand, rules)
        if hand.get("big") and not rules.big_gin_bonus:  # --big without big gin is refused (issue #14)
            with pytest.raises(HandError):
                actions.record(game, hand)
            continue
        if hand["kind"] == "knock" and hand["deadwood"] > reference_limit(hand, rules):
            with pytest.raises(HandError):
                actions.record(game, hand)
            continue
        game, state = actions.record(game, hand)
        hand_winner, gained, gained_boxes = reference_hand(hand, rules)
        if hand_winner is not None:
            points[hand_winner] += gained
            boxes[hand_winner] += gained_boxes
            won[hand_winner] += 1
            if points[hand_winner] >= rules.target:
                winner = hand_winner
    assert (state.scores, state.boxes, state.winner) == (points, boxes, winner)
    if winner is None:
        assert state.final is None
        return
    final = state.final
    assert final.totals == reference_totals(points, boxes, won, winner, rules)
    assert final.net == final.totals[final.winner] - final.totals[final.loser]
    assert min(final.totals.values()) >= 0
