"""Hollywood's house rules from the Hollywood scorer: --gin-bonus-at close (a gin's bonus joins
each column it went into when that column closes, so it never counts toward the target) and
--sweep double (a match one player won every hand of counts double). Worked by hand, then
against a reference written from the rules' words."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.ops import actions
from helpers import examples, hollywood_hand, hollywood_hands, play, refused

NAMES = ("Ann", "Ben")


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


def hand_parts(hand):
    """(winner index, points toward the target, gin bonus) of a generated hand, default rules."""
    kind, player, mine, theirs = hand
    if kind == "draw":
        return None, 0, 0
    if kind == "gin":
        return player, theirs, 25
    if mine < theirs:
        return player, theirs - mine, 0
    return 1 - player, mine - theirs + 25, 0  # undercut, a tie included


def reference(parts, columns, target, bonus_at_close):
    """Each column's final totals and winner: a win goes into every open column that is the
    first open one or where the winner had an entry in the column before; a gin's bonus is
    scored with the hand, or held per column and player and added to both players' totals when
    the column closes."""
    totals = [[0] * columns for _ in range(2)]
    entries = [[0] * columns for _ in range(2)]
    held = [[0] * columns for _ in range(2)]
    winners = [None] * columns
    for winner, points, bonus in parts:
        open_columns = [c for c in range(columns) if winners[c] is None]
        if not open_columns:
            break
        if winner is None:
            continue
        chosen = [c for c in open_columns if c == open_columns[0] or entries[winner][c - 1] > 0]
        for c in chosen:
            totals[winner][c] += points + (0 if bonus_at_close else bonus)
            held[winner][c] += bonus if bonus_at_close else 0
            entries[winner][c] += 1
            if totals[winner][c] >= target:
                winners[c] = winner
                for player in (0, 1):
                    totals[player][c] += held[player][c]
    return totals, winners


@settings(max_examples=examples(120), deadline=None)
@given(
    hands=hollywood_hands(),
    columns=st.integers(1, 4),
    target=st.sampled_from([30, 60, 100]),
    bonus_at_close=st.booleans(),
    sweep=st.booleans(),
)
def test_random_matches_follow_the_reference(hands, columns, target, bonus_at_close, sweep):
    rules = {"columns": columns, "column_target": target, "gin_bonus_at": "close" if bonus_at_close else "hand",
             "sweep": "double" if sweep else "off"}
    game = actions.new_game("k7f3q2ab", NAMES, table="hollywood", settings=rules)
    state = actions.evaluate(game)
    played = []
    for hand in hands:
        if state.finished:
            break
        game, state = actions.record(game, hollywood_hand(hand))
        played.append(hand)
    totals, winners = reference([hand_parts(hand) for hand in played], columns, target, bonus_at_close)
    data = state.to_json()
    for c, column in enumerate(data["columns"]):
        assert [column["scores"][name] for name in NAMES] == [totals[0][c], totals[1][c]]
        assert column["winner"] == (None if winners[c] is None else NAMES[winners[c]])
    if state.finished and data["final"]["winner"]:
        final = data["final"]
        column_sum = sum(
            column["final"]["net"] * (1 if column["final"]["winner"] == final["winner"] else -1) for column in data["columns"]
        )
        won = {row["winner"] for row in data["hands"]} - {None}
        assert final["swept"] == (sweep and won == {final["winner"]})
        assert final["net"] == column_sum * (2 if final["swept"] else 1)
