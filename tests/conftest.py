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


def ledger_bytes(root) -> dict:
    """Every file under the ledger folder with its bytes, to prove a command wrote nothing."""
    files = {}
    if os.path.isdir(root):
        for folder, _, names in os.walk(root):
            for name in names:
                path = os.path.join(folder, name)
                with open(path, "rb") as handle:
                    files[os.path.relpath(path, root)] = handle.read()
    return files


def play(run, *commands):
    """Run each command (a string or a list of arguments), failing on the first that fails."""
    for command in commands:
        result = run(command)
        assert result.exit_code == 0, (command, result.output)
    return result


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
