"""Every statistic ginscore keeps, declared once: what each game counts per player (the keys
a table's result fills, the summary index's columns, the players' running totals and the SQL
that adds them up) and what 'stats' shows from those sums (its keys, in order, with their
labels). A new statistic is one line in ``PER_GAME`` (and the table that counts it), one in
``SHOWN`` if 'stats' should show it; the index rebuilds itself because the name of its layout
(its tables and columns, ``ginscore.index.layout.LAYOUT``) lists the keys."""

from __future__ import annotations

from typing import Callable

from ginscore.base.i18n import N_
from ginscore.base.records import Record
from ginscore.core.scoring import cents


class Counted(Record):
    """A whole number each game counts per player."""

    key: str
    combine: str = "sum"  # over several games: "sum", or "max" (the biggest hand)


PER_GAME = (
    Counted("won"),  # 1 for the game's winner (each player of the winning side)
    Counted("hands"),
    Counted("hands_won"),
    Counted("gins"),
    Counted("big_gins"),
    Counted("undercuts_given"),
    Counted("undercuts_suffered"),
    Counted("knocks"),
    Counted("points_won"),
    Counted("biggest_hand", "max"),
    Counted("hand_streak", "max"),  # the most hands won in a row (see ``hand_streaks``)
    Counted("card_knocks"),  # knocks typed as cards
    Counted("card_knock_deadwood"),  # the knocker's deadwood over those knocks
    Counted("held_back"),  # melds held back over those knocks
    Counted("net_points"),  # what the game's settlement comes to in points: + collected, - paid (the ladder's season)
)
STAT_KEYS = tuple(counted.key for counted in PER_GAME)
SUMMED = tuple(counted.key for counted in PER_GAME if counted.combine == "sum")
GREATEST = tuple(counted.key for counted in PER_GAME if counted.combine == "max")


def blank() -> dict:
    """Every per-game statistic of one player, at zero."""
    return dict.fromkeys(STAT_KEYS, 0)


def hand_streaks(hands, players) -> dict:
    """Each player's longest run of hands won in a row over ``hands``: (winner, who played
    it) in the order played. A hand won by nobody (a draw, a tie that scores nothing) is
    dealt again, so it neither ends a run nor adds to it; a hand won by another player who
    faced him ends it; a hand he did not play (sitting out) leaves it as it stands."""
    running = dict.fromkeys(players, 0)
    longest = dict.fromkeys(players, 0)
    for winner, played in hands:
        if winner is None:
            continue
        for name in played:
            if name != winner:
                running[name] = 0
        run = running[winner] = running[winner] + 1
        if run > longest[winner]:  # not max(): a call a hand, in every game a build reads
            longest[winner] = run
    return longest


def sql_columns() -> str:
    """The statistics as columns of an SQL table."""
    return ", ".join(f"{key} INTEGER" for key in STAT_KEYS)


def sql_combined(alias: str) -> str:
    """The SQL that combines the statistics of the rows of table ``alias`` over several games."""
    return ", ".join(f"{'MAX' if counted.combine == 'max' else 'SUM'}({alias}.{counted.key})" for counted in PER_GAME)


def _ratio(part: str, whole: str, places: int) -> Callable:
    return lambda totals: round(totals[part] / totals[whole], places) if totals[whole] else None


class Shown(Record):
    """One line of 'stats': its key in ``stats --json``, its label, its value from a player's
    totals (the ``PER_GAME`` sums, ``games``, ``longest_streak``, ``hand_streak_game`` and
    ``money``)."""

    key: str
    label: str  # marked for the catalog; translated when shown
    value: Callable


SHOWN = (
    Shown("games", N_("games"), lambda totals: totals["games"]),
    Shown("games_won", N_("games won"), lambda totals: totals["won"]),
    Shown("hands", N_("hands"), lambda totals: totals["hands"]),
    Shown("hands_won", N_("hands won"), lambda totals: totals["hands_won"]),
    Shown("gins", N_("gins"), lambda totals: totals["gins"]),
    Shown("big_gins", N_("big gins"), lambda totals: totals["big_gins"]),
    Shown("undercuts_given", N_("undercuts given"), lambda totals: totals["undercuts_given"]),
    Shown("undercuts_suffered", N_("undercuts suffered"), lambda totals: totals["undercuts_suffered"]),
    Shown("knocks", N_("knocks"), lambda totals: totals["knocks"]),
    Shown("average_hand_won", N_("average hand won"), _ratio("points_won", "hands_won", 1)),
    Shown("biggest_hand_won", N_("biggest hand won"), lambda totals: totals["biggest_hand"] if totals["hands_won"] else None),
    Shown("longest_streak", N_("longest winning streak"), lambda totals: totals["longest_streak"]),
    Shown("longest_hand_streak", N_("most hands won in a row"), lambda totals: totals["hand_streak"]),
    Shown("longest_hand_streak_game", N_("in game"), lambda totals: totals["hand_streak_game"] if totals["hand_streak"] else None),
    Shown("money", N_("money"), lambda totals: totals["money"]),
    Shown("card_knocks", N_("knocks typed as cards"), lambda totals: totals["card_knocks"]),
    Shown("average_deadwood_at_knock", N_("average deadwood at a knock"), _ratio("card_knock_deadwood", "card_knocks", 1)),
    Shown("melds_held_back", N_("melds held back"), _ratio("held_back", "card_knocks", 3)),
)


def shown(totals: dict) -> dict:
    """One player's statistics as 'stats' shows them, from the sums the index gives."""
    return {line.key: line.value(totals) for line in SHOWN}


def money_by_currency(amounts: dict) -> dict:
    """{currency: exact decimal string}, without the currencies that come to nothing."""
    from decimal import Decimal

    return {currency: cents(amount) for currency, amount in amounts.items() if Decimal(amount) != 0}
