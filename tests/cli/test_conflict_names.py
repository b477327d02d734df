"""Conflict copies under every name the file syncers give them (issue #31, item 6), a copy
under a name ginscore cannot place, and a game file named for another device than its content
(item 7): 'check' folds the first in and reports the others; nothing is left out in silence.

Each name is the one the syncer's own source or manual gives: Syncthing
(``NAME.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.EXT``), Dropbox (``NAME (HOST's conflicted copy
YYYY-MM-DD).EXT``, without the possessive too), the Nextcloud and ownCloud clients
(``Utility::makeConflictFileName``: ``NAME (conflicted copy [USER ]YYYY-MM-DD HHMMSS).EXT``;
older ``NAME_conflict-YYYYMMDD-HHMMSS.EXT``), OneDrive (``NAME-COMPUTERNAME.EXT``), iCloud
Drive (``NAME 2.EXT``) and Unison's ``copyonconflict`` (``Path.addToFinalName``: ``NAME
(conflict[ #N]_on_YYYY-MM-DD[_was_deleted]).EXT``)."""

import json
import os

import pytest

from syncer import Device

NAMES = {
    "syncthing": "{base}.sync-conflict-20261204-101010-ABCDEFG.json",
    "dropbox": "{base} (Bob's conflicted copy 2026-12-04).json",
    "dropbox, no name": "{base} (conflicted copy 2026-12-04).json",
    "dropbox, no possessive": "{base} (conflicted copy laptop 2026-12-04).json",
    "dropbox, second that day": "{base} (Bob's conflicted copy 2026-12-04 (1)).json",
    "nextcloud": "{base} (conflicted copy 2026-12-04 101010).json",
    "nextcloud, with the user": "{base} (conflicted copy alice 2026-12-04 101010).json",
    "nextcloud, a user with a dot and a space": "{base} (conflicted copy Alice B. Smith 2026-12-04 101010).json",
    "owncloud, older": "{base}_conflict-20261204-101010.json",
    "onedrive": "{base}-DESKTOP-QRI9EIH.json",
    "onedrive, numbered": "{base} (1).json",
    "icloud": "{base} 2.json",
    "unison": "{base} (conflict_on_2026-12-04).json",
    "unison, second": "{base} (conflict #1_on_2026-12-04).json",
    "unison, deleted on the other side": "{base} (conflict_on_2026-12-04_was_deleted).json",
    "a copy of a copy": "{base} (conflicted copy 2026-12-04 101010).sync-conflict-20261204-101010-ABCDEFG.json",
}


def ok(device, command):
    result = device.run(command)
    assert result.exit_code == 0, (command, result.output)
    return result


def as_json(device, command):
    return json.loads(ok(device, f"{command} --json").stdout)


def game_with_a_lost_hand(device):
    """A game whose file lost its second hand to a conflict: (game id, the file's base name,
    the losing version's bytes)."""
    ok(device, "new Ann Ben")
    game = as_json(device, "status")["id"]
    ok(device, "knock Ann 4 15")
    (path,) = (device.ledger / "games").glob(f"game-{game}.*.json")
    before = path.read_bytes()
    ok(device, "knock Ben 3 22")
    lost = path.read_bytes()
    temporary = path.with_name(".replacing")
    temporary.write_bytes(before)  # the syncer keeps the other version under the file's name
    os.replace(temporary, path)
    return game, path.name[: -len(".json")], lost


@pytest.mark.parametrize("syncer", sorted(NAMES))
def test_every_syncers_conflict_copy_is_folded_in_by_check(tmp_path, syncer):
    device = Device(tmp_path, "ann")
    game, base, lost = game_with_a_lost_hand(device)
    name = NAMES[syncer].format(base=base)
    (device.ledger / "games" / name).write_bytes(lost)
    assert len(as_json(device, f"status --game {game}")["hands"]) == 1
    report = as_json(device, "check")
    assert report["ok"], report
    assert any("1 entry folded into game" in note["note"] for note in report["notes"]), report
    assert len(as_json(device, f"status --game {game}")["hands"]) == 2
    assert not (device.ledger / "games" / name).exists() and (device.ledger / "conflicts" / name).exists()


def test_a_copy_under_a_name_no_syncer_gives_is_reported_with_the_name_that_folds_it_in(tmp_path):
    device = Device(tmp_path, "ann")
    game, base, lost = game_with_a_lost_hand(device)
    (device.ledger / "games" / f"{base} (copy).json").write_bytes(lost)
    result = device.run("check --json")
    assert result.exit_code != 0
    report = json.loads(result.stdout)
    (problem,) = report["problems"]
    assert problem["file"].endswith(f"{base} (copy).json") and problem["game"] == game
    assert problem["problem"] == (
        f"a copy of game {game}'s file under a name no file syncer gives, so it is not read: rename it '{base} (1).json' "
        "and run 'ginscore check'"
    )
    os.rename(device.ledger / "games" / f"{base} (copy).json", device.ledger / "games" / f"{base} (1).json")
    assert as_json(device, "check")["ok"]
    assert len(as_json(device, f"status --game {game}")["hands"]) == 2


def test_other_names_in_the_games_folder_are_noted_never_passed_in_silence(tmp_path):
    device = Device(tmp_path, "ann")
    ok(device, "new Ann Ben")
    for name in ("notes.txt", "game-abcdefgh.json", "game-000000.json"):
        (device.ledger / "games" / name).write_text("{}")
    report = as_json(device, "check")
    noted = {os.path.basename(note["file"]) for note in report["notes"] if "not a game file name" in note["note"]}
    assert noted == {"notes.txt", "game-abcdefgh.json", "game-000000.json"}


def test_a_file_named_for_another_device_than_its_content_is_listed_and_still_read(tmp_path):
    device = Device(tmp_path, "ann")
    ok(device, "new Ann Ben")
    game = as_json(device, "status")["id"]
    ok(device, "knock Ann 4 15")
    (path,) = (device.ledger / "games").glob(f"game-{game}.*.json")
    writer = json.loads(path.read_text())["device"]
    renamed = path.with_name(f"game-{game}.zz9zz9.json")
    os.rename(path, renamed)
    report = as_json(device, "check")
    (note,) = [note for note in report["notes"] if note["file"] == str(renamed)]
    assert note["note"] == (
        f"named for device zz9zz9, written by device {writer} (copied or renamed by hand): read all the same; "
        f"rename it game-{game}.{writer}.json if that name is free"
    )
    assert len(as_json(device, f"status --game {game}")["hands"]) == 1
