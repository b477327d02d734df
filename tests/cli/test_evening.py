"""The evening and the years (issue #13): settle, games, stats and the summary index.

Every expected amount is worked out by hand in the comments; the statistics are checked
against a slow reference computed here from 'status --json' of every game.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from helpers import game_file, game_ids, ok, play, status_json


def as_json(run, command):
    result = run(command)
    assert result.exit_code == 0, (command, result.output)
    return json.loads(result.output)


# Three standard games, a Hollywood match and a four-player Rummy game, all at 0.1 a point.
EVENING = [
    # Game 1: Dan gin v 50 (+75), gin v 40 (+65): 140, 2 boxes, Eve shut out:
    # (140 + 50 + 100) x 2 = 580 -> Eve pays Dan 58.0.
    "new Dan Eve --stake 0.1", "gin dan 50", "gin dan 40",
    # Game 2: Eve knocks 2 v 60 (+58), gin v 30 (+55): 113, Dan shut out:
    # (113 + 50 + 100) x 2 = 526 -> Dan pays Eve 52.6.
    "new Dan Eve --stake 0.1", "knock eve 2 60", "gin eve 30",
    # Game 3: Dan knocks 5 v 15 (+10), gin v 70 (+95): 105, Eve shut out:
    # (105 + 50 + 100) x 2 = 510 -> Eve pays Dan 51.0.
    "new Dan Eve --stake 0.1", "knock dan 5 15", "gin dan 70",
    # Game 4: Hollywood, one column to 50: Dan gin v 30 (+55) closes it, Eve shut out:
    # (55 + 25 + 100) x 2 = 360 -> Eve pays Dan 36.0.
    "new Dan Eve --hollywood --columns 1 --column-target 50 --stake 0.1", "gin dan 30",
    # Game 5: Rummy. Dan out: Eve 20, Fay 10, Gus 5 (Dan +35). Fay out rummy, 10 each doubled
    # (Fay +60). Balances: Dan +15, Eve -40, Fay +50, Gus -25 -> at 0.1: +1.5, -4.0, +5.0, -2.5.
    "new Dan Eve Fay Gus --rummy --stake 0.1", "out dan eve=20 fay=10 gus=5", "out fay dan=10 eve=10 gus=10 --rummy",
    "end",
]
# Dan: +58 - 52.6 + 51 + 36 + 1.5 = +93.9; Eve: -58 + 52.6 - 51 - 36 - 4.0 = -96.4;
# Fay +5.0; Gus -2.5. No two of them sum to zero, so three payments: Eve pays Dan 93.9, and the
# 2.5 left of hers and Gus's 2.5 go to Fay.
EVENING_NETS = {"Dan": "93.90", "Eve": "-96.40", "Fay": "5.00", "Gus": "-2.50"}
EVENING_PAYMENTS = [
    {"from": "Eve", "to": "Dan", "amount": "93.90"},
    {"from": "Eve", "to": "Fay", "amount": "2.50"},
    {"from": "Gus", "to": "Fay", "amount": "2.50"},
]


def test_an_evening_settles_to_the_hand_worked_amounts(run):
    play(run, *EVENING)
    report = as_json(run, "settle --json")
    assert report["games"] == game_ids(run) and len(report["games"]) == 5
    assert report["nets"] == EVENING_NETS
    assert report["payments"] == EVENING_PAYMENTS and report["method"] == "exact"
    text = play(run, "settle").output
    assert "Eve pays Dan 93.90.\nEve pays Fay 2.50.\nGus pays Fay 2.50.\n" in text  # one payment a line
    assert "(3 payments, the fewest possible)" in text
    listing = play(run, "games").output
    assert "Total over 5 finished games: Dan +93.90, Eve -96.40, Fay +5.00, Gus -2.50." in listing


def test_settle_record_undo_and_all(run):
    play(run, *EVENING)
    recorded = play(run, "settle --record").output
    settlement = [entry["settlement"] for entry in as_json(run, "games --json")["games"]][0]
    # named by its id, for good: a number could change when another device's settlements arrive
    assert f"Recorded as settlement {settlement}: these games are settled ('ginscore undo' takes it back)." in recorded
    assert as_json(run, "settle --json")["games"] == []  # the next settle starts from zero
    assert "Nothing to settle" in play(run, "settle").output
    assert as_json(run, "settle --all --json")["nets"] == EVENING_NETS
    assert [entry["settled"] for entry in as_json(run, "games --json")["games"]] == [True] * 5
    assert as_json(run, "games --unsettled --json")["games"] == []
    evening = ", ".join(game_ids(run))
    assert f"Took back settlement {settlement}: games {evening} are unsettled again." in play(run, "undo").output
    assert as_json(run, "settle --json")["nets"] == EVENING_NETS
    # undo after a later hand takes back the hand, not a settlement
    play(run, "settle --record", "new Dan Eve", "knock dan 2 10")
    assert f"Undid hand 1 of game {game_ids(run)[5]}" in play(run, "undo").output


def test_settle_chooses_games_by_player_game_and_date(run):
    play(run, *EVENING)
    ids = game_ids(run)
    # Dan and Eve both played in every game; Fay only in the Rummy game.
    assert as_json(run, "settle --player fay --json")["games"] == [ids[4]]
    assert as_json(run, f"settle --game {ids[0]} --game {ids[2]} --json")["nets"] == {"Dan": "109.00", "Eve": "-109.00"}
    assert as_json(run, "settle --since today --json")["games"] == ids
    assert as_json(run, "settle --until yesterday --json")["games"] == []
    assert run("settle --since tomorrow").exit_code != 0  # not a date ginscore reads
    assert as_json(run, "games --last 2 --json")["games"][0]["id"] == ids[3]


def test_games_in_several_currencies_settle_one_currency_at_a_time(run):
    play(run, "new A B --stake 1 --currency €", "gin a 90", "new A B --stake 1 --currency $", "gin b 90")
    result = run("settle")
    assert result.exit_code == 1 and "played for € and $" in result.output and "--currency" in result.output
    assert as_json(run, ["settle", "--currency", "€", "--json"])["nets"] == {"A": "480.00", "B": "-480.00"}


def test_games_without_a_stake_are_listed_apart(run):
    play(run, "new A B", "gin a 90", "new A B --stake 1", "gin b 90")
    report = as_json(run, "settle --json")
    assert [report["no_stake"], report["games"]] == [[game] for game in game_ids(run)]


# ---- statistics against a reference ------------------------------------------------------


def random_ledger(run, seed: int) -> None:
    """Finished two-player games between three players, with knocks, undercuts and gins."""
    rng = random.Random(seed)
    names = ["Ann", "Ben", "Cy"]
    for _ in range(6):
        pair = rng.sample(names, 2)
        play(run, f"new {pair[0]} {pair[1]} --stake 0.05")
        while not status_json(run)["finished"]:
            player = rng.choice(pair)
            kind = rng.choice(["knock", "knock", "gin", "big", "draw"])
            if kind == "draw":
                play(run, "draw")
            elif kind == "gin":
                play(run, f"gin {player} {rng.randint(0, 40)}")
            elif kind == "big":
                play(run, f"gin {player} {rng.randint(0, 40)} --big")
            else:
                play(run, f"knock {player} {rng.randint(1, 10)} {rng.randint(0, 40)}")


def reference_stats(run) -> dict:
    """The statistics worked out slowly from 'status --json' of every finished game."""
    from decimal import Decimal

    stats = {}
    games = [entry["id"] for entry in as_json(run, "games --json")["games"] if entry["finished"]]
    streak = {}
    for game_id in games:
        state = status_json(run, "--game", str(game_id))
        for name in state["players"]:
            mine = stats.setdefault(name, {
                "games": 0, "games_won": 0, "hands": 0, "hands_won": 0, "gins": 0, "big_gins": 0,
                "undercuts_given": 0, "undercuts_suffered": 0, "knocks": 0, "points": [], "streak": 0,
                "money": Decimal(0),
            })
            mine["games"] += 1
            won = state["winner"] == name
            mine["games_won"] += won
            streak[name] = streak.get(name, 0) + 1 if won else 0
            mine["streak"] = max(mine["streak"], streak[name])
            for paid in state["final"]["payments"]:
                if name in (paid["from"], paid["to"]):
                    mine["money"] += Decimal(paid["amount"]) * (1 if paid["to"] == name else -1)
            for hand in state["hands"]:
                mine["hands"] += 1
                if hand["winner"] == name:
                    mine["hands_won"] += 1
                    mine["points"].append(hand["points"])
                    mine["gins"] += hand["result"] == "gin"
                    mine["big_gins"] += hand["result"] == "big_gin"
                    mine["undercuts_given"] += hand["result"] == "undercut"
                if hand["kind"] == "knock" and hand["player"] == name:
                    mine["knocks"] += 1
                    mine["undercuts_suffered"] += hand["result"] == "undercut"
    return stats


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_every_statistic_matches_a_slow_reference(run, seed):
    from decimal import Decimal

    random_ledger(run, seed)
    expected = reference_stats(run)
    shown = as_json(run, "stats --json")["players"]
    assert set(shown) == set(expected)
    for name, mine in expected.items():
        got = shown[name]
        for key in ("games", "games_won", "hands", "hands_won", "gins", "big_gins", "undercuts_given",
                    "undercuts_suffered", "knocks"):
            assert got[key] == mine[key], (name, key)
        assert got["longest_streak"] == mine["streak"]
        assert got["biggest_hand_won"] == (max(mine["points"]) if mine["points"] else None)
        average = round(sum(mine["points"]) / len(mine["points"]), 1) if mine["points"] else None
        assert got["average_hand_won"] == average
        assert Decimal(got["money"].get("", "0")) == mine["money"]
    # head to head: the same figures over the games the two played against each other
    pair = as_json(run, "stats --vs Ann Ben --json")
    assert set(pair["players"]) <= {"Ann", "Ben"}
    assert [game["id"] for game in pair["games"]] == [
        entry["id"] for entry in as_json(run, "games --json")["games"]
        if {"Ann", "Ben"} == set(entry["players"]) and entry["finished"]
    ]


def test_stats_from_hands_typed_as_cards(run):
    # Alice's best arrangement is A A A, 2s 3s 4s and 9 9 9 with 2d left (deadwood 2); she lays
    # As 2s 3s 4s and 9 9 9 instead and knocks with Ah 2d Ac (4): she held melds back.
    # Then she knocks with her best arrangement: 5s 6s 7s | 9c Tc Jc | Ks Kc Kd, Jd (10).
    knocks = [
        ["knock", "alice", "--cards", "As 2s 3s 4s 9h 9d 9c Ah 2d Ac", "--opponent-cards",
         "Kh Kd Qh Qd Jh Jd Th Td 8s 7c", "--melds", "As 2s 3s 4s | 9h 9d 9c"],
        ["knock", "alice", "--cards", "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--opponent-cards",
         "Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s"],
    ]
    play(run, "new Alice Bob", *knocks, "gin alice 98")
    alice = as_json(run, "stats --json")["players"]["Alice"]
    assert alice["card_knocks"] == 2 and alice["average_deadwood_at_knock"] == 7.0  # (4 + 10) / 2
    assert alice["melds_held_back"] == 0.5


# ---- the index is a cache: never an answer of its own ----------------------------------------

ANSWERS = ["games --json", "settle --json", "settle --all --json", "stats --json", "stats --vs Dan Eve --json",
           "games --last 2 --json", "games --player fay --json"]


def answers(run) -> list:
    return [run(command).stdout for command in ANSWERS]


def index_files(ledger):
    """The summary index and its stamp: this device's cache of the ledger, outside it."""
    from pathlib import Path

    from ginscore.store.ledger import Ledger

    cache = Path(Ledger(ledger, codec=None).cache_dir)
    return [cache / "index.sqlite3", cache / "index-stamp"]


