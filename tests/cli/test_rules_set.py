"""'ginscore rules set SETTING VALUE' on a game being played (issue 22 item 2): a journal entry,
every hand scored again under the new rules, undo/redo take it back, refused with one line
where it cannot apply. The oracle of the differential is the same game started under the new
rules: what it scores is what the changed game must score."""

import json

import pytest

from helpers import game_ids, play, refused, status_json
from helpers_devices import DAY, YEAR, as_json, ok, status_totals
from syncer import Device, Syncer


def scored(run, *extra) -> dict:
    """What the game scores, without what makes one game another (its id, its start) and
    without the record of the change itself."""
    data = status_json(run, *extra)
    for key in ("id", "created", "rules_changes"):
        data.pop(key, None)
    return data


# table -> (start, hands before the change, SETTING VALUE, the option of 'new' that starts the
# game under the new rules, hands after the change)
GAMES = {
    "standard": ("new A B", ["knock a 4 15", "gin b 10"], "gin-bonus 20", "--gin-bonus 20", ["knock a 9 5"]),
    "hollywood": ("new A B --hollywood", ["gin a 10", "knock b 3 20"], "gin-bonus 15", "--gin-bonus 15", ["gin b 5"]),
    "three-handed": ("new A B C --three-handed", ["knock a 2 20"], "undercut-bonus 10", "--undercut-bonus 10",
                     ["knock c 9 5"]),
    "partnership": ("new A B C D --partnership", ["gin a 10", "knock d 3 9"], "gin-bonus 20", "--gin-bonus 20",
                    ["knock a 2 12"]),
    "rummy": ("new A B C --rummy", ["out a b=10 c=5"], "target 40", "--target 40", ["out b a=3 c=7"]),
}


@pytest.mark.parametrize("table", GAMES)
def test_a_game_with_its_rules_changed_scores_as_one_started_under_them(run, table):
    start, before, change, option, after = GAMES[table]
    play(run, f"{start} {option}", *before, *after)
    expected = scored(run)
    play(run, start, *before)
    unchanged = scored(run)
    play(run, f"rules set {change}")
    play(run, *after)
    assert scored(run) == expected
    play(run, "undo", *["undo"] * len(after))  # the later hands, then the change
    assert scored(run) == unchanged
    play(run, "redo")  # the change comes back first
    assert scored(run)["rules"] == expected["rules"]


def test_every_hand_is_scored_again_worked_by_hand(run):
    # A knocks 4 v 15: 11. B's gin v 10: 10 + 25 = 35, with a gin bonus of 20: 30.
    play(run, "new A B", "knock a 4 15", "gin b 10")
    result = play(run, "rules set gin-bonus 20")
    assert "gin-bonus is now 20" in result.output and "Totals: A 11, B 30." in result.output
    data = status_json(run)
    assert [hand["points"] for hand in data["hands"]] == [11, 30]
    assert data["rules"]["gin_bonus"] == 20
    assert data["rules_changes"] == [{"at_hand": 3, "settings": {"gin_bonus": 20}}]
    # an undercut of 4 with the bonus 10 instead of 25: 14
    play(run, "rules set undercut-bonus 10", "knock a 9 5")
    assert status_json(run)["scores"] == {"A": 11, "B": 44}


def test_each_table_worked_by_hand(run):
    # Hollywood: A's gin v 10 goes into column 1 as 10 + 15 = 25; B's knock 3 v 20, 17.
    play(run, "new A B --hollywood", "gin a 10", "rules set gin-bonus 15", "knock b 3 20")
    assert status_json(run)["scores"] == {"A": [25, 0, 0], "B": [17, 0, 0]}
    # three-handed: A knocks 2 v 20 (18); A undercuts C's knock 9 v 5 with the bonus 10: 4 + 10
    play(run, "new A B C --three-handed", "knock a 2 20", "rules set undercut-bonus 10", "knock c 9 5")
    assert status_json(run)["scores"]["A"] == 32
    # partnership: A's gin v 10 with the bonus 20 is 30, D's knock 3 v 9 is 6: A & C +24
    play(run, "new A B C D --partnership", "gin a 10", "knock d 3 9", "rules set gin-bonus 20")
    assert status_json(run)["scores"] == {"A & C": 24, "B & D": 0}
    # Rummy: with a target of 20, A's 15 and then 6 more end the game at 21
    play(run, "new A B C --rummy", "out a b=10 c=5", "rules set target 20", "out a b=4 c=2")
    data = status_json(run)
    assert data["finished"] and data["winner"] == "A" and data["points"]["A"] == 21


