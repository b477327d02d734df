"""The score-pad fixtures (tests/fixtures/scorepad/) are what the app's own code makes, run under
node."""

import os
import shutil
import subprocess

import pytest

from helpers_scorepad import SCOREPAD

APP = os.environ.get("GINSCORE_SCOREPAD_APP")  # a checkout of the score-pad app, for the test below


@pytest.mark.skipif(not (APP and shutil.which("node")), reason="needs node and $GINSCORE_SCOREPAD_APP (the app's checkout)")
def test_the_fixtures_are_what_the_apps_own_code_makes(tmp_path):
    subprocess.run(["node", os.path.join(SCOREPAD, "make_backup.mjs"), APP, str(tmp_path)], check=True, timeout=60)
    for name in ("backup.json", "totals.json"):
        with open(os.path.join(SCOREPAD, name), "rb") as handle:
            assert (tmp_path / name).read_bytes() == handle.read(), name
