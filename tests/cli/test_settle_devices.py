"""Settlements on several devices (issue 31 item 1): each device writes its own journal of
settlements (settlements/settlements.DEVICE.json); over the simulated syncers, git with
'git-setup' and 'merge', whatever the devices recorded apart, every device lists the same games
as settled, nothing is owed twice, and a game settled on two devices apart counts once.

The money, by hand (standard rules: gin bonus 25, game 100, box 25, a shutout doubles the total):
  Carol v Dave at 0.05, 'gin carol 90': Carol 90 + 25 = 115 (game over), + 100 + 25 = 240,
      Dave 0: a shutout, 480 points; 480 x 0.05 = Dave pays Carol 24.00.
  Eve v Fay at 0.10, 'gin fay 80': 80 + 25 + 100 + 25 = 230, doubled 460; x 0.10 = Eve pays Fay 46.00.
"""

import json
import os
import shutil

import pytest

from helpers_devices import STYLES, as_json, ok
from helpers_settlements import CAROL_DAVE, EVE_FAY, answers, entry, nothing_owed, play_two_games, settled
from syncer import Device, Syncer


def round_of_check(syncer, devices, rounds: int = 3) -> None:
    for _round in range(rounds):
        syncer.settle()
        for device in devices:
            answers(device)
    syncer.settle()


@pytest.mark.parametrize("style", STYLES)
def test_each_device_settling_one_game_apart_leaves_nothing_owed_anywhere(pair, style):
    one, two = pair
    syncer = Syncer.of([one, two], style)
    first, second = play_two_games(one)
    syncer.settle()
    before = as_json(two, "settle")
    assert before["nets"] == {**CAROL_DAVE, **EVE_FAY}
    assert as_json(one, f"settle --game {first} --record")["payments"] == [{"from": "Dave", "to": "Carol", "amount": "24.00"}]
    assert as_json(two, f"settle --game {second} --record")["payments"] == [{"from": "Eve", "to": "Fay", "amount": "46.00"}]
    round_of_check(syncer, [one, two])
    nothing_owed([one, two], [first, second])
    assert as_json(one, "settle")["settled_twice"] == [] == as_json(two, "settle")["settled_twice"]
    assert sorted(os.listdir(one.ledger / "settlements")) == sorted(os.listdir(two.ledger / "settlements"))
    assert len(os.listdir(one.ledger / "settlements")) == 2  # one file per device, nothing else
    assert not (one.ledger / "settlements.json").exists()


@pytest.mark.parametrize("style", STYLES)
def test_the_same_games_settled_on_two_devices_apart_count_once_and_both_say_so(pair, style):
    one, two = pair
    syncer = Syncer.of([one, two], style)
    first, second = play_two_games(one)
    syncer.settle()
    recorded = [as_json(device, "settle --record") for device in (one, two)]
    ids = [report["settlement_id"] for report in recorded]
    assert ids[0] != ids[1]  # each device saw only its own; an id is never renumbered
    assert recorded[0]["nets"] == recorded[1]["nets"] == {**CAROL_DAVE, **EVE_FAY}
    round_of_check(syncer, [one, two])
    nothing_owed([one, two], [first, second])
    # made apart (neither saw the other): the earlier by the clock holds the games, on both devices alike;
    # if both were paid, the later one's money goes back: Carol 24.00 to Dave, Fay 46.00 to Eve
    twice = [as_json(device, "settle")["settled_twice"] for device in (one, two)]
    assert twice[0] == twice[1] == [
        {"game": first, "settlement": ids[0], "also": [ids[1]], "currency": None, "estimated": False,
         "give_back": [{"from": "Carol", "to": "Dave", "amount": "24.00"}]},
        {"game": second, "settlement": ids[0], "also": [ids[1]], "currency": None, "estimated": False,
         "give_back": [{"from": "Fay", "to": "Eve", "amount": "46.00"}]},
    ]
    for device in (one, two):
        result = device.run("settle")
        assert result.exit_code == 0 and f"game {first} was settled twice" in result.stderr
        assert f"in settlement {ids[0]} and again in {ids[1]}" in result.stderr and "Carol → Dave: 24.00" in result.stderr
        notes = [note["note"] for note in as_json(device, "check")["notes"]]
        assert sum("settled twice" in note for note in notes) == 2, notes
    assert as_json(one, "check")["ok"] is True


