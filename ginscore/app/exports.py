"""The export of the games' money, for the command line (and any shell): the finished games
chosen as 'settle' chooses them, split into those without a stake and those with one, and the
text of the export, one game in memory at a time (issue #35)."""

from __future__ import annotations

from ginscore.base.records import Record
from ginscore.ops import actions


class Exported(Record):
    text: str  # the export
    no_stake: list  # the ids of the games chosen that come to no money
    with_stake: list  # the ids of the games exported
    some_settled: bool  # whether games settled before were left out


def export(book, selection, game_ids, unsettled: bool, how) -> Exported:
    """The export (``exchange.export_text.write`` with ``how``, its naming) of the finished games
    of ``selection`` and ``game_ids``; with ``unsettled``, those not settled before."""
    from ginscore.exchange.export_text import write

    settled = book.settled_games() if unsettled else set()

    def stakes(summaries) -> tuple:
        """(the ids of the games without a stake, those with one): only the ids are kept."""
        no_stake, with_stake = [], []
        for entry in summaries:
            if entry["id"] not in settled:
                (no_stake if entry.get("money") is None else with_stake).append(entry["id"])
        return no_stake, with_stake

    no_stake, with_stake = book.with_summaries(selection._replace(ids=tuple(game_ids), finished_only=True), stakes)
    games = (actions.standing(book.load(game_id)) for game_id in with_stake)
    return Exported(write(games, how), no_stake, with_stake, bool(settled))
