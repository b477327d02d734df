"""The evening's settlement (/settle): tonight's finished games not yet settled, as
'settle --since today' says them (``?older=yes``: every unsettled game), and recording what the
page showed (POST /settle): the games it listed, no other."""

from __future__ import annotations

from starlette.responses import HTMLResponse

from ginscore.app import evening
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _
from ginscore.web.desk import FORM_KEY, GAME_ID, Note, back, board_of, changing, form_token, new_key, noted
from ginscore.web.evening import recorded_lines, settle_page
from ginscore.web.plain import plain

MOST_GAMES = 10000  # ids a settle form lists at most
LONGEST_CURRENCY = 8  # characters of a currency symbol


def since_of(older: bool) -> str | None:
    return None if older else "today"


def the_page(request, book, note: Note, older: bool) -> HTMLResponse:
    shown = evening.tonight(book, since_of(older))
    return HTMLResponse(settle_page(shown, book.root, form_token(request), new_key(), note, older))


async def settle_page_of(request):
    note = noted(request)
    older = request.query_params.get("older") == "yes"
    return await board_of(request).desk.do(request, lambda book: the_page(request, book, note, older))


async def settle_record(request):
    def work(book, form):
        older = form.get("older") == "yes"
        query = "older=yes" if older else ""
        listed = [game for game in form.get("games", "").split()[:MOST_GAMES] if GAME_ID.fullmatch(game)]
        digest = form.get("digest", "")
        currency = form.get("currency", "").strip()[:LONGEST_CURRENCY] or None
        if not FORM_KEY.fullmatch(digest):
            return back(request, "/settle", Note(message=_("nothing recorded: this form is not one the settle page made; look at it again")), query)
        try:
            done = evening.record_shown(book, since_of(older), listed, digest, currency)
        except GinscoreError as error:
            return back(request, "/settle", Note(message=plain(str(error), book.root)), query)
        return back(request, "/settle", Note(said=recorded_lines(done.shown.recorded, done.left)), query)

    def again(book, form, message):
        return the_page(request, book, Note(message=message), form.get("older") == "yes")

    return await changing(request, work, again)
