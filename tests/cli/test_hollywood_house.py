"""Hollywood's house rules from the Hollywood scorer: --gin-bonus-at close (a gin's bonus joins
each column it went into when that column closes, so it never counts toward the target) and
--sweep double (a match one player won every hand of counts double). Worked by hand, then
against a reference written from the rules' words."""

import json

import pytest

from helpers import play, refused


def status(run) -> dict:
    return json.loads(play(run, "status --json").output)


def test_a_match_worked_by_hand(run):
    # column 1: 10 + 5 + 28 = 43 closes at hand 3, then both gins' 25s: 93. Column 2: 5 + 28
    # + 35 = 68 closes at hand 4, then one gin's 25: 93. Column 3: 28 + 35 = 63, no gin.
    # Column 1 settles at 93 + 3 boxes (75) + 100 = 268, a shutout doubles it: 536; column 2
    # the same; column 3: 63 + 50 + 100 = 213, doubled: 426. The match, 1498, is a sweep: 2996.
    play(run, "new Ann Ben --hollywood --target 40 --gin-bonus-at close --sweep double")
    first = play(run, "gin ann 10").output
    assert "Ann +10 in column 1" in first and "The gin bonus of 25 is added when the column closes." in first
    assert status(run)["columns"][0]["scores"] == {"Ann": 10, "Ben": 0}  # the bonus waits
    play(run, "gin ann 5", "knock ann 2 30", "knock ann 5 40")
    data = status(run)
    assert [column["scores"]["Ann"] for column in data["columns"]] == [93, 93, 63]
    assert [column["gin_bonuses"]["Ann"] for column in data["columns"]] == [50, 25, 0]
    assert [column["final"]["net"] for column in data["columns"]] == [536, 536, 426]
    assert (data["final"]["net"], data["final"]["swept"], data["final"]["totals"]["Ann"]) == (2996, True, 1498)
    assert "A sweep: Ann won every hand, so the match counts double." in play(run, "status").output


def test_the_loser_s_gin_bonuses_join_his_score_at_the_close(run):
    play(run, "new Ann Ben --hollywood --columns 1 --target 30 --gin-bonus-at close", "gin ben 4", "knock ann 1 31")
    column = status(run)["columns"][0]
    # Ben's gin scored 4 toward the target, Ann's 30 closed the column; then Ben's 25 joined
    assert column["scores"] == {"Ann": 30, "Ben": 29} and column["winner"] == "Ann"


def test_a_hand_won_by_the_other_player_is_no_sweep_and_a_draw_does_not_spoil_one(run):
    play(run, "new Ann Ben --hollywood --columns 1 --target 30 --sweep double", "draw", "knock ann 1 31")
    assert status(run)["final"]["swept"] is True
    play(run, "new Ann Ben --hollywood --columns 1 --target 30 --sweep double", "knock ben 1 5", "knock ann 1 31")
    final = status(run)["final"]
    assert final["swept"] is False and final["net"] == final["totals"]["Ann"] - final["totals"]["Ben"]


def test_a_match_ended_early_is_no_sweep(run):
    play(run, "new Ann Ben --hollywood --target 100 --sweep double", "knock ann 1 31", "end")
    assert status(run)["final"]["swept"] is False


def test_the_rules_line_and_the_defaults(run, isolated_ledger):
    out = play(run, "new Ann Ben --hollywood --gin-bonus-at close --sweep double").output
    assert "Rules: the gin bonus is added when a column closes, a sweep counts double." in out
    play(run, "new Cy Dee --hollywood")
    games = [json.loads(path.read_text("utf-8")) for path in (isolated_ledger / "games").glob("*.json")]
    stored = {tuple(data["players"]): data["rules"] for data in games}
    assert (stored[("Ann", "Ben")]["gin_bonus_at"], stored[("Ann", "Ben")]["sweep"]) == ("close", "double")
    assert "gin_bonus_at" not in stored[("Cy", "Dee")] and "sweep" not in stored[("Cy", "Dee")]


@pytest.mark.parametrize("option", ["--gin-bonus-at close", "--sweep double"])
def test_other_tables_refuse_hollywood_s_house_rules(run, option):
    refused(run, f"new Ann Ben {option}", option.split()[0], code=1)
