"""A deleted hand restored in its place and a forgotten hand put before another (ops.placing,
ops.actions), in any order: the game scores as the same hands entered in order."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.base.errors import HandError
from ginscore.core.game import effective_hands
from ginscore.ops import actions, placing
from ginscore.ops import undo as undo_ops
from helpers import examples

KNOCK = st.tuples(st.just("knock"), st.sampled_from("AB"), st.integers(1, 10), st.integers(0, 60))


GIN = st.tuples(st.just("gin"), st.sampled_from("AB"), st.integers(0, 60), st.booleans())


HANDS = st.lists(st.one_of(KNOCK, GIN, st.just(("draw",))), min_size=2, max_size=9)


def hand_of(drawn) -> dict:
    if drawn[0] == "knock":
        return {"kind": "knock", "player": drawn[1], "deadwood": drawn[2], "opponent_deadwood": drawn[3]}
    if drawn[0] == "gin":
        return {"kind": "gin", "player": drawn[1], "opponent_deadwood": drawn[2], **({"big": True} if drawn[3] else {})}
    return {"kind": "draw"}


def fresh(target: int):
    game = actions.new_game("g", ("A", "B"), settings={"target": target}, given=("target",))
    return game._replace(device="devone", clock=1)


def entered(game, hands):
    for hand in hands:
        game = actions.record(game, hand)[0]
    return game


def in_order(target, hands) -> tuple:
    """The hands as far as the game goes when they are entered in order, and its result."""
    game = fresh(target)
    kept = []
    for hand in hands:
        if actions.evaluate(game).finished:
            break
        game = actions.record(game, hand)[0]
        kept.append(hand)
    return kept, result_of(game)


def result_of(game) -> dict:
    state = actions.evaluate(game)
    document = state.to_json()
    return {key: document[key] for key in ("scores", "boxes", "hands", "next_dealer", "finished", "winner", "final")}


OPERATION = st.one_of(
    st.tuples(st.just("record"), st.builds(hand_of, st.one_of(KNOCK, GIN, st.just(("draw",))))),
    st.tuples(st.just("record"), st.builds(hand_of, st.one_of(KNOCK, GIN, st.just(("draw",))))),
    st.tuples(st.just("before"), st.integers(1, 6), st.builds(hand_of, st.one_of(KNOCK, GIN, st.just(("draw",))))),
    st.tuples(st.just("delete"), st.integers(1, 6)),
    st.tuples(st.just("restore"), st.integers(1, 6)),
)


def place_of(slots, slot) -> int:
    return next(index for index, held in enumerate(slots) if held is slot)  # two alike hands are two slots


def fed_in_order(hands, target):
    """The game the hands make entered one after another in a fresh game; None where one comes
    after the end (the order cannot have been played)."""
    game = fresh(target)
    try:
        return entered(game, hands)
    except HandError:
        return None


@settings(max_examples=examples(60), deadline=None)
@given(HANDS, st.integers(0, 100), st.integers(0, 100), st.sampled_from([100, 150, 250]))
def test_any_hand_deleted_and_restored_later_scores_as_entered_in_order(drawn, pick, later, target):
    hands, expected = in_order(target, [hand_of(one) for one in drawn])
    number = 1 + pick % len(hands)
    at = number + later % (len(hands) - number + 1)  # the hands entered before the deletion
    game = entered(fresh(target), hands[:at])
    game = actions.undo_hand(game, number, reason="delete")[0]
    game = entered(game, hands[at:])
    restored, _state, hand = placing.restore(game, number)
    assert hand.number == number
    assert result_of(restored) == expected


@settings(max_examples=examples(60), deadline=None)
@given(HANDS, st.integers(0, 100), st.sampled_from([100, 150, 250]))
def test_any_hand_forgotten_and_put_before_scores_as_entered_in_order(drawn, pick, target):
    hands, expected = in_order(target, [hand_of(one) for one in drawn])
    if len(hands) < 2:
        return
    number = 1 + pick % (len(hands) - 1)  # before the last: a hand after the last needs no --before
    game = entered(fresh(target), hands[:number - 1] + hands[number:])
    if actions.evaluate(game).finished:  # the game was over without it: nothing can go before
        with pytest.raises(HandError, match="is over"):
            placing.record_before(game, hands[number - 1], number)
        return
    placed, _state, hand = placing.record_before(game, hands[number - 1], number)
    assert hand.number == number
    assert result_of(placed) == expected
    undone = undo_ops.undo(placed).game  # undo takes back the hand put before, not the last hand
    assert result_of(undone) == result_of(game)


def test_places_are_read_alike_whatever_else_the_journal_holds():
    """A hand put before a hand that is voided keeps its place when that hand comes back."""
    game = fresh(500)
    for hand in ({"kind": "draw"}, {"kind": "gin", "player": "A", "opponent_deadwood": 5}):
        game = actions.record(game, hand)[0]
    game = actions.undo_hand(game, 2, reason="delete")[0]
    game = game.append("hand", hand={"kind": "gin", "player": "B", "opponent_deadwood": 7}, before=game.journal[1]["id"])
    assert [hand.hand.get("player") for hand in effective_hands(game.journal)] == [None, "B"]
    game = placing.restore(game, 2)[0]
    assert [hand.hand.get("player") for hand in effective_hands(game.journal)] == [None, "B", "A"]


@pytest.mark.slow
@settings(max_examples=examples(100), deadline=None)
@given(st.lists(OPERATION, max_size=25), st.sampled_from([100, 200]))
def test_every_order_of_records_deletions_restores_and_hands_put_before_is_the_game_entered_in_order(operations, target):
    from ginscore.base.errors import GinscoreError
    from ginscore.store.game_file import decode, encode, problems

    game = fresh(target)
    slots = []  # the model: [hand, live, the number it was deleted as], in the order played
    for op in operations:
        live = [slot for slot in slots if slot[1]]
        over = bool(live) and actions.evaluate(fed_in_order([slot[0] for slot in live], target)).finished
        if op[0] == "record":
            model = slots + [[op[1], True, None]]
            valid = not over
        elif op[0] == "before":
            number, hand = op[1], op[2]
            valid = not over and 1 <= number <= len(live)
            model = slots
            if valid:
                at = place_of(slots, live[number - 1])
                model = slots[:at] + [[hand, True, None]] + slots[at:]
        elif op[0] == "delete":
            number = op[1]
            valid = 1 <= number <= len(live)
            model = [list(slot) for slot in slots]
            if valid:
                model[place_of(slots, live[number - 1])][1:] = [False, number]
        else:
            number = op[1]
            found = [index for index, slot in enumerate(slots) if not slot[1] and slot[2] == number]
            valid = len(found) == 1
            model = [list(slot) for slot in slots]
            if valid:
                model[found[0]][1:] = [True, None]
        in_order = [slot[0] for slot in model if slot[1]]
        if op[0] != "delete":  # a deletion only takes points away: it never makes a game end earlier
            valid = valid and fed_in_order(in_order, target) is not None
        try:
            game = {
                "record": lambda: actions.record(game, op[1])[0],
                "before": lambda: placing.record_before(game, op[2], op[1])[0],
                "delete": lambda: actions.undo_hand(game, op[1], reason="delete")[0],
                "restore": lambda: placing.restore(game, op[1])[0],
            }[op[0]]()
        except GinscoreError:
            assert not valid, (op, slots)
            continue
        assert valid, (op, slots)
        slots = model
        assert [hand.hand for hand in effective_hands(game.journal)] == in_order
        assert result_of(game) == result_of(fed_in_order(in_order, target))
    data = json.loads(json.dumps(encode(game)))
    assert problems(data) == []
    assert decode(data, "game-g.devone.json") == game
