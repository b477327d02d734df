"""Three-handed gin: two play, one sits out (RULES.md section 7).

The first two named play the first hand. After a won hand the loser sits out and the player
who sat out plays the winner; after a draw (or a tie that scores nothing) the same two play
again. Each player has his own total, boxes and hands won; the first to the target wins the
game and its bonus. The settlement is pairwise: in each pair the lower final total pays the
difference, and a player the winner shut out pays the winner's total in that pair under the
shutout rule (by default an extra 100).
"""

from __future__ import annotations

from typing import NamedTuple

from ginscore.errors import HandError
from ginscore.game import effective_hands
from ginscore.i18n import N_, _, pN_
from ginscore.text import in_words
from ginscore.tables.standard import hands_words
from ginscore.scoring import score_hand, settle
from ginscore.errors import RulesError
from ginscore.tables.base import Grid, Sheet, next_game_lines, nets, payment, payments_grid
from ginscore.tables.gin import (
    PLAIN_GIN_SETTINGS,
    GinTable,
    HandRow,
    amount_cell,
    card_lines,
    cards_tables,
    game_json,
    game_sheet,
    hand_after_the_end,
    hand_cells,
    hand_line,
    hand_record,
    hand_stats,
    payment_notes,
    record_headers,
    running_chart,
    totals_words,
    two_sided_pad,
    with_defaults,
    won_at_hand,
)


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
    pairs: tuple  # the winner's Settlement with each other player
    payments: tuple

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


class ThreeHandedState(NamedTuple):
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
        """The player who sits out deals (RULES.md section 7)."""
        return None if self.finished else self.seating.sitting_out

    def payments(self) -> list:
        return [] if self.final is None else list(self.final.payments)

    def result_phrase(self) -> str:
        return won_at_hand(self)

    def totals_line(self) -> str:
        return totals_words(self.game.players, self.scores)

    def seating_line(self) -> str:
        first, second = self.seating.playing
        return _("Next hand: {first} v {second}; {out} sits out and deals.").format(
            first=first, second=second, out=self.seating.sitting_out
        )

    def player_stats(self) -> dict:
        players = self.game.players
        stats = hand_stats(self, lambda row: [name for name in players if name != row.sitting_out])
        for name in stats:
            stats[name]["won"] = int(self.winner == name)
        return stats

    def seating_lines(self) -> list:
        return [] if self.finished else [self.seating_line()]

    def score_table(self) -> Grid:
        rows = [
            [name, self.scores[name], self.boxes[name], _("sits out") if name == self.seating.sitting_out else _("plays")]
            for name in self.game.players
        ]
        return Grid([_("player"), _("points"), _("boxes"), _("next hand")], rows)

    def progress_line(self) -> str:
        return _("In progress after {hands}, first to {target}. {dealer}").format(
            hands=hands_words(len(self.rows)), target=self.game.rules.target, dealer=self.seating_line()
        )

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
            "finished": self.finished,
            "winner": self.winner,
            "final": None if self.final is None else self.final.to_json(),
        }

    def result_lines(self) -> list:
        final = self.final
        lines = [_("Game over: {winner} reaches {target}.").format(winner=self.winner, target=self.game.rules.target)]
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
        row = self.rows[-1]
        lines = [*card_lines(row, symbols), hand_line(row) + ".", _("Totals: {totals}.").format(totals=self.totals_line())]
        if self.finished:
            return lines + self.result_lines() + next_game_lines(self)
        return lines + [self.seating_line()]

    def sheet(self) -> Sheet:
        game = self.game
        players = list(game.players)
        headers = ["#", _("hand"), _("won by"), _("points"), _("sat out"), *players]
        rows, records = [], []
        for row in self.rows:
            totals = [row.totals[name] for name in players]
            rows.append(hand_cells(row, False) + [row.sitting_out, *totals])
            records.append(hand_record(row, False) + [row.sitting_out, *totals])
        tables = [Grid(headers, rows, title=_("Hands")), *cards_tables(self.rows)]
        final_rows = None
        if self.final is None:
            notes = [
                _("In progress, first to {target}: {totals}. {dealer}").format(
                    target=game.rules.target, totals=self.totals_line(), dealer=self.seating_line()
                )
            ]
        else:
            tables += [final_grid(self.final, players, game.rules), payments_grid(self.final.payments, game)]
            notes = self.result_lines()[1:]
            final_rows = final_records(self.final, players, game)
        return game_sheet(
            game,
            tables=tables,
            notes=notes,
            charts=(running_chart(self.rows, players, game.rules.target),),
            records=Grid(record_headers(False) + [_("sat out"), *(_("{name} total").format(name=name) for name in players)], records),
            final_records=final_rows,
        )


class ThreeHandedRow(NamedTuple):
    hand: object
    score: object
    totals: dict
    opponent: str | None
    sitting_out: str  # who sat this hand out

    def to_json(self) -> dict:
        return {**HandRow(self.hand, self.score, self.totals, self.opponent).to_json(), "sitting_out": self.sitting_out}


def final_grid(final: ThreeHandedFinal, players, rules) -> Grid:
    rows = [
        [_("points"), *(final.points[name] for name in players)],
        [_("boxes x {box}").format(box=rules.box_bonus), *(f"{final.boxes[n]} = {final.box_points[n]}" for n in players)],
        [_("game bonus"), *(final.game_bonus if name == final.winner else 0 for name in players)],
        [_("total"), *(final.totals[name] for name in players)],
        [_("shut out"), *(_("yes") if name in final.shut_out else "" for name in players)],
    ]
    return Grid(["", *players], rows, title=_("Final"), numeric=tuple(range(1, len(players) + 1)))


def final_records(final: ThreeHandedFinal, players, game) -> Grid:
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

    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        seats = self.seats(players) if players else ""
        parties = list(players) or ["", "", ""]
        return two_sided_pad(_("Three-handed Gin score sheet"), parties, seats, rules, stake, currency, hands)

    def first_dealer(self, players, named=None, previous_winner=None):
        """The seats decide: the third named sits out the first hand and deals it."""
        if named is not None:
            from ginscore.game import match_player

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

    def evaluate(self, game) -> ThreeHandedState:
        scores = {name: 0 for name in game.players}
        boxes, hands_won = dict(scores), dict(scores)
        seating = Seating(tuple(game.players[:2]), game.players[2])
        rows, winner = [], None
        for effective in effective_hands(game.journal):
            hand = effective.hand
            self.check_hand(game, hand)
            if winner is not None:
                raise hand_after_the_end(game, effective, _("at hand {number}").format(number=effective.number - 1))
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
            if score.winner:
                scores[score.winner] += score.points
                boxes[score.winner] += score.boxes
                hands_won[score.winner] += 1
                if scores[score.winner] >= game.rules.target:
                    winner = score.winner
            rows.append(ThreeHandedRow(effective, score, dict(scores), opponent, seating.sitting_out))
            seating = next_seating(seating, score.winner)
        final = None if winner is None else self.settle(game, winner, scores, boxes, hands_won)
        return ThreeHandedState(game, rows, scores, boxes, hands_won, seating, winner, final)

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
