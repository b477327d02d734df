"""What the output tests write to (tests/cli/test_outputs.py and tests/system/test_outputs.py):
a finished game, the commands that print HTML, and the named pipes only POSIX has."""

from __future__ import annotations

import os

import pytest

from helpers import play

FIFO_SKIP = pytest.mark.skipif(os.name == "nt", reason="named pipes and /dev are POSIX")


def finished_game(run, *names, stake="0.05"):
    names = names or ("Ann", "Bob")
    play(run, f"new {names[0]} {names[1]} --stake {stake} --currency €".split(), ["gin", names[0], "90"])


HTML_COMMANDS = ["status", "games", "log", "settle", "stats", "sheet"]
