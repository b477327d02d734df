"""export: the money of the games chosen as 'settle' chooses them, for hledger, ledger,
beancount or a spreadsheet. Parses and prints; ``ginscore.exchange.export`` makes the
transactions and its target (``ginscore.exchange.targets``, whose names --to takes) the text."""

from __future__ import annotations

import click

from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import N_, _, ngettext
from ginscore.base.text import named
from ginscore.cli import cli
from ginscore.cli.options import deliver, settled_options
from ginscore.cli.output_option import output_option
from ginscore.cli.translated import option
from ginscore.exchange import targets

EXPORT_HELP = N_(
    """Export the money of finished games for an accounting program or a spreadsheet: one
transaction (or row) per payment of each game, dated the day the game ended, with the game's
id as its code (ginscore:ID). The games are chosen as 'settle' chooses them.

hledger reads 'export --to csv' with the CSV rules file that comes with ginscore:
'ginscore export --csv-rules -o ginscore.csv.rules' writes it (without -o it is printed).

Without --as the accounts are a neutral book of everyone's balance (games:NAME); with
--as NAME, that player's own: a receivable per other player (assets:receivable:NAME) and
his winnings (income:games:gin). Games without a stake come to no money and are left out.
Nothing but the export is printed.

\b
Example:
    ginscore export --to hledger --since 2026-11-01 > gin.journal
    ginscore export --to beancount --as Dan --commodity none=EUR -o gin.beancount
    ginscore export --to csv --all > payments.csv"""
)



class ExportTarget(click.ParamType):
    """What --to takes: the name of a target of the registry (``ginscore.exchange.targets``), which
    its metavar lists and its completion offers. The name is checked with the other options
    (``export.naming``), in any case, so that every refusal of them is one line alike."""

    name = "target"

    def get_metavar(self, param, ctx=None):
        return "|".join(targets.names())

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem

        return [CompletionItem(name) for name in targets.names() if name.startswith(incomplete.lower())]


@cli.command(help=EXPORT_HELP)
@option("--to", "target", type=ExportTarget(), help=N_("What to write: a file for one of the accounting programs, or CSV."))
@settled_options
@option("--as", "me", metavar="NAME", help=N_("One player's own book: what each other player owes him, and his winnings."))
@option(
    "--account", "template", metavar="TEMPLATE",
    help=N_("A player's account, with {name} for the name (default games:{name}; with --as assets:receivable:{name})."),
)
@option("--income", metavar="ACCOUNT", help=N_("With --as: the account of his winnings (default income:games:gin)."))
@option(
    "--commodity", "commodities", multiple=True, metavar="SYMBOL=CODE",
    help=N_("Write the games played for SYMBOL in CODE (repeatable; none=CODE: the games without a currency)."),
)
@option("--csv-rules", "csv_rules", is_flag=True, help=N_("Print hledger's rules for reading 'export --to csv' (with -o: write them to FILE)."))
@output_option
@click.pass_obj
def export(obj, target, selection, game_ids, unsettled, me, template, income, commodities, csv_rules, output):
    from ginscore.app import exports
    from ginscore.exchange import export as exporting

    if csv_rules:
        if target or any(selection) or game_ids or not unsettled or me or template or income or commodities:
            raise click.UsageError(_("--csv-rules takes only --output FILE: the rules are the same for every export"))
        rules = exporting_rules()
        if output is None:
            click.echo(rules, nl=False)
        else:
            deliver(rules, output, False, ".rules")
        return
    target = None if target is None else target.strip().lower()
    how = exporting.naming(target, template, income, me, exporting.parse_commodities(commodities))
    exported = exports.export(obj.book, selection, game_ids, unsettled, how)
    text, no_stake, with_stake, some_settled = exported
    if no_stake:
        words = ngettext(
            "Left out: {count} game without a stake ({games}), which comes to no money.",
            "Left out: {count} games without a stake ({games}), which come to no money.",
            len(no_stake),
        )
        click.echo(words.format(count=len(no_stake), games=named(no_stake, bracketed=False)), err=True)
    if not with_stake:
        hint = _(" (games settled before are left out: --all includes them)") if some_settled else ""
        click.echo(_("Nothing to export: no finished game with a stake matches{hint}.").format(hint=hint), err=True)
    if output is None:
        click.echo(text, nl=False)
    elif with_stake:  # nothing to export leaves the file as it was
        deliver(text, output, False, how.target.suffix)


CSV_RULES = "ginscore-export.csv.rules"  # in ginscore/data/, package data (pyproject.toml)


def exporting_rules() -> str:
    """The hledger CSV rules file that ships in the package."""
    from importlib.resources import files

    try:
        return files("ginscore").joinpath("data", CSV_RULES).read_text("utf-8")
    except OSError:
        raise GinscoreError(_("the CSV rules file is missing from this installation: install ginscore again")) from None
