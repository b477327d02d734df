"""Several devices sharing a ledger (tests/syncer.py's devices): commands run on a device, what
it reads, clocks off by days and years, and ledgers shared through git. For the tests of
syncers, git and clocks apart in tests/cli/ and tests/system/."""

import json
import os
import re
import shutil
import subprocess
import time

from helpers import ROOT
from syncer import Device

# The file syncers tests/syncer.py behaves like, each with its own conflict copies.
STYLES = ("syncthing", "dropbox", "nextcloud")
# A clock off by days and years (in milliseconds, as the entries keep time).
DAY = 24 * 3600 * 1000
YEAR = 365 * DAY


def ok(device, command):
    result = device.run(command)
    assert result.exit_code == 0, (device, command, result.output)
    return result


def as_json(device, command) -> dict:
    return json.loads(ok(device, f"{command} --json").stdout)


def current(device) -> str:
    return as_json(device, "status")["id"]


def tick():
    time.sleep(0.003)  # entries a few milliseconds apart: their clocks differ


def assert_alike(devices, game_ids):
    listings = [ok(device, "games --all --json").stdout for device in devices]
    assert all(listing == listings[0] for listing in listings), listings
    for game_id in game_ids:
        statuses = [ok(device, f"status --game {game_id} --json").stdout for device in devices]
        assert all(status == statuses[0] for status in statuses)
        logs = [ok(device, f"log --game {game_id} --json").stdout for device in devices]
        assert all(log == logs[0] for log in logs)


def hands_of(device, game_id) -> list:
    return [(row.get("player"), row.get("kind")) for row in as_json(device, f"status --game {game_id}")["hands"]]


def git_of(device):
    """git run in ``device``'s ledger, as a GUI or a cron job runs it: a PATH with git's folder
    alone, where no 'ginscore' is found (git-setup names its merge driver by absolute path)."""
    folder = os.path.dirname(shutil.which("git"))
    assert shutil.which("ginscore", path=folder) is None, "the test needs a PATH without ginscore"

    def git(*args):
        env = {**device.env(), "GIT_AUTHOR_NAME": device.name, "GIT_AUTHOR_EMAIL": "a@b", "GIT_COMMITTER_NAME": device.name,
               "GIT_COMMITTER_EMAIL": "a@b", "PATH": folder}
        env.setdefault("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT)])))
        return subprocess.run(["git", *args], cwd=device.ledger, env=env, capture_output=True, text=True, check=True)

    return git


def two_clones(tmp_path, one_device_id: bool = False) -> tuple:
    """Ann's clone of a bare repository with one game of one hand (Ann +11), pushed, set up with
    git-setup; Ben's clone of it, set up too (with ``one_device_id``, under Ann's device id: a
    home folder copied). Returns (Ann's device, Ben's, the game's id)."""
    one, two = Device(tmp_path, "ann"), Device(tmp_path, "ben")
    origin = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(origin)], check=True)
    one.ledger.parent.mkdir(parents=True)
    subprocess.run(["git", "clone", "-q", str(origin), str(one.ledger)], check=True, capture_output=True)
    ok(one, "new Ann Ben")
    game = current(one)
    ok(one, "knock Ann 4 15")
    ok(one, "git-setup")
    assert "nothing changed" in ok(one, "git-setup").stdout  # idempotent
    for args in (("add", "-A"), ("commit", "-qm", "first"), ("push", "-q", "origin", "HEAD:main")):
        git_of(one)(*args)
    two.ledger.parent.mkdir(parents=True)
    subprocess.run(["git", "clone", "-q", "-b", "main", str(origin), str(two.ledger)], check=True, capture_output=True)
    if one_device_id:
        two.state.mkdir(parents=True)
        shutil.copy(one.state / "device-id", two.state / "device-id")
    ok(two, "git-setup")
    return one, two, game


def an_evening(device) -> dict:
    """A finished Hollywood match started first, the game in progress started next, and a quick
    game started last and finished; returns their ids by name."""
    ok(device, "new Ann Ben --hollywood --columns 1 --column-target 10")
    hollywood = current(device)
    ok(device, "gin Ann 30")  # closes the only column: the match is over
    tick()
    ok(device, "new Cy Dee")
    playing = current(device)
    ok(device, "knock Cy 4 15")
    tick()
    ok(device, "new Eve Fay")
    quick = current(device)
    ok(device, "knock Eve 4 60")
    ok(device, "gin Eve 40")  # over: 56 + 65 > 100
    assert as_json(device, f"status --game {hollywood}")["finished"] and as_json(device, f"status --game {quick}")["finished"]
    assert not as_json(device, f"status --game {playing}")["finished"]
    return {"hollywood": hollywood, "playing": playing, "quick": quick}


def set_times(device, order: list) -> None:
    """Give each game's files a modification time in ``order`` (oldest first), whatever order
    they were written in: a syncer or a clone writes them in any order."""
    base = time.time() - 3600
    for rank, game_id in enumerate(order):
        for path in (device.ledger / "games").glob(f"game-{game_id}.*.json"):
            os.utime(path, (base + 60 * rank, base + 60 * rank))


def totals(text: str) -> str:
    """The totals a command printed last ('Totals: ...', an edit's 'Totals now: ...'), as 'Totals: ...'."""
    return "Totals: " + re.findall(r"Totals(?: now)?: +([^\n]*)", text)[-1]


def status_totals(device, game) -> str:
    """The game's totals as this device reads them, in the words a hand's command prints them."""
    scores = as_json(device, f"status --game {game}")["scores"]
    return "Totals: " + ", ".join(f"{name} {points}" for name, points in scores.items()) + "."


def printed_is_read(updated, shown) -> None:
    """What a command printed (``shown``, the state of ``updated``) is what its device reads
    back: its journal put in order again is the same, the new entry last, and reads the same."""
    from ginscore.core.game import union
    from ginscore.ops import actions

    reread = union(updated.journal)
    assert reread == updated.journal
    assert actions.evaluate(updated._replace(journal=reread)).to_json() == shown.to_json()


def all_meet_and_read(start, games: list) -> None:
    """Once three devices' ``games`` all meet, every order of merging gives one journal, and
    the game ``start`` with it reads without an error."""
    from ginscore.core.game import union
    from ginscore.ops import actions

    orders = [union(*(games[index].journal for index in order)) for order in ((0, 1, 2), (2, 1, 0), (1, 2, 0))]
    assert orders[0] == orders[1] == orders[2]
    actions.evaluate(start._replace(journal=orders[0]))  # every device reads the game: no error
