"""The standard two-player game to a target (docs/rules.md sections 2, 4 and 5)."""

from __future__ import annotations

from types import SimpleNamespace

from ginscore.base.i18n import N_, pN_
from ginscore.base.records import Record
from ginscore.core.game import made
from ginscore.core.scoring import FinalScore, final_score
from ginscore.tables.base import game_json, streaks_json
from ginscore.tables.kept import copied_tally
from ginscore.tables.payments import payment
from ginscore.tables.standard_view import StandardView
from ginscore.tables.two_handed import HandRow, TwoPlayerGin, count_hand, next_dealer, non_dealer, opponent_of, pair_stats


class StandardResult(Record):
    game: object
    rows: list
    scores: dict
    boxes: dict
    hands_won: dict
    winner: str | None
    final: FinalScore | None
    dealer: str | None = None  # who deals the next hand, when known

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def next_dealer(self) -> str | None:
        return None if self.finished else self.dealer

    @property
    def first_to_play(self) -> str | None:
        return non_dealer(self.game.players, self.next_dealer)

    def payments(self) -> list:
        final = self.final
        if final is None:
            return []
        paid = payment(final.loser, final.winner, final.net, self.game.stake, final.amount)
        return [paid] if paid else []

    def player_stats(self) -> dict:
        return pair_stats(self)

    def placings(self) -> list:
        final = self.final
        return [] if final is None else [[[1, [final.winner]], [2, [final.loser]]]]

    def final_json(self) -> dict | None:
        """The "final" object of ``to_json`` (and of a game's summary), made alone."""
        if self.final is None:
            return None
        return {**self.final.to_json(), "payments": [paid.to_json() for paid in self.payments()]}

    def to_json(self) -> dict:
        final = self.final_json()
        return {
            **game_json(self.game),
            "hands": [row.to_json() for row in self.rows],
            "scores": dict(self.scores),
            "boxes": dict(self.boxes),
            "hands_won": dict(self.hands_won),
            "finished": self.finished,
            "winner": self.winner,
            "next_dealer": self.next_dealer,
            "first_to_play": self.first_to_play,
            "streaks": streaks_json(self),
            "final": final,
        }


class StandardGin(TwoPlayerGin):
    name = "standard"
    label = pN_("table name", "standard")
    description = N_("Two players, one game to the target (the default).")
    view = StandardView

    def tally_copy(self, tally):
        return copied_tally(tally)

    def start(self, game):
        scores = {name: 0 for name in game.players}
        return SimpleNamespace(scores=scores, boxes=dict(scores), hands_won=dict(scores), rows=[], winner=None, dealer=game.dealer)

    def play(self, game, tally, effective) -> bool:
        score, opponent = self.score(game, effective)
        count_hand(tally, score, game.rules.target)
        # the row made as core.game.made says: this runs for every hand of every game the index's first build replays
        tally.rows.append(made(HandRow, (effective, score, dict(tally.scores), opponent)))
        tally.dealer = next_dealer(game.rules, game.players, tally.dealer, score.winner)
        return tally.winner is not None

    def result(self, game, tally) -> StandardResult:
        final, winner = None, tally.winner
        if winner is not None:
            loser = opponent_of(game.players, winner)
            final = final_score(winner, loser, tally.scores, tally.boxes, tally.hands_won[loser] > 0, game.rules, game.stake)
        return StandardResult(game, tally.rows, tally.scores, tally.boxes, tally.hands_won, winner, final, tally.dealer)

