"""Commands that only read: status, sheet, games."""

from __future__ import annotations

import click

from ginscore.app import reading
from ginscore.base.errors import printable
from ginscore.base.i18n import N_, _, ngettext, pgettext
from ginscore.base.text import named
from ginscore.cli import cli
from ginscore.cli.options import (
    JSON_MAJOR,
    SUFFIXES,
    chosen_paper,
    deliver,
    file_options,
    game_option,
    json_text,
    output_options,
    paper_option,
    print_json,
    selection_options,
)
from ginscore.cli.translated import option
from ginscore.core.apart import apart
from ginscore.core.game import effective_hands, voided
from ginscore.output import render
from ginscore.output.render import DEFAULT_FORMAT
from ginscore.tables import get_table

STATUS_HELP = N_(
    """Show the running totals and boxes of a game, and its final block once it has ended.

\b
Example:
    ginscore status
    ginscore status --game 3 --json
    ginscore status --format csv > final.csv

With --format csv a finished game prints its final block as one table: a row per player
(per side; in Hollywood per player and column) with points, boxes, bonuses, total, net
and, with a stake, the amount; a game in progress prints its running totals."""
)


@cli.command(help=STATUS_HELP)
@game_option
@output_options
@click.pass_obj
def status(obj, game_id, as_json, fmt):
    state = obj.book.state(game_id)
    if as_json:
        print_json("game", state.to_json())
        return
    if voided(state.game.journal):  # said first: its totals below are of a game set aside
        click.echo(
            _("Game {game} is voided: it counts nowhere; 'ginscore unvoid {game}' brings it back.").format(game=state.game.id)
        )
    shown = reading.view(state).status()
    fmt = DEFAULT_FORMAT if fmt is None else render.check_format(fmt)  # no tabulate import when none is asked
    if fmt in render.SPREADSHEET_FORMATS:
        click.echo(render.grid(shown.csv_final.headers, shown.csv_final.rows, fmt))
        return
    notes = [*shown.notes, *merged_lines(state.game, obj.book)]
    if obj.book.may_be_settled(state.game.id):  # a settled game whose money changed since (app/accounts.py)
        from ginscore.app.accounts import game_lines

        notes += game_lines(obj.book, state)
    if fmt == "html":
        blocks = []
        for index, part in enumerate(shown.grids):
            blocks += [*([("h2", part.title)] if index else []), ("html", render.grid(part.headers, part.rows, fmt, part.numeric))]
        click.echo(render.html_page(shown.title, blocks + [("p", note) for note in notes]))
        return
    if fmt == DEFAULT_FORMAT:  # the fast path between hands, no tabulate: --format text is the same
        draw, gap = render.plain_grid, ""
    else:

        def draw(headers, rows, numeric):
            return render.grid(headers, rows, fmt, numeric)

        gap = "\n"  # markup grids (markdown, rst, ...) need a blank line before them
    shows = render.markdown_text if fmt == render.MARKDOWN else str
    scores, *parts = shown.grids
    click.echo(f"{shows(shown.title)}\n{gap}{draw(scores.headers, scores.rows, scores.numeric)}")
    for part in parts:
        click.echo(f"\n{shows(part.title)}\n{gap}{draw(part.headers, part.rows, part.numeric)}")
    notes = render.separate(map(shows, notes)) if fmt == render.MARKDOWN else notes
    click.echo("\n" + "\n".join(notes))


