"""The simulated file syncer (tests/syncer.py) itself, so that the several-devices tests can trust
it: what one device changes reaches the others, deletions too, and a conflict in each style
leaves exactly the copies the real syncer would leave, where it would leave them."""

from __future__ import annotations

import os
import shutil
from datetime import datetime, timezone

import pytest

from syncer import Syncer, SyncerError, put, tree

STYLES = ("syncthing", "dropbox", "nextcloud")
T0 = datetime(2026, 12, 1, 20, 17, 0, tzinfo=timezone.utc).timestamp()  # a club night, 20:17:00 UTC


@pytest.fixture
def folders(tmp_path):
    """Three devices' ledger folders: alice/ledger, bob/ledger, carol/ledger (not made yet)."""
    return [tmp_path / name / "ledger" for name in ("alice", "bob", "carol")]


def mtime(path) -> int:
    return os.stat(path).st_mtime_ns


@pytest.mark.parametrize("style", STYLES)
def test_what_one_device_makes_changes_or_deletes_reaches_the_other(folders, style):
    a, b = folders[:2]
    syncer = Syncer([a, b], style)
    put(a, "games/1.json", "one", mtime=T0)
    put(a, ".latest", "1")  # hidden files are synced
    put(b, "notes.txt", "from bob", mtime=T0 + 5)
    syncer.settle()
    assert tree(a) == tree(b) == {"games/1.json": b"one", ".latest": b"1", "notes.txt": b"from bob"}
    assert mtime(b / "games/1.json") == mtime(a / "games/1.json") == int(T0 * 1e9)
    assert mtime(a / "notes.txt") == int((T0 + 5) * 1e9)

    put(b, "games/1.json", "one, changed on bob")
    (a / "notes.txt").unlink()
    syncer.sync()
    assert tree(a) == tree(b) == {"games/1.json": b"one, changed on bob", ".latest": b"1"}

    shutil.rmtree(b / "games")  # the folder goes with its last file
    syncer.sync()
    assert not (a / "games").exists() and not (b / "games").exists()
    assert tree(a) == tree(b) == {".latest": b"1"}
    assert syncer.settle() == 0 and syncer.sync(rounds=3) == []
    assert syncer.copies(0) == syncer.copies(1) == []


@pytest.mark.parametrize("style", STYLES)
def test_a_change_beats_a_deletion_made_apart(folders, style):
    a, b = folders[:2]
    syncer = Syncer([a, b], style)
    put(a, "x.json", "v1")
    put(a, "y.json", "v1")
    syncer.settle()
    (a / "x.json").unlink()
    put(b, "x.json", "v2 on bob")
    put(a, "y.json", "v2 on alice")
    (b / "y.json").unlink()
    syncer.settle()
    assert tree(a) == tree(b) == {"x.json": b"v2 on bob", "y.json": b"v2 on alice"}


def apart(syncer, a, b, name="game.json", alice="alice's hand", bob="bob's hand", at=(T0, T0 + 60)):
    """``name`` synced, then changed on both devices while apart (alice at at[0], bob at at[1])."""
    put(a, name, "the hands both saw", mtime=T0 - 3600)
    syncer.settle()
    put(a, name, alice, mtime=at[0])
    put(b, name, bob, mtime=at[1])


def test_syncthing_the_newer_mtime_wins_and_the_loser_is_kept_under_its_device_id(folders):
    a, b = folders[:2]
    syncer = Syncer([a, b], "syncthing")
    assert syncer.names == ["AAAAAAA", "BBBBBBB"]
    apart(syncer, a, b, "games/game-000001.json")
    syncer.sync()  # the round that meets the conflict: the copy is on the losing device only
    copy = "games/game-000001.sync-conflict-20261201-201700-AAAAAAA.json"
    assert tree(a) == {"games/game-000001.json": b"bob's hand", copy: b"alice's hand"}
    assert tree(b) == {"games/game-000001.json": b"bob's hand"}
    syncer.settle()  # then it syncs like any file
    assert tree(a) == tree(b) == {"games/game-000001.json": b"bob's hand", copy: b"alice's hand"}
    assert syncer.copies(0) == syncer.copies(1) == [copy]
    assert mtime(a / copy) == int(T0 * 1e9)


