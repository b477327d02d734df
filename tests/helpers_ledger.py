"""The ledger on disk as the ledger tests read it (tests/cli/test_ledger.py and
tests/system/test_ledger.py): a game file parsed, and the lock held as another process would."""

import json
from pathlib import Path

from helpers import game_file, local_dir


def read(ledger, game_id=None) -> dict:
    """This device's file of a game (default: of the only game), parsed."""
    return json.loads(game_file(ledger, game_id).read_text(encoding="utf-8"))


def hold_lock(ledger: Path):
    """Take the ledger lock through a separate open file, as another process would."""
    import fcntl

    handle = open(local_dir(ledger) / "lock", "a+b")
    fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
    return handle
