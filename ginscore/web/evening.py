"""The evening's settlement on the board, as 'ginscore settle' (without options) says it: the
finished games not yet settled, each player's net in money and the fewest payments, what changed
in a settled game since and what squares it; and recording it, as 'settle --record' does. The
same view of the settlements as the command line's (``app.accounts``)."""

from __future__ import annotations

from ginscore.app import accounts
from ginscore.app.book import selection
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _, decimal, ngettext
from ginscore.base.text import in_words, named
from ginscore.core.scoring import show_amount
from ginscore.ops.evening import settle
from ginscore.ops.squaring import change_line, grouped_twice, squares_of, twice_words


def unsettled(book) -> tuple:
    """(the settlements of the finished games not yet settled, one per currency; the games
    without a stake; the evening, ``accounts.Evening``), as 'ginscore settle' chooses them."""
    evening = accounts.evening(book, selection(), (), True)
    results, no_stake = settle(evening.chosen)
    return results, no_stake, evening


def settle_lines(book) -> tuple:
    """(the lines that say the evening's settlement, whether it can be recorded)."""
    results, no_stake, evening = unsettled(book)
    lines = []
    if no_stake:
        words = ngettext(
            "Not in money: {count} game without a stake ({games}).", "Not in money: {count} games without a stake ({games}).",
            len(no_stake),
        )
        lines.append(words.format(count=len(no_stake), games=named(no_stake, bracketed=False)))
    if not results and not evening.changes:
        lines.append(_("Nothing to settle: no finished game with a stake matches{hint}.").format(hint=""))
    for result in results:

        def money(amount, currency=result.currency) -> str:
            return decimal(show_amount(format(amount, "f"), currency))

        games = ngettext("{count} game: {games}", "{count} games: {games}", len(result.games))
        lines.append(games.format(count=len(result.games), games=named(result.games)))
        lines += [f"{name} {'+' if amount > 0 else ''}{money(amount)}" for name, amount in result.nets.items()]
        if result.payments:
            owed = [
                _("{payer} pays {payee} {amount}").format(payer=debtor, payee=creditor, amount=money(amount))
                for debtor, creditor, amount in result.payments
            ]
            lines.append(f"{in_words(owed)}.")
        else:
            lines.append(_("Everybody is level: nobody pays."))
    lines += [_("Left out: game {game}, which cannot be read: {error}").format(
        game=held["game"], error=held["error"]) for held in evening.damaged]
    lines += [change_line(change) for change in evening.changes]
    lines += [_("Note: {twice}.").format(twice=twice_words(held)) for held in grouped_twice(evening.twice, 10)]
    lines += [_("Error: {message}").format(message=problem) for _path, problem in evening.problems]
    return lines, len(results) == 1 or (not results and bool(squares_of(evening.changes)))


def record(book) -> dict:
    """Record the evening's settlement (one currency) and the squaring of the games changed
    since theirs; the settlement recorded."""
    results, _no_stake, evening = unsettled(book)
    if len(results) > 1:
        raise GinscoreError(_("nothing to record: settle each currency with 'ginscore settle --currency'"))
    if not results and not squares_of(evening.changes):
        raise GinscoreError(_("nothing to record: no finished game with a stake is left to settle"))
    return accounts.record(book, results[0] if results else None, evening.chosen, evening.changes, evening.seen)
