"""Hostile files and hostile input (issue #10): what an attacker, a careless sync tool or a
slip of the keyboard does to a ledger, and what ginscore must do about it.

For every kind of damage: a one-line error, no traceback, a non-zero exit status, the damaged
file's bytes unchanged, the other games still listed and readable, nothing written outside the
ledger. Here through click's runner; what could hang a process (a FIFO, a link to /dev/zero),
tried in real processes with a timeout, is tests/system/test_hostile.py's."""

import csv
import io
import json
import os
import re
from pathlib import Path

import pytest

from helpers import cpu_seconds, game_data, game_file, game_ids, local_dir, put_game
from helpers_hostile import RAW_CONTROL, healthy_text, snapshot

pytestmark = pytest.mark.skipif(os.name == "nt", reason="FIFOs, /dev/zero and O_NOFOLLOW are POSIX")

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")


# ---- symlinks planted at every temporary and lock path ---------------------------------------


def test_links_planted_at_every_temporary_and_lock_path_write_nothing_through(
    run, isolated_ledger, tmp_path, outside, monkeypatch
):
    from ginscore.app import book
    from ginscore.base.device import device_id
    from ginscore.base.ids import GAME_ID_LENGTH, digest

    victim = outside / "victim.txt"
    original = victim.read_bytes()
    assert run("new Alice Bob").exit_code == 0
    first, device, local = game_file(isolated_ledger), device_id(), local_dir(isolated_ledger)
    # the game file's and this device's current game's temporary files
    os.symlink(victim, first.parent / f".{first.name}.tmp")
    os.symlink(victim, local / ".current.tmp")
    # the next game's file: its id is made from the device and the clock, frozen here
    clock = 4_000_000_000_000
    monkeypatch.setattr(book, "now_ms", lambda: clock)
    second = digest(f"{device}:{clock}:0", GAME_ID_LENGTH)
    os.symlink(victim, first.parent / f".game-{second}.{device}.json.tmp")
    assert run("knock alice 4 15").exit_code == 0
    assert run("new Carol Dave").exit_code == 0
    assert game_file(isolated_ledger, second).exists()
    # a game of an older file version: never rewritten, its new entries go to a device file
    games = isolated_ledger / "games"
    data = {**game_data(3), "file_version": 1, "hands": []}
    del data["journal"]
    (games / "game-000003.json").write_text(json.dumps(data))
    old_bytes = (games / "game-000003.json").read_bytes()
    os.symlink(victim, games / f".game-000003.{device}.json.tmp")
    assert run("knock alice 4 15 --game 3").exit_code == 0
    assert (games / "game-000003.json").read_bytes() == old_bytes
    assert (games / f"game-000003.{device}.json").exists()
    # the house-rules file's temporary file (random now; this was its fixed name)
    config = Path(os.environ["GINSCORE_CONFIG"])
    os.symlink(victim, config.parent / f".{config.name}.tmp")
    assert run("config set target 150").exit_code == 0
    # a backup's partial folder and partial zip
    os.symlink(outside, tmp_path / ".copy.partial")
    os.symlink(victim, tmp_path / ".copy.zip.partial")
    assert run(["backup", str(tmp_path / "copy")]).exit_code == 0
    assert run(["backup", str(tmp_path / "copy.zip")]).exit_code == 0
    assert victim.read_bytes() == original
    assert set(os.listdir(outside)) == {"victim.json", "victim.txt"}
    game = first.name.split(".")[0][len("game-"):]
    assert json.loads(run(f"status --game {game} --json").stdout)["scores"] == {"Alice": 11, "Bob": 0}


@pytest.mark.parametrize("dangling", [True, False])
def test_a_lock_file_that_is_a_symlink_is_refused_and_its_target_untouched(run, isolated_ledger, outside, dangling):
    assert run("new Alice Bob").exit_code == 0
    lock = local_dir(isolated_ledger) / "lock"  # this device's lock of the ledger, outside it
    lock.unlink()
    target = outside / ("created-by-lock" if dangling else "victim.txt")
    before = snapshot(target)
    os.symlink(target, lock)
    result = run("knock alice 4 15")
    assert result.exit_code == 1 and str(lock) in result.stderr and "symbolic link" in result.stderr
    assert result.stderr.count("\n") == 1
    assert snapshot(target) == before  # not created, not changed


def test_a_symlinked_config_file_is_updated_at_its_target(run, tmp_path):
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "ginscore.toml"
    target.write_text('target = 150\n')
    config = Path(os.environ["GINSCORE_CONFIG"])
    os.symlink(target, config)
    assert run("config set undercut_bonus 20").exit_code == 0
    assert os.path.islink(config) and os.readlink(config) == str(target)  # still a link
    assert 'undercut_bonus = 20' in target.read_text() and "target = 150" in target.read_text()
    assert sorted(os.listdir(dotfiles)) == ["ginscore.toml"]  # no temporary file left


