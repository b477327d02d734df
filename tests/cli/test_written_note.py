"""A hand typed on the command line at hand 200 costs about what it costs at hand 5: the device
notes, in its cache folder, the name, size and checksum of the game file it wrote last, and the
next command that writes the same file cuts the entries' texts out of its bytes instead of
encoding every entry again (``store.written.note`` and ``vouched``). The file's bytes are the
same either way; a file changed by anything else is encoded whole again."""

from __future__ import annotations

import glob
import json
import os
import zlib

import pytest

from ginscore.base.jsonfile import canonical, parse_json
from ginscore.store import written


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


def test_a_note_for_other_bytes_of_the_same_size_and_crc32_vouches_for_nothing(run, isolated_ledger, tmp_path, encoded):
    assert run("new Alice Bob --target 10000").exit_code == 0
    for number in range(1, 4):
        hand(run, number)
    path = game_file(isolated_ledger)
    raw = open(path, "rb").read()
    # an entry laid out otherwise, in as many bytes: its text cut out would be written as it is;
    # some lines after the journal (the rules) indented with a tab, so that its CRC-32 is the one
    # noted (the note is a digest now)
    changed = bytearray(raw.replace(b'"deadwood": 3,', b'"deadwood":3 ,', 1))
    after_journal = changed.index(b"\n  ]") + 4
    indentation = [place for place in range(after_journal, len(changed)) if changed[place] == ord(" ") and changed[place - 1] in b"\n "]
    changed = _crc_matched(changed, indentation[:64], zlib.crc32(raw))
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


# ---- a forged file, a forged note (issue 41) ----------------------------------------------------


def _crc_matched(forged: bytearray, places: list, crc: int) -> bytes:
    """``forged`` with some of its ``places`` (spaces between JSON tokens) made tabs, so that its
    CRC-32 is ``crc``: CRC-32 is affine over bytes of one length (crc(a ^ b ^ c) = crc(a) ^
    crc(b) ^ crc(c)), so each place flipped XORs a fixed 32-bit delta into it, and the places to
    flip are a solution of 32 linear equations over GF(2) (Gaussian elimination)."""
    base = zlib.crc32(bytes(forged))
    rows = []  # (delta, the set of places whose flips make it)
    for place in places:
        flipped = bytearray(forged)
        flipped[place] = ord("\t")
        rows.append((zlib.crc32(bytes(flipped)) ^ base, {place}))
    basis: dict = {}  # highest bit -> (delta, places)
    for delta, chosen in rows:
        for bit in range(31, -1, -1):
            if not delta >> bit & 1:
                continue
            if bit not in basis:
                basis[bit] = (delta, chosen)
                break
            delta, chosen = delta ^ basis[bit][0], chosen ^ basis[bit][1]
    want, flips = crc ^ base, set()
    for bit in range(31, -1, -1):
        if want >> bit & 1:
            assert bit in basis, "not enough places to steer the CRC"
            want, flips = want ^ basis[bit][0], flips ^ basis[bit][1]
    for place in flips:
        forged[place] = ord("\t")
    assert zlib.crc32(bytes(forged)) == crc
    return bytes(forged)


