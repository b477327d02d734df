"""--output FILE (ginscore.cli.output_option): every command that writes a file checks where it may
write."""

from __future__ import annotations


def test_every_command_with_an_output_option_checks_it():
    """Every --output of every command (and of every command of a group) is the one option
    with the one check (``cli.output_option``)."""
    import click

    from ginscore.cli import COMMANDS as NAMES
    from ginscore.cli import cli
    from ginscore.cli.output_option import _outside_kept_places

    context = click.Context(cli)
    found = []
    commands = [cli.get_command(context, name) for name in NAMES]
    while commands:
        command = commands.pop()
        if isinstance(command, click.Group):
            commands += list(command.commands.values())
        for param in command.params:
            if "--output" in param.opts or "-o" in param.opts:
                found.append(command.name)
                assert param.callback is _outside_kept_places, command.name
    assert sorted(found) == ["export", "pad", "sheet"]
