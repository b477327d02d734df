"""The club's ladder: ladder (ratings, the chance of winning, a season's grid) and pairings
(the evening's card tables). docs/ladder.md."""

from __future__ import annotations

import click

from ginscore.base.errors import GinscoreError
from ginscore.base.errors import shown as quoted
from ginscore.base.i18n import N_, _, decimal, ngettext, pgettext
from ginscore.cli import cli
from ginscore.cli.options import completes, output_options, print_json, selection_options
from ginscore.cli.translated import argument, option
from ginscore.core.names import folded
from ginscore.output import render
from ginscore.output.render import DEFAULT_FORMAT
from ginscore.tables import names as table_names

LADDER_HELP = N_(
    """The club's ladder: every player ranked by a rating of his skill, with its uncertainty
(±), his rated games and wins, net points, money, when he last played and how far his
rating moved (over the last 30 days, or the season given with --since and --until).

Every finished game counts, at every kind of table: a Hollywood column is a game, three
players and Rummy by the order they finished in, partnership sides as teams. Players with
fewer than 10 rated games are provisional, listed apart. --versus NAME NAME... gives each
one's chance of winning a game between them. --format html adds a chart of the ratings.

\b
Example:
    ginscore ladder
    ginscore ladder --since 2026-01-01 --until 2026-06-30 --format html -o season.html
    ginscore ladder --versus Ann Cy
    ginscore ladder --table rummy --json"""
)


def table_option(function):
    return option("--table", "table", metavar="KIND", shell_complete=completes("tables"),
                  help=N_("Only games of this kind of table (standard, hollywood, ...)."))(function)


def chosen_table(table: str | None) -> str:
    """The kind of table asked for ("" for every one), refused when it is none."""
    if table is None:
        return ""
    kind = table.strip().lower()
    if kind not in table_names():
        raise GinscoreError(
            _("--table {value} is not a kind of table: use one of {tables}").format(value=quoted(table), tables=", ".join(table_names()))
        )
    return kind


@cli.command(help=LADDER_HELP)
@selection_options
@table_option
@option("--versus", "versus", is_flag=True, help=N_("Each NAME's chance of winning a game between them (of finishing first, for more than two)."))
@argument("names", metavar=N_("NAME..."), nargs=-1)
@output_options
@click.pass_obj
def ladder(obj, selection, table, versus, names, as_json, fmt):
    from ginscore.app.book import selection as chosen
    from ginscore.ops import ladder as ladders

    kind = chosen_table(table)
    if names and not versus:
        raise GinscoreError(_("names after 'ladder' are for --versus: ginscore ladder --versus {names}").format(names=" ".join(names)))
    if versus and len({folded(name) for name in names}) < 2:
        raise GinscoreError(_("--versus needs two players or more, each once: ginscore ladder --versus Ann Cy"))
    since, until = selection.since, selection.until
    season = since is not None or until is not None
    if since is not None:
        change_from = since
    else:
        from ginscore.app.club import change_start

        change_from = change_start(until)
    totals = obj.book.player_totals(chosen(since=since, until=until, table=kind or None))
    wanted = {folded(name) for name in selection.players}
    charted = fmt == "html" and not as_json and not versus

    def take(reader):
        lines = ladders.rungs(reader, since, until, change_from, totals, season)
        chances = ladders.versus(reader, names, until) if versus else None
        history = None
        if charted:
            shown = [line for line in lines if not wanted or folded(line.name) in wanted][:ladders.CHARTED]
            history = (shown, reader.history([folded(line.name) for line in shown], since or change_from, until))
        return lines, chances, history

    lines, chances, history = obj.book.with_ratings(kind, take)
    known = {folded(line.name) for line in lines}
    for name in [*selection.players, *(names if versus else ())]:
        if folded(name) not in known:
            raise GinscoreError(_("no player {name} on this ladder: 'ginscore ladder' lists every player").format(name=quoted(name)))
    if wanted:
        lines = [line for line in lines if folded(line.name) in wanted]
    if versus:
        lines = [line for name in names for line in lines if folded(line.name) == folded(name)]
    if as_json:
        from ginscore.core.ratings import DEFAULT

        print_json("ladder", {
            "table": kind or None, "since": since, "until": until, "change_from": change_from, "model": DEFAULT.words(),
            "players": [line.to_json() for line in lines],
            "win_probability": None if chances is None else {name: round(chance, 4) for name, chance in chances[0].items()},
        })
        return
    print_ladder(lines, chances and chances[0], kind, season, fmt, history)


