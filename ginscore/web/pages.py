"""The pages of 'ginscore serve', as HTML text: the board, a game's page and its corrections, a
step that asks before something is undone for good, the evening's settlement and an error. Every
value shown is escaped here or by ``render_html``; a game's words come from its view
(``app.reading.view``), the sheet from ``render_html``. No inline script or style: the page's
one stylesheet and one script are served from /static/, so that the Content-Security-Policy can
forbid everything else. Phones first: each table scrolls inside its own frame, finished games
fold to one line, and the board's words never name a command or an option.
"""

from __future__ import annotations

from html import escape

from ginscore.app.reading import view
from ginscore.app.settlement_words import square_words
from ginscore.app.stages import DAMAGED, PLAYING, VOIDED
from ginscore.base.i18n import _
from ginscore.output.render_html import grid_block, page_head, sheet_body
from ginscore.tables import all_tables
from ginscore.web.forms import board_words
from ginscore.web.plain import plain


def layout(title: str, body: str, live: bool = False, wide: bool = False, state: str = "") -> str:
    """A whole page. With ``live``, its script replaces every element with a ``data-live``
    address by what that address gives, whenever the ledger changes; ``state`` is what the page
    was made for (a game in progress or finished): when it changes, the page is loaded again."""
    script = '<script src="/static/board.js" defer></script>'
    live_attribute = f' data-state="{escape(state)}"' if live else ""
    head = page_head(
        escape(title),
        '<meta name="referrer" content="same-origin">',
        '<link rel="stylesheet" href="/static/sheet.css">',
        '<link rel="stylesheet" href="/static/board.css">',
        '<link rel="icon" href="data:,">',
        script,
    )
    return "\n".join([*head, f'<body class="{"board" if wide else "game"}"{live_attribute}>', stale_notes() if live else "",
                      body, "</body>", "</html>"])


def stale_notes() -> str:
    """What a live page says when it stops following the ledger (its script shows one): the
    stream broke (it tries again by itself), or the board no longer takes this phone's token."""
    lost = _("This page stopped following the ledger: what it shows may be old. It tries again by itself.")
    token = _("This page lost its token (the board was given a new one): open the address the board printed on the laptop, or scan its code.")
    return (f'<p class="stale" role="alert" data-stale="lost" hidden>{escape(lost)}</p>'
            f'<p class="stale" role="alert" data-stale="token" hidden>{escape(token)}</p>')


def nav(*links) -> str:
    items = "".join(f'<a class="button" href="{escape(href)}">{escape(words)}</a>' for href, words in links)
    return f'<nav class="bar">{items}</nav>'


def error_box(message: str | None, offer=None) -> str:
    """Why nothing was done; ``offer``, what to do instead (an address and its button's words)."""
    if not message:
        return ""
    box = f'<p class="error" role="alert">{escape(_("Error: {message}").format(message=message))}</p>'
    if offer is not None:
        box += f'<div class="actions offer"><a class="button" href="{escape(offer[0])}">{escape(offer[1])}</a></div>'
    return box


def said_box(lines) -> str:
    if not lines:
        return ""
    return '<div class="said" role="status">' + "".join(f"<p>{escape(line)}</p>" for line in lines) + "</div>"


def hidden(csrf: str, key: str = "", **more) -> str:
    """A form's hidden fields: the phone's token, the form's one-time key, and ``more``."""
    fields = {"csrf": csrf, **({"key": key} if key else {}), **more}
    return "".join(f'<input type="hidden" name="{escape(name)}" value="{escape(str(value))}">' for name, value in fields.items() if value is not None)


def post_button(action: str, words: str, csrf: str, key: str = "", css: str = "", **more) -> str:
    classes = f' class="{css}"' if css else ""
    return (f'<form method="post" action="{escape(action)}" class="inline">{hidden(csrf, key, **more)}'
            f'<button type="submit"{classes}>{escape(words)}</button></form>')


