"""Starting a game: new. Every kind of table adds its flag here through the registry."""

from __future__ import annotations

import click

from ginscore import actions
from ginscore.cli import cli
from ginscore.cli.options import json_option, rule_options, table_options
from ginscore.render import to_json


@cli.command()
@click.argument("players", nargs=-1, required=True)
@click.option("--stake", metavar="RATE", help="Money per point: 0.01, or 1/10 for one unit per 10 points.")
@click.option("--currency", metavar="SYMBOL", help="Currency symbol shown with amounts, e.g. € or CHF.")
@table_options
@rule_options
@json_option
@click.pass_obj
def new(obj, players, stake, currency, table, preset, settings, as_json):
    """Start a game between PLAYERS and print its id.

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
    """
    from ginscore.config import read_config
    from ginscore.scoring import parse_currency, parse_stake, show_money
    from ginscore.tables import get_table

    house = read_config()
    chosen_preset, chosen_settings = house.for_new_game(preset, settings)
    rate = house.stake if stake is None else parse_stake(stake)
    symbol = house.currency if currency is None else parse_currency(currency)
    # Checked before the lock: a refused game must not even create the ledger folder.
    game = actions.new_game(
        0, players, stake=rate, table=table, currency=symbol, preset=chosen_preset,
        settings=chosen_settings, given=set(settings), preset_given=preset is not None,
    )
    ledger = obj.ledger
    with ledger.locked(create=True):
        game = game._replace(id=ledger.next_id())
        ledger.save(game)
    state = actions.evaluate(game)
    if as_json:
        click.echo(to_json(state.to_json()))
        return
    kind = get_table(game.table)
    rules_text = kind.rules_words(game.rules, chosen_preset)
    click.echo(f"Game {game.id}: {kind.seats(game.players)}, {kind.goal(game.rules)}. Rules: {rules_text}.")
    if rate is not None:
        click.echo(f"Stake: {show_money(rate, symbol)} per point.")
    for line in state.seating_lines():
        click.echo(line)
    if house.values:
        click.echo(f"Defaults from the house-rules file {house.path} ('ginscore config').")
