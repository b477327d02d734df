"""'ginscore status': names that look like numbers aligned as text, and --format as every command that prints tables takes it."""

from __future__ import annotations

from helpers import play


def test_status_aligns_number_like_names_as_text(run):
    play(run, "new 12 1", "knock 1 4 15")
    lines = run("status").output.splitlines()
    # names left-aligned like any name, not right-aligned like a number
    assert lines[3].startswith("12 ") and lines[4].startswith("1 ")


def test_status_takes_format_like_every_command_that_prints_tables(run):
    play(run, "new A B", "knock a 4 15", "gin b 30", "gin b 30")  # B 110: over
    csv = run("status --format csv")
    assert csv.exit_code == 0, csv.output
    lines = csv.output.splitlines()
    # A 11 + 1 box; B 110 + 2 boxes + 100: 36 v 260
    assert lines == [
        "player,points,boxes,box points,game bonus,shutout,total,net",
        "A,11,1,25,0,0,36,-224",
        "B,110,2,50,100,0,260,224",
    ]
    github = run("status --format github")
    assert "| player   |   points |   boxes |" in github.output
    assert "Net: B wins by 224." in github.output
    refused = run("status --format bogus")
    assert refused.exit_code == 1 and "unknown --format 'bogus'" in refused.output
