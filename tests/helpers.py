"""What the tests share besides fixtures (those are in conftest.py): running commands and
asserting they worked or were refused, the bytes of a ledger, games as the tests play them,
processes run with a deadline, and the scale of the random tests. A test imports what it
uses: ``from helpers import play, refused``.
"""

import os
import pathlib

from click.testing import CliRunner

# How hard the random tests try: the default run tries half the examples and hands each was
# written with, so that the whole suite stays within a minute; a long run asks for more, e.g.
# GINSCORE_TEST_SCALE=10 python -m pytest -q -m slow. (Which cases: CONTRIBUTING, "The suite runs on every core".)
TEST_SCALE = float(os.environ.get("GINSCORE_TEST_SCALE", "0.5"))


def examples(count: int) -> int:
    """``count`` examples (hypothesis's max_examples, or the rounds of a random loop) scaled by
    $GINSCORE_TEST_SCALE, never below 10."""
    return max(10, round(count * TEST_SCALE))


INDEX_CACHE = (".index.sqlite3", ".index-stamp")


def local_dir(ledger) -> pathlib.Path:
    """This device's own folder of the ledger (outside it): the lock and the current game."""
    from ginscore.base import paths

    return pathlib.Path(paths.state_root(), "ledgers", paths.ledger_key(str(ledger)))


def ledger_bytes(root) -> dict:
    """Every file under the ledger folder with its bytes, to prove a command wrote nothing.
    The summary index (a cache of the game files that reading commands build and mend) is
    left out; tests/cli/test_cache.py and tests/cli/test_index_answers.py hold it to its own promises."""
    files = {}
    if os.path.isdir(root):
        for folder, _, names in os.walk(root):
            for name in names:
                if name.startswith(INDEX_CACHE):
                    continue
                path = os.path.join(folder, name)
                with open(path, "rb") as handle:
                    files[os.path.relpath(path, root)] = handle.read()
    return files


def cpu_seconds(work, rounds: int = 1) -> float:
    """The CPU seconds this process spends on ``work()``, the quickest of ``rounds`` (a busy
    machine only ever adds), the garbage collector off: its passes over every object alive grow
    with what the process holds, not with the work measured. For a test that compares the same
    work at two sizes, or with a baseline measured in the same test: a ratio, never an absolute
    time, so that a busy machine fails nothing. (No collection before: off, it cannot fall
    inside the work, and a full one in a worker that has run hundreds of tests costs a fifth
    of a second, more than most work measured.)"""
    import gc
    import time

    spent = []
    for _round in range(rounds):
        gc.disable()
        try:
            started = time.process_time()
            work()
            spent.append(time.process_time() - started)
        finally:
            gc.enable()
    return min(spent)


def run_process(args, timeout: float = 10.0, **options):
    """Run ``python -m ginscore ARGS`` in a real process (the ledger and config from the
    environment the fixtures set); returns the CompletedProcess with ``elapsed`` in seconds.
    For what CliRunner cannot show: a hang (the timeout kills it), a real stdout, a traceback
    printed by the interpreter itself."""
    import subprocess
    import sys
    import time

    if isinstance(args, str):
        args = args.split()
    options.setdefault("capture_output", "stdout" not in options)
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "ginscore", *args], timeout=timeout, text=True, **options)
    result.elapsed = time.monotonic() - started
    return result


def run_forked(args, timeout: float = 10.0):
    """Run the CLI as ``run`` does, but in a forked copy of this process, killed if it takes
    longer than ``timeout``: for what may hang (a named pipe, /dev/zero), without the cost of
    starting Python. Returns a CompletedProcess (exit status, stdout, stderr) with ``elapsed``
    in seconds; a hang fails the test."""
    import json
    import select
    import signal
    import subprocess
    import time

    if isinstance(args, str):
        args = args.split()
    read_end, write_end = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child never returns into pytest
        try:
            os.close(read_end)
            from ginscore.cli import cli

            result = CliRunner().invoke(cli, args)
            answer = {"code": result.exit_code, "stdout": result.stdout, "stderr": result.stderr}
            if result.exception and not isinstance(result.exception, SystemExit):
                import traceback

                answer["stderr"] += "".join(traceback.format_exception(*result.exc_info))
            with os.fdopen(write_end, "w", encoding="utf-8") as pipe:
                json.dump(answer, pipe)
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        answered = select.select([pipe], [], [], timeout)[0]
        if not answered:
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        assert answered, (args, f"no answer in {timeout} s")
        answer = json.loads(pipe.read().decode("utf-8"))
    result = subprocess.CompletedProcess(args, answer["code"], answer["stdout"], answer["stderr"])
    result.elapsed = time.monotonic() - started
    return result


