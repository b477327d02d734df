"""Problems found by black-box QA of the whole command line, each pinned by a test that
failed before its fix."""

from __future__ import annotations

from conftest import ledger_bytes
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


# ---- edit and redo that would put a hand after the end say how to do it right ----


def test_edit_that_would_end_the_game_early_says_to_undo_the_later_hands(run, isolated_ledger):
    play(run, "new A B", "knock a 4 15", "knock b 4 15")
    before = ledger_bytes(isolated_ledger)
    result = run("edit 1 gin a 98 --big")  # A would reach 123 at hand 1, with hand 2 after it
    assert result.exit_code == 1
    assert "hand 2 comes after the game ended at hand 1" in result.output
    assert "take back the later hands first ('ginscore undo'), then correct hand 1" in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_redo_refused_after_the_game_ends_earlier_says_what_to_correct(run, isolated_ledger):
    play(run, "new A B", "gin b 40", "draw", "undo", "edit 1 gin b 75")  # B 100 at hand 1
    before = ledger_bytes(isolated_ledger)
    result = run("redo")
    assert result.exit_code == 1
    assert "stays voided" in result.output and "'ginscore edit'" in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_edit_says_in_plain_words_when_the_game_ends_or_reopens(run):
    play(run, "new A B", "knock a 4 15", "knock b 4 15")
    assert "The game is now over: A won at hand 2." in run("edit 2 gin a 98 --big").output
    assert "The game is now back in progress." in run("edit 2 knock b 4 15").output
