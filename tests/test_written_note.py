"""A hand typed on the command line at hand 200 costs about what it costs at hand 5: the device
notes, in its cache folder, the name, size and checksum of the game file it wrote last, and the
next command that writes the same file cuts the entries' texts out of its bytes instead of
encoding every entry again (``store.written.note`` and ``vouched``). The file's bytes are the
same either way; a file changed by anything else is encoded whole again."""

from __future__ import annotations

import glob
import json
import os

import pytest

from ginscore.base.jsonfile import canonical, parse_json
from ginscore.store import written

pytestmark = pytest.mark.cli


def game_file(ledger) -> str:
    (path,) = glob.glob(os.path.join(ledger, "games", "*.json"))
    return path


def note_path(tmp_path) -> str:
    (path,) = glob.glob(str(tmp_path / "cache" / "ledgers" / "*" / "written"))
    return path


@pytest.fixture
def encoded(monkeypatch):
    """How many times a game file's part (an entry, or the file's top) is encoded from its JSON."""
    counts = {"encoded": 0}
    original = written.canonical

    def counted(data):
        counts["encoded"] += 1
        return original(data)

    monkeypatch.setattr(written, "canonical", counted)
    return counts


def hand(run, number: int) -> None:
    # each command its own 'process': what this one parsed and decoded is forgotten first (cli.main)
    assert run(f"knock {'bob' if number % 3 == 0 else 'alice'} 3 {10 + number % 20}").exit_code == 0


def test_a_hand_encodes_only_the_new_entry_and_writes_the_bytes_of_a_whole_encoding(run, isolated_ledger, encoded):
    assert run("new Alice Bob --target 10000").exit_code == 0
    for number in range(1, 13):
        encoded["encoded"] = 0
        hand(run, number)
        # the new entry and the file's top: not the earlier entries (12 of them by the last hand)
        assert encoded["encoded"] == 2, number
        raw = open(game_file(isolated_ledger), "rb").read()
        assert raw == canonical(parse_json(raw))


def test_a_file_changed_outside_ginscore_is_encoded_whole_and_written_as_ginscore_writes(run, isolated_ledger, tmp_path, encoded):
    assert run("new Alice Bob --target 10000").exit_code == 0
    for number in range(1, 5):
        hand(run, number)
    path = game_file(isolated_ledger)
    data = parse_json(open(path, "rb").read())
    with open(path, "w", encoding="utf-8") as handle:  # the same JSON, laid out otherwise (four spaces)
        json.dump(data, handle, indent=4, sort_keys=True, ensure_ascii=False)
    encoded["encoded"] = 0
    hand(run, 5)
    assert encoded["encoded"] == 6  # each of the 4 entries, the new one and the top
    raw = open(path, "rb").read()
    assert raw == canonical(parse_json(raw)) and len(parse_json(raw)["journal"]) == 5


def test_a_note_for_other_bytes_of_the_same_size_vouches_for_nothing(run, isolated_ledger, tmp_path, encoded):
    assert run("new Alice Bob --target 10000").exit_code == 0
    for number in range(1, 4):
        hand(run, number)
    path = game_file(isolated_ledger)
    raw = open(path, "rb").read()
    # an entry laid out otherwise, in as many bytes: its text cut out would be written as it is
    changed = raw.replace(b'"deadwood": 3,', b'"deadwood":3 ,', 1)
    assert len(changed) == len(raw) and parse_json(changed) == parse_json(raw)
    open(path, "wb").write(changed)
    encoded["encoded"] = 0
    hand(run, 4)
    assert encoded["encoded"] == 5
    after = open(path, "rb").read()
    assert after == canonical(parse_json(after)) and len(parse_json(after)["journal"]) == 4


@pytest.mark.parametrize("kind", ["fifo", "folder", "garbage"])
def test_a_note_that_is_no_note_is_passed_over(run, isolated_ledger, tmp_path, encoded, kind):
    assert run("new Alice Bob --target 10000").exit_code == 0
    hand(run, 1)
    note = note_path(tmp_path)
    os.remove(note)
    if kind == "fifo":
        os.mkfifo(note)  # read, it would wait for a writer for ever
    elif kind == "folder":
        os.mkdir(note)
    else:
        open(note, "wb").write(os.urandom(5000))
    hand(run, 2)
    raw = open(game_file(isolated_ledger), "rb").read()
    assert raw == canonical(parse_json(raw)) and len(parse_json(raw)["journal"]) == 2


def test_every_table_and_change_writes_the_bytes_of_a_whole_encoding(run, isolated_ledger):
    """Hands of every kind of table, cards, a name with a brace and quotes, undo, edit, delete,
    rules changed and renames: after each command every game file is as ``canonical`` writes it."""
    from fuzz_ledger import play_commands

    commands = [command for command in play_commands() if isinstance(command, list) or "CURRENT" not in command]
    commands[3:3] = [["rename", "ben", 'B{e}n "the" , Bear']]  # a name with a brace, quotes and a comma
    for command in commands:
        result = run(command)
        assert result.exit_code in (0, 1), (command, result.output)
        for path in glob.glob(os.path.join(isolated_ledger, "games", "*.json")):
            raw = open(path, "rb").read()
            assert raw == canonical(parse_json(raw)), (command, path)
