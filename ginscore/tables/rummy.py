"""Rummy for 2 to 6 players (docs/rules.md section 12).

When a player goes out, every other player pays him the value of all the cards left in his
hand (ace 1, 2-10 face value, J Q K 10), melded or not; going out all at once, without having
melded or laid off before ("rummy"), doubles every payment of the hand. A player's balance is
what he received minus what he paid, so the balances always sum to zero. The points a player
scored (received) add up towards the target, when there is one; otherwise the players end the
game with 'ginscore end'. At the end the balances are settled with the fewest payments.
"""

from __future__ import annotations

from types import SimpleNamespace

from ginscore.base.errors import CardError, HandError
from ginscore.base.i18n import N_, _, pN_
from ginscore.base.records import Record
from ginscore.base.shell import command
from ginscore.base.text import in_words
from ginscore.cards.cards import rank_value
from ginscore.core.fewest_payments import fewest_payments
from ginscore.core.game import abandoned, made
from ginscore.core.rules import Setting
from ginscore.core.scoring import money
from ginscore.core.statistics import blank as blank_stats
from ginscore.core.statistics import hand_streaks
from ginscore.tables.base import Table, finishing_order, game_json, streaks_json
from ginscore.tables.kept import copied_tally
from ginscore.tables.payments import Payment
from ginscore.tables.rummy_cards import check_deal
from ginscore.tables.rummy_view import RummyView, rummy_goal
from ginscore.tables.seats import KeptSeats, seats_json

SETTINGS = {
    "target": Setting(
        "target", 0, N_("Points scored that win the game (Rummy: 0, the default, is no target)."), (0, 10_000),
        words=N_("target"),
    ),
}
HAND_FIELDS = {"kind": str, "player": str, "losers": dict, "rummy": bool, "cards": dict}


def cards_dealt(player_count: int) -> int:
    """10 cards each for two players, 7 for three or four, 6 for five or six."""
    return 10 if player_count == 2 else 7 if player_count <= 4 else 6


def most_a_hand_holds(player_count: int) -> int:
    """The highest count a loser can be charged: 10 points for each card dealt."""
    return 10 * cards_dealt(player_count)


def example_out(players) -> str:
    """A Rummy hand of this game as 'ginscore out' takes it, for a hint: the first player goes
    out and each other player held 20."""
    return command(["out"], [players[0], *(f"{name}=20" for name in players[1:])])


def next_dealer(players, dealer: str, winner: str) -> str:
    """With two players the winner deals the next hand; with more the deal passes left."""
    if len(players) == 2:
        return winner
    return players[(players.index(dealer) + 1) % len(players)]


class RummyRow(Record):
    hand: object  # EffectiveHand
    payments: tuple  # (loser, points) in the order the players were named
    multiplier: int  # 2 for a rummy
    balances: dict  # every player's balance after this hand
    dealer: str  # who dealt this hand

    @property
    def winner(self) -> str:
        return self.hand.hand["player"]

    @property
    def received(self) -> int:
        return sum([points for _payer, points in self.payments])

    def to_json(self) -> dict:
        hand = self.hand.hand
        row = {
            "number": self.hand.number,
            "kind": "out",
            "winner": self.winner,
            "rummy": self.multiplier == 2,
            "held": dict(hand["losers"]),
            "payments": [{"from": loser, "to": self.winner, "points": points} for loser, points in self.payments],
            "points": self.received,
            "balances": dict(self.balances),
            "dealer": self.dealer,
            "edited": self.hand.edited,
        }
        if "cards" in hand:
            row["cards"] = dict(hand["cards"])
        return row


# The last result whose payments were searched (the fewest payments), and those payments: a
# result, like its game, is never changed in place (``kept``), and a Payment is a Record
PAID: list = []