@pytest.mark.parametrize("damage", ["deleted", "garbage", "stamp-stale", "stamp-garbage", "symlink", "folder", "wrong-schema"])
def test_deleting_or_damaging_the_index_changes_no_answer(run, isolated_ledger, tmp_path, damage):
    play(run, *EVENING)
    truth = answers(run)
    index_file, stamp = index_files(isolated_ledger)
    assert index_file.is_file() and stamp.is_file()
    if damage == "deleted":
        index_file.unlink()
    elif damage == "garbage":
        index_file.write_bytes(b"not a database" * 100)
    elif damage == "stamp-stale":
        stamp.write_text("1 1\n")
    elif damage == "stamp-garbage":
        stamp.write_bytes(b"\xff\x00")
    elif damage == "symlink":
        target = tmp_path / "elsewhere"
        target.write_bytes(b"keep me")
        index_file.unlink()
        index_file.symlink_to(target)
    elif damage == "folder":
        index_file.unlink()
        index_file.mkdir()
    elif damage == "wrong-schema":
        import sqlite3

        index_file.unlink()
        connection = sqlite3.connect(index_file)
        connection.execute("CREATE TABLE meta (key TEXT, value TEXT)")
        connection.execute("INSERT INTO meta VALUES ('schema', 'something else')")
        connection.commit()
        connection.close()
    if damage == "folder":
        # a folder in the index's place is not removed: the answers come from the game files
        assert answers(run) == truth
        return
    assert answers(run) == truth
    assert answers(run) == truth  # and again, from the rebuilt index
    if damage == "symlink":
        assert (tmp_path / "elsewhere").read_bytes() == b"keep me"
    assert play(run, "check").output.endswith("no problems.\n")