def merged_lines(game, book) -> list:
    """What status says, once, of a game two devices recorded in while apart: which hands came
    from where, and what a person must look at (hands after the end, likely double entries)."""
    merged = apart(game.journal)
    if not merged:
        return []
    # as recorded, not as it stands: a hand kept aside is judged by the rules its device had seen
    game = book.load(game.id)
    from ginscore.app.checks import recorded_apart
    from ginscore.app.game_notes import merged_notes, set_aside
    from ginscore.base.device import device_id

    ids = recorded_apart(game.journal)
    devices = {entry["id"]: entry["device"] for entry in game.journal}
    hands = [hand for hand in effective_hands(game.journal) if hand.entry in ids]
    late = set_aside(game)  # kept, not counted: named in the notes below, never said to count
    here = device_id()
    elsewhere = any(devices[hand.entry] == here for hand in hands)  # name what came in, not this device's own
    if elsewhere:
        hands = [hand for hand in hands if devices[hand.entry] != here]
    if not late:
        said = (_("Recorded on another device while apart and merged here: hands {hands} (device in brackets); every hand "
                  "counts, in the order played ('ginscore log' shows each entry's device).") if elsewhere else
                _("Recorded on two devices while apart and merged: hands {hands} (device in brackets); every hand counts, in "
                  "the order played ('ginscore log' shows each entry's device)."))
    else:
        said = (_("Recorded on another device while apart and merged here: hands {hands} (device in brackets), in the order "
                  "played ('ginscore log' shows each entry's device); the hands that do not count are named below.") if elsewhere
                else _("Recorded on two devices while apart and merged: hands {hands} (device in brackets), in the order played "
                       "('ginscore log' shows each entry's device); the hands that do not count are named below."))
    lines = []
    if hands:
        # an entry from before devices names none: a file of an older ginscore recorded it
        listed = ", ".join(f"{hand.number} ({devices[hand.entry] or _('an older ginscore')})" for hand in hands)
        lines.append(said.format(hands=listed))
    return lines + merged_notes(game, late)


SHEET_HELP = N_(
    """Print the score sheet: hand by hand, the running totals, then the final block.

--format html is a whole printable page (one page for a game of up to 25 hands, or a
three-column Hollywood match) with a chart of the running totals; --format csv is the
hands as one table with the running totals, for a spreadsheet.

\b
Example:
    ginscore sheet
    ginscore sheet --game 2 --format markdown
    ginscore sheet --format html --output game.html --open
    ginscore sheet --format csv -o hands.csv"""
)


@cli.command(help=SHEET_HELP)
@game_option
@output_options
@file_options
@paper_option
@click.pass_obj
def sheet(obj, game_id, as_json, fmt, output, open_it, paper):
    fmt = None if as_json else render.check_format(fmt or DEFAULT_FORMAT)  # before reading: a typo costs nothing
    state = obj.book.state(game_id)
    if as_json:
        text = json_text("game", state.to_json())
    else:
        text = render.sheet(reading.view(state).sheet(), fmt, chosen_paper(paper) if fmt == "html" else None)
    deliver(text, output, open_it, SUFFIXES.get("json" if as_json else fmt, ".txt"))


GAMES_HELP = N_(
    """List the games: id, date, players, table, state, winner, net, the money and who pays,
and a total per player of the money in the games listed. Games set aside with 'ginscore
void' are left out, unless --all is given.

Reads the summary index, not every game file, so it is as quick with ten years of games.

\b
Example:
    ginscore games
    ginscore games --last 20
    ginscore games --player Dan --player Eve --since 2026-11-01
    ginscore games --unsettled --format csv > owed.csv
    ginscore games --all"""
)