def test_status_the_sheet_and_the_log_say_where_the_rules_changed(run):
    play(run, "new A B", "knock a 4 15", "rules set gin-bonus 20", "rules set target 150", "gin b 10",
         "rules set box-bonus 20")
    status = play(run, "status").output
    assert "Rules changed at hand 2: gin bonus 20, target 150." in status
    assert "Rules changed at hand 3: box bonus 20." in status
    sheet = play(run, "sheet").output
    assert "Rules changed at hand 2: gin bonus 20, target 150." in sheet and "first to 150" in sheet
    log = play(run, "log").output
    assert "rules set: gin-bonus 20" in log and "rules set: box-bonus 20" in log
    entries = json.loads(play(run, "log --json").output)["entries"]
    assert [entry["action"] for entry in entries] == ["hand", "rules", "rules", "hand", "rules"]
    assert entries[1]["settings"] == {"gin_bonus": 20} and entries[1]["counts"] is True
    play(run, "undo")
    entries = json.loads(play(run, "log --json").output)["entries"]
    assert entries[4]["counts"] is False and entries[5]["target"] == entries[4]["id"]
    assert "undone" in play(run, "log").output
    assert json.loads(play(run, "rules --game " + game_ids(run)[-1] + " --json").output)["rules"]["target"] == 150


def test_undo_takes_back_the_latest_of_a_hand_and_a_change(run):
    play(run, "new A B", "knock a 4 15", "rules set gin-bonus 20", "gin b 10")
    assert "Undid hand 2" in play(run, "undo").output
    said = play(run, "undo").output
    assert "Undid the rules change" in said and "gin-bonus 20" in said
    assert status_json(run)["rules"]["gin_bonus"] == 25
    assert "Undid hand 1" in play(run, "undo").output
    assert "Redid hand 1" in play(run, "redo").output
    assert "Redid the change of game" in play(run, "redo").output
    assert status_json(run)["rules"]["gin_bonus"] == 20
    play(run, "redo")
    assert status_json(run)["scores"] == {"A": 11, "B": 30}


def test_rules_set_with_json_prints_the_game(run):
    play(run, "new A B", "gin b 10")
    data = json.loads(play(run, "rules set gin-bonus 30 --json").output)
    assert data["schema"] == "ginscore.game" and data["scores"] == {"A": 0, "B": 40}


def test_the_refusals_name_what_is_wrong(run):
    play(run, "new Alice Bob", "gin bob 60", "knock alice 2 10")  # Bob 85, Alice 8
    refused(run, "rules set colour red", "no setting 'colour'", "gin-bonus", code=1)
    refused(run, "rules set gin-bonus lots", "gin-bonus must be a whole number", code=1)
    refused(run, "rules set columns 2", "not a setting of a standard game", "hollywood", code=1)
    refused(run, "rules set oklahoma yes", "oklahoma cannot change once a hand is recorded", code=1)
    refused(run, "rules set gin-bonus 25", "already has gin-bonus 25", code=1)
    line = refused(run, "rules set target 80", code=1)
    assert line == ("Error: Bob already has 85 points: with target 80 the target would have been reached "
                    "before now; give more than 85")
    # a gin bonus of 40 carries Bob past 100 at hand 1: hand 2 would come after the end
    refused(run, "rules set gin-bonus 40", "with gin-bonus 40", "hand 2 comes after the game ended at hand 1", code=1)
    refused(run, "rules set", code=2)
    refused(run, "rules set target", code=2)
    refused(run, "rules set target 150 --hollywood", code=2)
    refused(run, "rules pagat target", code=2)


def test_a_change_that_would_end_the_game_at_its_last_hand_is_refused(run):
    play(run, "new A B", "knock a 2 20", "gin b 60")  # A 18, B 85
    refused(run, "rules set gin-bonus 40", "would have ended at hand 2", code=1)


def test_a_setting_the_table_seats_by_its_own_rule_is_refused(run):
    play(run, "new A B C --three-handed", "knock a 2 20")
    refused(run, "rules set deal alternate", "not a setting of a three-handed game", code=1)