def test_a_game_file_changed_behind_ginscores_back_is_read_again(run, isolated_ledger):
    play(run, "new A B --stake 1", "gin a 90", "new A B --stake 1", "gin b 90")
    assert as_json(run, "settle --json")["nets"] == {"A": "0.00", "B": "0.00"}  # gin v 90: (115 + 25 + 100) x 2 = 480 each way
    # Replace game 2 by a copy in which A won it (the way a restore from a backup would).
    path = game_file(isolated_ledger, game_ids(run)[1])
    data = json.loads(path.read_text())
    data["journal"][0]["hand"]["player"] = "A"
    replacement = path.with_name("incoming.tmp")
    replacement.write_text(json.dumps(data))
    os.replace(replacement, path)
    assert as_json(run, "settle --json")["nets"] == {"A": "960.00", "B": "-960.00"}


def test_recording_keeps_the_index_current_without_a_rebuild(run, isolated_ledger, monkeypatch):
    from ginscore.index import index

    play(run, "new A B", "games")
    calls = []
    real = index.mend
    monkeypatch.setattr(index, "mend", lambda *args, **kwargs: calls.append(1) or real(*args, **kwargs))
    play(run, "knock a 2 10", "games", "gin a 90", "games", "undo", "games", "new C D", "games")
    assert calls == []
    assert [entry["finished"] for entry in as_json(run, "games --json")["games"]] == [False, False]