class RummyResult(Record):
    game: object
    rows: list
    balances: dict
    points: dict  # points scored (received) by each player
    hands_won: dict
    rummies: dict
    dealer: str  # who deals the next hand
    winner: str | None  # the first to the target
    ended: bool  # the players ended the game with 'ginscore end'
    kept_seats: tuple = ()  # base.KeptSeats: hands dealt as recorded, not as the deal turns

    @property
    def finished(self) -> bool:
        return self.winner is not None or self.ended

    @property
    def next_dealer(self) -> str | None:
        return None if self.finished else self.dealer

    @property
    def first_to_play(self) -> str | None:
        """The player to the dealer's left, the next named, plays first (docs/rules.md section 14;
        seed 003: play starts with the player to the dealer's left); with two, the other one."""
        if self.finished:
            return None
        players = self.game.players
        return players[(players.index(self.dealer) + 1) % len(players)]

    @property
    def cards_dealt(self) -> int:
        return cards_dealt(len(self.game.players))

    @property
    def final(self):
        """What a finished game settles: the payments and each player's net (a settlement of
        many players has no single net or amount, so those are None)."""
        return RummyFinal(self) if self.finished else None

    def payments(self) -> list:
        if not self.finished:
            return []
        if PAID and PAID[0][0] is self:  # the summary asks, then its "final" block: searched once
            return list(PAID[0][1])
        paid = [
            Payment(debtor, creditor, points, money(points, self.game.stake))
            for debtor, creditor, points in fewest_payments(self.balances)
        ]
        PAID[:] = [(self, tuple(paid))]
        return paid

    def player_stats(self) -> dict:
        stats = {name: blank_stats() for name in self.game.players}
        for name in stats:  # every player plays every hand
            stats[name]["hands"] = len(self.rows)
        for row in self.rows:
            winner, received = stats[row.winner], row.received  # added up once a row
            winner["hands_won"] += 1
            winner["points_won"] += received
            winner["biggest_hand"] = max(winner["biggest_hand"], received)
        streaks = hand_streaks(((row.winner, self.game.players) for row in self.rows), self.game.players)
        for name in stats:
            stats[name]["won"] = int(self.winner == name)
            stats[name]["hand_streak"] = streaks[name]
        return stats

    def placings(self) -> list:
        """The first to the target (if any) first, the others by their balances."""
        if not self.finished or not self.rows:
            return []
        winner = None if self.winner is None else (self.winner,)
        return [finishing_order([(name,) for name in self.game.players], lambda side: self.balances[side[0]], winner)]

    def final_json(self) -> dict | None:
        """The "final" object of ``to_json`` (and of a game's summary), made alone."""
        return None if self.final is None else self.final.to_json()

    def to_json(self) -> dict:
        return {
            **game_json(self.game),
            "cards_dealt": self.cards_dealt,
            "hands": [row.to_json() for row in self.rows],
            "balances": dict(self.balances),
            "points": dict(self.points),
            "hands_won": dict(self.hands_won),
            "rummies": dict(self.rummies),
            "next_dealer": self.next_dealer,
            "first_to_play": self.first_to_play,
            "streaks": streaks_json(self),
            "ended": self.ended,
            "finished": self.finished,
            "winner": self.winner,
            "final": self.final_json(),
            **seats_json(self),
        }


class RummyFinal(Record):
    state: RummyResult

    net = None  # many players settle: see payments
    amount = None

    def to_json(self) -> dict:
        state = self.state
        return {
            "winner": state.winner,
            "ended_early": state.ended and state.winner is None,
            "balances": dict(state.balances),
            "points": dict(state.points),
            "payments": [paid.to_json() for paid in state.payments()],
        }


