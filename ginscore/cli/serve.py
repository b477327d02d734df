"""The table's board: serve (issue 33). The web stack is imported only here, when the command
runs: no other command pays for it, and without the extra 'serve' says how to install it."""

from __future__ import annotations

import click

from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import N_, _
from ginscore.cli import cli
from ginscore.cli.options import launch
from ginscore.cli.translated import Command, option

# What 'ginscore serve' needs beyond ginscore itself: the optional extra 'web'.
WEB_MODULES = ("starlette", "uvicorn", "segno")


@cli.command(cls=Command, help=N_("""Serve the table's board: a live scoreboard and hand entry for every phone at the table.

The board lists the games in progress and tonight's finished ones and follows the ledger
live; a game's page shows its sheet and takes the next hand. It listens on this machine only
(127.0.0.1, port 8765 or the next free one) until Ctrl-C. With --lan it listens on every
address of this machine and prints each address with the board's token and a QR code for the
phones (the one of the default route first): without the token every request is refused. The
token is kept in this device's state folder, so a board started again takes the phones as
before; --new-token makes a new one (every phone then scans again).

Needs the extra: pip install 'ginscore[web]'.

\b
Example:
    ginscore serve
    ginscore serve --lan
    ginscore serve --port 9000 --open
    ginscore serve --lan --new-token
"""))
@option("--host", metavar="HOST", help=N_("Address to listen on (default: 127.0.0.1; with --lan: every address); one other than the loopback needs the token."))
@option("--port", type=click.IntRange(0, 65535), metavar="PORT", help=N_("Port (default: 8765, or the next free one; 0: any free port)."))
@option("--lan", is_flag=True, help=N_("Listen on the local network, with a token (printed, and as a QR code)."))
@option("--new-token", is_flag=True, help=N_("Make a new token (the phones that had the old one scan again)."))
@option("--open", "open_it", is_flag=True, help=N_("Open the board in the default browser."))
@click.pass_obj
def serve(obj, host, port, lan, new_token, open_it):
    from importlib.util import find_spec

    missing = [name for name in WEB_MODULES if find_spec(name) is None]
    if missing:
        raise GinscoreError(
            _("'ginscore serve' needs {modules}: install them with pip install 'ginscore[web]'").format(modules=", ".join(missing))
        )
    from ginscore.web.server import serve as run

    run(obj.book.root, host, port, lan, lambda line: click.echo(line), launch if open_it else None, new_token)
