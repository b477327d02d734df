"""The corrections of a game from a phone, each a plain form that works without JavaScript,
posted to an address that ends with the command line's name and with fields named as its
arguments: /games/ID/undo, /redo, /edit (``hand``, and the hand form's fields), /delete
(``hand``), /restore (``hand``), /end, /void, /unvoid, /rename (``player``, ``name``). A form names its
hand by the entry it was made for too (``entry``), so that it means the same hand when others
arrived meanwhile. Ending, voiding, deleting and undoing in a game that is over ask first: a
page that posts again with ``confirm=yes``.
"""

from __future__ import annotations

from urllib.parse import urlencode

from starlette.responses import HTMLResponse, RedirectResponse

from ginscore.app import games, hands
from ginscore.app.hands import AlreadyDone, Writer
from ginscore.app.reading import hand_phrase, view
from ginscore.base.errors import GameNotFound, GinscoreError, NothingToTakeBack
from ginscore.base.i18n import N_, _
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
    new_key,
    phone_of,
    writer_of,
)
from ginscore.web.forms import WHOLE, FieldError, hand_parameters, whole
from ginscore.web.views.game import again_here, done, game_path, refusal_note, refused

ASKING = ("end", "void", "delete", "undo")  # what asks first


def entry_of(form: dict) -> str | None:
    entry = form.get("entry", "")
    return entry if ENTRY_ID.fullmatch(entry) else None


def hand_number(form: dict) -> int:
    return int(whole(form, "hand", _("give the hand's number, as on the sheet")))


def confirmed(request, form: dict, what: str, **fields):
    """None when the form says yes; else the redirect to the page that asks."""
    if form.get("confirm") == "yes":
        return None
    query = "&".join(f"{name}={value}" for name, value in fields.items() if value)
    return RedirectResponse(f"{game_path(request)}/{what}{'?' + query if query else ''}", status_code=303)


async def undo(request):
    def work(book, form):
        game_id = game_id_of(request)
        writer = writer_of(request, form)
        try:
            taken, _again = hands.pending(book, game_id, Writer(writer.phone))
            wanted = entry_of(form)
            if wanted and (taken is None or taken.entry != wanted):  # the button was made for another deed
                return done(request, [_("Nothing was taken back: what this button named changed meanwhile (another correction "
                                        "came first); look at the page again.")])
            if book.state(game_id).finished and (stop := confirmed(request, form, "undo")) is not None:
                return stop
            result = hands.undo(book, game_id, writer)
        except NothingToTakeBack as error:
            return back(request, game_path(request), nothing_of_this_phone(request, error, book.state(game_id)))
        except GinscoreError as error:
            return refused(request, error, "", {})
        return done(request, undone_lines(result))

    return await changing(request, work, again_here(request))


def nothing_of_this_phone(request, error: NothingToTakeBack, state) -> Note:
    """Undo or Redo with nothing of this phone's to take back, in a phone's words (never "this
    device", never a command); for Undo, the game's last hand, recorded elsewhere, is offered
    to delete (after asking)."""
    if error.redo:
        return Note(message=_("Nothing this phone took back in this game is left to bring back: what this phone takes back "
                              "can be brought back until a hand is recorded or deleted."))
    if error.last is None:
        return Note(message=_("Nothing this phone recorded in this game stands to take back: the game has no hand yet."))
    words = hand_phrase(state, error.last)
    message = _("Nothing this phone recorded in this game stands to take back. The last hand was recorded elsewhere: "
                "hand {number}, {hand}; it can be deleted instead.").format(number=error.last, hand=words)
    query = urlencode({"hand": error.last, "entry": error.entry or ""})
    offer = (f"{game_path(request)}/delete?{query}", _("Delete hand {number}").format(number=error.last))
    return Note(message=message, offer=offer)


