"""Problems found by black-box QA of the whole command line, each pinned by a test that
failed before its fix."""

from __future__ import annotations

import json
import re

import pytest

from cli.test_standard_game import play
from helpers import game_ids, ledger_bytes, new_game

# ---- names that look like numbers are printed as typed ----


def test_sheet_prints_number_like_names_as_typed(run):
    play(run, "new 1e5 007", "knock 1e 4 15", "knock 00 4 15")
    for fmt in ("simple", "github"):
        result = run(["sheet", "--format", fmt])
        assert result.exit_code == 0, result.output
        hands = [line for line in result.output.splitlines() if "knocks" in line]
        assert "100000" not in result.output  # tabulate read the name 1e5 as a number
        assert "1e5" in hands[0].split("knocks", 1)[1]  # the won-by cell, not only the hand text
        assert "007" in hands[1].split("knocks", 1)[1]
    html = run(["sheet", "--format", "html"]).output
    assert "100000" not in html and "<td>1e5</td>" in html and "<td>007</td>" in html


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
    assert "stays taken back" in result.output and "'ginscore edit'" in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_edit_says_in_plain_words_when_the_game_ends_or_reopens(run):
    play(run, "new A B", "knock a 4 15", "knock b 4 15")
    assert "The game is now over: A won at hand 2." in run("edit 2 gin a 98 --big").output
    assert "The game is now back in progress." in run("edit 2 knock b 4 15").output


# ---- the --ledger option ----


def test_an_empty_ledger_path_is_refused_not_taken_as_the_default(run, tmp_path, monkeypatch):
    monkeypatch.delenv("GINSCORE_LEDGER")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user-data"))  # where the default would be
    result = run(["--ledger", "", "new", "A", "B"])
    assert result.exit_code == 1
    assert "--ledger needs a folder path" in result.output
    assert not (tmp_path / "user-data").exists()


def test_a_ledger_path_that_is_a_file_gets_the_same_message_from_option_and_environment(run, tmp_path, monkeypatch):
    path = tmp_path / "afile"
    path.write_text("not a folder")
    from_option = run(["--ledger", str(path), "status"])
    monkeypatch.setenv("GINSCORE_LEDGER", str(path))
    from_environment = run("status")
    for result in (from_option, from_environment):
        assert result.exit_code == 1
        assert result.output == f"Error: the ledger must be a folder, but {path} is a file: give a folder with --ledger\n"


# ---- --format ----


@pytest.mark.parametrize("command", ["sheet", "games", "log", "rules", "config"])
def test_format_names_are_case_insensitive(run, command):
    play(run, "new A B", "knock a 4 15")
    assert run([command, "--format", "CSV"]).output == run([command, "--format", "csv"]).output
    shouted = run([command, "--format", "GitHub"])
    assert shouted.exit_code == 0, shouted.output
    assert shouted.output == run([command, "--format", "github"]).output


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


def test_sheet_as_html_is_html_throughout_with_names_escaped(run):
    play(run, ["new", "<b>A&", "Bob"], ["gin", "<", "98"])  # 25 + 98 = 123: over, Bob shut out
    (game,) = game_ids(run)
    html = run("sheet --format html").output
    assert html.startswith("<!DOCTYPE html>") and f"<title>Game {game}: &lt;b&gt;A&amp; v Bob</title>" in html
    assert f"<h1>Game {game}: &lt;b&gt;A&amp; v Bob</h1>" in html
    assert "<h2>Final</h2><table>" in html
    assert "<p>Net: &lt;b&gt;A&amp; wins by 496.</p>" in html  # 2 x (123 + 100 + 25)
    assert "=====" not in html and "<b>" not in html


# ---- config ----


def test_config_set_reports_a_yes_no_setting_as_the_config_table_shows_it(run):
    result = run("config set gin_layoffs yes")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Set gin_layoffs = yes in ")  # was Python's "True"
    assert re.search(r"^gin_layoffs +yes +file$", run("config").output, re.MULTILINE)


# ---- money ----


def test_amounts_owed_are_written_with_cents(run):
    # A gin 98: 123 points, B shut out -> 2 x (123 + 100 + 25) = 496; at 0.5 -> 248 exactly
    result = play(run, "new A B --stake 0.5 --currency €", "gin a 98")
    assert "At €0.5 per point, B pays A €248.00." in result.output  # was "€248.0"
    final = json.loads(run("status --json").output)["final"]
    assert final["amount"] == "248.00" and final["payments"][0]["amount"] == "248.00"  # exact, in cents as the text


# ---- player names ----


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("A\x1b[31mred", "has control characters"),  # a terminal escape, replayed on every sheet
        ("x" * 41, "is 41 characters long: a player's name has at most 40"),
    ],
)
def test_unprintable_or_overlong_names_are_refused(run, isolated_ledger, name, message):
    play(run, "new A B")
    before = ledger_bytes(isolated_ledger)
    result = run(["new", name, "Bob"])
    assert result.exit_code == 1 and message in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_names_of_any_script_and_up_to_40_characters_are_fine(run):
    play(run, ["new", "Zoë 👨‍👩‍👧", "x" * 40])


