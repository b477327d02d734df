"""A game's page (/games/ID): its card, the hand form, this phone's Undo and Redo (each naming
what it takes back), the corrections, and the sheet; its live parts; the printable sheet; a
hand posted (POST /games/ID/hand); a rematch; and the page that corrects one hand
(/games/ID/correct?hand=N)."""

from __future__ import annotations

from html import escape

from starlette.responses import HTMLResponse, RedirectResponse

from ginscore.app import games, hands, stages
from ginscore.app.hands import AlreadyDone, Writer
from ginscore.app.reading import hand_phrase, view
from ginscore.base.errors import GameNotFound, GinscoreError, PlayerError, printable
from ginscore.base.i18n import N_, _
from ginscore.output.render_html import page
from ginscore.tables import get_table
from ginscore.web import pages
from ginscore.web.desk import (
    ENTRY_ID,
    Note,
    Refused,
    back,
    board_of,
    changing,
    form_token,
    game_id_of,
    live_part,
    new_key,
    noted,
    phone_of,
    writer_of,
)
from ginscore.web.forms import (
    FieldError,
    before_of,
    board_words,
    field_of,
    hand_fields,
    hand_form,
    hand_parameters,
    said_at,
    text_field,
    values_of,
)
from ginscore.web.guard import PRINT_CSP
from ginscore.web.pages import hidden, post_button


def refusal_note(error: GinscoreError, form: str, values: dict) -> Note:
    """A refusal as the page shows it: in the board's words, at its field."""
    if isinstance(error, FieldError):
        return Note(message=str(error), field=error.field, form=form, values=values)
    message = printable(str(error))
    field = "player" if isinstance(error, PlayerError) and form in ("hand", "edit") else field_of(message)
    return Note(message=board_words(message), field=field, form=form, values=values)


def undo_part(state, pending, csrf: str) -> list:
    """This phone's Undo and Redo, each naming what it takes back; after the game is over, Undo
    asks first. A hand of this phone's with hands after it is not undone: it is deleted, by
    its number, after asking (a correction of a hand is taken back whatever came after it)."""
    game_id = state.game.id
    taken, again = pending
    parts = []
    if taken is not None and taken.kind != "edit" and taken.number is not None and taken.later:
        words = _("Your last hand, hand {number} ({hand}), has hands after it: delete it instead").format(
            number=taken.number, hand=hand_phrase(state, taken.number))
        parts.append(f'<a class="button" href="/games/{escape(game_id)}/delete?hand={taken.number}&amp;entry={escape(taken.entry)}">'
                     f"{escape(words)}</a>")
    elif taken is not None:
        if taken.kind == "edit" and taken.number is not None:
            words = _("Take back your correction of hand {number}").format(number=taken.number)
        elif taken.number is not None:
            words = _("Take back hand {number}: {hand}").format(number=taken.number, hand=hand_phrase(state, taken.number))
        else:
            words = {"end": _("Take back the ending of the game"), "rules": _("Take back your rules change"),
                     "rename": _("Take back your rename")}.get(taken.kind, _("Take back your last change"))
        if state.finished:  # asks first: taking back a hand of a game over opens it again
            parts.append(f'<a class="button" href="/games/{escape(game_id)}/undo">{escape(words)}</a>')
        else:
            parts.append(post_button(f"/games/{game_id}/undo", words, csrf, new_key(), css="undo", entry=taken.entry or ""))
    if again is not None:
        if again.number is not None and again.kind in ("hand", "restore", "redo"):
            words = _("Bring back hand {number}").format(number=again.number)
        else:
            words = _("Redo what you took back")
        parts.append(post_button(f"/games/{game_id}/redo", words, csrf, new_key(), css="redo"))
    if state.finished:
        parts.append(post_button(f"/games/{game_id}/rematch", _("Rematch"), csrf, new_key(), css="primary"))
    return ['<div class="actions">' + "".join(parts) + "</div>"] if parts else []


