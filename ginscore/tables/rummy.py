"""Rummy for 2 to 6 players (RULES.md section 8).

When a player goes out, every other player pays him the value of all the cards left in his
hand (ace 1, 2-10 face value, J Q K 10), melded or not; going out all at once, without having
melded or laid off before ("rummy"), doubles every payment of the hand. A player's balance is
what he received minus what he paid, so the balances always sum to zero. The points a player
scored (received) add up towards the target, when there is one; otherwise the players end the
game with 'ginscore end'. At the end the balances are settled with the fewest payments.
"""

from __future__ import annotations

from typing import NamedTuple

from ginscore.errors import HandError
from ginscore.game import abandoned, effective_hands
from ginscore.i18n import N_, _, decimal, pN_, pgettext
from ginscore.text import in_words
from ginscore.rules import Setting
from ginscore.tables.base import Chart, Grid, Payment, Series, Sheet, TableKind, next_game_lines, payments_grid
from ginscore.tables.standard import hands_words
from ginscore.tables.gin import (
    amount_cell,
    game_json,
    game_sheet,
    hand_after_the_end,
    pad_fields,
    pad_final_grid,
    pad_hands_grid,
    payment_notes,
)

SETTINGS = {
    "target": Setting(
        "target", 0, N_("Points scored that win the game (Rummy: 0, the default, is no target)."), (0, 10_000)
    ),
}
HAND_FIELDS = {"kind": str, "player": str, "losers": dict, "rummy": bool, "cards": dict}


def cards_dealt(player_count: int) -> int:
    """10 cards each for two players, 7 for three or four, 6 for five or six."""
    return 10 if player_count == 2 else 7 if player_count <= 4 else 6


def most_a_hand_holds(player_count: int) -> int:
    """The highest count a loser can be charged: 10 points for each card dealt."""
    return 10 * cards_dealt(player_count)


def next_dealer(players, dealer: str, winner: str) -> str:
    """With two players the winner deals the next hand; with more the deal passes left."""
    if len(players) == 2:
        return winner
    return players[(players.index(dealer) + 1) % len(players)]


class RummyRow(NamedTuple):
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
        return sum(points for _payer, points in self.payments)

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

    def words(self) -> str:
        """``Bob pays Alice 20, Carol pays Alice 11; doubled for rummy``."""
        paid = ", ".join(
            _("{payer} pays {payee} {amount}").format(payer=loser, payee=self.winner, amount=points)
            for loser, points in self.payments
        )
        return paid + (_("; doubled for rummy") if self.multiplier == 2 else "")


