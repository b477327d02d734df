"""Hollywood's house rules (--gin-bonus-at close, --sweep double) on random matches, against a
reference written from the rules' words."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.ops import actions
from helpers import examples, hollywood_hand, hollywood_hands

NAMES = ("Ann", "Ben")


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
