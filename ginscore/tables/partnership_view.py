"""A partnership game in words and layouts: the rounds, the sides' totals, the open card tables,
the sheet and the "we / they" pad (docs/rules.md section 11). Reads a ``PartnershipResult`` and
imports nothing of ``partnership``, which gives its table this view."""

from __future__ import annotations

from ginscore.base.i18n import _, ngettext, pgettext
from ginscore.core.sheets import Chart, Grid, Series, Sheet
from ginscore.tables.base import TableView
from ginscore.tables.base_view import amount_cell, game_sheet, totals_words
from ginscore.tables.payments import nets
from ginscore.tables.two_handed_view import (
    card_lines,
    cards_grids,
    csv_final_cells,
    csv_final_headers,
    csv_hand,
    csv_hand_headers,
    describe_hand,
    final_grid,
    final_notes,
    hand_line,
    two_sided_pad,
)


def row_pair(round_, row) -> tuple:
    """The card table (pair of players) at which ``row`` of ``round_`` was played."""
    return next(round_.pairs[index] for index, entered in round_.results.items() if entered is row)


class PartnershipView(TableView):
    def result_phrase(self) -> str:
        state = self.state
        if not state.finished:
            return _("in progress")
        return _("{winner} won in round {number}").format(winner=state.winner, number=state.rounds[-1].number)

    def totals_line(self) -> str:
        return totals_words(self.state.scores, self.state.scores)

    def open_line(self) -> str:
        state = self.state
        current = state.rounds[-1]
        waiting = _(" and ").join(_(" v ").join(pair) for pair in state.open_pairs)
        dealers = state.dealers
        if len(dealers) > 1:
            deal = _("{dealers} deal").format(dealers=_(" and ").join(dealers))
        else:
            deal = _("{dealer} deals").format(dealer=dealers[0])
        if not current.results:
            return _("Round {number}: {tables} to play ({deal}).").format(number=current.number, tables=waiting, deal=deal)
        return _("Round {number}: waiting for {tables} ({deal}).").format(number=current.number, tables=waiting, deal=deal)

    def seating_lines(self) -> list:
        return [] if self.state.finished else [self.open_line()]

    def lead_lines(self) -> list:
        state = self.state
        if state.finished:
            return []
        at_card_tables = [
            _("{player} at {table}").format(player=leader, table=_(" v ").join(pair))
            for leader, pair in zip(state.leaders, state.open_pairs)
        ]
        return [_("First to play: {players}.").format(players="; ".join(at_card_tables))]

    def score_grid(self) -> Grid:
        state = self.state
        rows = [[side, state.scores[side], state.boxes[side]] for side in state.scores]
        return Grid([_("side"), _("points"), _("boxes")], rows)

    def progress_line(self) -> str:
        done = sum(round_.complete for round_ in self.state.rounds)
        rounds = ngettext("{count} round", "{count} rounds", done).format(count=done)
        return _("In progress after {rounds}, first side to {target}. {tables}").format(
            rounds=rounds, target=self.game.rules.target, tables=self.open_line()
        )

    def round_line(self, round_) -> str:
        points = ", ".join(f"{side} {value}" for side, value in round_.side_points.items())
        if round_.winner is None:
            return _("Round {number}: {points}: level, no score.").format(number=round_.number, points=points)
        gain = ngettext("{side} +{points} and a box", "{side} +{points} and a box", round_.points)
        return _("Round {number}: {points} -> {gain}.").format(
            number=round_.number, points=points, gain=gain.format(side=round_.winner, points=round_.points)
        )

    def result_lines(self) -> list:
        target = self.game.rules.target
        over = _("Game over: {side} reach {target}.").format(side=self.state.winner, target=target)
        # A rematch keeps the seats: the first and third named deal first at their card tables again.
        players = self.game.players
        deal = _("{first} and {second} deal first at their tables in the next game ('ginscore rematch').").format(
            first=players[0], second=players[2]
        )
        return [over, *self.final_notes(), deal]

    def final_notes(self) -> list:
        return final_notes(self.state.final, self.game, payments=self.state.payments(), sides=True)

    def hand_report(self, symbols: bool = True) -> list:
        state = self.state
        row = state.rows[-1]
        round_ = next(round_ for round_ in state.rounds if any(r is row for r in round_.results.values()))
        where = _("round {number}, {table}").format(number=round_.number, table=_(" v ").join(row_pair(round_, row)))
        lines = [*card_lines(row, symbols), f"{hand_line(row, where)}."]
        if not round_.complete:
            return lines + [self.open_line()]
        lines += [self.round_line(round_), _("Totals: {totals}.").format(totals=self.totals_line())]
        return lines + (self.result_lines() if state.finished else [self.open_line()])

    def final_grids(self) -> list:
        final = self.state.final
        return [] if final is None else [final_grid(final, list(self.state.scores), self.game.rules)]

    def sheet(self) -> Sheet:
        state, game = self.state, self.game
        sides = list(state.scores)
        headers = [_("round"), pgettext("partnership", "table"), _("hand"), _("won by"), _("points"), *sides]
        rows, totals = [], {side: 0 for side in sides}
        for round_ in state.rounds:
            for index, pair in enumerate(round_.pairs):
                row = round_.results.get(index)
                hand = describe_hand(row.hand.hand, row.score) if row else _("(not in yet)")
                won = (row.score.winner or "") if row else ""
                points = row.score.points if row and row.score.winner else ""
                rows.append([round_.number if index == 0 else "", _(" v ").join(pair), hand, won, points, "", ""])
            if round_.complete:
                if round_.winner:
                    totals[round_.winner] += round_.points
                result = f"{round_.winner} +{round_.points}" if round_.winner else _("level")
                label = _("round {number}: {result}").format(number=round_.number, result=result)
                rows.append(["", "", label, "", "", *(totals[side] for side in sides)])
        if state.finished:
            notes = self.final_notes()
        else:
            notes = [
                _("In progress, first side to {target}: {totals}. {tables}").format(
                    target=game.rules.target, totals=self.totals_line(), tables=self.open_line()
                )
            ]
        return game_sheet(
            self,
            lead=[_("Sides: {sides}").format(sides=_(" v ").join(sides))],
            grids=[Grid(headers, rows, title=_("Rounds")), *cards_grids(state.rows), *self.final_grids()],
            notes=notes,
            charts=(self.chart(),),
            csv_hands=self.csv_hands(),
            csv_final=self.csv_final(),
        )

    def chart(self) -> Chart:
        """The sides' totals after each complete round; a box on each round a side won."""
        state = self.state
        done = [round_ for round_ in state.rounds if round_.complete]
        series, totals = [], {side: 0 for side in state.scores}
        running = []
        for round_ in done:
            if round_.winner:
                totals[round_.winner] += round_.points
            running.append(dict(totals))
        for side in state.scores:
            won = tuple(index for index, round_ in enumerate(done) if round_.winner == side)
            series.append(Series(side, tuple(after[side] for after in running), won))
        return Chart(_("Running totals"), tuple(series), self.game.rules.target, "round")

    def csv_hands(self) -> Grid:
        """Every card table's hand for CSV, in the order entered, with its round and card table; the
        hand that completes a round also has the round's winner and points; then the sides'
        totals after it. A hand's own boxes are left out: only a round won earns a box."""
        state = self.state
        where, closing = {}, {}
        for round_ in state.rounds:
            for index, row in round_.results.items():
                where[row.hand.number] = (round_.number, _(" v ").join(round_.pairs[index]))
            if round_.complete:
                closing[max(row.hand.number for row in round_.results.values())] = round_
        sides = list(state.scores)
        headers = [_("round"), pgettext("partnership", "table"), *csv_hand_headers(False)[:-1], _("round winner"), _("round points")]
        rows = []
        for row in state.rows:
            round_ = closing.get(row.hand.number)
            won = [round_.winner or "", round_.points] if round_ else ["", ""]  # no round completed: empty
            rows.append([*where[row.hand.number], *csv_hand(row, False)[:-1], *won, *(row.totals[side] for side in sides)])
        return Grid(headers + [_("{name} total").format(name=side) for side in sides], rows)

    def csv_final(self) -> Grid | None:
        """The final block for CSV, a row per side; the amount is what the side's two players
        pay or collect together (each pays or collects the net, see payments)."""
        state = self.state
        if state.final is None:
            return None
        sides, stake = list(state.scores), self.game.stake
        net = nets(state.payments(), self.game.players)
        rows = []
        for side, cells in zip(sides, csv_final_cells(state.final, sides, None)):
            together = sum(net[member] for member in state.sides[side])
            rows.append([side, *cells, *([amount_cell(together, stake)] if stake is not None else [])])
        return Grid([_("side"), *csv_final_headers(), *([_("amount")] if stake is not None else [])], rows)

    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        """The "we / they" pad: a score and a running total per side, one row a round."""
        parties = self.table.side_names(players) if players else [_("we"), _("they")]
        seats = self.table.seats(players) if players else ""
        sheet = two_sided_pad(_("Partnership Gin score sheet"), parties, seats, rules, stake, currency, hands)
        return sheet._replace(grids=(sheet.grids[0]._replace(title=_("Rounds")), *sheet.grids[1:]))
