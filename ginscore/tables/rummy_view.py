"""A Rummy game in words and layouts: who went out and who paid, the balances, the sheet and
the pad (docs/rules.md section 12). Reads a ``RummyResult`` and imports nothing of ``rummy``, which
gives its table this view."""

from __future__ import annotations

from ginscore.base.i18n import _, pgettext
from ginscore.base.text import in_words
from ginscore.core.scoring import money, written_amount
from ginscore.core.sheets import Chart, Grid, Series, Sheet
from ginscore.tables.base import TableView
from ginscore.tables.base_view import (
    amount_cell,
    game_sheet,
    hands_words,
    next_game_lines,
    pad_fields,
    pad_final_grid,
    pad_hands_grid,
    payment_notes,
    payments_grid,
)


def rummy_goal(rules) -> str:
    if rules.target:
        return _("Rummy, first to {target} points scored").format(target=rules.target)
    return _("Rummy, no target")


def row_words(row, with_cards: bool = False) -> str:
    """``Bob pays Alice 20, Carol pays Alice 11; doubled for rummy``; ``with_cards`` (the sheet):
    the cards a loser's points were typed as after his payment, ``Bob pays Alice 20 (K 7 3)``."""
    typed = row.hand.hand.get("cards") or {} if with_cards else {}

    def payment(loser, points) -> str:
        words = _("{payer} pays {payee} {amount}").format(payer=loser, payee=row.winner, amount=points)
        return f"{words} ({typed[loser]})" if loser in typed else words

    paid = ", ".join(payment(loser, points) for loser, points in row.payments)
    return paid + (_("; doubled for rummy") if row.multiplier == 2 else "")


