"""The first paragraph of every command's --help, as ginscore prints it, stands in the command
reference (docs/reference.md) word for word."""

import re

import click

from helpers import ROOT

REFERENCE = ROOT / "docs" / "reference.md"


def words(text: str) -> str:
    return " ".join(text.split())


def every_command():
    """(the words after 'ginscore', the command) for ginscore and every command a person runs,
    groups walked too."""
    from ginscore.cli import cli

    found = []

    def walk(command, path):
        found.append((path, command))
        if isinstance(command, click.Group):
            for name in command.list_commands(None):
                sub = command.get_command(None, name)
                if not sub.hidden:
                    walk(sub, [*path, name])

    walk(cli, [])
    return found


def test_the_first_paragraph_of_every_commands_help_stands_in_the_reference(run):
    page = words(REFERENCE.read_text("utf-8"))
    commands = every_command()
    assert len(commands) > 30
    for path, command in commands:
        result = run([*path, "--help"], terminal_width=1000, max_content_width=1000)  # no line wrapped
        assert result.exit_code == 0, path
        # the usage line (wrapped or not), a blank line, then the help's first paragraph
        first = re.split(r"\n\s*\n", result.output.strip())[1]
        assert words(first) in page, (path, first)
        heading = "## `" + " ".join(["ginscore", *path]) + "`"
        assert heading in REFERENCE.read_text("utf-8"), heading
        for param in command.params:
            if isinstance(param, click.Option) and not param.hidden:
                assert f"`{param.opts[0]}" in page or f" {param.opts[0]}" in page, (path, param.opts)
