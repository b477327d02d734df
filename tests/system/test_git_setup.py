"""One ledger on several devices through git (issue #19): 'git-setup', its merge driver, clones
that carry on a game."""

import os
import shutil
import subprocess

import pytest

from helpers_devices import an_evening, as_json, assert_alike, current, git_of, hands_of, ok, set_times, tick, two_clones
from helpers_settlements import BACK_040, Clocked, answers, carol_dave, changed, git, nothing_owed, owed, play_two_games
from helpers_settlements import two_clones as two_settling_clones
from syncer import Device


def test_git_clones_merge_without_conflict(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    one, two, game = two_clones(tmp_path)

    def git(device, *args):
        return git_of(device)(*args)

    tick()
    ok(one, f"knock Ben 2 22 --game {game}")
    ok(one, "new Cy Dee")
    tick()
    ok(two, f"gin Ann 30 --game {game}")
    ok(two, "new Eve Fay")
    for device, message in ((one, "one"), (two, "two")):
        git(device, "add", "-A")
        git(device, "commit", "-qm", message)
    git(one, "push", "-q", "origin", "HEAD:main")
    git(two, "pull", "-q", "--no-rebase", "origin", "main")
    git(two, "push", "-q", "origin", "HEAD:main")
    git(one, "pull", "-q", "--no-rebase", "origin", "main")
    for device in (one, two):
        for path in device.ledger.rglob("*.json"):
            assert "<<<<<<<" not in path.read_text("utf-8")
    assert hands_of(one, game) == [("Ann", "knock"), ("Ben", "knock"), ("Ann", "gin")]
    ids = [entry["id"] for entry in as_json(one, "games --all")["games"]]
    assert len(ids) == 3
    assert_alike([one, two], ids)


def test_a_git_merge_of_one_file_changed_on_both_sides_runs_the_driver_without_ginscore_on_the_path(tmp_path):
    """Two clones under one device id (a home folder copied) both record in one game: git hands
    the one file to the merge driver, found by its absolute path (a driver git cannot run left
    the file as one side had it, and committing that dropped the other side's hands)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    one, two, game = two_clones(tmp_path, one_device_id=True)
    tick()
    ok(one, f"knock Ben 2 22 --game {game}")  # Ben +20
    tick()
    ok(two, f"gin Ann 30 --game {game}")  # Ann +55
    for device, message in ((one, "one"), (two, "two")):
        git_of(device)("commit", "-qam", message)
    git_of(one)("push", "-q", "origin", "HEAD:main")
    git_of(two)("pull", "-q", "--no-rebase", "origin", "main")  # the one file, changed on both sides
    assert hands_of(two, game) == [("Ann", "knock"), ("Ben", "knock"), ("Ann", "gin")]
    assert as_json(two, f"status --game {game}")["scores"] == {"Ann": 66, "Ben": 20}  # 11 + 55, 20


def test_git_setup_stops_tracking_the_caches_an_older_ginscore_kept_in_the_ledger(tmp_path):
    """An older ginscore kept its index, stamp and lock in the ledger folder, and a repository
    made then tracks them: git-setup untracks them (kept on disk), once."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    one = Device(tmp_path, "ann")
    git = git_of(one)
    one.ledger.mkdir(parents=True)
    git("init", "-q")
    ok(one, "new Ann Ben")
    for name in (".index.sqlite3", ".index-stamp", ".lock", ".latest"):
        (one.ledger / name).write_bytes(b"old")
    git("add", "-A")
    git("commit", "-qm", "an older ginscore's ledger")
    said = ok(one, "git-setup").stdout
    assert "no longer tracked: .index-stamp, .index.sqlite3, .latest, .lock" in said
    assert [name for name in git("ls-files").stdout.split() if not name.startswith("games/")] == []
    assert all((one.ledger / name).read_bytes() == b"old" for name in (".index.sqlite3", ".index-stamp", ".lock", ".latest"))
    git("add", "-A")
    git("commit", "-qm", "set up")
    assert [name for name in git("ls-files").stdout.split() if not name.startswith("games/")] == [".gitattributes", ".gitignore"]
    assert "nothing changed" in ok(one, "git-setup").stdout
    driver = git("config", "merge.ginscore.driver").stdout.strip()
    assert driver.endswith(" -m ginscore merge-file %O %A %B") and os.path.isabs(driver.split()[0].strip("'"))


def test_a_git_clone_carries_on_the_game_in_progress_started_last(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    one, clone = Device(tmp_path, "ann"), Device(tmp_path, "clone")
    one.ledger.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(one.ledger)], check=True)
    games = an_evening(one)
    env = {"GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b", "GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@b",
           "PATH": os.environ["PATH"], "HOME": str(one.home)}
    subprocess.run(["git", "add", "-A"], cwd=one.ledger, env=env, check=True)
    subprocess.run(["git", "commit", "-qm", "evening"], cwd=one.ledger, env=env, check=True)
    clone.ledger.parent.mkdir(parents=True)
    subprocess.run(["git", "clone", "-q", str(one.ledger), str(clone.ledger)], check=True, capture_output=True)
    set_times(clone, [games["playing"], games["quick"], games["hollywood"]])  # the finished match looks newest
    assert current(clone) == games["playing"]


def test_git_pull_merges_settlements_of_two_clones_without_conflict(tmp_path):
    one, two = Device(tmp_path, "ann"), Device(tmp_path, "ben")
    first, second = two_settling_clones(tmp_path, one, two, play_two_games)
    ok(one, f"settle --game {first} --record")
    ok(two, "settle --record")  # both games: the first settled twice, apart
    for device, message in ((one, "one"), (two, "two")):
        answers(device)
        git(device, "add", "-A")
        git(device, "commit", "-qm", message)
    git(one, "push", "-q", "origin", "HEAD:main")
    git(two, "pull", "-q", "--no-rebase", "origin", "main")
    git(two, "push", "-q", "origin", "HEAD:main")
    git(one, "pull", "-q", "--no-rebase", "origin", "main")
    for device in (one, two):
        for path in device.ledger.rglob("*.json"):
            assert "<<<<<<<" not in path.read_text("utf-8")
        answers(device)
    nothing_owed([one, two], [first, second])
    twice = as_json(one, "settle")["settled_twice"]
    assert twice == as_json(two, "settle")["settled_twice"]
    assert [(held["game"], held["give_back"]) for held in twice] == [(first, [{"from": "Carol", "to": "Dave", "amount": "24.00"}])]


def test_git_clones_with_clocks_ten_years_apart_square_a_change_once(tmp_path):
    from helpers_settlements import git, two_clones

    one, two = Clocked(tmp_path, "ann", -10), Clocked(tmp_path, "ben", 10)

    def exchange():
        for device, message in ((one, "one"), (two, "two")):
            git(device, "add", "-A")
            git(device, "commit", "-qm", message, "--allow-empty")
        git(one, "push", "-q", "origin", "HEAD:main")
        git(two, "pull", "-q", "--no-rebase", "origin", "main")
        git(two, "push", "-q", "origin", "HEAD:main")
        git(one, "pull", "-q", "--no-rebase", "origin", "main")

    game = two_clones(tmp_path, one, two, carol_dave)
    settlement = as_json(one, "settle --record")["settlement_id"]
    ok(two, f"edit 1 knock carol 5 10 --game {game}")
    exchange()
    for device in (one, two):
        assert owed(device) == [([game], BACK_040)]
        assert changed(device)[0]["settlement"] == settlement
    ok(two, "settle --record")
    exchange()
    for device in (one, two):
        assert changed(device) == [] and as_json(device, "check")["ok"]
