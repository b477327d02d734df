"""What several devices recorded apart (ginscore.core.apart)."""

import time


def test_double_entries_is_linear():
    """20,000 alike hands from two devices: answered in well under a second (it was n²)."""
    from ginscore.core.apart import double_entries

    entries = []
    for number in range(20000):
        device = "one" if number % 2 else "two"
        entries.append({"id": f"e{number}", "clock": number, "device": device, "after": f"e{number - 2}" if number > 1 else None,
                        "action": "hand", "hand": {"kind": "draw"}})
    started = time.monotonic()
    found = double_entries(entries)
    assert time.monotonic() - started < 2.0
    assert found == [(1, 2)]
