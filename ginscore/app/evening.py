"""The evening's settlement as the board shows and records it, as 'ginscore settle' says it: the
finished games not yet settled, each player's net in money and the fewest payments, what changed
in a settled game since and what squares it; and recording it, as 'settle --record' does. The
same view of the settlements as the command line's (``app.accounts``).

What is recorded is what was shown: the page carries the ids of the games it listed and a digest
of what they came to (``Shown``); a game finished since is left for the next settlement, and a
listed game whose money changed meanwhile refuses the record until the page is looked at again.
"""

from __future__ import annotations

import hashlib

from ginscore.app import accounts
from ginscore.app.book import selection
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _, decimal, ngettext
from ginscore.base.records import Record
from ginscore.base.text import in_words, named
from ginscore.core.scoring import show_amount
from ginscore.ops.evening import day_bounds, settle
from ginscore.ops.squaring import change_line, grouped_twice, squares_of, twice_words


class Shown(Record):
    """The settlement as a page shows it: its lines, whether it can be recorded, the ids of the
    games it lists and the digest of what they come to."""

    lines: list
    can_record: bool
    games: tuple
    digest: str


def since_of(since: str | None):
    """The selection of 'settle --since SINCE' (None: every unsettled game)."""
    from datetime import date

    return selection(since=day_bounds(since, date.today(), end=False)) if since else selection()


def unsettled(book, since: str | None = "today") -> tuple:
    """(the settlements of the finished games not yet settled, one per currency; the games
    without a stake; the evening, ``accounts.Evening``), as 'ginscore settle --since SINCE'
    chooses them."""
    evening = accounts.evening(book, since_of(since), (), True)
    results, no_stake = settle(evening.chosen)
    return results, no_stake, evening


def digest_of(evening) -> str:
    """What the games chosen come to, in one short digest: their ids and money, and the changes
    to square."""
    parts = [f"{entry['id']}:{entry.get('money')}:{entry.get('final')}" for entry in evening.chosen]
    parts += [repr(change) for change in evening.changes]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:16]


def shown(book, since: str | None = "today") -> Shown:
    """The evening's settlement in lines, for the page."""
    results, no_stake, evening = unsettled(book, since)
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
    can_record = len(results) == 1 or (not results and bool(squares_of(evening.changes)))
    return Shown(lines, can_record, tuple(entry["id"] for entry in evening.chosen), digest_of(evening))


class Recorded(Record):
    recorded: dict  # the settlement recorded
    left: list  # the ids of the games finished since the page was made: for the next settlement


def record(book, since: str | None, listed, digest: str) -> Recorded:
    """Record the settlement of the games ``listed`` (those the page showed) and the squaring of
    the games changed since theirs; a game finished since is left for the next settlement.
    Refused when what the listed games come to changed since the page (``digest``)."""
    results, _no_stake, evening = unsettled(book, since)
    listed = set(listed)
    left = [entry["id"] for entry in evening.chosen if entry["id"] not in listed]
    if left:
        evening = evening._replace(chosen=[entry for entry in evening.chosen if entry["id"] in listed])
        results, _no_stake = settle(evening.chosen)
    if digest_of(evening) != digest:
        raise GinscoreError(_("nothing recorded: the games of this settlement changed since the page was made; look at it again"))
    if len(results) > 1:
        raise GinscoreError(_("nothing recorded: the games are in more than one currency; settle each currency on its own"))
    if not results and not squares_of(evening.changes):
        raise GinscoreError(_("nothing to record: no finished game with a stake is left to settle"))
    return Recorded(accounts.record(book, results[0] if results else None, evening.chosen, evening.changes, evening.seen), left)