def _forged(raw: bytes, decoy_kind: str = "Ben's hands") -> bytes:
    """A file of ``raw``'s size and CRC-32 that parses to the same game (its journal laid out on one
    line each entry) but holds, under an unknown top-level key, a decoy laid out as a journal
    is, where a cut that trusts the layout looks: with the real hands' ids, three hands of
    Ben's, or the real hands with a deadwood written 2.0 (equal to 2 in Python, refused in a file)."""
    data = parse_json(raw)
    if decoy_kind == "Ben's hands":
        hand = {"deadwood": 1, "kind": "knock", "opponent_deadwood": 23, "player": "Ben"}
        planted = [{**entry, "hand": hand} for entry in data["journal"]]
    else:
        planted = [{**entry, "hand": dict(entry["hand"])} for entry in data["journal"]]
        planted[0]["hand"]["deadwood"] = float(planted[0]["hand"]["deadwood"])
    for entry in planted + data["journal"]:
        entry.pop("seats", None)  # a two-player hand may do without (an older ginscore's)
    decoy = '"aaa": {\n  "journal": [\n    ' + ",\n    ".join(json.dumps(entry, separators=(",", ":")) for entry in planted) + "\n  ]},"
    rest = json.dumps(data, separators=(",", ":"), sort_keys=True)[1:]
    padding = len(raw) - len(decoy) - len(rest) - 1
    assert padding >= 64, "the forged file must fit in the size of the real one"
    forged = bytearray(("{" + " " * padding + decoy + rest).encode("utf-8"))
    return _crc_matched(forged, list(range(1, 65)), zlib.crc32(raw))


def _played_and_forged(run, isolated_ledger, decoy_kind: str = "Ben's hands"):
    assert run("new Ann Ben").exit_code == 0
    for hand_typed in ("knock ann 2 30", "gin ann 10", "knock ben 4 8"):  # Ann 28 + 35 = 63, Ben 4
        assert run(hand_typed).exit_code == 0
    path = game_file(isolated_ledger)
    raw = open(path, "rb").read()
    forged = _forged(raw, decoy_kind)
    assert len(forged) == len(raw) and zlib.crc32(forged) == zlib.crc32(raw)
    assert parse_json(forged)["journal"] == [
        {key: value for key, value in entry.items() if key != "seats"} for entry in parse_json(raw)["journal"]
    ]
    open(path, "wb").write(forged)
    return path


def _scores_after_a_hand(run, path) -> tuple:
    """(the scores the hand printed, those 'status' reads afterwards, the file's JSON)."""
    result = run("knock ann 2 10 --json")  # Ann +8: 63 + 8 = 71, Ben 4
    assert result.exit_code == 0, result.output
    status = run("status --json")
    assert status.exit_code == 0, status.output
    return json.loads(result.output)["scores"], json.loads(status.output)["scores"], parse_json(open(path, "rb").read())


def test_a_forged_file_of_the_noted_size_and_crc32_has_no_planted_hand_written(run, isolated_ledger):
    path = _played_and_forged(run, isolated_ledger)
    printed, read, after = _scores_after_a_hand(run, path)
    # what the hand printed is what the ledger reads afterwards: 28 + 35 + 8 = 71 for Ann, Ben 4
    assert printed == read == {"Ann": 71, "Ben": 4}
    assert [hand["hand"]["player"] for hand in after["journal"]] == ["Ann", "Ann", "Ben", "Ann"]
    assert "aaa" in after  # the unknown top-level field is kept as it was, decoy and all


@pytest.mark.parametrize("decoy_kind", ["Ben's hands", "a deadwood written 2.0"])
def test_a_forged_note_for_a_forged_file_has_no_planted_hand_written(run, isolated_ledger, tmp_path, decoy_kind):
    """Whoever can write the cache folder can write a note for any bytes: the texts cut out of a
    file are checked against its parse, and a cut that is not the journal the game was read
    from is not used (the decoy of the same hands, 2.0 for 2, is one a check by == alone passes)."""
    path = _played_and_forged(run, isolated_ledger, decoy_kind)
    open(note_path(tmp_path), "wb").write(written._vouching(path, open(path, "rb").read()))
    printed, read, after = _scores_after_a_hand(run, path)
    assert printed == read == {"Ann": 71, "Ben": 4}
    assert [hand["hand"]["player"] for hand in after["journal"]] == ["Ann", "Ann", "Ben", "Ann"]
    assert after["journal"][0]["hand"] == {"deadwood": 2, "kind": "knock", "opponent_deadwood": 30, "player": "Ann"}
    assert type(after["journal"][0]["hand"]["deadwood"]) is int
