"""Renaming a player: rename (in one game, or in every game the player is in)."""

from __future__ import annotations

import click

from ginscore.app import games
from ginscore.app.reading import view
from ginscore.base.i18n import N_, _, ngettext, pN_
from ginscore.base.text import named
from ginscore.cli import cli
from ginscore.cli.options import GAME_ID, completes, json_option, print_json
from ginscore.cli.translated import Command, argument, option


@cli.command(cls=Command, help=N_("""Rename player OLD to NEW: in the current game, in game ID (--game ID), or with --all in
every game OLD plays in (a typo in a name, 'Alcie'). Each game it changes gets an entry in
its journal: 'log' shows it, and 'undo' right after takes it back in that game ('ginscore
undo --game ID' in each of the others). 'games', 'stats' and 'settle' see one player then.

Refused where another player of the game already has the name NEW.

\b
Example:
    ginscore rename Alcie Alice
    ginscore rename bob Robert --game 3
    ginscore rename Alcie Alice --all
"""))
@argument("old", pN_("metavar", "OLD"), shell_complete=completes("players"))
@argument("new", pN_("metavar", "NEW"))
@option("--game", "game_id", type=GAME_ID, metavar="ID", help=N_("Game to act on (default: the most recently started game)."),
        shell_complete=completes("game_ids"))
@option("--all", "every_game", is_flag=True, help=N_("Rename the player in every game he plays in."))
@json_option
@click.pass_obj
def rename(obj, old, new, game_id, every_game, as_json):
    if every_game and game_id is not None:
        raise click.UsageError(_("give --game ID or --all, not both"))
    if not every_game:
        renamed = games.rename(obj.book, game_id, old, new)
        if as_json:
            print_json("game", renamed.state.to_json())
            return
        click.echo(
            _("Renamed {old} to {new} in game {game} ('undo' takes it back). {totals}").format(
                old=renamed.old, new=renamed.new, game=renamed.game.id, totals=view(renamed.state).totals_sentence()
            )
        )
        return
    was, now, renamed = games.rename_everywhere(obj.book, old, new)
    if as_json:
        print_json("rename", {"old": was, "new": now, "games": [game.id for game in renamed]})
        return
    click.echo(
        ngettext(
            "Renamed {old} to {new} in {count} game: {games} ('ginscore undo --game ID' takes it back in one).",
            "Renamed {old} to {new} in {count} games: {games} ('ginscore undo --game ID' takes it back in one).",
            len(renamed),
        ).format(old=was, new=now, count=len(renamed), games=named(game.id for game in renamed))
    )
