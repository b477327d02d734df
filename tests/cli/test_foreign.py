"""What comes from another ledger or device is bounded and checked (issue 31 items 8 and 9):
far-future clocks, another ledger's game under an id used here, one entry held with two
contents, a fault in another device's file, a damaged device id, likely double entries
from two devices apart, and exports at the largest stake."""

import json
import time
from pathlib import Path

import pytest

from helpers import cpu_seconds, ledger_bytes, ok, play, status_json

FOREIGN = ("evil", "dev1", "dev2")  # the other devices' files these tests plant


def own_file(ledger: Path, game_id: str) -> Path:
    """This device's file of ``game_id``."""
    (found,) = [path for path in (ledger / "games").glob(f"game-{game_id}.*.json") if path.name.split(".")[1] not in FOREIGN]
    return found


def plant(ledger: Path, game_id: str, device: str, entries: list, **changes) -> Path:
    """Another device's file of ``game_id`` holding ``entries``: as started, like this device's."""
    data = json.loads(own_file(ledger, game_id).read_text())
    data.update(device=device, journal=entries, **changes)
    path = ledger / "games" / f"game-{game_id}.{device}.json"
    path.write_text(json.dumps(data, indent=1))
    return path


def journal(ledger: Path, game_id: str, device: str | None = None) -> list:
    path = own_file(ledger, game_id) if device is None else ledger / "games" / f"game-{game_id}.{device}.json"
    return json.loads(path.read_text())["journal"]


def foreign_hand(after: dict, clock: int, number: int = 1, **hand) -> dict:
    return {"id": f"evil{number:06d}", "clock": clock, "device": "evil", "after": after["id"],
            "at": "2026-11-29T13:10:00+00:00", "action": "hand",
            "hand": hand or {"kind": "knock", "player": "Ann", "deadwood": 3, "opponent_deadwood": 20}}


# ---- clocks ------------------------------------------------------------------------------------


@pytest.mark.parametrize("ahead", ["30 digits", "400 days"])
def test_a_clock_far_ahead_is_kept_reported_and_never_followed(run, isolated_ledger, ahead):
    """A hand with a 30-digit clock (or one a year ahead) in another device's file: this
    device's next hands take the wall clock (13 digits), check names the entry, every command
    keeps reading the game."""
    play(run, "new Ann Ben", "knock ann 3 20")
    game_id = status_json(run)["id"]
    first = journal(isolated_ledger, game_id)[0]
    ahead = 10**29 if ahead == "30 digits" else int(time.time() * 1000) + 400 * 24 * 3600 * 1000
    plant(isolated_ledger, game_id, "evil", [foreign_hand(first, ahead)])
    before = int(time.time() * 1000)
    play(run, "gin ben 10", "knock ann 2 12")
    after = int(time.time() * 1000)
    mine = journal(isolated_ledger, game_id)
    assert [len(str(entry["clock"])) for entry in mine] == [13, 13, 13]
    assert all(before - 1000 <= entry["clock"] <= after + 1000 for entry in mine[1:])
    # its clock is not followed, but what this device saw is: its hands come after the far one
    assert mine[1]["after"] == "evil000001" and mine[2]["after"] == mine[1]["id"]
    report = json.loads(ok(run, "check --json").stdout)
    assert report["ok"] is True
    (note,) = [item for item in report["notes"] if "evil000001" in item["note"]]
    assert "ahead of this device's" in note["note"]
    # the far hand stands where it was seen, second: hands 3 and 4 were typed after it
    hands = status_json(run)["hands"]
    assert [hand["kind"] for hand in hands] == ["knock", "knock", "gin", "knock"]
    for command in ("log", "sheet", "status", "games"):
        assert run(command).exit_code == 0, command


def test_a_clock_within_a_day_ahead_is_followed(run, isolated_ledger):
    """An hour ahead (a device's clock a little fast): followed, as before, so the order holds."""
    play(run, "new Ann Ben", "knock ann 3 20")
    game_id = status_json(run)["id"]
    first = journal(isolated_ledger, game_id)[0]
    soon = int(time.time() * 1000) + 3600 * 1000
    plant(isolated_ledger, game_id, "evil", [foreign_hand(first, soon)])
    play(run, "gin ben 10")
    assert journal(isolated_ledger, game_id)[-1]["clock"] == soon + 1
    assert not [item for item in json.loads(ok(run, "check --json").stdout)["notes"] if "ahead" in item["note"]]


# ---- another ledger's game under an id used here ----------------------------------------------


