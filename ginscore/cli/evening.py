"""The evening and the years: settle (many games at once) and stats."""

from __future__ import annotations

import click

from ginscore.base.errors import GinscoreError, printable
from ginscore.base.errors import shown as quoted
from ginscore.base.i18n import N_, _, decimal, translate
from ginscore.base.text import in_words
from ginscore.cli import cli
from ginscore.cli.options import JSON_MAJOR, completes, output_options, print_json, selection_options, settled_options
from ginscore.cli.translated import option
from ginscore.core.names import folded
from ginscore.core.scoring import cents, show_amount, written_amount
from ginscore.output import render
from ginscore.output.render import DEFAULT_FORMAT
from ginscore.tables import names

SETTLE_HELP = N_(
    """Settle many finished games at once: each player's net in money, and the fewest
payments that clear it.

Players who played together settle among themselves: nobody pays a player he never played.
The fewest payments are found exactly for up to 10 players in such a group (the players minus
the most groups whose nets sum to zero), greedily above that. --record marks the games settled.

A settled game whose money changed since (a late hand from another device, a correction, a
void) is named with what was paid, what it comes to now and what squares it; --record records
that squaring too, so it is asked once.

\b
Example:
    ginscore settle --since today
    ginscore settle --player Dan --player Eve --record
    ginscore settle --game 3 --game 4 --json"""
)


@cli.command(help=SETTLE_HELP)
@settled_options
@option(
    "--currency",
    metavar="SYMBOL",
    help=N_("Settle the games played for this currency (when games used several); 'none': the games without a currency."),
)
@option("--record", is_flag=True, help=N_("Mark the games settled, so the next 'settle' starts from zero ('undo' takes it back)."))
@output_options
@click.pass_obj
def settle(obj, selection, game_ids, unsettled, currency, record, as_json, fmt):
    from ginscore.app import evening

    shown = evening.view(obj.book, selection, game_ids, unsettled)
    if currency is not None:
        shown = evening.in_currency(shown, currency)
    elif len(shown.results) > 1:
        symbols = in_words(result.currency or _("no currency") for result in shown.results)
        commands = "; ".join(same_settle(click.get_current_context(), result.currency or NO_CURRENCY) for result in shown.results)
        raise GinscoreError(
            _("these games were played for {symbols}: settle each on its own: {commands}").format(
                symbols=symbols, commands=commands
            )
        )
    if record and shown.can_record:
        shown = evening.record(obj.book, shown)
    if as_json:
        body = settle_json(shown)
        if click.get_current_context().meta.get(JSON_MAJOR) == 1:  # the old shape numbers the settlements
            body["numbers"] = settlement_numbers(obj.book)
        print_json("settle", body)
    else:
        print_settlement(shown, render.check_format(fmt or DEFAULT_FORMAT))
        from ginscore.app.settlement_words import twice_words

        for held in shown.twice_grouped:  # on standard error: the table stays what a spreadsheet reads
            click.echo(_("note: {twice}.").format(twice=twice_words(held)), err=True)
    report_problems(shown.evening.problems)


def said_lines(shown) -> list:
    """What follows the settlement: the games left out, the settled games changed since, what
    was recorded, in the command line's words."""
    from ginscore.app.settlement_words import change_line, left_out_line

    left_out = [left_out_line(held["game"], printable(held["error"])) for held in shown.evening.damaged]
    return [*left_out, *(change_line(change) for change in shown.changes), *recorded_lines(shown.recorded)]


def recorded_lines(recorded) -> list:
    """What 'settle --record' recorded, naming the settlement by its id."""
    if recorded is None:
        return []
    if recorded["games"] and recorded["squares"]:
        words = _("Recorded as settlement {id}: these games are settled and the changed games squared "
                  "('ginscore undo' takes it back).")
    elif recorded["squares"]:
        words = _("Recorded as settlement {id}: the changed games are squared ('ginscore undo' takes it back).")
    else:
        words = _("Recorded as settlement {id}: these games are settled ('ginscore undo' takes it back).")
    return [words.format(id=recorded["id"])]


def report_problems(problems) -> None:
    """The settlement files (and copies of entries) left out, on standard error; exit status 1
    once the answer is printed: it was worked out without them."""
    if not problems:
        return
    for _path, problem in problems:
        click.echo(_("Error: {message}").format(message=printable(problem)), err=True)
    click.get_current_context().exit(1)


def settlement_numbers(book) -> dict:
    """id -> the number of each settlement (its place among them, from 1), for the JSON's
    major 1, which numbered them; the numbers change when an earlier settlement arrives."""
    from ginscore.app.accounts import held

    return {record["id"]: number for number, record in enumerate(held(book).records, 1)}


NO_CURRENCY = "none"  # --currency none: the games without a currency (scoring.NO_CURRENCY, not imported: start-up)


