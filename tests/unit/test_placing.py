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
    """Who plays a hand put before hand 2 is worked out with every later hand set aside: one
    entry appended at a time, the journal copied each time, was quadratic in the hands after it
    (0.05 s at 2,000 hands, 1.7 s at 20,000)."""
    from ginscore.ops.placing import record_before

    hand = {"kind": "knock", "player": "Ben", "deadwood": 2, "opponent_deadwood": 10}
    times = {}
    for hands in (2000, 20000):
        game = a_game_of(hands)
        results = []
        # the quicker of two rounds: a busy machine only ever adds
        times[hands] = cpu_seconds(lambda: results.append(record_before(game, hand, 2)[1:]), rounds=2)
        state, placed = results[-1]
        assert placed.number == 2 and state.scores == {"Ann": 1, "Ben": 8}  # Ann 4 - 3; Ben 10 - 2
    ratio = times[20000] / times[2000]
    print(f"--before 2: 2000 hands: {times[2000]:.3f} s, 20000: {times[20000]:.3f} s, {ratio:.1f}x")
    assert ratio < 20, f"2000 hands: {times[2000]:.3f} s, 20000: {times[20000]:.3f} s, {ratio:.1f} times"
