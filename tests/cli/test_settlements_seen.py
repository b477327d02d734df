"""What this device keeps of the settlement files for the commands between hands
(``ginscore.store.settlements_seen``): 'status' asks it whether its game may be settled, 'undo'
and 'redo' whether this device recorded a settlement after its last hand, each without reading
every settlement ever recorded (issue #45); against the plain route it replaces (the files read),
on random ledgers, and never trusted once the files changed or its bytes did."""

from __future__ import annotations

import json
import os
import random

from helpers import examples, game_ids, play


def seen_file(ledger) -> str:
    from ginscore.store.ledger import Ledger

    return os.path.join(Ledger(str(ledger), codec=None).cache_dir, "settlements-seen")


def plain_mention(root, game_id: str) -> bool:
    """Whether a settlement file names the game: its id in quotes among the bytes (the plain route)."""
    from ginscore.store.settlement_names import mention

    return mention(str(root), game_id)


def test_status_asks_what_was_kept_and_it_never_misses_a_settled_game(run, isolated_ledger, monkeypatch):
    rng = random.Random(45)
    for _game in range(examples(30)):
        play(run, "new Ann Ben --stake 0.1", "gin ann 90" if rng.random() < 0.8 else "knock ben 2 30")
        if rng.random() < 0.3:
            run("settle --record")
    play(run, "games")  # the settlements read whole once: what they name is kept
    from ginscore.app.book import open_book

    book = open_book()
    kept = {game_id: book.may_be_settled(game_id) for game_id in game_ids(run)}
    named = {game_id for game_id in kept if plain_mention(isolated_ledger, game_id)}
    assert named and all(kept[game_id] for game_id in named)  # never a settled game missed
    assert sum(kept.values()) - len(named) <= max(1, len(kept) // 20)  # and a "may" seldom more
    from ginscore.store import settlement_names

    reads = []
    monkeypatch.setattr(settlement_names, "read_regular", lambda *args: reads.append(args) or b"")
    for game_id in game_ids(run):
        assert run(["status", "--game", game_id]).exit_code == 0
    assert reads == []  # no settlement file read by 'status'


def test_what_was_kept_is_not_used_once_the_files_or_its_bytes_changed(run, isolated_ledger):
    from ginscore.app.book import open_book

    play(run, "new Ann Ben --stake 0.1", "gin ann 90", "settle --record", "games")
    first = game_ids(run)[0]
    play(run, "new Ann Ben --stake 0.1", "gin ben 90")
    second = game_ids(run)[-1]
    book = open_book()
    assert book.may_be_settled(first) and not book.may_be_settled(second)
    path = seen_file(isolated_ledger)
    data = bytearray(open(path, "rb").read())
    data[-20] ^= 1  # a bit of it changed: its digest no longer holds, and the files are read
    open(path, "wb").write(bytes(data))
    assert open_book().may_be_settled(first) and not open_book().may_be_settled(second)
    play(run, "settle --record")  # the files changed: read again until they are read whole
    assert open_book().may_be_settled(second)


def test_undo_after_a_hand_reads_no_settlement_and_right_after_settle_takes_it_back(run, isolated_ledger, monkeypatch):
    from ginscore.store import settlements

    play(run, "new Ann Ben --stake 0.1", "gin ann 90", "settle --record", "games", "new Ann Ben --stake 0.1", "knock ann 2 30")
    held = settlements.held
    read = []
    monkeypatch.setattr(settlements, "held", lambda *args: read.append(args) or held(*args))
    result = run("undo")
    assert result.exit_code == 0 and "Undid hand 1" in result.stdout and read == []  # a hand, told without reading them
    play(run, "knock ann 2 30", "gin ann 90", "settle --record --json")
    result = run("undo --json")
    assert json.loads(result.stdout)["schema"] == "ginscore.undone-settlement"  # right after it: the settlement
    assert run("redo --json").exit_code == 0 and read  # brought back: the files were read for it


def test_an_undo_or_redo_carrying_keys_of_a_settle_names_no_game(tmp_path):
    """The settlement files' check reads an undo or a redo for what it acts on (its target) and
    passes its other keys over, as a key an older or newer ginscore wrote: an undo carrying a
    "games" that is a number, or "squares" of text, made every command that reads the files
    fail inside (the fuzzer found it). Only a settle names games."""
    from ginscore.store import settlements_seen

    settle = {"id": "s1", "clock": 5, "device": "aa", "action": "settle", "games": ["k7f3q2ab"],
              "shares": {"k7f3q2ab": [["Ann", "1.00"], ["Ben", "-1.00"]]}, "squares": [{"games": ["m2m2m2m2"]}]}
    odd = [{"id": f"u{index}", "clock": 6 + index, "device": "bb", "action": action, "target": "s1", **carried}
           for index, (action, carried) in enumerate([
               ("undo", {"games": 5}), ("redo", {"shares": [1, 2]}), ("undo", {"squares": ["x", 3]}), ("redo", {"games": ["zzzzzzzz"]}),
           ])]
    settlements_seen.keep(str(tmp_path), "signature", [settle, *odd])
    seen = settlements_seen.read(str(tmp_path), "signature")
    assert seen.newest == {"aa": 5, "bb": 9}
    assert seen.may_name("k7f3q2ab") and seen.may_name("m2m2m2m2")
    assert not seen.may_name("zzzzzzzz")  # a redo's "games": not a name (1 in 100 a false "may": not this id)