def same_settle(ctx, currency: str) -> str:
    """This 'settle' command as typed (its options and --ledger), for one ``currency``."""
    from click.core import ParameterSource

    from ginscore.base.shell import command

    def typed(context, leave_out=()):
        words = []
        for param in context.command.params:
            name = param.name
            if not isinstance(param, click.Option) or name in leave_out or name not in context.params:
                continue
            if context.get_parameter_source(name) is not ParameterSource.COMMANDLINE:
                continue
            value = context.params[name]
            if param.is_flag:
                if param.secondary_opts:
                    words.append(param.opts[0] if value else param.secondary_opts[0])
                elif value:
                    words.append(param.opts[0])
            elif param.multiple:
                for item in value:
                    words += [param.opts[0], str(item)]
            elif value is not None:
                words += [param.opts[0], str(value)]
        return words

    before = typed(ctx.parent) if ctx.parent is not None else []
    return command([*before, ctx.info_name], (), [*typed(ctx, ("currency",)), "--currency", currency])


def settle_json(shown) -> dict:
    """The settlement ``shown`` (``app.evening.SettleView``) as 'settle --json' prints it."""
    from ginscore.ops.squaring import change_json, twice_json

    result, recorded, evening = shown.result, shown.recorded, shown.evening
    made = {
        "settlement_id": recorded and recorded["id"],
        "squared": [game for square in (recorded or {}).get("squares", ()) for game in square["games"]],
        "changed": [change_json(change) for change in shown.changes],
        "settled_twice": [twice_json(held) for held in evening.twice],
        "left_out": evening.damaged,
        "unread": [{"file": path, "problem": problem} for path, problem in evening.problems],
    }
    if result is None:
        return {"games": [], "currency": None, "nets": {}, "payments": [], "method": None, "no_stake": shown.no_stake, **made}
    return {
        "games": list(result.games),
        "currency": result.currency,
        "nets": {name: cents(amount) for name, amount in result.nets.items()},
        "payments": [
            {"from": debtor, "to": creditor, "amount": cents(amount)} for debtor, creditor, amount in result.payments
        ],
        "method": result.method,
        "no_stake": shown.no_stake,
        **made,
    }


def print_settlement(shown, fmt) -> None:
    """The evening's settlement (``app.evening.SettleView``), then what was left out, what changed
    since a settlement and what was recorded; with CSV and TSV the table alone, the lines on
    standard error."""
    from ginscore.app import settlement_words as words

    result, said = shown.result, said_lines(shown)
    text = fmt not in render.SPREADSHEET_FORMATS  # CSV and TSV: the table alone, for a spreadsheet
    before = []
    if shown.no_stake and (text or result is None):
        before.append(words.no_stake_line(shown.no_stake))
    if result is None and not shown.changes:
        hint = _(" (games settled before are left out: --all includes them)") if shown.evening.some_settled else ""
        before.append(words.nothing_line(hint))
    if not text:
        for line in before:
            click.echo(line)
        if result is not None:
            click.echo(render.grid([_("player"), _("net")], words.spreadsheet_rows(result), fmt))
        for line in said:
            click.echo(line, err=True)
        return
    if result is None:
        if fmt == "html":
            click.echo(render.html_page(_("Settlement"), [("p", line) for line in [*before, *said]]))
            return
        for line in [*before, *said]:
            click.echo(render.markdown_text(line) if fmt == render.MARKDOWN else line)
        return
    nets = render.grid([_("player"), _("net")], words.net_rows(result), fmt)
    games = words.games_line(result)
    owed = words.payment_lines(result)
    after = [words.after_payments_line(result), *said]
    if fmt == "html":
        blocks = [*(("p", line) for line in before), ("p", games), ("html", nets), *(("h2", line) for line in owed), *(("p", line) for line in after)]
        click.echo(render.html_page(_("Settlement"), blocks))
        return
    for line in before:
        click.echo(render.markdown_text(line) if fmt == render.MARKDOWN else line)
    if fmt == render.MARKDOWN:  # each line its own paragraph, every name as text
        lines = render.separate(map(render.markdown_text, [*owed, *after]))
        click.echo(f"{render.markdown_text(games)}\n\n{nets}\n\n" + "\n".join(lines))
        return
    click.echo(f"{games}\n\n{nets}\n")
    for line in [*owed, *after]:
        click.echo(line)


def money_rows(label: str, money: list) -> list:
    """For CSV, one row per currency (``money (€)``; ``money`` without one), each cell a bare
    number with the decimals the text shows, empty where that player has none."""
    currencies = list(dict.fromkeys(currency for amounts in money for currency in amounts)) or [""]
    return [
        [f"{label} ({currency})" if currency else label,
         *(show_amount(amounts[currency], None) if currency in amounts else "" for amounts in money)]
        for currency in currencies
    ]


