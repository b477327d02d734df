"""A rules change on a game being played (ops.actions.set_rules) on random games: it scores as the
same game started under the new rules."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.base.errors import GinscoreError
from ginscore.core.rules import Rules
from ginscore.ops import actions
from helpers import examples

PAIR = ("Ann", "Ben")


HAND = st.one_of(
    st.builds(lambda player, knocker, opponent: {"kind": "knock", "player": player, "deadwood": knocker,
                                                 "opponent_deadwood": opponent},
              st.sampled_from(PAIR), st.integers(1, 10), st.integers(0, 60)),
    st.builds(lambda player, opponent: {"kind": "gin", "player": player, "opponent_deadwood": opponent},
              st.sampled_from(PAIR), st.integers(0, 60)),
    st.just({"kind": "draw"}),
)


CHANGE = st.one_of(
    st.tuples(st.just("gin_bonus"), st.integers(0, 90)),
    st.tuples(st.just("undercut_bonus"), st.integers(0, 60)),
    st.tuples(st.just("box_bonus"), st.integers(0, 40)),
    st.tuples(st.just("game_bonus"), st.integers(0, 200)),
    st.tuples(st.just("target"), st.integers(20, 150)),
    st.tuples(st.just("target near"), st.integers(-15, 15)),  # around the leader's score
    st.tuples(st.just("knock_limit"), st.integers(0, 10)),
    st.tuples(st.just("tie"), st.sampled_from(("undercut", "knocker", "no-score"))),
    st.tuples(st.just("shutout"), st.sampled_from(("double-total", "none", "flat:50"))),
    st.tuples(st.just("deal"), st.sampled_from(("winner", "alternate", "loser"))),
)


def recorded(game, hands):
    """``game`` with as many of ``hands`` recorded as it takes (None when one is refused)."""
    state = actions.evaluate(game)
    for hand in hands:
        if state.finished:
            break
        try:
            game, state = actions.record(game, hand)
        except GinscoreError:
            return None, None
    return game, state


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(st.lists(HAND, max_size=16), CHANGE, st.lists(HAND, max_size=8))
def test_random_changes_score_as_the_game_started_under_the_new_rules(before, change, after):
    name, value = change
    game, state = recorded(actions.new_game("g1", PAIR, Rules()), before)
    if state.finished:
        return
    if name == "target near":
        name, value = "target", max(1, max(state.scores.values()) + value)
    started = actions.new_game("g1", PAIR, Rules().with_changes(**{name: value}))
    oracle, oracle_state = recorded(started, before)
    # what the hands so far are under the new rules: all playable and the game still open?
    possible = oracle is not None and not oracle_state.finished and len(oracle_state.rows) == len(state.rows)
    try:
        changed, changed_state = actions.set_rules(game, name.replace("_", "-"), str(value))
    except GinscoreError:
        assert not possible or getattr(state.game.rules, name) == value
        return
    assert possible
    changed, changed_state = recorded(changed, after)
    oracle, oracle_state = recorded(started, before + after)
    assert (changed is None) == (oracle is None)
    if changed is not None:
        mine, theirs = changed_state.to_json(), oracle_state.to_json()
        for data in (mine, theirs):
            data.pop("created")
            data.pop("rules_changes", None)
        assert mine == theirs
