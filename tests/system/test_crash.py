"""Crashes and concurrency (issue #3): the ledger never loses a hand.

Crash test: child processes record hands through the CLI's own entry point (``cli.main``, the
code path of ``python -m ginscore``) in a loop and are killed with SIGKILL at random moments,
120 times in the default run (more with GINSCORE_TEST_SCALE); a dozen real ``python -m ginscore``
processes are killed too. After every
kill the ledger must load, pass ``check``, and hold exactly the hands whose command had
reported success, plus at most the one that was being written. A kill falls in the child's
own time, a random number of its commands in and part of one command's time (as the child
measures its commands, whatever the load on the machine), so that what the children get done
is a share of the kills, never a number that a busy machine makes smaller.

Concurrency test: 16 processes record at the same moment, in one game and in 16 games; every
hand must be there exactly once. The ledger is read here with ``json``, not with ginscore.
"""

import json
import os
import random
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest

from helpers import examples

# every test here kills or races real processes
pytestmark = pytest.mark.slow

# Of 210 kills about one in seven fell between the temporary file and its rename (30 of 210
# measured): one in forty asked for (3 of 120).
KILLS_IN_PROCESS = examples(240)
# A kill falls during the child's first to fourth command (at random): 1.5 commands done a
# kill on average, most of them hands.
COMMANDS_BEFORE_A_KILL = 3
# The kills fall in a fresh ledger every so often: check reads every game after every kill, and
# a ledger grown to dozens of games makes it the test's main cost without testing more.
KILLS_PER_LEDGER = 30
KILLS_OF_REAL_PROCESSES = examples(24)
WRITERS = 16
HANDS_PER_WRITER = 6

