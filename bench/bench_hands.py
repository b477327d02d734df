"""A hand late in a game (issue #35): does a hand in 'ginscore play' cost the same at hand 200
as at hand 5, and a hand on the command line?

Plays one game of 200 hands in 'ginscore play' (entries piped in), and the same with 50 hands
and with none, each in a fresh ledger, and takes the CPU time (user + system) of each session:
a hand of hands 1-50 costs (CPU of 50 - CPU of 0) / 50, a hand of hands 51-200
(CPU of 200 - CPU of 50) / 150. Target: at most 1.5x. Then records hand 5 and hand 200 of a
game on the command line, one process each (the CPU of the process; target: the same).

The CPU time of a shared machine varies by tens of percent from run to run (most of the system
time is the fsync of each write); ``--instructions`` counts the instructions of the same
sessions instead (valgrind's callgrind, one run each: the same count every time, without the
kernel's share).

    python bench/bench_hands.py [--runs 3] [--instructions]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile


def command_prefix() -> list:
    return [sys.executable, "-m", "ginscore"]


def entry(number: int) -> str:
    return f"k {'bob' if number % 3 == 0 else 'alice'} 3 {10 + number % 20}"


def cpu_of(command: list, env: dict, stdin: str = "") -> float:
    """The CPU seconds (user + system) of ``command`` and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, input=stdin, text=True, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions_of(command: list, env: dict, stdin: str = "") -> float:
    """The instructions (valgrind's callgrind) of ``command``, in millions."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                          env=env, input=stdin, text=True, capture_output=True, check=True)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1)) / 1e6


def session(hands: int, folder: str, measure=cpu_of) -> float:
    ledger = tempfile.mkdtemp(dir=folder)
    env = {**os.environ, "GINSCORE_LEDGER": ledger, "GINSCORE_CONFIG": os.path.join(ledger, "c.toml"),
           "GINSCORE_STATE": os.path.join(ledger + "-device", "state"), "GINSCORE_CACHE": os.path.join(ledger + "-device", "cache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([*command_prefix(), "new", "Alice", "Bob", "--target", "10000"], env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([*command_prefix(), "games"], env=env, check=True, stdout=subprocess.DEVNULL)  # the index, kept current
    return measure([*command_prefix(), "play"], env, "".join(entry(n) + "\n" for n in range(1, hands + 1)) + "q\n")


def one_shot(hands_before: int, folder: str, measure=cpu_of) -> float:
    ledger = tempfile.mkdtemp(dir=folder)
    env = {**os.environ, "GINSCORE_LEDGER": ledger, "GINSCORE_CONFIG": os.path.join(ledger, "c.toml"),
           "GINSCORE_STATE": os.path.join(ledger + "-device", "state"), "GINSCORE_CACHE": os.path.join(ledger + "-device", "cache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([*command_prefix(), "new", "Alice", "Bob", "--target", "10000"], env=env, check=True, stdout=subprocess.DEVNULL)
    stdin = "".join(entry(n) + "\n" for n in range(1, hands_before + 1)) + "q\n"
    subprocess.run([*command_prefix(), "play"], env=env, input=stdin, text=True, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([*command_prefix(), "games"], env=env, check=True, stdout=subprocess.DEVNULL)
    return measure([*command_prefix(), "knock", "alice", "3", "12"], env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--instructions", action="store_true", help="count instructions (valgrind) instead of CPU time")
    arguments = parser.parse_args()
    runs = arguments.runs
    with tempfile.TemporaryDirectory(prefix="ginscore-hands-") as folder:
        if arguments.instructions:
            counted = {hands: session(hands, folder, instructions_of) for hands in (0, 50, 200)}
            early, late = (counted[50] - counted[0]) / 50, (counted[200] - counted[50]) / 150
            print(f"play: a session with no hand {counted[0]:.0f}M instructions, 50 hands {counted[50]:.0f}M, 200 hands {counted[200]:.0f}M")
            print(f"play: a hand of hands 1-50 {early:.2f}M instructions, of hands 51-200 {late:.2f}M: {late / early:.2f}x (target 1.5x)")
            shots = {hands: one_shot(hands, folder, instructions_of) for hands in (4, 199)}
            print(f"command line: hand 5 {shots[4]:.1f}M instructions, hand 200 {shots[199]:.1f}M: {shots[199] / shots[4]:.3f}x")
            return
        samples = {0: [], 50: [], 200: []}
        for _ in range(runs):
            for hands in samples:
                samples[hands].append(session(hands, folder))
        cpu = {hands: statistics.median(values) for hands, values in samples.items()}
        early = (cpu[50] - cpu[0]) / 50
        late = (cpu[200] - cpu[50]) / 150
        print(f"python {sys.version.split()[0]}, {runs} runs each, medians of the CPU time (user + system)")
        print(f"play: a session with no hand {cpu[0] * 1000:.0f} ms, 50 hands {cpu[50] * 1000:.0f} ms, 200 hands {cpu[200] * 1000:.0f} ms")
        print(f"play: a hand of hands 1-50 {early * 1000:.1f} ms, of hands 51-200 {late * 1000:.1f} ms: {late / early:.2f}x (target 1.5x)")
        shots = {hands: statistics.median(one_shot(hands, folder) for _ in range(runs)) for hands in (4, 199)}
        print(f"command line: hand 5 {shots[4] * 1000:.0f} ms, hand 200 {shots[199] * 1000:.0f} ms: {shots[199] / shots[4]:.2f}x")


if __name__ == "__main__":
    main()
