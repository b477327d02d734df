"""The fuzzer (issue 23 item 4): real ledgers of every table, mutated at random, every reading
command and a writing command run on each, and nothing may go wrong in a way a person cannot
act on: the safety net never fires, the exit status is 0, 1 or 2, every error line is short,
no command takes more than a few seconds, and no reading command changes a game file.

The ledger is played once per run (tests/fuzz_ledger.py), restored before each mutated copy
(tests/fuzz_mutate.py says what is mutated and how). The seed is fixed and the default budget
small (seconds); a long run asks for more ledgers:

    GINSCORE_FUZZ_LEDGERS=100000 python -m pytest -q -s -n 0 tests/system/test_fuzz.py

($GINSCORE_FUZZ_SEED=N: the ledgers of another fixed seed) which prints a progress line every 1,000 ledgers and a summary at the end, and keeps each
failing ledger (a few of each kind) as a fixture in $GINSCORE_FUZZ_KEEP (default: a folder in
the temporary folder, named in the summary). A failure found is fixed in the code and its
fixture moved to tests/fixtures/fuzz/, which ``test_kept_failures_stay_fixed`` replays.
"""

from __future__ import annotations

import glob
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from fuzz_ledger import Snapshot, build, commands_for, environment, patched_safety_net, run_commands, run_forked
from fuzz_mutate import mutate, risky
from helpers import FIXTURES, frozen_clock

LEDGERS = int(os.environ.get("GINSCORE_FUZZ_LEDGERS", "60"))
LONG_RUN = "GINSCORE_FUZZ_LEDGERS" in os.environ
# Another fixed seed, for a campaign over other ledgers than the suite's (and the long run's).
SEED = int(os.environ["GINSCORE_FUZZ_SEED"]) if os.environ.get("GINSCORE_FUZZ_SEED") else None
KEPT = os.path.join(FIXTURES, "fuzz")
LANGUAGES = ["en"] * 6 + ["de", "ru", "uk", None]  # None: no $GINSCORE_LANG, so the house-rules file's lang counts


@pytest.fixture(scope="session")
def fuzz_base():
    """The played ledger: its folder (a short path, as a person's is), its snapshot and the
    ids of its games."""
    root = tempfile.mkdtemp(prefix="gf-")
    with pytest.MonkeyPatch.context() as patch:
        for name, value in environment(root).items():
            patch.setenv(name, value)
        frozen_clock(patch)  # with one device id: the same game ids every run, so a seed means one ledger
        game_ids = build(root)
    yield root, Snapshot(root), game_ids
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def fuzz_env(fuzz_base, monkeypatch):
    root, snapshot, game_ids = fuzz_base
    for name, value in environment(root).items():
        monkeypatch.setenv(name, value)
    unexpected = []
    from ginscore.cli import GinscoreGroup

    monkeypatch.setattr(GinscoreGroup, "_unexpected", patched_safety_net(unexpected))
    return root, snapshot, game_ids, unexpected


def one_ledger(root, snapshot, game_ids, unexpected, seed: int) -> tuple:
    """Restore, mutate and run the commands of ledger ``seed``: (mutations, lang, commands, failures)."""
    rng = random.Random(seed)
    snapshot.restore()
    done = mutate(root, rng)
    lang = rng.choice(LANGUAGES)
    commands = commands_for(game_ids, rng)
    if lang is None:
        os.environ.pop("GINSCORE_LANG", None)
    else:
        os.environ["GINSCORE_LANG"] = lang
    if risky(done):
        failures = run_forked(root, commands, unexpected, timeout=30)
    else:
        failures = run_commands(root, commands, unexpected)
    return done, lang, commands, failures


def kind_of(failure: str) -> str:
    """A failure's kind, for counting distinct ones: its words without numbers and quotes."""
    words = failure.split(": ", 1)[-1]
    return re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "#", words)[:120]


