"""The board's ladder page (/ladder): the club's ladder and tonight's pairings for the players
named in its form, following the ledger live as the board does (docs/ladder.md, docs/board.md).
The same questions as 'ginscore ladder' and 'ginscore pairings' (``app.club``); every name
escaped here."""

from __future__ import annotations

import re
from html import escape

from starlette.responses import HTMLResponse

from ginscore.app.club import ladder_lines, seated
from ginscore.base.errors import GinscoreError, printable
from ginscore.base.i18n import _, pgettext
from ginscore.tables import all_tables, get_table
from ginscore.tables import names as table_names
from ginscore.web import pages
from ginscore.web.desk import board_of

MOST_NAMES = 40  # players a pairing seats at most: a club night, not a crowd
LONGEST = 400  # characters of the form's names


def here_of(request) -> tuple:
    """(the names typed in the form, the kind of table) of a request to the page."""
    typed = request.query_params.get("here", "")[:LONGEST]
    names = [name.strip() for name in re.split(r"[,\n]", typed) if name.strip()][:MOST_NAMES]
    kind = request.query_params.get("table", "standard")
    return names, kind if kind in table_names() else "standard"


def ladder_part(book, names: list, kind: str) -> str:
    """What the page follows live: tonight's card tables for ``names`` (when two or more), then the ladder."""
    parts = []
    if len(names) >= 2:
        try:
            evening = seated(book, names, kind, None, "today")
        except GinscoreError as error:
            parts.append(pages.error_box(printable(str(error))))
        else:
            title = _("Tonight's tables")
            parts.append(f"<h2>{escape(title)}</h2>")
            rows = []
            for number, card_table in enumerate(evening.card_tables, 1):
                sides = _(" v ").join(" & ".join(side) for side in card_table.sides)
                chances = ", ".join(f"{side[0]} {round(card_table.chances[side[0]] * 100)}%" for side in card_table.sides)
                rows.append(f"<tr><td>{number}</td><td>{escape(sides)}</td>"
                            f"<td>{escape(get_table(card_table.kind).table_words())}</td><td>{escape(chances)}</td></tr>")
            head = "".join(f"<th>{escape(word)}</th>" for word in (pgettext("where players sit", "table"), _("players"),
                                                                 _("kind of table"), _("chance of winning")))
            parts.append(f'<table class="final"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
            if evening.sitting_out:
                parts.append(f"<p>{escape(_('Sitting out: {names}.').format(names=', '.join(evening.sitting_out)))}</p>")
    lines = ladder_lines(book)
    parts.append(f"<h2>{escape(_('The ladder'))}</h2>")
    if not lines:
        parts.append(f"<p>{escape(_('No rated games match: a game counts on the ladder once it is finished.'))}</p>")
        return "\n".join(parts)
    head = "".join(f"<th>{escape(word)}</th>" for word in (_("#"), _("player"), _("rating"), _("±"), _("games"), _("wins"), _("change")))
    rows = []
    for line in lines:
        change = round(line.change)
        rows.append(f'<tr{" class=provisional" if line.provisional else ""}><td>{"" if line.rank is None else line.rank}</td>'
                    f"<td>{escape(line.name)}</td><td>{round(line.rating)}</td><td>{round(line.uncertainty)}</td>"
                    f"<td>{line.games}</td><td>{line.wins}</td><td>{change:+d}</td></tr>")
    parts.append(f'<table class="final"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
    return "\n".join(parts)


def ladder_page(live: str, names: list, kind: str, query: str) -> str:
    options = "".join(f'<option value="{escape(table.name)}"{" selected" if table.name == kind else ""}>'
                      f"{escape(table.table_words())}</option>" for table in all_tables())
    form = (
        '<section class="start"><form method="get" action="/ladder">'
        f'<h2>{escape(_("Who is here tonight"))}</h2>'
        f'<label class="field"><span>{escape(_("Players, separated by commas"))}</span>'
        f'<input name="here" value="{escape(", ".join(names))}" autocomplete="off" maxlength="{LONGEST}"></label>'
        f'<label class="field"><span>{escape(_("Kind of table"))}</span><select name="table">{options}</select></label>'
        f'<button type="submit" class="primary">{escape(_("Seat them"))}</button></form></section>'
    )
    body = [
        f'<header class="top"><h1>{escape(_("The ladder"))}</h1>', pages.nav(("/", _("Board"))), "</header>",
        f'<main data-live="/ladder/live{escape(query)}">{live}</main>', form,
    ]
    return pages.layout(_("The ladder"), "\n".join(body), live=True, wide=True)


def query_of(request) -> str:
    return f"?{request.url.query}" if request.url.query else ""


async def page(request):
    names, kind = here_of(request)
    return await board_of(request).desk.do(
        request, lambda book: HTMLResponse(ladder_page(ladder_part(book, names, kind), names, kind, query_of(request))))


async def part(request):
    names, kind = here_of(request)
    return await board_of(request).desk.do(request, lambda book: HTMLResponse(ladder_part(book, names, kind)))