def corrections_part(state, csrf: str, note: Note) -> str:
    """Correcting the score: one hand (edit or delete, on a page of its own), a deleted hand
    brought back, a player renamed, the game ended early or voided (each asks first)."""
    game = state.game
    ident = escape(game.id)
    count = len(state.rows)
    mine = note if note.form in ("restore", "rename") else None
    opened = " open" if mine is not None else ""
    rows = [f'<details class="corrections" id="corrections"{opened}><summary>{escape(_("Correct the score"))}</summary>']
    if count:
        options = "".join(f'<option value="{number}">{escape(_("Hand {number}: {words}").format(number=number, words=hand_phrase(state, number)))}</option>'
                          for number in range(count, 0, -1))
        rows.append(f'<form method="get" action="/games/{ident}/correct" class="corrections">'
                    f'<label class="field"><span>{escape(_("Which hand"))}</span><select name="hand">{options}</select></label>'
                    f'<button type="submit">{escape(_("Correct or delete it"))}</button></form>')
    values = mine.values if mine is not None else {}
    rows.append(f'<form method="post" action="/games/{ident}/restore" class="corrections">{hidden(csrf, new_key())}'
                + text_field("hand", _("Bring back a deleted hand: its number when it was deleted"), values if mine and mine.form == "restore" else {},
                             mine if mine and mine.form == "restore" else None)
                + f'<button type="submit">{escape(_("Bring it back"))}</button></form>')
    renaming = mine if mine and mine.form == "rename" else None
    players = "".join(f'<option value="{escape(name)}"{" selected" if renaming and renaming.values.get("player") == name else ""}>{escape(name)}</option>'
                      for name in game.players)
    rows.append(f'<form method="post" action="/games/{ident}/rename" class="corrections">{hidden(csrf, new_key())}'
                f'<label class="field"><span>{escape(_("Rename a player"))}</span><select name="player">{players}</select>'
                f'{said_at(renaming, "player")}</label>'
                + text_field("name", _("New name"), renaming.values if renaming else {}, renaming, numeric=False)
                + f'<button type="submit">{escape(_("Rename"))}</button></form>')
    links = []
    if not state.finished and get_table(game.table).can_end_early:
        links.append(f'<a class="button" href="/games/{ident}/end">{escape(_("End the game now"))}</a>')
    links.append(f'<a class="button" href="/games/{ident}/void">{escape(_("Void the game"))}</a>')
    rows.append('<div class="actions">' + "".join(links) + "</div></details>")
    return "\n".join(rows)


def read_game(book, game_id: str) -> tuple:
    """(the game's evaluated state, its stage), or (None, its stage) when it cannot be read."""
    try:
        state = book.state(game_id)
    except GameNotFound:
        raise
    except GinscoreError as error:  # damaged: its page says why, in the board's words
        return None, stages.damaged(book, game_id, error)
    return state, stages.Settled(book).stage(state)


def the_game_page(request, book, note: Note) -> HTMLResponse:
    game_id = game_id_of(request)
    state, stage = read_game(book, game_id)
    if state is None:
        return HTMLResponse(pages.damaged_page(game_id, stage, book.root))
    csrf = form_token(request)
    parts = []
    if stage.kind == stages.VOIDED:  # nothing is recorded in a game set aside: it can be brought back
        parts.append('<div class="actions">' + post_button(f"/games/{state.game.id}/unvoid", _("Bring the game back"), csrf, new_key(),
                                                           css="primary") + "</div>")
        if note.message:
            parts.append(pages.error_box(note.message))
        return HTMLResponse(pages.game_page(state, stage, book.root, parts, note))
    if not state.finished:
        error = note if note.form == "hand" else None
        fields = hidden(csrf, new_key(), seen=hands.seen_of(state.game))  # what it was made for: an alike hand since is asked about
        parts.append(hand_form(state.game, fields, note.values if error else {}, error, len(state.rows)))
    parts += undo_part(state, hands.pending(book, state.game.id, Writer(phone_of(request))), csrf)
    if note.message and note.form not in ("hand", "restore", "rename"):
        parts.append(pages.error_box(note.message, note.offer))
    parts.append(corrections_part(state, csrf, note))
    return HTMLResponse(pages.game_page(state, stage, book.root, parts, note))


async def game_page(request):
    note = noted(request)
    return await board_of(request).desk.do(request, lambda book: the_game_page(request, book, note))


async def game_part(request):
    part = request.path_params["part"]
    if part not in ("card", "sheet"):
        raise Refused(404, N_("no such part of a page"))

    def work(book):
        game_id = game_id_of(request)
        state, stage = read_game(book, game_id)
        if state is None:
            return HTMLResponse(pages.damaged_card(game_id, stage, book.root) if part == "card" else "",
                                headers={"x-game-state": "damaged"})
        return HTMLResponse(pages.game_live(state, part, stage, book.root), headers={"x-game-state": pages.state_word(state, stage)})

    return await live_part(request, work)


