"""A three-handed game in words and layouts: who plays and who sits out, the totals, the
pairwise final block, the sheet and the pad (docs/rules.md section 10). Reads a
``ThreeHandedResult`` and imports nothing of ``three_handed``, which gives its table this view."""

from __future__ import annotations

from ginscore.base.i18n import _
from ginscore.base.text import in_words
from ginscore.core.sheets import Grid, Sheet
from ginscore.tables.base import TableView
from ginscore.tables.base_view import (
    amount_cell,
    game_sheet,
    hands_words,
    next_game_lines,
    payment_notes,
    payments_grid,
    totals_words,
)
from ginscore.tables.payments import nets
from ginscore.tables.two_handed_view import (
    card_lines,
    cards_grids,
    csv_hand,
    csv_hand_headers,
    hand_cells,
    hand_line,
    running_chart,
    two_sided_pad,
    won_at_hand,
)


class ThreeHandedView(TableView):
    def result_phrase(self) -> str:
        return won_at_hand(self.state)

    def totals_line(self) -> str:
        return totals_words(self.game.players, self.state.scores)

    def seating_line(self) -> str:
        seating = self.state.seating
        first, second = seating.playing
        return _("Next hand: {first} v {second}; {out} sits out and deals.").format(
            first=first, second=second, out=seating.sitting_out
        )

    def seating_lines(self) -> list:
        return [] if self.state.finished else [self.seating_line()]

    def score_grid(self) -> Grid:
        state = self.state
        rows = [
            [name, state.scores[name], state.boxes[name], _("sits out") if name == state.seating.sitting_out else _("plays")]
            for name in self.game.players
        ]
        return Grid([_("player"), _("points"), _("boxes"), _("next hand")], rows)

    def progress_line(self) -> str:
        return _("In progress after {hands}, first to {target}. {dealer}").format(
            hands=hands_words(len(self.state.rows)), target=self.game.rules.target, dealer=self.seating_line()
        )

    def result_lines(self) -> list:
        final = self.state.final
        lines = [_("Game over: {winner} reaches {target}.").format(winner=self.state.winner, target=self.game.rules.target)]
        if final.shut_out:
            lines.append(_("{players} won no hand: shut out.").format(players=in_words(final.shut_out)))
        owed = [
            _("{payer} pays {payee} {amount}").format(payer=paid.payer, payee=paid.payee, amount=paid.points)
            for paid in final.payments
        ]
        if owed:
            lines.append(_("Settlement: {payments}.").format(payments=in_words(owed)))
        net = nets(final.payments, self.game.players)
        nets_words = ", ".join(f"{name} {net[name]:+d}" for name in self.game.players)
        lines.append(_("Net: {nets}.").format(nets=nets_words))
        return lines + payment_notes(final.payments, self.game)

    def hand_report(self, symbols: bool = True) -> list:
        row = self.state.rows[-1]
        lines = [*card_lines(row, symbols), hand_line(row) + ".", _("Totals: {totals}.").format(totals=self.totals_line())]
        if self.state.finished:
            return lines + self.result_lines() + next_game_lines(self.state)
        return lines + [self.seating_line()]

    def final_grids(self) -> list:
        final = self.state.final
        if final is None:
            return []
        return [final_grid(final, list(self.game.players), self.game.rules), payments_grid(final.payments, self.game)]

    def final_notes(self) -> list:
        return self.result_lines()[1:]

    def csv_final(self) -> Grid | None:
        final = self.state.final
        return None if final is None else csv_final(final, list(self.game.players), self.game)

    def sheet(self) -> Sheet:
        state, game = self.state, self.game
        players = list(game.players)
        headers = ["#", _("hand"), _("won by"), _("points"), _("sat out"), *players]
        rows, hands_csv = [], []
        for row in state.rows:
            totals = [row.totals[name] for name in players]
            rows.append(hand_cells(row, False) + [row.sitting_out, *totals])
            hands_csv.append(csv_hand(row, False) + [row.sitting_out, *totals])
        if state.finished:
            notes = self.final_notes()
        else:
            notes = [
                _("In progress, first to {target}: {totals}. {dealer}").format(
                    target=game.rules.target, totals=self.totals_line(), dealer=self.seating_line()
                )
            ]
        csv_headers = csv_hand_headers(False) + [_("sat out"), *(_("{name} total").format(name=name) for name in players)]
        return game_sheet(
            self,
            grids=[Grid(headers, rows, title=_("Hands")), *cards_grids(state.rows), *self.final_grids()],
            notes=notes,
            charts=(running_chart(state.rows, players, game.rules.target),),
            csv_hands=Grid(csv_headers, hands_csv),
            csv_final=self.csv_final(),
        )

    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        seats = self.table.seats(players) if players else ""
        parties = list(players) or ["", "", ""]
        return two_sided_pad(_("Three-handed Gin score sheet"), parties, seats, rules, stake, currency, hands)


# The final block as the view shows it and writes it for CSV.


def final_grid(final, players, rules) -> Grid:
    rows = [
        [_("points"), *(final.points[name] for name in players)],
        [_("boxes x {box}").format(box=rules.box_bonus), *(f"{final.boxes[n]} = {final.box_points[n]}" for n in players)],
        [_("game bonus"), *(final.game_bonus if name == final.winner else 0 for name in players)],
        [_("total"), *(final.totals[name] for name in players)],
        [_("shut out"), *(_("yes") if name in final.shut_out else "" for name in players)],
    ]
    return Grid(["", *players], rows, title=_("Final"), numeric=tuple(range(1, len(players) + 1)))


def csv_final(final, players, game) -> Grid:
    """The final block for CSV, a row per player: the totals before any shutout, whether the
    winner shut him out (1 or 0), and his net over every payment (+ collects, - pays)."""
    net = nets(final.payments, players)
    money = game.stake is not None
    rows = [
        [
            name, final.points[name], final.boxes[name], final.box_points[name],
            final.game_bonus if name == final.winner else 0, final.totals[name],
            int(name in final.shut_out), net[name], *([amount_cell(net[name], game.stake)] if money else []),
        ]
        for name in players
    ]
    headers = [_("player"), _("points"), _("boxes"), _("box points"), _("game bonus"), _("total"), _("shut out"), _("net")]
    return Grid([*headers, *([_("amount")] if money else [])], rows)