@pytest.mark.slow
def test_the_kept_totals_agree_with_a_rebuild_after_changes_out_of_order(run, isolated_ledger):
    """stats over every game reads per-player totals kept as games finish; taking back the end
    of an older game, and restoring it, must leave them as a rebuild from the files would."""
    random_ledger(run, 3)
    first, second = game_ids(run)[:2]
    for change in (f"undo --game {second}", f"redo --game {second}", f"undo --game {first}", f"gin ann 98 --game {first}"):
        result = run(change)
        kept = as_json(run, "stats --json")
        for path in index_files(isolated_ledger):
            path.unlink()
        assert as_json(run, "stats --json") == kept, (change, result.output)


def test_a_build_of_many_games_adds_the_totals_up_once_as_they_were_kept(run, isolated_ledger, monkeypatch):
    """A mend that reads many games adds the players' totals up once at its end (index.TOTALS_ONCE):
    they must read as the totals kept game by game, from empty and after an older game changed."""
    from ginscore.index import index, totals

    random_ledger(run, 5)
    play(run, "new Ann Ben", "knock ann 2 10")  # one in progress, not counted
    kept = [as_json(run, command) for command in ("stats --json", "games --json", "settle --json")]
    added_up = []
    real = totals.rebuild
    monkeypatch.setattr(totals, "rebuild", lambda *args: added_up.append(1) or real(*args))
    monkeypatch.setattr(index, "TOTALS_ONCE", 0)
    for path in index_files(isolated_ledger):
        path.unlink()
    assert [as_json(run, command) for command in ("stats --json", "games --json", "settle --json")] == kept
    assert added_up == [1]
    older = game_ids(run)[1]  # an older finished game changed by another program: its players added up again
    path = game_file(isolated_ledger, older)
    data = json.loads(path.read_text())
    data["journal"] = data["journal"][:-1]
    replacement = path.with_name("incoming.tmp")
    replacement.write_text(json.dumps(data))
    os.replace(replacement, path)
    changed = as_json(run, "stats --json")
    assert added_up == [1, 1]
    monkeypatch.setattr(index, "TOTALS_ONCE", 10**6)
    for path in index_files(isolated_ledger):
        path.unlink()
    assert as_json(run, "stats --json") == changed != kept[0]


