"""The most hands won in a row, against a brute-force reference over the hand sequence (issue 22
item 7)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import examples
from helpers_streaks import brute_force_streak


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["A", "B", "C", "D", None]), st.sampled_from([("A", "B"), ("C", "D"), ("A", "C"), ("B", "D")]))))
def test_hand_streaks_against_a_brute_force(hands):
    from ginscore.core.statistics import hand_streaks

    hands = [(winner if winner in played else (played[0] if winner else None), played) for winner, played in hands]
    got = hand_streaks(hands, ["A", "B", "C", "D"])
    assert got == {name: brute_force_streak(hands, name) for name in "ABCD"}