def undone_lines(taken) -> list:
    """What an undo took back (an ``ops.undo.TakenBack``), in the board's words: what the ledger
    reads now (a deletion taken back brings its hand back; a correction, what the hand said)."""
    words = view(taken.state)
    if taken.kind == "end":
        return [_("The game is open again."), words.totals_sentence()]
    if taken.kind in ("rules", "rename"):
        return [_("Your change is taken back."), words.totals_sentence()]
    number = taken.concerned.number
    if taken.kind == "delete":
        first = _("Hand {number} is back: {words}.").format(number=number, words=hand_phrase(taken.state, number))
    elif taken.kind == "edit":
        first = _("Took back your correction of hand {number}: it says {words} again.").format(
            number=number, words=hand_phrase(taken.state, number))
    else:
        first = _("Took back hand {number}.").format(number=number)
    return [first, words.totals_sentence()]


def redone_lines(taken) -> list:
    """What a redo did again (an ``ops.undo.TakenBack``), in the board's words: a deletion deletes
    its hand again, a correction corrects it again, anything else brings a hand or a change back."""
    number = getattr(taken.concerned, "number", None)  # None for an ending, a rules change or a rename
    if number is None:
        first = _("Brought back what you took back.")
    elif taken.kind == "delete":
        first = _("Deleted hand {number}: the later hands moved up one.").format(number=number)
    elif taken.kind == "edit":
        first = _("Corrected hand {number}: {words}.").format(number=number, words=hand_phrase(taken.state, number))
    else:
        first = _("Hand {number} is back: {words}.").format(number=number, words=hand_phrase(taken.state, number))
    return [first, view(taken.state).totals_sentence()]


async def redo(request):
    def work(book, form):
        try:
            taken = hands.redo(book, game_id_of(request), writer_of(request, form))
        except NothingToTakeBack as error:
            return back(request, game_path(request), nothing_of_this_phone(request, error, None))
        except GinscoreError as error:
            return refused(request, error, "", {})
        return done(request, redone_lines(taken))

    return await changing(request, work, again_here(request))


async def edit(request):
    def work(book, form):
        game_id = game_id_of(request)
        values = {key: value for key, value in form.items() if key not in ("csrf", "key")}
        try:
            number = hand_number(form)
            command, params = hand_parameters(book.standing(game_id), form)
            result = hands.edit(book, game_id, number, command, params, writer_of(request, form), entry_of(form))
        except GinscoreError as error:
            if isinstance(error, (AlreadyDone, GameNotFound)):
                return refused(request, error, "edit", values)
            query = urlencode({"hand": form.get("hand", "")[:8]})
            return back(request, f"{game_path(request)}/correct", refusal_note(error, "edit", values), query)
        words = view(result.state)
        lines = [_("Corrected hand {number}: {words}.").format(number=result.number, words=hand_phrase(result.state, result.number)),
                 words.totals_sentence()]
        if result.state.finished != result.state_before.finished:
            lines.append(_("The game is over now.") if result.state.finished else _("The game is open again."))
        return done(request, lines)

    return await changing(request, work, again_here(request))


async def delete(request):
    def work(book, form):
        try:
            number = hand_number(form)
            if (stop := confirmed(request, form, "delete", hand=number, entry=entry_of(form))) is not None:
                return stop
            result = hands.delete(book, game_id_of(request), number, writer_of(request, form), entry_of(form))
        except GinscoreError as error:
            return refused(request, error, "", {})
        return done(request, [_("Deleted hand {number}: the later hands moved up one.").format(number=result.hand.number),
                              view(result.state).totals_sentence()])

    return await changing(request, work, again_here(request))


async def restore(request):
    def work(book, form):
        values = {"hand": form.get("hand", "")}
        try:
            number = hand_number(form)
            result = hands.restore(book, game_id_of(request), number, None, writer_of(request, form))
        except GinscoreError as error:
            if not isinstance(error, FieldError):
                error = FieldError("hand", str(error))
            return refused(request, error, "restore", values)
        return done(request, [_("Hand {number} is back in its place: the later hands moved down one.").format(number=result.hand.number),
                              view(result.state).totals_sentence()])

    return await changing(request, work, again_here(request))