STATS_HELP = N_(
    """Statistics per player over the finished games: games and hands won, gins, undercuts,
knocks, average and biggest hand won, the longest run of games won and the money; from
hands typed as cards, the deadwood at a knock and how often melds were held back.

\b
Example:
    ginscore stats
    ginscore stats --player Dan --since 2026-01-01
    ginscore stats --vs Dan Eve"""
)


@cli.command(help=STATS_HELP)
@selection_options
@option("--table", "table", metavar="KIND", shell_complete=completes("tables"), help=N_("Only games of this kind of table (standard, hollywood, ...)."))
@option("--vs", "pair", nargs=2, metavar="NAME NAME", help=N_("Head to head: the two players' games against each other."))
@output_options
@click.pass_obj
def stats(obj, selection, table, pair, as_json, fmt):
    from ginscore.core.statistics import shown as stats_of

    if table is not None and table.strip().lower() not in names():
        raise GinscoreError(
            _("--table {value} is not a kind of table: use one of {tables}").format(value=quoted(table), tables=", ".join(names()))
        )

    # A player's statistics come from his own rows, so --player only chooses whom to show;
    # --vs keeps the games both played.
    shown = tuple(pair or selection.players)
    refuse_strangers(obj.book, shown)
    selection = selection._replace(table=table and table.strip().lower(), players=tuple(pair or ()))
    totals = obj.book.player_totals(selection)
    record = obj.book.summaries(selection._replace(finished_only=True)) if pair else []
    wanted = {folded(name) for name in shown}
    report = {entry["player"]: stats_of(entry) for entry in totals if not wanted or folded(entry["player"]) in wanted}
    if as_json:
        games = [{"id": e["id"], "created": e["created"], "winner": e["winner"], "net": e["net"],
                  "amount": e["amount"], "payments": e["payments"]} for e in record]
        print_json("stats", {"players": report, "games": games if pair else None})
        return
    print_stats(report, record, fmt)


def refuse_strangers(book, names) -> None:
    """Refuse a --vs or --player name that no finished game has, rather than find nothing:
    the players' totals over every game are kept, so asking costs one query."""
    from ginscore.app.book import selection

    if not names:
        return
    known = {folded(entry["player"]) for entry in book.player_totals(selection())}
    for name in names:
        if folded(name) not in known:
            raise GinscoreError(
                _("no player {name} in any finished game: 'ginscore stats' lists every player").format(name=quoted(name))
            )


# Players side by side while they fit a screen of 80 columns (the labels take 29, a player 9 to
# 12): head to head, a table of four. More (a club's 200) are a row each.
PLAYERS_AS_COLUMNS = 4


def print_stats(report: dict, record: list, fmt) -> None:
    from ginscore.core.statistics import SHOWN

    if not report:
        click.echo(_("No finished games match."))
        return
    fmt = render.check_format(fmt or DEFAULT_FORMAT)

    def cell(key, value):
        if value is None:
            return ""
        if key == "money":
            if fmt in ("csv", "tsv"):
                return ", ".join(show_amount(amount, currency or None) for currency, amount in value.items())
            return ", ".join(written_amount(amount, currency or None) for currency, amount in value.items())
        if key == "melds_held_back":
            return f"{value:.0%}"
        if isinstance(value, float):  # an average: always one decimal (10.0 beside 11.5, never 10)
            return f"{value:.1f}" if fmt in ("csv", "tsv") else decimal(f"{value:.1f}")
        return value

    names = list(report)
    if len(names) > PLAYERS_AS_COLUMNS and fmt not in render.SPREADSHEET_FORMATS:
        # a club: a row per player, a column per figure, every figure right-aligned (issue #45)
        headers = [_("player"), *(translate(line.label) for line in SHOWN)]
        rows = [[name, *(cell(line.key, report[name][line.key]) for line in SHOWN)] for name in sorted(names, key=folded)]
        grids = [render.grid(headers, rows, fmt, numeric=tuple(range(1, len(headers))))]
    else:
        rows = []
        for line in SHOWN:
            if line.key == "money" and fmt in render.SPREADSHEET_FORMATS:
                rows += money_rows(translate(line.label), [report[name]["money"] for name in names])
                continue
            rows.append([translate(line.label), *(cell(line.key, report[name][line.key]) for name in names)])
        # every player's column right-aligned, the money and the averages with the counts
        grids = [render.grid(["", *names], rows, fmt, numeric=tuple(range(1, len(names) + 1)))]
    if record and fmt not in ("csv", "tsv"):
        lines = [[e["id"], e["created"][:10], e["winner"] or "", "" if e["net"] is None else e["net"]] for e in record]
        grids.append(render.grid([_("game"), _("date"), _("winner"), _("net")], lines, fmt))
    if fmt == "html":
        click.echo(render.html_page(_("Statistics"), [("html", drawn) for drawn in grids]))
    else:
        click.echo("\n\n".join(grids))
