"""A lifetime of games (issues #13, #35): does each command stay as quick, as thrifty with CPU and
with memory with 10,000 or 50,000 finished games as with one?

Builds ledgers of 1 and 10,000 finished games (50,000 with --games 1,10000,50000) in the current
file format (two players of a club of twelve, one game file each, started over the last twenty
years, the newest five on the last evening) and one long game in progress, lets ginscore build its
summary index once, then runs each command on each ledger, the runs interleaved so that machine
noise hits all of them alike, and prints for each the median wall time, CPU time (user + system)
and peak memory (maximum resident set), with the CPU's ratio to the one-game ledger. Targets
(issue #35): status with no current game at most 1.3x; the first command without the cache at
most 0.4 ms of CPU a game; games --json, check and export at most 150 MB; a merge of 100 games
at most 2x.

    python bench/bench_scale.py [--games 1,10000] [--runs 3]
"""

from __future__ import annotations

import argparse
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
from ginscore.store.game_file import encode
from ginscore.store.ledger import canonical

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


def write_games(root: str, count: int, device: str, template, rng: random.Random, newest: int = 5) -> None:
    """``count`` finished games of ``device`` written straight as files into ``root``/games."""
    games = os.path.join(root, "games")
    os.makedirs(games, exist_ok=True)
    step = timedelta(days=20 * 365) / max(count, 1)
    for game_id in range(1, count + 1):
        created = EVENING - step * (count - game_id) if game_id <= count - newest else EVENING + timedelta(minutes=game_id % 5)
        pair = rng.sample(PLAYERS, 2)
        made = digest(f"{device}:{game_id}", GAME_ID_LENGTH)
        game = template._replace(id=made, created=created.isoformat(timespec="seconds"), players=tuple(pair), device=device)
        # the template's game played by this pair: each hand's player and seats named as ginscore
        # writes them when the pair plays it (seats named as the game's players, no rename since)
        named = dict(zip(template.players, pair))
        game = game._replace(journal=tuple({**entry, "hand": {**entry["hand"], "player": named[entry["hand"]["player"]]},
                                            "seats": [{**seat, "name": named[seat["name"]]} for seat in entry["seats"]]}
                                           for entry in template.journal))
        with open(os.path.join(games, f"game-{made}.{device}.json"), "wb") as handle:
            handle.write(canonical(encode(game)))


def build(root: str, count: int) -> None:
    """``count`` finished games written straight as files, then one long game to record hands
    in; ginscore builds its index on first use."""
    rng = random.Random(count)
    write_games(root, count, "bench1", finished_game("bench", EVENING, rng), rng)
    run(root, "games", "--last", "1")  # the index, built once
    run(root, "new", "Ann", "Ben", "--target", "10000")


def run(root: str, *words, env: dict | None = None) -> None:
    subprocess.run([sys.executable, "-m", "ginscore", "--ledger", root, *words], check=True,
                   stdout=subprocess.DEVNULL, env=env or ENV)


