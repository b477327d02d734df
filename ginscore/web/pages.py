"""The pages of 'ginscore serve', as HTML text: the board, a game's page, the evening's
settlement and an error. Every value shown is escaped here or by ``render_html``; the words
come from the views the command line prints (``actions.view``), the sheet from ``render_html``.
No inline script or style: the page's one stylesheet and one script are served from /static/,
so that the Content-Security-Policy can forbid everything else.
"""

from __future__ import annotations

from html import escape

from ginscore.app.reading import view
from ginscore.base.i18n import _
from ginscore.output.render_html import page_head, sheet_body, table_block
from ginscore.tables import all_tables
from ginscore.web.forms import hand_form


def layout(title: str, body: str, live: bool = False, wide: bool = False, state: str = "") -> str:
    """A whole page. With ``live``, its script replaces every element with a ``data-live``
    address by what that address gives, whenever the ledger changes; ``state`` is what the page
    was made for (a game in progress or finished): when it changes, the page is loaded again."""
    script = '<script src="/static/board.js" defer></script>' if live else ""
    live_attribute = f' data-state="{escape(state)}"' if live else ""
    head = page_head(
        escape(title),
        '<meta name="referrer" content="same-origin">',
        '<link rel="stylesheet" href="/static/sheet.css">',
        '<link rel="stylesheet" href="/static/board.css">',
        '<link rel="icon" href="data:,">',
        script,
    )
    return "\n".join([*head, f'<body class="{"board" if wide else "game"}"{live_attribute}>', stale_notes() if live else "", body,
                      "</body>", "</html>"])


def stale_notes() -> str:
    """What a live page says when it stops following the ledger (its script shows one): the
    stream broke (it tries again by itself), or the board no longer takes this phone's token."""
    lost = _("This page stopped following the ledger: what it shows may be old. It tries again by itself.")
    token = _("This page lost its token (the board was given a new one): open the address, or scan the code, 'ginscore serve --lan' prints.")
    return (f'<p class="stale" role="alert" data-stale="lost" hidden>{escape(lost)}</p>'
            f'<p class="stale" role="alert" data-stale="token" hidden>{escape(token)}</p>')


def nav(*links) -> str:
    items = "".join(f'<a class="button" href="{escape(href)}">{escape(words)}</a>' for href, words in links)
    return f'<nav class="bar">{items}</nav>'


def error_box(message: str | None) -> str:
    if not message:
        return ""
    return f'<p class="error" role="alert">{escape(_("Error: {message}").format(message=message))}</p>'


def game_card(state) -> str:
    """A game on the board: its title, totals and boxes (each grid of 'status'), and its notes
    (who deals next, where it stands)."""
    game = state.game
    shown = view(state).status()
    grids = "".join(table_block(grid, "final") for grid in shown.grids)
    notes = "".join(f"<p>{escape(note)}</p>" for note in shown.notes)
    css = "card finished" if state.finished else "card"
    return (
        f'<section class="{css}" id="game-{escape(game.id)}">'
        f'<h2><a href="/games/{escape(game.id)}">{escape(shown.title)}</a></h2>'
        f'<div class="grids">{grids}</div><div class="notes">{notes}</div></section>'
    )


def board_live(playing: list, finished: list, damaged: list) -> str:
    """The part of the board that follows the ledger: the games in progress, then tonight's
    finished games (``playing`` and ``finished``: their cards, ``game_card``)."""
    parts = []
    if not playing and not finished:
        parts.append(f'<p class="empty">{escape(_("No game in progress. Start one below."))}</p>')
    if playing:
        parts.append(f"<h2>{escape(_('In progress'))}</h2>")
        parts.append('<div class="cards">' + "".join(playing) + "</div>")
    if finished:
        parts.append(f"<h2>{escape(_('Finished tonight'))}</h2>")
        parts.append('<div class="cards">' + "".join(finished) + "</div>")
    for problem in damaged:
        parts.append(f'<p class="error">{escape(problem)}</p>')
    return "\n".join(parts)


def board(live_html: str, csrf: str, tables, message: str | None = None, values: dict | None = None) -> str:
    body = [
        f'<header class="top"><h1>{escape(_("Tonight at the table"))}</h1>',
        nav(("/settle", _("Settle the evening")), ("/ladder", _("The ladder"))),
        "</header>",
        error_box(message),
        f'<main data-live="/live">{live_html}</main>',
        new_game_form(csrf, tables, values or {}),
    ]
    return layout(_("ginscore: the board"), "\n".join(body), live=True, wide=True)


