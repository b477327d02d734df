"""A lifetime of games (issues #13, #35, #45): does each command stay as quick, as thrifty with CPU
and with memory with 20,000, 50,000 or 100,000 games as with one, on a club's real ledger as on
the template's?

Two kinds of ledger, each at the sizes asked:

- ``template``: one template game of 14 hands between two of a club of twelve, written again
  and again (one file each, started over the last twenty years, the newest five on the last
  evening): the ledger this benchmark always measured;
- ``club``: a club's ledger as a real club writes one (``club_ledger.py``: 200 members, every
  table, games of 5 to 40 hands, corrections, renames, a phone taking over, weekly
  ``settle --record`` over ten years), with one more evening of games not settled yet.

Ledgers are built once into ``--ledgers`` (never inside the repository) and kept; each run of
the benchmark copies the ones it needs into a working folder (times kept), lets ginscore build
its summary index once, starts a long game, then runs each command on each ledger, the runs
interleaved so that machine noise hits all of them alike, and prints for each the median wall
time, CPU time (user + system, as ``/usr/bin/time`` reports it) and peak memory, with the CPU's
ratio to the first size.

    python bench/bench_scale.py --games 1,20000,50000 --kinds template,club --ledgers /work/bench-ledgers [--runs 3]
    python bench/bench_scale.py --games 1,100000 --only 'games,settle,check' ...
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ginscore.base.ids import GAME_ID_LENGTH, digest  # noqa: E402
from ginscore.ops import actions  # noqa: E402
from ginscore.store.game_file import encode  # noqa: E402
from ginscore.store.ledger import canonical  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou"]
EVENING = datetime(2026, 11, 28, 19, 0, tzinfo=timezone.utc)


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


def kept_ledger(folder: str, kind: str, count: int) -> str:
    """The ledger ``kind``-``count`` in ``folder``, built there first if it is not."""
    root = os.path.join(folder, f"{kind}-{count}")
    if os.path.isdir(os.path.join(root, "games")):
        return root
    start = time.perf_counter()
    if kind == "template":
        rng = random.Random(count)
        write_games(root, count, "bench1", finished_game("bench", EVENING, rng), rng)
    else:
        import club_ledger

        club_ledger.build(root, count)
    print(f"built the {kind} ledger of {count} games in {time.perf_counter() - start:.0f} s", flush=True)
    return root


def run(root: str, *words, env: dict | None = None) -> str:
    return subprocess.run([sys.executable, "-m", "ginscore", "--ledger", root, *words], check=True, capture_output=True,
                          text=True, env=env or ENV).stdout


def measured(root: str, words, env: dict | None = None) -> tuple:
    """(wall seconds, CPU seconds user + system, peak memory in MB) of one command, as
    /usr/bin/time reports them (a child's own rusage would count this process's memory,
    which a fork copies before the command starts)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.perf_counter()
        done = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", report.name,
                               sys.executable, "-m", "ginscore", "--ledger", root, *words],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env or ENV)
        wall = time.perf_counter() - start
        if done.returncode not in (0, 1):  # 'check' says 1 when it finds something; nothing here should crash
            raise SystemExit(f"{' '.join(words)} on {root}: exit {done.returncode}: {done.stderr.decode()[-500:]}")
        user, system, peak = report.read().split()[-3:]
    return wall, float(user) + float(system), int(peak) / 1024


ENV = dict(os.environ)
FIRST_CHECKS: dict = {}  # (kind, count) -> the first check's figures on the working copy


class Prepared:
    """A working copy of one kept ledger, its index built, a long game started, and what the
    commands need of it: the evening to settle, a player to rename, two to play."""

    def __init__(self, kind: str, count: int, kept: str, work: str):
        self.kind, self.count = kind, count
        self.root = os.path.join(work, f"{kind}-{count}")
        subprocess.run(["cp", "-a", kept, self.root], check=True)
        run(self.root, "stats")  # the index, built once, whole (a first 'games --last' would sketch it)
        newest = json.loads(run(self.root, "games", "--json", "--last", "1"))["games"]
        last = datetime.fromisoformat(newest[-1]["created"]) if newest else EVENING
        if kind == "club":  # an evening's games, not settled yet: what the evening's 'settle' settles
            import club_ledger

            club_ledger.evening(self.root, last + timedelta(days=1), 20)
            last += timedelta(days=1)
        self.evening = last.date().isoformat()
        if kind == "template":  # the club of twelve, and a newcomer of three games to rename
            self.players = ["Ann", "Ben"]
            for _game in range(3):
                run(self.root, "new", "Zed", "Ann", "--stake", "0.05")
                run(self.root, "gin", "zed", "90")
            self.rare = "Zed"
        else:  # the club's two regulars, and a member who plays now and then
            totals = json.loads(run(self.root, "stats", "--json"))["players"]
            ranked = sorted(totals, key=lambda name: (-totals[name]["games"], name))
            self.players, self.rare = ranked[:2], ranked[-1]
        run(self.root, "new", *self.players, "--target", "10000")
        self.first_check = measured(self.root, ["check"])  # nothing vouched for yet: every game checked whole


