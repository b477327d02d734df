"""Start-up time of the commands typed between hands, against `python -c "import click"`.

Runs each command many times, interleaved so that machine noise hits all of them alike, and
prints the medians and their ratios to the click baseline. Targets (issue #2): status <= 1.4x,
recording a hand <= 1.6x. Uses the `ginscore` console script next to this interpreter if it is
installed there, else `python -m ginscore`.

    python bench/bench_startup.py [--runs 40]
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
from pathlib import Path


def command_prefix() -> list:
    script = Path(sys.executable).with_name("ginscore")
    return [str(script)] if script.exists() else [sys.executable, "-m", "ginscore"]


def timed(command, env) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    runs = parser.parse_args().runs
    folder = tempfile.mkdtemp(prefix="ginscore-bench-")
    ledger = os.path.join(folder, "ledger")
    env = {key: value for key, value in os.environ.items() if key != "GINSCORE_LEDGER"}
    env["GINSCORE_CONFIG"] = os.path.join(folder, "config.toml")
    ginscore = command_prefix() + ["--ledger", ledger]
    try:
        subprocess.run(ginscore + ["new", "Alice", "Bob", "--target", "10000"], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        for _ in range(30):  # a game with some history, as at a real table
            subprocess.run(ginscore + ["knock", "alice", "3", "20"], env=env, check=True, stdout=subprocess.DEVNULL)
        commands = {
            "import click": [sys.executable, "-c", "import click"],
            "status": ginscore + ["status"],
            "knock (record a hand)": ginscore + ["knock", "bob", "2", "9"],
            "undo": ginscore + ["undo"],
        }
        samples = {name: [] for name in commands}
        for name, command in commands.items():  # warm the page cache and .pyc files
            timed(command, env)
        for _ in range(runs):
            for name, command in commands.items():
                samples[name].append(timed(command, env))
        baseline = statistics.median(samples["import click"])
        print(f"python {sys.version.split()[0]}, {runs} runs each, medians; command: {' '.join(command_prefix())}")
        for name, values in samples.items():
            median = statistics.median(values)
            print(f"{name:24} {median * 1000:7.1f} ms   {median / baseline:5.2f} x import click")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