class RummyState(NamedTuple):
    game: object
    rows: list
    balances: dict
    points: dict  # points scored (received) by each player
    hands_won: dict
    rummies: dict
    dealer: str  # who deals the next hand
    winner: str | None  # the first to the target
    ended: bool  # the players ended the game with 'ginscore end'

    @property
    def finished(self) -> bool:
        return self.winner is not None or self.ended

    @property
    def next_dealer(self) -> str | None:
        return None if self.finished else self.dealer

    @property
    def final(self):
        """What a finished game settles: the payments and each player's net (a settlement of
        many players has no single net or amount, so those are None)."""
        return RummyFinal(self) if self.finished else None

    def payments(self) -> list:
        if not self.finished:
            return []
        from ginscore.scoring import money
        from ginscore.settlement import fewest_payments

        return [
            Payment(debtor, creditor, points, money(points, self.game.stake))
            for debtor, creditor, points in fewest_payments(self.balances)
        ]

    def player_stats(self) -> dict:
        from ginscore.tables.gin import blank_stats

        stats = {name: blank_stats() for name in self.game.players}
        for row in self.rows:
            for name in self.game.players:
                stats[name]["hands"] += 1
            winner = stats[row.winner]
            winner["hands_won"] += 1
            winner["points_won"] += row.received
            winner["biggest_hand"] = max(winner["biggest_hand"], row.received)
        for name in stats:
            stats[name]["won"] = int(self.winner == name)
        return stats

    def seating_lines(self) -> list:
        if self.finished:
            return []
        if self.rows:
            words = _("{dealer} deals the next hand ({count} cards each).")
        else:
            words = _("{dealer} deals the first hand ({count} cards each).")
        return [words.format(dealer=self.dealer, count=cards_dealt(len(self.game.players)))]

    def result_phrase(self) -> str:
        if self.winner is not None:
            return _("{winner} reached {target} at hand {number}").format(
                winner=self.winner, target=self.game.rules.target, number=len(self.rows)
            )
        if self.ended:
            return _("ended after {hands}").format(hands=hands_words(len(self.rows)))
        return _("in progress")

    def totals_line(self) -> str:
        return ", ".join(f"{name} {self.balances[name]:+d}" for name in self.game.players)

    def progress_line(self) -> str:
        target = self.game.rules.target
        goal = _("first to {target} points scored").format(target=target) if target else _("no target: 'ginscore end' ends it")
        return _("In progress after {hands}, {goal}. {dealer}").format(
            hands=hands_words(len(self.rows)), goal=goal, dealer=self.seating_lines()[0]
        )

    def score_table(self) -> Grid:
        rows = [
            [name, f"{self.balances[name]:+d}", self.points[name], self.hands_won[name], self.rummies[name]]
            for name in self.game.players
        ]
        return Grid([_("player"), _("balance"), _("points scored"), _("hands won"), _("rummies")], rows)

    def final_grid(self) -> Grid:
        """Each player's hands won, rummies, points scored and balance, and his net in money."""
        from ginscore.scoring import money, show_amount

        game = self.game
        rows = []
        for name in game.players:
            row = [name, self.hands_won[name], self.rummies[name], self.points[name], self.balances[name]]
            if game.stake is not None:
                row.append(decimal(show_amount(money(self.balances[name], game.stake), game.currency)))
            rows.append(row)
        money_column = [_("money")] if game.stake is not None else []
        headers = [_("player"), _("hands won"), _("rummies"), _("points scored"), _("balance"), *money_column]
        return Grid(headers, rows, title=_("Final"), numeric=tuple(range(1, len(headers))))

    def to_json(self) -> dict:
        final = self.final
        return {
            **game_json(self.game),
            "cards_dealt": cards_dealt(len(self.game.players)),
            "hands": [row.to_json() for row in self.rows],
            "balances": dict(self.balances),
            "points": dict(self.points),
            "hands_won": dict(self.hands_won),
            "rummies": dict(self.rummies),
            "next_dealer": self.next_dealer,
            "ended": self.ended,
            "finished": self.finished,
            "winner": self.winner,
            "final": None if final is None else final.to_json(),
        }

    def result_lines(self) -> list:
        if self.winner is not None:
            lines = [
                _("Game over: {winner} reaches {target} points scored.").format(winner=self.winner, target=self.game.rules.target)
            ]
        else:
            lines = [_("Game ended after {hands}.").format(hands=hands_words(len(self.rows)))]
        lines.append(_("Balances: {balances}.").format(balances=self.totals_line()))
        payments = self.payments()
        if payments:
            owed = in_words(
                _("{payer} pays {payee} {amount}").format(payer=p.payer, payee=p.payee, amount=p.points) for p in payments
            )
            lines.append(_("Settlement: {payments}.").format(payments=owed))
        else:
            lines.append(_("Settlement: everybody is level, nobody pays."))
        return lines + payment_notes(payments, self.game)

    def hand_report(self, symbols: bool = True) -> list:
        row = self.rows[-1]
        words = _("{winner} goes out (rummy)") if row.multiplier == 2 else _("{winner} goes out")
        line = _("Hand {number}: {words}").format(number=row.hand.number, words=words.format(winner=row.winner))
        line += f" -> {row.words()}."
        if self.finished:  # the result says the balances
            return [line, *self.result_lines(), *next_game_lines(self)]
        return [line, _("Balances: {balances}.").format(balances=self.totals_line()), *self.seating_lines()]

    def sheet(self) -> Sheet:
        game = self.game
        players = list(game.players)
        rows = [
            [row.hand.number, row.dealer, row.winner, row.words(), *(row.balances[name] for name in players)]
            for row in self.rows
        ]
        headers = ["#", _("dealt"), _("out"), _("payments"), *players]
        tables = [Grid(headers, rows, title=_("Hands (running balances)"))]
        if self.finished:
            tables += [self.final_grid(), payments_grid(self.payments(), game)]
            notes = self.result_lines()
        else:
            notes = [self.progress_line()]
        rules = rummy_goal(game.rules)
        # the chart follows the balances, which the target (on points scored) does not measure
        series = tuple(
            Series(name, tuple(row.balances[name] for row in self.rows), tuple(i for i, row in enumerate(self.rows) if row.winner == name))
            for name in players
        )
        return game_sheet(
            game,
            rules,
            tables=tables,
            notes=notes,
            charts=(Chart(_("Running balances"), series, None),),
            records=self.records(),
            final_records=self.final_records() if self.finished else None,
        )

    def records(self) -> Grid:
        """The hands for CSV: who dealt and went out, rummy (1 or 0), what each player paid
        (- ) or received (+) in the hand, and every balance after it."""
        players = list(self.game.players)
        rows = []
        for row in self.rows:
            paid = dict(row.payments)
            change = [row.received if name == row.winner else -paid[name] for name in players]
            rows.append([row.hand.number, row.dealer, row.winner, int(row.multiplier == 2), row.received, *change,
                         *(row.balances[name] for name in players)])
        headers = [_("hand"), _("dealer"), _("winner"), pgettext("sheet column", "rummy"), _("points")]
        changes = [_("{name} change").format(name=name) for name in players]
        return Grid(headers + changes + [_("{name} balance").format(name=name) for name in players], rows)

    def final_records(self) -> Grid:
        """The final block for CSV, a row per player: his balance is his net."""
        stake = self.game.stake
        rows = [
            [name, self.hands_won[name], self.rummies[name], self.points[name], self.balances[name],
             *([amount_cell(self.balances[name], stake)] if stake is not None else [])]
            for name in self.game.players
        ]
        headers = [_("player"), _("hands won"), _("rummies"), _("points scored"), _("net")]
        return Grid([*headers, *([_("amount")] if stake is not None else [])], rows)


