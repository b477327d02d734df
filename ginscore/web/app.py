"""The web application of 'ginscore serve', assembled: the routes (each a module-level handler of
``web/views/``, in the manner of datasette's), the guard around them, and what the handlers
share (``desk.Board``: the desk that does the work under one lock, the phones' flash, the live
parts shared by every open board, the ledger's watcher, the page's assets).

Every page is made and every change is done by ``Desk.do`` (``web/desk.py``): in a worker thread,
one at a time, through a fresh ``Book``, with the functions of ``app/`` the command line calls.
A change is a POST form that answers with a redirect (303) to the page it was made on, which
then says what was done, or why nothing was, next to the field it is about (POST-redirect-GET).
The live parts of the pages are made once for each change of the ledger (``live.Watcher``) and
language, and shared by every open board (``shared.Shared``).
"""

from __future__ import annotations

import os

from starlette.applications import Starlette
from starlette.routing import Route

from ginscore.output.render_html import CSS
from ginscore.web.desk import Board, Desk, Refused
from ginscore.web.guard import Guard
from ginscore.web.shared import Shared
from ginscore.web.views import assets, board, corrections, game, ladder, settle

ASSETS = {"board.js": "text/javascript; charset=utf-8", "board.css": "text/css; charset=utf-8", "enter.js": "text/javascript; charset=utf-8"}

ROUTES = [
    Route("/", board.board),
    Route("/live", board.board_live),
    Route("/live/finished", board.board_finished),
    Route("/events", assets.events),
    Route("/games", board.start, methods=["POST"]),
    Route("/games/{game_id}", game.game_page),
    Route("/games/{game_id}/live/{part}", game.game_part),
    Route("/games/{game_id}/sheet", game.printable_sheet),
    Route("/games/{game_id}/correct", game.correct),
    Route("/games/{game_id}/hand", game.hand, methods=["POST"]),
    Route("/games/{game_id}/rematch", game.rematch, methods=["POST"]),
    Route("/games/{game_id}/undo", corrections.undo, methods=["POST"]),
    Route("/games/{game_id}/redo", corrections.redo, methods=["POST"]),
    Route("/games/{game_id}/edit", corrections.edit, methods=["POST"]),
    Route("/games/{game_id}/delete", corrections.delete, methods=["POST"]),
    Route("/games/{game_id}/restore", corrections.restore, methods=["POST"]),
    Route("/games/{game_id}/end", corrections.end, methods=["POST"]),
    Route("/games/{game_id}/void", corrections.void, methods=["POST"]),
    Route("/games/{game_id}/unvoid", corrections.unvoid, methods=["POST"]),
    Route("/games/{game_id}/rename", corrections.rename, methods=["POST"]),
    Route("/games/{game_id}/{what}", corrections.asking),
    Route("/settle", settle.settle_page_of),
    Route("/settle", settle.settle_record, methods=["POST"]),
    Route("/ladder", ladder.page),
    Route("/ladder/live", ladder.part),
    Route("/static/{name}", assets.static),
]


def build(root, language: str, hosts, token: str | None, secret, watcher) -> Guard:
    """The application, guarded: ``secret`` the board's (``secret.Secret``), ``watcher`` what
    tells the live streams that the ledger changed (``live.Watcher``) or that the server stops."""
    desk = Desk(root, language)
    app = Starlette(routes=ROUTES, exception_handlers={404: assets.not_found, 405: assets.not_found, Refused: assets.refused})
    app.state.board = Board(desk, Shared(), watcher, load_assets())
    return Guard(app, hosts, token, secret, desk.say)


def load_assets() -> dict:
    """The page's script and stylesheets, read once: the files of ``ginscore/web/static/`` and
    the sheet's stylesheet, which ``render_html`` writes inline into a printed sheet."""
    folder = os.path.join(os.path.dirname(__file__), "static")
    found = {"sheet.css": (CSS.encode("utf-8"), "text/css; charset=utf-8")}
    for name, media_type in ASSETS.items():
        with open(os.path.join(folder, name), "rb") as handle:
            found[name] = (handle.read(), media_type)
    return found
