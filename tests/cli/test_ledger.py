"""The ledger on disk (issue #3): atomic writes, the lock, full disks, versions, unknown fields
and damaged files. Expected numbers are worked by hand from RULES.md sections 2 and 3."""

import errno
import json
import os
import shutil
from pathlib import Path

import pytest

from helpers import FIXTURES, examples, game_data, game_file, game_ids, ledger_bytes, local_dir, new_game, ok, put_game
from helpers_ledger import hold_lock, read


def old_file(ledger, game_id=1) -> Path:
    """The file of a game from before devices, as ``put_game`` writes it."""
    return ledger / "games" / f"game-{game_id:06d}.json"


write = put_game


def temporary_files(ledger) -> list:
    return [name for name in ledger_bytes(ledger) if name.endswith(".tmp") or ".partial" in name]


# ---- atomic writes ------------------------------------------------------------------------


def test_a_write_leaves_no_temporary_file_and_replaces_a_stale_one(run, isolated_ledger):
    ok(run, "new Alice Bob")
    stale = isolated_ledger / "games" / f".{game_file(isolated_ledger).name}.tmp"
    stale.write_bytes(b'{"half a ga')  # what a writer killed mid-write leaves behind
    ok(run, "knock alice 4 15")
    assert not stale.exists()
    assert temporary_files(isolated_ledger) == []
    assert read(isolated_ledger)["journal"][0]["hand"]["opponent_deadwood"] == 15