# ---- this device's current game (it replaced the .latest hint of the ledger folder) ----


def test_new_game_saved_but_current_game_not_writable_is_reported_as_started(run, isolated_ledger, tmp_path):
    play(run, "new A B")
    (current,) = (tmp_path / "state" / "ledgers").glob("*/current")
    current.unlink()
    current.mkdir()  # this device's current game cannot be replaced, as on a full disk
    result = run("new C D")
    # the game file was written, so the command must not say that nothing changed
    assert result.exit_code == 0, result.output
    second = game_ids(run)[1]
    assert result.output.startswith(f"Game {second}: C v D")
    assert f"Game {second}: C v D" in run("status").output  # the game written last
    result = run("new E F")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"Game {game_ids(run)[2]}: E v F")


# ---- a name not in the game acted on ----


@pytest.mark.parametrize("command", ["knock a 4 15", "gin a 30", "edit 1 knock a 4 16"])
def test_unknown_player_error_names_the_game_and_how_to_pick_another(run, isolated_ledger, command):
    play(run, "new A B", "knock a 4 15", "new C D", "knock c 4 15")  # game 2 is now the current one
    second = game_ids(run)[1]
    before = ledger_bytes(isolated_ledger)
    result = run(command)
    assert result.exit_code == 1
    assert f"no player 'a' in game {second}: its players are C, D (for another game add --game ID" in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_rules_and_config_say_what_a_column_target_of_0_means(run):
    assert re.search(r"^column_target +0 \(the target, 100\) +standard$", run("config").output, re.M)
    game = new_game(run, "new A B --hollywood --target 150")
    assert re.search(r"^column_target +--column-target +150 +0 \(the target, 150\)$", run(f"rules --game {game}").output, re.M)


# ---- the one-line rules summary ----


def test_summary_names_yes_no_settings_in_words(run):
    assert "Rules: oklahoma (target 150, Oklahoma Gin)." in run("new A B --rules oklahoma").output
    assert "Rules: Oklahoma Gin." in run("new A B --oklahoma").output
    assert "Rules: lay-offs on gin." in run("new A B --gin-layoffs").output  # was "gin layoffs yes"


# ---- ginscore with no command ----


def test_no_command_prints_the_help_not_an_error(run):
    result = run([])
    assert result.output.startswith("Usage: cli [OPTIONS] COMMAND [ARGS]...")  # CliRunner names it cli
    assert "Error" not in result.output and "see 'ginscore --help'" not in result.output
    assert "  undo       Take back the last thing you did on this device.\n" in result.output  # aligned under git-setup


@pytest.mark.parametrize("command", ["status", "knock a 4 15", "rules", "log"])
@pytest.mark.parametrize("value", ["0", "-1"])
def test_a_bad_game_id_is_explained_in_words(run, command, value):
    play(run, "new A B")
    result = run([*command.split(), "--game", value])
    assert result.exit_code == 2
    assert (
        f"{value!r} is not a game id: give its id or the beginning of it, e.g. --game k7f3 ('ginscore games' lists them)"
        in result.output
    )
    assert "integer range" not in result.output and "x>=1" not in result.output


@pytest.mark.parametrize("command", ["status", "knock a 4 15", "rules", "log"])
def test_a_game_id_no_game_has_is_explained_in_words(run, isolated_ledger, command):
    play(run, "new A B")
    before = ledger_bytes(isolated_ledger)
    result = run([*command.split(), "--game", "abo"])  # shaped like an id, but no made id holds an o
    assert result.exit_code == 1
    assert "there is no game 'abo': 'ginscore games' lists them" in result.output
    assert "integer range" not in result.output and "x>=1" not in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_the_sheet_says_its_start_time_is_utc(run):
    play(run, "new A B")
    started = [line for line in run("sheet").output.splitlines() if line.startswith("Started ")]
    assert len(started) == 1 and started[0].endswith(" UTC")  # stored and shown in UTC, as 'log' says


def test_config_keys_may_be_typed_as_the_options_of_new(run):
    result = run("config set --undercut-bonus 20")  # the spelling 'ginscore new' uses
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Set undercut_bonus = 20 in ")
    result = run("config unset --undercut-bonus")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Removed undercut_bonus from ")


# ---- a refused first game writes nothing at all ----


@pytest.mark.parametrize(
    "command", ["new Alice alice", "new Alice", "new Alice Bob --columns 5", "new Alice Bob Carol --hollywood"]
)
def test_a_refused_first_game_does_not_create_the_ledger(run, isolated_ledger, command):
    result = run(command)
    assert result.exit_code == 1, result.output
    assert not isolated_ledger.exists()  # not even the folder and its .lock
