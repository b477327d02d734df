"""A lifetime of games (issue #13): do listing, settling, statistics and recording a hand stay
as quick with 50,000 finished games as with one?

Builds ledgers of 1, 10,000 and 50,000 finished games in the current file format (two players
of a club of twelve, one game file each, started over the last twenty years, the newest five
on the last evening), lets ginscore build its summary index once, then times each command on
each ledger, the runs interleaved so that machine noise hits all of them alike, and prints the
medians and their ratio to the one-game ledger. Targets: within 1.5x of one game (2x for
'stats' over every game), and recording a hand, also the hand that ends a game, within 1.2x.

    python bench/bench_scale.py [--games 1,10000,50000] [--runs 10]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

from ginscore.base.ids import GAME_ID_LENGTH, digest
from ginscore.ops import actions
from ginscore.store.ledger import canonical
from ginscore.store.schema import encode

PLAYERS = ["Ann", "Ben", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou"]
EVENING = datetime(2026, 11, 28, 19, 0, tzinfo=timezone.utc)
OPEN_GAMES = 40  # in-progress games one hand from the end: each 'ending' run finishes one


def finished_game(game_id: int, created: datetime, rng: random.Random):
    """A game of 14 hands between two of the club, played to the end, at 0.05 a point."""
    from decimal import Decimal

    pair = rng.sample(PLAYERS, 2)
    game = actions.new_game(game_id, pair, stake=Decimal("0.05"))
    game = game._replace(created=created.isoformat(timespec="seconds"))
    for number in range(13):
        hand = {"kind": "knock", "player": pair[number % 2], "deadwood": 2, "opponent_deadwood": 9}
        game, _ = actions.record(game, hand)
    game, _ = actions.record(game, {"kind": "gin", "player": pair[0], "opponent_deadwood": 60})
    return game


def build(root: str, count: int) -> None:
    """``count`` finished games written straight as files, then OPEN_GAMES games one hand from
    the end and one long game to record hands in; ginscore builds its index on first use."""
    games = os.path.join(root, "games")
    os.makedirs(games)
    rng = random.Random(count)
    template = finished_game("bench", EVENING, rng)
    step = timedelta(days=20 * 365) / max(count, 1)
    for game_id in range(1, count + 1):
        created = EVENING - step * (count - game_id) if game_id <= count - 5 else EVENING + timedelta(minutes=game_id % 5)
        pair = rng.sample(PLAYERS, 2)
        made = digest(f"bench:{game_id}", GAME_ID_LENGTH)
        game = template._replace(id=made, created=created.isoformat(timespec="seconds"), players=tuple(pair), device="bench1")
        game = game._replace(journal=tuple({**entry, "hand": {**entry["hand"], "player": pair[index % 2]}}
                                           for index, entry in enumerate(template.journal)))
        with open(os.path.join(games, f"game-{made}.bench1.json"), "wb") as handle:
            handle.write(canonical(encode(game)))
    run(root, "games", "--last", "1")  # the index, built once
    opened = []
    for _ in range(OPEN_GAMES):
        run(root, "new", "Ann", "Ben", "--stake", "0.05")
        run(root, "knock", "ann", "1", "90")  # 89: one more hand ends it
        opened.append(json.loads(subprocess.run([sys.executable, "-m", "ginscore", "--ledger", root, "status", "--json"],
                                                check=True, capture_output=True, env=ENV).stdout)["id"])
    run(root, "new", "Ann", "Ben", "--target", "10000")
    OPEN[root] = opened


OPEN: dict = {}  # ledger -> ids of the games one hand from the end


def run(root: str, *words) -> None:
    subprocess.run([sys.executable, "-m", "ginscore", "--ledger", root, *words], check=True,
                   stdout=subprocess.DEVNULL, env=ENV)


def timed(root: str, words) -> float:
    start = time.perf_counter()
    run(root, *words)
    return time.perf_counter() - start


ENV = dict(os.environ)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="1,10000,50000")
    parser.add_argument("--runs", type=int, default=10)
    options = parser.parse_args()
    counts = [int(text) for text in options.games.split(",")]
    folder = tempfile.mkdtemp(prefix="ginscore-scale-")
    ENV["GINSCORE_CONFIG"] = os.path.join(folder, "config.toml")
    ENV["GINSCORE_STATE"] = os.path.join(folder, "state")  # this device's lock, current game and index:
    ENV["GINSCORE_CACHE"] = os.path.join(folder, "cache")  # not the user's
    try:
        roots = {}
        for count in counts:
            roots[count] = os.path.join(folder, str(count))
            start = time.perf_counter()
            build(roots[count], count)
            print(f"built a ledger of {count} finished games and its index in {time.perf_counter() - start:.1f} s")
        evening = EVENING.date().isoformat()
        commands = {
            "games --last 20": lambda count: ["games", "--last", "20"],
            "settle --since (evening)": lambda count: ["settle", "--since", evening, "--json"],
            "stats (every game)": lambda count: ["stats", "--json"],
            "record a hand": lambda count: ["knock", "ann", "2", "9"],
            "record the last hand": None,
        }
        times = {(label, count): [] for label in commands for count in counts}
        ending = {count: 0 for count in counts}
        for _ in range(min(options.runs, OPEN_GAMES)):
            for label, words in commands.items():
                for count in counts:
                    if words is None:  # finish the next open game: its hand updates the index
                        ending[count] += 1
                        game_id = OPEN[roots[count]][ending[count] - 1]
                        line = ["knock", "ann", "1", "20", "--game", game_id]
                    else:
                        line = words(count)
                    times[(label, count)].append(timed(roots[count], line))
        base = counts[0]
        print(f"\npython {sys.version.split()[0]}, {min(options.runs, OPEN_GAMES)} runs each, medians in ms (ratio to {base} game)")
        print(f"{'command':28}" + "".join(f"{f'{count} games':>22}" for count in counts))
        for label in commands:
            cells = []
            for count in counts:
                median = statistics.median(times[(label, count)]) * 1000
                ratio = median / (statistics.median(times[(label, base)]) * 1000)
                cells.append(f"{median:9.1f} ({ratio:4.2f} x)")
            print(f"{label:28}" + "".join(f"{cell:>22}" for cell in cells))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