def test_the_lock_file_is_separate_and_survives_every_command(run, isolated_ledger):
    ok(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    lock = local_dir(isolated_ledger) / "lock"  # this device's own, never in the shared folder
    assert lock.exists() and lock.read_bytes() == b""  # never the data, never deleted on release
    assert not (isolated_ledger / ".lock").exists()


def test_save_outside_the_lock_is_a_programming_error(isolated_ledger):
    from ginscore.store import game_file
    from ginscore.store.ledger import Ledger

    ledger = Ledger(isolated_ledger, game_file)
    with ledger.locked(create=True):
        with ledger.locked():  # re-entrant: a nested flock on a new descriptor would wait for itself
            pass
        from ginscore.core.rules import Rules
        from ginscore.ops.actions import new_game

        game = new_game("k7f3q2ab", ["Alice", "Bob"], Rules())
        ledger.save(game, new=True)
    with pytest.raises(RuntimeError):
        ledger.save(game)


# ---- locking ------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_held_lock_times_out_naming_the_lock_file(run, isolated_ledger, monkeypatch):
    ok(run, "new Alice Bob")
    monkeypatch.setenv("GINSCORE_LOCK_TIMEOUT", "0.1")
    before = ledger_bytes(isolated_ledger)
    handle = hold_lock(isolated_ledger)
    try:
        for command in ("knock alice 4 15", "undo", "new Carol Dan", "backup"):
            result = run(command)
            assert result.exit_code == 1
            message = result.stderr.strip()
            assert "\n" not in message and "Traceback" not in result.output
            assert str(local_dir(isolated_ledger) / "lock") in message and "locked" in message
            assert "0.1 s" in message
    finally:
        handle.close()
    assert ledger_bytes(isolated_ledger) == before
    ok(run, "knock alice 4 15")  # released: works again


def test_a_bad_lock_timeout_setting_is_one_clear_line(run, monkeypatch, isolated_ledger):
    ok(run, "new Alice Bob")
    monkeypatch.setenv("GINSCORE_LOCK_TIMEOUT", "soon")
    result = run("knock alice 4 15")
    assert result.exit_code == 1
    assert result.stderr.strip() == "Error: GINSCORE_LOCK_TIMEOUT must be a number of seconds such as 5, got 'soon'"


# ---- a full disk --------------------------------------------------------------------------


def enospc(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def half_then_enospc():
    real_write = os.write
    calls = []

    def write(descriptor, data):
        calls.append(1)
        if len(calls) == 1:
            return real_write(descriptor, bytes(data[: max(1, len(data) // 2)]))
        enospc()

    return write


@pytest.mark.parametrize(
    "target, replacement",
    [
        ("write", lambda: enospc),
        ("write", half_then_enospc),
        ("fsync", lambda: enospc),
        ("replace", lambda: enospc),
    ],
    ids=["write", "partial-write", "fsync", "replace"],
)
@pytest.mark.parametrize("command", ["knock alice 4 16", "undo", "new Carol Dan"])
def test_a_full_disk_fails_cleanly_and_keeps_the_previous_ledger(run, isolated_ledger, monkeypatch, target, replacement, command):
    ok(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    before = ledger_bytes(isolated_ledger)
    with monkeypatch.context() as patch:  # not monkeypatch.undo(): that would also undo the ledger's env
        patch.setattr(os, target, replacement())
        result = run(command)
    assert result.exit_code == 1
    message = result.stderr.strip()
    assert message.startswith("Error: could not write ") and "\n" not in message
    assert "No space left on device" in message and "previous state" in message
    assert ledger_bytes(isolated_ledger) == before  # same files, same bytes, no temporary file
    state = json.loads(ok(run, ["status", "--game", game_ids(run)[0], "--json"]).stdout)
    assert state["scores"] == {"Alice": 11, "Bob": 0}  # 15 - 4


def test_a_full_disk_while_keeping_the_old_version_writes_nothing(run, isolated_ledger, monkeypatch):
    write(isolated_ledger, (FIXTURES / "game-v1.json").read_bytes())
    before = ledger_bytes(isolated_ledger)
    with monkeypatch.context() as patch:
        patch.setattr(os, "write", enospc)
        result = run("draw")
    assert result.exit_code == 1 and result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert ledger_bytes(isolated_ledger) == before  # no copy in migrated/, the old file as it was


# ---- versions -----------------------------------------------------------------------------


def test_an_old_format_file_is_read_and_never_written_its_new_entries_go_to_a_device_file(run, isolated_ledger):
    original = (FIXTURES / "game-v1.json").read_bytes()
    write(isolated_ledger, original)
    state = json.loads(ok(run, "status --json").stdout)
    # knock 4 v 15: Alice 11; gin v 30: Bob 25 + 30 = 55; 9 v 9 is an undercut: Bob 25
    assert state["scores"] == {"Alice": 11, "Bob": 80}
    assert state["boxes"] == {"Alice": 1, "Bob": 2}
    assert state["rules"]["big_gin_bonus"] == 31  # not in the old file: today's default
    assert state["id"] == "1"  # a game from before devices keeps its number
    assert old_file(isolated_ledger).read_bytes() == original  # reading never writes
    assert not (isolated_ledger / "migrated").exists()

    result = ok(run, "knock bob 2 22")  # Bob +20 -> 100: Bob 100 + 3 x 25 + 100 = 275, Alice 11 + 25 = 36
    assert "Alice pays Bob 11.95" in result.stdout  # 239 x 0.05
    assert old_file(isolated_ledger).read_bytes() == original  # never rewritten, so no copy is needed
    assert not (isolated_ledger / "migrated").exists()
    device_file = game_file(isolated_ledger, "000001")
    assert device_file.name != old_file(isolated_ledger).name
    data = json.loads(device_file.read_text(encoding="utf-8"))
    assert data["file_version"] == 4 and "hands" not in data
    assert [entry["action"] for entry in data["journal"]] == ["hand"]  # only the new entry
    assert data["journal"][0]["hand"] == {"kind": "knock", "player": "Bob", "deadwood": 2, "opponent_deadwood": 22}
    entries = json.loads(ok(run, "log --json").stdout)["entries"]
    assert [entry["action"] for entry in entries] == ["hand"] * 4
    assert entries[0]["at"] == "2024-03-02T19:30:00+00:00"
    assert data["venue"] == "kitchen table"  # an unknown field of the game is carried on

    ok(run, "undo")  # a second write: the device file again, the old file untouched
    assert old_file(isolated_ledger).read_bytes() == original
    assert [entry["action"] for entry in json.loads(device_file.read_text())["journal"]] == ["hand", "void"]
    assert json.loads(ok(run, "status --json").stdout)["scores"] == {"Alice": 11, "Bob": 80}
    ok(run, "check")


def test_a_future_version_is_refused_naming_both_versions(run, isolated_ledger):
    data = json.loads((FIXTURES / "game-v1.json").read_text())
    data.update(file_version=7, journal=[], new_thing={"from": "the future"})
    del data["hands"]
    write(isolated_ledger, data)
    before = ledger_bytes(isolated_ledger)
    for command in ("status", "knock alice 4 15", "undo", "log", "edit 1 draw"):
        result = run(command)
        assert result.exit_code == 1, command
        message = result.stderr.strip()
        assert "\n" not in message
        assert "file version 7" in message and "up to 6" in message and "upgrade ginscore" in message
        assert str(old_file(isolated_ledger)) in message
    assert ledger_bytes(isolated_ledger) == before


def test_unknown_fields_are_kept_when_the_file_is_written_back(run, isolated_ledger):
    ok(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    data = read(isolated_ledger)
    data["synced_by"] = {"device": "phone", "at": [2026, 11, 29]}
    data["journal"][0]["witness"] = "Carol"
    data["journal"][0]["hand"]["seat"] = "north"
    data["ignorable"] = ["hand.seat"]  # an unknown hand field is kept only when declared harmless
    game_file(isolated_ledger).write_text(json.dumps(data, indent=2), encoding="utf-8")  # as a newer ginscore would
    ok(run, "gin bob 30")
    ok(run, "undo")
    written = read(isolated_ledger)
    assert written["synced_by"] == {"device": "phone", "at": [2026, 11, 29]}
    assert written["journal"][0]["witness"] == "Carol"
    assert written["journal"][0]["hand"]["seat"] == "north"
    assert written["ignorable"] == ["hand.seat"]
    assert [entry["action"] for entry in written["journal"]] == ["hand", "hand", "void"]
    state = json.loads(ok(run, "status --json").stdout)
    assert state["scores"] == {"Alice": 11, "Bob": 0}


def test_an_unknown_rule_setting_is_refused_not_ignored(run, isolated_ledger):
    """A setting this ginscore does not know would change the scores: never silently ignored."""
    ok(run, "new Alice Bob")
    data = read(isolated_ledger)
    data["rules"]["knock_bonus"] = 7
    game_file(isolated_ledger).write_text(json.dumps(data, indent=2), encoding="utf-8")
    before = ledger_bytes(isolated_ledger)
    result = run("status")
    assert result.exit_code == 1
    assert "rules.knock_bonus: not a setting of a standard game: a newer ginscore wrote this file" in result.stderr
    assert run("check").exit_code == 1
    assert ledger_bytes(isolated_ledger) == before


# ---- damaged files ------------------------------------------------------------------------


healthy_game = game_data


def damaged(kind: str):
    """(file bytes or data, a fragment the error must contain) for each kind of damage."""
    text = json.dumps(healthy_game(), indent=2)
    if kind == "truncated":
        return text[: len(text) // 2], "cut short"
    if kind == "empty":
        return b"", "empty"
    if kind == "not-json":
        return "file_format = ginscore-game\n", "not valid JSON"
    if kind == "not-utf8":
        return b'{"id": "\xff\xfe"}', "not UTF-8"
    if kind == "not-an-object":
        return "[1, 2, 3]", "expected a JSON object at the top"
    if kind == "not-a-game":
        return {"name": "my shopping list"}, "not a ginscore game"
    data = healthy_game()
    if kind == "wrong-type-deadwood":
        data["journal"][1]["hand"]["opponent_deadwood"] = "thirty"
        return data, 'journal[1].hand.opponent_deadwood: expected a whole number, got "thirty"'
    if kind == "wrong-type-players":
        data["players"] = "Alice and Bob"
        return data, "players: expected a list"
    if kind == "missing-journal":
        del data["journal"]
        return data, "journal: missing"
    if kind == "missing-players":
        del data["players"]
        return data, "players: missing"
    if kind == "bad-target":
        data["journal"].append({"seq": 4, "at": data["created"], "action": "void", "target": 9})
        return data, "journal[3].target: 9 is not an earlier hand entry"
    if kind == "unknown-player":
        data["journal"][0]["hand"]["player"] = "Zed"
        return data, "journal[0].hand: no player 'Zed'"
    if kind == "future-version":
        data["file_version"] = 7
        return data, "file version 7"
    raise AssertionError(kind)


DAMAGE = [
    "truncated", "empty", "not-json", "not-utf8", "not-an-object", "not-a-game", "wrong-type-deadwood",
    "wrong-type-players", "missing-journal", "missing-players", "bad-target", "unknown-player", "future-version",
]
# Every command that reads or changes a game; each is run against a ledger whose only game is damaged.
COMMANDS = [
    "status", "sheet", "sheet --format csv", "log", "log --json", "knock alice 4 15", "gin bob 30 --big", "draw",
    "undo", "redo", "edit 1 knock alice 3 15", "edit 2 draw", "status --game 1 --json",
]


@pytest.mark.parametrize("kind", DAMAGE)
def test_every_command_refuses_a_damaged_game_in_one_line_and_writes_nothing(run, isolated_ledger, kind):
    content, fragment = damaged(kind)
    write(isolated_ledger, content)
    before = ledger_bytes(isolated_ledger)
    path = str(game_file(isolated_ledger))
    for command in COMMANDS:
        result = run(command)
        assert result.exit_code == 1, (command, result.output)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: " + path), (command, result.stderr)
        assert fragment in lines[0], (command, lines[0])
        assert result.stdout == ""
        assert ledger_bytes(isolated_ledger) == before, command
    # games lists what it can and flags the damaged one; check reports it; both exit non-zero
    listing = run("games")
    assert listing.exit_code == 1 and "DAMAGED" in listing.stdout and fragment in listing.stderr
    report = run("check --json")
    assert report.exit_code == 1
    problems = json.loads(report.stdout)["problems"]
    assert problems and all(problem["file"] == path for problem in problems)
    assert any(fragment in problem["problem"] for problem in problems)
    assert ledger_bytes(isolated_ledger) == before


def test_one_damaged_game_among_many_leaves_the_others_usable(run, isolated_ledger):
    ids = []
    for players in ("Alice Bob", "Carol Dan", "Erin Frank"):
        ids.append(new_game(run, f"new {players}"))
        ok(run, "knock 4 15".replace("knock", f"knock {players.split()[0]}"))
    first, second, third = ids
    damaged_path = game_file(isolated_ledger, second)
    damaged_path.write_bytes(damaged_path.read_bytes()[:100])
    damaged_bytes = damaged_path.read_bytes()

    listing = run("games --json")
    assert listing.exit_code == 1
    games = {game["id"]: game for game in json.loads(listing.stdout)["games"]}
    # a game that does not load has no known start: listed after the others, as a fresh
    # index lists it (the file was cut short in place, which leaves the folder's time alone)
    assert list(games) == [first, third, second]
    assert games[second]["damaged"] is True and str(damaged_path) in games[second]["error"]
    assert games[first]["players"] == ["Alice", "Bob"] and games[third]["hands"] == 1
    assert damaged_path.name in listing.stderr

    assert json.loads(ok(run, ["status", "--game", first, "--json"]).stdout)["scores"] == {"Alice": 11, "Bob": 0}
    ok(run, "knock erin 2 22")  # the current game is healthy: hands still record
    ok(run, ["log", "--game", first])
    result = run(["status", "--game", second])
    assert result.exit_code == 1 and str(damaged_path) in result.stderr
    report = run("check --json")
    assert report.exit_code == 1
    assert {problem["game"] for problem in json.loads(report.stdout)["problems"]} == {second}
    assert damaged_path.read_bytes() == damaged_bytes


def test_check_reports_every_problem_of_every_file(run, isolated_ledger):
    ok(run, "new Alice Bob")
    second = new_game(run, "new Carol Dan")
    ok(run, "new Erin Frank")
    # two games from before devices, damaged (files of today's format are checked the same way)
    data = healthy_game()
    data["id"] = 1
    data["players"] = ["Alice", 5]
    data["stake"] = 0.05
    data["journal"][0]["hand"]["deadwood"] = True
    data["journal"][2]["seq"] = 9
    write(isolated_ledger, data, 1)
    write(isolated_ledger, "{", 3)
    (isolated_ledger / "games" / f".{game_file(isolated_ledger, second).name}.tmp").write_bytes(b"{")
    (isolated_ledger / "games" / "notes.txt").write_text("who owes whom")
    before = ledger_bytes(isolated_ledger)
    result = run("check")
    assert result.exit_code == 1
    problems = [line for line in result.stdout.splitlines() if not line.startswith("note: ")]
    first = str(old_file(isolated_ledger, 1))
    assert problems == [
        f"{first}: players[1]: expected a name, got 5",
        f'{first}: stake: expected a string such as "0.01" or null, got 0.05',
        f"{first}: journal[0].hand.deadwood: expected a whole number, got true",
        f"{first}: journal[2].seq: expected 3, got 9",
        f"{old_file(isolated_ledger, 3)}: not valid JSON: Expecting property name enclosed in double quotes "
        "(line 1, column 2): the file ends too early, was it cut short?",
    ]
    notes = [line for line in result.stdout.splitlines() if line.startswith("note: ")]
    # 'new' asks the summary index for the last game between the players (issue #14), so the
    # index exists, and check notes the files written behind its back
    notes = [note for note in notes if "index.sqlite3" not in note]
    assert len(notes) == 2 and "interrupted write" in notes[0] and "notes.txt" in notes[1]
    assert "5 problems in 2 of 5 game files" in result.stderr  # three new games, two old damaged ones
    assert ledger_bytes(isolated_ledger) == before


def test_check_passes_a_healthy_ledger_and_an_empty_one(run, isolated_ledger):
    result = run("check")
    assert result.exit_code == 0 and "0 games" in result.stdout
    ok(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    ok(run, "gin bob 30")
    ok(run, "undo")
    report = json.loads(ok(run, "check --json").stdout)
    assert report == {
        "schema": "ginscore.check", "schema_version": "1.1",
        "ledger": str(isolated_ledger), "ok": True, "games": 1, "hands": 1, "problems": [], "notes": [], "changed": 0,
        "settlements": {"changed": [], "settled_twice": []},
    }


def test_check_finds_a_hand_recorded_after_the_end_of_the_game(run, isolated_ledger):
    data = healthy_game()
    data["journal"].append({"seq": 4, "at": data["created"], "action": "hand", "hand": {"kind": "gin", "player": "Bob", "opponent_deadwood": 50}})
    data["journal"].append({"seq": 5, "at": data["created"], "action": "hand", "hand": {"kind": "draw"}})
    write(isolated_ledger, data)  # Bob: 80 + 25 + 50 = 155 ends the game at hand 4
    result = run("check")
    assert result.exit_code == 1 and "hand 5 comes after the game ended at hand 4" in result.stdout


def test_check_replays_each_game_once_and_mends_an_index_row_it_finds_wrong(run, isolated_ledger, monkeypatch):
    """A whole ledger's check streams (issue #35): one replay a game, and what the index must say
    kept small; a row the index has wrong is still found and mended from the files."""
    import sqlite3

    from ginscore.app.book import open_book
    from ginscore.index import index
    from ginscore.tables import base, kept

    for _ in range(3):
        ok(run, "new Alice Bob")
        ok(run, "knock bob 2 30")
        ok(run, "gin alice 90")  # 115 of 100: the game is over
    ids = game_ids(run)
    truth = json.loads(ok(run, "games --json").stdout)["games"]
    connection = sqlite3.connect(index.index_path(open_book().ledger))
    with connection:
        connection.execute("UPDATE games SET summary = ? WHERE id = ?", (json.dumps({**truth[0], "net": 1}), truth[0]["id"]))
    connection.close()
    replayed = []
    replay = base.Table._replay
    monkeypatch.setattr(base.Table, "_replay", lambda table, game: replayed.append(game.id) or replay(table, game))
    monkeypatch.setattr(kept, "REPLAYED", [])
    report = json.loads(ok(run, "check --json").stdout)
    assert sorted(replayed) == sorted(ids) and len(ids) == 3
    assert [note["note"] for note in report["notes"]] == [f"game {truth[0]['id']} was out of date in the index; mended from the game files"]
    assert json.loads(ok(run, "games --json").stdout)["games"] == truth


# ---- backups ------------------------------------------------------------------------------


def test_backup_makes_a_timestamped_copy_next_to_the_ledger_that_is_itself_a_ledger(run, isolated_ledger):
    first = new_game(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    write(isolated_ledger, (FIXTURES / "game-v1.json").read_bytes().replace(b'"id": 1', b'"id": 2'), 2)
    ok(run, "knock alice 4 15 --game 2")  # the old file stays; the hand goes to a device file of game 2
    result = ok(run, "backup --json")
    report = json.loads(result.stdout)
    copy = Path(report["path"])
    assert copy.parent == isolated_ledger.parent and copy.name.startswith("ledger-backup-")
    assert report["kind"] == "folder" and report["games"] == 3 and report["damaged"] == []  # game files
    assert report["files"] == sorted(
        ["games/" + game_file(isolated_ledger, first).name, "games/game-000002.json", "games/" + game_file(isolated_ledger, "000002").name]
    )
    original = {name: data for name, data in ledger_bytes(isolated_ledger).items() if not name.startswith(".")}
    assert ledger_bytes(copy) == original
    state = json.loads(ok(run, ["--ledger", str(copy), "status", "--game", first, "--json"]).stdout)
    assert state["scores"] == {"Alice": 11, "Bob": 0}
    assert json.loads(ok(run, ["--ledger", str(copy), "status", "--game", "2", "--json"]).stdout)["hands"] == (
        json.loads(ok(run, "status --game 2 --json").stdout)["hands"]
    )
    second = json.loads(ok(run, "backup --json").stdout)["path"]
    assert second != report["path"]  # two backups in one second do not collide


def test_backup_to_a_zip_and_refusals(run, isolated_ledger, tmp_path):
    import zipfile

    assert run("backup").exit_code == 1  # nothing to back up yet, and nothing created
    assert not isolated_ledger.exists()
    ok(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    archive = tmp_path / "saved" / "ginscore.zip"
    ok(run, ["backup", str(archive)])
    with zipfile.ZipFile(archive) as opened:
        name = f"games/{game_file(isolated_ledger).name}"
        assert opened.namelist() == [name]
        assert opened.read(name) == game_file(isolated_ledger).read_bytes()
    again = run(["backup", str(archive)])
    assert again.exit_code == 1 and "already exists" in again.stderr
    inside = run(["backup", str(isolated_ledger / "copy")])
    assert inside.exit_code == 1 and "inside the ledger" in inside.stderr
    assert not (isolated_ledger / "copy").exists()


def test_backup_copies_a_damaged_file_as_it_is_and_warns(run, isolated_ledger, tmp_path):
    ok(run, "new Alice Bob")
    write(isolated_ledger, b'{"file_format": "ginscore-game", "fi')
    result = run(["backup", str(tmp_path / "copy")])
    assert result.exit_code == 0
    assert "have problems" in result.stderr and "ginscore check" in result.stderr
    assert (tmp_path / "copy" / "games" / "game-000001.json").read_bytes() == b'{"file_format": "ginscore-game", "fi'


def test_backup_copy_of_a_folder_ledger_ignores_hidden_files(run, isolated_ledger, tmp_path):
    ok(run, "new Alice Bob")
    (isolated_ledger / ".git").mkdir()
    (isolated_ledger / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (isolated_ledger / "games" / f".{game_file(isolated_ledger).name}.tmp").write_text("{")
    ok(run, ["backup", str(tmp_path / "copy")])
    assert sorted(ledger_bytes(tmp_path / "copy")) == [f"games/{game_file(isolated_ledger).name}"]
    shutil.rmtree(tmp_path / "copy")


def test_the_current_game_is_kept_per_device_and_never_trusted_blindly(run, isolated_ledger):
    """The current game (what the ledger's .latest hint was) lives in this device's own folder,
    outside the shared ledger: the game this device last started, skipping one that is voided
    or gone; a broken or missing file falls back to the game written last."""
    ids = [new_game(run, "new Alice Bob") for _ in range(3)]
    kept = local_dir(isolated_ledger) / "current"
    assert kept.read_text().split()[0] == ids[2]
    assert not (isolated_ledger / ".latest").exists()

    def current_id():
        return json.loads(run("status --json").output)["id"]

    assert current_id() == ids[2]
    kept.write_text(f"{ids[0]}\n")  # this device moved back to the first game: it is believed
    assert current_id() == ids[0]
    kept.write_text("nosuchgame\n")  # a game that is not there: the game written last
    assert current_id() == ids[2]
    kept.write_text("garbage\x00\xff")
    assert current_id() == ids[2]
    kept.unlink()
    assert current_id() == ids[2]
    fourth = new_game(run, "new Carol Dan")
    assert fourth not in ids and kept.read_text().split()[0] == fourth
    assert run("new Erin Frank").output.startswith("Game ")
    ok(run, ["void", current_id()])  # a voided game is skipped: the one started before it
    assert current_id() == fourth


def test_check_trusts_the_bytes_it_found_nothing_to_say_of_and_no_others(run, isolated_ledger, monkeypatch):
    """The index vouches for bytes 'check' read (issue #45): a second check reads every file and
    compares its digest, replays none of the games it found nothing to say of and says the same;
    a file whose bytes changed, its size and time kept, is checked whole again, and a row of the
    index changed since is found and mended."""
    import os
    import sqlite3

    from ginscore.app.book import open_book
    from ginscore.index import index
    from ginscore.tables import base, kept

    for _ in range(3):
        ok(run, "new Alice Bob")
        ok(run, "knock bob 2 30")
        ok(run, "gin alice 90")
    ids = game_ids(run)
    first = ok(run, "check --json").stdout
    replayed = []
    replay = base.Table._replay
    monkeypatch.setattr(base.Table, "_replay", lambda table, game: replayed.append(game.id) or replay(table, game))
    monkeypatch.setattr(kept, "REPLAYED", [])
    assert ok(run, "check --json").stdout == first and replayed == []  # vouched for: the same answer, nothing replayed
    path = game_file(isolated_ledger, ids[1])
    data, times = path.read_bytes(), os.stat(path)
    path.write_bytes(data.replace(b'"deadwood": 2', b'"deadwood": 3'))  # the same size
    os.utime(path, ns=(times.st_atime_ns, times.st_mtime_ns))  # and the same time: only the bytes tell
    assert ok(run, "check --json").stdout != first and replayed == [ids[1]]
    replayed.clear()
    connection = sqlite3.connect(index.index_path(open_book().ledger))
    with connection:  # a row changed by another program: its mark no longer holds
        connection.execute("UPDATE games SET summary = replace(summary, '\"hands\": 2', '\"hands\": 7') WHERE id = ?", (ids[2],))
    connection.close()
    report = json.loads(ok(run, "check --json").stdout)
    assert replayed == [ids[2]] and [note["note"] for note in report["notes"]] == [
        f"game {ids[2]} was out of date in the index; mended from the game files"]


def test_a_check_that_trusts_what_it_checked_says_what_a_whole_check_says(run, isolated_ledger, tmp_path, monkeypatch):
    """The vouched check against the plain one it replaces, on random evenings of every table
    with hands taken back, deleted, corrected and renamed (games with notes among them): the
    second check reads every file but replays only what changed, and says, in every language,
    what a check of every game on a fresh cache folder says."""
    import random

    rng = random.Random(45)
    tables = [("Ann Ben", ""), ("Ann Ben Cy", "--three-handed"), ("Ann Ben Cy Dee", "--rummy"), ("Ann Ben", "--hollywood")]
    for _game in range(examples(24)):
        players, flag = rng.choice(tables)
        ok(run, f"new {players} {flag}")
        names = players.split()
        for _hand in range(rng.randint(2, 7)):
            roll, who = rng.random(), rng.choice(names)
            if flag == "--rummy":
                words = f"out {who} " + " ".join(f"{name}={rng.randint(1, 30)}" for name in names if name != who)
            else:
                words = f"knock {who} {rng.randint(1, 10)} {rng.randint(0, 40)}"
            if run(words).exit_code != 0:
                break
            if roll < 0.15:
                run("delete 1")
            elif roll < 0.3:
                run("undo")
            elif roll < 0.35:
                run(f"rename {who} {who}x")
    from ginscore.tables import base, kept

    replayed = []
    replay = base.Table._replay
    monkeypatch.setattr(base.Table, "_replay", lambda table, game: replayed.append(game.id) or replay(table, game))
    for lang in ("en", "de"):
        monkeypatch.setenv("GINSCORE_LANG", lang)
        first = run("check --json").stdout
        replayed.clear()
        kept.REPLAYED.clear()
        assert run("check --json").stdout == first and replayed == []  # vouched for, notes and all: the same, nothing replayed
        with monkeypatch.context() as fresh:
            fresh.setenv("GINSCORE_CACHE", str(tmp_path / f"fresh-{lang}"))
            assert run("check --json").stdout == first  # a whole check of every game
    assert "as recorded" in run("check").stdout  # notes among the answers held alike
