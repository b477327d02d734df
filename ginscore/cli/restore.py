"""'ginscore restore': a deleted hand brought back in its place."""

from __future__ import annotations

import click

from ginscore.app import hands
from ginscore.base.i18n import N_, _, pN_
from ginscore.cli import cli
from ginscore.cli.options import game_option, json_option
from ginscore.cli.play import report_change
from ginscore.cli.translated import Command, argument, option
from ginscore.ops.typed_hands import whole_number


@cli.command(cls=Command, help=N_("""Bring back deleted hand NUMBER, at any time, in its place among the hands: the hands
after it move down one and every total is scored again. NUMBER is the hand's number when it
was deleted, as 'ginscore log' shows it ("deleted hand 3"). 'undo' right after deletes it
again. (A hand taken back with 'undo' comes back with 'redo'.)

Refused when a later hand could then not have been played (the game would end before it; in
three-handed or partnership gin, a later hand would be played by others).

\b
Example:
    ginscore restore 3
    ginscore restore 3 --entry 9          (two hands were deleted as hand 3: the one of log #9)
"""))
@argument("number", pN_("metavar", "NUMBER"))
@option(
    "--entry",
    type=click.IntRange(1),
    metavar="E",
    help=N_("Where several hands were deleted as hand NUMBER: the one whose deletion (or recording) is entry #E of 'ginscore log'."),
)
@game_option
@json_option
@click.pass_obj
def restore(obj, number, entry, game_id, as_json):
    position = whole_number(number, _("the hand number"))
    game, state, restored = hands.restore(obj.book, game_id, position, entry)
    said = _("Restored hand {number} of game {game} in its place ('undo' deletes it again). {totals}")
    report_change(state, as_json, said.format(number=restored.number, game=game.id, totals="{totals}"))
