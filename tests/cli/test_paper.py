"""The paper a printed page is laid out for (issue #34): --paper, the house-rules file's paper,
else the locale's; written into the page as its @page size. (How it prints, page by page,
is tests/system/test_print.py's, with Chromium.)"""

from __future__ import annotations

import json

import pytest

from helpers import STANDARD_25, ok

A4_RULE, LETTER_RULE = "@page { size: A4; }", "@page { size: letter; }"


def locale(monkeypatch, value: str) -> None:
    for variable in ("LC_ALL", "LC_PAPER"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", value)


@pytest.mark.parametrize("command", ["sheet --format html", "pad --format html", "pad Ann Ben --hollywood --format html"])
def test_the_page_names_its_paper_the_option_first_then_the_file_then_the_locale(run, played, monkeypatch, command):
    played(STANDARD_25)
    locale(monkeypatch, "de_DE.UTF-8")
    assert A4_RULE in ok(run, command).output
    assert LETTER_RULE in ok(run, f"{command} --paper letter").output and A4_RULE not in ok(run, f"{command} --paper Letter").output
    locale(monkeypatch, "en_US.UTF-8")
    assert LETTER_RULE in ok(run, command).output
    assert A4_RULE in ok(run, f"{command} --paper A4").output
    ok(run, "config set paper a4")
    assert A4_RULE in ok(run, command).output  # the file over the locale
    assert LETTER_RULE in ok(run, f"{command} --paper us-letter").output  # the option over the file
    ok(run, "config unset paper")
    assert LETTER_RULE in ok(run, command).output


def test_only_the_html_page_has_a_paper(run, played, monkeypatch):
    played(STANDARD_25)
    locale(monkeypatch, "en_US.UTF-8")
    for command in ("sheet", "sheet --format markdown", "pad", "pad --format csv"):
        text = ok(run, f"{command} --paper a4").output
        assert "@page" not in text and "A4" not in text, command
    assert json.loads(ok(run, "sheet --json --paper a4").output)["schema"] == "ginscore.game"


def test_a_paper_ginscore_does_not_know_is_refused_in_one_line(run, played, isolated_ledger):
    played(STANDARD_25)
    for command in ("sheet --format html --paper a5", "pad --format html --paper A3"):
        result = run(command)
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert "is no paper size: give --paper a4 or --paper letter" in result.output
    result = run("config set paper legal")
    assert result.exit_code != 0 and "paper must be a4 or letter; got 'legal'" in result.output
    assert "paper" not in json.loads(ok(run, "config --json").output)["file"]  # nothing written


def test_config_keeps_the_paper_and_shows_where_it_comes_from(run, isolated_ledger, monkeypatch):
    locale(monkeypatch, "en_CA.UTF-8")
    data = json.loads(ok(run, "config --json").output)
    assert data["schema_version"] == "1.1" and data["effective"]["paper"] == "letter" and "paper" not in data["file"]
    assert [line.split() for line in ok(run, "config").output.splitlines() if line.startswith("paper")] == [["paper", "letter", "locale"]]
    assert "Set paper = a4" in ok(run, "config set paper A4").output
    data = json.loads(ok(run, "config --json").output)
    assert data["effective"]["paper"] == "a4" and data["file"]["paper"] == "a4"
    assert [line.split() for line in ok(run, "config").output.splitlines() if line.startswith("paper")] == [["paper", "a4", "file"]]


def test_the_paper_option_completes(run):
    from click.shell_completion import ShellComplete

    from ginscore.cli import cli

    completion = ShellComplete(cli, {}, "ginscore", "_GINSCORE_COMPLETE")
    assert [item.value for item in completion.get_completions(["sheet", "--paper"], "")] == ["a4", "letter"]
    assert [item.value for item in completion.get_completions(["pad", "--paper"], "L")] == ["letter"]


def test_a_broken_house_rules_file_is_named_and_paper_given_needs_none(run, played, isolated_ledger):
    import os

    played(STANDARD_25)
    with open(os.environ["GINSCORE_CONFIG"], "w", encoding="utf-8") as handle:
        handle.write("paper = [\n")
    result = run("sheet --format html")
    assert result.exit_code != 0 and "not valid TOML" in result.output and "Traceback" not in result.output
    assert A4_RULE in ok(run, "sheet --format html --paper a4").output  # the option: the file is not read
    assert "@page" not in ok(run, "sheet").output  # nor for text, which has no paper
