"""One ledger on several devices (issue #19): two devices, each with its own HOME, state and
cache, share a ledger folder through a simulated file syncer (tests/syncer.py: Syncthing's,
Dropbox's and Nextcloud's conflict behaviour), or fold each other's folders in with 'ginscore
merge'. Whatever they did apart, after the syncer and 'check' have run both show every game
and every hand, in the order played, byte for byte alike in JSON. Through git:
tests/system/test_git_setup.py."""

import json
import os
import random
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import examples
from helpers_devices import STYLES, an_evening, as_json, assert_alike, current, hands_of, ok, set_times, tick
from syncer import Device, Syncer


def settle_all(syncer, devices, rounds: int = 3):
    """The syncer and 'check' a few rounds, as devices that meet again would run them."""
    for _round in range(rounds):
        syncer.settle()
        for device in devices:
            assert device.run("check").exit_code == 0, device.run("check").output
    syncer.settle()


@pytest.mark.parametrize("style", STYLES)
def test_two_games_started_apart_are_both_kept(pair, style):
    one, two = pair
    syncer = Syncer.of([one, two], style)
    ok(one, "new Ann Ben")
    first = current(one)
    ok(one, "knock Ann 4 15")
    syncer.settle()
    ok(one, "new Cy Dee")
    ok(one, "knock Cy 2 20")
    ok(two, "new Eve Fay")  # started while apart: no clash with Cy v Dee
    ok(two, "gin Eve 30")
    settle_all(syncer, [one, two])
    ids = [entry["id"] for entry in as_json(one, "games --all")["games"]]
    assert len(ids) == len(set(ids)) == 3 and ids[0] == first
    assert_alike([one, two], ids)
    assert current(one) != current(two)  # each device carries on its own game


@pytest.mark.parametrize("style", STYLES)
def test_the_same_game_carried_on_apart_keeps_every_hand_in_time_order(pair, style):
    one, two = pair
    syncer = Syncer.of([one, two], style)
    ok(one, "new Ann Ben")
    game = current(one)
    ok(one, "knock Ann 4 15")
    syncer.settle()
    ok(two, f"status --game {game}")
    tick()
    ok(one, f"knock Ben 3 20 --game {game}")
    tick()
    ok(two, f"gin Ann 25 --game {game}")
    settle_all(syncer, [one, two])
    assert hands_of(one, game) == [("Ann", "knock"), ("Ben", "knock"), ("Ann", "gin")]
    assert_alike([one, two], [game])
    assert "merged" in ok(one, f"status --game {game}").stdout  # the game says so once
    assert "device" in ok(two, f"log --game {game}").stdout


@pytest.mark.parametrize("undo_first", [True, False])
@pytest.mark.parametrize("style", STYLES)
def test_an_undo_on_one_device_and_a_hand_on_the_other(pair, style, undo_first):
    one, two = pair
    syncer = Syncer.of([one, two], style)
    ok(one, "new Ann Ben")
    game = current(one)
    ok(one, "knock Ann 4 15")
    ok(one, "knock Ben 2 12")
    syncer.settle()
    steps = [(one, f"undo --game {game}"), (two, f"gin Ann 30 --game {game}")]
    for device, command in steps if undo_first else steps[::-1]:
        tick()
        ok(device, command)
    settle_all(syncer, [one, two])
    # the undo took back the hand it meant (Ben's knock), whatever came from the other device
    assert hands_of(one, game) == [("Ann", "knock"), ("Ann", "gin")]
    assert_alike([one, two], [game])


@pytest.mark.parametrize("style, user", [(style, None) for style in STYLES] + [("nextcloud", "alice")])
def test_conflict_copies_of_conflict_copies_are_folded_in(tmp_path, style, user):
    """Two machines under one device id (a copied home folder) write the same file: the
    syncer makes conflict copies, even of its copies (Nextcloud's with the user's name when
    the server uploads conflicts); check folds them all in, nothing lost."""
    one, two = Device(tmp_path, "ann"), Device(tmp_path, "ben")
    syncer = Syncer.of([one, two], style, **({"user": user} if user else {}))
    for device in (one, two):
        device.state.mkdir(parents=True, exist_ok=True)
        (device.state / "device-id").write_text("cloned\n")
    ok(one, "new Ann Ben")
    game = current(one)
    syncer.settle()
    expected = 0
    for round_ in range(3):
        tick()
        ok(one, f"knock Ann {round_ + 1} 20 --game {game}")
        tick()
        ok(two, f"knock Ben {round_ + 1} 20 --game {game}")
        expected += 2
        syncer.settle()
    for _round in range(3):
        for device in (one, two):
            ok(device, "check")
        syncer.settle()
    assert len(as_json(one, f"status --game {game}")["hands"]) == expected
    assert_alike([one, two], [game])
    assert not any(name for name in os.listdir(one.ledger / "games") if "conflict" in name or "(" in name)
    assert (one.ledger / "conflicts").is_dir() or (two.ledger / "conflicts").is_dir()


