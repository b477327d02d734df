"""The audit trail (issue #3): log, undo/redo, edit, and the journal property.

Expected totals are worked by hand from RULES.md sections 2 and 3 (default rules: undercut 25,
gin 25, big gin 31, target 100), or by the small independent scorer below.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import examples, game_file, ledger_bytes, new_game, ok, play, refused


def scores(run, *extra):
    return json.loads(ok(run, ["status", "--json", *extra]).stdout)["scores"]


def journal(ledger, game_id=None):
    """The journal of this device's file of a game (default: of the only game)."""
    return json.loads(game_file(ledger, game_id).read_text(encoding="utf-8"))["journal"]


# ---- undo and redo ------------------------------------------------------------------------


def test_undo_voids_without_deleting_and_redo_restores_in_reverse_order(run, isolated_ledger):
    game = new_game(run, "new Alice Bob")
    ok(run, "knock alice 4 15")  # Alice 11
    ok(run, "gin bob 30")  # Bob 55
    ok(run, "knock alice 2 9")  # Alice 7
    ok(run, "undo")
    ok(run, "undo")
    assert scores(run) == {"Alice": 11, "Bob": 0}
    entries = journal(isolated_ledger)
    assert [entry["action"] for entry in entries] == ["hand", "hand", "hand", "void", "void"]
    assert [entry["target"] for entry in entries[3:]] == [entries[2]["id"], entries[1]["id"]]  # by entry id
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", entry["at"]) for entry in entries)

    result = ok(run, "redo")
    assert result.stdout == f"Redid hand 2 of game {game}: gin Bob 30.\nTotals: Alice 11, Bob 55.\nBob deals the next hand.\n"
    result = ok(run, "redo")
    assert result.stdout == f"Redid hand 3 of game {game}: knock Alice 2 9.\nTotals: Alice 18, Bob 55.\nAlice deals the next hand.\n"
    refused(run, "redo", "nothing to redo")
    entries = journal(isolated_ledger)
    assert [entry["action"] for entry in entries][-2:] == ["restore", "restore"]
    assert [entry["target"] for entry in entries[-2:]] == [entries[1]["id"], entries[2]["id"]]