@pytest.fixture
def on_disk():
    """A folder for the ledgers on the disk (where the system keeps its temporary files), not
    in the tests' usual folders (in memory when they can be, conftest.py): a write, its fsync
    and its rename then take a disk's time, so that some kills fall between them, as on a
    player's machine."""
    folder = Path(tempfile.mkdtemp(prefix="ginscore-crash-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def hand_of(words: list) -> dict:
    """The hand a command records, as the ledger stores it (players here are Alice and Bob)."""
    kind, rest = words[0], words[1:]
    if kind == "draw":
        return {"kind": "draw"}
    player = rest[0].capitalize()
    if kind == "gin":
        return {"kind": "gin", "player": player, "opponent_deadwood": int(rest[1])}
    return {"kind": "knock", "player": player, "deadwood": int(rest[1]), "opponent_deadwood": int(rest[2])}


def effective_content(ledger: Path) -> list:
    """[(game id, [hands])] read straight from the files, in the order the games were started;
    this test only records, so every journal entry is a hand. One device writes here: one file
    per game, its entries a chain (each names the one before it), their clocks rising."""
    content = []
    folder = ledger / "games"
    for name in sorted(os.listdir(folder)) if folder.is_dir() else []:
        if name.startswith("game-") and name.endswith(".json"):
            data = json.loads((folder / name).read_text(encoding="utf-8"))
            journal = data["journal"]
            assert name == f"game-{data['id']}.{data['device']}.json", name
            assert [entry["after"] for entry in journal] == [None, *(entry["id"] for entry in journal)][: len(journal)], name
            clocks = [data["clock"]] + [entry["clock"] for entry in journal]
            assert clocks == sorted(clocks) and len(set(clocks)) == len(clocks), name
            content.append((data["clock"], data["id"], [entry["hand"] for entry in journal]))
    return [(game_id, hands) for _clock, game_id, hands in sorted(content)]


def applied(content: list, commands: list) -> list:
    """``content`` after ``commands``: a new game's id is made when it starts, so it is None
    here (``same`` takes None for any id)."""
    content = [(game_id, list(hands)) for game_id, hands in content]
    for words in commands:
        if words[0] == "new":
            content.append((None, []))
        else:
            content[-1][1].append(hand_of(words))
    return content


def same(after: list, expected: list) -> bool:
    """Whether the ledger's ``after`` is ``expected`` (an id None there: any id not seen before)."""
    known = {game_id for game_id, _hands in expected if game_id is not None}
    return len(after) == len(expected) and all(
        hands == wanted and (game_id == wanted_id if wanted_id is not None else game_id not in known)
        for (game_id, hands), (wanted_id, wanted) in zip(after, expected)
    )


def run_cli(ledger: Path, words: list) -> tuple:
    """Run one ginscore command in this process exactly as the console script does."""
    import contextlib
    import io

    from ginscore.cli import cli

    output = io.StringIO()
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        try:
            cli.main(["--ledger", str(ledger), *words], prog_name="ginscore")
        except SystemExit as done:
            return done.code or 0, output.getvalue()
    return 0, output.getvalue()


HANDS = [["knock", "alice", "4", "9"], ["knock", "bob", "2", "5"], ["draw"], ["gin", "bob", "3"], ["knock", "alice", "7", "7"]]


def recorder(ledger: Path, report: int, start: int) -> None:
    """The child: record hands forever, starting a new game whenever one is over. Before each
    command it reports 'start', after it 'done' or 'failed' with the seconds it took."""
    number = start
    while True:
        words = HANDS[number % len(HANDS)]
        number += 1
        for attempt in (words, ["new", "Alice", "Bob"]):
            os.write(report, ("start " + " ".join(attempt) + "\n").encode())
            began = time.monotonic()
            code, output = run_cli(ledger, attempt)
            took = time.monotonic() - began
            if code == 0:
                os.write(report, f"done {took:.6f}\n".encode())
                break
            if attempt[0] == "new" or not ("is over" in output or "no games" in output):
                os.write(report, ("error " + " ".join(output.split()) + "\n").encode())
                return
            os.write(report, f"failed {took:.6f}\n".encode())


def reported(text: str) -> tuple:
    """(commands that reported success, the command in flight when killed or None, the seconds
    each finished command took)."""
    done, in_flight, durations = [], None, []
    for line in text.splitlines():
        assert not line.startswith("error "), line  # a command failed for a reason other than the plan
        if line.startswith("start "):
            in_flight = line[6:].split()
        elif line.startswith(("done ", "failed ")):
            if line.startswith("done "):
                done.append(in_flight)
            durations.append(float(line.split()[1]))
            in_flight = None
    return done, in_flight, durations


def read_until_started(pipe: int, commands: int) -> bytes:
    """The child's reports up to its report that it started its ``commands``-th command (all
    of them if it stopped before: then ``reported`` says why)."""
    heard = b""
    while heard.count(b"start ") < commands or not heard.endswith(b"\n"):
        chunk = os.read(pipe, 4096)
        if not chunk:
            break
        heard += chunk
    return heard


def check_passes(ledger: Path) -> dict:
    code, output = run_cli(ledger, ["check", "--json"])
    report = json.loads(output)
    assert code == 0 and report["ok"], output
    return report


def test_sigkill_at_random_moments_never_loses_a_confirmed_hand(on_disk):
    # Every module a command needs is loaded before the first fork, as it is after the rest of
    # the suite: otherwise, run alone, each child spends the moments before its kill importing.
    warm_up = on_disk / "warm-up"
    for words in (["new", "Alice", "Bob"], *HANDS, ["check", "--json"]):
        run_cli(warm_up, words)
    # How long a command takes now, as the children measure theirs: the last few they reported
    # (a machine that gets busier makes them longer, and the kills later with them)
    timed = time.monotonic()
    for words in HANDS[:3]:
        run_cli(warm_up, words)
    took = [(time.monotonic() - timed) / 3]
    rng = random.Random(20261129)
    mid_write, in_flight_kills, ledgers = 0, 0, []
    started = time.monotonic()
    for kill in range(KILLS_IN_PROCESS):
        if kill % KILLS_PER_LEDGER == 0:
            ledger, content = on_disk / f"ledger-{len(ledgers)}", []
            ledgers.append(ledger)
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child never returns into pytest
            try:
                os.close(read_end)
                recorder(ledger, write_end, start=kill)
            finally:
                os._exit(0)
        os.close(write_end)
        forked = time.time()
        # the child has started its first to fourth command; the kill falls within one command's time
        heard = read_until_started(read_end, rng.randint(1, COMMANDS_BEFORE_A_KILL + 1))
        time.sleep(rng.uniform(0, statistics.median(took[-9:])))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        with os.fdopen(read_end, "rb") as pipe:
            done, in_flight, durations = reported((heard + pipe.read()).decode())
        took += durations
        leftovers = list((ledger / "games").glob(".*.tmp")) if (ledger / "games").is_dir() else []
        mid_write += any(path.stat().st_mtime >= forked - 0.01 for path in leftovers)  # left by this child
        in_flight_kills += in_flight is not None
        after = effective_content(ledger)
        confirmed = applied(content, done)
        assert same(after, confirmed) or (in_flight and same(after, applied(confirmed, [in_flight]))), (kill, done, in_flight)
        check_passes(ledger)
        content = after
    recorded = sum(len(hands) for ledger in ledgers for _, hands in effective_content(ledger))
    # shares of the kills, the same on a busy machine as on an idle one (the kills keep to the
    # children's own pace): 1.5 commands finished a kill on average, most of them hands ...
    assert recorded >= KILLS_IN_PROCESS / 2
    assert in_flight_kills > KILLS_IN_PROCESS / 2  # ... most kills hit a command half-way ...
    assert mid_write >= KILLS_IN_PROCESS / 40  # ... and some inside the write itself, between temporary file and rename
    print(f"{KILLS_IN_PROCESS} kills in {time.monotonic() - started:.1f} s: {recorded} hands, {in_flight_kills} mid-command, {mid_write} mid-write")


def test_sigkill_of_real_ginscore_processes(on_disk):
    ledger = on_disk / "ledger"
    env = {**os.environ, "GINSCORE_LOCK_TIMEOUT": "30"}
    base = [sys.executable, "-m", "ginscore", "--ledger", str(ledger)]
    subprocess.run([*base, "new", "Alice", "Bob", "--target", "10000"], env=env, check=True, capture_output=True)
    rng = random.Random(7)
    content = effective_content(ledger)
    for kill in range(KILLS_OF_REAL_PROCESSES):
        words = HANDS[kill % len(HANDS)]
        process = subprocess.Popen([*base, *words], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0.03, 0.25))  # from start-up to well after the write
        process.send_signal(signal.SIGKILL)
        process.wait()
        confirmed = applied(content, [words] if process.returncode == 0 else [])
        after = effective_content(ledger)
        assert same(after, confirmed) or (process.returncode != 0 and same(after, applied(content, [words])))
        check_passes(ledger)
        content = after


# ---- concurrency --------------------------------------------------------------------------

def writer(ledger: Path, game: str, number: int, ready: int, go: int, report: int) -> None:
    """A forked child: say it is ready, wait for the start, then record its hands (in a new game
    of its own if ``game`` is "new"); reports the game's id, or what went wrong."""
    os.environ["GINSCORE_LOCK_TIMEOUT"] = "60"
    os.write(ready, b".")
    os.close(ready)  # so that a writer that died before this ends the parent's wait
    os.read(go, 1)  # everyone starts at the same moment: when the parent closes the other end
    if game == "new":
        code, output = run_cli(ledger, ["new", f"Alice{number}", f"Bob{number}", "--target", "10000", "--json"])
        if code:
            os.write(report, f"error {output}".encode())
            return
        game = str(json.loads(output)["id"])
    for hand in range(HANDS_PER_WRITER):
        player = "alice" if number % 2 == 0 else "bob"  # a unique prefix of the player's name
        knocker = hand + 1
        code, output = run_cli(ledger, ["knock", player, str(knocker), str(knocker + 1 + number // 2), "--game", game])
        if code:
            os.write(report, f"error {output}".encode())
            return
    os.write(report, game.encode())


def start_writers(ledger: Path, game: str) -> list:
    """WRITERS processes recording at once: forked from this one (a separate process each,
    racing for the lock as real ones do, without the cost of starting Python sixteen times)."""
    ready_read, ready_write = os.pipe()
    go_read, go_write = os.pipe()
    writers = []
    for number in range(WRITERS):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child never returns into pytest
            try:
                os.close(read_end)
                os.close(go_write)  # else the start would never come: the pipe would stay open here
                writer(ledger, game, number, ready_write, go_read, write_end)
            finally:
                os._exit(0)
        os.close(write_end)
        writers.append((pid, read_end))
    os.close(ready_write)
    os.close(go_read)
    arrived = b""
    while len(arrived) < WRITERS:  # every writer forked and waiting (one that died ends the pipe early)
        more = os.read(ready_read, WRITERS)
        assert more, f"only {len(arrived)} of {WRITERS} writers got ready"
        arrived += more
    os.close(ready_read)
    os.close(go_write)
    results = []
    for pid, read_end in writers:
        with os.fdopen(read_end, "rb") as pipe:
            if not select.select([pipe], [], [], 100)[0]:  # a writer stuck for good fails the test
                for stuck, _ in writers:
                    os.kill(stuck, signal.SIGKILL)
            answer = pipe.read().decode()
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and not answer.startswith("error "), answer
        results.append(answer.strip())
    return results


def expected_hands(writer: int, players: tuple) -> list:
    return [
        {"kind": "knock", "player": players[writer % 2], "deadwood": n + 1, "opponent_deadwood": n + 2 + writer // 2}
        for n in range(HANDS_PER_WRITER)
    ]


def test_sixteen_processes_recording_in_one_game_at_once(on_disk):
    ledger = on_disk / "ledger"
    code, output = run_cli(ledger, ["new", "Alice", "Bob", "--target", "10000", "--json"])
    assert code == 0, output
    start_writers(ledger, json.loads(output)["id"])
    [(game_id, hands)] = effective_content(ledger)
    recorded = Counter(json.dumps(hand, sort_keys=True) for hand in hands)
    wanted = Counter(
        json.dumps(hand, sort_keys=True) for writer in range(WRITERS) for hand in expected_hands(writer, ("Alice", "Bob"))
    )
    assert len(hands) == WRITERS * HANDS_PER_WRITER
    assert recorded == wanted and max(recorded.values()) == 1  # every hand once, none lost, none twice
    check_passes(ledger)


def test_sixteen_processes_each_starting_and_recording_their_own_game_at_once(on_disk):
    ledger = on_disk / "ledger"
    ids = start_writers(ledger, "new")
    from ginscore.base.ids import GAME_ID_LENGTH

    assert len(set(ids)) == WRITERS  # every new game got its own id
    assert all(len(game_id) == GAME_ID_LENGTH and game_id.isalnum() and not game_id.isdigit() for game_id in ids), ids
    content = dict(effective_content(ledger))
    assert sorted(content) == sorted(ids)
    for writer, game_id in enumerate(ids):
        [path] = (ledger / "games").glob(f"game-{game_id}.*.json")
        data = json.loads(path.read_text())
        players = (f"Alice{writer}", f"Bob{writer}")
        assert data["players"] == list(players)
        assert content[game_id] == expected_hands(writer, players)
    check_passes(ledger)