def test_a_command_that_meets_a_conflict_copy_says_so(pair):
    one, _two = pair
    ok(one, "new Ann Ben")
    path = next((one.ledger / "games").glob("game-*.json"))
    shutil.copy(path, path.with_name(path.stem + ".sync-conflict-20261201-201700-AAAAAAA.json"))
    result = one.run("status")
    assert result.exit_code == 0 and "'ginscore check' folds" in result.stderr
    ok(one, "check")
    assert "conflict" not in one.run("status").stderr


def test_a_fresh_device_receiving_the_folder_shows_every_game(tmp_path):
    one, fresh = Device(tmp_path, "ann"), Device(tmp_path, "new")
    ok(one, "new Ann Ben")
    ok(one, "knock Ann 4 15")
    ok(one, "new Cy Dee")
    ok(one, "gin Cy 40")
    Syncer.of([one, fresh], "syncthing").settle()
    ids = [entry["id"] for entry in as_json(one, "games --all")["games"]]
    assert_alike([one, fresh], ids)
    assert current(fresh) == ids[-1]  # the game written last is its current game


def test_nothing_but_games_is_in_the_synced_folder(pair):
    one, _two = pair
    ok(one, "new Ann Ben")
    ok(one, "knock Ann 4 15")
    ok(one, "games")
    names = {path.relative_to(one.ledger).as_posix() for path in one.ledger.rglob("*") if path.is_file()}
    assert all(name.startswith("games/game-") for name in names), names


def test_a_club_night_of_three_laptops_merges_into_one_ledger(tmp_path):
    laptops = [Device(tmp_path, name) for name in ("table1", "table2", "table3")]
    home = Device(tmp_path, "home")
    # an earlier game every laptop holds (synced before the evening): counted once
    ok(laptops[0], "new Ann Ben --stake 0.10")
    ok(laptops[0], "gin Ann 98")
    for laptop in laptops[1:]:
        shutil.copytree(laptops[0].ledger, laptop.ledger)
    pairs = [("Cy", "Dee"), ("Eve", "Fay"), ("Ann", "Cy")]
    for laptop, (first, second) in zip(laptops, pairs):
        ok(laptop, f"new {first} {second} --stake 0.10")
        ok(laptop, f"knock {second} 3 40")
        ok(laptop, f"gin {first} 90")
    nets: dict = {}
    seen = set()
    for laptop in laptops:
        for entry in as_json(laptop, "games")["games"]:
            if entry["id"] in seen:
                continue
            seen.add(entry["id"])
            for name, amount in (entry["money"] or {}).items():
                nets[name] = nets.get(name, 0) + float(amount)
    for laptop in laptops:
        assert ok(home, f"merge {laptop.ledger}").stdout
    once = ok(home, "games --all --json").stdout
    for laptop in laptops:
        assert "Nothing new" in ok(home, f"merge {laptop.ledger}").stdout
    assert ok(home, "games --all --json").stdout == once
    assert len(json.loads(once)["games"]) == 4
    settled = as_json(home, "settle --all")
    got = {name: float(amount) for name, amount in settled["nets"].items()}
    assert got == pytest.approx({name: value for name, value in nets.items() if value or name in got})


def test_merging_a_folder_that_is_no_ledger_is_refused(pair, tmp_path):
    one, _two = pair
    ok(one, "new Ann Ben")
    result = one.run(["merge", str(tmp_path / "nowhere")])
    assert result.exit_code == 1 and "not a folder" in result.output


# ---- merging is a union, whatever the order ------------------------------------------------


ACTIONS = st.lists(st.tuples(st.sampled_from(["a", "b"]), st.sampled_from(["hand", "undo", "edit", "void"])), max_size=12)


