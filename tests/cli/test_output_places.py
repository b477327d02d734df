"""--output never lands where ginscore keeps its own files (issue 41): `sheet -o` over a game
file said "Wrote ..." and the game was gone. Every command with --output (sheet, pad, export,
export --csv-rules) refuses, as the option is parsed, a FILE in the ledger folder, this device's
state or cache folder, the house-rules file or ginscore's config folder: named directly, through
a symbolic link, a '..' path, or a hard link; one line, nothing written anywhere."""

from __future__ import annotations

import glob
import os

import pytest

from helpers import refused

COMMANDS = [["sheet"], ["pad"], ["export", "--to", "csv", "--all"], ["export", "--csv-rules"]]


def every_byte(root) -> dict:
    """Every file below ``root`` (the ledger, state and cache folders, the house-rules file) with its bytes."""
    found = {}
    for folder, _folders, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            found[path] = open(path, "rb").read() if not os.path.islink(path) else os.readlink(path)
    return found


@pytest.fixture
def ledger_with_a_settled_game(run, isolated_ledger, tmp_path):
    assert run("new Ann Ben --stake 0.10").exit_code == 0
    assert run("gin ann 80").exit_code == 0  # 25 + 80 = 105 points, past 100: the game is over
    assert run("settle --record").exit_code == 0
    assert run("games").exit_code == 0  # the summary index, in the cache folder
    (tmp_path / "config.toml").write_text('lang = "en"\n', encoding="utf-8")
    return tmp_path


def kept_files(tmp_path) -> dict:
    """A file of each kind ginscore keeps: its game file, settlements file, device id, lock, index, house rules."""
    (game,) = glob.glob(str(tmp_path / "ledger" / "games" / "*.json"))
    (settlements,) = glob.glob(str(tmp_path / "ledger" / "settlements" / "*.json"))
    (lock,) = glob.glob(str(tmp_path / "state" / "ledgers" / "*" / "lock"))
    (index,) = glob.glob(str(tmp_path / "cache" / "ledgers" / "*" / "index.sqlite3"))
    return {
        "game": game, "settlements": settlements, "device id": str(tmp_path / "state" / "device-id"), "lock": lock,
        "index": index, "house rules": str(tmp_path / "config.toml"), "new file in the ledger": str(tmp_path / "ledger" / "x.html"),
    }


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: " ".join(command))
@pytest.mark.parametrize("kind", ["game", "settlements", "device id", "lock", "index", "house rules", "new file in the ledger"])
def test_an_output_among_ginscores_own_files_is_refused_with_nothing_written(run, ledger_with_a_settled_game, command, kind):
    tmp_path = ledger_with_a_settled_game
    target = kept_files(tmp_path)[kind]
    before = every_byte(tmp_path)
    refused(run, [*command, "--output", target], "cannot write", code=1)
    assert every_byte(tmp_path) == before


@pytest.mark.parametrize("how", ["symbolic link", "dot-dot", "hard link", "linked folder"])
def test_an_output_that_reaches_a_game_file_another_way_is_refused(run, ledger_with_a_settled_game, how):
    tmp_path = ledger_with_a_settled_game
    game = kept_files(tmp_path)["game"]
    outside = tmp_path / "outside"
    outside.mkdir()
    if how == "symbolic link":
        target = outside / "sheet.html"
        target.symlink_to(game)
    elif how == "dot-dot":
        target = f"{outside}/../ledger/games/{os.path.basename(game)}"
    elif how == "hard link":
        target = outside / "sheet.html"
        os.link(game, target)
    else:
        target = outside / "games"
        target.symlink_to(tmp_path / "ledger" / "games", target_is_directory=True)
        target = target / os.path.basename(game)
    before = every_byte(tmp_path)
    line = refused(run, ["sheet", "--output", str(target)], code=1)
    assert ("a hard link of a file in the ledger folder" if how == "hard link" else "in the ledger folder") in line
    assert every_byte(tmp_path) == before


def test_the_refusal_says_what_and_where(run, ledger_with_a_settled_game):
    tmp_path = ledger_with_a_settled_game
    files = kept_files(tmp_path)
    assert refused(run, ["sheet", "-o", files["game"]]) == (
        f"Error: cannot write {files['game']}: it is in the ledger folder {tmp_path / 'ledger'}, which ginscore keeps "
        "for itself; give a file outside it (nothing was written)"
    )
    assert refused(run, ["pad", "-o", files["lock"]]).startswith(
        f"Error: cannot write {files['lock']}: it is in this device's state folder {tmp_path / 'state'}, which"
    )
    assert refused(run, ["pad", "-o", files["house rules"]]) == (
        f"Error: cannot write {files['house rules']}: it is the house-rules file ({files['house rules']}); give another "
        "file (nothing was written)"
    )


def test_an_output_beside_the_ledger_is_written(run, ledger_with_a_settled_game):
    tmp_path = ledger_with_a_settled_game
    target = tmp_path / "ledger-sheet.html"  # a name that begins like the ledger's folder, beside it
    result = run(["sheet", "--format", "html", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("where", ["ledger", "state", "cache", "ledger by a linked folder"])
def test_a_backup_never_goes_where_ginscore_keeps_its_own_files(run, ledger_with_a_settled_game, where):
    """'backup PATH' is an output too, by the same check: inside the ledger it would be synced
    and deleted with it (no backup), and copied into every later backup; in this device's
    state or cache folder it is where ginscore keeps what it may throw away."""
    tmp_path = ledger_with_a_settled_game
    if where == "ledger by a linked folder":
        (tmp_path / "elsewhere").symlink_to(tmp_path / "ledger", target_is_directory=True)
        target = tmp_path / "elsewhere" / "backup"
    else:
        target = tmp_path / where / "backup"
    before = every_byte(tmp_path)
    line = refused(run, ["backup", str(target)], code=1)
    assert ("inside the ledger" if where.startswith("ledger") else "a folder ginscore keeps for itself") in line
    assert every_byte(tmp_path) == before
