"""Problems found by black-box QA of the whole command line, each pinned by a test that
failed before its fix."""

from __future__ import annotations

from test_cli import play


# ---- names that look like numbers are printed as typed ----


def test_sheet_prints_number_like_names_as_typed(run):
    play(run, "new 1e5 007", "knock 1e 4 15", "knock 00 4 15")
    for fmt in ("simple", "github", "html"):
        result = run(["sheet", "--format", fmt])
        assert result.exit_code == 0, result.output
        hands = [line for line in result.output.splitlines() if "knocks" in line]
        assert "100000" not in result.output  # tabulate read the name 1e5 as a number
        assert "1e5" in hands[0].split("knocks", 1)[1]  # the won-by cell, not only the hand text
        assert "007" in hands[1].split("knocks", 1)[1]


def test_status_aligns_number_like_names_as_text(run):
    play(run, "new 12 1", "knock 1 4 15")
    lines = run("status").output.splitlines()
    # names left-aligned like any name, not right-aligned like a number
    assert lines[3].startswith("12 ") and lines[4].startswith("1 ")