def board_note(note: str) -> str:
    """A view's note in the board's words: each sentence that names a command (``'ginscore
    end' ends it``) without that part; the rest as it is."""
    if "ginscore" not in note and "--" not in note:
        return note
    sentences = [board_words(sentence) if ("ginscore" in sentence or "--" in sentence) else sentence for sentence in note.split(". ")]
    return ". ".join(sentences).rstrip(".") + "."


def stage_lines(stage, root: str) -> list:
    """Where a game is (``app.stages.Stage``), in the board's words: in progress, over (how it
    ended), voided or damaged (and why); settled, or settled and changed since, with what squares it."""
    if stage.kind == DAMAGED:
        return [_("Damaged: {reason}").format(reason=plain(stage.reason, root))]
    if stage.kind == VOIDED:
        lines = [_("Voided: set aside, it counts in no settlement and no statistic.")]
    elif stage.kind == PLAYING:
        lines = [_("In progress.")]
    else:  # won, or ended early: the table's words for the result say which
        lines = [_("Over: {result}.").format(result=stage.result)]
    if stage.settlement is not None:
        lines.append(settled_line(stage))
    return lines


def settled_line(stage) -> str:
    """A settled game: in which settlement, and what squares it when it changed since."""
    change, settlement = stage.change, stage.settlement
    if change is None:
        return _("Settled in settlement {settlement}.").format(settlement=settlement)
    if change["state"] == "unfinished":
        return _("Settled in settlement {settlement}, then changed: it is not finished now, so what squares it is told once it "
                 "ends.").format(settlement=settlement)
    if change["state"] == "voided":
        return _("Settled in settlement {settlement}, then voided: to square it: {owed}.").format(settlement=settlement, owed=square_words(change))
    return _("Settled in settlement {settlement}, then changed: to square it: {owed}.").format(settlement=settlement, owed=square_words(change))


def stage_box(stage, root: str) -> str:
    """Where a game is, a line each: its kind, then (settled) whether what was paid still holds."""
    lines = stage_lines(stage, root)
    settled = "" if stage.settlement is None else "settled" if stage.change is None else "changed"
    classes = [""] * (len(lines) - 1) + [f' class="{settled}"' if settled else ""]
    return (f'<div class="stage stage-{escape(stage.kind)}">' + "".join(f"<p{css}>{escape(line)}</p>" for css, line in zip(classes, lines))
            + "</div>")


def game_card(state, stage, root: str) -> str:
    """A game on the board: its title, where it is (its stage), totals and boxes (each grid of
    'status', each in a frame of its own that scrolls), and its notes (who deals next, where it
    stands)."""
    game = state.game
    shown = view(state).status()
    grids = "".join(f'<div class="frame">{grid_block(grid, "final")}</div>' for grid in shown.grids)
    notes = "".join(f"<p>{escape(board_note(note))}</p>" for note in shown.notes)
    css = "card finished" if state.finished else "card"
    return (
        f'<section class="{css}" id="game-{escape(game.id)}">'
        f'<h2><a href="/games/{escape(game.id)}">{escape(shown.title)}</a></h2>{stage_box(stage, root)}'
        f'<div class="grids">{grids}</div><div class="notes">{notes}</div></section>'
    )


def damaged_card(game_id: str, stage, root: str) -> str:
    """A game that cannot be read, on the board: its id and why."""
    ident = escape(game_id)
    return (f'<section class="card damaged" id="game-{ident}"><h2><a href="/games/{ident}">{escape(_("Game {game}").format(game=game_id))}'
            f"</a></h2>{stage_box(stage, root)}</section>")


def folded_card(state, stage, card: str) -> str:
    """A finished game on the board: one line (its title, result and whether it is settled) that
    opens to its card."""
    line = f"{view(state).status().title}: {view(state).result_phrase()}"
    if stage.settlement is not None:
        line += f" ({_('settled') if stage.change is None else _('settled, then changed')})"
    return f'<details class="folded" id="over-{escape(state.game.id)}"><summary>{escape(line)}</summary>{card}</details>'


def board_playing(cards: list) -> str:
    """The part of the board that follows the games in progress."""
    if not cards:
        return f'<p class="empty">{escape(_("No game in progress. Start one below."))}</p>'
    return f"<h2>{escape(_('In progress'))}</h2>" + '<div class="cards">' + "".join(cards) + "</div>"