def test_three_devices_over_syncthing_settle_apart_and_agree(tmp_path):
    devices = [Device(tmp_path, name) for name in ("ann", "ben", "cy")]
    syncer = Syncer.of(devices, "syncthing")
    first, second = play_two_games(devices[0])
    syncer.settle()
    ok(devices[1], f"settle --game {first} --record")
    ok(devices[2], "settle --record")  # both games: the first again, apart
    round_of_check(syncer, devices)
    nothing_owed(devices, [first, second])
    listings = [ok(device, "games --json").stdout for device in devices]
    assert listings[0] == listings[1] == listings[2]
    twice = as_json(devices[0], "settle")["settled_twice"]
    assert [entry["game"] for entry in twice] == [first]


def test_undo_on_the_other_device_leaves_the_settlement_and_undo_settlement_takes_it_back_everywhere(pair):
    """Plain 'undo' takes back what this device did (issue #41): it once took back the other
    device's settlement, the last thing recorded in the ledger on any device; now that takes
    naming it, 'undo --settlement ID', which any device may do."""
    one, two = pair
    syncer = Syncer.of([one, two], "syncthing")
    first, second = play_two_games(one)
    settlement = as_json(one, "settle --record")["settlement_id"]
    syncer.settle()
    ok(two, "new Gus Hal --stake 1")
    ok(two, "knock gus 2 10")
    result = as_json(two, "undo")  # its own hand, not the other device's settlement
    assert result["schema"] == "ginscore.game" and result["hands"] == []
    assert {game: settled(two)[game] for game in (first, second)} == {first: True, second: True}
    assert len(os.listdir(two.ledger / "settlements")) == 1  # nothing of the other device's settlement taken back here
    taken = as_json(two, f"undo --settlement {settlement[:4]}")  # a beginning of its id is enough
    assert taken["schema"] == "ginscore.undone-settlement" and taken["schema_version"] == "2.0"
    assert taken["settlement"] == settlement and sorted(taken["games"]) == sorted([first, second])
    assert len(os.listdir(two.ledger / "settlements")) == 2  # the undo is in the other device's own file
    round_of_check(syncer, [one, two])
    for device in (one, two):
        assert as_json(device, "settle")["nets"] == {**CAROL_DAVE, **EVE_FAY}, device
        assert {game: settled(device)[game] for game in (first, second)} == {first: False, second: False}
    # taken back on the other device: the next plain undo here means a hand again (Fay's gin)
    assert as_json(one, "undo")["schema"] == "ginscore.game"
    assert as_json(one, "status")["hands"] == []


def test_undo_right_after_settle_record_adds_an_entry_and_rewrites_nothing_else(pair):
    one, _two = pair
    play_two_games(one)
    settlement = as_json(one, "settle --record")["settlement_id"]
    own = next((one.ledger / "settlements").iterdir())
    entries = json.loads(own.read_text())["entries"]
    assert [entry["action"] for entry in entries] == ["settle"]
    assert f"Took back settlement {settlement}" in ok(one, "undo").stdout
    after = json.loads(own.read_text())["entries"]
    assert after[0] == entries[0]  # the settlement stays as recorded
    assert after[1]["action"] == "undo" and after[1]["target"] == entries[0]["id"] and after[1]["clock"] > entries[0]["clock"]
    assert after[1]["after"] == entries[0]["id"]
    assert json.loads(own.read_text())["file_version"] == 2  # nothing an older ginscore would misread
    # a hand since: undo means the hand, not the settlement
    ok(one, "settle --record")
    ok(one, "new Gus Hal --stake 1")
    ok(one, "knock gus 2 10")
    assert as_json(one, "undo")["schema"] == "ginscore.game"


