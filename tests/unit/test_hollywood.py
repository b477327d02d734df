"""Hollywood scoring (RULES.md section 4) on random matches, against a reference written here from
the column rules' wording."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import examples, hollywood_hand, hollywood_hands


def hand_points(hand):
    """(winner index, points) of a generated hand by RULES.md section 2 with default rules."""
    kind, player, mine, theirs = hand
    if kind == "draw":
        return None, 0
    if kind == "gin":
        return player, 25 + theirs
    if mine < theirs:
        return player, theirs - mine
    return 1 - player, mine - theirs + 25  # undercut, a tie included


def reference(wins, columns, target):
    """Per hand: each player's column totals and which columns are closed. A win goes into
    every open column that is the first open one or where the winner already had an entry
    in the column before; a column closes when a total reaches the target."""
    totals = [[0] * columns for _ in range(2)]
    entries = [[0] * columns for _ in range(2)]
    closed = [False] * columns
    after = []
    for winner, points in wins:
        if winner is not None:
            open_columns = [c for c in range(columns) if not closed[c]]
            chosen = [c for c in open_columns if c == open_columns[0] or entries[winner][c - 1] > 0]
            for c in chosen:
                totals[winner][c] += points
                entries[winner][c] += 1
            for c in chosen:
                if totals[winner][c] >= target:
                    closed[c] = True
        after.append(([row[:] for row in totals], closed[:]))
        if all(closed):
            break
    return after


# RULES.md section 3's shutout table: the winner's final total from his points p, game bonus g and
# box points b, when the loser has no entry in the column.
SHUTOUT_TOTALS = {
    "double-total": lambda p, g, b: 2 * (p + g + b),
    "double-before-boxes": lambda p, g, b: 2 * (p + g) + b,
    "double-game-bonus": lambda p, g, b: p + 2 * g + b,
    "double-hands": lambda p, g, b: 2 * p + g + b,
    "flat:100": lambda p, g, b: p + g + b + 100,
    "none": lambda p, g, b: p + g + b,
}


def reference_settlements(wins, columns, target, shutout, last_double):
    """Each closed column's final totals by RULES.md sections 3 and 4 (game bonus 100, box 25,
    a box per entry), replaying the wins with the entry rule; None for a column left open."""
    totals = [[0] * columns for _ in range(2)]
    entries = [[0] * columns for _ in range(2)]
    winners = [None] * columns
    for winner, points in wins:
        open_columns = [c for c in range(columns) if winners[c] is None]
        if not open_columns:
            break
        if winner is None:
            continue
        for c in [c for c in open_columns if c == open_columns[0] or entries[winner][c - 1] > 0]:
            totals[winner][c] += points
            entries[winner][c] += 1
            if totals[winner][c] >= target:
                winners[c] = winner
    settled = []
    for c, winner in enumerate(winners):
        if winner is None:
            settled.append(None)
            continue
        loser = 1 - winner
        plain = totals[winner][c] + 100 + 25 * entries[winner][c]
        won = plain
        if entries[loser][c] == 0:
            won = SHUTOUT_TOTALS[shutout](totals[winner][c], 100, 25 * entries[winner][c])
        lost = totals[loser][c] + 25 * entries[loser][c]
        weight = 2 if last_double and c == columns - 1 else 1
        settled.append({("Ann", "Ben")[winner]: weight * won, ("Ann", "Ben")[loser]: weight * lost})
    return settled


@pytest.mark.slow
@settings(max_examples=examples(120), deadline=None)
@given(
    hands=hollywood_hands(),
    columns=st.integers(1, 4),
    target=st.sampled_from([30, 60, 100]),
    double=st.booleans(),
    shutout=st.sampled_from(sorted(SHUTOUT_TOTALS)),
)
def test_random_matches_follow_the_column_rules(hands, columns, target, double, shutout):
    from ginscore.ops import actions
    settings = {"columns": columns, "column_target": target, "last_column_double": double, "shutout": shutout}
    game = actions.new_game(1, ["Ann", "Ben"], table="hollywood", settings=settings)
    expected = reference([hand_points(hand) for hand in hands], columns, target)
    state = actions.evaluate(game)
    for hand in hands[: len(expected)]:
        game, state = actions.record(game, hollywood_hand(hand))
    data = state.to_json()
    names = ("Ann", "Ben")

    for row, (totals, closed) in zip(data["hands"], expected):
        assert [row["totals"][name] for name in names] == totals

    # before any column closes, a player's n-th win is entered in columns 1 to n
    wins = {name: [] for name in names}
    for row, (_, closed) in zip(data["hands"], expected):
        if any(closed):
            break
        if row["winner"]:
            wins[row["winner"]].append(row["points"])
        for name in names:
            staircase = [sum(wins[name][c:]) for c in range(columns)]
            assert row["totals"][name] == staircase

    closed_at = {}
    for index, row in enumerate(data["hands"]):
        still_open = [c for c in range(columns) if c not in closed_at]
        for name in names:
            values = [row["totals"][name][c] for c in still_open]
            assert values == sorted(values, reverse=True), "open columns never increase to the right"
        for c, (at, frozen) in closed_at.items():
            assert [row["totals"][name][c] for name in names] == frozen, "a closed column never changes"
        for number in row["closes"]:
            closed_at[number - 1] = (index, [row["totals"][name][number - 1] for name in names])

    for c, column in enumerate(data["columns"]):
        for name in names:
            entered = sum(1 for row in data["hands"] if row["winner"] == name and c + 1 in row["columns"])
            assert column["boxes"][name] == entered == column["hands"][name]

    # each closed column is settled as its own game: its entries as boxes, its own shutout
    settled = reference_settlements([hand_points(hand) for hand in hands], columns, target, shutout, double)
    for column, expected_totals in zip(data["columns"], settled):
        assert (column["final"] and column["final"]["totals"]) == expected_totals

    if not state.finished:
        game, state = actions.abandon(game)
        data = state.to_json()
    final = data["final"]
    gains = [
        0 if column["final"] is None
        else column["final"]["net"] * (1 if column["final"]["winner"] == "Ann" else -1)
        for column in data["columns"]
    ]
    ann_net = final["net"] if final["winner"] == "Ann" else -final["net"]
    assert ann_net == sum(gains), "the match net is the sum of the column nets"
    assert final["totals"]["Ann"] - final["totals"]["Ben"] == ann_net