def ladder_title(kind: str, season: bool) -> str:
    from ginscore.cli.listing import table_words

    where = _("every table") if not kind else table_words(kind)
    if season:
        return _("The season's table ({where}): ratings at its end, the change over it").format(where=where)
    return _("The ladder ({where}): ratings as they stand, the change over the last 30 days").format(where=where)


def ladder_rows(lines, fmt) -> tuple:
    from ginscore.core.scoring import show_amount, written_amount

    spreadsheet = fmt in render.SPREADSHEET_FORMATS
    headers = [_("#"), _("player"), _("rating"), _("±"), _("games"), _("wins"), _("net points"), _("money"),
               _("last played"), _("change")]
    rows = []
    for line in lines:
        money = ", ".join((show_amount if spreadsheet else written_amount)(amount, currency or None)
                          for currency, amount in line.money.items())
        change = round(line.change)
        rows.append(["" if line.rank is None else line.rank, line.name, round(line.rating), round(line.uncertainty),
                     line.games, line.wins, line.net_points, money, line.last_played, f"{change:+d}" if change else "0"])
    return headers, rows


def print_ladder(lines, chances, kind: str, season: bool, fmt, history) -> None:
    fmt = render.check_format(fmt or DEFAULT_FORMAT)
    if not lines:
        click.echo(_("No rated games match: a game counts on the ladder once it is finished."))
        return
    numeric = (0, 2, 3, 4, 5, 6, 9)
    ranked = [line for line in lines if not line.provisional]
    provisional = [line for line in lines if line.provisional]
    if fmt in render.SPREADSHEET_FORMATS:
        click.echo(render.grid(*ladder_rows(lines, fmt), fmt))
        return
    from ginscore.ops.ladder import PROVISIONAL_GAMES

    apart = ngettext("Provisional: fewer than {count} rated game.", "Provisional: fewer than {count} rated games.",
                     PROVISIONAL_GAMES).format(count=PROVISIONAL_GAMES)
    blocks = [("p", ladder_title(kind, season))]
    if ranked:
        blocks.append(("html", render.grid(*ladder_rows(ranked, fmt), fmt, numeric=numeric)))
    if provisional:
        blocks += [("p", apart), ("html", render.grid(*ladder_rows(provisional, fmt), fmt, numeric=numeric))]
    if chances:
        blocks.append(("p", chance_line(chances)))
    if fmt == "html":
        from ginscore.output.render_html import ratings_chart

        shown, steps = history
        series = [(line.name, steps[folded(line.name)]) for line in shown]
        blocks.append(("html", ratings_chart(series, _("Ratings over time"))))
        click.echo(render.html_page(_("The ladder"), blocks))
        return
    shows = render.markdown_text if fmt == render.MARKDOWN else str
    click.echo("\n\n".join(shows(content) if kind == "p" else content for kind, content in blocks))


def chance_line(chances: dict) -> str:
    parts = [f"{name} {decimal(f'{chance * 100:.1f}')} %" for name, chance in chances.items()]
    if len(chances) == 2:
        return _("Chance of winning a game between them: {chances}.").format(chances=", ".join(parts))
    return _("Chance of finishing first in a game between them: {chances}.").format(chances=", ".join(parts))


PAIRINGS_HELP = N_(
    """Seat tonight's players at tables for close games: by their ratings, and away from whom
they played tonight and on the last evenings (the last three evenings any of them played).

--table seats them at three-handed, partnership or Rummy tables (players left over play at a
smaller table, or one sits out). --rounds N is a club night of N rounds, Swiss: each round is
seated from tonight's results (games finished since --since, today by default), players with
as many wins together, two who met tonight together again only where nothing is closer.

\b
Example:
    ginscore pairings Ann Bob Cy Dan Eve Mary
    ginscore pairings Ann Bob Cy Dan --table partnership
    ginscore pairings Ann Bob Cy Dan Eve Mary --rounds 4 --format html -o round.html"""
)


