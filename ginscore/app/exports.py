"""The export of the games' money, for the command line (and any shell): the finished games
chosen as 'settle' chooses them, split into those without a stake and those with one, and the
text of the export, one game in memory at a time (issue #35)."""

from __future__ import annotations

from ginscore.base.records import Record
from ginscore.exchange import export as exporting
from ginscore.ops import actions


class Exported(Record):
    text: str  # the export
    no_stake: list  # the ids of the games chosen that come to no money
    with_stake: list  # (the players, the payments) of each game exported
    some_settled: bool  # whether games settled before were left out


def export(book, selection, game_ids, unsettled: bool, how) -> Exported:
    """The export (``exchange.export.write_paid`` with ``how``, its naming) of the finished
    games of ``selection`` and ``game_ids``; with ``unsettled``, those not settled before. The
    payments as the summary index keeps them, not every game read and replayed (issue #45): only
    a game the index does not tell when it ended is read."""

    settled = book.settled_games() if unsettled else set()

    def stakes(summaries) -> tuple:
        """(the ids of the games without a stake, each other game's players and payments): only
        those are kept of each summary (issues #35, #45)."""
        no_stake, with_stake, shared = [], [], {}
        for entry, ended in summaries:
            if entry["id"] in settled:
                continue
            if entry.get("money") is None:
                no_stake.append(entry["id"])
            elif ended is None:  # not told by the index: the game is read
                with_stake.append((tuple(entry["players"]), exporting.transfers(actions.standing(book.load(entry["id"])))))
            else:
                with_stake.append(exporting.paid_in(entry, ended, shared))
        return no_stake, with_stake

    no_stake, with_stake = book.with_ended(selection._replace(ids=tuple(game_ids), finished_only=True), stakes)
    return Exported(exporting.write_paid(with_stake, how), no_stake, with_stake, bool(settled))