@settings(max_examples=examples(60))
@given(ACTIONS, st.integers(0, 2**32))
def test_merging_in_either_order_gives_the_same_game_and_loses_nothing(steps, seed):
    from ginscore.core.game import union
    from ginscore.ops import actions
    from ginscore.ops import undo as undo_ops

    rng = random.Random(seed)
    start = actions.new_game("k7f3q2ab", ["Ann", "Ben"])._replace(clock=1)
    games = {"a": start._replace(device="a"), "b": start._replace(device="b")}
    for device, action in steps:
        game = games[device]
        try:
            if action == "hand":
                hand = {"kind": "knock", "player": rng.choice(["Ann", "Ben"]), "deadwood": rng.randint(0, 5), "opponent_deadwood": 20}
                game, _state = actions.record(game, hand)
            elif action == "undo":
                game = undo_ops.undo(game).game
            elif action == "edit":
                game, *_rest = actions.edit(game, 1, {"kind": "gin", "player": "Ann", "opponent_deadwood": rng.randint(0, 30)})
            else:
                game, _state = actions.void_game(game) if not game.journal or game.journal[-1]["action"] != "void_game" else actions.unvoid_game(game)
        except Exception:  # noqa: BLE001 - a refused step (nothing to undo, game over) adds nothing
            pass
        games[device] = game
        if rng.random() < 0.3:  # now and then the devices meet and each takes the other's entries
            merged = union(games["a"].journal, games["b"].journal)
            games = {name: value._replace(journal=merged) for name, value in games.items()}
    one = union(games["a"].journal, games["b"].journal)
    two = union(games["b"].journal, games["a"].journal)
    assert one == two
    assert {entry["id"] for entry in one} == {entry["id"] for game in games.values() for entry in game.journal}
    assert actions.evaluate(start._replace(journal=one)).to_json() == actions.evaluate(start._replace(journal=two)).to_json()


def test_one_hand_entered_on_both_devices_is_flagged_with_the_command_that_removes_one(pair):
    one, two = pair
    syncer = Syncer.of([one, two], "syncthing")
    ok(one, "new Ann Ben")
    game = current(one)
    ok(one, "knock Ann 4 15")
    syncer.settle()
    tick()
    ok(one, f"knock Ben 2 20 --game {game}")
    tick()
    ok(two, f"knock Ben 2 20 --game {game}")  # the same hand, typed at the other end of the table
    syncer.settle()
    said = ok(one, f"status --game {game}").stdout
    assert "undo --hand 3" in said and "alike" in said
    assert any("alike" in note["note"] for note in as_json(one, "check")["notes"])
    ok(one, f"undo --hand 3 --game {game}")
    syncer.settle()
    assert hands_of(two, game) == [("Ann", "knock"), ("Ben", "knock")]
    assert "alike" not in ok(two, f"status --game {game}").stdout


def test_a_merged_hand_after_the_end_is_kept_not_counted_and_reported(pair):
    one, two = pair
    syncer = Syncer.of([one, two], "dropbox")
    ok(one, "new Ann Ben")
    game = current(one)
    ok(one, "knock Ann 4 60")
    syncer.settle()
    tick()
    ok(one, f"gin Ann 40 --game {game}")  # ends the game: 56 + 65 > 100
    tick()
    ok(two, f"knock Ben 3 20 --game {game}")  # recorded apart, after the end in time
    syncer.settle()
    state = as_json(one, f"status --game {game}")
    assert state["finished"] and state["winner"] == "Ann" and len(state["hands"]) == 2
    notes = [note["note"] for note in as_json(two, "check")["notes"]]
    assert any("comes after the end" in note for note in notes)
    entries = as_json(one, f"log --game {game}")["entries"]
    assert len(entries) == 3  # kept in the file
    # log agrees with status and check: the late hand is listed, numbered, and does not count
    assert [(entry["number"], entry["counts"]) for entry in entries] == [(1, True), (2, True), (3, False)]
    assert "hand 3, after the end: does not count" in ok(one, f"log --game {game}").stdout
    assert_alike([one, two], [game])


def test_the_git_merge_driver_writes_the_union_of_two_versions_of_a_file(pair, tmp_path):
    """Two clones under one device id both changed one file: git hands the driver both."""
    one, _two = pair
    ok(one, "new Ann Ben")
    game = current(one)
    ok(one, "knock Ann 4 15")
    path = next((one.ledger / "games").glob("game-*.json"))
    base = path.read_bytes()
    ok(one, f"knock Ben 2 20 --game {game}")
    ours = path.read_bytes()
    path.write_bytes(base)
    tick()
    ok(one, f"gin Ann 30 --game {game}")
    theirs = path.read_bytes()
    files = {name: tmp_path / name for name in ("base", "ours", "theirs")}
    for name, data in (("base", base), ("ours", ours), ("theirs", theirs)):
        files[name].write_bytes(data)
    result = one.run(["merge-file", str(files["base"]), str(files["ours"]), str(files["theirs"])])
    assert result.exit_code == 0, result.output
    path.write_bytes(files["ours"].read_bytes())
    assert hands_of(one, game) == [("Ann", "knock"), ("Ben", "knock"), ("Ann", "gin")]
    other = json.loads(base)
    other["players"] = ["Cy", "Dee"]
    files["theirs"].write_text(json.dumps(other))
    assert one.run(["merge-file", str(files["base"]), str(files["ours"]), str(files["theirs"])]).exit_code == 1


