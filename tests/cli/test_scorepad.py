"""ginscore import (issue 22 item 6): a backup the score-pad web app made with its own export
code (tests/fixtures/scorepad/make_backup.mjs runs the app's src/state.js under node) imports,
and every imported game's totals, boxes, result, final totals and next dealer are what the
app itself computes for it (totals.json, made by the app's functions from the same backup);
importing again, or on a second device, adds nothing; a file that is not a score-pad backup
is refused with one line and nothing written."""

import copy
import json
import os
import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import FIXTURES, examples, ledger_bytes, ok, refused

SCOREPAD = os.path.join(FIXTURES, "scorepad")
BACKUP = os.path.join(SCOREPAD, "backup.json")
UNMAPPABLE = "g_3hwzuefa"  # its second hand is an undercut by 14, more than a knock of 10 can lose by


def app_totals() -> dict:
    with open(os.path.join(SCOREPAD, "totals.json"), encoding="utf-8") as handle:
        return json.load(handle)


def backup_data() -> dict:
    with open(BACKUP, encoding="utf-8") as handle:
        return json.load(handle)


def imported(run, path=BACKUP) -> dict:
    result = run(["import", str(path), "--json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def status(run, game_id) -> dict:
    return json.loads(ok(run, ["status", "--game", game_id, "--json"]).stdout)


def test_every_imported_game_scores_as_the_app_scores_it(run):
    report = imported(run)
    totals = app_totals()
    assert [entry["source"] for entry in report["imported"]] == [source for source in totals if source != UNMAPPABLE]
    assert [entry["source"] for entry in report["not_imported"]] == [UNMAPPABLE]
    for entry in report["imported"]:
        app, game = totals[entry["source"]], status(run, entry["game"])
        players = app["players"]
        assert game["players"] == players
        assert [game["scores"][name] for name in players] == app["scores"], entry
        assert [game["boxes"][name] for name in players] == app["boxes"], entry
        assert len(game["hands"]) == app["hands"]
        assert game["finished"] == (app["phase"] == "finished")
        assert game["winner"] == app["winner"]
        if app["finals"] is None:
            assert game["final"] is None and game["next_dealer"] == app["dealer"]
        else:
            assert [game["final"]["totals"][name] for name in players] == app["finals"], entry
            assert game["final"]["shutout"] == app["shutout"]


def test_rules_map_to_ginscore_settings():
    from ginscore.exchange import scorepad

    games = {item.source: item.game for item in scorepad.plan(backup_data()).games}
    assert games[UNMAPPABLE] is None
    custom = games["g_fy1eiiqt"].rules  # target 150, gin 30, long gin 50, undercut 15, box 20, game 150, shutout 0
    assert (custom.target, custom.gin_bonus, custom.big_gin_bonus, custom.undercut_bonus) == (150, 30, 50, 15)
    assert (custom.box_bonus, custom.game_bonus, custom.shutout, custom.deal) == (20, 150, "none", "alternate")
    legacy = games["g_8iinq454"].rules  # kept no rules: the app's older defaults, undercut 10
    assert (legacy.undercut_bonus, legacy.gin_bonus, legacy.shutout, legacy.target) == (10, 25, "flat:100", 100)
    standard = games["g_3nvpbp0x"].rules
    assert (standard.undercut_bonus, standard.big_gin_bonus, standard.shutout, standard.knock_limit) == (25, 25, "flat:100", 10)


def test_importing_again_adds_nothing_and_the_current_game_stays(run, isolated_ledger):
    ok(run, "new Alice Bob")
    first = imported(run)
    assert len(first["imported"]) == 6
    before = ledger_bytes(isolated_ledger)
    again = imported(run)
    assert again["imported"] == [] and again["already"] == first["imported"]
    assert ledger_bytes(isolated_ledger) == before
    assert json.loads(ok(run, "status --json").stdout)["players"] == ["Alice", "Bob"]


def test_an_imported_game_carries_on_here_and_a_later_import_leaves_it(run, isolated_ledger):
    report = imported(run)
    game = next(entry["game"] for entry in report["imported"] if entry["source"] == "g_3esh56sm")  # Mira 65, Ann 25
    assert status(run, game)["next_dealer"] == "Ann"
    after = json.loads(ok(run, ["knock", "ann", "2", "30", "--game", game, "--json"]).stdout)
    assert after["scores"] == {"Mira": 65, "Ann": 53} and after["next_dealer"] == "Mira"  # the deal alternates
    before = ledger_bytes(isolated_ledger)
    again = run(["import", BACKUP])
    assert f"Score-pad game g_3esh56sm is game {game} here already" in again.stdout
    assert ledger_bytes(isolated_ledger) == before
    ok(run, ["undo", "--game", game])
    assert status(run, game)["scores"] == {"Mira": 65, "Ann": 25}


def test_two_devices_importing_one_backup_hold_one_game_each(run, tmp_path, monkeypatch):
    """Imported on two devices before they synced: the same ids and entries, merged once."""
    there = tmp_path / "laptop"
    monkeypatch.setenv("GINSCORE_DEVICE", "laptop")
    mine = imported(run)
    monkeypatch.setenv("GINSCORE_DEVICE", "phone")
    theirs = json.loads(run(["--ledger", str(there), "import", BACKUP, "--json"]).stdout)
    assert theirs["imported"] == mine["imported"]
    hands = {entry["game"]: len(status(run, entry["game"])["hands"]) for entry in mine["imported"]}
    merged = json.loads(ok(run, ["merge", str(there), "--json"]).stdout)
    assert merged["added"] == [] and merged["extended"] == {} and merged["renamed"] == {} and not merged["problems"]
    assert {game: len(status(run, game)["hands"]) for game in hands} == hands
    assert json.loads(ok(run, "check --json").stdout)["problems"] == []


def test_what_cannot_be_entered_is_said_and_the_rest_imported():
    from ginscore.exchange import scorepad

    data = backup_data()
    games = data["store"]["games"]
    first = games[0]
    first["hands"].append(copy.deepcopy(first["hands"][0]))  # a hand after Mira reached 117
    games[1]["hands"][0]["totalThisHand"] += 5  # not what its rules give
    games[2]["p1Id"] = "p_nobody"
    games[3]["rules"] = {**games[3].get("rules", {}), "longGinBonus": 0}  # it has a long gin
    games[4]["hands"][0].update(type="knock", points=98, totalThisHand=98)
    games[5]["p1Id"] = games[5]["p0Id"]  # Theo against Theo
    games[5]["rules"]["doubleOn"] = 2  # a rule the app does not have
    data["store"]["players"].append({"id": "p_blank", "name": ""})
    games[6]["p0Id"] = "p_blank"  # a player without a name
    problems = [item.problem for item in scorepad.plan(data).games]
    causes = ["hand 7 comes after the end", "hand 1 counts 57 points", "p_nobody", "long gin bonus of 0",
              "hand 1: a knock won by 98", "named twice", "empty"]
    assert all(cause in problem for cause, problem in zip(causes, problems, strict=True)), problems
    notes = scorepad.plan(data).notes
    assert any("doubleOn" in note for note in notes)


def test_the_report_says_each_game_in_one_line(run):
    result = run(["import", BACKUP])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "Game zxjjyh5c: score-pad game g_3nvpbp0x, Mira v Theo, 6 hands, won by Mira: Mira 117, Theo 64.",
        "Game f67ahbn2: score-pad game g_fy1eiiqt, Theo v Ann, 6 hands, won by Ann: Theo 59, Ann 154.",
        "Game bauf3abr: score-pad game g_8iinq454, Ann v Mira, 5 hands, won by Ann: Ann 137, Mira 30.",
        "Game evbd7vth: score-pad game g_ip4gz3au, Ann v Theo, 3 hands, won by Ann: Ann 133, Theo 0.",
        "Game ezgzzpap: score-pad game g_3esh56sm, Mira v Ann, 4 hands, in progress: Mira 65, Ann 25.",
        "Game xjzaf5d2: score-pad game g_t78g1v9d, Theo v Mira, 0 hands, in progress: Theo 0, Mira 0.",
        "Score-pad game g_3hwzuefa not imported: hand 2: an undercut by 14 cannot be entered: the knocker holds "
        "at most 10, so an undercut wins by at most 10 before its bonus.",
        "The score-pad app's rules for new games (target 150) are not imported: ginscore starts new games with "
        "its own rules and the house-rules file ('ginscore config').",
        "The backup keeps no deadwood, only its difference: a knock is entered as the knocker's 1 against "
        "1 + the difference, an undercut as the knocker's 10 against 10 - the difference.",
    ]
    again = run(["import", BACKUP]).stdout.splitlines()
    assert again[0] == "Score-pad game g_3nvpbp0x is game zxjjyh5c here already: nothing added."


def foreign_files(tmp_path):
    """(name, path) of files that are not score-pad backups, each one way."""
    data = backup_data()
    made = {
        "not JSON": b"<html>gin</html>",
        "empty": b"",
        "cut short": json.dumps(data).encode()[:500],
        "another app's": json.dumps({"kind": "other-app.v1", "store": data["store"]}).encode(),
        "no kind": json.dumps(data["store"]).encode(),
        "a list": b"[1, 2]",
        "no store": json.dumps({"kind": "gin-rummy-counter.v2"}).encode(),
        "players not a list": json.dumps({**data, "store": {**data["store"], "players": {}}}).encode(),
        "a key twice": b'{"kind": "gin-rummy-counter.v2", "kind": "x", "store": {}}',
        "nested deep": b'{"kind": "gin-rummy-counter.v2", "store": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        "not UTF-8": b'{"kind": "\xff"}',
    }
    broken = copy.deepcopy(data)
    broken["store"]["games"][1]["hands"][2]["type"] = "bigGin"
    made["an unknown hand"] = json.dumps(broken).encode()
    broken = copy.deepcopy(data)
    broken["store"]["games"][0]["hands"][0]["points"] = -3
    made["negative points"] = json.dumps(broken).encode()
    broken = copy.deepcopy(data)
    broken["store"]["games"][2]["id"] = broken["store"]["games"][0]["id"]
    made["one id twice"] = json.dumps(broken).encode()
    paths = []
    for number, (name, raw) in enumerate(made.items()):
        path = tmp_path / f"file{number}.json"
        path.write_bytes(raw)
        paths.append((name, str(path)))
    (tmp_path / "folder").mkdir()
    return paths + [("a folder", str(tmp_path / "folder")), ("missing", str(tmp_path / "missing.json"))]


def test_foreign_and_damaged_files_are_refused_with_nothing_written(run, tmp_path, isolated_ledger):
    for name, path in foreign_files(tmp_path):
        line = refused(run, ["import", path], path, code=1)
        assert "Traceback" not in line, name
        assert not os.path.exists(isolated_ledger), name  # not even the ledger folder


def test_a_backup_too_large_is_refused_before_it_is_parsed(run, tmp_path, monkeypatch):
    from ginscore.exchange import scorepad

    monkeypatch.setattr(scorepad, "MAX_BACKUP_BYTES", 1000)
    refused(run, ["import", BACKUP], "larger than 1,000 bytes", code=1)


def test_a_foreign_file_is_refused_in_these_words(run, tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"kind": "other-app.v1", "store": {}}', encoding="utf-8")
    line = refused(run, ["import", str(path)])
    assert line == (
        f"Error: {path} is not a score-pad backup ginscore can read: its kind is 'other-app.v1', not "
        "gin-rummy-counter.v2; give the file the score-pad app saves with \"Download backup\""
    )


def test_a_backup_without_games_imports_nothing(run, tmp_path):
    path = tmp_path / "empty.json"
    path.write_text(json.dumps({"kind": "gin-rummy-counter.v2", "exportedAt": "x", "store": {"players": [], "games": []}}))
    assert ok(run, ["import", str(path)]).stdout.strip() == "Nothing to import: the backup holds no game."


APP = os.environ.get("GINSCORE_SCOREPAD_APP")  # a checkout of the score-pad app, for the test below


@pytest.mark.skipif(not (APP and shutil.which("node")), reason="needs node and $GINSCORE_SCOREPAD_APP (the app's checkout)")
def test_the_fixtures_are_what_the_apps_own_code_makes(tmp_path):
    subprocess.run(["node", os.path.join(SCOREPAD, "make_backup.mjs"), APP, str(tmp_path)], check=True, timeout=60)
    for name in ("backup.json", "totals.json"):
        with open(os.path.join(SCOREPAD, name), "rb") as handle:
            assert (tmp_path / name).read_bytes() == handle.read(), name


# ---- any game the app can hold: against the app's arithmetic, written out again ----

BOUNDS = {"target": (50, 500), "ginBonus": (0, 100), "longGinBonus": (1, 100), "undercutBonus": (0, 100),
          "boxBonus": (0, 50), "gameBonus": (0, 250), "shutoutBonus": (0, 300)}  # the app's rule steppers
# (a long gin bonus of 0 is big gin off here: test_what_cannot_be_entered_is_said_and_the_rest_imported)
HANDS = st.one_of(  # (type, winner, points) as the app's score sheet takes them, each one ginscore can enter
    st.tuples(st.just("knock"), st.integers(0, 1), st.integers(1, 97)),
    st.tuples(st.just("undercut"), st.integers(0, 1), st.integers(1, 10)),
    st.tuples(st.sampled_from(["gin", "longGin"]), st.integers(0, 1), st.integers(0, 98)),
)


def app_game(rules, hands, dealer_start):
    """A game as the app stores it, scored as its src/state.js scores (applyHandToGame,
    summaryForGame), and its finals; the hands after the game was won are not played."""
    bonus = {"knock": 0, "gin": rules["ginBonus"], "longGin": rules["longGinBonus"], "undercut": rules["undercutBonus"]}
    scores, boxes, kept = [0, 0], [0, 0], []
    for number, (kind, winner, points) in enumerate(hands):
        if max(scores) >= rules["target"]:
            break
        scores[winner] += points + bonus[kind]
        boxes[winner] += 1
        kept.append({"id": f"h{number}", "deal": number + 1, "type": kind, "winner": winner, "points": points,
                     "totalThisHand": points + bonus[kind]})
    finished = max(scores) >= rules["target"]
    winner = (0 if scores[0] > scores[1] else 1) if finished else None
    finals = None
    if finished:
        loser = 1 - winner
        finals = [0, 0]
        finals[winner] = scores[winner] + rules["gameBonus"] + boxes[winner] * rules["boxBonus"]
        finals[winner] += rules["shutoutBonus"] if boxes[loser] == 0 else 0
        finals[loser] = scores[loser] + boxes[loser] * rules["boxBonus"]
    game = {"id": "g_any", "createdAt": 1785002564000, "p0Id": "p_a", "p1Id": "p_b", "scores": scores, "boxes": boxes,
            "hands": kept, "deal": len(kept) + 1, "dealerStart": dealer_start,
            "phase": "finished" if finished else "playing", "winner": winner, "rules": rules}
    return game, finals


@settings(max_examples=examples(150))
@given(st.fixed_dictionaries({key: st.integers(*bounds) for key, bounds in BOUNDS.items()}),
       st.lists(HANDS, max_size=30), st.integers(0, 1))
def test_any_game_the_app_can_hold_scores_here_as_the_app_scores_it(rules, hands, dealer_start):
    from ginscore.exchange import scorepad
    from ginscore.ops import actions

    game, finals = app_game(rules, hands, dealer_start)
    players = [{"id": "p_a", "name": "Ann"}, {"id": "p_b", "name": "Ben"}]
    plan = scorepad.plan({"kind": "gin-rummy-counter.v2", "store": {"players": players, "games": [game]}})
    made = plan.games[0].game
    assert made is not None, plan.games[0].problem
    state = actions.evaluate(made)
    assert [state.scores["Ann"], state.scores["Ben"]] == game["scores"]
    assert [state.boxes["Ann"], state.boxes["Ben"]] == game["boxes"]
    assert state.winner == (None if game["winner"] is None else ["Ann", "Ben"][game["winner"]])
    assert (None if state.final is None else [state.final.totals["Ann"], state.final.totals["Ben"]]) == finals
    if not state.finished:  # the app's dealerOf: the deal alternates from dealerStart
        assert state.next_dealer == ["Ann", "Ben"][(dealer_start + len(game["hands"])) % 2]