# One Python imports the CLI as every command does, says which watched modules that loaded, then
# runs each command in a forked copy of itself: the state a new process is in at that point, for
# the price of a fork instead of a start and the CLI's imports each time.
LOADED_BY = r"""
import os, sys
watched, *commands = [part.split("\x1f") if part else [] for part in sys.argv[1].split("\x1e")]
from ginscore.cli import main

def loaded():
    return sorted(name for name in sys.modules if any(name == w or name.startswith(w + ".") for w in watched))

print("loaded:" + "\x1f".join(loaded()), file=sys.stderr, flush=True)
sys.stdout.flush()
for words in commands:
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            sys.argv = ["ginscore", *words]
            main()
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        finally:
            sys.stdout.flush()
            print(f"loaded:{code}:" + "\x1f".join(loaded()), file=sys.stderr, flush=True)
            os._exit(0)
    os.waitpid(pid, 0)
"""


def modules_loaded(commands, watched, env=None) -> tuple:
    """Which of the ``watched`` modules (a package with what is under it) ``ginscore`` has
    loaded: (after the CLI's own imports, [(exit status, after each command) ...], stderr).
    Each command (a list of words) runs in a fork of one process that has imported the CLI and
    nothing else, one after the other, in the environment ``env`` (default: this one's)."""
    import subprocess
    import sys

    argument = "\x1e".join(["\x1f".join(watched), *("\x1f".join(words) for words in commands)])
    done = subprocess.run([sys.executable, "-c", LOADED_BY, argument], env=env, capture_output=True, text=True, timeout=60)
    reports = [line[len("loaded:"):] for line in done.stderr.splitlines() if line.startswith("loaded:")]
    assert done.returncode == 0 and len(reports) == len(commands) + 1, done.stderr
    after = []
    for report in reports[1:]:
        code, names = report.split(":", 1)
        after.append((int(code), names.split("\x1f") if names else []))
    return reports[0].split("\x1f") if reports[0] else [], after, done.stderr


# The checkout (the tests are in its tests/, each in a tier's folder) and the tests' fixtures.
ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def game_data(game_id: int = 1) -> dict:
    """A sound game file's data in the current format: the v1 fixture's three hands (Alice
    11, Bob 55 + 25) as a journal, with the id given."""
    import json

    with open(os.path.join(FIXTURES, "game-v1.json"), encoding="utf-8") as handle:
        data = json.load(handle)
    hands = data.pop("hands")
    data.update(id=game_id, file_version=2)
    data["journal"] = [{"seq": n, "at": data["created"], "action": "hand", "hand": h} for n, h in enumerate(hands, 1)]
    return data


def put_game(ledger, content, game_id: int = 1) -> None:
    """Write a game file directly (text, bytes or data), as a person or a sync tool would."""
    import json

    folder = os.path.join(ledger, "games")
    os.makedirs(folder, exist_ok=True)
    open(os.path.join(ledger, ".lock"), "ab").close()  # as in any ledger a command has written to
    text = content if isinstance(content, (str, bytes)) else json.dumps(content, indent=2)
    with open(os.path.join(folder, f"game-{game_id:06d}.json"), "wb") as handle:
        handle.write(text if isinstance(text, bytes) else text.encode("utf-8"))


def ok(run, command):
    """Run one command and insist it succeeds; returns its Result."""
    result = run(command)
    assert result.exit_code == 0, (command, result.output)
    return result


def play(run, *commands):
    """Run each command and insist it succeeds; returns the last Result."""
    result = None
    for command in commands:
        result = ok(run, command)
    return result


def refused(run, command, *fragments, code: int | None = None) -> str:
    """Run a command that must be refused: a failing exit code (``code``, if given: 1 for a
    refusal, 2 for a usage error), one line of error on stderr and nothing on stdout, and no
    file of the ledger changed. Returns that line; each of ``fragments`` must be in it (pin
    wording in the one test of its message family; elsewhere give none, or the words that
    name what was wrong: a player, an option)."""
    ledger = os.environ["GINSCORE_LEDGER"]
    before = ledger_bytes(ledger)
    result = run(command)
    assert result.exit_code != 0 if code is None else result.exit_code == code, (command, result.exit_code, result.output)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and not result.stdout, (command, result.output)
    for fragment in fragments:
        assert fragment in lines[0], (command, lines[0])
    assert ledger_bytes(ledger) == before, command
    return lines[0]


