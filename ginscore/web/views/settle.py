"""The evening's settlement (/settle): tonight's finished games not yet settled, as
'settle --since today' says them (``?older=yes``: every unsettled game), and recording what the
page showed (POST /settle): the games it listed, no other."""

from __future__ import annotations

from starlette.responses import HTMLResponse

from ginscore.app import evening
from ginscore.base.errors import GinscoreError, printable
from ginscore.base.i18n import _, ngettext
from ginscore.base.text import named
from ginscore.web import pages
from ginscore.web.desk import FORM_KEY, GAME_ID, Note, back, board_of, changing, form_token, new_key, noted
from ginscore.web.forms import board_words

MOST_GAMES = 10000  # ids a settle form lists at most


def since_of(older: bool) -> str | None:
    return None if older else "today"


async def settle_page(request):
    note = noted(request)
    older = request.query_params.get("older") == "yes"

    def work(book):
        return HTMLResponse(pages.settle_page(evening.shown(book, since_of(older)), form_token(request), new_key(), note, older))

    return await board_of(request).desk.do(request, work)


async def settle_record(request):
    def work(book, form):
        older = form.get("older") == "yes"
        query = "older=yes" if older else ""
        listed = [game for game in form.get("games", "").split()[:MOST_GAMES] if GAME_ID.fullmatch(game)]
        digest = form.get("digest", "")
        if not FORM_KEY.fullmatch(digest):
            return back(request, "/settle", Note(message=_("nothing recorded: this form is not one the settle page made; look at it again")), query)
        try:
            done = evening.record(book, since_of(older), listed, digest)
        except GinscoreError as error:
            return back(request, "/settle", Note(message=board_words(printable(str(error)))), query)
        lines = [_("Recorded as settlement {id}.").format(id=done.recorded.get("id", ""))]
        if done.left:
            lines.append(ngettext(
                "Game {games} finished after the page was made: it is left for the next settlement.",
                "Games {games} finished after the page was made: they are left for the next settlement.",
                len(done.left)).format(games=named(done.left, bracketed=False)))
        return back(request, "/settle", Note(said=lines), query)

    def again(book, form, message):
        return HTMLResponse(pages.settle_page(evening.shown(book, "today"), form_token(request), new_key(), Note(message=message), False))

    return await changing(request, work, again)
