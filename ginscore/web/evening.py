"""The evening's settlement as the board's page shows it, in the board's words: the view the
command line's 'settle' renders too (``app.evening.SettleView``), each currency's games, nets
and payments (one a line, to tick off as each is paid), the games without a stake, what changed
in a settled game since and what squares it, the games settled twice, and what was left out,
with no command, option or path; and a Record button for what can be recorded (one for each
currency when the games were played for several).
"""

from __future__ import annotations

from html import escape

from ginscore.app import settlement_words as words
from ginscore.app.evening import NO_CURRENCY, digest_of
from ginscore.base.i18n import _, ngettext
from ginscore.base.text import named
from ginscore.web import pages
from ginscore.web.plain import plain


def nothing_line(older: bool) -> str:
    if older:
        return _("Nothing to settle: every finished game with a stake is settled.")
    return _("Nothing to settle tonight: no game with a stake finished tonight is left unsettled.")


def change_line(change: dict) -> str:
    """A settled game that changed since, as ``settlement_words.change_line`` says it; one that
    cannot be read now in the board's words."""
    if change["state"] == "damaged":
        return _("Game {game} of settlement {settlement} cannot be read, so whether its money changed cannot be told: "
                 "the board lists it under Damaged, with what is wrong.").format(game=named(change["games"]), settlement=change["settlement"])
    return words.change_line(change)


def problem_line(problem: str, root: str) -> str:
    return _("A file of recorded settlements cannot be read, so the settlements in it are left out: {problem}").format(
        problem=plain(problem, root))


def recorded_lines(recorded: dict, left: list) -> list:
    """What the board's Record recorded, naming the settlement by its id; the games finished since
    the page was made, left for the next settlement."""
    if recorded["games"] and recorded["squares"]:
        said = _("Recorded as settlement {id}: these games are settled and the changed games squared.")
    elif recorded["squares"]:
        said = _("Recorded as settlement {id}: the changed games are squared.")
    else:
        said = _("Recorded as settlement {id}: these games are settled.")
    lines = [said.format(id=recorded["id"])]
    if left:
        lines.append(ngettext(
            "Game {games} finished after the page was made: it is left for the next settlement.",
            "Games {games} finished after the page was made: they are left for the next settlement.",
            len(left)).format(games=named(left, bracketed=False)))
    return lines


def paragraphs(lines, css: str = "") -> str:
    classes = f' class="{css}"' if css else ""
    return "".join(f"<p{classes}>{escape(line)}</p>" for line in lines)


def nets_grid(result) -> str:
    rows = "".join(f'<tr><td>{escape(name)}</td><td class="number">{escape(amount)}</td></tr>' for name, amount in words.net_rows(result))
    return (f'<div class="frame"><table class="block nets"><thead><tr><th>{escape(_("player"))}</th>'
            f'<th class="number">{escape(_("net"))}</th></tr></thead><tbody>{rows}</tbody></table></div>')


def record_form(csrf: str, key: str, shown, older: bool, currency: str | None = None) -> str:
    fields = {"games": " ".join(shown.games), "digest": digest_of(shown), "older": "yes" if older else "",
              "currency": currency}
    return (f'<form method="post" action="/settle" class="record">{pages.hidden(csrf, key, **fields)}'
            f'<button type="submit" class="primary">{escape(_("Record: mark these games settled"))}</button></form>')


def settle_body(shown, root: str, csrf: str, key: str, older: bool) -> list:
    """The parts of the settle page that show ``shown`` (``app.evening.SettleView``)."""
    body = []
    if shown.no_stake:
        body.append(paragraphs([words.no_stake_line(shown.no_stake)]))
    if not shown.results and not shown.changes:
        body.append(paragraphs([nothing_line(older)]))
    several = len(shown.results) > 1
    for result in shown.results:
        section = [paragraphs([words.games_line(result)]), nets_grid(result),
                   paragraphs(words.payment_lines(result), "payment"), paragraphs([words.after_payments_line(result)])]
        if several:
            section.append(record_form(csrf, key, shown, older, result.currency or NO_CURRENCY))
        body.append('<section class="settlement">' + "".join(section) + "</section>")
    evening = shown.evening
    said = [words.left_out_line(held["game"], plain(held["error"], root)) for held in evening.damaged]
    said += [change_line(change) for change in shown.changes]
    said += [_("Note: {twice}.").format(twice=words.twice_words(held)) for held in shown.twice_grouped]
    said += [problem_line(problem, root) for _path, problem in evening.problems]
    if said:
        body.append(f'<div class="told">{paragraphs(said)}</div>')
    if shown.can_record:
        body.append(record_form(csrf, key, shown, older))
    return body


def settle_page(shown, root: str, csrf: str, key: str, note, older: bool) -> str:
    """The evening's settlement (``older``: every unsettled game, not only tonight's); ``note``
    says what the last Record did, or why it did nothing."""
    other = ("/settle", _("Only tonight's games")) if older else ("/settle?older=yes", _("Older unsettled games too"))
    body = [pages.nav(("/", _("Board")), other), f"<h1>{escape(_('Settle the evening'))}</h1>", pages.said_box(note.said),
            pages.error_box(note.message), '<div class="settle">', *settle_body(shown, root, csrf, key, older), "</div>"]
    return pages.layout(_("Settle the evening"), "\n".join(body))
