"""ginscore import (issue 22 item 6): a backup the score-pad web app made with its own export
code (tests/fixtures/scorepad/make_backup.mjs runs the app's src/state.js under node) imports,
and every imported game's totals, boxes, result, final totals and next dealer are what the
app itself computes for it (totals.json, made by the app's functions from the same backup);
importing again, or on a second device, adds nothing; a file that is not a score-pad backup
is refused with one line and nothing written."""

import copy
import json
import os

from helpers import ledger_bytes, ok, refused
from helpers_scorepad import BACKUP, SCOREPAD, UNMAPPABLE, backup_data


def app_totals() -> dict:
    with open(os.path.join(SCOREPAD, "totals.json"), encoding="utf-8") as handle:
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
    broken = copy.deepcopy(data)
    del broken["store"]["games"][0]["winner"]  # a finished game's: it had stopped the import with a KeyError
    made["a game without its winner"] = json.dumps(broken).encode()
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
