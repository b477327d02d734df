"""'merge' and 'import' cost what they bring in (issue #35): 100 games merged into a ledger of
1 game and into ones of 10,000 and 50,000 (--games), and 100 games of a score-pad backup
imported into the same ledgers; CPU time (user + system) of each, runs alternated. Target: at
most 2x of the same into one game. The ledgers are written straight as files (as
bench_scale.py writes them) and their summary index built once; each run restores the ledger,
its index and its state as they were (times kept, so the index is current) and merges into it.

    python bench/bench_merge.py [--games 1,10000,50000] [--runs 3]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_scale  # noqa: E402 - next to this file

from ginscore.base.ids import GAME_ID_LENGTH, digest  # noqa: E402
from ginscore.store.game_file import encode  # noqa: E402
from ginscore.store.ledger import canonical  # noqa: E402

SCOREPAD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "scorepad", "backup.json")


def write(root: str, count: int, device: str) -> None:
    games = os.path.join(root, "games")
    os.makedirs(games)
    template = bench_scale.finished_game("bench", bench_scale.EVENING, random.Random(count))
    for number in range(count):
        made = digest(f"{device}:{number}", GAME_ID_LENGTH)
        created = (bench_scale.EVENING - timedelta(hours=number)).isoformat(timespec="seconds")
        with open(os.path.join(games, f"game-{made}.{device}.json"), "wb") as handle:
            handle.write(canonical(encode(template._replace(id=made, created=created, device=device))))


def scorepad_backup(path: str, count: int) -> None:
    """A score-pad backup of ``count`` games: the test fixture's games that import, again and
    again under ids of their own."""
    with open(SCOREPAD, encoding="utf-8") as handle:
        data = json.load(handle)
    games = [game for game in data["store"]["games"] if game["id"] != "g_3hwzuefa"]  # one the fixture leaves out
    made = []
    for number in range(count):
        game = copy.deepcopy(games[number % len(games)])
        game["id"] = f"g_{number:08d}"
        game["createdAt"] += number * 1000
        for hand in game["hands"]:
            hand["id"] = f"h_{number:04d}{hand['id'][2:6]}"
        made.append(game)
    data["store"]["games"] = made
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle)


def cpu(command: list, env: dict) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="1,10000")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    counts = [int(text) for text in options.games.split(",")]
    with tempfile.TemporaryDirectory(prefix="ginscore-merge-") as folder:
        write(os.path.join(folder, "incoming"), 100, "dev2")
        backup = os.path.join(folder, "scorepad.json")
        scorepad_backup(backup, 100)
        env = {**os.environ, "GINSCORE_CONFIG": os.path.join(folder, "config.toml")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        places = {}
        for count in counts:  # the ledger, this device's state and cache (the index), kept as built
            ledger, state, cache = (os.path.join(folder, f"{name}{count}") for name in ("ledger", "state", "cache"))
            write(ledger, count, "dev1")
            subprocess.run([sys.executable, "-m", "ginscore", "--ledger", ledger, "games", "--last", "1"],
                           env={**env, "GINSCORE_STATE": state, "GINSCORE_CACHE": cache}, check=True, stdout=subprocess.DEVNULL)
            for place in (ledger, state, cache):
                subprocess.run(["cp", "-a", place, place + ".kept"], check=True)
            places[count] = (ledger, state, cache)
        commands = {"merge of 100 games": ["merge", os.path.join(folder, "incoming")],
                    "import of 100 score-pad games": ["import", backup]}
        samples: dict = {(name, count): [] for name in commands for count in counts}
        for _run in range(options.runs):
            for name, words in commands.items():
                for count in counts:
                    ledger, state, cache = places[count]
                    for place in (ledger, state, cache):  # as built: the index current, its stamp true
                        shutil.rmtree(place)
                        subprocess.run(["cp", "-a", place + ".kept", place], check=True)
                    run_env = {**env, "GINSCORE_STATE": state, "GINSCORE_CACHE": cache}
                    samples[name, count].append(cpu([sys.executable, "-m", "ginscore", "--ledger", ledger, *words], run_env))
        print(f"python {sys.version.split()[0]}, {options.runs} runs each, medians of the CPU time (user + system)")
        for name in commands:
            base = statistics.median(samples[name, counts[0]])
            for count in counts:
                median = statistics.median(samples[name, count])
                print(f"{name} into {count:>6} games: {median * 1000:7.0f} ms  ({median / base:.2f}x)")


if __name__ == "__main__":
    main()