@cli.command(help=GAMES_HELP)
@selection_options
@option("--last", "last", type=click.IntRange(1, 1_000_000), metavar="N", help=N_("Only the last N games."))
@option("--unsettled", is_flag=True, help=N_("Only finished games not yet settled with 'settle --record'."))
@option("--all", "show_all", is_flag=True, help=N_("Also the games set aside with 'ginscore void'."))
@output_options
@click.pass_obj
def games(obj, selection, last, unsettled, show_all, as_json, fmt):
    chosen = any(selection) or unsettled
    asked = selection._replace(finished_only=unsettled, hide_voided=not show_all)
    # only the newest: a new device's first listing reads them, not every game (``index.sketched``)
    obj.book.newest_only = last is not None and not chosen
    if as_json:
        if last is None:
            settled = settled_view(obj.book)
            obj.book.with_summaries(asked, lambda summaries: games_json(summaries, settled, unsettled), last)
            return
        # the last few read first, then what their settlements say (on a sketch, of the games just read)
        found = obj.book.summaries(asked, last)
        games_json(found, settled_view(obj.book, [entry["id"] for entry in found]), unsettled, lambda: _tell_unread(obj.book))
        return
    fmt = render.check_format(fmt or DEFAULT_FORMAT)  # before reading: a typo costs nothing
    from ginscore.cli.listing import listed_rows, listing_csv_headers

    current = []  # the current game's id, asked once a game in progress is met (a ledger of none asks nothing)

    def current_id():
        if not current:
            current.append(obj.book.current_id())
        return current[0]

    def take(entries):  # one game at a time, each kept as its row (issue #45): memory stays flat with the ledger
        return listed_rows(entries, settled, unsettled, fmt, current_id)

    if last is None:
        settled = settled_view(obj.book)
        listed = obj.book.with_summaries(asked, take, listed=True)
    else:  # the last few: only they are asked about
        found = obj.book.summaries(asked, last, listed=True)
        settled = settled_view(obj.book, [entry["id"] for entry in found])
        listed = take(found)
    if not listed.rows:
        if chosen:
            click.echo(_("No games match."))
        else:
            click.echo(_("No games yet in {folder}: start one with 'ginscore new Alice Bob'.").format(folder=obj.book.root))
        _tell_unread(obj.book)
        _report_problems(settled)
        return
    if fmt in render.SPREADSHEET_FORMATS:
        click.echo(render.grid(listing_csv_headers(), listed.rows, fmt))
        _tell_unread(obj.book)
        _report_damaged(listed.damaged, settled)
        return
    headers = [_("id"), _("date"), _("players"), pgettext("kind of table", "table"), _("hands"), _("state"), _("winner"), _("net"), _("money"), _("who pays")]
    lines = total_lines(listed.finished) + changed_lines(listed.changed)
    if not unsettled:
        left_open = obj.book.summaries(selection._replace(unfinished_only=True), listed=True)
        lines += unfinished_lines([entry for entry in left_open if entry["id"] != current_id()])
    if fmt == "html":
        blocks = [("html", render.grid(headers, listed.rows, fmt)), *(("p", line) for line in lines)]
        click.echo(render.html_page(_("Games"), blocks))
    else:
        click.echo(render.grid(headers, listed.rows, fmt))
        for line in lines:
            click.echo(render.markdown_text(line) if fmt == render.MARKDOWN else line)
    _tell_unread(obj.book)
    _report_damaged(listed.damaged, settled)


def _tell_unread(book) -> None:
    """Say on standard error how many games a new device's first listing left unread (``Book.unread``),
    before any game that does not load ends the command with an error."""
    if book.unread:
        click.echo(printable(_("note: {note}").format(note=ngettext(
            "{count} older game is not read yet on this device: 'ginscore games' reads every game, and names any left "
            "in progress or that does not load.",
            "{count} older games are not read yet on this device: 'ginscore games' reads every game, and names any left "
            "in progress or that does not load.", book.unread).format(count=book.unread))), err=True)


def settled_view(book, game_ids=None):
    """What 'games' says of the settled games among ``game_ids`` (None: every game;
    ``accounts.Listing``); nothing read when the ledger has no settlements."""
    from ginscore.app import accounts

    return accounts.listing(book, game_ids)


def changed_lines(changes) -> list:
    """A settled game whose money changed since: what was paid, what it comes to, what squares it."""
    from ginscore.app.settlement_words import change_line

    return [change_line(change) for change in changes]