def test_merge_carries_settlements_and_merging_again_adds_nothing(tmp_path):
    laptops = [Device(tmp_path, name) for name in ("table1", "table2")]
    home = Device(tmp_path, "home")
    ok(laptops[0], "new Carol Dave --stake 0.05")
    ok(laptops[0], "gin carol 90")
    ok(laptops[1], "new Eve Fay --stake 0.10")
    ok(laptops[1], "gin fay 80")
    for laptop in laptops:
        ok(laptop, "settle --record")
    for laptop in laptops:
        report = as_json(home, f"merge {laptop.ledger}")
        assert report["schema_version"] == "1.1" and report["settlements"] == 1 and len(report["added"]) == 1
    for laptop in laptops:
        assert "Nothing new" in ok(home, f"merge {laptop.ledger}").stdout
    games = list(settled(home))
    nothing_owed([home], games)
    # a laptop that merges home's folder back learns the other table's settlement
    assert "Settlements: 1 entry added" in ok(laptops[0], f"merge {home.ledger}").stdout
    nothing_owed([laptops[0]], games)


def test_a_backup_carries_settlements_and_merging_it_brings_them(pair, tmp_path):
    one, two = pair
    first, second = play_two_games(one)
    ok(one, "settle --record")
    report = as_json(one, f"backup {tmp_path / 'copy'}")
    assert any(name.startswith("settlements/settlements.") for name in report["files"])
    ok(two, f"merge {tmp_path / 'copy'}")
    nothing_owed([two], [first, second])
    zipped = tmp_path / "copy.zip"
    ok(one, f"backup {zipped}")
    shutil.unpack_archive(zipped, tmp_path / "unzipped")
    restored = Device(tmp_path, "restored")
    ok(restored, f"merge {tmp_path / 'unzipped'}")
    nothing_owed([restored], [first, second])


# ---- the old settlements.json ---------------------------------------------------------------------


def legacy(games, number=1, at="2026-12-01T20:00:00+00:00", after=None, undone=None) -> dict:
    return {"id": number, "at": at, "games": games, "currency": None, "nets": {"Carol": "24.00", "Dave": "-24.00"},
            "payments": [{"from": "Dave", "to": "Carol", "amount": "24.00"}], "undone": undone, "after": after}


def write_legacy(path, records) -> bytes:
    data = (json.dumps({"file_format": "ginscore-settlements", "file_version": 1, "settlements": records}, indent=2) + "\n").encode()
    path.write_bytes(data)
    return data


def test_an_old_settlements_file_is_read_and_never_rewritten(pair):
    one, _two = pair
    first, second = play_two_games(one)
    before = write_legacy(one.ledger / "settlements.json", [legacy([first], after={"game": second, "entries": 1})])
    assert settled(one) == {first: True, second: False}
    assert as_json(one, "settle")["nets"] == EVE_FAY
    # the old file does not say which device recorded it, so plain 'undo' never takes it back (it
    # once did, right after it): it is taken back by naming it, with an entry of this device's
    assert as_json(one, "undo")["schema"] == "ginscore.game"
    ok(one, "redo")
    settlement = next(entry["settlement"] for entry in as_json(one, "games")["games"] if entry["id"] == first)
    assert f"Took back settlement {settlement}" in ok(one, f"undo --settlement {settlement}").stdout
    assert settled(one) == {first: False, second: False}
    ok(one, "settle --record")
    assert as_json(one, "settle --record")["settlement_id"] is None  # nothing left
    assert settled(one) == {first: True, second: True}
    assert as_json(one, "check")["ok"]
    assert (one.ledger / "settlements.json").read_bytes() == before


