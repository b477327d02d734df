"""The evening's settlement, one view for both shells: the finished games not yet settled (or
those chosen), each player's net in money and the fewest payments per currency, the games without
a stake, what changed in a settled game since and what squares it, the games settled twice apart,
the games and settlement files left out; and recording it. The command line's 'settle' renders
it as text, CSV, Markdown, HTML or JSON; the board's settle page in its own words
(``app.settlement_words`` holds the lines both say).

The board records what it showed: its page carries the ids of the games it listed and a digest of
what they came to (``digest_of``); a game finished since is left for the next settlement, and a
listed game whose money changed meanwhile refuses the record until the page is looked at again.
"""

from __future__ import annotations

from ginscore.app import accounts
from ginscore.app.book import selection
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.base.text import NAMED
from ginscore.ops.evening import day_bounds, settle
from ginscore.ops.squaring import grouped_twice, squares_of

NO_CURRENCY = "none"  # a currency typed as 'none': the games without one (scoring.NO_CURRENCY)


class SettleView(Record):
    """A settlement as plain data, for the shells to render: ``results``, the settlement of each
    currency (``ops.evening.Settlement``: games, nets, payments, method); ``no_stake``, the ids of
    the games without a stake; ``changes``, the settled games changed since (``squaring.LiveSettlements
    .change``: each with its state, what was paid, what it comes to and what squares it);
    ``evening``, what was chosen and found (``accounts.Evening``: the games, whether settled ones
    were left out, the games and settlement files that cannot be read, the games settled twice);
    ``recorded``, the settlement recorded (``settlements.records``), or None."""

    results: list
    no_stake: list
    changes: list
    evening: accounts.Evening
    recorded: dict | None = None

    @property
    def result(self):
        """The settlement of the one currency (None: no game with a stake), once it is one."""
        return self.results[0] if self.results else None

    @property
    def can_record(self) -> bool:
        """Whether there is one thing to record: one currency's settlement, or squarings alone."""
        return len(self.results) == 1 or (not self.results and bool(squares_of(self.changes)))

    @property
    def twice_grouped(self) -> list:
        """The games settled twice as a line says them: those of the same two settlements together
        once there are more than a few (``squaring.grouped_twice``)."""
        return grouped_twice(self.evening.twice, NAMED)

    @property
    def games(self) -> tuple:
        """The ids of every game chosen (a board's form carries them)."""
        return tuple(entry["id"] for entry in self.evening.chosen)


def view(book, chosen, game_ids=(), unsettled: bool = True) -> SettleView:
    """The settlement of the finished games of selection ``chosen`` (and ``game_ids``; with
    ``unsettled`` only those not settled yet), every currency, and what the settled ones owe since."""
    evening = accounts.evening(book, chosen, game_ids, unsettled)
    results, no_stake = settle(evening.chosen)
    return SettleView(results, no_stake, evening.changes, evening)


def in_currency(shown: SettleView, currency: str) -> SettleView:
    """``shown`` for one currency (as typed: 'none' for the games without one), its changes too."""
    wanted = None if currency.strip().lower() == NO_CURRENCY else currency.strip()
    return shown._replace(results=[result for result in shown.results if result.currency == wanted],
                          changes=[change for change in shown.changes if change["currency"] == wanted])


def record(book, shown: SettleView) -> SettleView:
    """Record ``shown`` (one currency, or squarings alone: ``can_record``) as 'settle --record'
    does: its games settled and its changes squared; ``shown`` with ``recorded``."""
    evening = shown.evening
    return shown._replace(recorded=accounts.record(book, shown.result, evening.chosen, shown.changes, evening.seen))


# ---- the board: tonight's games, and recording what its page showed --------------------------------


def since_of(since: str | None):
    """The selection of 'settle --since SINCE' (None: every unsettled game)."""
    from datetime import date

    return selection(since=day_bounds(since, date.today(), end=False)) if since else selection()


def tonight(book, since: str | None = "today") -> SettleView:
    """The unsettled finished games since the day ``since`` (None: all), as 'settle --since' chooses them."""
    return view(book, since_of(since))


def digest_of(shown: SettleView) -> str:
    """What the games chosen come to, in one short digest: their ids and money, and the changes
    to square."""
    import hashlib

    parts = [f"{entry['id']}:{entry.get('money')}:{entry.get('final')}" for entry in shown.evening.chosen]
    parts += [repr(change) for change in shown.evening.changes]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:16]


class Recorded(Record):
    shown: SettleView  # what was recorded, ``recorded`` in it
    left: list  # the ids of the games finished since the page was made: for the next settlement


def record_shown(book, since: str | None, listed, digest: str, currency: str | None = None) -> Recorded:
    """Record the settlement of the games ``listed`` (those the page showed) and the squaring of
    the games changed since theirs (with ``currency``, those of that currency only: the games were
    played for several); a game finished since is left for the next settlement. Refused when what
    the listed games come to changed since the page (``digest``)."""
    shown = tonight(book, since)
    listed = set(listed)
    left = [game for game in shown.games if game not in listed]
    if left:
        evening = shown.evening._replace(chosen=[entry for entry in shown.evening.chosen if entry["id"] in listed])
        results, no_stake = settle(evening.chosen)
        shown = SettleView(results, no_stake, evening.changes, evening)
    if digest_of(shown) != digest:
        raise GinscoreError(_("nothing recorded: the games of this settlement changed since the page was made; look at it again"))
    if currency is not None:
        shown = in_currency(shown, currency)
    if len(shown.results) > 1:
        raise GinscoreError(_("nothing recorded: the games are in more than one currency; settle each currency on its own"))
    if not shown.can_record:
        raise GinscoreError(_("nothing to record: no finished game with a stake is left to settle"))
    return Recorded(record(book, shown), left)
