"""The evening's pairings (issue #44): tables for close games, away from who met before, Swiss
rounds from tonight's results. The seating's local search is held to a brute force over every
seating, by the cost docs/ladder.md defines."""

import itertools
import random

import pytest

from ginscore.core import pairings, ratings
from ginscore.ops.seating import card_table_plan
from helpers import examples


def player(name, rating, score=0.0, byes=0):
    return pairings.Player(name, ratings.from_points(rating, 50, 0.02), score, byes)


def every_seating(names, sizes):
    """Every way to seat ``names`` at tables of ``sizes`` (the rest sit out), each once."""
    if not sizes:
        yield [], list(names)
        return
    first, *rest = sizes
    for chosen in itertools.combinations(names, first):
        left = [name for name in names if name not in chosen]
        for tables, out in every_seating(left, rest):
            yield [list(chosen), *tables], out


def brute_cost(plan, players, met, swiss):
    by_name = {entry.name: (entry if swiss else entry._replace(score=0.0)) for entry in players}
    best = None
    for tables, out in every_seating(sorted(by_name), [seats.size for seats in plan]):
        cost = sum(pairings.card_table_cost(seats.teams, tuple(names), by_name, met)[0] for seats, names in zip(plan, tables))
        cost += sum(pairings.BYE * by_name[name].byes + by_name[name].score for name in out)
        best = cost if best is None else min(best, cost)
    return best


def seating_cost(plan, tables, out, players, met, swiss):
    by_name = {entry.name: (entry if swiss else entry._replace(score=0.0)) for entry in players}
    cost = sum(pairings.card_table_cost(seats.teams, table.players, by_name, met)[0] for seats, table in zip(plan, tables))
    return cost + sum(pairings.BYE * by_name[name].byes + by_name[name].score for name in out)


def test_four_players_the_two_strongest_together_unless_they_met_last_week():
    """Ratings 1800, 1700, 1500, 1400 (RD 50): 100 points apart is a close game (64%, costing
    4 * 0.14^2 = 0.075), 200 is 75% (0.26), 300 85% (0.47), 400 90% (0.65): Ann v Ben and Cy v Dee
    (0.15). Had Ann and Ben met last week (cost 1, 1.15 in all), Ann v Dee and Ben v Cy (0.91)
    beat Ann v Cy and Ben v Dee (0.94)."""
    players = [player("Ann", 1800), player("Ben", 1700), player("Cy", 1500), player("Dee", 1400)]
    plan = card_table_plan("standard", 4)
    tables, out = pairings.seating(plan, players, {})
    assert [table.players for table in tables] == [("Ann", "Ben"), ("Cy", "Dee")] and out == []
    tables, out = pairings.seating(plan, players, {frozenset(("Ann", "Ben")): pairings.RECENT})
    assert sorted(table.players for table in tables) == [("Ann", "Dee"), ("Ben", "Cy")]


def test_a_partnership_table_splits_into_even_sides():
    """1800 + 1400 against 1700 + 1500: both sides average 1600, an even game; the strongest
    named first, his partner third, as 'new --partnership' takes them."""
    players = [player("Ann", 1800), player("Ben", 1700), player("Cy", 1500), player("Dee", 1400)]
    (table,), out = pairings.seating(card_table_plan("partnership", 4), players, {})
    assert table.players == ("Ann", "Ben", "Dee", "Cy") and table.sides == (("Ann", "Dee"), ("Ben", "Cy"))
    assert table.chances["Ann"] == pytest.approx(0.5, abs=1e-9)


def test_the_tables_of_every_kind_for_any_number_of_players():
    """Full tables of the kind, two left over at a standard table, three at a three-handed one,
    one sitting out; Rummy at as few tables of at most six as hold them, as even as can be."""
    expected = [
        ("standard", 5, [("standard", 2), ("standard", 2)]),
        ("three-handed", 8, [("three-handed", 3), ("three-handed", 3), ("standard", 2)]),
        ("partnership", 7, [("partnership", 4), ("three-handed", 3)]),
        ("partnership", 9, [("partnership", 4), ("partnership", 4)]),
        ("rummy", 8, [("rummy", 4), ("rummy", 4)]),
        ("rummy", 13, [("rummy", 5), ("rummy", 4), ("rummy", 4)]),
        ("hollywood", 3, [("hollywood", 2)]),
        ("rummy", 1, []),
        ("standard", 1, []),
    ]
    for kind, count, tables in expected:
        assert [(seats.kind, seats.size) for seats in card_table_plan(kind, count)] == tables, (kind, count)


@pytest.mark.parametrize("kind", ["standard", "three-handed", "partnership", "rummy"])
def test_the_seating_is_the_cheapest_a_brute_force_finds(kind):
    """Random evenings of up to 8 players, ratings, meetings and scores: the seating found costs
    what the cheapest of every seating costs (the local search may find another of equal cost)."""
    rng = random.Random(f"seating-{kind}")
    for _round in range(examples(16)):
        count = rng.randint(2, 8 if kind != "rummy" else 7)
        players = [player(f"p{index}", rng.randint(1200, 1900), rng.choice([0, 0.5, 1, 2]), rng.choice([0, 0, 1]))
                   for index in range(count)]
        met = {frozenset(pair): rng.choice([pairings.RECENT, pairings.TONIGHT])
               for pair in itertools.combinations([entry.name for entry in players], 2) if rng.random() < 0.3}
        swiss = rng.random() < 0.5
        plan = card_table_plan(kind, count)
        tables, out = pairings.seating(plan, players, met, swiss)
        assert sorted([name for table in tables for name in table.players] + out) == sorted(entry.name for entry in players)
        assert seating_cost(plan, tables, out, players, met, swiss) <= brute_cost(plan, players, met, swiss) + 0.05
