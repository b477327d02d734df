"""The paper a printed page is laid out for (issue #34): --paper, the house-rules file's paper,
else the locale's; written into the page as its @page size. (How it prints, page by page,
is tests/test_print.py's, with Chromium.)"""

from __future__ import annotations

import json

import pytest

from ginscore.base.paper_size import A4, LETTER, country_of, locale_paper
from helpers import STANDARD_25, ok

A4_RULE, LETTER_RULE = "@page { size: A4; }", "@page { size: letter; }"


@pytest.mark.parametrize(
    "environ, paper",
    [
        ({"LANG": "en_US.UTF-8"}, LETTER),
        ({"LANG": "de_DE.UTF-8"}, A4),
        ({"LANG": "en_GB.UTF-8"}, A4),
        ({"LANG": "fr_CA.UTF-8"}, LETTER),
        ({"LANG": "es_MX"}, LETTER),
        ({"LANG": "es_ES@euro"}, A4),
        ({"LANG": "fil_PH.UTF-8"}, LETTER),
        ({"LANG": "es_CL.UTF-8"}, LETTER),
        ({"LANG": "ru_RU.UTF-8"}, A4),
        ({"LANG": "en_AU.UTF-8"}, A4),
        # LC_PAPER is the user's answer for paper alone; LC_ALL overrides both, as setlocale reads them
        ({"LANG": "en_US.UTF-8", "LC_PAPER": "en_GB.UTF-8"}, A4),
        ({"LANG": "de_DE.UTF-8", "LC_PAPER": "en_US.UTF-8"}, LETTER),
        ({"LANG": "de_DE.UTF-8", "LC_PAPER": "de_DE.UTF-8", "LC_ALL": "en_US.UTF-8"}, LETTER),
        # a value with no country is passed over: scripts set LC_ALL=C
        ({"LANG": "en_US.UTF-8", "LC_ALL": "C"}, LETTER),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "C.UTF-8", "LC_PAPER": "POSIX"}, LETTER),
        ({"LANG": "C.UTF-8"}, A4),
        ({"LANG": "de"}, A4),
        ({"LANG": ""}, A4),
        ({}, A4),  # no locale at all: A4, the C library's paper for the C locale
    ],
)
def test_the_locale_chooses_the_paper(environ, paper):
    assert locale_paper(environ) == paper


def test_a_locale_s_country():
    assert [country_of(value) for value in ("en_US.UTF-8", "de_DE@euro", "pt_BR", "C.UTF-8", "POSIX", "de", "en-us", "x_USA")] == [
        "US", "DE", "BR", None, None, None, "US", None
    ]


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
