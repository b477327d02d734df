"""What every handler of the board shares (``web/views/``): the desk that does the work of a
request in a worker thread, the phone's flash that carries what a change said (or why it was
refused, with the form as it was typed) across the redirect to the game's page, and the reading
of a posted form: its token, its one-time key, and who posts it (``app.hands.Writer``).

Every page is made and every change is done by ``Desk.do``: in a worker thread, one at a time
(the language is ginscore's one global, and the Book takes the ledger's lock anyway), through a
fresh ``Book``. A change is a POST form that answers with a redirect (303) to the page, errors
included (POST-redirect-GET: a reload never posts again).
"""

from __future__ import annotations

import re
import secrets
import sys
import threading
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from ginscore.app.book import open_book
from ginscore.app.hands import Writer
from ginscore.base import i18n
from ginscore.base.errors import GameNotFound, GinscoreError, printable, unexpected
from ginscore.base.i18n import N_, _, translate
from ginscore.web import pages
from ginscore.web.guard import BodyTooLarge, same
from ginscore.web.plain import plain

GAME_ID = re.compile(r"[a-z0-9]{1,32}")
FORM_KEY = re.compile(r"[A-Za-z0-9]{4,24}")  # a form's one-time key, as ``new_key`` makes it
ENTRY_ID = re.compile(r"[A-Za-z0-9]{1,32}")


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


def error_response(message: str, status: int) -> Response:
    words = {400: _("Refused"), 403: _("Refused"), 404: _("Not found"), 413: _("Too large")}.get(status, _("Failed"))
    return HTMLResponse(pages.error_page(message, words), status_code=status)


def with_status(response: Response, status: int) -> Response:
    response.status_code = status
    return response


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
                except GameNotFound as error:  # in the board's words: no path, no command
                    return error_response(plain(str(error), self.root), 404)
                except GinscoreError as error:
                    return error_response(plain(str(error), self.root), 400)
                except Exception as error:  # noqa: BLE001 - one line, never a traceback
                    print(printable(_("Error: {message}").format(message=unexpected(error))), file=sys.stderr, flush=True)
                    return error_response(_("the server failed on this request: look at the board before trying again"), 500)

        return await run_in_threadpool(job)


class Note:
    """What a phone is told once on the page a change redirected it to: ``said``, the lines of
    what was done; or ``message`` (why nothing was done), ``field`` (the field it is about, ""
    for the form as a whole), ``form`` (which form: its action's last word), ``values`` (what
    was typed, to fill the form again) and ``offer`` (what to do instead: an address and the
    words of its button, or None)."""

    def __init__(self, said=(), message: str = "", field: str = "", form: str = "", values: dict | None = None, offer=None):
        self.said = list(said)
        self.message = message
        self.field = field
        self.form = form
        self.values = dict(values or {})
        self.offer = offer


class Flash:
    """The notes waiting for each phone's next page (by its id and the page's address), the
    newest few only: memory stays flat whatever the phones do."""

    KEPT = 256

    def __init__(self):
        self.notes: dict = {}
        self.lock = threading.Lock()

    def keep(self, phone: str, path: str, note: Note) -> None:
        with self.lock:
            self.notes.pop((phone, path), None)
            self.notes[(phone, path)] = note
            while len(self.notes) > self.KEPT:
                del self.notes[next(iter(self.notes))]

    def take(self, phone: str, path: str) -> Note | None:
        with self.lock:
            return self.notes.pop((phone, path), None)


class Started:
    """Form key -> the id of the game that form started, the newest few only."""

    KEPT = 256

    def __init__(self):
        self.games: dict = {}

    def game_of(self, key: str) -> str | None:
        return self.games.get(key) if key else None

    def keep(self, key: str, game_id: str) -> None:
        if key:
            self.games[key] = game_id
            while len(self.games) > self.KEPT:
                del self.games[next(iter(self.games))]


class Board:
    """What the handlers share, kept on the application (``request.app.state.board``)."""

    def __init__(self, desk: Desk, shared, watcher, assets: dict):
        self.desk = desk
        self.flash = Flash()
        # the games started by each form's key: a start or rematch form sent twice opens the game
        # it started, not a second one (a new game has no entry yet to hold the key)
        self.started = Started()
        self.shared = shared
        self.watcher = watcher
        self.assets = assets


def board_of(request) -> Board:
    return request.app.state.board


def form_token(request) -> str:
    """This phone's form token (the guard's: ``secret.Secret.form_token`` of its cookie)."""
    return request.scope["ginscore.form_token"]


def phone_of(request) -> str:
    """This phone's id: a short digest of its cookie (``secret.Secret.phone_id``), never the cookie."""
    return request.scope.get("ginscore.phone", "")


def new_key() -> str:
    """A form's one-time key: recorded on what the form writes (``app.hands.once``)."""
    return secrets.token_hex(8)


def game_id_of(request) -> str:
    game_id = request.path_params["game_id"].lower()
    if not GAME_ID.fullmatch(game_id):
        raise Refused(404, _("no game {game}").format(game=printable(game_id[:40])))
    return game_id


def writer_of(request, form: dict) -> Writer:
    """Who posts ``form``: this phone, and the form's one-time key when it carries a sound one."""
    key = form.get("key", "")
    return Writer(phone_of(request), key if FORM_KEY.fullmatch(key) else "")


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
    desk = board_of(request).desk
    try:
        form = await posted(request)
    except Refused as error:  # its words (N_) said in the reader's language, under the lock
        status, message = error.status, error.args[0]
        if isinstance(error, Stale) and again is not None:
            typed = error.form
            return await desk.do(request, lambda book: with_status(again(book, typed, translate(message)), status))
        return await desk.do(request, lambda book: error_response(translate(message), status))
    return await desk.do(request, lambda book: work(book, form))


def back(request, path: str, note: Note, query: str = "") -> Response:
    """The redirect (303) to ``path`` (with ``query``), the page that shows ``note`` once to this phone."""
    board_of(request).flash.keep(phone_of(request), path, note)
    return RedirectResponse(f"{path}?{query}" if query else path, status_code=303)


def noted(request) -> Note:
    """What this phone is to be told on this page (an empty note when nothing)."""
    return board_of(request).flash.take(phone_of(request), request.url.path) or Note()


async def live_part(request, work):
    """A live part of a page, made once for each change of the ledger and language and
    shared by every board that asks (``work(book)``: the Response, made under the lock)."""
    board = board_of(request)
    key = (request.url.path, chosen_language(request.headers.get("accept-language"), board.desk.language))
    generation = board.watcher.generation  # before the files are read: a change meanwhile is another generation
    kept = board.shared.part(key, generation)
    if kept is not None:
        return kept

    def once(book):
        kept = board.shared.part(key, generation)  # another board made it while this one waited for the lock
        return kept if kept is not None else board.shared.keep(key, generation, work(book))

    return await board.desk.do(request, once)