def test_a_game_over_or_voided_keeps_its_rules(run):
    play(run, "new A B", "gin a 90")
    refused(run, "rules set gin-bonus 20", "is over", code=1)
    play(run, "new C D", "knock c 2 10")
    play(run, f"void {game_ids(run)[-1]}")
    refused(run, f"rules set gin-bonus 20 --game {game_ids(run)[-1]}", "is voided", code=1)


def test_before_any_hand_every_setting_may_change(run):
    play(run, "new A B", "rules set oklahoma yes", "knock a 2 10 --upcard 5h")
    data = status_json(run)
    assert data["rules"]["oklahoma"] is True and data["hands"][0]["points"] == 8
    assert data["rules_changes"] == [{"at_hand": 1, "settings": {"oklahoma": True}}]


def test_a_file_whose_rules_entry_names_an_unknown_setting_is_reported(run, isolated_ledger):
    play(run, "new A B", "knock a 2 10", "rules set gin-bonus 20")
    [path] = list((isolated_ledger / "games").glob("game-*.json"))
    data = json.loads(path.read_text("utf-8"))
    data["journal"][-1]["settings"] = {"gin_bonsu": 20}
    path.write_text(json.dumps(data), "utf-8")
    result = run("check")
    assert result.exit_code == 1 and "settings.gin_bonsu" in result.output


def test_the_printed_page_says_where_the_rules_changed(run):
    play(run, "new A B", "knock a 2 10", "rules set gin-bonus 20")
    page = play(run, "sheet --format html").output
    assert "gin bonus 20 (Rules changed at hand 2: gin bonus 20.)" in page


# (the differential over random games, a change made mid-game scoring as the game started under
# the new rules, is tests/unit/test_rules_set.py's)


@pytest.mark.parametrize("offset", [0, 3 * DAY, -10 * YEAR], ids=["same-clock", "days-ahead", "years-behind"])
def test_a_hand_played_under_a_knock_limit_lowered_apart_is_kept_and_the_game_reads(tmp_path, offset):
    """The laptop lowers the knock limit to 8 while the phone, apart, records a knock with 9
    (fine under the limit of 10 it had seen): once merged, every device reads the game, the knock
    kept, not counted and named with what to do. (No command read the game on any device, and
    'check' failed: "the knocker's deadwood 9 is over this hand's knock limit of 8"; a random
    search of clones sharing a ledger through git found it.)"""
    laptop, phone = Device(tmp_path, "laptop"), Device(tmp_path, "phone")
    phone.offset_ms = offset
    syncer = Syncer.of([laptop, phone], "syncthing")
    ok(laptop, "new Ann Ben")
    game = as_json(laptop, "status")["id"]
    ok(laptop, "knock ann 4 15")  # Ann 15 - 4 = 11
    syncer.settle()
    ok(laptop, f"rules set knock-limit 8 --game {game}")
    ok(phone, f"knock ann 9 40 --game {game}")  # apart: Ann 40 - 9 = 31 under a limit of 10
    syncer.settle()
    for device in (laptop, phone):
        assert status_totals(device, game) == "Totals: Ann 11, Ben 0."  # the knock with 9 does not count
        said = ok(device, f"status --game {game}").stdout
        assert f"hand 2 of game {game} breaks a rule changed on another device apart" in said
        log = as_json(device, f"log --game {game}")["entries"]
        assert [entry["counts"] for entry in log if entry["action"] == "hand"] == [True, False]
        assert "against rules changed apart: does not count" in ok(device, f"log --game {game}").stdout
        assert as_json(device, "check")["ok"] is True
    assert len({ok(device, f"status --game {game} --json").stdout for device in (laptop, phone)}) == 1
    ok(laptop, f"undo --game {game}")  # the rules change taken back: the knock counts, 11 + 31
    assert status_totals(laptop, game) == "Totals: Ann 42, Ben 0."
    assert laptop.run(f"redo --game {game}").exit_code == 1  # made here, it would set the knock aside
    ok(laptop, f"edit 2 knock ann 7 40 --game {game}")  # corrected: 11 + 33
    assert status_totals(laptop, game) == "Totals: Ann 44, Ben 0."