async def printable_sheet(request):
    def work(book):
        return HTMLResponse(page(pages.board_sheet(book.state(game_id_of(request)))), headers={"content-security-policy": PRINT_CSP})

    return await board_of(request).desk.do(request, work)


def game_path(request) -> str:
    return f"/games/{game_id_of(request)}"


def done(request, lines, path: str | None = None):
    """The redirect to the game's page (or ``path``), which shows ``lines`` once."""
    return back(request, path or game_path(request), Note(said=lines))


def refused(request, error: GinscoreError, form: str, values: dict, path: str | None = None):
    """The redirect to the game's page (or ``path``), which shows the refusal at its field, and
    the form as it was typed; a form posted twice says what it did the first time."""
    if isinstance(error, GameNotFound):
        raise error
    if isinstance(error, AlreadyDone):
        return done(request, [str(error)], path)
    return back(request, path or game_path(request), refusal_note(error, form, values))


def again_here(request):
    """A form older than the phone's token: the game's page again, the form as typed."""
    return lambda book, form, message: the_game_page(request, book, Note(message=message, form="hand", values=form))


async def hand(request):
    def work(book, form):
        game_id = game_id_of(request)
        values = {key: value for key, value in form.items() if key not in ("csrf", "key", "seen")}
        try:
            command, params = hand_parameters(book.standing(game_id), form)
            seen = form.get("seen", "")
            seen = seen if ENTRY_ID.fullmatch(seen) else None
            recorded = hands.record(book, game_id, command, params, before_of(form), writer_of(request, form), seen)
        except GinscoreError as error:
            return refused(request, error, "hand", values)
        if recorded.placed is not None:
            words = view(recorded.state)
            lines = [_("Recorded hand {number} in its place: the later hands moved down one.").format(number=recorded.placed.number),
                     words.totals_sentence()]
            return done(request, lines)
        return done(request, view(recorded.state).hand_report(True))

    return await changing(request, work, again_here(request))


async def rematch(request):
    def work(book, form):
        key = writer_of(request, form).form
        again = board_of(request).started.game_of(key)
        if again is not None:  # the same form sent twice: the rematch it started
            return done(request, [_("This game is already started: here it is.")], f"/games/{again}")
        try:
            started = games.rematch(book, game_id_of(request))
        except GinscoreError as error:
            return refused(request, error, "", {})
        board_of(request).started.keep(key, started.state.game.id)
        return RedirectResponse(f"/games/{started.state.game.id}", status_code=303)

    return await changing(request, work, again_here(request))


async def correct(request):
    """The page that corrects hand ``hand`` (its number now): the hand form filled with it, and
    a button that deletes it (after asking)."""
    note = noted(request)

    def work(book):
        state = book.state(game_id_of(request))
        ident = state.game.id
        try:
            number = int(request.query_params.get("hand", ""))
            counted = state.rows[number - 1].hand if 1 <= number <= len(state.rows) else None
        except ValueError:
            counted = None
        if counted is None:
            return done(request, [_("Choose a hand of the sheet to correct.")], f"/games/{ident}")
        csrf = form_token(request)
        values = note.values if note.form == "edit" else values_of(counted.hand)
        title = _("Correct hand {number}: {words}").format(number=number, words=hand_phrase(state, number))
        fields = hidden(csrf, new_key(), hand=number, entry=counted.entry)
        body = [pages.nav(("/", _("Board")), (f"/games/{ident}", _("Back to the game"))), f"<h1>{escape(title)}</h1>",
                f'<form method="post" action="/games/{escape(ident)}/edit" class="hand" id="edit">{fields}',
                *hand_fields(state.game, values, note if note.form == "edit" else None),
                f'<button type="submit" class="primary">{escape(_("Record the correction"))}</button></form>',
                '<div class="actions">',
                post_button(f"/games/{ident}/delete", _("Delete hand {number}").format(number=number), csrf, new_key(), css="danger",
                            hand=number, entry=counted.entry),
                "</div>"]
        return HTMLResponse(pages.layout(title, "\n".join(body)))

    return await board_of(request).desk.do(request, work)
