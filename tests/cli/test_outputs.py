"""Outputs that never hurt (issue #34 item 10): what --output writes over, what every HTML and
Markdown output does with a hostile name, an export with nothing in it, the words of config and
import errors, and names made of invisible fillers."""

from __future__ import annotations

import json
import os
import stat
from html.parser import HTMLParser

import pytest

from helpers import FIXTURES, play, refused
from helpers_outputs import FIFO_SKIP, HTML_COMMANDS, finished_game

HOSTILE = "<img src=x onerror=alert(1)>"


# ---- --output -----------------------------------------------------------------------------


def test_output_into_a_regular_file_and_through_a_link_keeps_the_link(run, tmp_path):
    finished_game(run)
    target = tmp_path / "sheet.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    result = run(["sheet", "-o", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(target)  # the link is still a link
    assert "Ann" in target.read_text() and target.read_text() != "old"


@FIFO_SKIP
def test_output_into_a_named_pipe_writes_into_it_and_leaves_it_a_pipe(run, tmp_path):
    finished_game(run)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a program reading it (a sheet fits the pipe's buffer)
    try:
        result = run(["sheet", "-o", str(fifo)])
        received = os.read(reader, 1 << 16)
    finally:
        os.close(reader)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert b"Ann" in received


@FIFO_SKIP
@pytest.mark.parametrize("device", ["/dev/null", "/dev/full"])
def test_a_device_stays_a_device(run, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    finished_game(run)
    before = os.stat(device)
    result = run(["sheet", "-o", device])
    after = os.stat(device)
    assert stat.S_ISCHR(after.st_mode) and (after.st_dev, after.st_ino, after.st_rdev) == (before.st_dev, before.st_ino, before.st_rdev)
    if device == "/dev/full":  # nothing fits: one line saying so
        assert result.exit_code == 1 and result.stderr.count("\n") == 1 and "/dev/full" in result.stderr
    else:
        assert result.exit_code == 0, result.output


def test_a_folder_as_output_is_refused_with_nothing_written(run, tmp_path):
    finished_game(run)
    folder = tmp_path / "out"
    folder.mkdir()
    line = refused(run, ["sheet", "-o", str(folder)], "it is a folder: give a file name in it")
    assert "nothing was written" in line and list(folder.iterdir()) == []


def test_an_export_with_nothing_to_export_leaves_the_output_file_as_it_was(run, tmp_path):
    play(run, "new Ann Bob")  # no stake: nothing to export
    target = tmp_path / "money.journal"
    target.write_text("my own journal\n")
    result = run(["export", "--to", "hledger", "-o", str(target)])
    assert result.exit_code == 0
    assert "Nothing to export" in result.stderr
    assert target.read_text() == "my own journal\n"


# ---- HTML and Markdown escape every value -------------------------------------------------


class Elements(HTMLParser):
    """Every start tag and every attribute name of a page, as a browser's parser sees them."""

    def __init__(self):
        super().__init__()
        self.tags, self.attributes = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attributes += [name for name, _value in attrs]


def elements(page: str) -> Elements:
    parser = Elements()
    parser.feed(page)
    return parser


def hostile_ledger(run):
    play(
        run, ["new", HOSTILE, "Bo|b", "--stake", "0.05", "--currency", "<b>€"], ["gin", "bo", "90"],
    )


@pytest.mark.parametrize("command", HTML_COMMANDS)
def test_every_html_output_is_one_whole_page_with_every_value_escaped(run, command):
    hostile_ledger(run)
    result = run([command, "--format", "html"])
    assert result.exit_code == 0, result.output
    page = result.stdout
    assert page.lstrip().startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    found = elements(page)
    assert "img" not in found.tags and "b" not in found.tags and "onerror" not in found.attributes
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


@pytest.mark.parametrize("command", ["status", "games", "log", "settle", "stats", "sheet"])
def test_markdown_escapes_the_pipe_and_markup_in_a_name(run, command):
    hostile_ledger(run)
    result = run([command, "--format", "md"])
    assert result.exit_code == 0, result.output
    assert "Bo|b" not in result.stdout.replace("Bo\\|b", "")  # every | of the name escaped
    assert "<img" not in result.stdout.replace("\\<img", "")
    header = None
    for line in result.stdout.splitlines():  # every row of a table as many cells as its header
        if not line.startswith("|"):
            header = None
            continue
        cells = line.replace("\\|", "").count("|")
        header = header or cells
        assert cells == header, line


# ---- settle: one payment a line ------------------------------------------------------------


def test_settle_prints_one_payment_a_line(run):
    finished_game(run, "Ann", "Bob")
    finished_game(run, "Cy", "Dee")
    result = run("settle")
    assert result.exit_code == 0, result.output
    # each game by hand: gin 25 + 90 = 115, Bob (Dee) won no hand: shutout, double-total by
    # default: 2 x (115 + game bonus 100 + one box 25) = 480 points, x 0.05 = 24.00
    assert "\nBob pays Ann €24.00.\nDee pays Cy €24.00.\n(2 payments, the fewest possible)\n" in result.stdout


# ---- words of errors -----------------------------------------------------------------------


def test_a_config_error_quotes_the_value_as_toml_writes_it(run, tmp_path):
    (tmp_path / "config.toml").write_text("target = true\n")
    assert refused(run, "new Ann Bob").endswith("got true")


def test_an_import_too_large_is_said_in_the_score_pad_words(run, tmp_path):
    from ginscore.exchange import scorepad

    big = tmp_path / "backup.json"
    with open(big, "wb") as handle:
        handle.truncate(scorepad.MAX_BACKUP_BYTES + 1)
    line = refused(run, ["import", str(big)])
    assert "far more than the score-pad app keeps" in line


def test_an_imported_game_started_past_the_year_9999_is_left_out_alone(run, tmp_path):
    source = os.path.join(FIXTURES, "scorepad", "backup.json")
    with open(source, encoding="utf-8") as handle:
        backup = json.load(handle)
    first = backup["store"]["games"][0]
    first["createdAt"] = 9007199254740000  # the year 287396: within JavaScript's safe integers
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    result = run(["import", str(path)])
    assert result.exit_code == 1  # as for any game that cannot be entered
    assert f"Score-pad game {first['id']} not imported: its start time" in result.stdout
    assert "past the year 9999" in result.stdout
    left_out = [line for line in result.stdout.splitlines() if line.startswith("Score-pad game") and " not imported: " in line]
    assert len(left_out) == 2  # this one and the fixture's own undercut by 14
    assert "unexpected error" not in result.output


# ---- names ---------------------------------------------------------------------------------


@pytest.mark.parametrize("filler", ["\u034f", "\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "\ufe0f"])
def test_a_name_with_an_invisible_filler_is_refused(run, filler):
    line = refused(run, ["new", f"Bob{filler}", "Ann"], "an invisible filler character", f"U+{ord(filler):04X}")
    assert line


def test_an_emoji_with_its_selector_is_still_a_name(run):
    result = run(["new", "👍\ufe0f", "Ann"])
    assert result.exit_code == 0, result.output
    assert json.loads(run(["status", "--json"]).stdout)["players"] == ["👍\ufe0f", "Ann"]
