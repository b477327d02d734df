"""The evening's settlement on the board, as 'ginscore settle' (without options) says it: the
finished games not yet settled, each player's net in money and the fewest payments; and
recording it, as 'settle --record' does."""

from __future__ import annotations

from ginscore.app.book import selection
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _, decimal, ngettext
from ginscore.base.text import in_words, named
from ginscore.core.scoring import show_amount
from ginscore.ops.evening import settle


def unsettled(book) -> tuple:
    """(the settlements of the finished games not yet settled, one per currency; the games
    without a stake), as 'ginscore settle' chooses them."""
    chosen, _some_settled = book.chosen_games(selection(), (), True)
    return settle(chosen)


def settle_lines(book) -> tuple:
    """(the lines that say the evening's settlement, whether it can be recorded)."""
    results, no_stake = unsettled(book)
    lines = []
    if no_stake:
        words = ngettext(
            "Not in money: {count} game without a stake ({games}).", "Not in money: {count} games without a stake ({games}).",
            len(no_stake),
        )
        lines.append(words.format(count=len(no_stake), games=named(no_stake, bracketed=False)))
    if not results:
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
    return lines, len(results) == 1


def record(book) -> int:
    """Record the evening's settlement (one currency); its number."""
    results, _no_stake = unsettled(book)
    if len(results) != 1:
        raise GinscoreError(_("nothing to record: settle each currency with 'ginscore settle --currency'"))
    return book.record_settlement(results[0])