def new_game_form(csrf: str, tables, values: dict) -> str:
    """Start a game: the players' names (one a line, or separated by commas) and the kind of table."""
    options = []
    for kind in tables:
        selected = " selected" if values.get("table") == kind.name else ""
        options.append(f'<option value="{escape(kind.name)}"{selected}>{escape(kind.table_words())}</option>')
    return "\n".join(
        [
            '<section class="start"><form method="post" action="/games">',
            f'<h2>{escape(_("Start a game"))}</h2>',
            f'<input type="hidden" name="csrf" value="{escape(csrf)}">',
            f'<label class="field"><span>{escape(_("Players, separated by commas"))}</span>'
            f'<input name="players" value="{escape(values.get("players", ""))}" autocomplete="off" maxlength="400"></label>',
            f'<label class="field"><span>{escape(_("Kind of table"))}</span><select name="table">{"".join(options)}</select></label>',
            f'<label class="field"><span>{escape(_("Stake per point: 0.01, or 1/10 (empty: the house rules)"))}</span>'
            f'<input name="stake" value="{escape(values.get("stake", ""))}" inputmode="decimal" autocomplete="off" maxlength="40"></label>',
            f'<button type="submit" class="primary">{escape(_("Start"))}</button>',
            "</form></section>",
        ]
    )


def game_live(state, part: str) -> str:
    """A part of a game's page that follows the ledger: ``card``, its totals and who deals
    next, as on the board; ``sheet``, its sheet as 'sheet --format html' shows it."""
    if part == "card":
        return game_card(state)
    return "\n".join(sheet_body(view(state).sheet()))


def state_word(state) -> str:
    return "finished" if state.finished else "playing"


def game_page(state, csrf: str, message: str | None = None, values: dict | None = None, said=()) -> str:
    """A game's page; ``said``, the lines the change just made printed (its hand's report)."""
    game = state.game
    ident = escape(game.id)
    links = [("/", _("Board")), (f"/games/{game.id}/sheet", _("Printable sheet"))]
    body = [nav(*links), error_box(message)]
    if said:
        body.append('<div class="said" role="status">' + "".join(f"<p>{escape(line)}</p>" for line in said) + "</div>")
    body.append(f'<div data-live="/games/{ident}/live/card">{game_live(state, "card")}</div>')
    if not state.finished:
        body.append(hand_form(state.game, csrf, values or {}))
    actions_row = [f'<form method="post" action="/games/{ident}/undo" class="inline">'
                   f'<input type="hidden" name="csrf" value="{escape(csrf)}">'
                   f'<button type="submit">{escape(_("Undo the last hand"))}</button></form>']
    if state.finished:
        actions_row.append(f'<form method="post" action="/games/{ident}/rematch" class="inline">'
                           f'<input type="hidden" name="csrf" value="{escape(csrf)}">'
                           f'<button type="submit" class="primary">{escape(_("Rematch"))}</button></form>')
    body.append('<div class="actions">' + "".join(actions_row) + "</div>")
    body.append(f'<main class="sheet" data-live="/games/{ident}/live/sheet">{game_live(state, "sheet")}</main>')
    title = view(state).status().title
    return layout(title, "\n".join(body), live=True, state=state_word(state))


def settle_page(lines: list, can_record: bool, csrf: str, message: str | None = None) -> str:
    body = [nav(("/", _("Board"))), f"<h1>{escape(_('Settle the evening'))}</h1>", error_box(message)]
    body.append('<div class="settle">' + "".join(f"<p>{escape(line)}</p>" for line in lines) + "</div>")
    if can_record:
        body.append(
            '<form method="post" action="/settle">'
            f'<input type="hidden" name="csrf" value="{escape(csrf)}">'
            f'<button type="submit" class="primary">{escape(_("Record: mark these games settled"))}</button></form>'
        )
    return layout(_("Settle the evening"), "\n".join(body))


def error_page(message: str, status_words: str) -> str:
    body = [nav(("/", _("Board"))), f"<h1>{escape(status_words)}</h1>", error_box(message)]
    return layout(status_words, "\n".join(body))


def table_kinds():
    return list(all_tables())
