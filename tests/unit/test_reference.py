"""The command reference, docs/reference.md, is what the commands give: tools/build_reference.py
writes it from the click commands, its --check fails when the page differs, and the first
paragraph of every command's --help, as ginscore prints it, stands in the page word for word."""

import importlib.util
import re
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "reference.md"


def build_reference():
    spec = importlib.util.spec_from_file_location("build_reference", ROOT / "tools" / "build_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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


def test_the_reference_is_what_the_commands_give():
    assert REFERENCE.read_text("utf-8") == build_reference().build(), "run: python tools/build_reference.py"


def test_the_check_fails_when_the_reference_differs(tmp_path, monkeypatch, capsys):
    tool = build_reference()
    stale = tmp_path / "reference.md"
    stale.write_text(REFERENCE.read_text("utf-8").replace("Start a game between PLAYERS", "Begin a game"), "utf-8")
    monkeypatch.setattr(tool, "TARGET", stale)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.main(["--check"]) == 1
    assert "python tools/build_reference.py" in capsys.readouterr().err
    stale.write_text(tool.build(), "utf-8")
    assert tool.main(["--check"]) == 0


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
