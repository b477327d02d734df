"""The settlement's view, written once in app/ (issue 42): the command line's 'settle' says it as
it always did, byte for byte, and the board's settle page says the same lines in its own words
(no command, no option, no path of the laptop), on a ledger two devices share with a settled game
changed since and squared.

The money, by hand (standard rules: gin bonus 25, game 100, box 25, a shutout doubles the total):
  Carol v Dave at 0.05, 'gin carol 90': Carol 90 + 25 = 115 (game over), + 100 + 25 = 240,
      Dave 0: a shutout, 480 points; x 0.05 = Dave pays Carol 24.00 (settled on Ann's device).
  Edited on Ben's to 'gin carol 95': 95 + 25 = 120, + 100 + 25 = 245, doubled 490; x 0.05 =
      24.50: paid 24.00, so Dave owes Carol 0.50 more to square it.
  Eve v Fay at 0.10, 'gin fay 80': 80 + 25 + 100 + 25 = 230, doubled 460; x 0.10 = 46.00 (settled).
  Gus v Hal at 0.01 (Ben's): 'knock gus 2 30': Gus 30 - 2 = 28; 'gin hal 98': Hal 98 + 25 = 123,
      game over. Hal 123 + 100 + 25 = 248, Gus 28 + 25 = 53 (no shutout: Gus won a hand);
      248 - 53 = 195 points x 0.01 = Gus pays Hal 1.95.
  Kim v Lou, no stake: not in money.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from helpers import ledger_bytes


@pytest.fixture
def two_devices(run, tmp_path, monkeypatch):
    """``on(device, command)``: the command's Result on Ann's or Ben's device (each its own
    state, cache and house rules), over one ledger folder, as a syncer keeps it; ``ids``."""
    ids = {}

    def on(device: str, command: str, code: int = 0):
        monkeypatch.setenv("GINSCORE_DEVICE", device)
        for name, folder in (("GINSCORE_STATE", "state"), ("GINSCORE_CACHE", "cache")):
            monkeypatch.setenv(name, str(tmp_path / device / folder))
        monkeypatch.setenv("GINSCORE_CONFIG", str(tmp_path / device / "config.toml"))
        result = run(command)
        assert result.exit_code == code, (command, result.output)
        return result

    def new(device: str, label: str, command: str, *hands):
        on(device, command)
        ids[label] = json.loads(on(device, "status --json").stdout)["id"]
        for hand in hands:
            on(device, hand)

    new("ann", "carol", "new Carol Dave --stake 0.05", "gin carol 90")
    new("ann", "eve", "new Eve Fay --stake 0.10", "gin fay 80")
    on("ann", "settle --record")
    ids["first"] = json.loads(on("ann", "settle --all --json").stdout)["changed"] or None
    on("ben", f"edit 1 gin carol 95 --game {ids['carol']}")
    new("ben", "gus", "new Gus Hal --stake 0.01", "knock gus 2 30", "gin hal 98")
    new("ben", "kim", "new Kim Lou", "gin kim 90")
    settlements = json.loads(on("ben", "settle --json").stdout)
    ids["settlement"] = settlements["changed"][0]["settlement"]
    on.ids = ids
    return on


def test_settle_says_the_evening_and_the_squaring_byte_for_byte(two_devices):
    on, ids = two_devices, two_devices.ids
    assert ids["first"] is None  # as recorded, nothing had changed
    said = on("ben", "settle")
    assert said.stdout == (
        f"Not in money: 1 game without a stake ({ids['kim']}).\n"
        f"1 game: {ids['gus']}\n"
        "\n"
        "player    net\n"
        "--------  -----\n"
        "Gus       -1.95\n"
        "Hal       +1.95\n"
        "\n"
        "Gus pays Hal 1.95.\n"
        "(1 payment, the fewest possible)\n"
        f"Game {ids['carol']} changed after settlement {ids['settlement']}: paid Dave → Carol: 24.00; it comes to "
        "Dave → Carol: 24.50 now; to square it: Dave → Carol: 0.50.\n"
    )
    assert said.stderr == ""
    # CSV: the table alone, bare numbers; the rest on standard error
    spreadsheet = on("ben", "settle --format csv")
    assert spreadsheet.stdout == "player,net\nGus,-1.95\nHal,1.95\n"
    assert spreadsheet.stderr.startswith(f"Game {ids['carol']} changed after settlement {ids['settlement']}: paid")
    report = json.loads(on("ben", "settle --json").stdout)
    assert (report["games"], report["nets"], report["no_stake"]) == ([ids["gus"]], {"Gus": "-1.95", "Hal": "1.95"}, [ids["kim"]])
    assert report["payments"] == [{"from": "Gus", "to": "Hal", "amount": "1.95"}]
    assert report["changed"] == [{
        "games": [ids["carol"]], "settlement": ids["settlement"], "currency": None, "state": "changed",
        "paid": {"Carol": "24.00", "Dave": "-24.00"}, "now": {"Carol": "24.50", "Dave": "-24.50"},
        "owed": {"Carol": "0.50", "Dave": "-0.50"}, "payments": [{"from": "Dave", "to": "Carol", "amount": "0.50"}], "error": None,
    }]
    # --all: every finished game with a stake, the settled ones too, each player's net over them
    everything = json.loads(on("ben", "settle --all --json").stdout)
    assert everything["nets"] == {"Carol": "24.50", "Dave": "-24.50", "Eve": "-46.00", "Fay": "46.00", "Gus": "-1.95", "Hal": "1.95"}
    # recorded: Gus v Hal settled, the change squared, so that it is asked once
    recorded = on("ben", "settle --record")
    number = re.search(r"Recorded as settlement (\w+): ", recorded.stdout).group(1)
    assert recorded.stdout.endswith(
        f"Recorded as settlement {number}: these games are settled and the changed games squared ('ginscore undo' takes it back).\n")
    assert on("ben", "settle").stdout == (
        f"Not in money: 1 game without a stake ({ids['kim']}).\n"
        "Nothing to settle: no finished game with a stake matches (games settled before are left out: --all includes them).\n"
    )


def test_the_boards_settle_page_says_the_same_lines_in_its_own_words(two_devices, isolated_ledger):
    """The page the board shows, made in this process from the same view: the lines 'settle'
    says, but a game and a settlements file that cannot be read said without a command and
    without a path of the laptop."""
    pytest.importorskip("starlette")
    from html import unescape

    from ginscore.app import evening
    from ginscore.app.book import open_book
    from ginscore.web.desk import Note
    from ginscore.web.evening import settle_page

    on, ids = two_devices, two_devices.ids
    said = [line for line in on("ben", "settle").stdout.splitlines() if line.startswith(("1 game", "Gus pays", "(1 payment", "Game "))]
    for name in os.listdir(isolated_ledger / "games"):  # Eve v Fay's file damaged: left out, its reason told
        if name.startswith(f"game-{ids['eve']}."):
            (isolated_ledger / "games" / name).write_text("{ not json")
    (isolated_ledger / "settlements" / "settlements.zed.json").write_text("[broken")
    before = ledger_bytes(str(isolated_ledger))
    page = unescape(settle_page(evening.tonight(open_book(), None), str(isolated_ledger), "token", "key", Note(), True))
    shown = [unescape(line) for line in re.findall(r"<p[^>]*>([^<]*)</p>", page)]
    assert all(line in shown for line in said), (said, shown)
    left_out = next(line for line in shown if line.startswith(f"Left out: game {ids['eve']}, "))
    assert left_out.startswith(f"Left out: game {ids['eve']}, which cannot be read: games/game-{ids['eve']}.ann.json in the "
                               "ledger folder: not valid JSON: "), left_out
    assert "A file of recorded settlements cannot be read, so the settlements in it are left out: settlements/settlements.zed.json " \
        "in the ledger folder: not valid JSON: Expecting value (line 1, column 2); fix it or restore a backup" in shown
    assert '<td>Gus</td><td class="number">-1.95</td>' in page
    assert str(isolated_ledger) not in page and "ginscore " not in page.replace("ginscore: ", "") and " --" not in page
    assert ledger_bytes(str(isolated_ledger)) == before
