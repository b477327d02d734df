"""Commands that record hands: knock, gin, draw (two-handed gin), out (Rummy), undo."""

from __future__ import annotations

import click

from ginscore.app import hands
from ginscore.app.reading import change_words, view
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import N_, _, ngettext, pN_
from ginscore.base.text import named
from ginscore.cli import cli
from ginscore.cli.hand_words import hand_words
from ginscore.cli.options import (
    NumbersCommand,
    completes,
    game_option,
    json_option,
    print_json,
    suit_symbols,
    upcard_option,
)
from ginscore.cli.translated import Command, argument, option
from ginscore.ops.typed_hands import whole_number
from ginscore.tables import get_table


def report_change(state, as_json: bool, said: str) -> None:
    """After a change to a hand (delete, restore): the game's JSON, or ``said`` (given the totals
    sentence as ``{totals}``) and who deals and plays now."""
    if as_json:
        print_json("game", state.to_json())
        return
    shown = view(state)
    click.echo(said.format(totals=shown.totals_sentence()))
    for line in shown.seating_lines():
        click.echo(line)


def record_hand(obj, game_id, command: str, params: dict, as_json: bool) -> None:
    """Add the hand that hand command ``command`` (knock, gin, draw, out) describes with its
    ``params`` to the game, and report it; a hand entered as cards is reported with its melds
    and lay-offs."""
    before = params.pop("before", None)
    recorded = hands.record(obj.book, game_id, command, params, before)
    game, state = recorded.game, recorded.state
    if as_json:
        print_json("game", state.to_json())
        return
    if before is None:
        click.echo("\n".join(view(state).hand_report(suit_symbols())))
        return
    words = view(state)
    click.echo(
        _("Recorded hand {number} of game {game} in its place: the later hands move down one ('undo' takes it back). {totals}").format(
            number=recorded.placed.number, game=game.id, totals=words.totals_sentence()
        )
    )
    for line in words.seating_lines():
        click.echo(line)


# --before on every hand command: a hand someone forgot to enter, put in its place.
before_option = option(
    "--before",
    "before",
    type=click.IntRange(1),
    metavar="NUMBER",
    help=N_("A hand forgotten: record it before hand NUMBER (as numbered on the sheet); the later hands move down one."),
)


def card_options(function):
    """--cards and --opponent-cards: the hand given as both players' cards instead of deadwood."""
    function = option(
        "--opponent-cards",
        metavar="CARDS",
        help=N_("The opponent's 10 cards (with --cards, instead of numbers)."),
    )(function)
    return option(
        "--cards",
        metavar="CARDS",
        help=N_("The cards of the player who went out, e.g. '5s 6s 7s 9c Tc Jc Ks Kc Kd Jd' (11 for big gin)."),
    )(function)


@cli.command(cls=NumbersCommand, help=N_("""PLAYER knocked with KNOCKER_DEADWOOD; the opponent held OPPONENT_DEADWOOD after lay-offs.

Records a knock, or an undercut when the opponent's deadwood is not higher. Instead of the
numbers, give both hands with --cards and --opponent-cards: ginscore finds the melds, the
opponent's best lay-offs and both deadwoods, and keeps the cards with the hand.

\b
Example:
    ginscore knock alice 4 15
    ginscore knock alice 6 15 --upcard 7h     (Oklahoma)
    ginscore knock alice --cards "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd" --opponent-cards "Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s"
    ginscore knock alice --cards "..." --opponent-cards "..." --melds "5s 5c 5d | 6s 6c 6d | 7s 7c 7d"
"""))
@argument("player", pN_("metavar", "PLAYER"), shell_complete=completes("players"))
@argument("knocker_deadwood", pN_("metavar", "KNOCKER_DEADWOOD"), required=False)
@argument("opponent_deadwood", pN_("metavar", "OPPONENT_DEADWOOD"), required=False)
@card_options
@option(
    "--melds",
    metavar="MELDS",
    help=N_("With --cards: the knocker's melds as he laid them, separated by | (default: the arrangement best for him)."),
)
@upcard_option
@before_option
@game_option
@json_option
@click.pass_obj
def knock(obj, game_id, as_json, **params):
    record_hand(obj, game_id, "knock", params, as_json)


