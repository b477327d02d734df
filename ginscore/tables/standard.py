"""The standard two-player game to a target (docs/rules.md sections 2, 4 and 5)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import NamedTuple

from ginscore.i18n import N_, _, pN_
from ginscore.scoring import FinalScore, settle
from ginscore.sheets import Grid, Sheet
from ginscore.tables.base import TableView, game_json, payment, streaks_json
from ginscore.tables.two_handed import HandRow, TwoPlayerGin, count_hand, next_dealer, non_dealer, opponent_of, pair_stats
from ginscore.tables.two_handed_words import (
    card_lines,
    cards_grids,
    csv_final,
    csv_hand,
    csv_hand_headers,
    final_grid,
    final_notes,
    hand_cells,
    hand_line,
    running_chart,
    two_sided_pad,
    won_at_hand,
)
from ginscore.tables.words import dealer_line, game_sheet, hands_words, next_game_lines, totals_words


class StandardResult(NamedTuple):
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
        if self.final is None:
            return []
        paid = payment(self.final.loser, self.final.winner, self.final.net, self.game.stake)
        return [paid] if paid else []

    def player_stats(self) -> dict:
        return pair_stats(self)

    def to_json(self) -> dict:
        final = None
        if self.final is not None:
            final = {**self.final.to_json(), "payments": [paid.to_json() for paid in self.payments()]}
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


class StandardView(TableView):
    def dealer_line(self) -> str:
        return dealer_line(self.state.dealer, bool(self.state.rows), self.game.rules)

    def seating_lines(self) -> list:
        return [] if self.state.finished else [self.dealer_line()]

    def result_phrase(self) -> str:
        return won_at_hand(self.state)

    def totals_line(self) -> str:
        return totals_words(self.game.players, self.state.scores)

    def score_table(self) -> Grid:
        state = self.state
        rows = [[name, state.scores[name], state.boxes[name]] for name in self.game.players]
        return Grid([_("player"), _("points"), _("boxes")], rows)

    def progress_line(self) -> str:
        return _("In progress after {hands}, first to {target}. {dealer}").format(
            hands=hands_words(len(self.state.rows)), target=self.game.rules.target, dealer=self.dealer_line()
        )

    def result_lines(self) -> list:
        over = _("Game over: {winner} reaches {target}.").format(winner=self.state.winner, target=self.game.rules.target)
        return [over, *self.final_notes()]

    def hand_report(self, symbols: bool = True) -> list:
        """What to print right after a hand was recorded."""
        row = self.state.rows[-1]
        lines = [*card_lines(row, symbols), hand_line(row) + ".", _("Totals: {totals}.").format(totals=self.totals_line())]
        if self.state.finished:
            return lines + self.result_lines() + next_game_lines(self.state)
        return lines + self.seating_lines()

    def final_grids(self) -> list:
        final = self.state.final
        return [] if final is None else [final_grid(final, list(self.game.players), self.game.rules)]

    def final_notes(self) -> list:
        return final_notes(self.state.final, self.game)

    def csv_final(self) -> Grid | None:
        final = self.state.final
        return None if final is None else csv_final(final, list(self.game.players), self.game)

    def sheet(self) -> Sheet:
        state, game = self.state, self.game
        players = list(game.players)
        oklahoma = game.rules.oklahoma
        headers = ["#", *([_("upcard")] if oklahoma else []), _("hand"), _("won by"), _("points"), *players]
        rows, hands_csv = [], []
        for row in state.rows:
            totals = [row.totals[name] for name in players]
            rows.append(hand_cells(row, oklahoma) + totals)
            hands_csv.append(csv_hand(row, oklahoma) + totals)
        if state.finished:
            notes = self.final_notes()
        else:
            notes = [
                _("In progress, first to {target}: {totals}. {dealer}").format(
                    target=game.rules.target, totals=self.totals_line(), dealer=self.dealer_line()
                )
            ]
        return game_sheet(
            self,
            grids=[Grid(headers, rows, title=_("Hands")), *cards_grids(state.rows), *self.final_grids()],
            notes=notes,
            charts=(running_chart(state.rows, players, game.rules.target),),
            csv_hands=Grid(csv_hand_headers(oklahoma) + [_("{name} total").format(name=name) for name in players], hands_csv),
            csv_final=self.csv_final(),
        )

    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        seats = self.table.seats(players) if players else ""
        return two_sided_pad(_("Gin Rummy score sheet"), list(players) or ["", ""], seats, rules, stake, currency, hands)


class StandardGin(TwoPlayerGin):
    name = "standard"
    label = pN_("table name", "standard")
    description = N_("Two players, one game to the target (the default).")
    view = StandardView

    def start(self, game):
        scores = {name: 0 for name in game.players}
        return SimpleNamespace(scores=scores, boxes=dict(scores), hands_won=dict(scores), rows=[], winner=None, dealer=game.dealer)

    def play(self, game, tally, effective) -> bool:
        score, opponent = self.score(game, effective)
        count_hand(tally, score, game.rules.target)
        tally.rows.append(HandRow(effective, score, dict(tally.scores), opponent))
        tally.dealer = next_dealer(game.rules, game.players, tally.dealer, score.winner)
        return tally.winner is not None

    def result(self, game, tally) -> StandardResult:
        final, winner = None, tally.winner
        if winner is not None:
            loser = opponent_of(game.players, winner)
            final = settle(winner, loser, tally.scores, tally.boxes, tally.hands_won[loser] > 0, game.rules, game.stake)
        return StandardResult(game, tally.rows, tally.scores, tally.boxes, tally.hands_won, winner, final, tally.dealer)

