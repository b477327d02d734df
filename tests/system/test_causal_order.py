"""A game's journal in causal order (issue #41) across real git: three devices with their clocks
years apart print only what their ledger reads."""

import re

import pytest

from helpers import examples
from helpers_devices import DAY, YEAR, as_json, ok, status_totals, totals
from syncer import Device, Syncer


def merge_meeting(group) -> None:
    """Each device of ``group`` folds the others' ledgers in with 'ginscore merge'."""
    for device in group:
        for other in group:
            if other is not device and other.ledger.is_dir():
                ok(device, ["merge", str(other.ledger)])


def git_meeting(devices, subprocess):
    """Git clones of one repository, one a device (its ledger folder), with 'git-setup' run in
    each: a meeting commits what each has and pulls and pushes through a bare repository."""
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    bare = devices[0].root.parent / "shared.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)

    def git(device, *args):
        run_env = {**device.env(), **env}
        return subprocess.run(["git", "-C", str(device.ledger), *args], check=True, capture_output=True, env=run_env)

    for device in devices:
        device.ledger.mkdir(parents=True)
        subprocess.run(["git", "init", "-q", "-b", "main", str(device.ledger)], check=True)
        git(device, "remote", "add", "origin", str(bare))
        ok(device, "git-setup")
        git(device, "add", "-A")
        git(device, "commit", "-qm", "setup", "--allow-empty")
    git(devices[0], "push", "-q", "origin", "main")
    for device in devices[1:]:
        git(device, "fetch", "-q", "origin")
        git(device, "reset", "-q", "--hard", "origin/main")

    def meet(group):
        for device in [*group, group[0]]:  # the first again: it takes what the others pushed after it
            git(device, "add", "-A")
            git(device, "commit", "-qm", "evening", "--allow-empty")
            git(device, "pull", "-q", "--no-rebase", "origin", "main")
            git(device, "push", "-q", "origin", "main")

    return meet


@pytest.mark.slow
@pytest.mark.parametrize("style", ["syncthing", "dropbox", "nextcloud", "git", "merge"])
def test_three_devices_with_clocks_years_apart_print_only_what_their_ledger_reads(tmp_path, style):
    """The same, with the real commands: three devices (clocks ten years behind, three days ahead
    and right) over a file syncer, git or 'ginscore merge', each command's printed totals checked
    against its device's 'status' at once; at the end all meet and read one game, byte for byte
    alike."""
    import random
    import subprocess

    rounds = max(1, examples(10) // (5 if style == "syncthing" else 10))  # two rounds of Syncthing, one of the others
    for seed in range(rounds):
        rng = random.Random(seed)
        base = tmp_path / f"{style}-{seed}"
        devices = [Device(base, name) for name in ("one", "two", "three")]
        for device, offset in zip(devices, (-10 * YEAR, 3 * DAY, 0)):
            device.offset_ms = offset
        if style == "git":
            meet = git_meeting(devices, subprocess)
        elif style == "merge":
            meet = merge_meeting
        else:
            syncer = Syncer.of(devices, style)
            meet = lambda group: syncer.settle(between=[device.ledger for device in group])  # noqa: E731
        ok(devices[0], "new Ann Ben --target 200")
        game = as_json(devices[0], "status")["id"]
        meet(devices)
        for _step in range(14):
            device = rng.choice(devices)
            roll = rng.random()
            if roll < 0.2:
                meet(rng.sample(devices, 2))
                continue
            hands = len(as_json(device, f"status --game {game}")["hands"])
            if roll < 0.6 or not hands:
                command = rng.choice([f"knock {rng.choice('ab')} {rng.randint(0, 9)} {rng.randint(10, 30)}", f"gin {rng.choice('ab')} {rng.randint(0, 30)}", "draw"])
            else:
                command = rng.choice(["undo", "redo", f"delete {rng.randint(1, hands)}", f"edit {rng.randint(1, hands)} gin ben {rng.randint(0, 30)}"])
            result = device.run(f"{command} --game {game}")
            if result.exit_code == 0 and "Totals" in result.output:
                assert totals(result.output) == status_totals(device, game), (device, command, result.output)
                recorded = re.match(r"Hand (\d+): ", result.output)
                if recorded:  # the hand stands where the command said, the last one, and is the one typed
                    hands_now = as_json(device, f"status --game {game}")["hands"]
                    assert int(recorded.group(1)) == len(hands_now), (device, command)
                    assert hands_now[-1]["kind"] == command.split()[0], (device, command, hands_now)
            else:
                assert result.exit_code == 1 and "Traceback" not in result.output, (device, command, result.output)
        for _round in range(2):
            meet(devices)
        logs = {ok(device, f"log --game {game} --json").stdout for device in devices}
        statuses = {ok(device, f"status --game {game} --json").stdout for device in devices}
        assert len(logs) == 1 and len(statuses) == 1, seed