async def end(request):
    def work(book, form):
        try:
            if (stop := confirmed(request, form, "end")) is not None:
                return stop
            state = games.end(book, game_id_of(request), writer_of(request, form))
        except GinscoreError as error:
            return refused(request, error, "", {})
        return done(request, view(state).result_lines())

    return await changing(request, work, again_here(request))


async def void(request):
    def work(book, form):
        try:
            if (stop := confirmed(request, form, "void")) is not None:
                return stop
            games.void(book, game_id_of(request), writer_of(request, form))
        except GinscoreError as error:
            return refused(request, error, "", {})
        return done(request, [_("The game is voided: it counts in no settlement and no statistic until it is brought back.")])

    return await changing(request, work, again_here(request))


async def unvoid(request):
    def work(book, form):
        try:
            shown = games.unvoid(book, game_id_of(request), writer_of(request, form))
        except GinscoreError as error:
            return refused(request, error, "", {})
        return done(request, [_("The game is back: it counts again."), view(shown.state).totals_sentence()])

    return await changing(request, work, again_here(request))


async def rename(request):
    def work(book, form):
        values = {"player": form.get("player", ""), "name": form.get("name", "")}
        try:
            if not values["name"].strip():
                raise FieldError("name", _("give the player's new name"))
            renamed = games.rename(book, game_id_of(request), values["player"], values["name"], writer_of(request, form))
        except GinscoreError as error:
            if not isinstance(error, FieldError):
                error = FieldError("name", str(error))
            return refused(request, error, "rename", values)
        return done(request, [_("Renamed {old} to {new}.").format(old=renamed.old, new=renamed.new), view(renamed.state).totals_sentence()])

    return await changing(request, work, again_here(request))


async def asking(request):
    """The page that asks before ending, voiding, deleting or undoing in a game that is over."""
    what = request.path_params["what"]
    if what not in ASKING:
        raise Refused(404, N_("no such page"))

    def work(book):
        state = book.state(game_id_of(request))
        back = f"/games/{state.game.id}"
        action = f"{back}/{what}"
        csrf, key = form_token(request), new_key()
        if what == "delete":
            number = request.query_params.get("hand", "")
            entry = request.query_params.get("entry", "")
            entry = entry if ENTRY_ID.fullmatch(entry) else ""
            phrase = hand_phrase(state, int(number)) if WHOLE.fullmatch(number) else ""  # digits 0-9, as a form's hand
            if not phrase:
                return done(request, [_("Choose a hand of the sheet to correct.")], back)
            title = _("Delete hand {number}").format(number=number)
            question = _("Delete hand {number} ({words})? The later hands move up one; it can be brought back.").format(number=number, words=phrase)
            return HTMLResponse(pages.confirm_page(title, question, action, csrf, key, back, hand=number, entry=entry))
        if what == "end":
            title, question = _("End the game now"), _("End the game now and settle it as it stands? Undo opens it again.")
        elif what == "void":
            title, question = _("Void the game"), _("Set the game aside? It then counts in no settlement or statistic; its hands stay.")
        else:
            taken, _again = hands.pending(book, state.game.id, Writer(phone_of(request)))
            if taken is None:
                return done(request, [_("Nothing of yours to take back in this game.")], back)
            # not "and open it again": a correction or a rename after the end leaves the game over
            title = _("Take back your last entry")
            question = _("The game is over. Take back your last entry? If it ended the game, the game opens again.")
            return HTMLResponse(pages.confirm_page(title, question, action, csrf, key, back, entry=taken.entry or ""))
        return HTMLResponse(pages.confirm_page(title, question, action, csrf, key, back))

    return await board_of(request).desk.do(request, work)