def test_amounts_owed_are_written_with_cents(run):
    # A gin 98: 123 points, B shut out -> 2 x (123 + 100 + 25) = 496; at 0.5 -> 248 exactly
    result = play(run, "new A B --stake 0.5 --currency €", "gin a 98")
    assert "At €0.5 per point, B pays A €248.00." in result.output  # was "€248.0"
    final = json.loads(run("status --json").output)["final"]
    assert final["amount"] == "248.00" and final["payments"][0]["amount"] == "248.00"  # exact, in cents as the text


def test_an_empty_date_range_and_an_unknown_player_are_said(run, isolated_ledger):
    play(run, "new Ann Ben", "gin ann 90")
    for command in ("settle", "stats", "games"):
        result = run(f"{command} --since yesterday --until 2020-01-01")
        assert result.exit_code == 1
        assert "no game can be in that range" in result.output and result.output.count("\n") == 1
    assert play(run, "games --since today --until today").output.count("Ann v Ben") == 1
    stranger = run(["stats", "--vs", "Ann", "Zed"])
    assert stranger.exit_code == 1
    assert stranger.output == "Error: no player 'Zed' in any finished game: 'ginscore stats' lists every player\n"
    assert "no player 'Zed'" in run(["stats", "--player", "zed"]).output.replace("'zed'", "'Zed'")
    assert play(run, "stats --vs ann BEN").output.split()[:2] == ["Ann", "Ben"]


NO_BREAK = "\u00a0"


@pytest.mark.parametrize(
    ("language", "stake"),
    [("en", "Stake: €0.05 per point."), ("de", f"Einsatz: 0,05{NO_BREAK}€ pro Punkt."),
     ("ru", f"Ставка: 0,05{NO_BREAK}€ за очко."), ("uk", f"Ставка: 0,05{NO_BREAK}€ за очко.")],
)
def test_an_amount_has_its_currency_where_the_language_writes_it(run, language, stake):
    output = ok(run, ["--lang", language, "new", "Ann", "Bob", "--stake", "0.05", "--currency", "€"]).output
    assert stake in output.splitlines()


def test_a_settlement_in_german_and_russian_puts_the_number_first(run, monkeypatch):
    play(run, ["new", "Ann", "Bob", "--stake", "0.05", "--currency", "₽"], "gin ann 50", "gin ann 50")
    german = ok(run, ["--lang", "de", "status"]).output
    russian = ok(run, ["--lang", "ru", "status"]).output
    english = ok(run, ["status"]).output
    assert f"Bei 0,05{NO_BREAK}₽ pro Punkt: Bob zahlt 30,00{NO_BREAK}₽ an Ann." in german
    assert f"30,00{NO_BREAK}₽" in russian and "₽30" not in russian
    assert "Bob pays Ann ₽30.00" in english