def test_another_ledgers_game_under_an_id_used_here_comes_in_under_its_own(run, isolated_ledger, tmp_path):
    play(run, "new Ann Ben", "knock ann 3 20")
    game_id = status_json(run)["id"]
    other = tmp_path / "other"
    (other / "games").mkdir(parents=True)
    data = json.loads(own_file(isolated_ledger, game_id).read_text())
    data.update(players=["Xan", "Yul"], device="evil")
    for entry in data["journal"]:
        entry["device"] = "evil"
        entry["hand"]["player"] = "Xan"
    (other / "games" / f"game-{game_id}.evil.json").write_text(json.dumps(data))
    result = ok(run, f"merge {other}")
    assert "another game than game" in result.stdout and "not merged" not in result.output
    ids = [game["id"] for game in json.loads(ok(run, "games --all --json").stdout)["games"]]
    assert len(ids) == 2 and game_id in ids
    (theirs,) = [known for known in ids if known != game_id]
    shown = json.loads(ok(run, f"status --game {theirs} --json").stdout)
    assert shown["players"] == ["Xan", "Yul"] and len(shown["hands"]) == 1
    assert status_json(run)["id"] == game_id  # the current game stays
    once = ledger_bytes(isolated_ledger)
    assert "Nothing new" in ok(run, f"merge {other}").stdout
    assert ledger_bytes(isolated_ledger) == once


# ---- one entry held with two contents ----------------------------------------------------------


def test_an_entry_held_with_two_contents_is_damage_naming_both_files(run, isolated_ledger, tmp_path):
    """Alice's 11 changed to 89 in a copy of her hand in another device's file: no command
    counts either copy in silence; check names the id and both files."""
    play(run, "new Ann Ben", "knock ann 3 14", "knock ben 2 20")
    game_id = status_json(run)["id"]
    changed = json.loads(json.dumps(journal(isolated_ledger, game_id)[0]))
    changed["hand"]["opponent_deadwood"] = 92
    evil = plant(isolated_ledger, game_id, "evil", [changed])
    before = ledger_bytes(isolated_ledger)
    for command in ("status", "log", "sheet", "knock ann 2 30"):
        result = run(command)
        assert result.exit_code == 1 and changed["id"] in result.output and evil.name in result.output, command
        assert len(result.output.strip().splitlines()) == 1
    assert ledger_bytes(isolated_ledger) == before
    report = json.loads(run("check --json").stdout)
    (problem,) = report["problems"]
    assert changed["id"] in problem["problem"]
    names = {Path(problem["file"]).name} | {word for word in problem["problem"].split() if word.startswith("game-")}
    assert evil.name in names and len(names) == 2
    # merging a folder that holds the changed copy adds nothing and says why
    other = tmp_path / "other"
    (other / "games").mkdir(parents=True)
    evil.rename(other / "games" / evil.name)
    result = run(["merge", str(other)])
    assert changed["id"] in result.output and "other content" in result.output
    assert ledger_bytes(isolated_ledger) == {key: value for key, value in before.items() if evil.name not in key}


def test_a_fault_in_another_devices_file_is_listed_on_that_file(run, isolated_ledger):
    play(run, "new Ann Ben", "knock ann 3 20")
    game_id = status_json(run)["id"]
    first = journal(isolated_ledger, game_id)[0]
    evil = plant(isolated_ledger, game_id, "evil",
                 [foreign_hand(first, first["clock"] + 5, kind="knock", player="Ann", deadwood=40, opponent_deadwood=50)])
    (problem,) = json.loads(run("check --json").stdout)["problems"]
    assert problem["file"] == str(evil) and "deadwood" in problem["problem"] and str(evil) not in problem["problem"]


# ---- this device's id ----------------------------------------------------------------------------


def test_a_damaged_device_id_is_reported_not_replaced(run, isolated_ledger, tmp_path, monkeypatch):
    from ginscore.base import device

    play(run, "new Ann Ben", "knock ann 3 20")
    monkeypatch.setattr(device, "_known", {})  # each command is a new process: the id is read again
    device_file = tmp_path / "state" / "device-id"
    device_file.write_text("not an id!\n")
    before = ledger_bytes(isolated_ledger)
    result = run("gin ben 10")
    assert result.exit_code == 1 and str(device_file) in result.output and "damaged" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert ledger_bytes(isolated_ledger) == before and device_file.read_text() == "not an id!\n"
    assert run("status").exit_code == 0  # reading needs no id
    device_file.unlink()  # as the line says: a new id is made
    monkeypatch.setattr(device, "_known", {})
    play(run, "gin ben 10")
    assert len(list((isolated_ledger / "games").glob("*.json"))) == 2


# ---- likely double entries -----------------------------------------------------------------------


