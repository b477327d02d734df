"""Does recording a hand get slower as finished games pile up? (issue #2)

Builds a ledger of N finished games of 14 hands each (ten years of nightly play is about
5,000 games and 70,000 hands), then times `knock` and `status` on a fresh game in it against
the same commands in a ledger holding that one game only. Prints medians in milliseconds.

    python bench/bench_ledger_size.py [--games 5000] [--runs 20]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from ginscore.core.rules import Rules
from ginscore.ops import actions
from ginscore.store import game_file
from ginscore.store.ledger import Ledger


def fill(root: str, games: int) -> None:
    ledger = Ledger(root, game_file)
    with ledger.locked(create=True):
        for game_id in range(1, games + 1):
            game = actions.new_game(game_id, ("Alice", "Bob"), Rules())
            for number in range(14):
                player = "Alice" if number % 2 else "Bob"
                hand = {"kind": "knock", "player": player, "deadwood": 2, "opponent_deadwood": 9}
                if number == 13:
                    hand = {"kind": "gin", "player": "Alice", "opponent_deadwood": 60}
                game, _ = actions.record(game, hand)
            ledger.save(game)


def timed(command, env) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="ginscore-size-")
    env = dict(os.environ, GINSCORE_CONFIG=os.path.join(folder, "config.toml"))
    try:
        commands = {}
        for label, count in (("1 game", 0), (f"{options.games} games", options.games)):
            root = os.path.join(folder, label.replace(" ", "-"))
            start = time.perf_counter()
            fill(root, count)
            print(f"built the {label} ledger in {time.perf_counter() - start:.1f} s")
            base = [sys.executable, "-m", "ginscore", "--ledger", root]
            subprocess.run(base + ["new", "Carol", "Dan", "--target", "10000"], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            commands[label] = {
                "knock": base + ["knock", "carol", "2", "9"],
                "status": base + ["status"],
                "games --json": base + ["games", "--json"],
            }
        samples = {(label, name): [] for label in commands for name in commands[label]}
        for run in range(options.runs):  # interleaved, so machine noise hits both ledgers alike
            for label, named in commands.items():
                for name, command in named.items():
                    if name != "games --json" or run < 3:
                        samples[label, name].append(timed(command, env))
        print(f"{'ledger':>12}  {'knock':>8}  {'status':>8}  {'games --json':>13}   (medians, ms)")
        for label in commands:
            knock, status, listing = (statistics.median(samples[label, name]) * 1000 for name in commands[label])
            print(f"{label:>12}  {knock:8.1f}  {status:8.1f}  {listing:13.1f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