def board_rest(finished: list, damaged: list) -> str:
    """The part of the board below the start form: tonight's finished games, a line each, and
    the games that cannot be read (``damaged_card``), each with its reason."""
    parts = []
    if finished:
        parts.append(f"<h2>{escape(_('Finished tonight'))}</h2>")
        parts.append("".join(finished))
    if damaged:
        parts.append(f"<h2>{escape(_('Damaged'))}</h2>")
        parts.append('<div class="cards">' + "".join(damaged) + "</div>")
    return "\n".join(parts)


def board(playing: str, rest: str, start_form: str, note) -> str:
    body = [
        f'<header class="top"><h1>{escape(_("Tonight at the table"))}</h1>',
        nav(("/settle", _("Settle the evening")), ("/ladder", _("The ladder"))),
        "</header>",
        said_box(note.said),
        f'<main data-live="/live">{playing}</main>',
        start_form,
        f'<section data-live="/live/finished">{rest}</section>',
    ]
    return layout(_("ginscore: the board"), "\n".join(body), live=True, wide=True)


def game_live(state, part: str, stage, root: str) -> str:
    """A part of a game's page that follows the ledger: ``card``, its stage, totals and who deals
    next, as on the board; ``sheet``, its sheet as 'sheet --format html' shows it, each table in
    a frame of its own."""
    if part == "card":
        return game_card(state, stage, root)
    return "\n".join(sheet_body(board_sheet(state)))


def board_sheet(state):
    """A game's sheet as the board shows and prints it: its notes in the board's words."""
    sheet = view(state).sheet()
    return sheet._replace(notes=tuple(board_note(note) for note in sheet.notes))


def state_word(state, stage) -> str:
    """What a game's page was made for: its form comes or goes when this changes."""
    return "voided" if stage.kind == VOIDED else "finished" if state.finished else "playing"


def game_page(state, stage, root: str, parts: list, note) -> str:
    """A game's page: what the change just did (``note.said``), its card, ``parts`` (its forms),
    and its sheet."""
    game = state.game
    ident = escape(game.id)
    links = [("/", _("Board")), (f"/games/{game.id}/sheet", _("Printable sheet"))]
    body = [nav(*links), said_box(note.said)]
    body.append(f'<div data-live="/games/{ident}/live/card">{game_live(state, "card", stage, root)}</div>')
    body += parts
    body.append(f'<main class="sheet" data-live="/games/{ident}/live/sheet">{game_live(state, "sheet", stage, root)}</main>')
    return layout(view(state).status().title, "\n".join(body), live=True, state=state_word(state, stage))


def damaged_page(game_id: str, stage, root: str) -> str:
    """The page of a game that cannot be read: why, in the board's words (no path, no command)."""
    title = _("Game {game}").format(game=game_id)
    body = [nav(("/", _("Board"))), f"<h1>{escape(title)}</h1>",
            f'<section class="card damaged" id="game-{escape(game_id)}">{stage_box(stage, root)}</section>']
    return layout(title, "\n".join(body))


def confirm_page(title: str, question: str, action: str, csrf: str, key: str, back: str, **fields) -> str:
    """The step that asks before something is done that changes a game for good: a form that
    posts ``action`` with ``confirm=yes``, and a way back. It works without JavaScript."""
    body = [nav(("/", _("Board")), (back, _("Back to the game"))), f"<h1>{escape(title)}</h1>", f"<p>{escape(question)}</p>",
            '<div class="actions">', post_button(action, title, csrf, key, css="primary danger", confirm="yes", **fields),
            f'<a class="button" href="{escape(back)}">{escape(_("No, back to the game"))}</a></div>']
    return layout(title, "\n".join(body))


def error_page(message: str, status_words: str) -> str:
    body = [nav(("/", _("Board"))), f"<h1>{escape(status_words)}</h1>", error_box(message)]
    return layout(status_words, "\n".join(body))


def table_kinds():
    return list(all_tables())
