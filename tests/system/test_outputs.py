"""Outputs that never hurt (issue #34 item 10), where only a real process or Chromium can tell: a
named pipe nobody reads, an HTML output that might run a script."""

from __future__ import annotations

import os
import stat

import pytest

from helpers import play, run_forked
from helpers_outputs import FIFO_SKIP, HTML_COMMANDS, finished_game


@FIFO_SKIP
def test_a_named_pipe_nobody_reads_is_refused_at_once_not_waited_on(run, tmp_path):
    finished_game(run)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result = run_forked(["sheet", "-o", str(fifo)], timeout=5)
    assert result.returncode == 1
    assert "no program is reading from this named pipe" in result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.slow
def test_no_html_output_runs_a_script_in_chromium(run, browser, tmp_path):
    play(run, ["new", "<img src=x onerror=window.pwned=1>", "Bob", "--stake", "0.05"], ["gin", "bob", "90"])
    for command in HTML_COMMANDS:
        page = tmp_path / f"{command}.html"
        page.write_text(run([command, "--format", "html"]).stdout, encoding="utf-8")
        browser.dom(page)
        assert browser.evaluate("typeof window.pwned") == "undefined", command
        assert browser.evaluate("document.images.length") == 0, command
