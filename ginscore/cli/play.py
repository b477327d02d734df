"""Commands that change a game: new, knock, gin, draw, undo."""

from __future__ import annotations

import click

from ginscore import actions
from ginscore.cli import cli
from ginscore.cli.options import game_option, json_option, rule_options, whole_number
from ginscore.game import match_player
from ginscore.render import to_json
from ginscore.rules import build_rules, summary

# Negative numbers such as "-3" must reach our own check, not click's option parser.
NUMBERS_OK = {"ignore_unknown_options": True}


@cli.command()
@click.argument("players", nargs=-1, required=True)
@click.option("--stake", metavar="RATE", help="Money per point: 0.01, or 1/10 for one unit per 10 points.")
@rule_options
@json_option
@click.pass_obj
def new(obj, players, stake, preset, settings, as_json):
    """Start a game between PLAYERS and print its id.

    \b
    Example:
        ginscore new Alice Bob --stake 0.01
    """
    from ginscore.scoring import parse_stake

    rules = build_rules(preset, settings)
    rate = None if stake is None else parse_stake(stake)
    ledger = obj.ledger
    with ledger.locked(create=True):
        game = actions.new_game(ledger.next_id(), players, rules, rate)
        ledger.save(game)
    if as_json:
        click.echo(to_json(actions.evaluate(game).to_json()))
        return
    click.echo(f"Game {game.id}: {' v '.join(game.players)}, first to {rules.target}. Rules: {summary(rules)}.")
    if rate is not None:
        click.echo(f"Stake: {rate} per point.")


def record_hand(obj, game_id, build_hand, as_json):
    """Lock, load, add the hand the way ``build_hand(game)`` describes it, save, report."""
    ledger = obj.ledger
    with ledger.locked():
        game = ledger.load(game_id)
        game, state = actions.record(game, build_hand(game))
        ledger.save(game)
    if as_json:
        click.echo(to_json(state.to_json()))
    else:
        click.echo("\n".join(state.hand_report()))


@cli.command(context_settings=NUMBERS_OK)
@click.argument("player")
@click.argument("knocker_deadwood")
@click.argument("opponent_deadwood")
@game_option
@json_option
@click.pass_obj
def knock(obj, player, knocker_deadwood, opponent_deadwood, game_id, as_json):
    """PLAYER knocked with KNOCKER_DEADWOOD; the opponent held OPPONENT_DEADWOOD after lay-offs.

    Records a knock, or an undercut when the opponent's deadwood is not higher.

    \b
    Example:
        ginscore knock alice 4 15
    """
    knocker = whole_number(knocker_deadwood, "the knocker's deadwood")
    opponent = whole_number(opponent_deadwood, "the opponent's deadwood")

    def build(game):
        return {
            "kind": "knock",
            "player": match_player(game.players, player),
            "deadwood": knocker,
            "opponent_deadwood": opponent,
        }

    record_hand(obj, game_id, build, as_json)


@cli.command(context_settings=NUMBERS_OK)
@click.argument("player")
@click.argument("opponent_deadwood")
@click.option("--big", is_flag=True, help="Big gin: all 11 cards melded.")
@game_option
@json_option
@click.pass_obj
def gin(obj, player, opponent_deadwood, big, game_id, as_json):
    """PLAYER went gin; the opponent held OPPONENT_DEADWOOD.

    \b
    Example:
        ginscore gin bob 30
        ginscore gin bob 30 --big
    """
    opponent = whole_number(opponent_deadwood, "the opponent's deadwood")

    def build(game):
        hand = {"kind": "gin", "player": match_player(game.players, player), "opponent_deadwood": opponent}
        if big:
            hand["big"] = True
        return hand

    record_hand(obj, game_id, build, as_json)


@cli.command()
@game_option
@json_option
@click.pass_obj
def draw(obj, game_id, as_json):
    """Record a dead hand: the stock ran down to two cards and nobody knocked.

    \b
    Example:
        ginscore draw
    """
    record_hand(obj, game_id, lambda game: {"kind": "draw"}, as_json)


@cli.command()
@game_option
@json_option
@click.pass_obj
def undo(obj, game_id, as_json):
    """Take back the last hand. It stays in the ledger, marked voided, and 'redo' restores it.

    \b
    Example:
        ginscore undo
    """
    ledger = obj.ledger
    with ledger.locked():
        game = ledger.load(game_id)
        game, state, undone = actions.undo(game)
        ledger.save(game)
    if as_json:
        click.echo(to_json(state.to_json()))
        return
    click.echo(f"Undid hand {undone.number} of game {game.id}. Totals: {state.totals_line()}.")
