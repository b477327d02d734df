"""Settling an evening and a lifetime of games (pure): which days a date word means, and what
a set of finished games comes to in money per player and in the fewest payments."""

from __future__ import annotations

from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.core.names import folded
from ginscore.core.scoring import exact_money


class Settlement(Record):
    """What a set of games played for one currency comes to."""

    currency: str | None
    games: tuple  # ids
    nets: dict  # display name -> Decimal: + is owed, - owes; they sum to zero
    payments: tuple  # (debtor, creditor, Decimal)
    method: str  # how the payments were found: exact, or greedy above ten players who played together


def day_bounds(text: str, today, end: bool) -> str:
    """The UTC instant (ISO 8601, as game files write ``created``) at which the local day
    ``text`` starts, or with ``end`` the next day starts: ``2026-11-29``, ``today``,
    ``yesterday``."""
    from datetime import date, datetime, time, timedelta, timezone

    word = text.strip().lower()
    if word == "today":
        day = today
    elif word == "yesterday":
        day = today - timedelta(days=1)
    else:
        try:
            day = date.fromisoformat(word)
        except ValueError:
            raise GinscoreError(
                _("{text} is not a date: give YYYY-MM-DD (e.g. 2026-11-29), 'today' or 'yesterday'").format(text=repr(text))
            ) from None
    if end:
        day += timedelta(days=1)
    local = datetime.combine(day, time()).astimezone()  # local midnight, with the local offset
    return local.astimezone(timezone.utc).isoformat(timespec="seconds")


def settle(summaries) -> tuple:
    """(one Settlement per currency, the ids of games without a stake) for these finished
    games' summaries, oldest first (as the index gives them; made ids do not sort by age).
    Names are matched across games case-insensitively; each is written as in the newest game."""
    nets = Nets()
    for summary in summaries:
        nets.add(summary)
    return nets.settled()


class Nets:
    """Each player's net in money per currency over finished games added one at a time (their
    summaries, oldest first; only what settling takes of each is kept: a lifetime of games holds
    their ids and who played whom), what ``settle`` settles and 'games' totals."""

    def __init__(self):
        from decimal import Decimal

        self.shown: dict = {}  # folded name -> the name as the newest game writes it
        self.groups: dict = {}  # currency -> (game ids, folded name -> net, each game's folded players)
        self.no_stake: list = []
        # a club's few hundred names and few thousand amounts, each folded and made exact once for
        # every game they are met in (a lifetime's settlement meets them 100,000 times)
        self.keys: dict = {}
        self.exact: dict = {}
        self.zero = Decimal(0)
        with exact_money() as context:  # a 28-digit stake beside a cents game: every cent kept
            self.add_exactly = context.copy().add

    def add(self, summary: dict) -> None:
        keys, shown, players = self.keys, self.shown, summary["players"]
        for name in players:
            key = keys.get(name)
            if key is None:
                key = keys[name] = folded(name)
            shown[key] = name
        money = summary.get("money")
        if money is None:
            self.no_stake.append(summary["id"])
            return
        currency = summary.get("currency")
        group = self.groups.get(currency)
        if group is None:
            group = self.groups[currency] = ([], {}, [])
        games, nets, games_players = group
        games.append(summary["id"])
        games_players.append(tuple([keys[name] for name in players]))  # a tuple of texts: the garbage collector soon stops following it
        exact, add, zero = self.exact, self.add_exactly, self.zero
        for name, amount in money.items():
            key = keys.get(name)
            if key is None:
                key = keys[name] = folded(name)
            value = exact.get(amount)
            if value is None:
                from decimal import Decimal

                value = exact[amount] = Decimal(amount)
            nets[key] = add(nets.get(key, zero), value)

    def totals(self) -> list:
        """(currency, how many games, {player as written: net}) of each currency, as first met."""
        return [(currency, len(games), {self.shown[key]: amount for key, amount in nets.items()})
                for currency, (games, nets, _games_players) in self.groups.items()]

    def settled(self) -> tuple:
        """``settle``'s answer: each currency's Settlement, with the fewest payments, and the
        games without a stake."""
        with exact_money():
            return self._settled()

    def _settled(self) -> tuple:
        from ginscore.core.fewest_payments import connected_groups, fewest_payments, method

        settlements = []
        for currency, (games, nets, games_players) in self.groups.items():
            named = {self.shown[key]: amount for key, amount in nets.items()}
            # who played whom: each group settles on its own, so nobody pays a stranger
            together = [[self.shown[key] for key in group if key in nets] for group in connected_groups(games_players)]
            together += [[name] for name in named if not any(name in group for group in together)]
            payments = tuple(fewest_payments(named, together))
            counted = max((sum(1 for name in group if named[name] != 0) for group in together), default=0)
            settlements.append(Settlement(currency, tuple(games), named, payments, method(counted)))
        return settlements, self.no_stake


def stats_of(totals: dict) -> dict:
    """One player's statistics as 'stats' shows them, from the sums the index gives."""
    card_knocks = totals["card_knocks"]
    hands_won = totals["hands_won"]
    return {
        "games": totals["games"],
        "games_won": totals["won"],
        "hands": totals["hands"],
        "hands_won": hands_won,
        "gins": totals["gins"],
        "big_gins": totals["big_gins"],
        "undercuts_given": totals["undercuts_given"],
        "undercuts_suffered": totals["undercuts_suffered"],
        "knocks": totals["knocks"],
        "average_hand_won": round(totals["points_won"] / hands_won, 1) if hands_won else None,
        "biggest_hand_won": totals["biggest_hand"] if hands_won else None,
        "longest_streak": totals["longest_streak"],
        "money": totals["money"],
        "card_knocks": card_knocks,
        "average_deadwood_at_knock": round(totals["card_knock_deadwood"] / card_knocks, 1) if card_knocks else None,
        "melds_held_back": round(totals["held_back"] / card_knocks, 3) if card_knocks else None,
    }
