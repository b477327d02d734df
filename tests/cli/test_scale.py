"""Issue 35: a hand that costs the same late in a game, a game file changed outside ginscore
checked whole again, and games left open named ten at most."""

from __future__ import annotations


def test_a_hand_late_in_a_game_replays_and_decodes_as_often_as_an_early_one(run, monkeypatch):
    """As in 'play': an entry replays the game once (the replay of the game as it was is the one
    the previous entry made) and parses, decodes and merges its file once, whether the game has
    10 hands or 60; the index (kept current) and the report take the replays made. A command
    of its own replays twice (the game before and after the hand)."""
    from ginscore.base import jsonfile
    from ginscore.tables import base

    counts = {"replays": 0, "reads": 0}
    replay, remembered = base.Table._replay, jsonfile.remembered

    def counted_replay(self, game):
        counts["replays"] += 1
        return replay(self, game)

    def counted_remembered(kept, key, raw, make, most=4):
        def counted_make(*args):  # a parse, a decode or a merge of the game's files
            counts["reads"] += 1
            return make(*args)

        return remembered(kept, key, raw, counted_make, most)

    monkeypatch.setattr(base.Table, "_replay", counted_replay)
    monkeypatch.setattr("ginscore.store.ledger.remembered", counted_remembered)
    sessions = {}
    for hands in (10, 60):
        assert run("new Alice Bob --target 10000").exit_code == 0
        run("games")  # the summary index, kept current by every hand from now on
        entries = "".join(f"k {'bob' if number % 3 == 0 else 'alice'} 3 {10 + number % 20}\n" for number in range(hands))
        counts.update(replays=0, reads=0)
        assert run("play", input=entries + "q\n").exit_code == 0
        sessions[hands] = dict(counts)
    assert sessions[60]["replays"] - sessions[10]["replays"] == 50, sessions
    assert sessions[60]["reads"] - sessions[10]["reads"] == 3 * 50, sessions
    counts.update(replays=0, reads=0)
    assert run("knock alice 3 12").exit_code == 0
    assert counts == {"replays": 2, "reads": 3}


def test_games_left_open_are_named_ten_at_most_and_the_others_counted(run):
    for _ in range(13):  # each 'new' leaves the game before it in progress
        assert run("new Alice Bob").exit_code == 0
    output = run("games --last 2").output
    line = next(line for line in output.splitlines() if line.startswith("Also still in progress"))
    assert line.count(" v ") == 10 and " (and 2 more)" in line, line


def test_an_entry_at_hand_150_checks_and_replays_as_much_as_one_at_hand_10(run, monkeypatch):
    """Each entry of 'play' checks only the entries and hands its own write added (the file it
    wrote is read back in the same process: the earlier entries were checked by the entry
    before), works out the standing of each game it holds once and replays the game once, at
    hand 10 as at hand 150; that replay plays only the new hand into the tally the last one
    kept, the standing reads only the new entry, the write encodes only the new entry (and the
    file's top), and the read back parses only those (``store.written``)."""
    from ginscore.store import game_file, journal_format, written
    from ginscore.tables import base, standard

    counts = {"entries checked": 0, "hands checked": 0, "replays": 0, "standings": 0, "hands played": 0,
              "entries stood": 0, "encoded": 0, "bytes parsed": 0}
    check_action, replay, standing = journal_format.check_action, base.Table._replay, base.changes.standing

    def counting(name, function, size=lambda *args: 1):
        def counted(*args, **kwargs):
            counts[name] += size(*args)
            return function(*args, **kwargs)

        return counted

    monkeypatch.setattr(journal_format, "check_action", counting("entries checked", check_action))
    plain_hand = journal_format._plain_hand

    def counted_plain_hand(*args):  # a hand entry of the usual shape, checked in one pass
        passed = plain_hand(*args)
        counts["entries checked"] += passed
        return passed

    monkeypatch.setattr(journal_format, "_plain_hand", counted_plain_hand)
    monkeypatch.setattr(base.Table, "_replay", counting("replays", replay))
    monkeypatch.setattr(base.changes, "standing", counting("standings", standing))
    monkeypatch.setattr(standard.StandardGin, "play", counting("hands played", standard.StandardGin.play))
    monkeypatch.setattr(base.changes, "_standing", counting("entries stood", base.changes._standing, lambda game, *_: len(game.journal)))
    monkeypatch.setattr(written, "canonical", counting("encoded", written.canonical))
    for module in ("ginscore.store.ledger", "ginscore.store.written"):
        monkeypatch.setattr(f"{module}.parse_json", counting("bytes parsed", written.parse_json, len))
    checked_hands = game_file._check_hands_against_table

    def counted_hands(game, found, hand_place, places=None):
        table_unit = game_file.get_table(game.table)
        original = type(table_unit).check_hand
        monkeypatch.setattr(type(table_unit), "check_hand", counting("hands checked", original))
        try:
            return checked_hands(game, found, hand_place, places)
        finally:
            monkeypatch.setattr(type(table_unit), "check_hand", original)

    monkeypatch.setattr(game_file, "_check_hands_against_table", counted_hands)
    sessions = {}
    for hands in (10, 150):
        assert run("new Alice Bob --target 10000").exit_code == 0
        run("games")
        entries = "".join(f"k {'bob' if number % 3 == 0 else 'alice'} 3 {10 + number % 20}\n" for number in range(hands))
        counts.update(dict.fromkeys(counts, 0))
        assert run("play", input=entries + "q\n").exit_code == 0
        sessions[hands] = dict(counts)
    # 140 entries more: each checks one entry and one hand and makes one replay; it works out
    # the standing of three games (the game read, as changed on this device, with the hand)
    more = {name: sessions[150][name] - sessions[10][name] for name in counts if name != "bytes parsed"}
    assert more == {"entries checked": 140, "hands checked": 140, "replays": 140, "standings": 3 * 140, "hands played": 140,
                    "entries stood": 140, "encoded": 2 * 140}, sessions
    # what is parsed a hand: the file's top and the new entry, not the whole file (hand 150's is 10 times hand 10's)
    assert sessions[150]["bytes parsed"] / 150 < 1.2 * sessions[10]["bytes parsed"] / 10, sessions


def test_a_game_file_changed_outside_ginscore_is_checked_whole_again(run, isolated_ledger):
    """The earlier entries are taken as checked only from the exact bytes this process wrote: a
    file changed on disk between two entries ("clock": 5 made 5.0, which Python finds equal) is
    checked whole, and refused, though this process checked and wrote an equal journal."""
    import glob
    import json

    import pytest

    from ginscore.app.book import open_book
    from ginscore.base.errors import GinscoreError
    from ginscore.store import journal_format, ledger

    assert run("new Alice Bob --target 10000").exit_code == 0
    book = open_book()
    for _hand in range(3):
        book.change(None, lambda game: (game.append("hand", hand={"kind": "knock", "player": "Alice", "deadwood": 3, "opponent_deadwood": 12}, seats=[{"player": 0, "name": "Alice"}, {"player": 1, "name": "Bob"}]),))
        book.load()  # read back: its entries checked, and kept as checked
    assert ledger.WRITTEN and journal_format.CHECKED
    (path,) = glob.glob(str(isolated_ledger / "games" / "*.json"))
    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    data["journal"][0]["clock"] = float(data["journal"][0]["clock"])
    with open(path, "w", encoding="utf-8") as file:
        json.dump(data, file, indent=2, sort_keys=True)
    with pytest.raises(GinscoreError, match=r"journal\[0\]\.clock"):
        book.load()