@cli.command(help=PAIRINGS_HELP)
@argument("names", metavar=N_("NAME..."), nargs=-1, required=True)
@option("--table", "table", metavar="KIND", shell_complete=completes("tables"),
        help=N_("The kind of table to seat them at (default: standard, two players)."))
@option("--rounds", type=click.IntRange(1, 50), metavar="N", help=N_("A club night of N rounds, seated Swiss from tonight's results."))
@option("--since", metavar="DATE", default="today", show_default=True,
        help=N_("Tonight's games: those started on or after DATE (YYYY-MM-DD, today, yesterday)."))
@output_options
@click.pass_obj
def pairings(obj, names, table, rounds, since, as_json, fmt):
    kind = chosen_table(table) or "standard"
    fmt = None if as_json else render.check_format(fmt or DEFAULT_FORMAT)
    from ginscore.app.club import seated

    evening = seated(obj.book, names, kind, rounds, since)
    if as_json:
        print_json("pairings", evening.to_json())
        return
    print_pairings(evening, fmt)


def print_pairings(evening, fmt: str) -> None:
    from ginscore.cli.listing import table_words

    lines = []
    if evening.rounds is not None:
        if evening.over:
            lines.append(_("All {rounds} rounds are played: tonight's table.").format(rounds=evening.rounds))
        else:
            lines.append(_("Round {number} of {rounds}, seated by tonight's results, then the ratings.").format(
                number=evening.round, rounds=evening.rounds))
    for game_id, players in evening.playing:
        lines.append(_("Still in progress: game {game} ({players}).").format(game=game_id, players=_(" v ").join(players)))
    headers = [pgettext("where players sit", "table"), _("players"), _("kind of table"), _("chance of winning")]
    rows = []
    for number, seated_at in enumerate(evening.card_tables, 1):
        sides = [" & ".join(side) for side in seated_at.sides]
        chances = ", ".join(f"{side} {round(seated_at.chances[side_names[0]] * 100)}%"
                            for side, side_names in zip(sides, seated_at.sides))
        rows.append([number, _(" v ").join(sides), table_words(seated_at.kind), chances])
    after = []
    if evening.sitting_out:
        after.append(_("Sitting out: {names}.").format(names=", ".join(evening.sitting_out)))
    for first, second, when in evening.met_before:
        said = _("{first} and {second} played each other tonight already: no other seating was closer.") if when == "tonight" \
            else _("{first} and {second} played each other on one of the last evenings: no other seating was closer.")
        after.append(said.format(first=first, second=second))
    if evening.rounds is not None:
        scored = sorted(evening.names, key=lambda name: (-evening.scores[name], folded(name)))
        after.append(_("Tonight: {scores}.").format(scores=", ".join(
            f"{name} {evening.scores[name]:g}/{evening.games_tonight[name]}" for name in scored)))
    if fmt in render.SPREADSHEET_FORMATS:
        click.echo(render.grid(headers, rows, fmt))
        return
    if fmt == "html":
        blocks = [*(("p", line) for line in lines)]
        blocks += [("h2", _("Table {number}: {players}").format(number=row[0], players=row[1])) for row in rows]
        blocks += [("html", render.grid(headers, rows, fmt))] if rows else []
        blocks += [("p", line) for line in after]
        click.echo(render.html_page(_("Tonight's tables"), blocks))
        return
    shows = render.markdown_text if fmt == render.MARKDOWN else str
    parts = [shows(line) for line in lines]
    if rows:
        parts.append(("\n" if fmt != DEFAULT_FORMAT and parts else "") + render.grid(headers, rows, fmt, numeric=(0,)))
    parts += [shows(line) for line in after]
    click.echo("\n".join(parts))
