import os

import pytest
from click.testing import CliRunner


@pytest.fixture(autouse=True)
def isolated_ledger(tmp_path, monkeypatch):
    """Every test gets its own ledger and config; none touches the user's real data."""
    ledger = tmp_path / "ledger"
    monkeypatch.setenv("GINSCORE_LEDGER", str(ledger))
    monkeypatch.setenv("GINSCORE_CONFIG", str(tmp_path / "config.toml"))
    return ledger


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


def play(run, *commands):
    """Run each command and insist it succeeds; returns the last Result."""
    result = None
    for command in commands:
        result = run(command)
        assert result.exit_code == 0, (command, result.output)
    return result


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
