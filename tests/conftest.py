import os

import pytest
from click.testing import CliRunner


@pytest.fixture(autouse=True)
def isolated_ledger(tmp_path, monkeypatch):
    """Every test gets its own ledger and config; none touches the user's real data."""
    ledger = tmp_path / "ledger"
    monkeypatch.setenv("GINSCORE_LEDGER", str(ledger))
    monkeypatch.setenv("GINSCORE_CONFIG", str(tmp_path / "config.toml"))
    # English whatever the machine's locale; tests of other languages set their own
    monkeypatch.setenv("GINSCORE_LANG", "en")
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


def refused(run, command, *fragments) -> str:
    """Run a command that must be refused: a failing exit code, one line of error on stderr and
    nothing on stdout, and no file of the ledger changed. Returns that line; each of
    ``fragments`` must be in it (pin wording in the one test of its message family; elsewhere
    give none, or the words that name what was wrong: a player, a number)."""
    ledger = os.environ["GINSCORE_LEDGER"]
    before = ledger_bytes(ledger)
    result = run(command)
    assert result.exit_code != 0, (command, result.output)
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
    trying every way to split the players with a balance into groups: a group whose balances
    sum to zero settles in (size - 1) payments, so the answer is the players minus the most
    zero-sum groups. Slow (every set partition), and independent of ginscore.settlement."""
    names = [name for name, amount in balances.items() if amount != 0]

    def partitions(items):
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for partition in partitions(rest):
            yield [[first], *partition]
            for index in range(len(partition)):
                yield [*partition[:index], [first, *partition[index]], *partition[index + 1 :]]

    most = 0
    for partition in partitions(names):
        if all(sum(balances[name] for name in group) == 0 for group in partition):
            most = max(most, len(partition))
    return len(names) - most


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
