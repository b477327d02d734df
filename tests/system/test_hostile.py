"""Hostile files and hostile input (issue #10) in real processes: special files that must not hang,
a full stdout, bytes that are no UTF-8 on the command line, one damaged file among sound ones."""

import csv
import io
import json
import os
import time
from pathlib import Path

import pytest

from helpers import game_data, ledger_bytes, local_dir, put_game, run_forked, run_process
from helpers_hostile import RAW_CONTROL, SECONDS, healthy_text, players, snapshot

pytestmark = pytest.mark.skipif(os.name == "nt", reason="FIFOs, /dev/zero and O_NOFOLLOW are POSIX")


def hand_changed(**fields) -> str:
    data = game_data(2)
    data["journal"][0]["hand"].update(fields)
    return json.dumps(data, indent=2)


def rules_changed(**fields) -> str:
    data = game_data(2)
    data["rules"].update(fields)
    return json.dumps(data, indent=2)


# Each kind of damage to game 2: the bytes of its file, and a fragment its error must contain.
DAMAGE = {
    "huge-number": (hand_changed(deadwood=0).replace('"deadwood": 0', '"deadwood": ' + "9" * 5000), "5000 digits"),
    "deep-nesting": (healthy_text(venue=None).replace('"venue": null', '"venue": ' + "[" * 1000 + "]" * 1000), "nested"),
    "huge-float": (hand_changed(deadwood=0).replace('"deadwood": 0', '"deadwood": 1e999'), "deadwood"),
    "nan": (hand_changed(deadwood=0).replace('"deadwood": 0', '"deadwood": NaN'), "NaN"),
    "duplicate-key": (healthy_text().replace('"players": [', '"players": ["Mallory", "Bob"], "players": [', 1), "twice"),
    "three-players": (players("Alice", "Bob", "Carol"), "needs 2 players, got 3"),
    "one-player": (players("Alice"), "needs 2 players, got 1"),
    "lone-surrogate": (players("Alice", "Bob").replace('"Bob"', '"B\\ud800ob"', 1), "lone surrogate"),
    "escape-in-name": (players("Alice", "Bob").replace('"Bob"', '"B\\u001b[2Job"', 1), "control characters"),
    "c1-control-in-name": (players("Alice", "Bob").replace('"Bob"', '"B\\u009bob"', 1), "control characters"),
    "bidi-override-name": (players("Alice", "Bob").replace('"Bob"', '"\\u202eBob"', 1), "invisible formatting"),
    "zero-width-twin": (players("Bob", "Bob\u200b"), "invisible formatting"),
    "same-name-twice-nfd": (players("Café", "Cafe\u0301"), "named twice"),
    "escape-in-created": (healthy_text(created="\u001b]0;owned\u0007"), "control or invisible characters"),
    "escape-in-key": (hand_changed(**{"\u001b[2J": 1}), "does not know"),
    "unknown-setting": (rules_changed(knock_bonus=10), "rules.knock_bonus: not a setting of a standard game"),
    "unknown-hand-field": (hand_changed(bonus=50), "journal[0].hand.bonus: a field this ginscore does not know"),
    "not-utf8": (healthy_text().encode("utf-8").replace(b"Alice", b"Al\xffice"), "not UTF-8"),
}


# Files that are not files; each is planted at game 2's path.
SPECIAL = {
    "fifo": lambda path, outside: os.mkfifo(path),
    "link-to-dev-zero": lambda path, outside: os.symlink("/dev/zero", path),
    "link-to-a-game-outside": lambda path, outside: os.symlink(outside / "victim.json", path),
    "dangling-link": lambda path, outside: os.symlink(outside / "nothing-here.json", path),
    "folder": lambda path, outside: os.mkdir(path),
    "huge-sparse-file": lambda path, outside: os.truncate(os.open(path, os.O_CREAT | os.O_WRONLY), 17 * 2**20),
}


SPECIAL_ERRORS = {
    "fifo": "named pipe",
    "link-to-dev-zero": "symbolic link",
    "link-to-a-game-outside": "symbolic link",
    "dangling-link": "symbolic link",
    "folder": "folder",
    "huge-sparse-file": "larger than",
}


def three_games(ledger: Path, outside: Path, damage: str) -> Path:
    """Games 1 and 3 healthy, game 2 damaged as named; returns game 2's path. Game 3 is the
    current game: on a device that started none, the current game is the one written last."""
    put_game(ledger, game_data(1), 1)
    path = ledger / "games" / "game-000002.json"
    if damage in DAMAGE:
        put_game(ledger, DAMAGE[damage][0], 2)
    else:
        SPECIAL[damage](str(path), outside)
    put_game(ledger, game_data(3), 3)
    later = time.time() + 60
    os.utime(ledger / "games" / "game-000003.json", (later, later))
    return path


def attempt(run, args, special: bool):
    """(exit status, stdout, stderr) of one command, which must finish within 2 s."""
    if special:  # a hang must be killed, not waited for: a forked copy, with a timeout
        result = run_forked(args, timeout=SECONDS * 5)
        assert result.elapsed < SECONDS, (args, result.elapsed)
        return result.returncode, result.stdout, result.stderr
    started = time.monotonic()
    result = run(args)
    assert time.monotonic() - started < SECONDS, args
    return result.exit_code, result.stdout, result.stderr


def assert_clean(args, code, out, err) -> None:
    """No traceback, no control character reaching the terminal raw, no unforeseen error."""
    for text in (out, err):
        assert "Traceback" not in text and "unexpected error" not in text, (args, text)
        assert not RAW_CONTROL.search(text), (args, text)


