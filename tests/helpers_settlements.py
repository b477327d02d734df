"""Settlements on several devices (issue 31 item 1): two evenings played, what each device
says is settled and owed, and clones of a ledger shared through git. For
tests/cli/test_settle_devices.py, tests/cli/test_settle_many.py, tests/cli/test_check.py
and tests/system/test_git_setup.py."""

import os
import shutil
import subprocess
from contextlib import contextmanager
from datetime import datetime, timedelta

import pytest

from helpers_devices import as_json, ok
from syncer import Device

CAROL_DAVE = {"Carol": "24.00", "Dave": "-24.00"}


EVE_FAY = {"Eve": "-46.00", "Fay": "46.00"}


def play_two_games(device) -> tuple:
    ok(device, "new Carol Dave --stake 0.05")
    first = as_json(device, "status")["id"]
    ok(device, "gin carol 90")
    ok(device, "new Eve Fay --stake 0.10")
    second = as_json(device, "status")["id"]
    ok(device, "gin fay 80")
    return first, second


def settled(device) -> dict:
    return {entry["id"]: entry["settled"] for entry in as_json(device, "games")["games"]}


def answers(device) -> None:
    """games, settle and check all answer (check: no problem)."""
    ok(device, "games")
    ok(device, "settle")
    ok(device, "check")


def nothing_owed(devices, games) -> None:
    for device in devices:
        assert as_json(device, "settle")["games"] == [], device
        assert "Nothing to settle" in ok(device, "settle").stdout
        assert settled(device) == {game: True for game in games}, device
        # the evening's money counts each game once, however often it was settled
        assert as_json(device, "settle --all")["nets"] == {**CAROL_DAVE, **EVE_FAY}


def git(device, *args):
    """git in the device's ledger folder, as that device's user."""
    env = {**device.env(), "GIT_AUTHOR_NAME": device.name, "GIT_AUTHOR_EMAIL": "a@b", "GIT_COMMITTER_NAME": device.name,
           "GIT_COMMITTER_EMAIL": "a@b", "PATH": os.environ["PATH"]}
    return subprocess.run(["git", *args], cwd=device.ledger, env=env, capture_output=True, text=True, check=True)


def two_clones(tmp_path, one, two, play):
    """A bare origin; ``one`` clones it, ``play(one)`` records, 'git-setup', commits and pushes;
    ``two`` clones that and runs 'git-setup'. Returns what ``play`` returned."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    origin = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(origin)], check=True)
    one.ledger.parent.mkdir(parents=True)
    subprocess.run(["git", "clone", "-q", str(origin), str(one.ledger)], check=True, capture_output=True)
    played = play(one)
    ok(one, "git-setup")
    assert "settlements/*.json merge=ginscore" in (one.ledger / ".gitattributes").read_text()
    git(one, "add", "-A")
    git(one, "commit", "-qm", "games")
    git(one, "push", "-q", "origin", "HEAD:main")
    two.ledger.parent.mkdir(parents=True)
    subprocess.run(["git", "clone", "-q", "-b", "main", str(origin), str(two.ledger)], check=True, capture_output=True)
    ok(two, "git-setup")
    return played


def entry(games, **more) -> dict:
    return {"id": "abcd23456x", "clock": 1796397201394, "device": "zzzz", "after": None, "at": "2026-12-04T15:13:21+00:00",
            "action": "settle", "games": games, "currency": None, "nets": CAROL_DAVE,
            "payments": [{"from": "Dave", "to": "Carol", "amount": "24.00"}], **more}


YEAR = timedelta(days=365)


class Clocked(Device):
    """A device whose clock is ``years`` off: ginscore's wall clock (``ginscore.core.game.now``
    and ``now_ms``) while its commands run."""

    def __init__(self, base, name: str, years: int = 0):
        super().__init__(base, name)
        self.years = years

    def run(self, args, **kwargs):
        with skewed(self.years):
            return super().run(args, **kwargs)


@contextmanager
def skewed(years: int):
    from ginscore.core import game

    real = game.datetime
    offset = years * YEAR

    class Skewed(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime.now(tz) + offset

    game.datetime = Skewed
    try:
        yield
    finally:
        game.datetime = real


def carol_dave(device) -> str:
    """Carol v Dave at 0.01: Carol's knock, then her gin ends it (5.80, Dave pays Carol)."""
    ok(device, "new Carol Dave --stake 0.01")
    ok(device, "knock carol 5 30")
    ok(device, "gin carol 90")
    return as_json(device, "status")["id"]


def changed(device) -> list:
    return as_json(device, "settle")["changed"]


def owed(device) -> list:
    """Each change as (game, what squares it)."""
    return [(change["games"], change["payments"]) for change in changed(device)]


BACK_040 = [{"from": "Carol", "to": "Dave", "amount": "0.40"}]