def rummy_goal(rules) -> str:
    if rules.target:
        return _("Rummy, first to {target} points scored").format(target=rules.target)
    return _("Rummy, no target")


class RummyFinal(NamedTuple):
    state: RummyState

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


class RummyTable(TableKind):
    name = "rummy"
    flag = "--rummy"
    label = pN_("table name", "rummy")
    description = N_("Rummy for 2 to 6 players: losers pay the winner what they hold (see 'ginscore out').")
    player_counts = (2, 3, 4, 5, 6)
    settings = SETTINGS
    hand_kinds = ("out",)
    hand_fields = HAND_FIELDS

    def first_dealer(self, players, named=None, previous_winner=None):
        """As at any table, but nobody cuts: without a name or a last winner, the first named deals."""
        return super().first_dealer(players, named, previous_winner) or players[0]

    def goal(self, rules) -> str:
        return rummy_goal(rules)

    pad_seats = 4  # blank columns on a pad given no names

    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        """Per player what the hand cost or paid him (+/-) and his running balance; the final
        block counts hands won, rummies, points scored, the balance and what is owed."""
        parties = list(players) or [""] * self.pad_seats
        words = f"{self.goal(rules)}; {self.rules_words(rules)}" if rules is not None else ""
        final = pad_final_grid(parties, rules, ("hands won", "rummies", "points scored", "balance", "owed"))
        return Sheet(
            _("Rummy score sheet"),
            fields=tuple(pad_fields(self.seats(players) if players else "", words, stake, currency)),
            tables=(pad_hands_grid(parties, hands, columns=("+/-", _("sum"))), final),
        )

    def rules_words(self, rules, preset=None) -> str:
        return _("losers pay what they hold, a rummy pays double")

    def cards_words(self, hand: dict) -> str:
        return "; ".join(f"{name} held {cards}" for name, cards in hand["cards"].items())

    def card_problems(self, cards: dict) -> list:
        """Each loser's cards as typed: ranks (suits optional), which count to his points."""
        from ginscore.cards import rank_value
        from ginscore.errors import CardError

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

    def check_abandon(self, game, state) -> None:
        """Rummy is settled hand by hand, so the players may end it whenever they stop."""

    def check_hand(self, game, hand: dict) -> None:
        kind = hand.get("kind")
        if kind != "out":
            if kind == "draw":
                why = _("a Rummy hand cannot end in a draw: when the stock runs out the discard pile is turned over")
            else:
                why = _("a Rummy game has no {kind} hand").format(kind=repr(kind))
            raise HandError(_("{why}; record who went out with 'ginscore out WINNER NAME=POINTS ...'").format(why=why))
        winner = hand.get("player")
        if winner not in game.players:
            raise HandError(_("no player {player} in game {number}").format(player=repr(winner), number=game.id))
        losers = hand.get("losers")
        if not isinstance(losers, dict):
            raise HandError(_("a Rummy hand names what every other player held: 'ginscore out alice bob=20 carol=11'"))
        others = [name for name in game.players if name != winner]
        from ginscore.shell import command

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

    def evaluate(self, game) -> RummyState:
        players = game.players
        balances = {name: 0 for name in players}
        points, hands_won, rummies = dict(balances), dict(balances), dict(balances)
        dealer, winner, rows = game.dealer or players[0], None, []  # files from before 'dealer' was stored: the first named
        target = game.rules.target
        for effective in effective_hands(game.journal):
            hand = effective.hand
            self.check_hand(game, hand)
            if winner is not None:
                raise hand_after_the_end(game, effective, _("at hand {number}").format(number=effective.number - 1))
            out = hand["player"]
            multiplier = 2 if hand.get("rummy") else 1
            paid = tuple((name, hand["losers"][name] * multiplier) for name in players if name != out)
            for name, amount in paid:
                balances[name] -= amount
                balances[out] += amount
                points[out] += amount
            hands_won[out] += 1
            rummies[out] += multiplier == 2
            rows.append(RummyRow(effective, paid, multiplier, dict(balances), dealer))
            dealer = next_dealer(players, dealer, out)
            if target and points[out] >= target:
                winner = out
        ended = winner is None and abandoned(game.journal)
        return RummyState(game, rows, balances, points, hands_won, rummies, dealer, winner, ended)