@cli.command(cls=NumbersCommand, help=N_("""PLAYER went gin; the opponent held OPPONENT_DEADWOOD.

Instead of the number, give both hands with --cards and --opponent-cards: ginscore checks
that it is gin (big gin with 11 cards) and counts the opponent's deadwood after he melds
(and lays off, only if the game allows lay-offs on gin).

\b
Example:
    ginscore gin bob 30
    ginscore gin bob 30 --big
    ginscore gin bob 30 --upcard Ks          (Oklahoma)
    ginscore gin bob --cards "3s 4s 5s 6s 4h 4d 4c 7d 8d 9d" --opponent-cards "Ah 2h 5h 9h Kh 2c Tc Jc 5d Qs"
"""))
@argument("player", pN_("metavar", "PLAYER"), shell_complete=completes("players"))
@argument("opponent_deadwood", pN_("metavar", "OPPONENT_DEADWOOD"), required=False)
@option("--big", is_flag=True, help=N_("Big gin: all 11 cards melded (with --cards: 11 cards say it)."))
@card_options
@upcard_option
@before_option
@game_option
@json_option
@click.pass_obj
def gin(obj, game_id, as_json, **params):
    record_hand(obj, game_id, "gin", params, as_json)


@cli.command(cls=Command, help=N_("""Record a dead hand: the stock ran down to two cards and nobody knocked.

In a partnership game name a PLAYER at the table that drew.

\b
Example:
    ginscore draw
    ginscore draw --upcard 4d                (Oklahoma)
    ginscore draw carol                      (partnership: Carol's table)
"""))
@argument("player", pN_("metavar", "PLAYER"), required=False, shell_complete=completes("players"))
@upcard_option
@before_option
@game_option
@json_option
@click.pass_obj
def draw(obj, game_id, as_json, **params):
    record_hand(obj, game_id, "draw", params, as_json)


@cli.command(cls=Command, help=N_("""Take back the last thing you did on this device.

That is the hand you recorded last, or your correction, deletion, rules change, rename or
ending of the game, whichever came last. It stays in the ledger, marked taken back, and 'redo'
restores it.

Only this device's own entries: a hand recorded on another device (a phone, another laptop) is
taken back by naming it, 'ginscore delete NUMBER'. Right after 'settle --record' on this device
(without --game), undo takes back that settlement; another device's settlement is taken back
by naming it, with --settlement ID.

With --hand NUMBER it takes back that hand, wherever it stands and whoever recorded it: one of
a hand entered twice on two devices, say.

\b
Example:
    ginscore undo
    ginscore undo --hand 4
    ginscore undo --settlement x9m2c4d7ab
"""))
@game_option
@option("--hand", "hand_number", type=click.IntRange(1), metavar="NUMBER", help=N_("Take back hand NUMBER (as numbered on the sheet)."))
@option("--settlement", metavar="ID", help=N_("Take back settlement ID (its id or a beginning of it), whichever device recorded it."))
@json_option
@click.pass_obj
def undo(obj, game_id, hand_number, settlement, as_json):
    if settlement is not None and (game_id is not None or hand_number is not None):
        raise GinscoreError(_("--settlement takes back a settlement, not a hand: give it without --game and --hand"))
    if hand_number is not None:
        game, state, undone = hands.take_back(obj.book, game_id, hand_number)
        if as_json:
            print_json("game", state.to_json())
            return
        click.echo(
            _("Undid hand {number} of game {game}. {totals}").format(
                number=undone.number, game=game.id, totals=view(state).totals_sentence()
            )
        )
        for line in view(state).seating_lines():  # who deals now that the hand is gone
            click.echo(line)
        return
    # ---- a settlement (cli/settled.py): this device's own right after it, or one named -------------
    if settlement is not None or (game_id is None and obj.book.has_settlements()):
        from ginscore.cli.settled import undo_settlement

        if undo_settlement(obj, settlement, as_json) or settlement is not None:
            return
    taken = hands.undo(obj.book, game_id)
    if as_json:
        print_json("game", taken.state.to_json())
        return
    for line in undone_lines(taken):
        click.echo(line)


