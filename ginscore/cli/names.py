"""Renaming a player: rename (in one game, or in every game the player is in)."""

from __future__ import annotations

import click

from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import N_, _, ngettext, pN_
from ginscore.base.ids import order_key
from ginscore.base.text import named
from ginscore.cli import cli
from ginscore.cli.options import GAME_ID, completes, json_option, print_json
from ginscore.cli.translated import Command, argument, option
from ginscore.core.names import folded
from ginscore.ops import actions


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
        game, state = obj.book.change(game_id, lambda game: actions.rename(game, old, new))
        if as_json:
            print_json("game", state.to_json())
            return
        entry = game.journal[-1]
        click.echo(
            _("Renamed {old} to {new} in game {game} ('undo' takes it back). {totals}").format(
                old=entry["old"], new=entry["new"], game=game.id, totals=actions.view(state).totals_sentence()
            )
        )
        return
    ids = games_of(obj, old)
    for game_id in ids:  # every game is checked before any is changed
        actions.rename(obj.book.load(game_id), old, new)
    renamed = [obj.book.change(game_id, lambda game: actions.rename(game, old, new))[0] for game_id in ids]
    entry = renamed[-1].journal[-1]
    if as_json:
        print_json("rename", {"old": entry["old"], "new": entry["new"], "games": [game.id for game in renamed]})
        return
    click.echo(
        ngettext(
            "Renamed {old} to {new} in {count} game: {games} ('ginscore undo --game ID' takes it back in one).",
            "Renamed {old} to {new} in {count} games: {games} ('ginscore undo --game ID' takes it back in one).",
            len(renamed),
        ).format(old=entry["old"], new=entry["new"], count=len(renamed), games=named(game.id for game in renamed))
    )


def games_of(obj, name: str) -> list:
    """The ids of the games ``name`` plays in (as they stand, in any case); refused when none.
    Only the games the summary index names are read (issue #45), each checked as it stands."""
    wanted = folded(" ".join(name.split()))
    found = []
    for game_id in obj.book.games_with(" ".join(name.split())):
        try:
            game = actions.standing(obj.book.load(game_id))
        except GinscoreError:  # a damaged game is for 'ginscore check'
            continue
        if any(folded(player) == wanted for player in game.players):
            found.append(game_id)
    if not found:
        raise GinscoreError(_("no game has a player {name}: 'ginscore games' lists the games and their players").format(name=repr(name)))
    return sorted(found, key=order_key)  # as 'ginscore games' names games by id