def test_syncthing_an_mtime_tie_is_lost_by_the_larger_device_id(folders):
    a, b = folders[:2]
    syncer = Syncer([a, b], "syncthing", names=["ZZZZZZZ", "MFZWI3D"])
    apart(syncer, a, b, ".latest", at=(T0, T0))  # a dotfile: Syncthing's extension is all of it
    syncer.settle()
    assert tree(a) == tree(b) == {".latest": b"bob's hand", ".sync-conflict-20261201-201700-ZZZZZZZ.latest": b"alice's hand"}


def test_dropbox_the_first_to_reach_the_server_wins_and_the_copy_is_everywhere(folders):
    a, b = folders[:2]
    syncer = Syncer([a, b], "dropbox")
    assert syncer.names == ["alice", "bob"]
    apart(syncer, a, b, at=(T0, T0 + 60))  # bob's is newer, but alice's (the first folder) got there first
    syncer.sync()  # Dropbox's server makes the copy and both devices get it in the same round
    copy = "game (bob's conflicted copy 2026-12-01).json"
    assert tree(a) == tree(b) == {"game.json": b"alice's hand", copy: b"bob's hand"}
    assert syncer.settle() == 0
    assert syncer.copies(0) == syncer.copies(1) == [copy]


def test_nextcloud_the_server_wins_and_the_copy_stays_on_the_client_that_lost(folders):
    a, b = folders[:2]
    syncer = Syncer([a, b], "nextcloud")
    apart(syncer, a, b, at=(T0, T0 + 60))
    syncer.settle()
    copy = "game (conflicted copy 2026-12-01 201800).json"
    assert tree(a) == {"game.json": b"alice's hand"}
    assert tree(b) == {"game.json": b"alice's hand", copy: b"bob's hand"}
    put(b, copy, "bob edits the copy")  # Nextcloud never uploads a conflict copy
    assert syncer.settle() == 0
    assert syncer.copies(0) == [] and syncer.copies(1) == [copy]
    user = Syncer([folders[2], a], "nextcloud", user="bob")
    assert user.conflict_name("games/1.json", "bob", T0) == "games/1 (conflicted copy bob 2026-12-01 201700).json"


@pytest.mark.parametrize("style", STYLES)
def test_the_same_change_on_both_sides_is_no_conflict(folders, style):
    a, b = folders[:2]
    syncer = Syncer([a, b], style)
    apart(syncer, a, b, alice="the same hand", bob="the same hand")
    put(a, "new.json", "made on both")
    put(b, "new.json", "made on both")
    syncer.settle()
    assert tree(a) == tree(b) == {"game.json": b"the same hand", "new.json": b"made on both"}
    assert syncer.copies(0) == syncer.copies(1) == []


@pytest.mark.parametrize("style", STYLES)
def test_a_file_made_on_two_fresh_devices_with_different_content_is_a_conflict(folders, style):
    a, b = folders[:2]
    put(a, "game.json", "alice's", mtime=T0 + 1)
    put(b, "game.json", "bob's", mtime=T0)
    syncer = Syncer([a, b], style)
    syncer.settle()
    assert tree(a)["game.json"] == tree(b)["game.json"] == b"alice's"
    assert len(syncer.copies(1)) == 1 and tree(b)[syncer.copies(1)[0]] == b"bob's"


def test_syncthing_a_conflict_on_a_conflict_copy_keeps_no_second_copy(folders):
    """Syncthing's moveForConflict: "already a conflict copy; not copying again" (the loser goes)."""
    a, b = folders[:2]
    syncer = Syncer([a, b], "syncthing")
    apart(syncer, a, b)
    syncer.settle()
    (copy,) = syncer.copies(0)
    put(a, copy, "alice edits the copy", mtime=T0 + 120)
    put(b, copy, "bob edits the copy", mtime=T0 + 180)
    syncer.settle()
    assert tree(a) == tree(b) == {"game.json": b"bob's hand", copy: b"bob edits the copy"}


def test_dropbox_a_conflict_on_a_conflict_copy_makes_a_copy_of_the_copy(folders):
    a, b = folders[:2]
    syncer = Syncer([a, b], "dropbox")
    apart(syncer, a, b)
    syncer.settle()
    (copy,) = syncer.copies(0)
    put(a, copy, "alice edits the copy", mtime=T0 + 120)
    put(b, copy, "bob edits the copy", mtime=T0 + 180)
    syncer.settle()
    second = "game (bob's conflicted copy 2026-12-01) (bob's conflicted copy 2026-12-01).json"
    assert tree(a) == tree(b) == {"game.json": b"alice's hand", copy: b"alice edits the copy", second: b"bob edits the copy"}
    # the same conflict again the same day: Dropbox numbers the copy
    apart(syncer, a, b, alice="alice again", bob="bob again")
    syncer.settle()
    assert tree(a)["game (bob's conflicted copy 2026-12-01 (1)).json"] == b"bob again"


