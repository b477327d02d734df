"""Hands as the rules tests write them (tests/unit/test_rules.py, tests/cli/test_rules.py), and
the random rule settings their property tests draw."""

from hypothesis import strategies as st

from ginscore.core.rules import Rules


def knock(player, knocker, opponent, upcard=None):
    hand = {"kind": "knock", "player": player, "deadwood": knocker, "opponent_deadwood": opponent}
    if upcard:
        hand["upcard"] = upcard
    return hand


def gin(player, opponent, upcard=None, big=False):
    hand = {"kind": "gin", "player": player, "opponent_deadwood": opponent}
    if big:
        hand["big"] = True
    if upcard:
        hand["upcard"] = upcard
    return hand


rules_strategy = st.builds(
    Rules,
    target=st.integers(1, 250),
    knock_limit=st.integers(0, 10),
    gin_bonus=st.integers(0, 60),
    big_gin_bonus=st.integers(0, 60),
    undercut_bonus=st.integers(0, 40),
    tie=st.sampled_from(["undercut", "knocker", "no-score"]),
    box_bonus=st.integers(0, 40),
    gin_boxes=st.integers(0, 3),
    undercut_boxes=st.integers(0, 3),
    game_bonus=st.integers(0, 200),
    shutout=st.one_of(
        st.sampled_from(["double-total", "double-before-boxes", "double-game-bonus", "double-hands", "none"]),
        st.integers(0, 300).map(lambda n: f"flat:{n}"),
    ),
    gin_layoffs=st.booleans(),
    oklahoma=st.booleans(),
    ace_upcard=st.sampled_from(["gin-only", "one"]),
    spade_double=st.sampled_from(["off", "points", "score", "all"]),
)
