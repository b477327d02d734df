"""What several devices recorded apart (ginscore.core.apart)."""

from helpers import cpu_seconds


def alike_hands_from_two_devices(count: int) -> list:
    """``count`` draws, every other one from each of two devices, each after the last of its own."""
    return [{"id": f"e{number}", "clock": number, "device": "one" if number % 2 else "two",
             "after": f"e{number - 2}" if number > 1 else None, "action": "hand", "hand": {"kind": "draw"}}
            for number in range(count)]


def test_double_entries_is_linear():
    """Alike hands from two devices are found in time in proportion to the hands (it was n²:
    20,000 took minutes). 2,000 and 20,000 hands: in proportion about ten times the CPU time,
    quadratic a hundred times. A ratio, never an absolute time: the machine may be busy."""
    from ginscore.core.apart import double_entries

    times, found = {}, {}
    for count in (2000, 20000):
        entries = alike_hands_from_two_devices(count)
        times[count] = cpu_seconds(lambda: found.update({count: double_entries(entries)}), rounds=2)
    # the first two hands (one from each device, nothing before them) are alike; no later pair
    # is, each coming after its device's own hand before it
    assert found == {2000: [(1, 2)], 20000: [(1, 2)]}
    ratio = times[20000] / times[2000]
    assert ratio < 30, f"2,000 hands: {times[2000]:.4f} s, 20,000: {times[20000]:.4f} s, {ratio:.1f} times"
