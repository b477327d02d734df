"""Commands that only read: status, sheet, games."""

from __future__ import annotations

import click

from ginscore import actions
from ginscore.cli import cli
from ginscore.cli.options import SUFFIXES, deliver, file_options, game_option, output_options
from ginscore.render import DEFAULT_FORMAT, to_json


@cli.command()
@game_option
@output_options
@click.pass_obj
def status(obj, game_id, as_json, fmt):
    """Show the running totals and boxes of a game, and its final block once it has ended.

    \b
    Example:
        ginscore status
        ginscore status --game 3 --json
        ginscore status --format csv > final.csv

    With --format csv a finished game prints its final block as one table: a row per player
    (per side; in Hollywood per player and column) with points, boxes, bonuses, total, net
    and, with a stake, the amount; a game in progress prints its running totals.
    """
    from ginscore import render

    state = actions.evaluate(obj.ledger.load(game_id))
    if as_json:
        click.echo(to_json(state.to_json()))
        return
    sheet = state.sheet()
    scores = state.score_table()
    parts = [scores, *(part for part in sheet.tables[1:] if not part.detail)]
    if fmt is None:  # the fast path between hands: no tabulate
        draw = render.plain_table
    else:
        fmt = render.check_format(fmt)
        if fmt in render.SPREADSHEET_FORMATS:
            final = sheet.final_records or scores
            click.echo(render.table(final.headers, final.rows, fmt))
            return

        def draw(headers, rows):
            return render.table(headers, rows, fmt)

    gap = "" if fmt is None else "\n"  # markup tables (markdown, rst, ...) need a blank line before them
    click.echo(f"{sheet.title}\n{gap}{draw(scores.headers, scores.rows)}")
    for part in parts[1:]:
        click.echo(f"\n{part.title}\n{gap}{draw(part.headers, part.rows)}")
    if state.finished:
        click.echo("\n" + "\n".join(sheet.notes))
    else:
        click.echo("\n" + state.progress_line())


@cli.command()
@game_option
@output_options
@file_options
@click.pass_obj
def sheet(obj, game_id, as_json, fmt, output, open_it):
    """Print the score sheet: hand by hand, the running totals, then the final block.

    --format html is a whole printable page (one page for a game of up to 25 hands, or a
    three-column Hollywood match) with a chart of the running totals; --format csv is the
    hands as one table with the running totals, for a spreadsheet.

    \b
    Example:
        ginscore sheet
        ginscore sheet --game 2 --format markdown
        ginscore sheet --format html --output game.html --open
        ginscore sheet --format csv -o hands.csv
    """
    from ginscore import render

    fmt = None if as_json else render.check_format(fmt or DEFAULT_FORMAT)  # before reading: a typo costs nothing
    state = actions.evaluate(obj.ledger.load(game_id))
    if as_json:
        text = to_json(state.to_json())
    else:
        text = render.sheet(state.sheet(), fmt)
    deliver(text, output, open_it, SUFFIXES.get("json" if as_json else fmt, ".txt"))


@cli.command()
@output_options
@click.pass_obj
def games(obj, as_json, fmt):
    """List every game: id, date, players, state, winner and net.

    \b
    Example:
        ginscore games
        ginscore games --format csv > games.csv
    """
    from ginscore import render

    ledger = obj.ledger
    listing, damaged = [], []
    for game_id in ledger.game_ids():
        try:  # one damaged game must not hide the others: list it as damaged, exit 1 at the end
            state = actions.evaluate(ledger.load(game_id))
        except Exception as error:  # noqa: BLE001 - whatever it is, it is this game's problem
            damaged.append(ledger.damage(game_id, error))
            listing.append({"id": game_id, "damaged": True, "error": damaged[-1]})
            continue
        game = state.game
        final = state.final  # every table's final has a net and an amount, or is None
        listing.append(
            {
                "id": game.id,
                "created": game.created,
                "table": game.table,
                "format": game.table,
                "players": list(game.players),
                "hands": len(state.rows),
                "finished": state.finished,
                "winner": state.winner,
                "net": getattr(final, "net", None),
                "amount": getattr(final, "amount", None),
                "payments": [paid.to_json() for paid in state.payments()],
            }
        )
    if as_json:
        click.echo(to_json(listing))
        _report_damaged(damaged)
        return
    if not listing:
        click.echo(f"No games yet in {ledger.root}: start one with 'ginscore new Alice Bob'.")
        return
    headers = ["id", "date", "players", "table", "hands", "state", "winner", "net"]
    rows = [
        [
            entry["id"],
            entry["created"][:10],
            " v ".join(entry["players"]),
            entry["table"],
            entry["hands"],
            "finished" if entry["finished"] else "in progress",
            entry["winner"] or "",
            "" if entry["net"] is None else entry["net"],
        ]
        if not entry.get("damaged")
        else [entry["id"], "", "", "", "", "DAMAGED", "", ""]
        for entry in listing
    ]
    click.echo(render.table(headers, rows, render.check_format(fmt or DEFAULT_FORMAT)))
    _report_damaged(damaged)


def _report_damaged(errors) -> None:
    from ginscore.errors import printable

    for error in errors:
        click.echo(f"Error: {printable(error)}", err=True)
    if errors:
        click.get_current_context().exit(1)
