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
