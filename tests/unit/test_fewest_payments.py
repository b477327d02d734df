"""The fewest payments that settle an evening (ginscore.core.fewest_payments), against a search."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import examples, fewest_payments_by_search


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.one_of(st.integers(-6, 6), st.integers(-50, 50)), min_size=1, max_size=9))
def test_fewest_payments_against_a_search(amounts):
    from ginscore.core.fewest_payments import fewest_payments

    balances = {f"P{index}": amount for index, amount in enumerate(amounts)}
    balances["last"] = -sum(amounts)
    payments = fewest_payments(balances)
    left = dict(balances)
    for debtor, creditor, amount in payments:
        assert amount > 0
        left[debtor] += amount
        left[creditor] -= amount
    assert set(left.values()) == {0}
    assert len(payments) == fewest_payments_by_search(balances)


def test_groups_are_joined_by_a_chain_of_games():
    from ginscore.core.fewest_payments import connected_groups

    assert connected_groups([["a", "b"], ["c", "d"], ["b", "c"], ["e", "f"]]) == [["a", "b", "c", "d"], ["e", "f"]]


def test_fewest_payments_settles_each_group_on_its_own():
    from ginscore.core.fewest_payments import fewest_payments

    balances = {"a": 5, "x": -5, "b": -5, "y": 5}
    # alone, a and x (or b and y) would pay each other; a-b and x-y are the games played
    assert fewest_payments(balances, [["a", "b"], ["x", "y"]]) == [("x", "y", 5), ("b", "a", 5)]
