"""The standard two-player game to a target (RULES.md sections 2 and 3)."""

from __future__ import annotations

from typing import NamedTuple

from ginscore.game import effective_hands
from ginscore.i18n import N_, _, ngettext, pN_
from ginscore.scoring import Settlement, score_hand, settle
from ginscore.tables.base import Grid, Sheet, dealer_line, next_game_lines, payment
from ginscore.tables.gin import (
    GinTable,
    HandRow,
    card_lines,
    cards_tables,
    final_notes,
    final_records,
    final_table,
    game_json,
    game_sheet,
    hand_after_the_end,
    hand_cells,
    hand_line,
    hand_record,
    opponent_of,
    pair_stats,
    record_headers,
    running_chart,
    totals_words,
    two_sided_pad,
    won_at_hand,
)


def hands_words(count: int) -> str:
    """``1 hand``, ``5 hands`` (in Russian and Ukrainian: 1 раздача, 2 раздачи, 5 раздач)."""
    return ngettext("{count} hand", "{count} hands", count).format(count=count)


class TwoPlayerGin(GinTable):
    """What every two-handed gin table shares: one pair, who face each other every hand."""

    player_counts = (2,)

    def scored_hands(self, game):
        """Yield (effective hand, its score, the opponent) for every hand that counts."""
        for effective in effective_hands(game.journal):
            self.check_hand(game, effective.hand)
            hand = effective.hand
            defender = None if hand["kind"] == "draw" else opponent_of(game.players, hand["player"])
            yield effective, score_hand(hand, defender, game.rules), defender


class StandardState(NamedTuple):
    game: object
    rows: list
    scores: dict
    boxes: dict
    hands_won: dict
    winner: str | None
    final: Settlement | None
    dealer: str | None = None  # who deals the next hand, when known

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def next_dealer(self) -> str | None:
        return None if self.finished else self.dealer

    def dealer_line(self) -> str:
        return dealer_line(self.dealer, bool(self.rows))

    def payments(self) -> list:
        if self.final is None:
            return []
        paid = payment(self.final.loser, self.final.winner, self.final.net, self.game.stake)
        return [paid] if paid else []

    def player_stats(self) -> dict:
        return pair_stats(self)

    def seating_lines(self) -> list:
        return [] if self.finished else [self.dealer_line()]

    def result_phrase(self) -> str:
        return won_at_hand(self)

    def totals_line(self) -> str:
        return totals_words(self.game.players, self.scores)

    def score_table(self) -> Grid:
        """The running totals in one small table, for ``status``."""
        rows = [[name, self.scores[name], self.boxes[name]] for name in self.game.players]
        return Grid([_("player"), _("points"), _("boxes")], rows)

    def progress_line(self) -> str:
        return _("In progress after {hands}, first to {target}. {dealer}").format(
            hands=hands_words(len(self.rows)), target=self.game.rules.target, dealer=self.dealer_line()
        )

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
            "final": final,
        }

    def result_lines(self) -> list:
        over = _("Game over: {winner} reaches {target}.").format(winner=self.winner, target=self.game.rules.target)
        return [over, *final_notes(self.final, self.game)]

    def hand_report(self, symbols: bool = True) -> list:
        """What to print right after a hand was recorded."""
        row = self.rows[-1]
        lines = [*card_lines(row, symbols), hand_line(row) + ".", _("Totals: {totals}.").format(totals=self.totals_line())]
        if self.finished:
            return lines + self.result_lines() + next_game_lines(self)
        return lines + self.seating_lines()

    def sheet(self) -> Sheet:
        game = self.game
        players = list(game.players)
        oklahoma = game.rules.oklahoma
        headers = ["#", *([_("upcard")] if oklahoma else []), _("hand"), _("won by"), _("points"), *players]
        rows, records = [], []
        for row in self.rows:
            totals = [row.totals[name] for name in players]
            rows.append(hand_cells(row, oklahoma) + totals)
            records.append(hand_record(row, oklahoma) + totals)
        tables = [Grid(headers, rows, title=_("Hands")), *cards_tables(self.rows)]
        notes, final_rows = [], None
        if self.final is not None:
            tables.append(final_table(self.final, players, game.rules))
            notes = final_notes(self.final, game)
            final_rows = final_records(self.final, players, game)
        else:
            notes = [
                _("In progress, first to {target}: {totals}. {dealer}").format(
                    target=game.rules.target, totals=self.totals_line(), dealer=self.dealer_line()
                )
            ]
        return game_sheet(
            game,
            tables=tables,
            notes=notes,
            charts=(running_chart(self.rows, players, game.rules.target),),
            records=Grid(record_headers(oklahoma) + [_("{name} total").format(name=name) for name in players], records),
            final_records=final_rows,
        )


class StandardGin(TwoPlayerGin):
    name = "standard"
    label = pN_("table name", "standard")
    description = N_("Two players, one game to the target (the default).")

    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        seats = self.seats(players) if players else ""
        return two_sided_pad(_("Gin Rummy score sheet"), list(players) or ["", ""], seats, rules, stake, currency, hands)

    def evaluate(self, game) -> StandardState:
        scores = {name: 0 for name in game.players}
        boxes = dict(scores)
        hands_won = dict(scores)
        rows, winner, dealer = [], None, game.dealer
        for effective, score, opponent in self.scored_hands(game):
            if winner is not None:
                raise hand_after_the_end(game, effective, _("at hand {number}").format(number=effective.number - 1))
            if score.winner:
                scores[score.winner] += score.points
                boxes[score.winner] += score.boxes
                hands_won[score.winner] += 1
                if scores[score.winner] >= game.rules.target:
                    winner = score.winner
            rows.append(HandRow(effective, score, dict(scores), opponent))
            dealer = score.winner or dealer  # the winner deals next; after a draw the same dealer again
        final = None
        if winner is not None:
            loser = opponent_of(game.players, winner)
            final = settle(winner, loser, scores, boxes, hands_won[loser] > 0, game.rules, game.stake)
        return StandardState(game, rows, scores, boxes, hands_won, winner, final, dealer)