@pytest.mark.parametrize("style", STYLES)
def test_an_old_settlements_file_changed_on_two_devices_apart_loses_nothing(pair, style):
    """Two devices on an older ginscore each recorded a settlement apart: the syncer keeps one
    version of settlements.json and a conflict copy of the other; check folds the copy in."""
    one, two = pair
    syncer = Syncer.of([one, two], style)
    first, second = play_two_games(one)
    write_legacy(one.ledger / "settlements.json", [])
    syncer.settle()
    write_legacy(one.ledger / "settlements.json", [legacy([first])])
    write_legacy(two.ledger / "settlements.json", [legacy([second], at="2026-12-01T20:05:00+00:00")])
    round_of_check(syncer, [one, two])
    for device in (one, two):  # every copy folded in and moved aside
        assert sorted(name for name in os.listdir(device.ledger) if name.startswith("settlements")) == ["settlements", "settlements.json"]
    nothing_owed([one, two], [first, second])


def test_conflict_copies_of_settlement_files_are_folded_in_or_listed(pair):
    one, _two = pair
    first, second = play_two_games(one)
    ok(one, f"settle --game {first} --record")
    folder = one.ledger / "settlements"
    own = next(folder.iterdir())
    device = own.name.split(".")[1]
    # the same device's file written on two machines (a copied home folder): another version
    data = json.loads(own.read_text())
    data["entries"][0] = {**data["entries"][0], "id": "zz22zz22zz", "games": [second], "clock": data["entries"][0]["clock"] + 5,
                          "nets": EVE_FAY, "payments": [{"from": "Eve", "to": "Fay", "amount": "46.00"}],
                          "shares": {second: [["Eve", "-46.00"], ["Fay", "46.00"]]}}
    copy = folder / f"settlements.{device}.sync-conflict-20261204-101010-ABCDEFG.json"
    copy.write_text(json.dumps(data))
    stray = folder / "notes.txt"
    stray.write_text("mine")
    unplaced = one.ledger / "settlements (conflict_on_2026-12-04).json"  # a name no syncer rule here knows
    write_legacy(unplaced, [legacy([second])])
    report = as_json(one, "check")
    assert report["ok"], report
    notes = {os.path.basename(note["file"]): note["note"] for note in report["notes"]}
    assert "1 settlement entry folded in" in notes[copy.name]
    assert "not a settlements file name" in notes["notes.txt"]
    # listed today; folded in once ginscore knows Unison's names (issue 31 item 6): never left out in silence
    assert "named like a settlements file" in notes[unplaced.name] or "folded in" in notes[unplaced.name]
    assert not copy.exists() and (one.ledger / "conflicts" / copy.name).exists()
    nothing_owed([one], [first, second])


# ---- files from another device are untrusted ----------------------------------------------------------


def foreign_file(device, entries, name="settlements.zzzz.json", writer="zzzz"):
    folder = device.ledger / "settlements"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps({"file_format": "ginscore-settlements", "file_version": 2, "device": writer, "entries": entries}))
    return path


def snapshot(device) -> dict:
    return {path: path.read_bytes() for path in device.ledger.rglob("*") if path.is_file()}