# ---- CSV and TSV: no cell a spreadsheet would run ------------------------------------------


HOSTILE_NAMES = [
    ('=HYPERLINK("http://evil.example","x")', "@SUM(1)"),
    ("+cmd|' /C calc'!A0", "-2+3"),
    ("=1+1", "-5"),
]


def cells(text: str, fmt: str):
    delimiter = "," if fmt == "csv" else "\t"
    for row in csv.reader(io.StringIO(text), delimiter=delimiter):
        yield from row


def test_hostile_names_never_start_a_csv_or_tsv_cell_with_a_formula_character(run):
    for game, (first, second) in enumerate(HOSTILE_NAMES, 1):
        assert run(["new", "--", first, second]).exit_code == 0  # --: '-2+3' is not an option
        assert run(["knock", "--", first, "4", "15"]).exit_code == 0
        assert run(["gin", "--", second, "30"]).exit_code == 0
    checked = 0
    for fmt in ("csv", "tsv"):
        outputs = [run(["games", "--format", fmt]).stdout]
        started = game_ids(run)
        assert len(started) == len(HOSTILE_NAMES)
        for game in started:
            for command in ("sheet", "status", "log"):
                result = run([command, "--game", str(game), "--format", fmt])
                assert result.exit_code == 0, result.output
                outputs.append(result.stdout)
        for output in outputs:
            for cell in cells(output, fmt):
                checked += 1
                assert not cell.startswith(FORMULA_START) or PLAIN_NUMBER.fullmatch(cell), (fmt, cell)
    assert checked > 300
    sheet = run(["sheet", "--game", game_ids(run)[0], "--format", "csv"]).stdout
    assert "'=HYPERLINK(" in sheet and "'@SUM(1)" in sheet  # kept as text, marked inert


# ---- names --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Bob\u200b", "invisible formatting characters (U+200B)"),
        ("\u202eboB", "invisible formatting characters (U+202E)"),
        ("Bo\u2066b", "invisible formatting characters (U+2066)"),
        ("B\u00adob", "invisible formatting characters (U+00AD)"),  # a soft hyphen
        ("B\u009bob", "control characters (U+009B)"),
        ("Bo\udcffb", "lone surrogate"),
    ],
)
def test_new_refuses_names_that_look_like_another_or_are_not_text(run, isolated_ledger, name, message):
    result = run(["new", "Alice", name])
    assert result.exit_code == 1 and message in result.stderr and result.stderr.count("\n") == 1
    assert not RAW_CONTROL.search(result.stderr)
    assert not isolated_ledger.exists()


def test_names_are_compared_in_nfc(run):
    composed, decomposed = "Zoé", "Zoe\u0301"
    assert "named twice" in run(["new", composed, decomposed]).stderr
    assert run(["new", decomposed, "Bob"]).exit_code == 0
    assert json.loads(run("status --json").stdout)["players"] == [composed, "Bob"]  # stored in NFC
    assert run(["knock", decomposed, "4", "15"]).exit_code == 0
    assert run(["knock", "ZOÉ", "4", "15"]).exit_code == 0


def test_emoji_sequences_and_persian_joiners_are_still_names(run):
    assert run(["new", "👨\u200d👩\u200d👧", "می\u200cخواهم"]).exit_code == 0


# ---- numbers on the command line ------------------------------------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize(
    "args",
    [
        ["knock", "alice", "1", HUGE],
        ["knock", "alice", HUGE, "1"],
        ["gin", "bob", HUGE],
        ["edit", HUGE, "draw"],
        ["status", "--game", HUGE],
        ["new", "A", "B", "--target", HUGE],
        ["new", "A", "B", "--shutout", f"flat:{HUGE}"],
        ["new", "A", "B", "--stake", HUGE],
        ["new", "A", "B", "--stake", f"1e{HUGE}"],
        ["new", "A", "B", "--stake", f"1/{HUGE}"],
        ["config", "set", "target", HUGE],
        ["config", "set", "stake", HUGE],
        ["analyze", HUGE],
        ["knock", "b" * 5000, "1", "2"],  # a huge name: the message quotes at most 40 characters of it
    ],
)
def test_huge_numbers_on_the_command_line_are_one_line_errors(run, args):
    """Refused at once: at most some times what 'status' costs (a number of 5,000 digits is never
    worked with). A ratio to that baseline, measured here, never an absolute time."""
    assert run("new Alice Bob").exit_code == 0
    results = []
    # the quicker of two rounds each: the first may import what the command needs
    baseline = cpu_seconds(lambda: run("status"), rounds=2)
    spent = cpu_seconds(lambda: results.append(run(args)), rounds=2)
    assert spent / baseline < 20, f"status: {baseline:.4f} s, {args[0]}: {spent:.4f} s"
    result = results[-1]
    assert result.exit_code in (1, 2) and result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert "unexpected" not in result.stderr and len(result.stderr) < 400