@pytest.mark.parametrize("damage", [*DAMAGE, *SPECIAL])
def test_one_damaged_file_is_that_games_problem_only(run, isolated_ledger, outside, tmp_path, damage):
    special = damage in SPECIAL
    path = three_games(isolated_ledger, outside, damage)
    fragment = DAMAGE[damage][1] if damage in DAMAGE else SPECIAL_ERRORS[damage]
    before, outside_before = snapshot(path), ledger_bytes(outside)
    name = "game-000002.json"

    def go(args):
        code, out, err = attempt(run, args, special)
        assert_clean(args, code, out, err)
        return code, out, err

    # the damaged game itself: one line naming the file, exit 1
    for args in (["status", "--game", "2"], ["knock", "alice", "4", "15", "--game", "2"], ["log", "--game", "2"]):
        code, out, err = go(args)
        assert code == 1 and out == "", (args, out)
        assert err.count("\n") == 1 and err.startswith("Error: ") and name in err and fragment in err, (args, err)
    # the listing flags it and shows the others
    code, out, err = go(["games", "--format", "csv"])
    rows = list(csv.reader(io.StringIO(out)))
    # a game that does not load has no known start: it is listed after the others
    assert code == 1 and [row[0] for row in rows[1:]] == ["1", "3", "2"] and rows[3][5] == "DAMAGED"
    assert err.count("\n") == 1 and name in err
    code, out, err = go(["games", "--json"])
    listing = {entry["id"]: entry for entry in json.loads(out)["games"]}
    assert code == 1 and listing["2"]["damaged"] and not listing["1"].get("damaged") and not listing["3"].get("damaged")
    # check lists exactly that file
    code, out, err = go(["check", "--json"])
    report = json.loads(out)
    assert code == 1 and {problem["game"] for problem in report["problems"]} == {"2"}
    assert any(fragment in problem["problem"] for problem in report["problems"]), report["problems"]
    # the other games stay usable, the current one included
    for args in (["status", "--game", "1"], ["sheet", "--game", "3", "--format", "csv"], ["status"], ["knock", "bob", "2", "20"]):
        code, out, err = go(args)
        assert code == 0, (args, err)
    # backup copies the damaged file as it is (a file that is not a plain one is left out), warns
    code, out, err = go(["backup", str(tmp_path / "copy")])
    assert code == 0 and "game file(s) 2" in err and "Traceback" not in err
    copied = tmp_path / "copy" / "games" / name
    if damage in DAMAGE:
        assert copied.read_bytes() == before
    elif damage == "huge-sparse-file":  # a plain file: evidence, copied as it is
        assert copied.stat().st_size == 17 * 2**20 and "copied as they are" in err
    else:
        assert not os.path.lexists(copied)
    assert snapshot(path) == before  # the damaged file's bytes (or link, or FIFO) are untouched
    assert ledger_bytes(outside) == outside_before  # nothing written outside the ledger
    assert set(os.listdir(outside)) == {"victim.json", "victim.txt"}


@pytest.mark.parametrize("where", ["current", "config"])
@pytest.mark.parametrize("plant", ["fifo", "link-to-dev-zero"])
def test_a_special_file_as_current_or_config_does_not_hang(isolated_ledger, tmp_path, outside, where, plant):
    put_game(isolated_ledger, game_data(1), 1)
    if where == "current":  # this device's "current game" (what the ledger's .latest hint was)
        local_dir(isolated_ledger).mkdir(parents=True)
        path = local_dir(isolated_ledger) / "current"
    else:
        path = Path(os.environ["GINSCORE_CONFIG"])
    SPECIAL[plant](str(path), outside)
    for args in ("status", "knock alice 4 15", "new Carol Dave", "config", "config set target 150"):
        result = run_forked(args, timeout=SECONDS * 5)
        assert result.elapsed < SECONDS, (args, result.elapsed)
        assert "Traceback" not in result.stderr, (args, result.stderr)
        if where == "config" and args.startswith(("new", "config")):
            assert result.returncode == 1 and result.stderr.count("\n") == 1, (args, result.stderr)
            assert str(path) in result.stderr and "plain file" in result.stderr
        else:  # a current-game file that is not a file is ignored: the listing finds the games
            assert result.returncode == 0, (args, result.stderr)
    if where == "config":
        assert snapshot(path) == (("link", "/dev/zero") if plant != "fifo" else ("special",))
    else:  # 'new' replaced it by renaming over it, never writing through it
        started = {name.split(".")[0][len("game-"):] for name in os.listdir(isolated_ledger / "games")} - {"000001"}
        assert len(started) == 1 and not path.is_symlink()
        assert path.read_text().split()[0] == started.pop()


@pytest.mark.slow
def test_invalid_utf8_on_the_command_line_is_refused(isolated_ledger):
    result = run_process([b"new", b"Alice", b"Bo\xffb"])
    assert result.returncode == 1 and "lone surrogate" in result.stderr and "Traceback" not in result.stderr
    assert not isolated_ledger.exists()


@pytest.mark.slow
def test_a_full_stdout_after_a_hand_says_the_hand_was_recorded(isolated_ledger):
    assert run_process("new Alice Bob").returncode == 0
    with open("/dev/full", "w") as full:
        result = run_process("knock alice 4 15", stdout=full, stderr=-1)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    status = json.loads(run_process("status --json").stdout)
    assert result.stderr.count("\n") == 1 and f"the hand was recorded (game {status['id']})" in result.stderr
    assert len(status["hands"]) == 1  # recorded once; the message says not to enter it again
    with open("/dev/full", "w") as full:
        result = run_process("status", stdout=full, stderr=-1)
    assert result.returncode == 1 and "nothing was saved" in result.stderr and "Traceback" not in result.stderr
