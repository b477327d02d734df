"""Whole-ledger commands stream (issue #35): 'games --json', 'export' and 'check' hold one game's
summary at a time, print the same bytes as the whole document written at once, and their memory
stays well below what holding every summary takes."""

from __future__ import annotations

import json
import random
import re
import sys
import tracemalloc
from pathlib import Path

import pytest

from helpers import ROOT, ok

sys.path.insert(0, str(ROOT / "bench"))
import bench_scale  # noqa: E402 - the scale benchmark's own ledger writer

GAMES = 300


def write_ledger(ledger: Path, count: int) -> None:
    """``count`` finished games written as files (two of a club of twelve, at 0.05 a point)."""
    rng = random.Random(count)
    bench_scale.write_games(str(ledger), count, "streamtest", bench_scale.finished_game("bench", bench_scale.EVENING, rng), rng)


@pytest.fixture
def big_ledger(run, isolated_ledger, built_once):
    """300 finished games, one voided, one settled, one without a stake, one in progress, one
    damaged: built once a run, copied for each test (tests/built_once.py)."""

    def build():
        write_ledger(isolated_ledger, GAMES)
        listed = json.loads(ok(run, ["games", "--json"]).output)["games"]
        ok(run, ["void", listed[3]["id"]])
        ok(run, ["settle", "--game", listed[5]["id"], "--record"])
        ok(run, ["new", "Ann", "Ben", "--target", "10"])
        ok(run, ["gin", "Ann", "30"])  # finished, without a stake
        ok(run, ["new", "Cy", "Dee"])
        ok(run, ["knock", "Cy", "3", "20"])  # still in progress
        (isolated_ledger / "games" / "game-999999.json").write_text("{ not json", encoding="utf-8")

    return built_once("streaming", build)


def whole_document(entries: list, major: int | None) -> str:
    """The document as json.dumps writes it whole: the reference the streamed bytes must match."""
    shown = [{key: value for key, value in entry.items() if key != "payments"} for entry in entries]
    if major == 1:  # a bare list, each finished entry with a copy of final.payments after final
        body = []
        for entry in shown:
            old = {}
            for key, value in entry.items():
                if key in ("settlement", "changed_after_settlement"):  # since 2.2: not in 1.x
                    continue
                old[key] = value
                if key == "final" and not entry.get("damaged"):
                    old["payments"] = [] if value is None else value["payments"]
            body.append(old)
    else:
        body = {"schema": "ginscore.games", "schema_version": "2.2", "games": shown}
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(
    "options",
    [[], ["--all"], ["--last", "7"], ["--unsettled", "--player", "Ann"], ["--json-version", "1"], ["--since", "2020-01-01"],
     ["--player", "Nobody"], ["--json-version", "1", "--player", "Nobody"]],
)
def test_games_json_streamed_is_the_whole_document_byte_for_byte(run, big_ledger, options):
    from ginscore.app.book import open_book
    from ginscore.index.history import Selection

    result = run(["games", "--json", *options])
    printed = result.stdout
    assert result.exit_code == (1 if '"damaged": true' in printed else 0)  # a damaged game listed is reported
    # the same bytes as json.dumps(indent=2) of what the listing says (the shape and key order kept)
    assert printed == json.dumps(json.loads(printed), indent=2, ensure_ascii=False) + "\n"
    # ... and as the whole document made from the summaries held all at once, as before
    book = open_book(big_ledger)
    asked = Selection(since="2020-01-01" if "--since" in options else None,
                      players=("Ann",) if "Ann" in options else ("Nobody",) if "Nobody" in options else (),
                      finished_only="--unsettled" in options, hide_voided="--all" not in options)
    last = 7 if "--last" in options else None
    from ginscore.app.accounts import listing

    entries = book.summaries(asked, last)
    settled = listing(book)
    for entry in entries:
        entry.pop("stats", None)
        entry.pop("placings", None)
        if not entry.get("damaged"):
            entry["settled"] = settled.settlement(entry["id"]) is not None
            entry["settlement"] = settled.settlement(entry["id"])
            entry["changed_after_settlement"] = settled.change(entry)  # none changed: null
    if "--unsettled" in options:
        entries = [entry for entry in entries if not entry.get("settled")]
    assert printed == whole_document(entries, 1 if "--json-version" in options else None)
    if not options:  # the damaged game is listed (last) and reported; the voided one is not listed
        assert json.loads(printed)["games"][-1] == {"id": "999999", "damaged": True, "error": json.loads(printed)["games"][-1]["error"]}
        assert len(json.loads(printed)["games"]) == GAMES - 1 + 2 + 1
        assert "999999" in result.stderr


