"""What 'check' and the notes say is what happened (issue 41): 'Nothing was changed' only when
check changed nothing (it folds conflict copies in and moves them aside), a clock far ahead read
the way people read it (a clock 2 days ahead reads "2 days ahead", not the "1 day" a moment
later cut down to), and every note of every command begins "note:"."""

from __future__ import annotations

import json
import shutil
import time

import pytest

from cli.test_foreign import foreign_hand, journal, plant
from helpers import ledger_bytes, ok, play, status_json

DAY_MS = 24 * 3600 * 1000


def damaged_and_copied(run, isolated_ledger, with_copy: bool):
    """Two games: the first's file damaged by hand; with ``with_copy``, a syncer's conflict copy of
    the second's file holding one hand more (check folds it in)."""
    play(run, "new Ann Ben", "knock ann 3 20")
    broken = next((isolated_ledger / "games").glob("game-*.json"))
    play(run, "new Cy Dee", "knock cy 2 10")
    (second,) = [path for path in (isolated_ledger / "games").glob("game-*.json") if path != broken]
    if with_copy:
        kept = second.read_bytes()
        play(run, "gin dee 30")
        copy = second.with_name(second.name[: -len(".json")] + ".sync-conflict-20261204-101010-ABCDEFG.json")
        shutil.move(second, copy)
        second.write_bytes(kept)  # the syncer kept the other version under the name
    broken.write_text("{", "utf-8")


def test_check_with_a_problem_and_nothing_to_fold_says_nothing_was_changed(run, isolated_ledger):
    damaged_and_copied(run, isolated_ledger, with_copy=False)
    before = ledger_bytes(isolated_ledger)
    result = run("check")
    assert result.exit_code == 1
    assert result.stderr.strip().endswith("Nothing was changed: fix the files by hand or restore them from a backup.")
    assert ledger_bytes(isolated_ledger) == before
    assert json.loads(run("check --json").stdout)["changed"] == 0


def test_check_that_folded_a_copy_in_never_says_nothing_was_changed(run, isolated_ledger):
    damaged_and_copied(run, isolated_ledger, with_copy=True)
    before = ledger_bytes(isolated_ledger)
    result = run("check")
    assert result.exit_code == 1
    closing = result.stderr.strip().splitlines()[-1]
    assert "Nothing was changed" not in closing
    assert closing.endswith("Only the conflict copies were folded in (see the notes); fix the files with problems by hand "
                            "or restore them from a backup.")
    assert ledger_bytes(isolated_ledger) != before  # the game written, the copy moved to conflicts/
    assert any(name.startswith("conflicts/") for name in ledger_bytes(isolated_ledger))
    report = json.loads(run("check --json").stdout)  # folded already: nothing left to change
    assert report["changed"] == 0 and not report["ok"]


def test_check_json_counts_the_files_it_wrote_and_moved(run, isolated_ledger):
    damaged_and_copied(run, isolated_ledger, with_copy=True)
    report = json.loads(run("check --json").stdout)
    assert report["changed"] == 2  # the second game's file written with the copy's hand, the copy moved aside


@pytest.mark.parametrize(
    "ahead_ms, words",
    [
        (30 * 3600 * 1000, "30 hours ahead"),
        (2 * DAY_MS, "2 days ahead"),  # read a moment later: 1 day and 23:59:59.9..., rounded
        (100 * DAY_MS, "100 days ahead"),
        (400 * DAY_MS, "1 year ahead"),  # 400 / 365.2425 = 1.1
        (3 * 365 * DAY_MS, "3 years ahead"),  # 1095 / 365.2425 = 2.998
        (10**29, "more than 1000 years ahead"),  # a clock of 30 digits
    ],
    ids=["30 hours", "2 days", "100 days", "400 days", "3 years", "30 digits"],
)
def test_a_clock_far_ahead_is_read_the_way_people_read_it(run, isolated_ledger, ahead_ms, words):
    play(run, "new Ann Ben", "knock ann 3 20")
    game_id = status_json(run)["id"]
    first = journal(isolated_ledger, game_id)[0]
    clock = ahead_ms if ahead_ms > 10**20 else int(time.time() * 1000) + ahead_ms
    plant(isolated_ledger, game_id, "evil", [foreign_hand(first, clock)])
    (note,) = [item["note"] for item in json.loads(ok(run, "check --json").stdout)["notes"] if "evil000001" in item["note"]]
    assert f"has a clock {words} of this device's" in note


def test_the_note_of_a_game_settled_twice_begins_as_every_note_does(pair):
    """Two devices settle the same game apart: 'settle' names it on standard error, "note: ..."
    like every other note (it was the one "Note: ...")."""
    from helpers_settlements import play_two_games
    from syncer import Syncer

    one, two = pair
    syncer = Syncer.of([one, two], "syncthing")
    play_two_games(one)
    syncer.settle()
    for device in (one, two):
        assert device.run("settle --record").exit_code == 0
    syncer.settle()
    result = one.run("settle")
    notes = [line for line in result.stderr.splitlines() if "settled twice" in line]
    assert len(notes) == 2 and all(line.startswith("note: game ") for line in notes), result.stderr


def test_check_names_the_settlement_files_and_each_path_once(run, isolated_ledger):
    play(run, "new Ann Bob", "gin ann 20")
    (isolated_ledger / "settlements.json").write_text("{", "utf-8")
    result = run("check")
    assert result.exit_code == 1
    problem = [line for line in result.stdout.splitlines() if "settlements.json" in line]
    assert len(problem) == 1 and problem[0].count("settlements.json") == 1
    assert f"1 problem in the settlement files of {isolated_ledger}." in result.stderr
    assert "game file" not in result.stderr


def test_check_calls_syncthings_temporary_file_a_syncers(run, isolated_ledger):
    play(run, "new Ann Bob")
    (isolated_ledger / "games" / ".syncthing.game-x.laptop.json.tmp").write_bytes(b"")
    output = ok(run, "check").output
    assert "a file syncer's temporary file (Syncthing's, while it copies a file in); harmless" in output
    assert "interrupted write" not in output