def test_redo_is_refused_once_a_new_hand_was_recorded(run, isolated_ledger):
    game = new_game(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    ok(run, "undo")
    ok(run, "draw")
    refused(run, "redo", "redo takes back what 'undo' took back on this device, until it records or deletes a hand")
    refused(run, ["redo", "--game", game], "nothing to redo")


def test_redo_that_would_follow_the_end_of_the_game_is_refused(run, isolated_ledger):
    ok(run, "new Alice Bob")
    ok(run, "gin bob 40")  # Bob 65
    ok(run, "draw")
    ok(run, "undo")  # the draw is voided
    ok(run, "edit 1 gin bob 75")  # Bob 100: the game now ends at hand 1
    refused(run, "redo")


def test_redo_json_is_the_game_state(run):
    ok(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    ok(run, "undo")
    state = json.loads(ok(run, "redo --json").stdout)
    assert state["scores"] == {"Alice": 11, "Bob": 0} and len(state["hands"]) == 1


# ---- edit ---------------------------------------------------------------------------------


def test_edit_takes_the_hand_commands_forms_and_prints_the_change(run, isolated_ledger):
    game = new_game(run, "new Alice Bob")
    ok(run, "knock alice 4 15")  # Alice 11
    ok(run, "gin bob 30")  # Bob 55
    result = ok(run, "edit 1 knock alice 4 16")
    assert result.stdout == (
        f"Edited hand 1 of game {game} (the original stays in 'ginscore log'):\n"
        "  was: knock Alice 4 15\n"
        "  now: knock Alice 4 16\n"
        "Totals were: Alice 11, Bob 55.\n"
        "Totals now:  Alice 12, Bob 55.\n"
        "Bob deals the next hand.\n"
    )
    ok(run, "edit 2 gin bob 30 --big")  # 31 + 30
    assert scores(run) == {"Alice": 12, "Bob": 61}
    ok(run, "edit 2 draw")
    assert scores(run) == {"Alice": 12, "Bob": 0}
    ok(run, "edit 1 knock bob 9 3")  # Bob knocks 9 v 3: Alice undercuts, 6 + 25
    assert scores(run) == {"Alice": 31, "Bob": 0}
    entries = journal(isolated_ledger)
    assert entries[0]["hand"] == {"kind": "knock", "player": "Alice", "deadwood": 4, "opponent_deadwood": 15}
    first, second = entries[0]["id"], entries[1]["id"]  # an edit names its hand by entry id
    assert [(entry["action"], entry.get("target")) for entry in entries[2:]] == [
        ("edit", first), ("edit", second), ("edit", second), ("edit", first),
    ]
    state = json.loads(ok(run, "status --json").stdout)
    assert [hand["edited"] for hand in state["hands"]] == [True, True]


def test_edit_options_and_json(run, isolated_ledger):
    first = new_game(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    second = new_game(run, "new Carol Dan")
    state = json.loads(ok(run, ["edit", "1", "knock", "al", "2", "15", "--game", first, "--json"]).stdout)
    assert state["id"] == first and state["scores"] == {"Alice": 13, "Bob": 0}
    assert journal(isolated_ledger, second) == []
    state = json.loads(ok(run, ["edit", "1", "knock", "al", "3", "15", "--game", first[:4], "--json"]).stdout)
    assert state["id"] == first and state["scores"] == {"Alice": 12, "Bob": 0}  # a unique beginning of the id


def test_edit_passes_the_hand_commands_own_options_through(run, isolated_ledger):
    ok(run, "new Alice Bob --oklahoma")
    ok(run, "knock alice 6 15 --upcard 7h")  # limit 7: Alice 9
    ok(run, "edit 1 knock alice 6 15 --upcard 6s")  # a spade doubles: 9 x 2
    assert journal(isolated_ledger)[-1]["hand"]["upcard"].lower() == "6s"
    assert scores(run) == {"Alice": 18, "Bob": 0}
    refused(run, "edit 1 knock alice 6 15 --upcard 5d")  # over the 5d's limit


def test_edit_refusals_write_nothing(run, isolated_ledger):
    ok(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    ok(run, "knock alice 2 30")  # Alice 39
    refused(run, "edit 1 knock alice 4 15", "already says that")
    refused(run, "edit 3 draw", "hands 1 to 2; there is no hand 3")
    refused(run, "edit 0 draw", "there is no hand 0")
    refused(run, "edit one draw", "the hand number must be a whole number")
    refused(run, "edit 1 alice 4 15", "give the corrected hand after the number")
    refused(run, "edit 1 knock zed 4 15", "zed")
    refused(run, "edit 1 knock alice 11 15")
    refused(run, "edit 1 knock alice -4 15", "deadwood")
    refused(run, "edit 1 gin alice 100")
    refused(run, "edit 1 gin alice 80")
    refused(run, "edit 1 knock alice", "give the deadwood as numbers")
    assert [entry["action"] for entry in journal(isolated_ledger)] == ["hand", "hand"]


def test_edit_can_correct_the_hand_that_ended_the_game(run):
    ok(run, "new Alice Bob")
    ok(run, "gin bob 80")  # Bob 105: game over
    result = ok(run, "edit 1 gin bob 70")  # Bob 95: in progress again
    assert "The game is now back in progress." in result.stdout
    ok(run, "knock bob 3 8")  # Bob 100
    assert scores(run) == {"Alice": 0, "Bob": 100}


# ---- log ----------------------------------------------------------------------------------


def test_log_shows_every_action_with_hands_taken_back_and_edits(run):
    game = new_game(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    ok(run, "gin bob 30")
    ok(run, "undo")
    ok(run, "knock bob 2 22")
    ok(run, "edit 1 knock alice 4 16")
    text = ok(run, "log").stdout
    lines = text.splitlines()
    assert lines[0] == f"Game {game}: Alice v Bob, 5 entries"
    rows = [re.split(r"\s{2,}", line.strip()) for line in lines[4:]]
    assert [row[0] for row in rows] == ["1", "2", "3", "4", "5"]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", row[1]) for row in rows)
    assert [row[2:] for row in rows] == [
        ["hand", "knock Alice 4 15", "hand 1, edited"],
        ["hand", "gin Bob 30", "taken back"],
        ["undo", "took back #2: gin Bob 30"],
        ["hand", "knock Bob 2 22", "hand 2"],
        ["edit", "#1: knock Alice 4 15 -> knock Alice 4 16"],
    ]
    csv = ok(run, "log --format csv").stdout.splitlines()
    assert csv[0] == "#,time (UTC),action,what,counts as" and len(csv) == 6


def test_log_json_keeps_the_entries_as_stored_and_explains_them(run):
    first = new_game(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    ok(run, "gin bob 30 --big")
    ok(run, "undo")
    ok(run, "redo")
    ok(run, "edit 1 draw")
    second = new_game(run, "new Carol Dan")
    log = json.loads(ok(run, ["log", "--game", first, "--json"]).stdout)
    assert log["game"] == first and log["players"] == ["Alice", "Bob"]
    entries = log["entries"]
    assert [entry["action"] for entry in entries] == ["hand", "hand", "void", "restore", "edit"]
    assert entries[1]["hand"] == {"kind": "gin", "player": "Bob", "opponent_deadwood": 30, "big": True}
    assert [entry["text"] for entry in entries] == [
        "knock Alice 4 15", "gin Bob 30 --big", "took back #2: gin Bob 30 --big", "restored #2: gin Bob 30 --big",
        "#1: knock Alice 4 15 -> draw",
    ]
    assert [entry["number"] for entry in entries] == [1, 2, 2, 2, 1]
    assert all(entry["counts"] for entry in entries)
    assert entries[4]["was"] == entries[0]["hand"] and entries[4]["hand"] == {"kind": "draw"}
    assert [entry["target"] for entry in entries[2:]] == [entries[1]["id"], entries[1]["id"], entries[0]["id"]]
    assert [entry["seq"] for entry in entries] == [1, 2, 3, 4, 5]  # their place, from 1
    assert len({entry["id"] for entry in entries}) == 5
    empty = json.loads(ok(run, "log --json").stdout)
    assert empty == {"schema": "ginscore.log", "schema_version": "1.3", "game": second, "players": ["Carol", "Dan"], "entries": []}
    assert ok(run, "log").stdout == f"Game {second}: Carol v Dan: nothing recorded yet.\n"


# ---- the property: totals follow the effective hands ---------------------------------------

PLAYERS = ("Alice", "Bob")
TARGET = 100


def independent_points(hand) -> tuple:
    """(winner, points) of one hand under the default rules, straight from RULES.md section 2."""
    if hand["kind"] == "draw":
        return None, 0
    player = hand["player"]
    other = PLAYERS[1 - PLAYERS.index(player)]
    if hand["kind"] == "gin":
        return player, (31 if hand.get("big") else 25) + hand["opponent_deadwood"]
    knocker, defender = hand["deadwood"], hand["opponent_deadwood"]
    if knocker < defender:
        return player, defender - knocker
    return other, knocker - defender + 25


def independent_totals(hands) -> dict:
    totals = dict.fromkeys(PLAYERS, 0)
    for hand in hands:
        winner, points = independent_points(hand)
        if winner:
            totals[winner] += points
    return totals


def playable(hands) -> bool:
    """No hand comes after a player reached the target."""
    totals = dict.fromkeys(PLAYERS, 0)
    for index, hand in enumerate(hands):
        if max(totals.values()) >= TARGET:
            return False
        winner, points = independent_points(hand)
        if winner:
            totals[winner] += points
    return True


player = st.sampled_from(PLAYERS)
hand_strategy = st.one_of(
    st.builds(lambda p, k, d: {"kind": "knock", "player": p, "deadwood": k, "opponent_deadwood": d},
              player, st.integers(1, 10), st.integers(0, 30)),
    st.builds(lambda p, d, big: {"kind": "gin", "player": p, "opponent_deadwood": d, **({"big": True} if big else {})},
              player, st.integers(0, 30), st.booleans()),
    st.just({"kind": "draw"}),
)
operation = st.one_of(
    st.tuples(st.just("record"), hand_strategy),
    st.tuples(st.just("record"), hand_strategy),  # twice: most of what players do is record
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
    st.tuples(st.just("edit"), st.integers(1, 4), hand_strategy),
    st.tuples(st.just("edit"), st.integers(1, 4), hand_strategy),
)


@pytest.mark.slow
@settings(max_examples=examples(250), deadline=None)
@given(st.lists(operation, max_size=40))
def test_totals_always_equal_a_fresh_game_fed_only_the_effective_hands(operations):
    from ginscore.base.errors import GinscoreError
    from ginscore.core.game import effective_hands
    from ginscore.core.rules import Rules
    from ginscore.ops import actions
    from ginscore.ops import undo as undo_ops
    from ginscore.store.game_file import decode, encode, problems

    game = actions.new_game("k7f3q2ab", PLAYERS, Rules())._replace(device="kitchen")
    # the model: the hands that count; what this device did, newest last (undo takes it back:
    # ("hand", None, hand) or ("edit", place, the hand before)); what undo took back (redo pops it)
    effective, deeds, undone = [], [], []

    def taken_back(deed, hands):
        kind, place, hand = deed
        return hands[:-1] if kind == "hand" else hands[:place] + [hand] + hands[place + 1:]

    def done_again(deed, hands):
        kind, place, hand = deed
        return hands + [hand] if kind == "hand" else hands[:place] + [hand] + hands[place + 1:]

    for op in operations:
        if op[0] == "record":
            expected = effective + [op[1]] if playable(effective + [op[1]]) else None
        elif op[0] == "undo":
            expected = taken_back(deeds[-1], effective) if deeds else None
            expected = expected if expected is not None and playable(expected) else None
        elif op[0] == "redo":
            expected = done_again(undone[-1], effective) if undone else None
            expected = expected if expected is not None and playable(expected) else None
        else:
            number, hand = op[1], op[2]
            valid = 1 <= number <= len(effective) and effective[number - 1] != hand
            changed = effective[: number - 1] + [hand] + effective[number:]
            expected = changed if valid and playable(changed) else None
        before = game.journal
        try:
            game, state = {
                "record": lambda: actions.record(game, op[1]),
                "undo": lambda: undo_ops.undo(game)[:2],
                "redo": lambda: undo_ops.redo(game)[:2],
                "edit": lambda: actions.edit(game, op[1], op[2])[:2],
            }[op[0]]()
        except GinscoreError:
            assert expected is None, (op, effective)
            continue
        assert expected is not None, (op, effective)
        if op[0] == "record":
            deeds.append(("hand", None, op[1]))
            undone.clear()
        elif op[0] == "edit":  # a new correction of a hand supersedes an undone one of it: no redo of that
            deeds.append(("edit", op[1] - 1, effective[op[1] - 1]))
            undone[:] = [item for item in undone if item[:2] != ("edit", op[1] - 1)]
        elif op[0] == "undo":  # what is undone is kept to be redone: a hand, or an edit's new hand
            kind, place, hand = deeds.pop()
            undone.append((kind, place, effective[-1] if kind == "hand" else effective[place]))
        elif op[0] == "redo":
            kind, place, hand = undone.pop()
            deeds.append((kind, place, hand if kind == "hand" else effective[place]))
        effective = expected
        # the journal only grows, and keeps every earlier entry as it was
        assert len(game.journal) == len(before) + 1 and game.journal[: len(before)] == before
        assert [hand.hand for hand in effective_hands(game.journal)] == effective
        assert state.scores == independent_totals(effective)

    fresh = actions.new_game("k7f3q2ab", PLAYERS, Rules())._replace(device="kitchen")
    for hand in effective:
        fresh, _ = actions.record(fresh, hand)
    replayed, fresh_state = actions.evaluate(game), actions.evaluate(fresh)
    assert replayed.scores == fresh_state.scores == independent_totals(effective)
    assert replayed.boxes == fresh_state.boxes and replayed.winner == fresh_state.winner
    # and the file format keeps all of it
    data = json.loads(json.dumps(encode(game)))
    assert problems(data) == []
    assert decode(data, "game-k7f3q2ab.kitchen.json") == game


def test_edit_that_would_end_the_game_early_says_to_undo_the_later_hands(run, isolated_ledger):
    play(run, "new A B", "knock a 4 15", "knock b 4 15")
    before = ledger_bytes(isolated_ledger)
    result = run("edit 1 gin a 98 --big")  # A would reach 123 at hand 1, with hand 2 after it
    assert result.exit_code == 1
    assert "hand 2 comes after the game ended at hand 1" in result.output
    assert "take back the later hands first ('ginscore undo'), then correct hand 1" in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_redo_refused_after_the_game_ends_earlier_says_what_to_correct(run, isolated_ledger):
    play(run, "new A B", "gin b 40", "draw", "undo", "edit 1 gin b 75")  # B 100 at hand 1
    before = ledger_bytes(isolated_ledger)
    result = run("redo")
    assert result.exit_code == 1
    assert "stays taken back" in result.output and "'ginscore edit'" in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_edit_says_in_plain_words_when_the_game_ends_or_reopens(run):
    play(run, "new A B", "knock a 4 15", "knock b 4 15")
    assert "The game is now over: A won at hand 2." in run("edit 2 gin a 98 --big").output
    assert "The game is now back in progress." in run("edit 2 knock b 4 15").output
