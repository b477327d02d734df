"""Every kind of table, recorded on three devices apart and merged (``ginscore.core.causal``,
``ginscore.tables.kept``): hands, undos, redos, deletions, corrections, restores, renames,
rules changes and endings, in random order, each device's clock off by days or years, now and
then two devices meeting. What each device printed is what its journal reads after; once all
meet, every order of merging gives one journal, and every device reads the game. (A search of
this kind found a partnership card table entered twice in a round of the merged game, and a
rules change made apart judging a later hand by rules its device had not seen: either left the
game unreadable on every device.)"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.base.errors import GinscoreError
from helpers import examples
from helpers_devices import DAY, YEAR, all_meet_and_read, printed_is_read
from syncer import clock_off_by

PLAYERS = {"standard": ("Ann", "Ben"), "hollywood": ("Ann", "Ben"), "three-handed": ("Ann", "Ben", "Cat"),
           "partnership": ("Ann", "Ben", "Cat", "Dee"), "rummy": ("Ann", "Ben", "Cat")}
# a setting each table has, and values it takes: a change rescores every hand
RULES = {"rummy": ("target", (50, 100, 150, 200))}
GIN_RULES = ("gin-bonus", (10, 20, 30))
OFFSETS = (3 * DAY, 2 * DAY, 20 * 3600 * 1000, -2 * DAY, 10 * YEAR, -10 * YEAR, 0, 0)
OPERATIONS = ("hand",) * 4 + ("undo", "redo", "delete", "edit", "restore", "rename", "rules", "end") + ("sync",) * 3


def a_hand(table: str, state, rng) -> dict:
    """A hand the device could enter next, as its own view of the game has it."""
    players = list(state.game.players)
    if table == "rummy":
        player = rng.choice(players)
        return {"kind": "out", "player": player, "losers": {name: rng.randint(1, 40) for name in players if name != player}}
    if table == "three-handed":
        players = list(state.seating.playing)
    elif table == "partnership":
        players = [rng.choice(pair) for pair in state.open_pairs] or players
    kind, player = rng.choice(("knock", "gin", "draw", "knock")), rng.choice(players)
    if kind == "draw":
        return {"kind": "draw"}
    if kind == "gin":
        return {"kind": "gin", "player": player, "opponent_deadwood": rng.randint(0, 40)}
    return {"kind": "knock", "player": player, "deadwood": rng.randint(0, 9), "opponent_deadwood": rng.randint(10, 40)}


def corrected(hand: dict, rng) -> dict:
    """``hand`` as a correction of it says it: its numbers told again."""
    if hand["kind"] == "out":
        return {**hand, "losers": {name: rng.randint(1, 40) for name in hand["losers"]}}
    if hand["kind"] in ("knock", "gin"):
        return {**hand, "opponent_deadwood": rng.randint(10 if hand["kind"] == "knock" else 0, 40)}
    return hand


def done(game, operation: str, table: str, rng):
    """(game, state) after ``operation`` on this device's ``game``; a GinscoreError if refused."""
    from ginscore.core.game import effective_hands
    from ginscore.ops import actions, placing
    from ginscore.ops import undo as undo_ops

    state = actions.evaluate(game)
    if operation == "hand":
        return actions.record(game, a_hand(table, state, rng))
    if operation in ("undo", "redo"):
        taken = (undo_ops.undo if operation == "undo" else undo_ops.redo)(game)
        assert operation == "redo" or taken.taken["device"] == game.device, "an undo took back another device's entry"
        return taken.game, taken.state
    hands = effective_hands(game.journal)
    if operation in ("delete", "edit") and not state.rows:
        raise GinscoreError("no hand")
    if operation == "delete":
        return actions.undo_hand(game, rng.randint(1, len(state.rows)), reason="delete")[:2]
    if operation == "edit":
        number = rng.randint(1, min(len(state.rows), len(hands)))
        return actions.edit(game, number, corrected(dict(hands[number - 1].hand), rng))[:2]
    if operation == "restore":
        return placing.restore(game, rng.randint(1, 4))[:2]
    if operation == "rename":
        return actions.rename(game, rng.choice(actions.standing(game).players), rng.choice(("Zed", "Yan", "Ann", "Ben", "Cat")))
    if operation == "rules":
        name, values = RULES.get(table, GIN_RULES)
        return actions.set_rules(game, name, rng.choice(values))
    return actions.abandon(game)


@settings(max_examples=examples(400), deadline=None)
@given(st.sampled_from(sorted(PLAYERS)), st.randoms(use_true_random=False))
def test_every_table_recorded_apart_on_three_devices_converges_and_reads(table, rng):
    from ginscore.core.game import union
    from ginscore.ops import actions

    start = actions.new_game("k7f3q2ab", list(PLAYERS[table]), table=table)._replace(clock=1)
    games = [start._replace(device=name) for name in ("aa", "bb", "cc")]
    offsets = [rng.choice(OFFSETS) for _device in games]
    for _step in range(rng.randint(4, 30)):
        device, operation = rng.randrange(3), rng.choice(OPERATIONS)
        if operation == "sync":
            other = (device + 1 + rng.randrange(2)) % 3
            merged = union(games[device].journal, games[other].journal)
            games[device], games[other] = games[device]._replace(journal=merged), games[other]._replace(journal=merged)
            continue
        with clock_off_by(offsets[device]):
            try:
                updated, shown = done(games[device], operation, table, rng)
            except GinscoreError:  # refused (game over, nothing to undo, a hand the table refuses...): nothing written
                continue
        printed_is_read(updated, shown)
        games[device] = updated
    all_meet_and_read(start, games)
