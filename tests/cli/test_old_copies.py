"""Conflict copies of a file from before per-device files (issue 41): two devices on the older
release both wrote games/game-000001.json (entries numbered 1, 2, ...: file versions 1 to 3),
and the syncer kept one version under the name and the other as a copy, both holding an
"entry 3". The copy was never folded in ("entry 3 ... changed outside ginscore") and its hands
counted nowhere. Now the entries the two hold alike are the game's; from the first that
differs, the copy's entries are entries made apart (ids of their own, 'after' the last entry
held alike, device "oldcopy"), and every hand of both counts. The old file is never rewritten.

Scores by RULES.md (standard rules): a knock scores the opponent's deadwood less the knocker's,
a gin 25 plus the opponent's deadwood, an undercut 25 plus the difference to the defender."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers import FIXTURES as FIXTURE_FOLDER
from helpers import ledger_bytes, ok, status_json

COPY = "game-000001.sync-conflict-20261201-200500-ABCDEFG.json"
AT = "2026-12-01T20:{minute:02d}:00+00:00"


def hand(seq: int, minute: int, **said) -> dict:
    return {"seq": seq, "at": AT.format(minute=minute), "action": "hand", "hand": said}


def knock(seq, minute, player, deadwood, opponent):
    return hand(seq, minute, kind="knock", player=player, deadwood=deadwood, opponent_deadwood=opponent)


# entries 1 and 2 both devices hold: Alice knocks 4 v 15 (+11), Bob gins with Alice on 30 (+25 + 30 = 55)
COMMON = [knock(1, 0, "Alice", 4, 15), hand(2, 1, kind="gin", player="Bob", opponent_deadwood=30)]


def old_file(journal: list) -> dict:
    data = json.loads((Path(FIXTURE_FOLDER) / "game-v2-standard.json").read_text("utf-8"))
    return {**data, "journal": journal}


def lay_out(ledger, named: list, copied: list, copy_name: str = COPY) -> None:
    (ledger / "games").mkdir(parents=True, exist_ok=True)
    (ledger / "games" / "game-000001.json").write_text(json.dumps(old_file(named), indent=2), "utf-8")
    (ledger / "games" / copy_name).write_text(json.dumps(old_file(copied), indent=2), "utf-8")


def scores(run) -> dict:
    return status_json(run, "--game", "1")["scores"]


def test_two_devices_copies_of_a_numbered_file_are_folded_and_every_hand_counts(run, isolated_ledger):
    # here: Alice knocks 2 v 12 (+10); the copy: Bob knocks 1 v 21 (+20), then a draw
    named = [*COMMON, knock(3, 5, "Alice", 2, 12)]
    copied = [*COMMON, knock(3, 6, "Bob", 1, 21), hand(4, 8, kind="draw")]
    lay_out(isolated_ledger, named, copied)
    old_bytes = (isolated_ledger / "games" / "game-000001.json").read_bytes()
    result = ok(run, "check")
    assert "2 entries folded into game 1" in result.stdout
    assert not (isolated_ledger / "games" / COPY).exists() and (isolated_ledger / "conflicts" / COPY).exists()
    # Alice 11 + 10 = 21; Bob 55 + 20 = 75
    assert scores(run) == {"Alice": 21, "Bob": 75}
    hands = status_json(run, "--game", "1")["hands"]
    assert [(row["player"], row["kind"]) for row in hands] == [
        ("Alice", "knock"), ("Bob", "gin"), ("Alice", "knock"), ("Bob", "knock"), (None, "draw")]
    assert (isolated_ledger / "games" / "game-000001.json").read_bytes() == old_bytes  # never rewritten
    again = json.loads(ok(run, "check --json").stdout)
    assert again["ok"] and again["changed"] == 0 and again["hands"] == 5
    status = ok(run, "status --game 1").stdout
    assert "while apart" in status and "4 (oldcopy)" in status and "3 (an older ginscore)" in status


def test_a_copy_that_undoes_and_edits_its_own_hands_and_a_common_one_keeps_what_it_acts_on(run, isolated_ledger):
    named = [*COMMON, knock(3, 5, "Alice", 2, 12)]  # Alice +10
    copied = [
        *COMMON,
        knock(3, 6, "Bob", 1, 21),  # Bob +20, taken back at 5
        knock(4, 7, "Bob", 3, 9),  # Bob +6, edited at 6 to 3 v 13: +10
        {"seq": 5, "at": AT.format(minute=8), "action": "void", "target": 3},
        {"seq": 6, "at": AT.format(minute=9), "action": "edit", "target": 4,
         "hand": {"kind": "knock", "player": "Bob", "deadwood": 3, "opponent_deadwood": 13}},
        {"seq": 7, "at": AT.format(minute=9), "action": "void", "target": 1},  # Alice's common 4 v 15 taken back
    ]
    lay_out(isolated_ledger, named, copied)
    ok(run, "check")
    # Alice: 10 (her hand here; the common knock taken back on the copy's side); Bob: 55 + 10
    assert scores(run) == {"Alice": 10, "Bob": 65}
    assert (isolated_ledger / "games" / "game-000001.json").read_bytes() == json.dumps(old_file(named), indent=2).encode()


@pytest.mark.parametrize("version", [1, 2])
def test_a_copy_that_only_goes_on_from_the_file_is_folded_into_a_sound_file(run, isolated_ledger, version):
    """The copy holds every entry of the file and more (the file written again unchanged, as a
    migration did): its further entries are folded; they were written without 'after', and
    every command then refused the game."""
    named = COMMON
    copied = [*COMMON, knock(3, 6, "Bob", 1, 21)]  # Bob +20
    lay_out(isolated_ledger, named, copied)
    if version == 1:  # the plain form: "hands", numbered by their place
        for name, journal in (("game-000001.json", named), (COPY, copied)):
            data = {key: value for key, value in old_file(journal).items() if key != "journal"}
            data.update(file_version=1, hands=[entry["hand"] for entry in journal])
            (isolated_ledger / "games" / name).write_text(json.dumps(data), "utf-8")
    ok(run, "check")
    assert scores(run) == {"Alice": 11, "Bob": 75}
    assert json.loads(ok(run, "check --json").stdout)["ok"]
    ok(run, "knock alice 2 10 --game 1")  # Alice +8: the game goes on
    assert scores(run) == {"Alice": 19, "Bob": 75}


def test_two_devices_folding_the_same_copy_make_the_same_entries(run, isolated_ledger, tmp_path, monkeypatch):
    named = [*COMMON, knock(3, 5, "Alice", 2, 12)]
    copied = [*COMMON, knock(3, 6, "Bob", 1, 21)]
    lay_out(isolated_ledger, named, copied)
    other = tmp_path / "other-ledger"
    shutil.copytree(isolated_ledger, other)
    ok(run, "check")
    mine = json.loads(next((isolated_ledger / "games").glob("game-000001.*.json")).read_text())["journal"]
    monkeypatch.setenv("GINSCORE_LEDGER", str(other))
    monkeypatch.setenv("GINSCORE_DEVICE", "second")
    ok(run, "check")
    theirs = json.loads((other / "games" / "game-000001.second.json").read_text())["journal"]
    assert mine == theirs and [entry["device"] for entry in mine] == ["oldcopy"]
    # both device files in one ledger (synced): one entry, counted once
    shutil.copy(other / "games" / "game-000001.second.json", isolated_ledger / "games")
    monkeypatch.setenv("GINSCORE_LEDGER", str(isolated_ledger))
    monkeypatch.delenv("GINSCORE_DEVICE")
    assert scores(run) == {"Alice": 21, "Bob": 75}


def test_the_same_entry_on_both_sides_is_one_entry(run, isolated_ledger):
    """Alike to the second (the same number, time and hand): the one entry the file held on both
    devices before it went two ways, not two hands."""
    named = [*COMMON, knock(3, 5, "Alice", 2, 12), hand(4, 7, kind="draw")]
    copied = [*COMMON, knock(3, 5, "Alice", 2, 12), knock(4, 8, "Bob", 1, 21)]
    lay_out(isolated_ledger, named, copied)
    assert "1 entry folded into game 1" in ok(run, "check").stdout
    assert scores(run) == {"Alice": 21, "Bob": 75}  # Alice 11 + 10, Bob 55 + 20


def test_the_same_hand_on_both_sides_is_named_a_likely_double_entry(run, isolated_ledger):
    named = [*COMMON, knock(3, 5, "Alice", 2, 12)]
    copied = [*COMMON, knock(3, 6, "Alice", 2, 12)]  # the one hand entered on both devices, a minute apart
    lay_out(isolated_ledger, named, copied)
    ok(run, "check")
    assert scores(run) == {"Alice": 31, "Bob": 55}  # 11 + 10 + 10: both count until one is taken back
    notes = [note["note"] for note in json.loads(ok(run, "check --json").stdout)["notes"]]
    assert any("hands 3 and 4 of game 1 are alike" in note for note in notes), notes
    ok(run, "undo --hand 4 --game 1")
    assert scores(run) == {"Alice": 21, "Bob": 55}


def test_merging_another_ledger_whose_numbered_file_went_on_otherwise_counts_both(run, isolated_ledger, tmp_path):
    """'merge FOLDER' of a ledger holding the same game from before ids, recorded on otherwise."""
    named = [*COMMON, knock(3, 5, "Alice", 2, 12)]
    lay_out(isolated_ledger, named, named)
    (isolated_ledger / "games" / COPY).unlink()
    other = tmp_path / "other-ledger"
    (other / "games").mkdir(parents=True)
    (other / "games" / "game-000001.json").write_text(json.dumps(old_file([*COMMON, knock(3, 6, "Bob", 1, 21)])), "utf-8")
    before = ledger_bytes(other)
    result = ok(run, ["merge", str(other)])
    assert "Game 1: 1 entry added." in result.stdout
    assert scores(run) == {"Alice": 21, "Bob": 75}
    assert "Nothing new" in ok(run, ["merge", str(other)]).stdout  # again: nothing added
    assert ledger_bytes(other) == before
