import os
import stat
import sys
import tempfile

import pytest


def keep_bytecode_outside_the_checkout() -> None:
    """With PYTHONDONTWRITEBYTECODE set (as on some CI boxes and sandboxes), every worker would
    parse and rewrite the asserts of every test module, and compile ginscore, again on every run:
    seconds of CPU each time. The compiled files go instead to a folder of this user's own in
    the temporary folder (never beside the sources, which is what the variable is for);
    Python's usual checks of a source's time and size keep them current. Skipped if that
    folder is not plainly ours (a link, another user's, writable by others)."""
    if not sys.dont_write_bytecode or sys.pycache_prefix:
        return
    folder = os.path.join(tempfile.gettempdir(), f"ginscore-test-pycache-{os.getuid()}")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return
    if stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o022:
        sys.pycache_prefix = folder
        sys.dont_write_bytecode = False


keep_bytecode_outside_the_checkout()
from click.testing import CliRunner
from hypothesis import settings

# No deadline for an example: on a machine shared with other work one example can take longer
# than hypothesis's default 200 ms, and the test would fail for the machine's sake, not ours.
settings.register_profile("ginscore", deadline=None)
settings.load_profile("ginscore")

# How hard the random tests try: the default run tries half the examples and hands each was
# written with, so that the whole suite stays within a minute; a long run asks for more, e.g.
# GINSCORE_TEST_SCALE=10 python -m pytest -q -m slow. The seeds are fixed either way.
TEST_SCALE = float(os.environ.get("GINSCORE_TEST_SCALE", "0.5"))


def examples(count: int) -> int:
    """``count`` examples (hypothesis's max_examples, or the rounds of a random loop) scaled by
    $GINSCORE_TEST_SCALE, never below 10."""
    return max(10, round(count * TEST_SCALE))


# Slow tests in files other branches own (issue 18): marked here until the marks move there.
SLOW_ELSEWHERE = {
    "test_contract.py::test_every_output_and_file_is_as_recorded",
    "test_i18n.py::test_the_build_is_reproducible",
    "test_i18n.py::test_the_compiled_catalogs_are_what_the_sources_give",
    "test_tables.py::test_random_partnership_games",
    "test_tables.py::test_random_three_handed_games",
}


def pytest_collection_modifyitems(items):
    for item in items:
        if f"{item.path.name}::{item.originalname}" in SLOW_ELSEWHERE:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def isolated_ledger(tmp_path, monkeypatch):
    """Every test gets its own ledger and config; none touches the user's real data."""
    ledger = tmp_path / "ledger"
    monkeypatch.setenv("GINSCORE_LEDGER", str(ledger))
    monkeypatch.setenv("GINSCORE_CONFIG", str(tmp_path / "config.toml"))
    # this device's own folders (its id, the lock, the current game, the index): never the user's
    monkeypatch.setenv("GINSCORE_STATE", str(tmp_path / "state"))
    monkeypatch.setenv("GINSCORE_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("GINSCORE_DEVICE", raising=False)
    # English whatever the machine's locale; tests of other languages set their own
    monkeypatch.setenv("GINSCORE_LANG", "en")
    monkeypatch.delenv("COLUMNS", raising=False)  # the width of a terminal, which log wraps to: none here
    from ginscore import i18n

    i18n.set_language(None)  # forget a --lang of an earlier test (CliRunner runs in this process)
    yield ledger
    i18n.set_language("en")  # click's own words back to English, whatever the test's environment
    i18n.install_click()
    i18n.set_language(None)


@pytest.fixture
def run():
    """Invoke the CLI; returns click's Result. ``run("knock alice 4 15")`` or a list of args."""
    from ginscore.cli import cli

    runner = CliRunner()

    def invoke(args, **kwargs):
        if isinstance(args, str):
            args = args.split()
        return runner.invoke(cli, args, catch_exceptions=False, **kwargs)

    return invoke


INDEX_CACHE = (".index.sqlite3", ".index-stamp")


def ledger_bytes(root) -> dict:
    """Every file under the ledger folder with its bytes, to prove a command wrote nothing.
    The summary index (a cache of the game files that reading commands build and mend) is
    left out; tests/test_index.py holds it to its own promises."""
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


FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")


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


@pytest.fixture(scope="session")
def played_ledgers(tmp_path_factory):
    """Where ``played`` keeps the ledger each list of commands left, for the whole run."""
    return tmp_path_factory.mktemp("played"), {}


@pytest.fixture
def played(run, isolated_ledger, played_ledgers):
    """``played(commands)``: this test's (empty) ledger as ``play(run, *commands)`` leaves it.
    The commands run once per test run; later tests get a copy of the files they wrote (game
    files hold no language, so a copy serves a test in any language; the house-rules file is
    part of what is remembered). For the long games the sheet and print tests look at."""
    import shutil

    folder, saved = played_ledgers

    def copy(commands):
        config = os.environ["GINSCORE_CONFIG"]
        house_rules = open(config, "rb").read() if os.path.exists(config) else None
        key = (tuple(tuple(c.split()) if isinstance(c, str) else tuple(c) for c in commands), house_rules)
        assert not os.path.exists(isolated_ledger), "played() starts from an empty ledger"
        if key in saved:
            shutil.copytree(saved[key], isolated_ledger, symlinks=True)
        else:
            play(run, *commands)
            saved[key] = folder / f"ledger-{len(saved)}"
            shutil.copytree(isolated_ledger, saved[key], symlinks=True)

    return copy


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
    rest sum to zero too). Exhaustive, slow, and independent of ginscore.fewest_payments (which
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


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole run (tests/chromium.py), closed at the end; the
    tests that ask for it skip when there is none."""
    import chromium

    executable = chromium.find_browser()
    if executable is None:
        pytest.skip("needs Chromium: .ci/run installs it, or 'apt-get install chromium'")
    running = chromium.Browser(executable)
    yield running
    running.close()


@pytest.fixture
def two_devices(tmp_path):
    """Alice's and Bob's devices (tests/syncer.py): each its own HOME, config, state, cache and
    ledger folder under tmp_path; sync their ledgers with ``Syncer.of(two_devices, style)``."""
    from syncer import Device

    return Device(tmp_path, "alice"), Device(tmp_path, "bob")


# ---- game ids (issue #19): a new game's id is made on the device (e.g. "k7f3q2ab"), not 1, 2, 3 ----


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


def frozen_clock(monkeypatch):
    """ginscore.game's clock, one minute further at every reading."""
    from datetime import datetime, timedelta, timezone

    from ginscore import game

    start = datetime(2026, 11, 29, 13, 5, tzinfo=timezone.utc)
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