def commands(folder: str, fresh) -> dict:
    """label -> function(prepared ledger) -> (wall, CPU, peak) of one command on it."""

    def without_cache(*words):  # a new device: no cache, no current game; its first command
        def first(ledger):
            number = next(fresh)
            env = {**ENV, "GINSCORE_CACHE": os.path.join(folder, f"fresh-cache{number}"),
                   "GINSCORE_STATE": os.path.join(folder, f"fresh-state{number}")}
            return measured(ledger.root, words, env)

        return first

    def copied(ledger):  # the ledger copied without its files' times (cp -r): its index made from the original's
        number = next(fresh)
        copy = os.path.join(folder, f"copy{number}")
        subprocess.run(["cp", "-r", ledger.root, copy], check=True)
        try:
            return measured(copy, ["games", "--last", "20"])
        finally:
            shutil.rmtree(copy, ignore_errors=True)

    def read_only(ledger):  # a hand, then the cache folder made read-only (chattr +i, so that root too cannot write it)
        from ginscore.base.paths import ledger_key

        run(ledger.root, "knock", ledger.players[0], "2", "9")
        env = {**ENV, "TMPDIR": os.path.join(folder, f"tmp{next(fresh)}")}
        os.makedirs(env["TMPDIR"])
        cache = os.path.join(ENV["GINSCORE_CACHE"], "ledgers", ledger_key(ledger.root))
        subprocess.run(["chattr", "+i", cache], check=True)
        try:
            first = measured(ledger.root, ["games", "--last", "20"], env)
            second = measured(ledger.root, ["games", "--last", "20"], env)
        finally:
            subprocess.run(["chattr", "-i", cache], check=True)
        return first, second

    def merge(ledger):  # 100 games of another device, new ones each run
        number = next(fresh)
        incoming = os.path.join(folder, f"incoming{number}")
        write_games(incoming, 100, f"dev{number}", finished_game("bench", EVENING, random.Random(0)), random.Random(number), newest=0)
        return measured(ledger.root, ["merge", incoming])

    def hand_and_undo(ledger):
        return (measured(ledger.root, ["knock", ledger.players[0], "2", "9"]), measured(ledger.root, ["undo"]))

    def rename(ledger):  # a member of a few games renamed everywhere, and back
        there = measured(ledger.root, ["rename", ledger.rare, f"{ledger.rare} Z", "--all"])
        measured(ledger.root, ["rename", f"{ledger.rare} Z", ledger.rare, "--all"])
        return there

    follower = {**ENV, "GINSCORE_STATE": os.path.join(folder, "follower")}  # a device that started no game
    plain = {
        "games --last 20": ["games", "--last", "20"],
        "games (every game)": ["games"],
        "games --json": ["games", "--json"],
        "settle (every unsettled game)": ["settle"],
        "settle --all --json": ["settle", "--all", "--json"],
        "stats": ["stats"],
        "check": ["check"],
        "ladder": ["ladder", "--json"],
        **{f"export --to {fmt}": ["export", "--to", fmt, "--all", *(["--commodity", "none=EUR"] if fmt == "beancount" else [])]
           for fmt in ("hledger", "ledger", "beancount", "csv")},
    }
    return {
        "status, no current game": lambda ledger: measured(ledger.root, ["status"], follower),
        "a hand / undo": hand_and_undo,
        "settle --since (evening)": lambda ledger: measured(ledger.root, ["settle", "--since", ledger.evening]),
        **{label: (lambda words: lambda ledger: measured(ledger.root, words))(words) for label, words in plain.items()},
        "rename --all": rename,
        "first command, no cache": without_cache("games", "--last", "20"),  # the newest read, the rest sketched
        "first status, no cache": without_cache("status"),  # the game carried on found, the newest first
        "first games (every), no cache": without_cache("games"),  # every game read: the whole index
        "first command, ledger copied": copied,
        "read-only cache: 1st / 2nd": read_only,
        "merge of 100 games": merge,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="1,20000", help="ledger sizes, the first the base of the ratios")
    parser.add_argument("--kinds", default="template,club", help="template, club or both")
    parser.add_argument("--ledgers", default=os.path.join(tempfile.gettempdir(), "ginscore-bench-ledgers"),
                        help="where the ledgers are built once and kept (never inside the repository)")
    parser.add_argument("--only", default="", help="the commands to measure, by the start of their label, comma-separated")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    counts = [int(text) for text in options.games.split(",")]
    kinds = options.kinds.split(",")
    folder = tempfile.mkdtemp(prefix="work-", dir=options.ledgers if os.path.isdir(options.ledgers) else None)
    ENV["GINSCORE_CONFIG"] = os.path.join(folder, "config.toml")
    ENV["GINSCORE_STATE"] = os.path.join(folder, "state")  # this device's lock, current game and index:
    ENV["GINSCORE_CACHE"] = os.path.join(folder, "cache")  # not the user's
    ENV["GINSCORE_LANG"] = "en"
    ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    ENV.pop("GINSCORE_DEVICE", None)
    fresh = iter(range(10**6))
    try:
        kept = {(kind, count): kept_ledger(options.ledgers, kind, count) for kind in kinds for count in counts}
        ledgers = {key: Prepared(*key, path, folder) for key, path in kept.items()}
        FIRST_CHECKS.update((key, ledger.first_check) for key, ledger in ledgers.items())
        chosen = {label: command for label, command in commands(folder, fresh).items()
                  if not options.only or any(label.startswith(word.strip()) for word in options.only.split(","))}
        figures = {(kind, label, count): [] for kind in kinds for label in chosen for count in counts}
        for _ in range(options.runs):
            for label, command in chosen.items():
                for kind in kinds:
                    for count in counts:
                        figures[(kind, label, count)].append(command(ledgers[(kind, count)]))
        report(kinds, counts, chosen, figures, options.runs)
    finally:
        subprocess.run(["chattr", "-R", "-i", folder], stderr=subprocess.DEVNULL)
        shutil.rmtree(folder, ignore_errors=True)


