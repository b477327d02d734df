"""Rummy (RULES.md section 8) on random games, in the pure core: the balances move by what each
hand says."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import examples, fewest_payments_by_search


@st.composite
def rummy_games(draw):
    count = draw(st.integers(2, 6))
    players = ["Ann", "Ben", "Cy", "Dee", "Ed", "Flo"][:count]
    highest = 10 * (10 if count == 2 else 7 if count <= 4 else 6)
    hands = draw(
        st.lists(
            st.tuples(
                st.integers(0, count - 1),
                st.lists(st.integers(1, highest), min_size=count - 1, max_size=count - 1),
                st.booleans(),
            ),
            max_size=12,
        )
    )
    return players, hands


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(game_and_hands=rummy_games())
def test_random_rummy_games(game_and_hands):
    from ginscore.ops import actions

    players, hands = game_and_hands
    game = actions.new_game(1, players, table="rummy")
    state = actions.evaluate(game)
    for winner_index, counts, rummy in hands:
        winner = players[winner_index]
        losers = dict(zip([name for name in players if name != winner], counts))
        plain = {"kind": "out", "player": winner, "losers": losers}
        before = dict(state.balances)
        _, without = actions.record(game, plain)
        game, state = actions.record(game, {**plain, **({"rummy": True} if rummy else {})})
        moved = sum(abs(state.balances[name] - before[name]) for name in players)
        moved_plain = sum(abs(without.balances[name] - before[name]) for name in players)
        assert moved == (2 * moved_plain if rummy else moved_plain)
        assert sum(state.balances.values()) == 0
        assert state.balances[winner] - before[winner] == sum(counts) * (2 if rummy else 1)
    game, state = actions.abandon(game)
    payments = state.payments()
    left = dict(state.balances)
    for paid in payments:
        assert paid.points > 0
        left[paid.payer] += paid.points
        left[paid.payee] -= paid.points
    assert set(left.values()) <= {0}
    assert len(payments) <= len(players) - 1
    assert len(payments) == fewest_payments_by_search(state.balances)