def undone_lines(taken) -> list:
    """What 'undo' took back (an ``ops.undo.TakenBack``), in words: what it was, the totals, who deals."""
    game, words, kind = taken.game, view(taken.state), taken.kind
    totals = words.totals_sentence()
    if kind == "end":
        return [_("Undid 'ginscore end' of game {game}: it is open again. {totals}").format(game=game.id, totals=totals)]
    if kind in ("rules", "rename"):
        said = {
            "rules": _("Undid the rules change of game {game} ({change}): scored as before again. {totals}"),
            "rename": _("Undid the rename in game {game} ({change}). {totals}"),
        }[kind]
        return [said.format(game=game.id, change=change_words(taken.concerned), totals=totals)]
    hand = hand_words(taken.concerned.hand, get_table(game.table))
    number = taken.concerned.number
    if kind == "edit":
        said = _("Undid the correction of hand {number} of game {game}: it says {hand} again. {totals}")
    elif kind == "delete":
        said = _("Undid the deletion: hand {number} of game {game} is back: {hand}. {totals}")
    elif kind == "restore":
        said = _("Undid the restore: hand {number} of game {game} is deleted again: {hand}. {totals}")
    else:
        said = _("Undid hand {number} of game {game}: {hand}. {totals}")
    lines = [said.format(number=number, game=game.id, hand=hand, totals=totals)]
    if taken.later_elsewhere:
        lines.append(ngettext(
            "The hand after it, recorded on another device, is now hand {numbers}.",
            "The hands after it recorded on other devices are now hands {numbers}.",
            len(taken.later_elsewhere),
        ).format(numbers=named([str(number) for number in taken.later_elsewhere])))
    return lines + list(words.seating_lines())  # who deals (and plays) now that the hand is gone


@cli.command(cls=NumbersCommand, help=N_("""Rummy: PLAYER went out; every other player pays what he held, as NAME=POINTS.

Give each other player once, with the points he held, or with his cards (ranks, suits
optional, separated by commas: bob=K,7,3) and ginscore counts them (ace 1, faces 10).

\b
Example:
    ginscore out alice bob=20 carol=11
    ginscore out carol alice=5 bob=Q,J --rummy
    ginscore out dan ann=K,7,3 bob=A,A,9 cy=12
"""))
@argument("player", pN_("metavar", "PLAYER"), shell_complete=completes("players"))
@argument("held", pN_("metavar", "NAME=POINTS..."), nargs=-1, shell_complete=completes("held"))
@option("--rummy", "rummy", is_flag=True, help=N_("PLAYER went out all at once ('rummy'): every payment doubles."))
@before_option
@game_option
@json_option
@click.pass_obj
def out(obj, game_id, as_json, **params):
    record_hand(obj, game_id, "out", params, as_json)


@cli.command(cls=Command, help=N_("""Delete hand NUMBER (as numbered on the sheet), wherever it stands: the later hands move
up one and every total is scored again. The hand stays in the ledger, marked deleted, and
'undo' right after brings it back; 'log' shows the deletion.

Refused when a later hand could not then have been played (in three-handed gin, a player
who would have sat it out; a hand after the game's new end): correct that hand first.

\b
Example:
    ginscore delete 3
    ginscore delete 2 --game 3
"""))
@argument("number", pN_("metavar", "NUMBER"))
@game_option
@json_option
@click.pass_obj
def delete(obj, number, game_id, as_json):
    position = whole_number(number, _("the hand number"))
    game, state, deleted = hands.delete(obj.book, game_id, position)
    said = _("Deleted hand {number} of game {game} ('undo' brings it back). {totals}")
    report_change(state, as_json, said.format(number=deleted.number, game=game.id, totals="{totals}"))