def report(kinds, counts, chosen, figures, runs) -> None:
    base = counts[0]
    print(f"\npython {sys.version.split()[0]}, {runs} runs each, medians: wall ms / CPU ms (ratio of the CPU to {base} games) / peak MB")
    for kind in kinds:
        print(f"\n{kind} ledger")
        print(f"{'command':32}" + "".join(f"{f'{count} games':>34}" for count in counts))
        for label in chosen:
            for part in range(2 if isinstance(figures[(kind, label, base)][0][0], tuple) else 1):
                cells = []
                for count in counts:
                    samples = [sample[part] if isinstance(sample[0], tuple) else sample for sample in figures[(kind, label, count)]]
                    based = [sample[part] if isinstance(sample[0], tuple) else sample for sample in figures[(kind, label, base)]]
                    wall, cpu, peak = (statistics.median(sample[index] for sample in samples) for index in range(3))
                    ratio = cpu / max(statistics.median(sample[1] for sample in based), 0.001)
                    cells.append(f"{wall * 1000:7.0f} /{cpu * 1000:7.0f} ({ratio:6.2f}x) /{peak:4.0f}")
                name = label if part == 0 else f"  ({label.split(' / ')[-1] if ' / ' in label else 'then'})"
                print(f"{name:32}" + "".join(f"{cell:>34}" for cell in cells))
        cells = []
        for count in counts:
            wall, cpu, peak = FIRST_CHECKS[(kind, count)]
            cells.append(f"{wall * 1000:7.0f} /{cpu * 1000:7.0f} {'':9} /{peak:4.0f}")
        print(f"{'check, the first (one run)':32}" + "".join(f"{cell:>34}" for cell in cells))
        for label in ("first command, no cache", "first status, no cache", "first games (every), no cache"):
            if label not in chosen:
                continue
            start_up = statistics.median(sample[1] for sample in figures[(kind, label, base)])
            for count in counts[1:]:
                cpu = statistics.median(sample[1] for sample in figures[(kind, label, count)])
                print(f"{label} at {count} games: {cpu * 1000 / count:.3f} ms of CPU a game "
                      f"({(cpu - start_up) * 1000 / count:.3f} ms beyond the {base}-game ledger's)")


if __name__ == "__main__":
    main()
