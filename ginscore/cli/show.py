"""Commands that only read: status, sheet, games."""

from __future__ import annotations

import click

from ginscore import actions
from ginscore.cli import cli
from ginscore.cli.options import game_option, json_option, output_options
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
        ginscore status --format csv
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
        if fmt == "csv":
            click.echo(render.sheet(sheet._replace(tables=parts), fmt))
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
@click.pass_obj
def sheet(obj, game_id, as_json, fmt):
    """Print the score sheet: hand by hand, the running totals, then the final block.

    \b
    Example:
        ginscore sheet
        ginscore sheet --game 2 --format github
    """
    from ginscore import render

    state = actions.evaluate(obj.ledger.load(game_id))
    if as_json:
        click.echo(to_json(state.to_json()))
        return
    click.echo(render.sheet(state.sheet(), render.check_format(fmt or DEFAULT_FORMAT)))


@cli.command()
@click.option("--all", "show_all", is_flag=True, help="Also list the games set aside with 'ginscore void'.")
@output_options
@click.pass_obj
def games(obj, show_all, as_json, fmt):
    """List every game: id, date, players, state, winner and net. Games set aside with
    'ginscore void' are left out unless --all is given.

    \b
    Example:
        ginscore games
        ginscore games --all
        ginscore games --format csv > games.csv
    """
    from ginscore import render
    from ginscore.errors import GinscoreError

    ledger = obj.ledger
    listing, damaged = [], []
    for game_id in ledger.game_ids():
        try:  # one damaged game must not hide the others: list it as damaged, exit 1 at the end
            state = actions.evaluate(ledger.load(game_id))
        except GinscoreError as error:
            damaged.append(str(error))
            listing.append({"id": game_id, "damaged": True, "error": str(error)})
            continue
        game = state.game
        voided = actions.is_voided(game)
        if voided and not show_all:
            continue
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
                "voided": voided,
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
            "voided" if entry["voided"] else "finished" if entry["finished"] else "in progress",
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
    for error in errors:
        click.echo(f"Error: {error}", err=True)
    if errors:
        click.get_current_context().exit(1)