def test_export_chooses_the_same_games_in_every_format(run, big_ledger):
    listed = json.loads(run(["games", "--json"]).stdout)["games"]
    staked = {entry["id"] for entry in listed if entry.get("finished") and entry.get("money") is not None and not entry["settled"]}
    assert len(staked) == GAMES - 2  # less the voided and the settled game
    for fmt, code in [("hledger", r"\(ginscore:(\w+)\)"), ("ledger", r"\(ginscore:(\w+)\)"),
                      ("beancount", r"\^ginscore-(\w+)"), ("csv", r"^[\d-]+,(\w+),")]:
        result = run(["export", "--to", fmt, "--commodity", "none=EUR"])
        assert result.exit_code == 0, result.stderr
        assert set(re.findall(code, result.stdout, re.MULTILINE)) == staked, fmt
        assert "1 game without a stake" in result.stderr
    everything = run(["export", "--to", "hledger", "--all"]).stdout
    assert len(set(re.findall(r"\(ginscore:(\w+)\)", everything))) == GAMES - 1  # the settled one too
    refused = run(["export", "--to", "beancount"])  # an error found before anything is printed
    assert refused.exit_code != 0 and refused.stdout == ""


def test_whole_ledger_questions_hold_one_summary_at_a_time(run, isolated_ledger):
    # 1,000 summaries held at once (as dicts, about 7 KB a game here) take some 7 MB; handed out
    # one at a time, and compared with the index by fingerprint, a few hundred KB at most
    from ginscore.app.book import open_book
    from ginscore.index import index
    from ginscore.index.history import Selection

    write_ledger(isolated_ledger, 1000)
    ok(run, ["stats"])  # the index, built whole before the measuring starts
    book = open_book(isolated_ledger)
    held = []
    tracemalloc.start()
    try:
        seen = book.with_summaries(Selection(), lambda summaries: sum(1 for _entry in summaries))
        _now, streamed = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        held = book.summaries(Selection())
        _now, whole = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        evaluated = {entry["id"]: (index.fingerprint(entry), None, "p", None) for entry in held}
        del held
        tracemalloc.reset_peak()
        connection = index.connect(book.ledger)
        try:
            rows = connection.execute("SELECT id, position FROM games").fetchall()
            evaluated = {game_id: (evaluated[game_id][0], None, place, None) for game_id, place in rows}
            tracemalloc.reset_peak()
            before, _peak = tracemalloc.get_traced_memory()
            wrong = index.verify(book.ledger, connection, evaluated)
            _now, verifying = tracemalloc.get_traced_memory()
        finally:
            connection.close()
    finally:
        tracemalloc.stop()
    assert seen == 1000 and wrong == []
    assert whole > 5_000_000  # what holding every summary takes: the measure can tell
    assert streamed < 1_000_000
    assert verifying - before < 1_000_000


def test_a_whole_ledger_read_keeps_the_entry_ids_of_the_last_games_only(run, isolated_ledger):
    # check and export load every game: the ledger kept every game's entry ids as loaded (about
    # 2 MB a thousand games, 110 MB at 50,000); it keeps the last KEPT_GAMES, and a save of a game
    # let go reads it again, so the file written holds the new entry and nothing twice
    from ginscore.app.book import open_book
    from ginscore.store import ledger as ledger_module

    write_ledger(isolated_ledger, ledger_module.KEPT_GAMES + 20)
    ok(run, ["new", "Ann", "Ben"])
    ok(run, ["knock", "Ann", "3", "20"])
    book = open_book(isolated_ledger)
    game_ids = [entry["id"] for entry in json.loads(ok(run, ["games", "--json", "--all"]).output)["games"]]
    for game_id in game_ids:
        book.ledger.load(game_id)
    assert len(book.ledger._loaded) == len(book.ledger.written_by) == ledger_module.KEPT_GAMES
    assert game_ids[0] not in book.ledger._loaded or game_ids[-1] not in book.ledger._loaded
    ok(run, ["knock", "Ben", "2", "30"])
    standing = json.loads(ok(run, ["status", "--json"]).output)
    assert [hand["player"] for hand in standing["hands"]] == ["Ann", "Ben"]