def measured(root: str, words, env: dict | None = None) -> tuple:
    """(wall seconds, CPU seconds user + system, peak memory in MB) of one command, as
    /usr/bin/time reports them (a child's own rusage would count this process's memory,
    which a fork copies before the command starts)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.perf_counter()
        done = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", report.name,
                               sys.executable, "-m", "ginscore", "--ledger", root, *words],
                              stdout=subprocess.DEVNULL, env=env or ENV)
        wall = time.perf_counter() - start
        if done.returncode not in (0, 1):  # 'check' says 1 when it finds something; nothing here should crash
            raise SystemExit(f"{' '.join(words)} on {root}: exit {done.returncode}")
        user, system, peak = report.read().split()[-3:]
    return wall, float(user) + float(system), int(peak) / 1024


ENV = dict(os.environ)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="1,10000", help="ledger sizes, the first the base of the ratios (50,000: add ,50000)")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    counts = [int(text) for text in options.games.split(",")]
    folder = tempfile.mkdtemp(prefix="ginscore-scale-")
    ENV["GINSCORE_CONFIG"] = os.path.join(folder, "config.toml")
    ENV["GINSCORE_STATE"] = os.path.join(folder, "state")  # this device's lock, current game and index:
    ENV["GINSCORE_CACHE"] = os.path.join(folder, "cache")  # not the user's
    ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    follower = {**ENV, "GINSCORE_STATE": os.path.join(folder, "follower")}  # a device that started no game
    fresh = iter(range(10**6))
    try:
        roots = {}
        for count in counts:
            roots[count] = os.path.join(folder, str(count))
            start = time.perf_counter()
            build(roots[count], count)
            print(f"built a ledger of {count} finished games and its index in {time.perf_counter() - start:.1f} s", flush=True)
        evening = EVENING.date().isoformat()
        template = finished_game("bench", EVENING, random.Random(0))

        def without_cache(root, count):  # a fresh device: no cache, no current game
            number = next(fresh)
            env = {**ENV, "GINSCORE_CACHE": os.path.join(folder, f"fresh-cache{number}"),
                   "GINSCORE_STATE": os.path.join(folder, f"fresh-state{number}")}
            return measured(root, ["games", "--last", "20"], env)

        def merge(root, count):  # 100 games of another device, new ones each run
            number = next(fresh)
            incoming = os.path.join(folder, f"incoming{number}")
            write_games(incoming, 100, f"dev{number}", template, random.Random(number), newest=0)
            return measured(root, ["merge", incoming])

        commands = {
            "status, no current game": lambda root, count: measured(root, ["status"], follower),
            "a hand": lambda root, count: measured(root, ["knock", "ann", "2", "9"]),
            "games --last 20": lambda root, count: measured(root, ["games", "--last", "20"]),
            "games --json": lambda root, count: measured(root, ["games", "--json"]),
            "check": lambda root, count: measured(root, ["check"]),
            "export --to hledger": lambda root, count: measured(root, ["export", "--to", "hledger"]),
            "settle --since (evening)": lambda root, count: measured(root, ["settle", "--since", evening, "--json"]),
            "stats": lambda root, count: measured(root, ["stats", "--json"]),
            "ladder": lambda root, count: measured(root, ["ladder", "--json"]),  # the first run rates every game
            "pairings": lambda root, count: measured(root, ["pairings", "Ann", "Ben", "Cy", "Dee", "Ed", "Flo"]),
            "first command, no cache": without_cache,
            "merge of 100 games": merge,
        }
        figures = {(label, count): [] for label in commands for count in counts}
        for _ in range(options.runs):
            for label, command in commands.items():
                for count in counts:
                    figures[(label, count)].append(command(roots[count], count))
        base = counts[0]
        print(f"\npython {sys.version.split()[0]}, {options.runs} runs each, medians: wall ms / CPU ms (ratio of the CPU to {base} game) / peak MB")
        print(f"{'command':26}" + "".join(f"{f'{count} games':>34}" for count in counts))
        for label in commands:
            cells = []
            for count in counts:
                wall, cpu, peak = (statistics.median(sample[part] for sample in figures[(label, count)]) for part in range(3))
                ratio = cpu / statistics.median(sample[1] for sample in figures[(label, base)])
                cells.append(f"{wall * 1000:7.0f} /{cpu * 1000:7.0f} ({ratio:5.2f}x) /{peak:4.0f}")
            print(f"{label:26}" + "".join(f"{cell:>34}" for cell in cells))
        start_up = statistics.median(sample[1] for sample in figures[("first command, no cache", base)])
        for count in counts[1:]:
            cpu = statistics.median(sample[1] for sample in figures[("first command, no cache", count)])
            print(f"first command without the cache at {count} games: {cpu * 1000 / count:.3f} ms of CPU a game "
                  f"({(cpu - start_up) * 1000 / count:.3f} ms beyond the {base}-game ledger's)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