def test_nextcloud_a_second_conflict_on_the_same_file_gives_a_second_local_copy(folders):
    a, b = folders[:2]
    syncer = Syncer([a, b], "nextcloud")
    apart(syncer, a, b, at=(T0, T0 + 60))
    syncer.settle()
    apart(syncer, a, b, alice="alice again", bob="bob again", at=(T0 + 600, T0 + 660))
    syncer.settle()
    assert syncer.copies(0) == []
    assert {name: tree(b)[name] for name in syncer.copies(1)} == {
        "game (conflicted copy 2026-12-01 201800).json": b"bob's hand",
        "game (conflicted copy 2026-12-01 202800).json": b"bob again",
    }


def test_three_devices_syncthing_passes_changes_on_only_between_devices_that_meet(folders):
    a, b, c = folders
    syncer = Syncer(folders, "syncthing")
    put(a, "x.json", "from alice")
    syncer.settle(between=[0, 1])
    assert tree(c) == {}
    syncer.settle(between=[c])  # carol alone: nobody to hear from
    assert tree(c) == {}
    syncer.settle(between=[1, 2])  # bob passes alice's file on
    assert tree(c) == {"x.json": b"from alice"}

    for folder, who, second in ((a, "alice", 0), (b, "bob", 30), (c, "carol", 60)):
        put(folder, "x.json", f"{who}'s", mtime=T0 + second)
    syncer.settle()
    copies = {"x.sync-conflict-20261201-201700-AAAAAAA.json": b"alice's",
              "x.sync-conflict-20261201-201730-BBBBBBB.json": b"bob's"}
    assert tree(a) == tree(b) == tree(c) == {"x.json": b"carol's", **copies}


@pytest.mark.parametrize("style", ["dropbox", "nextcloud"])
def test_three_devices_a_server_passes_changes_on_to_a_device_syncing_alone(folders, style):
    a, b, c = folders
    syncer = Syncer(folders, style)
    put(a, "x.json", "from alice")
    syncer.settle(between=[0])
    assert tree(b) == tree(c) == {}
    syncer.settle(between=[2])
    assert tree(c) == {"x.json": b"from alice"} and tree(b) == {}
    syncer.settle()
    assert tree(a) == tree(b) == tree(c)


def test_syncthing_keeps_at_most_max_conflicts_copies_of_a_file(folders):
    a, b = folders[:2]
    syncer = Syncer([a, b], "syncthing", max_conflicts=2)
    for n in range(4):
        put(a, "x.json", f"alice {n}", mtime=T0 + 100 * n)
        put(b, "x.json", f"bob {n}", mtime=T0 + 100 * n + 1)
        syncer.settle()
    assert [tree(a)[name] for name in syncer.copies(0)] == [b"alice 2", b"alice 3"]
    assert tree(a) == tree(b)


def test_nothing_outside_the_folders_is_touched_and_ignored_names_stay_put(tmp_path, folders):
    a, b = folders[:2]
    put(tmp_path, "alice/beside.txt", "not synced")
    put(tmp_path, "outside.txt", "not synced")
    before = {name: data for name, data in tree(tmp_path).items()}
    syncer = Syncer([a, b], "syncthing", ignore={"*.tmp"}, markers=True)
    put(a, "x.json", "synced")
    put(a, "work.tmp", "ignored")
    put(a, "games/.cache.tmp", "ignored")
    syncer.settle()
    assert tree(b) == {"x.json": b"synced"} and (b / ".stfolder").is_dir()
    after = tree(tmp_path)
    assert {name: after[name] for name in before} == before
    assert {name for name in after if not name.startswith(("alice/ledger/", "bob/ledger/"))} == set(before)


def test_a_file_where_the_other_device_has_a_folder_is_refused(folders):
    a, b = folders[:2]
    put(a, "games/1.json", "a file in a folder")
    put(b, "games", "a file")
    with pytest.raises(SyncerError):
        Syncer([a, b], "syncthing").settle()