def keep(fuzz, seed: int, found: tuple, folder: str) -> str:
    """Write ledger ``seed`` as mutated (before its commands ran) as a fixture in ``folder``."""
    from ginscore.base import paths

    root, snapshot, game_ids, unexpected = fuzz
    rng = random.Random(seed)
    snapshot.restore()
    mutate(root, rng)
    mutated = Snapshot(root)
    done, lang, commands, failures = found
    key = paths.ledger_key(os.path.join(root, "ledger"))
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"seed-{seed}.json")
    fixture = {"seed": seed, "mutations": done, "lang": lang, "commands": commands, "failures": failures,
               "entries": mutated.to_json(key)}
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(fixture, handle, ensure_ascii=True, indent=1)
    return path


def test_mutated_ledgers(fuzz_env):
    """LEDGERS mutated ledgers (60 by default, $GINSCORE_FUZZ_LEDGERS for a long run), seeds
    drawn by hypothesis from a fixed seed; every failure is collected, a few of each kind
    kept as fixtures, and the test fails with the list."""
    root, snapshot, game_ids, unexpected = fuzz_env
    folder = os.environ.get("GINSCORE_FUZZ_KEEP") or tempfile.mkdtemp(prefix="ginscore-fuzz-failures-")
    tally = {"ledgers": 0, "commands": 0, "failing": 0}
    kinds = {}
    started = time.monotonic()

    def line() -> str:
        elapsed = time.monotonic() - started
        return (f"fuzz: {tally['ledgers']} ledgers, {tally['commands']} commands, {tally['failing']} failing "
                f"({len(kinds)} kinds), {elapsed:.0f} s, {tally['ledgers'] / max(elapsed, 1e-9):.0f} ledgers/s")

    @settings(max_examples=LEDGERS, derandomize=SEED is None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @hypothesis_seed(SEED)
    @given(st.integers(0, 2**32 - 1))
    def ledger(seed):
        found = one_ledger(root, snapshot, game_ids, unexpected, seed)
        tally["ledgers"] += 1
        tally["commands"] += len(found[2])
        if found[3]:
            tally["failing"] += 1
            for failure in found[3]:
                seeds = kinds.setdefault(kind_of(failure), [])
                if len(seeds) < 3:
                    seeds.append((seed, failure, keep(fuzz_env, seed, found, folder)))
        if LONG_RUN and tally["ledgers"] % 1000 == 0:
            print(line(), file=sys.stderr, flush=True)

    ledger()
    print(line(), file=sys.stderr, flush=True)
    report = [f"{failure}  [seed {seed}, {path}]" for seeds in kinds.values() for seed, failure, path in seeds]
    assert not kinds, "\n".join([line(), *report])
    shutil.rmtree(folder, ignore_errors=True) if not os.environ.get("GINSCORE_FUZZ_KEEP") else None


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(KEPT, "*.json"))), ids=os.path.basename)
def test_kept_failures_stay_fixed(path, tmp_path, monkeypatch):
    """Each failure the fuzzer found, as its ledger was then: the same commands now pass every check."""
    from ginscore.base import paths
    from ginscore.cli import GinscoreGroup

    with open(path, encoding="utf-8") as handle:
        fixture = json.load(handle)
    root = str(tmp_path / "f")
    os.mkdir(root)
    for name, value in environment(root).items():
        monkeypatch.setenv(name, value)
    if fixture["lang"] is None:
        monkeypatch.delenv("GINSCORE_LANG")
    else:
        monkeypatch.setenv("GINSCORE_LANG", fixture["lang"])
    unexpected = []
    monkeypatch.setattr(GinscoreGroup, "_unexpected", patched_safety_net(unexpected))
    Snapshot.from_json(root, fixture["entries"], paths.ledger_key(os.path.join(root, "ledger"))).restore()
    assert run_forked(root, fixture["commands"], unexpected, timeout=30) == [], fixture["mutations"]


# ---- what the fuzzer found on ledgers no one damaged, and the bounds it asked for -------------


