"""Three-handed gin: two play, one sits out (docs/rules.md section 10).

The first two named play the first hand. After a won hand the loser sits out and the player
who sat out plays the winner; after a draw (or a tie that scores nothing) the same two play
again. Each player has his own total, boxes and hands won; the first to the target wins the
game and its bonus. The settlement is pairwise: in each pair the lower final total pays the
difference, and a player the winner shut out pays the winner's total in that pair under the
shutout rule (by default an extra 100).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import NamedTuple

from ginscore.errors import HandError, RulesError
from ginscore.i18n import N_, _, pN_
from ginscore.names import match_player
from ginscore.scoring import score_hand, settle
from ginscore.sheets import Grid, Sheet
from ginscore.tables.base import TableView, game_json, nets, payment, streaks_json
from ginscore.tables.two_handed import PLAIN_GIN_SETTINGS, GinTable, HandRow, count_hand, hand_stats, with_defaults
from ginscore.tables.two_handed_words import (
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
from ginscore.tables.words import (
    amount_cell,
    game_sheet,
    hands_words,
    next_game_lines,
    payment_notes,
    payments_grid,
    totals_words,
)
from ginscore.text import in_words


class Seating(NamedTuple):
    playing: tuple  # the two at the table for the next hand, in the order they are named
    sitting_out: str


def next_seating(seating: Seating, winner: str | None) -> Seating:
    """Who plays after a hand that ``winner`` won (None: a draw, the same two again)."""
    if winner is None:
        return seating
    loser = seating.playing[1] if seating.playing[0] == winner else seating.playing[0]
    return Seating((winner, seating.sitting_out), loser)


class ThreeHandedFinal(NamedTuple):
    winner: str
    points: dict
    boxes: dict
    box_points: dict
    game_bonus: int
    shut_out: tuple  # the players who won no hand
    totals: dict  # points + boxes (+ the game bonus for the winner), before any shutout
    pairs: tuple  # the winner's FinalScore with each other player
    payments: tuple

    net = None  # pairwise payments settle it: no single net or amount (see payments)
    amount = None

    def to_json(self) -> dict:
        return {
            "winner": self.winner,
            "points": dict(self.points),
            "boxes": dict(self.boxes),
            "box_points": dict(self.box_points),
            "game_bonus": self.game_bonus,
            "shut_out": list(self.shut_out),
            "totals": dict(self.totals),
            "pairs": [pair.to_json() for pair in self.pairs],
            "payments": [paid.to_json() for paid in self.payments],
            "nets": nets(self.payments, self.points),
        }


class ThreeHandedRow(NamedTuple):
    hand: object
    score: object
    totals: dict
    opponent: str | None
    sitting_out: str  # who sat this hand out

    def to_json(self) -> dict:
        return {**HandRow(self.hand, self.score, self.totals, self.opponent).to_json(), "sitting_out": self.sitting_out}


class ThreeHandedResult(NamedTuple):
    game: object
    rows: list
    scores: dict
    boxes: dict
    hands_won: dict
    seating: Seating  # for the next hand
    winner: str | None
    final: ThreeHandedFinal | None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def next_dealer(self) -> str | None:
        """The player who sits out deals (docs/rules.md section 10)."""
        return None if self.finished else self.seating.sitting_out

    @property
    def first_to_play(self) -> None:
        """The dealer sits out, so "the player who did not deal" names both at the table, and
        the rule texts say no more (docs/rules.md section 10): ginscore does not say."""
        return None

    def payments(self) -> list:
        return [] if self.final is None else list(self.final.payments)

    def player_stats(self) -> dict:
        players = self.game.players
        stats = hand_stats(self, lambda row: [name for name in players if name != row.sitting_out])
        for name in stats:
            stats[name]["won"] = int(self.winner == name)
        return stats

    def to_json(self) -> dict:
        return {
            **game_json(self.game),
            "hands": [row.to_json() for row in self.rows],
            "scores": dict(self.scores),
            "boxes": dict(self.boxes),
            "hands_won": dict(self.hands_won),
            "playing": None if self.finished else list(self.seating.playing),
            "sitting_out": None if self.finished else self.seating.sitting_out,
            "next_dealer": self.next_dealer,
            "first_to_play": self.first_to_play,
            "streaks": streaks_json(self),
            "finished": self.finished,
            "winner": self.winner,
            "final": None if self.final is None else self.final.to_json(),
        }


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

    def score_table(self) -> Grid:
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


def final_grid(final: ThreeHandedFinal, players, rules) -> Grid:
    rows = [
        [_("points"), *(final.points[name] for name in players)],
        [_("boxes x {box}").format(box=rules.box_bonus), *(f"{final.boxes[n]} = {final.box_points[n]}" for n in players)],
        [_("game bonus"), *(final.game_bonus if name == final.winner else 0 for name in players)],
        [_("total"), *(final.totals[name] for name in players)],
        [_("shut out"), *(_("yes") if name in final.shut_out else "" for name in players)],
    ]
    return Grid(["", *players], rows, title=_("Final"), numeric=tuple(range(1, len(players) + 1)))


def csv_final(final: ThreeHandedFinal, players, game) -> Grid:
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


class ThreeHandedGin(GinTable):
    name = "three-handed"
    flag = "--three-handed"
    label = pN_("table name", "three-handed")
    description = N_("Three players: two play each hand, the loser sits out (default shutout flat:100).")
    player_counts = (3,)
    settings = with_defaults(PLAIN_GIN_SETTINGS, shutout="flat:100")
    view = ThreeHandedView

    def first_dealer(self, players, named=None, previous_winner=None):
        """The seats decide: the third named sits out the first hand and deals it."""
        if named is not None:
            if match_player(players, named) != players[2]:
                raise RulesError(
                    _(
                        "--dealer: in a three-handed game the player who sits out deals, and the third named, "
                        "{player}, sits out the first hand: name the players in the order they sit instead"
                    ).format(player=players[2])
                )
        return None

    def rematch_players(self, players, winner):
        """The same seats turned so that the winner is third: he sits out the first hand and deals."""
        if winner not in players:
            return tuple(players)
        turn = (players.index(winner) + 1) % 3
        return tuple(players[turn:]) + tuple(players[:turn])

    def check_next_hand(self, game, state, hand: dict) -> None:
        if hand["kind"] != "draw" and hand["player"] not in state.seating.playing:
            first, second = state.seating.playing
            raise HandError(
                _(
                    "{player} sits out this hand: {first} and {second} are playing; "
                    "name the one of them who knocked or went gin"
                ).format(player=hand["player"], first=first, second=second)
            )

    def seats_of(self, state) -> dict:
        """The player who sat each hand out decides who played it."""
        return {row.hand.entry: row.sitting_out for row in state.rows}

    def start(self, game):
        scores = {name: 0 for name in game.players}
        seating = Seating(tuple(game.players[:2]), game.players[2])
        return SimpleNamespace(scores=scores, boxes=dict(scores), hands_won=dict(scores), seating=seating, rows=[], winner=None)

    def play(self, game, tally, effective) -> bool:
        hand, seating = effective.hand, tally.seating
        opponent = None
        if hand["kind"] != "draw":
            if hand["player"] not in seating.playing:
                raise HandError(
                    _("game {game}: hand {number} names {player}, who sat that hand out ({players} played it)").format(
                        game=game.id, number=effective.number, player=hand["player"], players=in_words(seating.playing)
                    )
                )
            opponent = seating.playing[1] if seating.playing[0] == hand["player"] else seating.playing[0]
        score = score_hand(hand, opponent, game.rules)
        count_hand(tally, score, game.rules.target)
        tally.rows.append(ThreeHandedRow(effective, score, dict(tally.scores), opponent, seating.sitting_out))
        tally.seating = next_seating(seating, score.winner)
        return tally.winner is not None

    def result(self, game, tally) -> ThreeHandedResult:
        winner = tally.winner
        final = None if winner is None else self.settle(game, winner, tally.scores, tally.boxes, tally.hands_won)
        return ThreeHandedResult(game, tally.rows, tally.scores, tally.boxes, tally.hands_won, tally.seating, winner, final)

    def settle(self, game, winner, scores, boxes, hands_won) -> ThreeHandedFinal:
        rules, players = game.rules, game.players
        box_points = {name: boxes[name] * rules.box_bonus for name in players}
        totals = {name: scores[name] + box_points[name] + (rules.game_bonus if name == winner else 0) for name in players}
        losers = [name for name in players if name != winner]
        pairs = tuple(settle(winner, loser, scores, boxes, hands_won[loser] > 0, rules, game.stake) for loser in losers)
        payments = [payment(pair.loser, winner, pair.net, game.stake) for pair in pairs]
        first, second = losers  # the two losers settle their plain totals
        payments.append(payment(first, second, totals[second] - totals[first], game.stake))
        shut_out = tuple(name for name in losers if hands_won[name] == 0)
        return ThreeHandedFinal(
            winner, dict(scores), dict(boxes), box_points, rules.game_bonus, shut_out, totals, pairs,
            tuple(paid for paid in payments if paid is not None),
        )
