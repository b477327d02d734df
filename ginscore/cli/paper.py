"""Paper play: pad, a blank score sheet for the kinds of table ginscore knows."""

from __future__ import annotations

import click

from ginscore.base.i18n import N_, pN_
from ginscore.cli import cli
from ginscore.cli.options import (
    SUFFIXES,
    chosen_paper,
    completes,
    deliver,
    file_options,
    json_text,
    json_version_option,
    paper_option,
    rule_options,
    table_options,
)
from ginscore.cli.translated import Command, argument, option
from ginscore.core.names import check_new_players
from ginscore.output import render
from ginscore.tables import get_table

MAX_PAD_HANDS = 40  # two printed pages of rows a pencil can write in (the table's own number fits one)


@cli.command(cls=Command, help=N_("""Print a blank score sheet to keep score on paper.

The kind of table is chosen as with 'new' (--hollywood, --three-handed, --partnership,
--rummy);
players, stake and rules given here are written in its header, anything not given is
left blank to fill in by hand. One row per hand, a score and a running total per player
(per side in a partnership), and the final block with its rows labelled.

\b
Example:
    ginscore pad
    ginscore pad Alice Bob --stake 0.10 --rules seed-004
    ginscore pad --hollywood --format html --output hollywood-pad.html --open
    ginscore pad --partnership --hands 12
"""))
@argument("players", pN_("metavar", "PLAYERS"), nargs=-1)
@option("--stake", metavar="RATE", help=N_("Money per point written on the pad: 0.01, or 1/10."))
@option("--currency", metavar="SYMBOL", help=N_("Currency symbol shown with the stake, e.g. € or CHF."))
@option(
    "--hands", type=click.IntRange(1, MAX_PAD_HANDS), metavar="N", default=None,
    help=N_("Rows for hands (rounds in a partnership), 1 to {most} (default: the table's).").format(most=MAX_PAD_HANDS),
)
@option(
    "--format", "fmt", metavar="FORMAT", default="text", shell_complete=completes("formats"),
    help=N_("text (the default, 80 columns), html (one printable page), markdown, csv, json, ..."),
)
@json_version_option
@file_options
@paper_option
@table_options
@rule_options
def pad(players, stake, currency, hands, fmt, output, open_it, paper, table, preset, settings):
    from ginscore.core.scoring import parse_currency, parse_stake

    name = "json" if fmt.strip().lower() == "json" else render.check_format(fmt)
    kind = get_table(table)
    names = ()
    if players:
        names = check_new_players(players)
        kind.check_players(names)
    rules = None
    if preset is not None or settings:
        rules = kind.rules_from(preset, settings, set(settings), preset is not None)
    rate = None if stake is None else parse_stake(stake)
    symbol = None if currency is None else parse_currency(currency)
    sheet = kind.view_of().pad(tuple(names), rules, rate, symbol, hands or kind.pad_hands)
    if name == "json":
        text = json_text("pad", render.pad_data(sheet))
    else:
        text = render.pad(sheet, name, chosen_paper(paper) if name == "html" else None)
    deliver(text, output, open_it, SUFFIXES.get(name, ".txt"))
