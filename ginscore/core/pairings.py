"""The evening's pairings (pure; docs/ladder.md): the players here tonight seated at card tables for
close games, by their ratings, away from whom they played on the last evenings and tonight,
and in a club night of rounds (Swiss) beside those with as many wins tonight.

Every seating has a cost, the sum of its card tables' (lower is better):

- **close**: for each two sides at a card table, ``4 * (p - 0.5) ** 2``, where ``p`` is the chance
  of one finishing ahead of the other (0 for an even game, 1 for a certain one);
- **met before**: for each two players at one card table, ``RECENT`` if they played each other on
  one of the last evenings, ``TONIGHT`` if they did tonight;
- **Swiss** (rounds): for each two players at one card table, ``SWISS * (a - b) ** 2`` of their
  scores tonight (a game won 1, a game of more finished ahead of half the card table 0.5);
- **sitting out** (a player over): ``BYE`` for each time he sat out tonight, and his score.

An evening of up to ``EXACT`` seatings (ten players in pairs, twelve at three-handed card tables)
is seated by trying every seating; a bigger one starts from the players in order of score
tonight and rating, card tables filled in turn, and swaps two players of different card tables (or one
sitting out) as long as a swap lowers the cost. Everything in a fixed order: the same evening
gives the same seating.
"""

from __future__ import annotations

from itertools import combinations
from math import factorial

from ginscore.base.records import Record
from ginscore.core import ratings

RECENT = 1.0
TONIGHT = 3.0
SWISS = 2.0
BYE = 4.0
EXACT = 200_000  # seatings tried one by one at most; more are searched by swaps


class Player(Record):
    name: str
    rating: object  # a ratings.Rating
    score: float = 0.0  # tonight's score (Swiss)
    byes: int = 0  # times he sat out tonight


class Seats(Record):
    """One card table to seat: its kind, how many sit at it, whether they play as two sides of two."""

    kind: str
    size: int
    teams: bool = False


class CardTable(Record):
    kind: str  # the kind of table: standard, hollywood, three-handed, partnership, rummy
    players: tuple  # names, in the order to start the game with (partnership: A, B, C, D with A & C a side)
    sides: tuple  # tuples of names
    chances: dict  # side's first name -> chance of finishing first


def sides_of(teams: bool, names: tuple) -> list:
    """Every way the players of a card table can play: with ``teams`` (a partnership), the three ways
    to split four into two sides of two; else each player his own side."""
    if teams and len(names) == 4:
        first, *rest = names
        ways = []
        for partner in rest:
            others = tuple(name for name in rest if name != partner)
            ways.append(((first, partner), others))
        return ways
    return [tuple((name,) for name in names)]


def closeness(sides, rated: dict) -> float:
    cost = 0.0
    for index, side in enumerate(sides):
        for other in sides[index + 1:]:
            chance = ratings.win_probability([[rated[name] for name in side], [rated[name] for name in other]])[0]
            cost += 4 * (chance - 0.5) ** 2
    return cost


def card_table_cost(teams: bool, names: tuple, players: dict, met: dict) -> tuple:
    """(cost, the sides that cost it) of one card table."""
    rated = {name: players[name].rating for name in names}
    best = None
    for sides in sides_of(teams, names):
        cost = closeness(sides, rated)
        if best is None or cost < best[0] - 1e-12:
            best = (cost, sides)
    cost, sides = best
    for index, name in enumerate(names):
        for other in names[index + 1:]:
            cost += met.get(frozenset((name, other)), 0.0)
            cost += SWISS * (players[name].score - players[other].score) ** 2
    return cost, sides


def seating(plan: list, players: list, met: dict, swiss: bool = False) -> tuple:
    """(the card tables, the names sitting out) for ``players`` (``Player``) at the card tables of
    ``plan`` (``Seats``; the players they leave over sit out); ``met`` maps a frozenset of two
    names to what their meeting before costs (``RECENT``, ``TONIGHT``); with ``swiss``, the
    scores tonight seat players together."""
    if not swiss:
        players = [player._replace(score=0.0) for player in players]
    by_name = {player.name: player for player in players}
    order = sorted(players, key=lambda player: (-player.score, -player.rating.mu, player.name))
    seated = sum(seats.size for seats in plan)
    groups, start = [], 0
    for size in (seats.size for seats in plan):
        groups.append([player.name for player in order[start:start + size]])
        start += size
    out = [player.name for player in order[seated:]]

    def cost_of(index: int, names) -> float:
        if index == len(groups):  # sitting out
            return sum(BYE * by_name[name].byes + by_name[name].score for name in names)
        return card_table_cost(plan[index].teams, tuple(names), by_name, met)[0]

    places = [*groups, out]
    if seatings(len(order), [seats.size for seats in plan]) <= EXACT:
        places = cheapest(plan, [player.name for player in order], cost_of)
    costs = [cost_of(index, names) for index, names in enumerate(places)]
    improved = True
    while improved:
        improved = False
        for first in range(len(places)):
            for second in range(first + 1, len(places)):
                for i in range(len(places[first])):
                    for j in range(len(places[second])):
                        a, b = list(places[first]), list(places[second])
                        a[i], b[j] = b[j], a[i]
                        cost_a, cost_b = cost_of(first, a), cost_of(second, b)
                        if cost_a + cost_b < costs[first] + costs[second] - 1e-9:
                            places[first], places[second], costs[first], costs[second] = a, b, cost_a, cost_b
                            improved = True
    card_tables = []
    for seats, names in zip(plan, places[:-1]):
        names = sorted(names, key=lambda name: (-by_name[name].rating.mu, name))
        _cost, sides = card_table_cost(seats.teams, tuple(names), by_name, met)
        if seats.teams:  # the first and third named play together
            (a, c), (b, d) = sides
            names = [a, b, c, d]
        chances = ratings.win_probability([[by_name[name].rating for name in side] for side in sides])
        card_tables.append(CardTable(seats.kind, tuple(names), tuple(sides), {side[0]: chance for side, chance in zip(sides, chances)}))
    return card_tables, sorted(places[-1])


def seatings(count: int, sizes: list) -> int:
    """How many ways there are to seat ``count`` players at card tables of ``sizes`` (the rest out)."""
    ways = factorial(count) // factorial(count - sum(sizes))
    for size in sizes:
        ways //= factorial(size)
    return ways


def cheapest(plan: list, names: list, cost_of) -> list:
    """The cheapest of every seating of ``names`` at the card tables of ``plan`` (the first found of
    equal ones, in the order of ``names``): a card table's cost is worked out once for each set of
    players that can sit at it."""
    known: dict = {}

    def cost(index: int, chosen: tuple) -> float:
        if (index, chosen) not in known:
            known[(index, chosen)] = cost_of(index, list(chosen))
        return known[(index, chosen)]

    best = [None, None]

    def seat(index: int, left: list, card_tables: list, spent: float) -> None:
        if best[0] is not None and spent >= best[0] - 1e-9:
            return
        if index == len(plan):
            total = spent + cost(len(plan), tuple(left))
            if best[0] is None or total < best[0] - 1e-9:
                best[0], best[1] = total, [*card_tables, list(left)]
            return
        for chosen in combinations(left, plan[index].size):
            rest = [name for name in left if name not in chosen]
            seat(index + 1, rest, [*card_tables, list(chosen)], spent + cost(index, chosen))

    seat(0, list(names), [], 0.0)
    return best[1]