def games_json(summaries, settled, unsettled: bool, before_errors=lambda: None) -> None:
    """'games --json': the document written as the summaries come, one in memory at a time
    (issue #35), into a spool that goes to the output only once the last has come: an index
    found damaged halfway is rebuilt and asked again (``Book.with_summaries``), and nothing
    half-written is printed. ``settled``: ``accounts.Listing``; ``before_errors()``: called once
    the document is out, before the games that do not load are named."""
    from tempfile import SpooledTemporaryFile

    from ginscore.ops.squaring import change_json
    from ginscore.output.json_contract import document

    major = click.get_current_context().meta.get(JSON_MAJOR)
    shape = document("games", {"games": []}, major)  # the document without games: where they go
    damaged = []

    def shown():
        for entry in summaries:
            entry.pop("stats", None)
            entry.pop("placings", None)
            if not entry.get("damaged"):
                settlement = settled.settlement(entry["id"])
                entry["settled"] = settlement is not None
                if unsettled and entry["settled"]:
                    continue
                change = settled.change(entry)
                entry["settlement"] = settlement
                entry["changed_after_settlement"] = None if change is None else change_json(change)
            else:
                damaged.append(entry["error"])
            # the payments are final.payments (games 1.x also had a copy at the top of an entry)
            entry = {key: value for key, value in entry.items() if key != "payments"}
            yield entry if isinstance(shape, dict) else document("games", {"games": [entry]}, major)[0]

    with SpooledTemporaryFile(max_size=1 << 22, mode="w+", encoding="utf-8", newline="") as spool:
        render.streamed_json(shape, shown(), spool.write)
        spool.seek(0)
        while chunk := spool.read(1 << 20):
            click.echo(chunk, nl=False)
    before_errors()
    _report_damaged(damaged, settled)


def unfinished_lines(entries) -> list:
    """A note naming the games left in progress besides the current game, listed or not (--last
    may leave them out), so that none stays open unnoticed."""
    if not entries:
        return []
    games = named(f"{entry['id']} ({_(' v ').join(entry['players'])})" for entry in entries)
    # one game or a list of them, whatever their number: a choice of words, not a plural
    if len(entries) == 1:
        words = _("Also still in progress: game {games}; carry on with --game ID, or set it aside with 'ginscore void ID'.")
    else:
        words = _("Also still in progress: games {games}; carry on with --game ID, or set them aside with 'ginscore void ID'.")
    lines = [words.format(games=games)]
    ending = [str(entry["id"]) for entry in entries if get_table(entry["table"]).can_end_early]
    if len(ending) == 1:
        lines.append(_("Game {game} can also be ended as it stands: 'ginscore end {game}'.").format(game=ending[0]))
    elif ending:
        lines.append(_("Games {games} can also be ended as they stand: 'ginscore end ID'.").format(games=named(ending)))
    return lines


def total_lines(totals) -> list:
    """Each player's money over the finished games listed, per currency: what an evening comes
    to; ``totals``: ``evening.Nets`` of those games."""
    from ginscore.core.scoring import written_amount

    lines = []
    for currency, count, by_player in totals.totals():
        if not any(by_player.values()):
            continue
        nets = ", ".join(
            f"{name} {'+' if amount > 0 else '-'}{written_amount(format(abs(amount), 'f'), currency)}"
            for name, amount in by_player.items() if amount
        )
        words = ngettext("Total over {count} finished games: {nets}.", "Total over {count} finished games: {nets}.", count)
        lines.append(words.format(count=count, nets=nets))
    return lines


def _report_damaged(errors, settled=None) -> None:
    """The games that could not be read (and the settlement files, ``settled``: what 'games'
    read of them), on standard error; exit status 1 once the listing is printed."""
    for error in errors:
        click.echo(_("Error: {message}").format(message=printable(error)), err=True)
    problems = settled.problems if settled is not None else []
    for _path, problem in problems:
        click.echo(_("Error: {message}").format(message=printable(problem)), err=True)
    if errors or problems:
        click.get_current_context().exit(1)


def _report_problems(settled) -> None:
    _report_damaged([], settled)