class RummyTable(Table):
    name = "rummy"
    flag = "--rummy"
    label = pN_("table name", "rummy")
    description = N_("Rummy for 2 to 6 players: losers pay the winner what they hold (see 'ginscore out').")
    player_counts = (2, 3, 4, 5, 6)
    seats_turn = True  # the deal passes on
    settings = SETTINGS
    hand_kinds = ("out",)
    hand_fields = HAND_FIELDS

    def first_dealer(self, players, named=None, previous_winner=None):
        """As at any table, but nobody cuts: without a name or a last winner, the first named deals."""
        return super().first_dealer(players, named, previous_winner) or players[0]

    def goal(self, rules) -> str:
        return rummy_goal(rules)

    pad_seats = 4  # blank columns on a pad given no names
    view = RummyView

    def rules_words(self, rules, preset=None) -> str:
        return _("losers pay what they hold, a rummy pays double")

    def cards_words(self, hand: dict) -> str:
        return "; ".join(f"{name} held {cards}" for name, cards in hand["cards"].items())

    def card_problems(self, cards: dict) -> list:
        """Each loser's cards as typed: ranks (suits optional), which count to his points."""
        found = []
        for name, text in cards.items():
            if not isinstance(text, str) or not text.split():
                found.append((f".{name}", _('expected the cards held, such as "K 7 3", got {text}').format(text=repr(text))))
                continue
            try:
                for token in text.split():
                    rank_value(token)
            except CardError as error:
                found.append((f".{name}", str(error)))
        return found

    # Rummy is settled hand by hand, so the players may end it whenever they stop.
    can_end_early = True
    early_end_label = N_("a Rummy game")

    def check_hand(self, game, hand: dict) -> None:
        kind = hand.get("kind")
        if kind != "out":
            if kind == "draw":
                why = _("a Rummy hand cannot end in a draw: when the stock runs out the discard pile is turned over")
            else:
                why = _("a Rummy game has no {kind} hand").format(kind=repr(kind))
            raise HandError(_("{why}; record who went out with 'ginscore out', e.g.: {command}").format(why=why, command=example_out(game.players)))
        winner = hand.get("player")
        if winner not in game.players:
            raise HandError(_("no player {player} in game {number}").format(player=repr(winner), number=game.id))
        losers = hand.get("losers")
        if not isinstance(losers, dict):
            raise HandError(_("a Rummy hand names what every other player held, e.g.: {command}").format(command=example_out(game.players)))
        others = [name for name in game.players if name != winner]
        if winner in losers:
            raise HandError(_("{winner} went out, so {winner} holds nothing: name only the other players").format(winner=winner))
        missing = [name for name in others if name not in losers]
        if missing:
            raise HandError(
                _("say what {players} held: every other player is named once, e.g.: {command}").format(
                    players=in_words(missing), command=command(["out"], [winner, *(f"{name}=20" for name in others)])
                )
            )
        unknown = [name for name in losers if name not in others]
        if unknown:
            raise HandError(_("no player {player} in game {number}").format(player=repr(unknown[0]), number=game.id))
        highest = most_a_hand_holds(len(game.players))
        for name in others:
            count = losers[name]
            if type(count) is not int or not 1 <= count <= highest:
                raise HandError(
                    _(
                        "{name}'s count must be a whole number from 1 to {highest} "
                        "(10 for each of the {dealt} cards dealt), got {count}"
                    ).format(name=name, highest=highest, dealt=cards_dealt(len(game.players)), count=repr(count))
                )
        if type(hand.get("rummy", False)) is not bool:
            raise HandError(_("a hand's rummy mark must be true or false"))

    def check_entry(self, game, hand: dict) -> None:
        """A new or corrected hand's typed cards must come from one deal of one deck."""
        if isinstance(hand.get("cards"), dict):
            check_deal(hand["cards"], cards_dealt(len(game.players)))

    def renamed_hand(self, hand: dict, old: str, new: str) -> dict:
        """A Rummy hand names who went out and, in ``losers`` and ``cards``, every other player."""
        hand = super().renamed_hand(hand, old, new)
        for key in ("losers", "cards"):
            if isinstance(hand.get(key), dict) and old in hand[key]:
                hand = {**hand, key: {new if name == old else name: value for name, value in hand[key].items()}}
        return hand

    def target_reached(self, state, rules) -> tuple | None:
        """Rummy's target counts the points scored (received); 0 is no target."""
        return super().target_reached(SimpleNamespace(scores=state.points), rules)

    def next_seats(self, state) -> tuple:
        """Who deals the next hand, then the others in the order named: every player is in it."""
        return (state.dealer, *(name for name in state.game.players if name != state.dealer))

    def tally_copy(self, tally):
        return copied_tally(tally)

    def start(self, game):
        balances = {name: 0 for name in game.players}
        # files from before 'dealer' was stored: the first named deals
        return SimpleNamespace(
            balances=balances, points=dict(balances), hands_won=dict(balances), rummies=dict(balances),
            dealer=game.dealer or game.players[0], winner=None, rows=[],
        )

    def play(self, game, tally, effective) -> bool:
        hand, players = effective.hand, game.players
        recorded = self.recorded_seats(game, effective)
        if recorded and recorded[0] != tally.dealer:  # dealt as recorded, whatever a change before it did to the deal
            tally.kept_seats.append(KeptSeats(effective.number, (recorded[0],), (tally.dealer,)))
            tally.dealer = recorded[0]
        out = hand["player"]
        multiplier = 2 if hand.get("rummy") else 1
        paid = tuple((name, hand["losers"][name] * multiplier) for name in players if name != out)
        for name, amount in paid:
            tally.balances[name] -= amount
            tally.balances[out] += amount
            tally.points[out] += amount
        tally.hands_won[out] += 1
        tally.rummies[out] += multiplier == 2
        tally.rows.append(made(RummyRow, (effective, paid, multiplier, dict(tally.balances), tally.dealer)))  # as core.game.made says
        tally.dealer = next_dealer(players, tally.dealer, out)
        target = game.rules.target
        if target and tally.points[out] >= target:
            tally.winner = out
        return tally.winner is not None

    def result(self, game, tally) -> RummyResult:
        ended = tally.winner is None and abandoned(game.journal)
        return RummyResult(
            game, tally.rows, tally.balances, tally.points, tally.hands_won, tally.rummies, tally.dealer, tally.winner, ended
        )
