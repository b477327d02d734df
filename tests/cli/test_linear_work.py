"""Work that grows with the ledger grows in proportion (issue 41): 'check' with 1,000 conflict
copies took 2.2 s and with 3,000 16 s (each copy read and wrote its whole game and listed the
folder again, a name of each copy taken for a device). Each test compares the CPU time of the
same work at two sizes, ten times apart: in proportion, it is about ten times (less, with what
any command costs); quadratic, it was thirty to a hundred times. Ratios, never absolute times:
the machine may be busy."""

from __future__ import annotations

import glob
import json

import pytest

from helpers import cpu_seconds, ok

pytestmark = pytest.mark.slow




def copies_of_one_game(ledger, count: int) -> None:
    """``count`` syncer's conflict copies of the one game's file, each with a draw more."""
    (path,) = glob.glob(str(ledger / "games" / "*.json"))
    data = json.loads(open(path, encoding="utf-8").read())
    last = data["journal"][-1]
    for number in range(count):
        draw = {"id": f"c{number:09d}", "clock": last["clock"] + 1 + number, "device": data["device"], "after": last["id"],
                "at": last["at"], "action": "hand", "hand": {"kind": "draw"}}
        copy = path[: -len(".json")] + f".sync-conflict-20261204-101010-{number:07d}.json"
        with open(copy, "w", encoding="utf-8") as handle:
            json.dump({**data, "journal": [*data["journal"], draw]}, handle)


def copies_of_many_games(ledger, count: int) -> None:
    """``count`` more games, each with one conflict copy holding a draw more."""
    (path,) = glob.glob(str(ledger / "games" / "*.json"))
    data = json.loads(open(path, encoding="utf-8").read())
    last = data["journal"][-1]
    draw = {"id": "c000000001", "clock": last["clock"] + 1, "device": data["device"], "after": last["id"],
            "at": last["at"], "action": "hand", "hand": {"kind": "draw"}}
    for number in range(count):
        game = {**data, "id": f"g{number:07d}"}
        name = str(ledger / "games" / f"game-g{number:07d}.{data['device']}")
        with open(f"{name}.json", "w", encoding="utf-8") as handle:
            json.dump(game, handle)
        with open(f"{name}.sync-conflict-20261204-101010-ABCDEFG.json", "w", encoding="utf-8") as handle:
            json.dump({**game, "journal": [*game["journal"], draw]}, handle)


@pytest.mark.parametrize("lay_out", [copies_of_one_game, copies_of_many_games], ids=["one game", "many games"])
def test_check_folds_conflict_copies_in_time_in_proportion_to_them(run, isolated_ledger, tmp_path, monkeypatch, lay_out):
    times = {}
    for count in (100, 1000):
        ledger = tmp_path / f"ledger-{count}"
        monkeypatch.setenv("GINSCORE_LEDGER", str(ledger))
        ok(run, "new Ann Ben")
        ok(run, "knock ann 3 20")
        lay_out(ledger, count)
        times[count] = cpu_seconds(lambda: ok(run, "check"))
        report = json.loads(ok(run, "check --json").stdout)
        assert report["ok"] and not glob.glob(str(ledger / "games" / "*sync-conflict*"))
    ratio = times[1000] / times[100]
    print(f"{lay_out.__name__}: 100: {times[100]:.3f} s, 1000: {times[1000]:.3f} s, {ratio:.1f}x")
    assert ratio < 20, f"100 copies: {times[100]:.2f} s, 1000: {times[1000]:.2f} s, {ratio:.1f} times"