class RummyView(TableView):
    def seating_lines(self) -> list:
        state = self.state
        if state.finished:
            return []
        if state.rows:
            words = _("{dealer} deals the next hand ({count} cards each).")
        else:
            words = _("{dealer} deals the first hand ({count} cards each).")
        return [words.format(dealer=state.dealer, count=state.cards_dealt)]

    def result_phrase(self) -> str:
        state = self.state
        if state.winner is not None:
            return _("{winner} reached {target} at hand {number}").format(
                winner=state.winner, target=self.game.rules.target, number=len(state.rows)
            )
        if state.ended:
            return _("ended after {hands}").format(hands=hands_words(len(state.rows)))
        return _("in progress")

    def totals_line(self) -> str:
        return ", ".join(f"{name} {self.state.balances[name]:+d}" for name in self.game.players)

    def totals_sentence(self) -> str:
        return _("Balances: {balances}.").format(balances=self.totals_line())

    def progress_line(self) -> str:
        target = self.game.rules.target
        goal = _("first to {target} points scored").format(target=target) if target else _("no target: 'ginscore end' ends it")
        return _("In progress after {hands}, {goal}. {dealer}").format(
            hands=hands_words(len(self.state.rows)), goal=goal, dealer=self.seating_lines()[0]
        )

    def score_grid(self) -> Grid:
        state = self.state
        rows = [
            [name, f"{state.balances[name]:+d}", state.points[name], state.hands_won[name], state.rummies[name]]
            for name in self.game.players
        ]
        return Grid([_("player"), _("balance"), _("points scored"), _("hands won"), _("rummies")], rows, numeric=(1, 2, 3, 4))

    def final_grid(self) -> Grid:
        """Each player's hands won, rummies, points scored and balance, and his net in money."""
        state, game = self.state, self.game
        rows = []
        for name in game.players:
            row = [name, state.hands_won[name], state.rummies[name], state.points[name], f"{state.balances[name]:+d}"]
            if game.stake is not None:
                row.append(written_amount(money(state.balances[name], game.stake), game.currency))
            rows.append(row)
        money_column = [_("money")] if game.stake is not None else []
        headers = [_("player"), _("hands won"), _("rummies"), _("points scored"), _("balance"), *money_column]
        return Grid(headers, rows, title=_("Final"), numeric=tuple(range(1, len(headers))))

    def final_grids(self) -> list:
        if not self.state.finished:
            return []
        return [self.final_grid(), payments_grid(self.state.payments(), self.game)]

    def result_lines(self) -> list:
        state = self.state
        if state.winner is not None:
            lines = [
                _("Game over: {winner} reaches {target} points scored.").format(winner=state.winner, target=self.game.rules.target)
            ]
        else:
            lines = [_("Game ended after {hands}.").format(hands=hands_words(len(state.rows)))]
        lines.append(self.totals_sentence())
        payments = state.payments()
        if payments:
            owed = in_words(
                _("{payer} pays {payee} {amount}").format(payer=p.payer, payee=p.payee, amount=p.points) for p in payments
            )
            lines.append(_("Settlement: {payments}.").format(payments=owed))
        else:
            lines.append(_("Settlement: everybody is level, nobody pays."))
        return lines + payment_notes(payments, self.game)

    def hand_report(self, symbols: bool = True) -> list:
        state = self.state
        row = state.rows[-1]
        words = _("{winner} goes out (rummy)") if row.multiplier == 2 else _("{winner} goes out")
        line = _("Hand {number}: {words}").format(number=row.hand.number, words=words.format(winner=row.winner))
        line += f" -> {row_words(row)}."
        if state.finished:  # the result says the balances
            return [line, *self.result_lines(), *next_game_lines(state)]
        return [line, self.totals_sentence(), *self.seating_lines()]

    def sheet(self) -> Sheet:
        state, game = self.state, self.game
        players = list(game.players)
        rows = [
            [row.hand.number, row.dealer, row.winner, row_words(row, with_cards=True), *(f"{row.balances[name]:+d}" for name in players)]
            for row in state.rows
        ]
        headers = ["#", _("dealt"), _("out"), _("payments"), *players]
        # the chart follows the balances, which the target (on points scored) does not measure
        series = tuple(
            Series(name, tuple(row.balances[name] for row in state.rows), tuple(i for i, row in enumerate(state.rows) if row.winner == name))
            for name in players
        )
        return game_sheet(
            self,
            rummy_goal(game.rules),
            grids=[Grid(headers, rows, title=_("Hands (running balances)"), numeric=(0, *range(4, len(headers)))), *self.final_grids()],
            notes=self.result_lines() if state.finished else [self.progress_line()],
            charts=(Chart(_("Running balances"), series, None),),
            csv_hands=self.csv_hands(),
            csv_final=self.csv_final(),
        )

    def csv_hands(self) -> Grid:
        """The hands for CSV: who dealt and went out, rummy (1 or 0), what each player paid
        (- ) or received (+) in the hand, and every balance after it."""
        players = list(self.game.players)
        rows = []
        for row in self.state.rows:
            paid = dict(row.payments)
            change = [row.received if name == row.winner else -paid[name] for name in players]
            rows.append([row.hand.number, row.dealer, row.winner, int(row.multiplier == 2), row.received, *change,
                         *(row.balances[name] for name in players)])
        headers = [_("hand"), _("dealer"), _("winner"), pgettext("sheet column", "rummy"), _("points")]
        changes = [_("{name} change").format(name=name) for name in players]
        return Grid(headers + changes + [_("{name} balance").format(name=name) for name in players], rows)

    def csv_final(self) -> Grid | None:
        """The final block for CSV once the game is over, a row per player: his balance is his net."""
        state, stake = self.state, self.game.stake
        if not state.finished:
            return None
        rows = [
            [name, state.hands_won[name], state.rummies[name], state.points[name], state.balances[name],
             *([amount_cell(state.balances[name], stake)] if stake is not None else [])]
            for name in self.game.players
        ]
        headers = [_("player"), _("hands won"), _("rummies"), _("points scored"), _("net")]
        return Grid([*headers, *([_("amount")] if stake is not None else [])], rows)

    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        """Per player what the hand cost or paid him (+/-) and his running balance; the final
        block counts hands won, rummies, points scored, the balance and what is owed."""
        table = self.table
        parties = list(players) or [""] * table.pad_seats
        words = f"{table.goal(rules)}; {table.rules_words(rules)}" if rules is not None else ""
        final = pad_final_grid(parties, rules, ("hands won", "rummies", "points scored", "balance", "owed"))
        return Sheet(
            _("Rummy score sheet"),
            fields=tuple(pad_fields(table.seats(players) if players else "", words, stake, currency)),
            grids=(pad_hands_grid(parties, hands, columns=("+/-", _("sum"))), final),
        )
