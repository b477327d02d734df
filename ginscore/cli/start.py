"""Starting a game: new. Every kind of table adds its flag here through the registry."""

from __future__ import annotations

import click

from ginscore.app import games
from ginscore.app.reading import view
from ginscore.base.i18n import N_, _, pN_
from ginscore.cli import cli
from ginscore.cli.options import completes, game_option, json_option, print_json, rule_options, table_options
from ginscore.cli.translated import Command, argument, option
from ginscore.core.scoring import written_money
from ginscore.tables import get_table


@cli.command(cls=Command, help=N_("""Start a game between PLAYERS and print its id.

Two players play the standard game; --hollywood, --three-handed (3 players) and
--partnership (4) choose another kind of table. Rules, stake and currency default to the
house-rules file ('ginscore config'); options given here override it, and --rules PRESET
replaces its preset and settings. A setting the table does not use is refused.

\b
Example:
    ginscore new Alice Bob --stake 0.01
    ginscore new Alice Bob --rules twenties --target 150
    ginscore new Alice Bob --hollywood --last-column-double
    ginscore new Alice Bob Carol --three-handed
    ginscore new Alice Bob Carol Dave --partnership --stake 0.05
    ginscore new Alice Bob --dealer bob
    ginscore new -- -x 'Mary Ann'            (a name that starts with -)
"""))
@argument("players", pN_("metavar", "PLAYERS"), nargs=-1, required=True)
@option("--stake", metavar="RATE", help=N_("Money per point: 0.01, or 1/10 for one unit per 10 points."))
@option("--currency", metavar="SYMBOL", help=N_("Currency symbol shown with amounts, e.g. € or CHF."))
@option(
    "--dealer",
    metavar="NAME",
    help=N_("Who deals the first hand (default: the winner of the last game between these players, else cut for deal)."),
    shell_complete=completes("new_players"),
)
@table_options
@rule_options
@json_option
@click.pass_obj
def new(obj, players, stake, currency, dealer, table, preset, settings, as_json):
    started = games.start(obj.book, players, table, stake, currency, dealer, preset, settings)
    shown = report_start(started, as_json)
    if shown and started.house_values:
        click.echo(_("Defaults from the house-rules file {path} ('ginscore config').").format(path=started.house_path))


def report_start(started, as_json: bool) -> bool:
    """Report a game just started (an ``app.games.Started``): its id, rules, stake and who deals
    first (and why, when the last game between the players decided it), and the games among
    them still in progress. False after printing JSON."""
    state, last = started.state, started.last
    game = state.game
    if as_json:
        print_json("game", state.to_json())
        for line in still_in_progress(started.still_open):  # beside the JSON, never in it
            click.echo(line, err=True)
        return False
    kind = get_table(game.table)
    rules_text = kind.rules_words(game.rules, started.preset)
    click.echo(
        _("Game {game}: {seats}, {goal}. Rules: {rules}.").format(
            game=game.id, seats=kind.seats(game.players), goal=kind.goal(game.rules), rules=rules_text
        )
    )
    if game.stake is not None:
        click.echo(_("Stake: {money} per point.").format(money=written_money(game.stake, game.currency)))
    for line in view(state).seating_lines():
        click.echo(line)
    if last is not None and game.dealer is not None and game.dealer.casefold() == str(last["winner"]).casefold():
        click.echo(_("({dealer} won game {game}, the last between these players.)").format(dealer=game.dealer, game=last["id"]))
    for line in still_in_progress(started.still_open):
        click.echo(line)
    return True


def still_in_progress(states) -> list:
    """A line per game of ``states`` still in progress: where it stands and how to carry on
    with it, or end it where its table allows that, else set it aside."""
    lines = []
    for state in states:
        kind = get_table(state.game.table)
        if kind.can_end_early:
            words = _("Game {game}, {seats}, is still in progress ({totals}): 'ginscore end {game}' ends it, or carry on with --game {game}.")
        else:
            words = _(
                "Game {game}, {seats}, is still in progress ({totals}): carry on with --game {game}, "
                "or set it aside with 'ginscore void {game}'."
            )
        lines.append(words.format(game=state.game.id, seats=kind.seats(state.game.players), totals=view(state).totals_line()))
    return lines


@cli.command(cls=Command, help=N_("""Start another game like the current one (or game ID): the same players, table, rules,
stake and currency. The winner of that game deals first (in a three-handed game the seats
turn so that he sits out the first hand and deals).

\b
Example:
    ginscore rematch
    ginscore rematch --game 3
"""))
@game_option
@json_option
@click.pass_obj
def rematch(obj, game_id, as_json):
    report_start(games.rematch(obj.book, game_id), as_json)
