"""'ginscore merge': the note it prints names the other device's hands, the same on both devices."""

import json
import shutil

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from helpers import examples, ok, play
from helpers_devices import DAY, YEAR, as_json, assert_alike, current, hands_of
from helpers_devices import ok as done_on
from syncer import Device, Syncer


def test_the_merge_note_names_the_other_devices_hands(run, monkeypatch, tmp_path):
    laptop, phone = str(tmp_path / "laptop"), str(tmp_path / "phone")
    monkeypatch.setenv("GINSCORE_DEVICE", "laptop")
    play(run, ["--ledger", laptop, "new", "Ann", "Bob"], ["--ledger", laptop, "knock", "ann", "4", "15"])
    shutil.copytree(laptop, phone)
    play(run, ["--ledger", laptop, "knock", "ann", "5", "15"], ["--ledger", laptop, "knock", "ann", "6", "15"])
    monkeypatch.setenv("GINSCORE_DEVICE", "phone")
    play(run, ["--ledger", phone, "gin", "bob", "20"], ["--ledger", phone, "gin", "bob", "21"])
    play(run, ["--ledger", phone, "merge", laptop])
    on_phone = ok(run, ["--ledger", phone, "status"]).output
    monkeypatch.setenv("GINSCORE_DEVICE", "laptop")
    play(run, ["--ledger", laptop, "merge", phone])
    on_laptop = ok(run, ["--ledger", laptop, "status"]).output
    said = "Recorded on another device while apart and merged here: hands {hands} (device in brackets); "
    assert said.format(hands="4 (phone), 5 (phone)") in on_laptop
    assert said.format(hands="2 (laptop), 3 (laptop)") in on_phone
    monkeypatch.setenv("GINSCORE_DEVICE", "third")  # a device that recorded none of them: both sides
    third = ok(run, ["--ledger", laptop, "status"]).output
    assert "Recorded on two devices while apart and merged: hands 2 (laptop), 3 (laptop), 4 (phone), 5 (phone)" in third


def test_the_merge_note_says_every_hand_counts_only_when_every_hand_does(run, monkeypatch, tmp_path):
    """A hand recorded apart after the game ended on the other device is kept and does not count:
    the status line that names the hands merged no longer says that every hand counts, and the
    note below it names the hand that does not."""
    laptop, phone = str(tmp_path / "laptop"), str(tmp_path / "phone")
    monkeypatch.setenv("GINSCORE_DEVICE", "laptop")
    play(run, ["--ledger", laptop, "new", "Ann", "Bob"], ["--ledger", laptop, "knock", "ann", "4", "15"])
    shutil.copytree(laptop, phone)
    play(run, ["--ledger", laptop, "gin", "ann", "80"])  # 11 + 80 + 25 = 116: over 100, the game ends
    monkeypatch.setenv("GINSCORE_DEVICE", "phone")
    play(run, ["--ledger", phone, "knock", "bob", "3", "20"])  # apart: hand 3 once merged, after the end
    monkeypatch.setenv("GINSCORE_DEVICE", "laptop")
    play(run, ["--ledger", laptop, "merge", phone])
    said = ok(run, ["--ledger", laptop, "status"]).output
    assert ("Recorded on another device while apart and merged here: hands 3 (phone) (device in brackets), in the order "
            "played ('ginscore log' shows each entry's device); the hands that do not count are named below.") in said
    assert "every hand counts" not in said and "hand 3 of game" in said and "comes after the end" in said


def test_a_merge_reads_this_ledgers_settlements_only_when_the_other_folder_brings_some(run, monkeypatch, tmp_path):
    """A club's years of settlements are not read for a merge that brings none (it grew with them:
    0.66 s and 65 MB for 100 games into a club's 20,000, now 0.35 s and 23 MB as into one game);
    a folder that brings settlements has them folded in against this ledger's, as before."""
    from ginscore.store import settlement_files

    club, games_only, settled = (str(tmp_path / name) for name in ("club", "games-only", "settled"))
    monkeypatch.setenv("GINSCORE_DEVICE", "club")
    play(run, ["--ledger", club, "new", "Ann", "Bob", "--stake", "0.10"], ["--ledger", club, "gin", "ann", "98"],
         ["--ledger", club, "settle", "--record"])
    monkeypatch.setenv("GINSCORE_DEVICE", "phone")
    play(run, ["--ledger", games_only, "new", "Cy", "Dee"], ["--ledger", games_only, "gin", "cy", "98"])
    play(run, ["--ledger", settled, "new", "Ed", "Flo", "--stake", "0.10"], ["--ledger", settled, "gin", "ed", "98"],
         ["--ledger", settled, "settle", "--record"])
    read = []
    real = settlement_files.read_file
    monkeypatch.setattr(settlement_files, "read_file", lambda path, *args: read.append(path) or real(path, *args))
    monkeypatch.setenv("GINSCORE_DEVICE", "club")
    play(run, ["--ledger", club, "merge", games_only])
    assert read == []
    play(run, ["--ledger", club, "merge", settled])
    assert any(path.startswith(club) for path in read) and any(path.startswith(settled) for path in read)
    games = __import__("json").loads(ok(run, ["--ledger", club, "games", "--json"]).output)["games"]
    assert sorted((game["players"], game["settled"]) for game in games) == [(["Ann", "Bob"], True), (["Cy", "Dee"], False), (["Ed", "Flo"], True)]


