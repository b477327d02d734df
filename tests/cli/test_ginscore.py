"""'ginscore' itself, the group every command is in: its help and the help of every command, a mistyped command or option named with the one meant, a ledger path refused in words, format names, and game ids explained."""

from __future__ import annotations

import pytest

from helpers import ledger_bytes, ok, play, refused, status_json


def test_a_mistyped_option_of_a_hand_command_is_named_with_the_one_meant(run):
    play(run, "new Alice Bob")
    line = refused(run, "knock alice 4 15 --gmae 3", "No such option: --gmae (did you mean --game?)")
    assert "unexpected extra" not in line
    refused(run, "gin bob 30 --bgi", "No such option: --bgi (did you mean --big?)")
    refused(run, "status --jsn", "No such option: --jsn (did you mean --json?)")
    refused(run, "edit 1 knock alice 4 15 --gmae 3", "(did you mean --game?)")
    assert status_json(run)["hands"] == []


def test_a_mistyped_command_is_named_with_the_one_meant(run):
    result = run("knok alice 4 15")
    assert result.exit_code == 2
    assert "No such command 'knok' (did you mean knock?)" in result.output
    assert "(did you mean" not in run("xyzzy").output


def test_plain_ginscore_prints_the_help_to_stdout_and_succeeds(run):
    for args in ([], ["--ledger", "somewhere"]):  # cli.main, what the console script runs
        done = run(args, prog_name="ginscore")
        assert done.exit_code == 0 and done.stderr == ""
        assert done.stdout.startswith("Usage: ginscore") and "ginscore knock alice 4 15" in done.stdout


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


@pytest.mark.parametrize("command", ["sheet", "games", "log", "rules", "config"])
def test_format_names_are_case_insensitive(run, command):
    play(run, "new A B", "knock a 4 15")
    assert run([command, "--format", "CSV"]).output == run([command, "--format", "csv"]).output
    shouted = run([command, "--format", "GitHub"])
    assert shouted.exit_code == 0, shouted.output
    assert shouted.output == run([command, "--format", "github"]).output


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


LANGUAGES = ("en", "de", "ru", "uk")


def every_command():
    from ginscore.cli import cli

    return [(name, cli.get_command(None, name)) for name in cli.list_commands(None)]


def example_lines(help_text: str) -> list:
    """The lines of a help text's \\b blocks (click prints them as they are), stripped."""
    lines, inside = [], False
    for line in help_text.splitlines():
        if line.strip() == "\b":
            inside = True
        elif not line.strip():
            inside = False
        elif inside:
            lines.append(line.strip())
    return lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_help_prints_its_examples_one_per_line(run, language):
    from ginscore.base import i18n

    checked = 0
    for name, command in [("", None), *every_command()]:
        result = run(["--lang", language, *([name] if name else []), "--help"])
        assert result.exit_code == 0, (name, result.output)
        assert "\\b" not in result.output and "\b" not in result.output, (name, language, result.output)
        i18n.set_language(language)
        from ginscore.cli import cli

        text = (command or cli).help
        printed = {line.strip() for line in result.output.splitlines()}
        for line in example_lines(text):
            assert line in printed, (name, language, line, result.output)
            checked += 1
    assert checked > 40


def test_typos_get_the_command_they_were_meant_for(run):
    result = run("stauts")
    assert result.exit_code == 2
    assert "(did you mean status?)" in result.output  # a swap of two letters, not 'stats'
    assert "(did you mean knock?)" in run("knok").output
    play(run, "new Ann Ben")
    session = run("play", input="kk ann 4 15\nstauts\n")
    assert "Error: No such command 'kk' (did you mean k?)" in session.output
    assert "(did you mean status?)" in session.output


def test_help_lists_end_and_not_abandon_which_still_works(run):
    listed = ok(run, "--help").output
    assert "  end " in listed and "abandon" not in listed.split("Commands:")[1]
    play(run, "new Ann Bob --hollywood", "gin ann 20")
    assert "abandon" not in ok(run, "end --help").output.split("Example:")[1]
    ok(run, "abandon")
    assert status_json(run)["abandoned"] is True


def test_commands_of_a_group_suggest_what_was_meant(run, isolated_ledger):
    refused(run, "config sett target 150", "Error: No such command 'sett' (did you mean set?)", code=2)
    refused(run, "config unst target", "(did you mean unset?)", code=2)
    line = refused(run, "config bogus", "Error: No such command 'bogus' (see ", code=2)
    assert "did you mean" not in line
    play(run, "new Alice Bob")
    refused(run, "rules sett target 150", "No such command 'sett' (did you mean set?)")
