"""The web application of 'ginscore serve': the board, a game's page, the forms that change
the ledger, the live updates and the page's own assets.

Every page is made and every change is done by ``Desk.do``: in a worker thread, one at a time
(the language is ginscore's one global, and the Book takes the ledger's lock anyway), through a
fresh ``Book``, with the same functions the command line calls. A change is a POST form that
answers with a redirect to the page (POST-redirect-GET); a change refused shows the page
again with the error, the form as it was typed, and status 400. The live parts of the pages are
made once for each change of the ledger (``live.Watcher``) and language, and shared by every
open board (``shared.Shared``).
"""

from __future__ import annotations

import os
import re
import secrets
import sys
import threading
from datetime import date
from urllib.parse import parse_qsl

import click
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from ginscore.app import games, hands
from ginscore.app.book import open_book, selection
from ginscore.app.reading import view
from ginscore.base import i18n
from ginscore.base.errors import GameNotFound, GinscoreError, printable, unexpected
from ginscore.base.i18n import N_, _, translate
from ginscore.ops.evening import day_bounds
from ginscore.output.render_html import CSS, page
from ginscore.web import ladder, pages
from ginscore.web.evening import record, settle_lines
from ginscore.web.forms import hand_parameters
from ginscore.web.guard import PRINT_CSP, BodyTooLarge, Guard, same
from ginscore.web.shared import Shared

GAME_ID = re.compile(r"[a-z0-9]{1,32}")
ASSETS = {"board.js": "text/javascript; charset=utf-8", "board.css": "text/css; charset=utf-8", "enter.js": "text/javascript; charset=utf-8"}
KEEP_ALIVE_SECONDS = 15  # a comment line this often keeps proxies and phones from closing the stream


