"""'merge' costs what it brings in (issue #35): 100 games merged into a ledger of 1 game and into
one of 10,000 (--games), CPU time (user + system) of the merge, runs alternated. Target: at
most 2x of the merge into one game. The ledgers are written straight as files (as
bench_scale.py writes them); each run merges into a fresh copy whose summary index is current.

    python bench/bench_merge.py [--games 1,10000] [--runs 3]
"""

from __future__ import annotations

import argparse
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
from ginscore.store.ledger import canonical  # noqa: E402
from ginscore.store.schema import encode  # noqa: E402


def write(root: str, count: int, device: str) -> None:
    games = os.path.join(root, "games")
    os.makedirs(games)
    template = bench_scale.finished_game("bench", bench_scale.EVENING, random.Random(count))
    for number in range(count):
        made = digest(f"{device}:{number}", GAME_ID_LENGTH)
        created = (bench_scale.EVENING - timedelta(hours=number)).isoformat(timespec="seconds")
        with open(os.path.join(games, f"game-{made}.{device}.json"), "wb") as handle:
            handle.write(canonical(encode(template._replace(id=made, created=created, device=device))))


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
        for count in counts:
            write(os.path.join(folder, f"ledger{count}"), count, "dev1")
        env = {**os.environ, "GINSCORE_CONFIG": os.path.join(folder, "config.toml")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        samples: dict = {count: [] for count in counts}
        for run in range(options.runs):
            for count in counts:
                target = os.path.join(folder, f"run{run}-{count}")
                shutil.copytree(os.path.join(folder, f"ledger{count}"), target)
                env["GINSCORE_STATE"] = env["GINSCORE_CACHE"] = os.path.join(folder, f"state{run}-{count}")
                ginscore = [sys.executable, "-m", "ginscore", "--ledger", target]
                subprocess.run([*ginscore, "games", "--last", "1"], env=env, check=True, stdout=subprocess.DEVNULL)
                samples[count].append(cpu([*ginscore, "merge", os.path.join(folder, "incoming")], env))
                shutil.rmtree(target)
        base = statistics.median(samples[counts[0]])
        print(f"python {sys.version.split()[0]}, {options.runs} runs each, medians of the CPU time (user + system)")
        for count in counts:
            median = statistics.median(samples[count])
            print(f"merge of 100 games into {count:>6} games: {median * 1000:7.0f} ms  ({median / base:.2f}x)")


if __name__ == "__main__":
    main()
