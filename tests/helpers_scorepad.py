"""The score-pad app's backup and what its own code made of it (tests/fixtures/scorepad/), for
the import tests (tests/unit/test_scorepad.py, tests/cli/test_scorepad.py)."""

import json
import os

from helpers import FIXTURES

SCOREPAD = os.path.join(FIXTURES, "scorepad")


BACKUP = os.path.join(SCOREPAD, "backup.json")


UNMAPPABLE = "g_3hwzuefa"  # its second hand is an undercut by 14, more than a knock of 10 can lose by


def backup_data() -> dict:
    with open(BACKUP, encoding="utf-8") as handle:
        return json.load(handle)