class Refused(Exception):
    """A request to answer with an error page: ``status``, and the message in words."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class Stale(Refused):
    """A form whose token is not this phone's now (the board's secret renewed, the phone's
    cookie gone or renewed): ``form`` is what was typed, to show again."""

    def __init__(self, form: dict):
        super().__init__(403, N_("nothing was recorded: this page was older than the phone's token (the board was started "
                                 "again, or the token renewed); check what is typed below and send it again"))
        self.form = form


def form_token(request) -> str:
    """This phone's form token (the guard's: ``secret.Secret.form_token`` of its cookie)."""
    return request.scope["ginscore.form_token"]


def chosen_language(header: str | None, fallback: str) -> str:
    """The first language of the browser's Accept-Language that ginscore speaks, by its q
    weights, else ``fallback`` (the server's: --lang, $GINSCORE_LANG, the house rules, the locale)."""
    wanted = []
    for position, part in enumerate((header or "")[:500].split(",")):
        code, _sep, rest = part.strip().partition(";")
        weight = 1.0
        if rest.strip().startswith("q="):
            try:
                weight = float(rest.strip()[2:])
            except ValueError:
                weight = 0.0
        wanted.append((-weight, position, code.strip().lower().split("-")[0]))
    for weight, _position, code in sorted(wanted):
        if weight < 0 and code in i18n.LANGUAGES:
            return code
    return fallback


class Desk:
    """Does the work of the pages, one request at a time, in the reader's language."""

    def __init__(self, root, language: str):
        self.root = root
        self.language = language
        self.lock = threading.Lock()

    async def say(self, request, message: str) -> str:
        """``message`` (marked with ``N_``) in the reader's language."""

        def job():
            with self.lock:
                i18n.set_language(chosen_language(request.headers.get("accept-language"), self.language))
                return translate(message)

        return await run_in_threadpool(job)

    async def do(self, request, work) -> Response:
        """``work(book)`` -> Response, in a worker thread under the lock; a ``GinscoreError``
        or ``Refused`` becomes an error page, anything else one line on standard error and a 500."""
        language = chosen_language(request.headers.get("accept-language"), self.language)

        def job():
            with self.lock:
                i18n.set_language(language)
                try:
                    return work(open_book(self.root))
                except Refused as error:
                    return error_response(translate(error.args[0]), error.status)
                except GameNotFound as error:
                    return error_response(printable(str(error)), 404)
                except GinscoreError as error:
                    return error_response(printable(str(error)), 400)
                except Exception as error:  # noqa: BLE001 - one line, never a traceback
                    print(printable(_("Error: {message}").format(message=unexpected(error))), file=sys.stderr, flush=True)
                    return error_response(_("the server failed on this request: look at the board before trying again"), 500)

        return await run_in_threadpool(job)


class Said:
    """What a change said (the lines the command line prints after it), kept for the page the
    change redirects to, which shows it once. The newest few only: memory stays flat."""

    KEPT = 64

    def __init__(self):
        self.reports: dict = {}

    def keep(self, lines: list) -> str:
        key = secrets.token_urlsafe(9)
        self.reports[key] = list(lines)
        while len(self.reports) > self.KEPT:
            del self.reports[next(iter(self.reports))]
        return key

    def take(self, key: str) -> list:
        return self.reports.pop(key, [])


def with_status(response: Response, status: int) -> Response:
    response.status_code = status
    return response


def error_response(message: str, status: int) -> Response:
    words = {400: _("Refused"), 403: _("Refused"), 404: _("Not found"), 413: _("Too large")}.get(status, _("Failed"))
    return HTMLResponse(pages.error_page(message, words), status_code=status)


def game_id_of(request) -> str:
    game_id = request.path_params["game_id"].lower()
    if not GAME_ID.fullmatch(game_id):
        raise Refused(404, _("no game {game}").format(game=printable(game_id[:40])))
    return game_id


def build(root, language: str, hosts, token: str | None, secret, watcher) -> Guard:
    """The application, guarded: ``secret`` the board's (``secret.Secret``), ``watcher`` what
    tells the live streams that the ledger changed (``live.Watcher``) or that the server stops."""
    desk = Desk(root, language)
    said = Said()
    assets = load_assets()
    shared = Shared()

    async def posted(request) -> dict:
        """The POSTed form, once its token is this phone's (the field, signed from its cookie)."""
        try:
            body = await request.body()
        except BodyTooLarge:
            raise Refused(413, N_("the form is too large")) from None
        form = dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
        if request.scope["ginscore.fresh_phone"] or not same(form.get("csrf"), form_token(request)):
            raise Stale({key: value for key, value in form.items() if key != "csrf"})
        return form

    async def changing(request, work, again=None):
        """A POST: its form checked, then ``work(book, form)``; a form refused as older than the
        phone's token is shown again by ``again(book, form, message)``, as it was typed."""
        try:
            form = await posted(request)
        except Refused as error:  # its words (N_) said in the reader's language, under the lock
            status, message = error.status, error.args[0]
            if isinstance(error, Stale) and again is not None:
                typed = error.form
                return await desk.do(request, lambda book: with_status(again(book, typed, translate(message)), status))
            return await desk.do(request, lambda book: error_response(translate(message), status))
        return await desk.do(request, lambda book: work(book, form))

    async def live_part(request, work):
        """A live part of a page, made once for each change of the ledger and language and
        shared by every board that asks (``work(book)``: the Response, made under the lock)."""
        key = (request.url.path, chosen_language(request.headers.get("accept-language"), language))
        generation = watcher.generation  # before the files are read: a change meanwhile is another generation
        kept = shared.part(key, generation)
        if kept is not None:
            return kept

        def once(book):
            kept = shared.part(key, generation)  # another board made it while this one waited for the lock
            return kept if kept is not None else shared.keep(key, generation, work(book))

        return await desk.do(request, once)

    # ---- the board ----------------------------------------------------------------------------

    def board_live(book) -> str:
        """The games in progress and tonight's finished ones. Which games are in progress is
        the index's word (no file read); each card is made again only when its game's files
        changed, and a game that cannot be read is said, not shown."""
        playing = book.indexed_ids(selection(unfinished_only=True, hide_voided=True))
        tonight = book.summaries(selection(since=day_bounds("today", date.today(), end=False), finished_only=True, hide_voided=True))
        cards, finished, damaged = [], [], []
        listed = set(playing)
        for game_id in playing + [entry["id"] for entry in tonight if entry["id"] not in listed]:
            try:
                card, over = shared.card(book, game_id, i18n.language(), lambda state: (pages.game_card(state), state.finished))
            except GinscoreError as error:  # damaged, or rewritten since the index read it
                damaged.append(printable(book.ledger.damage(game_id, error)))
                continue
            (finished if over else cards).append(card)
        return pages.board_live(cards, finished, damaged)

    def board_page(request, book, message=None, form=None, status=200):
        page = pages.board(board_live(book), form_token(request), pages.table_kinds(), message, form)
        return HTMLResponse(page, status_code=status)

    async def board(request):
        return await desk.do(request, lambda book: board_page(request, book))

    async def board_part(request):
        return await live_part(request, lambda book: HTMLResponse(board_live(book)))

    async def start(request):
        def work(book, form):
            names = [name.strip() for name in re.split(r"[,\n]", form.get("players", "")) if name.strip()]
            table = form.get("table", "standard")
            try:
                stake = form.get("stake", "")
                game = games.start(book, names, table, stake if stake.strip() else None).state.game
            except GinscoreError as error:
                return board_page(request, book, printable(str(error)), form, 400)
            return RedirectResponse(f"/games/{game.id}", status_code=303)

        return await changing(request, work, lambda book, form, message: board_page(request, book, message, form))

    # ---- a game -------------------------------------------------------------------------------

    async def game_page(request):
        def work(book):
            state = book.state(game_id_of(request))
            return HTMLResponse(pages.game_page(state, form_token(request), said=said.take(request.query_params.get("said", ""))))

        return await desk.do(request, work)

    async def game_part(request):
        part = request.path_params["part"]
        if part not in ("card", "sheet"):
            return await desk.do(request, lambda book: error_response(_("no such part of a page"), 404))

        def work(book):
            state = book.state(game_id_of(request))
            return HTMLResponse(pages.game_live(state, part), headers={"x-game-state": pages.state_word(state)})

        return await live_part(request, work)

    async def printable_sheet(request):
        def work(book):
            return HTMLResponse(page(view(book.state(game_id_of(request))).sheet()), headers={"content-security-policy": PRINT_CSP})

        return await desk.do(request, work)

    def again(request, book, form, message):
        """A game's page again, with ``message`` and its form as it was typed."""
        return HTMLResponse(pages.game_page(book.state(game_id_of(request)), form_token(request), message, form), status_code=400)

    def after_change(request, book, game_id, form, change, report):
        """Do ``change(book, game_id)`` (a function of ``app/``) and show the game's page with
        ``report(result)``, the lines the command line prints; on refusal, its page with the error."""
        try:
            result = change(book, game_id)
        except (GinscoreError, click.UsageError) as error:
            message = printable(error.format_message() if isinstance(error, click.UsageError) else str(error))
            if isinstance(error, GameNotFound):
                raise
            return again(request, book, form, message)
        return RedirectResponse(f"/games/{game_id}?said={said.keep(report(result))}", status_code=303)

    async def hand(request):
        def work(book, form):
            def record(book, game_id):
                command, params = hand_parameters(book.standing(game_id), form)
                return hands.record(book, game_id, command, params)

            return after_change(request, book, game_id_of(request), form, record, lambda result: view(result.state).hand_report(True))

        return await changing(request, work, lambda book, form, message: again(request, book, form, message))

    def undone(result) -> list:
        game, state, what, hand = result[:4]  # an ops.undo.TakenBack
        totals = view(state).totals_sentence()
        if what in ("hand", "delete"):
            return [_("Undid hand {number} of game {game}. {totals}").format(number=hand.number, game=game.id, totals=totals)]
        return [totals]

    async def undo(request):
        return await changing(request, lambda book, form: after_change(request, book, game_id_of(request), {}, hands.undo, undone),
                              lambda book, form, message: again(request, book, {}, message))

    async def rematch(request):
        def work(book, form):
            game = games.rematch(book, game_id_of(request)).state.game
            return RedirectResponse(f"/games/{game.id}", status_code=303)

        return await changing(request, work, lambda book, form, message: again(request, book, {}, message))

    # ---- the evening --------------------------------------------------------------------------

    async def settle_page(request):
        return await desk.do(request, lambda book: settle(request, book))

    def settle(request, book, message=None):
        return HTMLResponse(pages.settle_page(*settle_lines(book), csrf=form_token(request), message=message))

    async def settle_record(request):
        def work(book, form):
            record(book)
            return RedirectResponse("/settle", status_code=303)

        return await changing(request, work, lambda book, form, message: settle(request, book, message))

    # ---- live updates and assets ----------------------------------------------------------------

    async def events(request):
        async def stream():
            yield "retry: 1000\n\n"
            seen = watcher.generation
            while not watcher.stopped:
                if not await watcher.changed(seen, KEEP_ALIVE_SECONDS):
                    yield ": still here\n\n"
                elif not watcher.stopped:
                    seen = watcher.generation
                    yield f"data: {seen}\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    async def static(request):
        name = request.path_params["name"]
        if name not in assets:  # only the package's own files, by their exact names
            return await desk.do(request, lambda book: error_response(_("no such file"), 404))
        body, media_type = assets[name]
        return Response(body, media_type=media_type, headers={"cache-control": "max-age=3600"})

    async def not_found(request, exc):
        return await desk.do(request, lambda book: error_response(_("no such page"), 404))

    routes = [
        Route("/", board),
        Route("/live", board_part),
        Route("/events", events),
        Route("/games", start, methods=["POST"]),
        Route("/games/{game_id}", game_page),
        Route("/games/{game_id}/live/{part}", game_part),
        Route("/games/{game_id}/sheet", printable_sheet),
        Route("/games/{game_id}/hand", hand, methods=["POST"]),
        Route("/games/{game_id}/undo", undo, methods=["POST"]),
        Route("/games/{game_id}/rematch", rematch, methods=["POST"]),
        Route("/settle", settle_page),
        Route("/settle", settle_record, methods=["POST"]),
        Route("/static/{name}", static),
        *ladder.routes(desk),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})
    return Guard(app, hosts, token, secret, desk.say)


def load_assets() -> dict:
    """The page's script and stylesheets, read once: the files of ``ginscore/web/static/`` and
    the sheet's stylesheet, which ``render_html`` writes inline into a printed sheet."""
    folder = os.path.join(os.path.dirname(__file__), "static")
    assets = {"sheet.css": (CSS.encode("utf-8"), "text/css; charset=utf-8")}
    for name, media_type in ASSETS.items():
        with open(os.path.join(folder, name), "rb") as handle:
            assets[name] = (handle.read(), media_type)
    return assets
