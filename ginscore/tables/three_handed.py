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

from ginscore.base.errors import HandError, RulesError
from ginscore.base.i18n import N_, _, pN_
from ginscore.base.records import Record
from ginscore.base.text import in_words
from ginscore.core.game import made
from ginscore.core.names import match_player
from ginscore.core.scoring import final_score, score_hand
from ginscore.tables.base import finishing_order, game_json, streaks_json
from ginscore.tables.kept import copied_tally
from ginscore.tables.payments import nets, payment
from ginscore.tables.seats import KeptSeats, seats_json
from ginscore.tables.three_handed_view import ThreeHandedView
from ginscore.tables.two_handed import PLAIN_GIN_SETTINGS, GinTable, HandRow, count_hand, hand_stats, with_defaults


class Seating(Record):
    playing: tuple  # the two at the card table for the next hand, in the order they are named
    sitting_out: str


def next_seating(seating: Seating, winner: str | None) -> Seating:
    """Who plays after a hand that ``winner`` won (None: a draw, the same two again)."""
    if winner is None:
        return seating
    loser = seating.playing[1] if seating.playing[0] == winner else seating.playing[0]
    return Seating((winner, seating.sitting_out), loser)


class ThreeHandedFinal(Record):
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


class ThreeHandedRow(Record):
    hand: object
    score: object
    totals: dict
    opponent: str | None
    sitting_out: str  # who sat this hand out

    def to_json(self) -> dict:
        return {**HandRow(self.hand, self.score, self.totals, self.opponent).to_json(), "sitting_out": self.sitting_out}


class ThreeHandedResult(Record):
    game: object
    rows: list
    scores: dict
    boxes: dict
    hands_won: dict
    seating: Seating  # for the next hand
    winner: str | None
    final: ThreeHandedFinal | None
    kept_seats: tuple = ()  # base.KeptSeats: hands played as recorded, not as the seats turn

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def next_dealer(self) -> str | None:
        """The player who sits out deals (docs/rules.md section 10)."""
        return None if self.finished else self.seating.sitting_out

    @property
    def first_to_play(self) -> None:
        """The dealer sits out, so "the player who did not deal" names both at the card table, and
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

    def placings(self) -> list:
        """The winner first, the others by their final totals."""
        final = self.final
        if final is None:
            return []
        return [finishing_order([(name,) for name in self.game.players], lambda side: final.totals[side[0]], (final.winner,))]

    def final_json(self) -> dict | None:
        """The "final" object of ``to_json`` (and of a game's summary), made alone."""
        return None if self.final is None else self.final.to_json()

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
            "final": self.final_json(),
            **seats_json(self),
        }


class ThreeHandedGin(GinTable):
    name = "three-handed"
    flag = "--three-handed"
    label = pN_("table name", "three-handed")
    description = N_("Three players: two play each hand, the loser sits out (default shutout flat:100).")
    player_counts = (3,)
    seats_turn = True  # the loser of a hand sits out the next
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

    def next_seats(self, state) -> tuple:
        """The two who play the next hand, then the one who sits it out."""
        return (*state.seating.playing, state.seating.sitting_out)

    def tally_copy(self, tally):
        return copied_tally(tally)

    def start(self, game):
        scores = {name: 0 for name in game.players}
        seating = Seating(tuple(game.players[:2]), game.players[2])
        return SimpleNamespace(scores=scores, boxes=dict(scores), hands_won=dict(scores), seating=seating, rows=[], winner=None)

    def play(self, game, tally, effective) -> bool:
        hand, seating = effective.hand, tally.seating
        recorded = self.recorded_seats(game, effective)
        if recorded:  # who played it as recorded, whatever a change to an earlier hand did to the turn
            kept = Seating(tuple(recorded[:2]), recorded[2])
            if kept.sitting_out != seating.sitting_out:
                tally.kept_seats.append(KeptSeats(effective.number, kept.playing, seating.playing))
            seating = kept
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
        tally.rows.append(made(ThreeHandedRow, (effective, score, dict(tally.scores), opponent, seating.sitting_out)))  # every field: core.game.made
        tally.seating = next_seating(seating, score.winner)
        return tally.winner is not None

    def result(self, game, tally) -> ThreeHandedResult:
        winner = tally.winner
        final = None if winner is None else self.final_score(game, winner, tally.scores, tally.boxes, tally.hands_won)
        return ThreeHandedResult(game, tally.rows, tally.scores, tally.boxes, tally.hands_won, tally.seating, winner, final)

    def final_score(self, game, winner, scores, boxes, hands_won) -> ThreeHandedFinal:
        rules, players = game.rules, game.players
        box_points = {name: boxes[name] * rules.box_bonus for name in players}
        totals = {name: scores[name] + box_points[name] + (rules.game_bonus if name == winner else 0) for name in players}
        losers = [name for name in players if name != winner]
        pairs = tuple(final_score(winner, loser, scores, boxes, hands_won[loser] > 0, rules, game.stake) for loser in losers)
        payments = [payment(pair.loser, winner, pair.net, game.stake, pair.amount) for pair in pairs]
        first, second = losers  # the two losers settle their plain totals
        payments.append(payment(first, second, totals[second] - totals[first], game.stake))
        shut_out = tuple(name for name in losers if hands_won[name] == 0)
        return ThreeHandedFinal(
            winner, dict(scores), dict(boxes), box_points, rules.game_bonus, shut_out, totals, pairs,
            tuple(paid for paid in payments if paid is not None),
        )
