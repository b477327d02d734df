"""Where a game is in its life, as plain data for a shell to name (the board on each game's card
and page): in progress, over (won, or ended early), voided, damaged; and, besides, settled, or
settled and changed since, with what squares it.

The settlements are read once for a page of many games (``Settled``), and only when a game's
stage is asked; a ledger without settlements costs no read at all.
"""

from __future__ import annotations

from ginscore.app.accounts import change_of, held
from ginscore.app.reading import view
from ginscore.base.records import Record
from ginscore.core.game import abandoned, voided
from ginscore.ops.squaring import LiveSettlements

PLAYING, WON, ENDED_EARLY, VOIDED, DAMAGED = "playing", "won", "ended_early", "voided", "damaged"


class Stage(Record):
    """A game's stage: ``kind`` (``PLAYING``, ``WON``: over by its rules, ``ENDED_EARLY``: over
    because the players ended it, ``VOIDED``, ``DAMAGED``); ``result``, an ended game's result in
    its table's words (``view.result_phrase``); ``settlement``, the id of the settlement it counts
    in (None: not settled); ``change``, what changed since that settlement and what squares it
    (``squaring.LiveSettlements.change``: its ``state`` is "changed", "voided" or "unfinished"; None
    when it stands as paid); ``reason``, what is wrong with a damaged game (the words from below,
    which the shell says in its own)."""

    kind: str
    result: str = ""
    settlement: str | None = None
    change: dict | None = None
    reason: str = ""


class Settled:
    """The live settlements of a book, read on the first question (none when it has none)."""

    def __init__(self, book):
        self.book = book
        self._live = None

    def live(self):
        if self._live is None:

            self._live = LiveSettlements(held(self.book).records if self.book.has_settlements() else [])
        return self._live

    def stage(self, state) -> Stage:
        """The stage of the game of the evaluated ``state``."""

        journal = state.game.journal
        if voided(journal):
            kind, result = VOIDED, ""
        elif state.finished:
            kind, result = (ENDED_EARLY if abandoned(journal) else WON), view(state).result_phrase()
        else:
            kind, result = PLAYING, ""
        if self._live is None and not self.book.may_be_settled(state.game.id):  # no settlement names it: nothing parsed
            return Stage(kind, result)
        live = self.live()
        counted = live.counted.get(state.game.id)
        if counted is None:
            return Stage(kind, result)
        return Stage(kind, result, counted["id"], change_of(self.book, state, live))


def damaged(book, game_id: str, error: Exception) -> Stage:
    """The stage of game ``game_id``, which cannot be read (``error``, met reading it)."""
    return Stage(DAMAGED, reason=book.ledger.damage(game_id, error))
