"""A game's journal in causal order (ginscore.core.causal; issue #41): an entry comes after
everything its device had seen when it made it and after the entry it acts on, whatever any
device's clock says; entries made apart are ordered alike on every device. Two and three devices
(tests/syncer.py: each its own HOME, state, cache and device id) with their clocks set off by
days and years, ahead and behind; what each command printed is what every device reads after."""

import json
import re

import pytest

from syncer import Device, Syncer

DAY = 24 * 3600 * 1000
YEAR = 365 * DAY
# How far the phone's clock is off: a day and more ahead (the old order broke there), a few
# hours, behind, and years either way.
OFFSETS = [3 * DAY, 2 * DAY, 20 * 3600 * 1000, -2 * DAY, 10 * YEAR, -10 * YEAR]


def ok(device, command):
    result = device.run(command)
    assert result.exit_code == 0, (device, command, result.output)
    return result


def as_json(device, command) -> dict:
    return json.loads(ok(device, f"{command} --json").stdout)


def totals(text: str) -> str:
    """The totals a command printed last ('Totals: ...', an edit's 'Totals now: ...'), as 'Totals: ...'."""
    return "Totals: " + re.findall(r"Totals(?: now)?: +([^\n]*)", text)[-1]


def status_totals(device, game) -> str:
    """The game's totals as this device reads them, in the words a hand's command prints them."""
    scores = as_json(device, f"status --game {game}")["scores"]
    return "Totals: " + ", ".join(f"{name} {points}" for name, points in scores.items()) + "."


@pytest.fixture
def laptop_and_phone(tmp_path):
    laptop, phone = Device(tmp_path, "laptop"), Device(tmp_path, "phone")
    return laptop, phone, Syncer.of([laptop, phone], "syncthing")


def both_read(devices, game, expected: str) -> None:
    """Every device reads the game alike: the same totals as ``expected``, the same JSON."""
    for device in devices:
        assert status_totals(device, game) == expected, device
    statuses = {ok(device, f"status --game {game} --json").stdout for device in devices}
    assert len(statuses) == 1


@pytest.mark.parametrize("offset", OFFSETS)
@pytest.mark.parametrize("correction, expected", [
    # Ann's knock 4 v 15 (+11) stays; Ben's gin against 30 (25 + 30 = 55) goes or changes
    ("delete 2", "Totals: Ann 11, Ben 0."),
    ("edit 2 gin ben 20", "Totals: Ann 11, Ben 45."),  # 25 + 20
    ("undo --hand 2", "Totals: Ann 11, Ben 0."),
])
def test_a_correction_of_a_hand_from_a_phone_whose_clock_is_off_takes_effect(laptop_and_phone, offset, correction, expected):
    """The phone, its clock days or years off, records a gin; the laptop, having seen it,
    corrects it: the correction prints new totals, and those are the totals on both devices."""
    laptop, phone, syncer = laptop_and_phone
    phone.offset_ms = offset
    ok(laptop, "new Ann Ben")
    game = as_json(laptop, "status")["id"]
    ok(laptop, "knock ann 4 15")
    syncer.settle()
    ok(phone, f"gin ben 30 --game {game}")
    syncer.settle()
    said = totals(ok(laptop, f"{correction} --game {game}").stdout)
    assert said == expected
    syncer.settle()
    both_read([laptop, phone], game, expected)


@pytest.mark.parametrize("offset", OFFSETS)
def test_a_game_ending_hand_typed_after_a_phones_hands_ends_the_game_everywhere(laptop_and_phone, offset):
    """The phone (clock off) records hands 2 and 3; the laptop, having seen them, records the
    hand that ends the game: hand 4 on every device, settled with the money the laptop announced."""
    laptop, phone, syncer = laptop_and_phone
    phone.offset_ms = offset
    ok(laptop, "new Ann Ben --stake 0.01")
    game = as_json(laptop, "status")["id"]
    ok(laptop, "knock ann 4 15")  # Ann 11
    syncer.settle()
    ok(phone, f"gin ben 30 --game {game}")  # Ben 25 + 30 = 55
    ok(phone, f"knock ben 2 12 --game {game}")  # Ben 65
    syncer.settle()
    said = ok(laptop, f"gin ben 40 --game {game}").stdout  # Ben 65 + 25 + 40 = 130: over
    # Ann 11 + one box (25) = 36; Ben 130 + three boxes (75) + game bonus 100 = 305; 305 - 36 = 269
    assert "Totals: Ann 11, Ben 130." in said and "Ann pays Ben 2.69" in said
    syncer.settle()
    for device in (laptop, phone):
        state = as_json(device, f"status --game {game}")
        assert state["finished"] and state["winner"] == "Ben" and len(state["hands"]) == 4
        assert [hand["kind"] for hand in state["hands"]] == ["knock", "gin", "knock", "gin"]
        settled = as_json(device, "settle --all")
        assert settled["payments"] == [{"from": "Ann", "to": "Ben", "amount": "2.69"}]


@pytest.mark.parametrize("offset", [0, 3 * DAY, -10 * YEAR])
def test_a_correction_made_apart_keeps_the_later_hand_after_the_end(laptop_and_phone, offset):
    """A keeps scoring while B corrects an earlier hand so that the game ends sooner: both read
    the game, the later hand kept and marked after the end, and check names it."""
    one, two, syncer = laptop_and_phone
    two.offset_ms = offset
    ok(one, "new Alice Bob")
    game = as_json(one, "status")["id"]
    ok(one, "knock bob 3 13")  # Bob 10
    ok(one, "knock alice 2 12")  # Alice 10
    syncer.settle()
    ok(one, f"gin alice 20 --game {game}")  # Alice 10 + 45 = 55
    ok(one, f"knock alice 4 10 --game {game}")  # Alice 61
    ok(two, f"edit 2 gin alice 60 --game {game}")  # apart: hand 2 is 25 + 60 = 85
    syncer.settle()
    # Alice 85, then hand 3's 45: 130, over at hand 3; hand 4 does not count
    for device in (one, two):
        state = as_json(device, f"status --game {game}")
        assert state["finished"] and state["scores"] == {"Alice": 130, "Bob": 10}
        assert [hand["kind"] for hand in state["hands"]] == ["knock", "gin", "gin"]
        log = as_json(device, f"log --game {game}")["entries"]
        assert [(entry.get("number"), entry["counts"]) for entry in log if entry["action"] == "hand"][-1] == (4, False)
        for command in ("status", "log", "games", "sheet"):
            assert device.run(f"{command} --game {game}" if command != "games" else command).exit_code == 0
        report = as_json(device, "check")
        assert report["ok"] is True
        assert any("after the game ended" in note["note"] for note in report["notes"])
    assert "comes after the game ended" in ok(one, f"status --game {game}").stdout


def test_the_same_correction_made_on_this_device_is_still_refused(laptop_and_phone):
    """On one device the correction that would leave a later hand after the end is refused, as
    before: its device sees the later hands (it is the one apart that cannot)."""
    one, _two, _syncer = laptop_and_phone
    ok(one, "new Alice Bob")
    for command in ("knock bob 3 13", "knock alice 2 12", "gin alice 20", "knock alice 4 10"):
        ok(one, command)
    before = sorted(path.read_bytes() for path in (one.ledger / "games").iterdir())
    result = one.run("edit 2 gin alice 60")
    assert result.exit_code == 1 and "hand 4 comes after the game ended at hand 3" in result.output
    assert sorted(path.read_bytes() for path in (one.ledger / "games").iterdir()) == before
