"""The ledger and the answers the cache tests compare (tests/cli/test_cache.py and
tests/system/test_cache.py): a cache is never data, so every answer is the game files' own."""

import json
import os

from helpers import game_ids, play

# A standard game for a stake, a Rummy game of four, one left in progress and one voided.
LEDGER = [
    "new Dan Eve --stake 0.1", "gin dan 50", "gin dan 40",
    "new Dan Eve Fay Gus --rummy --stake 0.1", "out dan eve=20 fay=10 gus=5", "out fay dan=10 eve=10 gus=10 --rummy",
    "new Dan Fay --stake 0.25", "knock dan 5 15",
    "new Eve Gus",
]


ANSWERS = ["games --json", "games --all --json", "stats --json", "stats --vs Dan Eve --json", "settle --all --json",
           "settle --json", "games --last 2 --json", "games --player fay --json"]


def build(run):
    play(run, *LEDGER)
    play(run, f"void {game_ids(run)[-1]}")


def index_file(ledger):
    from ginscore.store.ledger import Ledger

    return os.path.join(Ledger(str(ledger), codec=None).cache_dir, "index.sqlite3")


def answers(run) -> list:
    found = []
    for command in ANSWERS:
        result = run(command)
        assert result.exit_code == 0, (command, result.output)
        assert "unexpected" not in result.stderr
        found.append(result.stdout)
    report = json.loads(run("check --json").stdout)
    found.append((report["ok"], report["games"], report["hands"], report["problems"]))
    return found