def status_json(run, *extra) -> dict:
    """``ginscore status --json`` of the current game (or ``--game ID`` in ``extra``)."""
    import json

    result = run(["status", "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def fewest_payments_by_search(balances: dict) -> int:
    """The fewest payments that clear ``balances`` (name -> amount, summing to zero), found by
    search: a group whose balances sum to zero settles in (size - 1) payments, so the answer is
    the players minus the most zero-sum groups they split into. The first player's group is
    tried as every zero-sum set of players that holds him, the rest split the same way (the
    rest sum to zero too). Exhaustive, slow, and independent of ginscore.core.fewest_payments (which
    builds the answer over chains of subsets)."""
    from functools import cache
    from itertools import combinations

    names = [name for name, amount in balances.items() if amount != 0]

    @cache  # the same players are left over by many different first groups
    def most_groups(players: tuple) -> int:
        if not players:
            return 0
        first, rest = players[0], players[1:]
        most = 0
        for size in range(len(rest) + 1):
            for others in combinations(rest, size):
                if balances[first] + sum(balances[name] for name in others) == 0:
                    left = tuple(name for name in rest if name not in others)
                    most = max(most, 1 + most_groups(left))
        return most

    return len(names) - most_groups(tuple(names))


# Finished games of every kind of table, as the commands that play them: for the printed sheet,
# the CSV and the chart. Each is as long as a real evening's game gets.
# A standard game of 25 hands: twelve rounds of Zoë +4 and Bartholomew +7, then Zoë's gin on 50.
STANDARD_25 = [
    ["new", "Zoë <b>&", "Bartholomew", "--stake", "0.05", "--currency", "€"],
    *(["knock", "zo", "5", "9"], ["knock", "bart", "3", "10"]) * 12,
    ["gin", "zo", "50"],
]
# RULES.md section 4's worked example and more, with draws: a three-column match of 20 hands.
HOLLYWOOD_MATCH = [
    "new Alice Bob --hollywood --stake 0.01",
    "knock alice 1 19", "knock bob 1 13", "draw", "knock alice 1 26", "knock bob 1 31", "draw",
    "knock alice 1 16", "knock alice 1 23", "draw", "knock bob 1 21", "knock alice 1 26", "draw",
    "gin bob 10", "knock bob 2 20", "draw", "knock bob 5 9", "knock alice 3 14", "draw", "knock alice 3 10", "knock bob 4 30",
]
# Partnership to 125, 22 hands: odd rounds Alice & Carol +22, even rounds Bob & Dave +2.
PARTNERSHIP_GAME = [
    "new Alice Bob Carol Dave --partnership --stake 0.10",
    *("knock alice 2 20", "knock carol 5 9", "knock dave 1 9", "knock carol 4 10") * 5,
    "knock alice 2 20", "knock carol 5 9",
]
THREE_HANDED_GAME = [
    "new Ann Ben Cat --three-handed --stake 0.02",
    "knock ann 3 20", "gin cat 12", "knock ben 4 9", "draw", "knock ben 2 30", "gin ben 50",
]
# Rummy, four players, ended by the players after five hands (the second a rummy).
RUMMY_GAME = [
    "new Ann Ben Cy Dee --rummy --stake 0.1",
    "out ann ben=20 cy=11 dee=5", "out cy ann=5 ben=30 dee=12 --rummy", "out dee ann=40 ben=3 cy=9",
    "out ben ann=7 cy=22 dee=8", "out ann ben=14 cy=6 dee=30", "end",
]


def game_ids(run) -> list:
    """The ids of every game of the ledger (voided ones too), in the order they were started."""
    import json

    result = run(["games", "--all", "--json"])
    assert result.exit_code == 0, result.output
    return [entry["id"] for entry in json.loads(result.output)["games"]]


def new_game(run, command) -> str:
    """Run ``command`` (``"new alice bob"``, ``"rematch"``, ...), insist it succeeds and
    return the id of the game it started (the current game after it)."""
    ok(run, command)
    return status_json(run)["id"]


def game_file(ledger, game_id: str | None = None):
    """The one file of game ``game_id`` (default: of the only game) that this test's device
    wrote: ``games/game-ID.DEVICE.json``."""
    from pathlib import Path

    pattern = f"game-{game_id}.*.json" if game_id else "game-*.json"
    found = sorted(Path(ledger, "games").glob(pattern))
    assert len(found) == 1, found
    return found[0]


def frozen_clock(monkeypatch, start=None):
    """ginscore.game's clock from ``start`` (a datetime; default 29 Nov 2026, 13:05 UTC), one
    minute further at every reading."""
    from datetime import datetime, timedelta, timezone

    from ginscore.core import game

    start = start or datetime(2026, 11, 29, 13, 5, tzinfo=timezone.utc)
    ticks = iter(range(100000))

    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):
            return start + timedelta(minutes=next(ticks))

    monkeypatch.setattr(game, "datetime", Clock)


def hollywood_hands():
    """A hypothesis strategy: up to 30 two-player hands as (kind, player 0 or 1, the knocker's
    deadwood, the opponent's), for ``hollywood_hand`` (Ann is 0, Ben 1)."""
    from hypothesis import strategies as st

    return st.lists(
        st.one_of(
            st.tuples(st.just("knock"), st.integers(0, 1), st.integers(1, 10), st.integers(0, 40)),
            st.tuples(st.just("gin"), st.integers(0, 1), st.just(0), st.integers(0, 40)),
            st.tuples(st.just("draw"), st.just(0), st.just(0), st.just(0)),
        ),
        max_size=30,
    )


def hollywood_hand(hand) -> dict:
    """A generated hand of ``hollywood_hands`` as a game stores it."""
    kind, player, mine, theirs = hand
    name = ("Ann", "Ben")[player]
    if kind == "draw":
        return {"kind": "draw"}
    if kind == "gin":
        return {"kind": "gin", "player": name, "opponent_deadwood": theirs}
    return {"kind": "knock", "player": name, "deadwood": mine, "opponent_deadwood": theirs}