@pytest.mark.parametrize("offset", [0, 3 * DAY, -10 * YEAR], ids=["same-clock", "days-ahead", "years-behind"])
def test_a_hand_two_files_hold_stays_when_both_devices_write_apart(pair, offset):
    """A merge copies the other device's entries into this device's file; once the syncer brings
    the other's own file, both files hold them. Each device writes its file with only what no
    other file holds, so two devices writing apart each left the hand out, counting on the other
    file: the hand was lost on every device (found by a random search of three devices). An
    entry is now left out only where the file of the device that wrote it holds it."""
    one, two = pair
    two.offset_ms = offset
    syncer = Syncer.of([one, two])
    done_on(one, "new Ann Ben")
    game = current(one)
    syncer.settle()
    done_on(one, f"knock Ann 4 15 --game {game}")  # hand 1, in one's file only
    done_on(two, f"merge {one.ledger}")  # copied into two's file
    syncer.settle()  # both files on both devices, each holding hand 1
    done_on(one, f"gin Ben 20 --game {game}")  # apart: each device writes its own file again
    done_on(two, f"rename Ann Anna --game {game}")
    syncer.settle()
    for device in (one, two):
        # 15 - 4 = 11 for Anna; Ben's gin: 20 + 25 = 45
        assert hands_of(device, game) == [("Anna", "knock"), ("Ben", "gin")]
        assert as_json(device, f"status --game {game}")["scores"] == {"Anna": 11, "Ben": 45}
        assert done_on(device, "check").exit_code == 0
    assert_alike([one, two], [game])


def entry_ids_in_files(devices, game: str) -> set:
    """The ids of the entries every file of ``game`` holds, on every device's disk."""
    held = set()
    for device in devices:
        for path in (device.ledger / "games").glob(f"game-{game}.*.json"):
            held |= {entry["id"] for entry in json.loads(path.read_text(encoding="utf-8"))["journal"]}
    return held


@settings(max_examples=examples(60), deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])  # no shrinking: each example runs a few dozen commands
@given(st.randoms(use_true_random=False), st.lists(st.sampled_from([0, 3 * DAY, -10 * YEAR]), min_size=3, max_size=3))
def test_no_entry_is_lost_whatever_three_devices_write_merge_and_sync(tmp_path_factory, rng, offsets):
    """Nothing is dropped in silence: every entry any device's file ever held is still held by
    some file once all the devices meet, whatever they wrote, merged from each other's folders
    and synced in between (the files as written, not the game as read)."""
    devices = [Device(tmp_path_factory.mktemp("devices"), name) for name in ("aa", "bb", "cc")]
    for device, offset in zip(devices, offsets):
        device.offset_ms = offset
    syncer = Syncer.of(devices)
    done_on(devices[0], "new Ann Ben --target 1000")
    game = current(devices[0])
    syncer.settle()
    ever = entry_ids_in_files(devices, game)
    last_writer = 0
    for _step in range(rng.randint(8, 20)):
        number, operation = rng.randrange(3), rng.choice(["hand"] * 3 + ["merge"] * 3 + ["sync"] * 2 + ["rename", "undo", "delete"])
        if operation == "merge" and number == last_writer:
            number = (number + rng.randint(1, 2)) % 3
        # a merge mostly from the device that wrote last: what it brings is not synced yet
        device, other = devices[number], devices[last_writer if operation == "merge" and rng.random() < 0.7 else (number + rng.randint(1, 2)) % 3]
        if operation not in ("merge", "sync"):
            last_writer = number
        if operation == "sync":
            syncer.settle(between=[number, devices.index(other)])
        else:
            device.run({"hand": f"knock {rng.choice(['Ann', 'Ben'])} 2 {rng.randint(10, 30)}",
                        "rename": f"rename {rng.choice(['Ann', 'Ben'])} {rng.choice(['Ann', 'Ben', 'Cy', 'Dee'])}",
                        "undo": "undo", "delete": "delete 1", "merge": f"merge {other.ledger}"}[operation] + f" --game {game}"
                       if operation != "merge" else f"merge {other.ledger}")
        ever |= entry_ids_in_files(devices, game)
    syncer.settle()
    assert entry_ids_in_files(devices, game) == ever
    assert len({done_on(device, f"log --game {game} --json").stdout for device in devices}) == 1
