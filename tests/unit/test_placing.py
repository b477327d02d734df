"""A hand put in its place (ginscore.ops.placing): its cost grows with the hands after it, in
proportion."""

from __future__ import annotations

import pytest

from helpers import cpu_seconds


def a_game_of(hands: int):
    """A game of ``hands`` hands: a knock by Ann (3 v 4: +1), then draws (target 10000: never over)."""
    from ginscore.store import game_file

    first = {"id": "h000000000", "clock": 1, "device": "dev1", "after": None, "at": "2026-12-01T20:00:00+00:00",
             "action": "hand", "hand": {"kind": "knock", "player": "Ann", "deadwood": 3, "opponent_deadwood": 4}}
    journal = [first]
    for number in range(1, hands):
        journal.append({**first, "id": f"h{number:09d}", "clock": 1 + number, "after": journal[-1]["id"], "hand": {"kind": "draw"}})
    data = {"file_format": "ginscore-game", "file_version": 4, "id": "abcdefgh", "created": "2026-12-01T20:00:00+00:00",
            "clock": 0, "device": "dev1", "format": "standard", "players": ["Ann", "Ben"], "stake": None,
            "rules": {"target": 10000}, "journal": journal}
    return game_file.decode(data, "game-abcdefgh.dev1.json")


@pytest.mark.slow
def test_a_hand_put_before_hand_2_costs_in_proportion_to_the_hands_after_it():
    """Who plays a hand put before hand N is worked out with hand N and every later hand set
    aside: one entry appended at a time, the journal copied each time, was quadratic in the
    hands after it (0.05 s at 2,000 hands, 1.7 s at 20,000). Compared in one game of 10,000
    hands, so that both sides hold the same data (two sizes of game differ in how much of it
    a busy machine's caches hold, which skewed their ratio from 12 to over 20): a hand put
    before hand 2 (9,999 hands after it) costs about what one put before hand 9,990 (11)
    does, since reading the game is linear anyway; set aside one at a time, 130 times as much."""
    from ginscore.ops.placing import record_before

    hand = {"kind": "knock", "player": "Ben", "deadwood": 2, "opponent_deadwood": 10}
    game = a_game_of(10000)
    times = {}
    for number in (2, 9990):
        results = []
        # the quicker of two rounds: a busy machine only ever adds
        times[number] = cpu_seconds(lambda: results.append(record_before(game, hand, number)[1:]), rounds=2)
        state, placed = results[-1]
        assert placed.number == number
    assert state.scores == {"Ann": 1, "Ben": 8}  # Ann 4 - 3; Ben 10 - 2
    ratio = times[2] / times[9990]
    assert ratio < 4, f"before hand 2: {times[2]:.3f} s, before hand 9990: {times[9990]:.3f} s, {ratio:.1f} times"
