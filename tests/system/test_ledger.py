"""The ledger's lock (issue #3) between real processes: a writer waits for it and then lands."""

import os
import subprocess
import sys

import pytest

from helpers import ok
from helpers_ledger import hold_lock, read


@pytest.mark.slow
def test_a_writer_waits_for_the_lock_and_then_lands(run, isolated_ledger):
    ok(run, "new Alice Bob")
    handle = hold_lock(isolated_ledger)
    env = {**os.environ, "GINSCORE_LOCK_TIMEOUT": "20"}
    command = [sys.executable, "-m", "ginscore", "--ledger", str(isolated_ledger), "knock", "alice", "4", "15"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            process.wait(timeout=1.0)  # blocked behind our lock, not failed
        assert read(isolated_ledger)["journal"] == []
    finally:
        handle.close()
    out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "Alice +11" in out
    assert len(read(isolated_ledger)["journal"]) == 1
