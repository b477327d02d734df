"""Damaged and hostile files for the hostile tests (tests/cli/test_hostile.py and
tests/system/test_hostile.py): a sound game file's text, the bytes at a path, and how long a
command may take."""

import json
import os
import re
from pathlib import Path

from helpers import game_data

SECONDS = 2.0


RAW_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def healthy_text(game_id=2, **changes) -> str:
    return json.dumps({**game_data(game_id), **changes}, indent=2)


def players(*names) -> str:
    return healthy_text(players=list(names))


def snapshot(path: Path):
    """The bytes (or the kind) of what is at ``path``, without following a link."""
    if os.path.islink(path):
        return ("link", os.readlink(path))
    if path.is_dir():
        return ("folder",)
    if path.exists() and not path.is_file():
        return ("special",)
    return path.read_bytes() if path.exists() else None
