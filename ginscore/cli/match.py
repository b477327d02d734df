"""Ending a game early: end (once 'abandon', still accepted); setting a game aside: void, unvoid."""

from __future__ import annotations

import copy

import click

from ginscore.app import games
from ginscore.app.reading import view
from ginscore.base.i18n import N_, _
from ginscore.cli import cli
from ginscore.cli.options import game_argument, game_option, json_option, json_text, print_json
from ginscore.cli.translated import Command


@cli.command("end", cls=Command, help=N_("""End a game early and settle it, where its table has a rule for that ('abandon' does the same).

In a Hollywood match, columns already closed keep their settlement. Each open column is settled as it stands:
no game bonus and no shutout, since nobody reached the target; the player whose points
and boxes in it are worth more collects the difference. 'ginscore undo' takes the
ending back.

\b
Example:
    ginscore end
    ginscore end --game 7 --json
"""))
@game_option
@json_option
@click.pass_obj
def end(obj, game_id, as_json):
    state = games.end(obj.book, game_id)
    if as_json:
        print_json("game", state.to_json())
        return
    click.echo("\n".join(view(state).result_lines()))


# 'abandon', the command's first name, still works but is not listed: one command, one name in --help.
abandon = copy.copy(end)
abandon.hidden = True
cli.add_command(abandon, "abandon")


def set_aside(change, as_json, message) -> None:
    """Report ``change``, a game voided or brought back (``app.games.SetAside``): the game as
    JSON, or ``message(set_aside)``."""
    click.echo(json_text("game", change.state.to_json()) if as_json else message(change))


@cli.command(cls=Command, help=N_("""Set game GAME aside (without GAME, the current game): a quick try or a mistaken game.
'games' no longer lists it, and it counts in no settlement or statistic; the file and every
hand stay, and 'ginscore unvoid GAME' brings it back.

\b
Example:
    ginscore void
    ginscore void 7
"""))
@game_argument(complete="games_to_void", required=False)
@json_option
@click.pass_obj
def void(obj, game_id, as_json):
    set_aside(games.void(obj.book, game_id), as_json, lambda done: _(
        "Voided game {game} ({players}): 'ginscore games' leaves it out; "
        "'ginscore unvoid {game}' brings it back."
    ).format(game=done.game.id, players=_(" v ").join(done.state.game.players)) + now_current(done.now_current))


def now_current(current) -> str:
    """After voiding the current game, which game the commands without --game act on now."""
    if current is None:
        return ""
    game_id, players = current
    return "\n" + _("Commands without --game now act on game {game} ({players}).").format(game=game_id, players=_(" v ").join(players))


@cli.command(cls=Command, help=N_("""Bring back game GAME, set aside with 'ginscore void'.

\b
Example:
    ginscore unvoid 7
"""))
@game_argument(complete="voided_games")
@json_option
@click.pass_obj
def unvoid(obj, game_id, as_json):
    set_aside(games.unvoid(obj.book, game_id), as_json, lambda done: _(
        "Game {game} ({players}) is back: {result}."
    ).format(game=done.game.id, players=_(" v ").join(done.state.game.players), result=view(done.state).result_phrase()))