def test_a_huge_number_in_the_config_file_is_a_one_line_error(run):
    Path(os.environ["GINSCORE_CONFIG"]).write_text(f"target = {HUGE}\n")
    result = run("config")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1 and "unexpected" not in result.stderr
    Path(os.environ["GINSCORE_CONFIG"]).write_text("a = " + "[" * 2000 + "]" * 2000 + "\n")
    result = run("new Alice Bob")
    assert result.exit_code == 1 and "nested too deep" in result.stderr


def test_stake_inf_is_not_called_not_positive(run):
    result = run("new Alice Bob --stake inf")
    assert result.exit_code == 1 and "not a finite number" in result.stderr and "not positive" not in result.stderr


# ---- output that cannot be written, and errors nobody foresaw --------------------------------


def test_an_unforeseen_error_is_one_line_naming_the_command(run, monkeypatch):
    from ginscore.ops import actions

    assert run("new Alice Bob").exit_code == 0

    def broken(game):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(actions, "evaluate", broken)
    result = run("status")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "'ginscore status' failed" in result.stderr and "ZeroDivisionError: a bug" in result.stderr
    assert "please report it" in result.stderr and "GINSCORE_DEBUG" in result.stderr
    monkeypatch.setenv("GINSCORE_DEBUG", "1")
    result = run("status")
    assert "Traceback" in result.stderr and result.stderr.rstrip().splitlines()[-1].startswith("Error: ")


# ---- messages that tell the truth about the disk --------------------------------------------


def test_a_folder_fsync_failure_after_the_write_is_a_warning_not_a_failure(run, isolated_ledger, tmp_path, monkeypatch):
    from ginscore.base import safefile
    from ginscore.store import backup

    def refuse(folder):
        raise OSError(5, "Input/output error")

    assert run("new Alice Bob").exit_code == 0
    monkeypatch.setattr(safefile, "fsync_folder", refuse)
    result = run("config set target 150")
    assert result.exit_code == 0 and "Set target = 150" in result.stdout
    assert "Warning: wrote" in result.stderr and "may not survive a power cut" in result.stderr
    assert "target = 150" in Path(os.environ["GINSCORE_CONFIG"]).read_text()
    monkeypatch.setattr(backup, "fsync_folder", lambda folder: refuse(folder) if folder == tmp_path else None)
    result = run(["backup", str(tmp_path / "copy")])
    assert result.exit_code == 0 and "Backed up" in result.stdout and "could not be flushed" in result.stderr
    assert (tmp_path / "copy" / "games" / game_file(isolated_ledger).name).exists()


# ---- scale ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_check_of_1200_games_reports_exactly_the_damaged_one(run, isolated_ledger):
    """Past 500 and 1000 games (the summary index works in batches of 500), the damaged file
    past both: every file is read and checked one by one, so 5000 (as this test had) cost four
    times as much and reached no more of the code."""
    games = isolated_ledger / "games"
    games.mkdir(parents=True)
    (isolated_ledger / ".lock").touch()
    template = healthy_text(game_id=999999)
    for game_id in range(1, 1201):
        text = template.replace('"id": 999999', f'"id": {game_id}', 1)
        (games / f"game-{game_id:06d}.json").write_text(text)
    damaged = games / "game-001031.json"
    damaged.write_text(damaged.read_text().replace('"players": [', '"players": ["Eve", "Bob"], "players": [', 1))
    result = run("check --json")
    report = json.loads(result.stdout)
    assert result.exit_code == 1 and report["games"] == 1200
    assert {problem["file"] for problem in report["problems"]} == {str(damaged)}
    assert "appears twice" in report["problems"][0]["problem"]


def test_an_ignorable_hand_field_never_reaches_the_terminal_raw(run, isolated_ledger):
    data = game_data(1)
    data["ignorable"] = ["hand.note"]
    data["journal"][0]["hand"]["note"] = "\u001b]0;owned\u0007 \u202eevil"
    put_game(isolated_ledger, data, 1)
    for command in ("log", "log --format csv", "status", "sheet", "check"):
        result = run(command)
        assert result.exit_code == 0, (command, result.output)
        assert not RAW_CONTROL.search(result.output), (command, result.output)
    assert "\\x1b]0;owned" in run("log").stdout


def test_huge_numbers_in_a_rummy_hand_are_one_line_errors(run):
    assert run("new Alice Bob Carol --rummy").exit_code == 0
    for word in (f"bob={HUGE}", f"{'b' * 5000}=3", f"bob={'K,' * 3000}"):
        result = run(["out", "alice", word, "carol=3"])
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr[:200]
        assert "unexpected" not in result.stderr and len(result.stderr) < 400, result.stderr[:200]