@pytest.mark.parametrize("fault, words", [
    ({"clock": -1}, "entries[0].clock"),
    ({"clock": "soon"}, "entries[0].clock"),
    ({"action": "erase"}, "entries[0].action"),
    ({"games": ["../x"]}, "entries[0].games"),
    ({"payments": [{"from": "Dave", "to": "Carol", "amount": "1e999999"}]}, "entries[0].payments"),
    ({"id": 7}, "entries[0].id"),
    ({"shares": {"zz": [["Carol", "1.00"]]}}, "entries[0].shares"),
    ({"squares": [{"settlement": "abcd23456x", "games": ["zz"], "owed": [["Carol", "x"]]}]}, "entries[0].squares[0].owed"),
])
def test_a_bad_entry_from_another_device_is_named_and_everything_else_goes_on(pair, fault, words):
    """One unreadable file once stopped 'games', 'settle' and the 'undo' of a hand (issue #41):
    now it is named on one line, and every answer goes on without it. Only 'settle --record' is
    refused, since the games the file settled are not known and could be settled twice."""
    one, _two = pair
    first, second = play_two_games(one)
    ok(one, f"settle --game {first} --record")
    path = foreign_file(one, [{**entry([first]), **fault}])
    before = snapshot(one)
    result = one.run("settle --json")  # the answer, without the file, and the file named: exit status 1
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1 and str(path) in lines[0] and words in lines[0], (result.output, lines)
    report = json.loads(result.stdout)
    assert report["nets"] == EVE_FAY and [problem["file"] for problem in report["unread"]] == [str(path)]
    listed = one.run("games --json")
    assert listed.exit_code == 1 and str(path) in listed.stderr
    assert {game["id"]: game["settled"] for game in json.loads(listed.stdout)["games"]} == {first: True, second: False}
    refused = one.run("settle --record")
    assert refused.exit_code == 1 and str(path) in refused.stderr and "cannot record" in refused.stderr
    assert snapshot(one) == before
    report = as_json_any(one, "check")
    assert [problem["file"] for problem in report["problems"]] == [str(path)]
    # 'undo' goes on: this device's own settlement, the last thing it did, then Fay's gin
    assert as_json(one, "undo")["schema"] == "ginscore.undone-settlement"
    assert as_json(one, "undo")["schema"] == "ginscore.game"


def as_json_any(device, command) -> dict:
    return json.loads(device.run(f"{command} --json").stdout)


def test_a_file_named_for_another_device_or_too_large_is_refused(pair, monkeypatch):
    one, _two = pair
    first, _second = play_two_games(one)
    path = foreign_file(one, [entry([first])], writer="yyyy")
    result = one.run("settle")
    assert result.exit_code == 1 and str(path) in result.stderr and "device" in result.stderr
    path.unlink()
    from ginscore.store import settlement_files

    path = foreign_file(one, [entry([first])])
    monkeypatch.setattr(settlement_files, "MAX_BYTES", 100)
    result = one.run("settle")
    assert result.exit_code == 1 and str(path) in result.stderr and "larger than" in result.stderr


def test_the_git_merge_driver_writes_the_union_of_two_versions_of_a_settlements_file(pair, tmp_path):
    one, _two = pair
    first, second = play_two_games(one)
    ok(one, f"settle --game {first} --record")
    own = next((one.ledger / "settlements").iterdir())
    ours, theirs = tmp_path / "ours.json", tmp_path / "theirs.json"
    shutil.copy(own, ours)
    data = json.loads(own.read_text())
    data["entries"].append({**data["entries"][0], "id": "zz22zz22zz", "clock": data["entries"][0]["clock"] + 1, "games": [second],
                            "shares": {second: [["Eve", "-46.00"], ["Fay", "46.00"]]}})
    theirs.write_text(json.dumps(data))
    ok(one, f"merge-file {tmp_path / 'base.json'} {ours} {theirs}")
    merged = json.loads(ours.read_text())
    assert [item["games"] for item in merged["entries"]] == [[first], [second]]


@pytest.mark.parametrize("style", STYLES)
def test_two_machines_under_one_device_id_settling_apart_lose_no_settlement(tmp_path, style):
    """A copied home folder: both machines write settlements.cloned.json; the syncer keeps one
    version and a conflict copy of the other; check folds the copy in on either machine."""
    one, two = Device(tmp_path, "ann"), Device(tmp_path, "ben")
    syncer = Syncer.of([one, two], style)
    for device in (one, two):
        device.state.mkdir(parents=True, exist_ok=True)
        (device.state / "device-id").write_text("cloned\n")
    first, second = play_two_games(one)
    syncer.settle()
    ok(one, f"settle --game {first} --record")
    ok(two, f"settle --game {second} --record")
    round_of_check(syncer, [one, two])
    nothing_owed([one, two], [first, second])
    for device in (one, two):
        assert os.listdir(device.ledger / "settlements") == ["settlements.cloned.json"]
