"""Issue #20, the command line's rough edges: a second game between the same players, a voided
current game, 'play --game' of no game, every --help, completion, the wrong kind of hand,
typos and the first dealer across kinds of table."""

import json

import pytest

from conftest import ledger_bytes, play, status_json

LANGUAGES = ("en", "ru", "uk")


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
    from ginscore import i18n

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
