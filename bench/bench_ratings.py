"""The ratings bench: how well each rating system predicts the games of a club whose players'
strengths are known (issue #44; the table it printed is in bench/README.md).

Each simulated club meets once a week. Every player has a true strength on the logistic scale
(a player 1 stronger wins a game of two 73% of the time); a table of any size finishes in the
order of a Plackett-Luce race of the sides' strengths (a partnership side plays with its two
members' mean). Four kinds of club:

- ``two-player``: 12 players, every table two players;
- ``mixed``: 12 players at every kind of table: two-player, three-handed, partnership and Rummy
  for 3 to 6;
- ``newcomers``: 8 founding players and 6 who join at random weeks, mixed tables;
- ``improving``: mixed tables, and a third of the players grow stronger week by week (by 1 to 2
  over the seasons) while the rest drift a little.

The games of the second half of each club are held out: each is predicted from every game
before it, then learned from, by every system alike. For each held-out game the bench scores
the chance each system gave every pair of sides of finishing in the order they did (the mean
log-loss, lower is better; the true strengths' own log-loss is the floor), and at the end the
rank correlation (Spearman) of each system's ratings with the true strengths. The systems:
ginscore's default (``ginscore.core.ratings.DEFAULT``), Glicko-2 with Glickman's settings,
Elo (K 32, a table of more than two as pairs, K shared among them), OpenSkill's
Plackett-Luce model with its defaults (when the package is installed), and plain win rates.

    python bench/bench_ratings.py                 # the table, 5 clubs of each kind
    python bench/bench_ratings.py --clubs 2 --weeks 60
    python bench/bench_ratings.py --tune          # search ginscore's settings on other clubs
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from ginscore.core import ratings  # noqa: E402

KINDS = ("two-player", "mixed", "newcomers", "improving")
GAMES_A_TABLE = 3  # games each table plays in an evening
SHOWN_AT = 0.5  # the games after this share of the weeks are held out
REPORT_SEED = 1000  # the clubs the table reports (--tune searches on others: seeds from 1)


# ---- the clubs -----------------------------------------------------------------------------------


class Member:
    def __init__(self, key: str, strength: float, joins: int, growth: float):
        self.key, self.strength, self.joins, self.growth = key, strength, joins, growth


def club(kind: str, seed: int, weeks: int) -> tuple:
    """(the games of one club, each (week, contest, the true strength of each side), a contest
    as ``ratings.play`` takes it: its sides in finishing order, each (place, keys); each
    player's true strength at the end)."""
    rng = random.Random(f"{kind}:{seed}")
    founders = 8 if kind == "newcomers" else 12
    members = [Member(f"p{index}", rng.gauss(0, 1), 0, 0.0) for index in range(founders)]
    if kind == "newcomers":
        members += [Member(f"n{index}", rng.gauss(0, 1), rng.randrange(1, weeks - weeks // 4), 0.0) for index in range(6)]
    if kind == "improving":
        for member in rng.sample(members, len(members) // 3):
            member.growth = rng.uniform(1, 2) / weeks
    games = []
    for week in range(weeks):
        for member in members:
            if week > member.joins:
                member.strength += member.growth if member.growth else rng.gauss(0, 0.02 if kind == "improving" else 0)
        present = [member for member in members if member.joins <= week and rng.random() < 0.75]
        rng.shuffle(present)
        for table in seat(present, kind, rng):
            sides = [side for side in table]
            for _game in range(GAMES_A_TABLE):
                order = race([sum(member.strength for member in side) / len(side) for side in sides], rng)
                contest = [(place + 1, tuple(member.key for member in sides[index])) for place, index in enumerate(order)]
                truth = [sum(member.strength for member in sides[index]) / len(sides[index]) for index in order]
                games.append((week, contest, truth))
    return games, {member.key: member.strength for member in members}


def seat(present: list, kind: str, rng) -> list:
    """The tables of an evening, each a list of sides (lists of members)."""
    tables = []
    left = list(present)
    while len(left) >= 2:
        if kind == "two-player":
            size = 2
        else:
            size = min(len(left), rng.choice((2, 2, 3, 4, 4, 5, 6)))
        players, left = left[:size], left[size:]
        if kind != "two-player" and size == 4 and rng.random() < 0.5:  # a partnership: two sides of two
            tables.append([[players[0], players[2]], [players[1], players[3]]])
        else:
            tables.append([[player] for player in players])
    return tables


def race(strengths: list, rng) -> list:
    """A Plackett-Luce finishing order of sides of these strengths (indexes, first first)."""
    left = list(range(len(strengths)))
    order = []
    while left:
        weights = [math.exp(strengths[index]) for index in left]
        pick = rng.random() * sum(weights)
        for index, weight in zip(left, weights):
            pick -= weight
            if pick <= 0:
                break
        order.append(index)
        left.remove(index)
    return order


# ---- the systems -----------------------------------------------------------------------------------


class Ginscore:
    """``ginscore.core.ratings`` with ``settings``."""

    def __init__(self, settings=ratings.DEFAULT):
        self.settings, self.rated = settings, {}

    def chance(self, side, other, week) -> float:
        sides = [[ratings.aged(self.rated[key], week * 7, self.settings) if key in self.rated
                  else ratings.new_rating(self.settings, week * 7) for key in keys] for keys in (side, other)]
        return ratings.win_probability(sides)[0]

    def learn(self, contest, week) -> None:
        ratings.play(self.rated, contest, week * 7, self.settings)

    def strength(self, key) -> float:
        found = self.rated.get(key)
        return found.mu if found else 0.0


class Elo:
    """Elo with K 32: a table of more than two sides as every pair, K shared among them; a side
    plays with its members' mean rating and each member moves by the side's change."""

    def __init__(self, k: float = 32.0):
        self.k, self.rated = k, {}

    def side(self, keys) -> float:
        return sum(self.rated.get(key, 1500.0) for key in keys) / len(keys)

    def chance(self, side, other, week) -> float:
        return 1 / (1 + 10 ** ((self.side(other) - self.side(side)) / 400))

    def learn(self, contest, week) -> None:
        shares = self.k / (len(contest) - 1)
        moves = []
        for place, keys in contest:
            move = 0.0
            for other_place, other in contest:
                if other is not keys:
                    score = 1.0 if place < other_place else 0.5 if place == other_place else 0.0
                    move += shares * (score - self.chance(keys, other, week))
            moves.append((keys, move))
        for keys, move in moves:
            for key in keys:
                self.rated[key] = self.rated.get(key, 1500.0) + move

    def strength(self, key) -> float:
        return self.rated.get(key, 1500.0)


class OpenSkill:
    """OpenSkill's Plackett-Luce model with its default settings."""

    def __init__(self):
        from openskill.models import PlackettLuce

        self.model, self.rated = PlackettLuce(), {}

    def team(self, keys) -> list:
        return [self.rated.setdefault(key, self.model.rating(name=key)) for key in keys]

    def chance(self, side, other, week) -> float:
        return self.model.predict_win([self.team(side), self.team(other)])[0]

    def learn(self, contest, week) -> None:
        teams = [self.team(keys) for _place, keys in contest]
        rated = self.model.rate(teams, ranks=[place for place, _keys in contest])
        for (_place, keys), team in zip(contest, rated):
            for key, player in zip(keys, team):
                self.rated[key] = player

    def strength(self, key) -> float:
        found = self.rated.get(key)
        return found.mu if found else 25.0


class WinRates:
    """Each player's share of the sides he finished ahead of (a level side half), smoothed as
    (won + 1) / (faced + 2); two sides' chance by Bill James's log5 of their members' mean."""

    def __init__(self):
        self.won, self.faced = {}, {}

    def rate(self, keys) -> float:
        return sum((self.won.get(key, 0) + 1) / (self.faced.get(key, 0) + 2) for key in keys) / len(keys)

    def chance(self, side, other, week) -> float:
        mine, theirs = self.rate(side), self.rate(other)
        return mine * (1 - theirs) / (mine * (1 - theirs) + theirs * (1 - mine))

    def learn(self, contest, week) -> None:
        for place, keys in contest:
            for other_place, other in contest:
                if other is not keys:
                    for key in keys:
                        self.won[key] = self.won.get(key, 0) + (1 if place < other_place else 0.5 if place == other_place else 0)
                        self.faced[key] = self.faced.get(key, 0) + 1

    def strength(self, key) -> float:
        return self.rate([key])


def systems(with_openskill: bool = True) -> dict:
    made = {
        "ginscore (default)": lambda: Ginscore(ratings.DEFAULT),
        "Glicko-2 (defaults)": lambda: Ginscore(ratings.GLICKO2),
        "Elo (K 32)": Elo,
        "win rates": WinRates,
    }
    if with_openskill and has_openskill():
        made["OpenSkill (defaults)"] = OpenSkill
    return made


def has_openskill() -> bool:
    try:
        import openskill.models  # noqa: F401
    except ImportError:
        return False
    return True


# ---- the measurement -------------------------------------------------------------------------------


def log_loss(chance: float, happened: bool) -> float:
    chance = min(max(chance, 1e-9), 1 - 1e-9)
    return -math.log(chance if happened else 1 - chance)


def spearman(first: list, second: list) -> float:
    def ranks(values):
        order = sorted(range(len(values)), key=values.__getitem__)
        ranked = [0.0] * len(values)
        for rank, index in enumerate(order):
            ranked[index] = rank
        return ranked

    a, b = ranks(first), ranks(second)
    mean = (len(a) - 1) / 2
    top = sum((x - mean) * (y - mean) for x, y in zip(a, b))
    bottom = math.sqrt(sum((x - mean) ** 2 for x in a) * sum((y - mean) ** 2 for y in b))
    return top / bottom if bottom else 0.0


def measure(kind: str, seed: int, weeks: int, made: dict) -> dict:
    """name -> (summed log-loss, pairs scored, rank correlation) over one club; "truth" too."""
    games, strengths = club(kind, seed, weeks)
    playing = {name: make() for name, make in made.items()}
    losses = {name: 0.0 for name in [*made, "truth"]}
    pairs = 0
    held_out = int(weeks * SHOWN_AT)
    for week, contest, truth in games:
        if week >= held_out:
            for first in range(len(contest)):
                for second in range(first + 1, len(contest)):
                    if contest[first][0] == contest[second][0]:
                        continue  # level: no order to predict
                    pairs += 1
                    true_chance = 1 / (1 + math.exp(truth[second] - truth[first]))
                    losses["truth"] += log_loss(true_chance, True)
                    for name, system in playing.items():
                        losses[name] += log_loss(system.chance(contest[first][1], contest[second][1], week), True)
        for system in playing.values():
            system.learn(contest, week)
    keys = sorted({key for _week, contest, _truth in games for _place, side in contest for key in side})
    found = {name: (losses[name], pairs, spearman([system.strength(key) for key in keys], [strengths[key] for key in keys]))
             for name, system in playing.items()}
    found["truth"] = (losses["truth"], pairs, 1.0)
    return found


def table(clubs: int, weeks: int, made: dict, seed: int = REPORT_SEED, kinds=KINDS) -> dict:
    """(kind, name) -> (mean log-loss, mean rank correlation) over ``clubs`` clubs of each kind."""
    results = {}
    for kind in kinds:
        summed: dict = {}
        for number in range(clubs):
            for name, (loss, pairs, correlation) in measure(kind, seed + number, weeks, made).items():
                total = summed.setdefault(name, [0.0, 0, 0.0])
                total[0] += loss
                total[1] += pairs
                total[2] += correlation
        for name, (loss, pairs, correlation) in summed.items():
            results[(kind, name)] = (loss / pairs, correlation / clubs)
    return results


def mean_loss(results: dict, name: str, kinds=KINDS) -> float:
    """A system's log-loss over every kind of club, each kind alike."""
    return sum(results[(kind, name)][0] for kind in kinds) / len(kinds)


def print_table(results: dict, names: list, kinds=KINDS) -> None:
    print(f"{'system':24}" + "".join(f"{kind:>22}" for kind in kinds) + f"{'mean':>10}")
    print(f"{'':24}" + "".join(f"{'log-loss  rank corr.':>22}" for _kind in kinds) + f"{'log-loss':>10}")
    for name in [*names, "truth"]:
        cells = "".join(f"{results[(kind, name)][0]:>12.4f}{results[(kind, name)][1]:>10.3f}" for kind in kinds)
        print(f"{name:24}{cells}{mean_loss(results, name, kinds):>10.4f}")


def tune(clubs: int, weeks: int) -> None:
    """Search ginscore's settings on clubs other than the reported ones; prints the best few."""
    tried = []
    for deviation in (200.0, 250.0, 350.0):
        for volatility in (0.01, 0.02, 0.04, 0.06):
            for tau in (0.0, 0.3, 0.6, 1.0):
                for daily in (0.0, 1.0, 3.0):
                    for multiplayer in (0.5, 1.0):
                        settings = ratings.Settings(deviation, volatility, tau, daily, multiplayer)
                        found = table(clubs, weeks, {"tried": lambda settings=settings: Ginscore(settings)}, seed=1)
                        mean = mean_loss(found, "tried")
                        tried.append((mean, settings))
                        print(f"{mean:.4f} {settings.words()}", flush=True)
    tried.sort(key=lambda item: item[0])
    print("best:")
    for mean, settings in tried[:10]:
        print(f"{mean:.4f} {settings.words()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clubs", type=int, default=5, help="clubs of each kind (default 5)")
    parser.add_argument("--weeks", type=int, default=150, help="weeks each club meets (default 150)")
    parser.add_argument("--tune", action="store_true", help="search ginscore's settings (on other clubs)")
    args = parser.parse_args()
    if args.tune:
        tune(args.clubs, args.weeks)
        return
    made = systems()
    started = time.process_time()
    results = table(args.clubs, args.weeks, made)
    print(f"python {sys.version.split()[0]}, {args.clubs} clubs of each kind, {args.weeks} weeks; "
          f"the second half held out; {time.process_time() - started:.0f} s of CPU")
    print(f"ginscore's default: {ratings.DEFAULT.words()}")
    print_table(results, list(made))


if __name__ == "__main__":
    main()
