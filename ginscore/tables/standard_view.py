"""A standard game in words and layouts: the hands, the totals, the sheet and the pad (docs/rules.md
sections 2, 4 and 5). Reads a ``StandardResult`` and imports nothing of ``standard``, which
gives its table this view."""

from __future__ import annotations

from ginscore.base.i18n import _
from ginscore.core.sheets import Grid, Sheet
from ginscore.tables.base import TableView
from ginscore.tables.base_view import dealer_line, game_sheet, hands_words, next_game_lines, totals_words
from ginscore.tables.two_handed_view import (
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


class StandardView(TableView):
    def dealer_line(self) -> str:
        return dealer_line(self.state.dealer, bool(self.state.rows), self.game.rules)

    def seating_lines(self) -> list:
        return [] if self.state.finished else [self.dealer_line()]

    def result_phrase(self) -> str:
        return won_at_hand(self.state)

    def totals_line(self) -> str:
        return totals_words(self.game.players, self.state.scores)

    def score_grid(self) -> Grid:
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
