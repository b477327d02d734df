"""A cache is never data (issue #23), in real processes: a special file beside the summary index
never blocks a command."""

import os

import pytest

from helpers import run_forked
from helpers_cache import answers, build, index_file


@pytest.mark.parametrize("side", ["-journal", "-wal", "-shm"])
@pytest.mark.parametrize("kind", ["fifo", "folder", "link"])
def test_a_special_file_beside_the_index_never_blocks(run, isolated_ledger, tmp_path, side, kind):
    build(run)
    truth = answers(run)
    path = index_file(isolated_ledger) + side
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        os.mkdir(path)
    else:
        (tmp_path / "elsewhere").write_bytes(b"keep me")
        os.symlink(tmp_path / "elsewhere", path)
    for command in ("games --json", "stats --json", "settle --all --json", "check"):
        result = run_forked(command, timeout=20)
        assert result.returncode == 0 and "unexpected" not in result.stderr, (command, result.stderr)
    assert answers(run) == truth
    if kind == "link":
        assert (tmp_path / "elsewhere").read_bytes() == b"keep me"
