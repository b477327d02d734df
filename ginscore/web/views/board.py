"""The board (/): the games in progress, the form that starts a game, tonight's finished games
folded to a line each, and the damaged ones with their reason; and starting a game (POST /games)."""

from __future__ import annotations

import re
from datetime import date
from html import escape

from starlette.responses import HTMLResponse, RedirectResponse

from ginscore.app import games, stages
from ginscore.app.book import selection
from ginscore.base import i18n
from ginscore.base.errors import GinscoreError, printable
from ginscore.base.i18n import _, ngettext
from ginscore.core.rules import PRESETS
from ginscore.ops.evening import day_bounds
from ginscore.web import pages
from ginscore.web.desk import Note, back, board_of, changing, form_token, live_part, new_key, noted, writer_of
from ginscore.web.forms import board_words, error_line
from ginscore.web.pages import hidden

MOST_PLAYERS = 12  # names a form takes: a table, not a crowd


class TableRefused(GinscoreError):
    """Players that the kind of table chosen does not seat, in the board's words."""


def board_parts(board, book) -> tuple:
    """(the games in progress, the rest: tonight's finished games and the damaged ones) as the
    board shows them. Which games are in progress is the index's word (no file read); each card
    is made again only when its game's files (or the settlements) changed; a game that cannot be
    read is named with its reason."""
    playing = book.indexed_ids(selection(unfinished_only=True, hide_voided=True))
    tonight = book.summaries(selection(since=day_bounds("today", date.today(), end=False), finished_only=True, hide_voided=True))
    cards, finished, damaged = [], [], []
    listed = set(playing)
    settled, settlements = stages.Settled(book), book.settlements_stamp()

    def make(state):
        stage = settled.stage(state)
        card = pages.game_card(state, stage, book.root)
        return (pages.folded_card(state, stage, card) if state.finished else card), state.finished

    for game_id in playing + [entry["id"] for entry in tonight if entry["id"] not in listed]:
        try:
            card, over = board.shared.card(book, game_id, i18n.language(), settlements, make)
        except GinscoreError as error:  # damaged, or rewritten since the index read it
            damaged.append(pages.damaged_card(game_id, stages.damaged(book, game_id, error), book.root))
            continue
        (finished if over else cards).append(card)
    return pages.board_playing(cards), pages.board_rest(finished, damaged)


def start_form(csrf: str, note: Note) -> str:
    """Start a game: the players' names, the kind of table, the rules' preset, the stake, the
    currency and who deals first; the error of the last try stands at its field."""
    values = note.values
    field = note.field if note.message else None

    def said(name):
        return error_line(note.message, name) if field == name else ""

    def select(name, label, options):
        chosen = values.get(name, "")
        rows = "".join(f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>{escape(words)}</option>'
                       for value, words in options)
        return f'<label class="field"><span>{escape(label)}</span><select name="{name}">{rows}</select>{said(name)}</label>'

    def text(name, label, mode="", longest=40):
        return (f'<label class="field"><span>{escape(label)}</span><input name="{name}" value="{escape(values.get(name, ""))}"'
                f'{mode} autocomplete="off" maxlength="{longest}">{said(name)}</label>')

    tables = [(kind.name, kind.table_words()) for kind in pages.table_kinds()]
    presets = [("", _("the house rules"))] + [(name, name) for name in PRESETS]
    return "\n".join([
        '<section class="start"><form method="post" action="/games" id="start">',
        f'<h2>{escape(_("Start a game"))}</h2>', hidden(csrf, new_key()), said(""),
        text("players", _("Players, separated by commas"), longest=400),
        select("table", _("Kind of table"), tables),
        f'<details{" open" if any(values.get(name) for name in ("preset", "stake", "currency", "dealer")) else ""}>'
        f'<summary>{escape(_("Rules, stake and who deals"))}</summary>',
        select("preset", _("Rules"), presets),
        text("stake", _("Stake per point: 0.01, or 1/10 (empty: the house rules)"), ' inputmode="decimal"'),
        text("currency", _("Currency, e.g. € or CHF (empty: the house rules)"), longest=8),
        text("dealer", _("Who deals first (empty: the winner of the last game between them, else cut for deal)"), longest=80),
        "</details>",
        f'<button type="submit" class="primary">{escape(_("Start"))}</button>',
        "</form></section>",
    ])


async def board(request):
    note = noted(request)
    state = board_of(request)

    def work(book):
        playing, rest = board_parts(state, book)
        return HTMLResponse(pages.board(playing, rest, start_form(form_token(request), note), note))

    return await state.desk.do(request, work)


async def board_live(request):
    board = board_of(request)
    return await live_part(request, lambda book: HTMLResponse(board_parts(board, book)[0]))


async def board_finished(request):
    board = board_of(request)
    return await live_part(request, lambda book: HTMLResponse(board_parts(board, book)[1]))


def start_field(error: GinscoreError, form: dict) -> str:
    """The field of the start form a refusal is about."""
    text = str(error)
    if form.get("dealer", "").strip() and form["dealer"].strip().casefold() in text.casefold():
        return "dealer"
    if "stake" in text.lower() or (form.get("stake", "").strip() and form["stake"].strip() in text):
        return "stake"
    if form.get("currency", "").strip() and form["currency"].strip() in text:
        return "currency"
    return "players"


async def start(request):
    def work(book, form):
        key = writer_of(request, form).form
        again = board_of(request).started.game_of(key)
        if again is not None:  # the same form sent twice: the game it started
            return back(request, f"/games/{again}", Note(said=[_("This game is already started: here it is.")]))
        names = [name.strip() for name in re.split(r"[,\n]", form.get("players", "")) if name.strip()]
        values = {name: form.get(name, "") for name in ("players", "table", "preset", "stake", "currency", "dealer")}
        table = form.get("table", "standard")
        kinds = {kind.name: kind for kind in pages.table_kinds()}
        try:
            if len(names) > MOST_PLAYERS or (table in kinds and len(names) not in kinds[table].player_counts):
                counts = kinds[table].player_counts if table in kinds else (2,)
                fitting = [kind.table_words() for kind in kinds.values() if len(names) in kind.player_counts]
                message = ngettext("{table} is for {counts} players, and {count} is named",
                                   "{table} is for {counts} players, and {count} are named", len(names)).format(
                    table=kinds[table].table_words() if table in kinds else table, count=len(names),
                    counts=_(" or ").join(map(str, counts)))
                if fitting:
                    message += "; " + _("for {count}, choose {tables}").format(count=len(names), tables=_(" or ").join(fitting))
                raise TableRefused(message)
            started = games.start(book, names, table, form.get("stake", "").strip() or None, form.get("currency", "").strip() or None,
                                  form.get("dealer", "").strip() or None, form.get("preset", "").strip() or None)
        except GinscoreError as error:
            field = "players" if isinstance(error, TableRefused) else start_field(error, form)
            return back(request, "/", Note(message=board_words(printable(str(error))), field=field, form="start", values=values))
        board_of(request).started.keep(key, started.state.game.id)
        return RedirectResponse(f"/games/{started.state.game.id}", status_code=303)

    def again(book, form, message):  # a form older than the phone's token: shown again as typed
        board = board_of(request)
        playing, rest = board_parts(board, book)
        note = Note(message=message, form="start", values=form)
        return HTMLResponse(pages.board(playing, rest, start_form(form_token(request), note), note))

    return await changing(request, work, again)