@pytest.mark.parametrize("theirs", ["not JSON", "cut short", "a folder", "gone"])
@pytest.mark.parametrize("which", ["theirs", "ours"])
def test_the_git_merge_driver_given_a_file_that_is_no_game_file_says_so_in_one_line(pair, tmp_path, theirs, which):
    """git hands the driver whatever the two sides hold: a file that is not JSON (or is gone, or
    a folder) is one line naming it, exit 1 (git then reports a conflict), OURS as it was; it
    ended in "unexpected error ... please report it" (issue 41)."""
    one, _two = pair
    ok(one, "new Ann Ben")
    ok(one, "knock Ann 4 15")
    game_file = next((one.ledger / "games").glob("game-*.json"))
    files = {name: tmp_path / name for name in ("base", "ours", "theirs")}
    for path in files.values():
        path.write_bytes(game_file.read_bytes())
    bad = files[which]
    if theirs == "not JSON":
        bad.write_bytes(b"<<<<<<< HEAD\n")
    elif theirs == "cut short":
        bad.write_bytes(game_file.read_bytes()[:100])
    elif theirs == "a folder":
        bad.unlink()
        bad.mkdir()
    else:
        bad.unlink()
    ours_before = files["ours"].read_bytes() if files["ours"].is_file() else None
    result = one.run(["merge-file", str(files["base"]), str(files["ours"]), str(files["theirs"])])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1 and str(bad) in lines[0] and "unexpected" not in lines[0], result.output
    assert (files["ours"].read_bytes() if files["ours"].is_file() else None) == ours_before


# ---- a fresh device carries on the game in progress started last (issue #31, item 5) ----


@pytest.mark.parametrize("order", [("playing", "hollywood", "quick"), ("quick", "playing", "hollywood"), ("hollywood", "quick", "playing")])
def test_a_synced_copy_carries_on_the_game_in_progress_started_last_whatever_the_file_times(tmp_path, order):
    one, fresh = Device(tmp_path, "ann"), Device(tmp_path, "new")
    games = an_evening(one)
    Syncer.of([one, fresh], "syncthing").settle()
    set_times(fresh, [games[name] for name in order])
    assert current(fresh) == games["playing"]
    assert "Cy knocks" in ok(fresh, "knock Cy 2 20").stdout  # the hand goes to the game in progress
    assert len(as_json(fresh, f"status --game {games['playing']}")["hands"]) == 2


def test_with_every_game_finished_a_fresh_device_shows_the_game_started_last(tmp_path):
    one, fresh = Device(tmp_path, "ann"), Device(tmp_path, "new")
    games = an_evening(one)
    ok(one, f"gin Cy 90 --game {games['playing']}")  # over: 11 + 115 > 100
    Syncer.of([one, fresh], "dropbox").settle()
    set_times(fresh, [games["quick"], games["playing"], games["hollywood"]])
    assert current(fresh) == games["quick"]


def test_the_answer_is_kept_until_the_folder_changes_and_a_hand_makes_the_game_the_devices_own(tmp_path):
    one, fresh = Device(tmp_path, "ann"), Device(tmp_path, "new")
    syncer = Syncer.of([one, fresh], "syncthing")
    games = an_evening(one)
    syncer.settle()
    assert current(fresh) == games["playing"]
    cache = next(fresh.cache.glob("ledgers/*"))
    assert (cache / "carried-on").read_text().split()[1] == games["playing"]
    for name in ("index.sqlite3", "index-stamp"):
        (cache / name).unlink()
    assert current(fresh) == games["playing"]  # the kept answer: no game read, no index built
    assert not (cache / "index.sqlite3").exists()
    tick()
    ok(one, "new Gus Hal")  # a game started later on the other device, in progress
    later = current(one)
    syncer.settle()
    assert current(fresh) == later  # the folder changed: worked out again
    ok(fresh, "knock Gus 4 15")  # a hand recorded here: that game is this device's own now
    tick()
    ok(one, "new Ida Jo")
    syncer.settle()
    assert current(fresh) == later
    assert current(one) != later


def test_a_device_with_no_current_game_asks_the_index_and_lists_no_folder(tmp_path, monkeypatch):
    """Issue #35: at 10,000 games listing the folder was most of 'status' on such a device."""
    from ginscore.store.ledger import Ledger

    one, fresh = Device(tmp_path, "ann"), Device(tmp_path, "new")
    games = an_evening(one)
    Syncer.of([one, fresh], "syncthing").settle()
    ok(fresh, "games")  # the index, built
    for kept in fresh.cache.glob("ledgers/*/carried-on"):
        kept.unlink()  # no answer kept: worked out now
    listed = []
    real = Ledger.game_ids
    monkeypatch.setattr(Ledger, "game_ids", lambda self: listed.append(1) or real(self))
    assert current(fresh) == games["playing"]
    assert listed == []
