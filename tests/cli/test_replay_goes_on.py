"""Issue 35: a hand late in a game replays only itself (``tables.kept``: the next hand goes on
from a copy of the tally the last replay ended with). Whatever happens in between (an undo, a
delete, an edit, a redo, a rename, a rules change, a hand put before another, a hand merged in
from another device between the old ones, a hand after the end), the game evaluates exactly
as a replay from its first hand does."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.base.errors import GinscoreError
from ginscore.core.game import order_key
from ginscore.ops import actions, placing
from ginscore.ops import undo as undo_ops
from ginscore.tables import get_table, kept
from helpers import examples

CACHES = ("REPLAYED", "STOOD", "PASSED", "TALLIES")
PLAYERS = {"standard": ("Ann", "Ben"), "hollywood": ("Ann", "Ben"), "three-handed": ("Ann", "Ben", "Cy"),
           "partnership": ("Ann", "Ben", "Cy", "Di"), "rummy": ("Ann", "Ben", "Eve")}


def replayed_from_the_first_hand(game):
    """The independent reference: (the result's JSON, the late hands) or the error, with no
    replay kept (every hand checked and played from the start); the kept replays left as they were."""
    saved = {name: list(getattr(kept, name)) for name in CACHES}
    for name in CACHES:
        getattr(kept, name).clear()
    try:
        return outcome(game)
    finally:
        for name, items in saved.items():
            getattr(kept, name)[:] = items


def outcome(game):
    try:
        result, late = get_table(game.table)._play_all(game)
        return result.to_json(), [hand.entry for hand in late]
    except GinscoreError as error:
        return "refused", str(error)


def hand_of(players, kind, player, mine, theirs) -> dict:
    name = players[player % len(players)]
    if "Eve" in players:  # Rummy: who went out, and what the others held
        return {"kind": "out", "player": name, "losers": {other: 1 + (theirs + 7 * place) % 30 for place, other in enumerate(players) if other != name}}
    if kind == "draw":
        return {"kind": "draw"}
    if kind == "gin":
        return {"kind": "gin", "player": name, "opponent_deadwood": theirs}
    return {"kind": "knock", "player": name, "deadwood": mine, "opponent_deadwood": theirs}


HANDS = st.tuples(st.sampled_from(["knock", "knock", "gin", "draw"]), st.integers(0, 3), st.integers(1, 10), st.integers(0, 40))
# what happens next: mostly a hand; "hand as written": appended with no check (after the end,
# a player sitting out); "read back": the file read again (equal entries, other objects)
KINDS = ["hand"] * 10 + ["hand as written", "undo", "redo", "delete", "edit", "before", "rename", "rules", "merged", "read back"]
STEPS = st.tuples(st.sampled_from(KINDS), HANDS, st.integers(1, 6))


def step(game, kind, hand, place: int, number: int):
    players = actions.standing(game).players
    if kind == "hand":
        return actions.record(game, hand_of(players, *hand))[0]
    if kind == "hand as written":
        seats = [{"player": place, "name": name} for place, name in enumerate(players)]
        return game.append("hand", hand=hand_of(players, *hand), seats=seats)
    if kind == "undo":
        return undo_ops.undo(game).game
    if kind == "redo":
        return undo_ops.redo(game).game
    if kind == "delete":
        return actions.undo_hand(game, place, reason="delete")[0]
    if kind == "edit":
        return actions.edit(game, place, hand_of(players, *hand))[0]
    if kind == "before":
        return placing.record_before(game, hand_of(players, *hand), place)[0]
    if kind == "rename":
        return actions.rename(game, players[place % len(players)], f"Zed{number}")[0]
    if kind == "rules":
        return actions.set_rules(game, "box-bonus", str(10 * place))[0]
    if kind == "merged":  # recorded on another device while apart, between the entries here
        if len(game.journal) < place:
            return game
        clock = game.journal[-place]["clock"] - 1
        entry = {"id": f"m{number}", "clock": clock, "device": "b2b2b2", "after": None, "at": "2026-01-01T00:00:00+00:00",
                 "action": "hand", "hand": hand_of(players, *hand)}
        return game._replace(journal=tuple(sorted((*game.journal, entry), key=order_key)))
    return game._replace(journal=tuple(copy.deepcopy(list(game.journal))))


@settings(max_examples=examples(250), deadline=None)
@given(st.sampled_from(sorted(PLAYERS)), st.lists(STEPS, min_size=5, max_size=40))
def test_a_game_goes_on_from_its_last_replay_exactly_as_replayed_whole(table, steps):
    for name in CACHES:
        getattr(kept, name).clear()
    game = actions.new_game("k7f3q2ab", PLAYERS[table], table=table, settings={"target": 250} if table != "hollywood" else {})
    game = game._replace(device="a1a1a1", clock=1)
    for number, (kind, hand, place) in enumerate(steps):
        try:
            changed = step(game, kind, hand, place, number)
        except GinscoreError:
            continue
        assert outcome(changed) == replayed_from_the_first_hand(changed), (kind, hand, place)
        if outcome(changed)[0] != "refused":
            game = changed


def test_each_hand_of_play_goes_on_from_the_last_replay(monkeypatch):
    """Ten hands in a row: the first replays the game whole, each later one goes on from the
    tally kept; an undo in between replays whole again."""
    whole = []
    replayed_whole = kept._replayed_whole
    monkeypatch.setattr(kept, "_replayed_whole", lambda table, game, recorded: whole.append(len(game.journal)) or replayed_whole(table, game, recorded))
    for name in CACHES:
        getattr(kept, name).clear()
    game = actions.new_game("k7f3q2ab", ("Ann", "Ben"), settings={"target": 1000})._replace(device="a1a1a1", clock=1)
    for _hand in range(10):
        game = actions.record(game, {"kind": "knock", "player": "Ann", "deadwood": 2, "opponent_deadwood": 20})[0]
    assert whole == [0]  # the game without a hand, once
    game = undo_ops.undo(game).game
    assert whole == [0, 11]
    state = actions.evaluate(actions.record(game, {"kind": "gin", "player": "Ben", "opponent_deadwood": 7})[0])
    assert whole == [0, 11]  # on from the replay after the undo
    assert state.scores == {"Ann": 9 * 18, "Ben": 7 + 25}  # 9 knocks of 20 - 2; a gin of 7 and its bonus of 25