def test_a_stake_below_a_millionth_is_listed_and_its_players_play_again(run):
    """A stake of 0.0000001 was kept in the summary index as 1E-7, which the index's own check
    then took for damage, so 'new' between the same players failed (the dealer is the last
    winner) and rebuilt nothing; now every listing writes it out in full."""
    from helpers import play, status_json

    play(run, "new Ann Ben --stake 0.0000001 --target 50", "gin ann 30")
    assert status_json(run)["stake"] == "0.0000001"
    games = json.loads(run("games --json").output)["games"]
    assert [game["stake"] for game in games] == ["0.0000001"]
    play(run, "new Ann Ben")  # Ann won the last game between them: she deals
    assert len(json.loads(run("games --all --json").output)["games"]) == 2


def test_a_stake_of_more_than_30_decimal_places_is_refused(run, isolated_ledger):
    """1e-999999 has one digit, but its amounts a million: a stake has at most 30 decimal
    places, typed or in a file."""
    from helpers import game_data, put_game, refused

    refused(run, "new Ann Ben --stake 1e-999999", "more than 30 decimal places", code=1)
    assert run("new Ann Ben --stake 1e-30").exit_code == 0
    data = game_data()
    data["stake"] = "1e-999999"
    put_game(isolated_ledger, data, game_id=2)
    line = refused(run, "status --game 2", "stake", code=1)
    assert len(line) < 200 + len(str(isolated_ledger / "games" / "game-000002.json"))


@pytest.mark.parametrize("amount", ["1e999999", "1" * 61, 5, None, "-0.5e-3"])
def test_a_settlements_file_with_an_amount_that_is_no_amount_is_refused(run, isolated_ledger, amount):
    from helpers import play, refused

    play(run, "new Ann Ben --stake 0.05", "gin ann 90", "settle --record")
    path = next((isolated_ledger / "settlements").iterdir())  # this device's settlements file
    data = json.loads(path.read_text())
    data["entries"][0]["payments"][0]["amount"] = amount
    path.write_text(json.dumps(data))
    # 'settle' goes on without the file and names it (issue #41); recording is refused, in one line
    assert run("settle").exit_code == 1 and path.name in run("settle").stderr
    line = refused(run, "settle --record", path.name, "payments", code=1)
    assert len(line) < 200 + len(str(path))
    # the old settlements.json (read, never written) is held to the same rule
    path.unlink()
    legacy = isolated_ledger / "settlements.json"
    legacy.write_text(json.dumps({"file_format": "ginscore-settlements", "file_version": 1, "settlements": [
        {"id": 1, "at": "2026-12-01T20:00:00+00:00", "games": ["1"], "payments": [{"from": "Ben", "to": "Ann", "amount": amount}]}]}))
    line = refused(run, "settle --record", "settlements.json", "payments", code=1)
    assert len(line) < 200 + len(str(legacy))


# ---- the fuzzer's own checks: each sees what it looks for -------------------------------------


def test_the_fuzzer_sees_each_thing_it_looks_for(fuzz_env, monkeypatch):
    """An unforeseen exception, an overlong error line, a slow command, a hang and a reading
    command that writes a game file: each made to happen here, each reported."""
    import time as clock

    import fuzz_ledger
    from ginscore.app import book as book_module
    from ginscore.base.errors import GinscoreError

    root, snapshot, game_ids, unexpected = fuzz_env
    snapshot.restore()

    def fails(what):
        def answer(self, *args, **kwargs):
            if what == "crash":
                raise ZeroDivisionError("boom")
            if what == "long":
                raise GinscoreError("x" * 300)
            if what == "slow":
                clock.sleep(0.3)
            if what == "hang":
                clock.sleep(5)
            if what == "write":
                with open(glob.glob(os.path.join(root, "ledger", "games", "*.json"))[0], "ab") as handle:
                    handle.write(b" ")
            return []

        return answer

    monkeypatch.setattr(fuzz_ledger, "SLOWEST", 0.2)
    monkeypatch.setattr(fuzz_ledger, "HANG", 1.0)
    for what, words in [("crash", "the safety net caught ZeroDivisionError: boom"), ("long", "an error line of 307 characters"),
                        ("slow", "took "), ("hang", "no answer in 1 s"), ("write", "changed ledger/games/")]:
        monkeypatch.setattr(book_module.Book, "summaries", fails(what))
        found = run_commands(root, [["games"]], unexpected)
        assert any(words in failure for failure in found), (what, found)