def test_160_hands_from_two_devices_apart_are_one_note(run, isolated_ledger):
    """80 hands on each of two devices apart, seconds apart, alike two by two (the same hand
    entered on both): one note, naming the first alike pair (hands 1 and 81)."""
    play(run, "new Ann Ben --target 10000")
    game_id = status_json(run)["id"]
    data = json.loads(own_file(isolated_ledger, game_id).read_text())
    start = data["clock"] + 1000
    hands = [{"kind": "knock", "player": "Ann" if number % 2 else "Ben", "deadwood": 1 + number % 9, "opponent_deadwood": 30}
             for number in range(80)]
    for device, offset in (("dev1", 0), ("dev2", 2000)):
        entries, after = [], None
        for number, hand in enumerate(hands):
            entry = {"id": f"{device}{number:05d}", "clock": start + offset + number * 5000, "device": device,
                     "after": after, "at": "2026-11-29T13:10:00+00:00", "action": "hand", "hand": hand}
            entries.append(entry)
            after = entry["id"]
        plant(isolated_ledger, game_id, device, entries)
    notes = [item["note"] for item in json.loads(ok(run, "check --json").stdout)["notes"] if "alike" in item["note"]]
    assert len(notes) == 1 and "hands 1 and 2 " in notes[0]
    assert sum("alike" in line for line in ok(run, "status").stdout.splitlines()) == 1


# ---- a long foreign file ----------------------------------------------------------------------------


def a_foreign_file_with_a_rename(run, isolated_ledger, count: int) -> tuple:
    """A new game, then ``count`` entries from another device in it (a rename at entry 5, draws,
    every tenth entry a void of the one before); returns what 'status' then shows and the CPU
    seconds it took."""
    play(run, "new Ann Ben --target 10000")
    game_id = status_json(run)["id"]
    clock = json.loads(own_file(isolated_ledger, game_id).read_text())["clock"]
    entries, after = [], None
    for number in range(count):
        entry = {"id": f"x{number:06d}", "clock": clock + 1 + number, "device": "evil", "after": after,
                 "at": "2026-11-29T13:10:00+00:00", "action": "hand", "hand": {"kind": "draw"}}
        if number == 5:
            entry.update(action="rename", old="Ann", new="Anna")
            del entry["hand"]
        elif number % 10 == 9:
            entry.update(action="void", target=f"x{number - 1:06d}")
            del entry["hand"]
        entries.append(entry)
        after = entry["id"]
    plant(isolated_ledger, game_id, "evil", entries)
    shown = []
    return shown, cpu_seconds(lambda: shown.append(status_json(run)))


def test_a_long_foreign_file_with_a_rename_answers_in_seconds(run, isolated_ledger):
    """20,000 entries from another device (a rename early, draws, a void every tenth entry):
    every hand was checked against the journal up to it, rebuilt each time (quadratic: minutes);
    now read in time in proportion to the entries: 'status' of 20,000 costs about ten times
    the CPU of 2,000 (quadratic: a hundred). A ratio, never an absolute time."""
    (small,), small_time = a_foreign_file_with_a_rename(run, isolated_ledger, 2000)
    (shown,), time_taken = a_foreign_file_with_a_rename(run, isolated_ledger, 20000)
    # 2,000 entries: 1 rename, 200 voids (numbers 9, 19, ...), so 1,799 hands recorded, of which
    # the 200 voided ones (8, 18, ...) do not count: 1,599
    assert len(small["hands"]) == 1599 and small["players"] == ["Anna", "Ben"]
    # 20,000 entries: 1 rename, 2,000 voids (numbers 9, 19, ...), so 17,999 hands recorded, of
    # which the 2,000 voided ones (8, 18, ...) do not count: 15,999
    assert len(shown["hands"]) == 15999 and shown["players"] == ["Anna", "Ben"]
    assert time_taken / small_time < 30, f"2,000 entries: {small_time:.2f} s, 20,000: {time_taken:.2f} s"


# ---- check lists what another command refuses ------------------------------------------------------


def test_check_lists_two_files_that_disagree_on_the_dealer_and_a_hand_after_the_end(run, isolated_ledger):
    play(run, "new Ann Ben --dealer ann", "knock ann 3 20")
    first = status_json(run)["id"]
    entry = journal(isolated_ledger, first)[0]
    evil = plant(isolated_ledger, first, "evil", [foreign_hand(entry, entry["clock"] + 5)], dealer="Ben")
    play(run, "new Cy Dee --target 50", "gin cy 90")
    second = status_json(run)["id"]
    data = json.loads(own_file(isolated_ledger, second).read_text())
    late = {**data["journal"][-1], "id": "late000001", "clock": data["journal"][-1]["clock"] + 1, "after": data["journal"][-1]["id"]}
    data["journal"].append(late)
    own_file(isolated_ledger, second).write_text(json.dumps(data))
    for game_id in (first, second):
        for command in ("sheet", "status"):
            assert run([command, "--game", game_id]).exit_code == 1, (command, game_id)
    report = json.loads(run("check --json").stdout)
    listed = {problem["game"]: problem for problem in report["problems"]}
    assert len(report["problems"]) == 2 and set(listed) == {first, second}
    # which of two files says the other dealer no one can tell: the later one read, naming the other
    names = {evil.name, own_file(isolated_ledger, first).name}
    assert Path(listed[first]["file"]).name in names and (names - {Path(listed[first]["file"]).name}).pop() in listed[first]["problem"]
    assert Path(listed[second]["file"]) == own_file(isolated_ledger, second)
