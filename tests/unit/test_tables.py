"""Kinds of table (ginscore.tables): one replay loop for every table, and what a table module may
import."""

import ast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import ROOT, examples

PACKAGE = ROOT / "ginscore"


FORBIDDEN_TO_TABLES = ("ginscore.tables", "ginscore.output.render", "ginscore.output.render_html", "ginscore.store.ledger", "ginscore.index.index", "ginscore.cli")


def forbidden_imports(source: str) -> list:
    """The imports in ``source`` (at module level or inside a function) of the registry, the
    renderer, the ledger, the index or the CLI; another module of tables/ is allowed."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] if node.module != "ginscore" else [f"ginscore.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if name.startswith("ginscore.tables.") and not name.startswith("ginscore.tables.__init__"):
                continue
            if any(name == banned or name.startswith(banned + ".") for banned in FORBIDDEN_TO_TABLES):
                found.append(name)
    return found


def test_every_table_replays_its_hands_through_the_one_loop():
    """The loop (effective hands, check each, refuse a hand after the end, play it, the end)
    is Table.evaluate (the replay in tables/kept.py): no table writes its own, nor walks the
    journal itself."""
    from ginscore.tables import TABLES, get_table
    from ginscore.tables.base import Table

    for name in TABLES:
        kind = get_table(name)
        assert type(kind).evaluate is Table.evaluate, name
        for step in ("start", "play", "result"):
            assert getattr(type(kind), step) is not getattr(Table, step), (name, step)
    for path in (PACKAGE / "tables").glob("*.py"):
        if path.name not in ("base.py", "kept.py"):
            assert "effective_hands" not in path.read_text("utf-8"), path.name


def test_no_table_imports_the_registry_the_renderer_the_ledger_the_index_or_the_cli():
    offenders = {}
    for path in (PACKAGE / "tables").glob("*.py"):
        if path.name == "__init__.py":  # the registry itself
            continue
        found = forbidden_imports(path.read_text("utf-8"))
        if found:
            offenders[path.name] = found
    assert offenders == {}


def test_the_check_for_what_a_table_imports_can_fail():
    assert forbidden_imports("from ginscore.tables import get_table") == ["ginscore.tables"]
    assert forbidden_imports("def f():\n    from ginscore.output.render import sheet") == ["ginscore.output.render"]
    assert forbidden_imports("import ginscore.cli.show") == ["ginscore.cli.show"]
    assert forbidden_imports("from ginscore.tables.base import Table\nfrom ginscore.base.text import in_words") == []


# What only a view may say: a result is data (rows, totals, payments, statistics, JSON).
PRESENTATION = (
    "hand_report", "totals_line", "progress_line", "result_phrase", "result_lines", "seating_lines", "seating_line",
    "dealer_line", "open_line", "sheet", "score_grid", "status", "pad", "records", "final_records", "csv_hands",
    "csv_final", "words", "lead_lines",
)


def finished_results():
    """A finished game of every table, evaluated (a result with rows and a final block)."""
    from ginscore.ops import actions
    from ginscore.tables import TABLES

    hands = {
        "rummy": [{"kind": "out", "player": "Ann", "losers": {"Ben": 60}}],  # 60 points scored: the target is 50
        # one round: each side's gin at both tables, 85 + 85 > 125
        "partnership": [{"kind": "gin", "player": "Ann", "opponent_deadwood": 60}, {"kind": "gin", "player": "Cy", "opponent_deadwood": 60}],
    }
    results = {}
    for name in TABLES:
        players = {"three-handed": ["Ann", "Ben", "Cy"], "partnership": ["Ann", "Ben", "Cy", "Di"]}.get(name, ["Ann", "Ben"])
        game = actions.new_game(1, players, table=name, settings={"target": 50} if name == "rummy" else {})
        if name == "hollywood":
            game = game._replace(rules=game.rules.with_changes(columns=1))
        for hand in hands.get(name, [{"kind": "gin", "player": "Ann", "opponent_deadwood": 60}] * 2):
            game = game.append("hand", hand=hand)
        results[name] = actions.evaluate(game)
    return results


# A hand as the test draws it: (kind, which of the two at the table went out, K, D).
HANDS = st.tuples(
    st.sampled_from(["knock", "knock", "gin", "draw"]),
    st.integers(0, 1),
    st.integers(1, 10),
    st.integers(0, 40),
)


def as_hand(drawn, player):
    kind, _, knocker, defender = drawn
    if kind == "draw":
        return {"kind": "draw"}
    if kind == "gin":
        return {"kind": "gin", "player": player, "opponent_deadwood": defender}
    return {"kind": "knock", "player": player, "deadwood": knocker, "opponent_deadwood": defender}


def test_every_registered_table_keeps_the_declared_interface():
    from ginscore.core.rules import Rules, Setting
    from ginscore.core.sheets import Grid, Sheet
    from ginscore.ops import actions
    from ginscore.tables import TABLES, get_table
    from ginscore.tables.base import GameResult, Table, TableView

    for name in TABLES:
        kind = get_table(name)
        assert isinstance(kind, Table) and kind.name == name
        assert kind.flag == ("" if name == "standard" else f"--{name}") and kind.description
        assert kind.player_counts and all(isinstance(count, int) for count in kind.player_counts)
        assert kind.settings and all(isinstance(spec, Setting) for spec in kind.settings.values())
        assert kind.hand_kinds and "kind" in kind.hand_fields
        assert isinstance(kind.can_end_early, bool) and (kind.early_end_label or not kind.can_end_early)
        for method in ("check_hand", "check_next_hand", "evaluate", "rules_from", "goal", "seats"):
            assert callable(getattr(kind, method))
        players = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"][: kind.player_counts[0]]
        game = actions.new_game(1, players, table=name)
        assert isinstance(game.rules, Rules) and set(game.rules.to_dict()) == set(kind.settings)
        state = actions.evaluate(game)
        assert isinstance(state, GameResult)
        assert state.finished is False and state.payments() == [] and state.rows == [] and state.final is None
        view = actions.view(state)
        assert isinstance(view, TableView) and type(view) is not TableView
        assert isinstance(view.sheet(), Sheet) and isinstance(view.score_grid(), Grid)
        status = view.status()
        assert isinstance(status, Sheet) and status.grids[0] == view.score_grid() and status.notes == (view.progress_line(), *view.lead_lines())
        assert state.first_to_play is None or state.first_to_play in players
        assert isinstance(view.lead_lines(), list) and isinstance(state.to_json()["streaks"], dict)
        data = state.to_json()
        assert data["table"] == name and data["format"] == name and data["final"] is None
        assert isinstance(view.totals_line(), str) and isinstance(view.progress_line(), str)
        assert isinstance(view.seating_lines(), list)
        assert isinstance(kind.view_of().pad(tuple(players), game.rules, None, None, 3), Sheet)


def test_a_result_is_data_and_its_words_are_the_views():
    from ginscore.ops import actions

    for name, state in finished_results().items():
        assert state.finished and state.final is not None, name
        said = [word for word in PRESENTATION if hasattr(state, word)]
        said += [f"rows.{word}" for word in PRESENTATION if hasattr(state.rows[-1], word)]
        assert said == [], name
        view = actions.view(state)
        assert view.hand_report(False) and view.result_lines() and view.status().csv_final.rows


def test_a_hand_after_the_end_is_refused_by_every_table():
    import copy

    from ginscore.base.errors import HandError
    from ginscore.ops import actions

    for name, state in finished_results().items():
        game = state.game
        last = copy.deepcopy(game.journal[-1]["hand"])
        with pytest.raises(HandError, match="comes after the"):
            actions.evaluate(game.append("hand", hand=last))


@settings(max_examples=examples(60), deadline=None)
@given(hands=st.lists(HANDS, max_size=40), target=st.sampled_from([30, 60, 100]))
def test_random_three_handed_games(hands, target):
    from ginscore.ops import actions

    game = actions.new_game(1, ["Ann", "Ben", "Cy"], table="three-handed", settings={"target": target})
    state = actions.evaluate(game)
    for drawn in hands:
        if state.finished:
            break
        due = state.seating.playing
        sitter = state.seating.sitting_out
        hand = as_hand(drawn, due[drawn[1]])
        game, state = actions.record(game, hand)
        row = state.rows[-1]
        assert row.sitting_out == sitter and row.score.winner != sitter
        if hand["kind"] != "draw":
            assert {hand["player"], row.opponent} == set(due)
        winner = row.score.winner
        expected = due if winner is None else (winner, sitter)
        if not state.finished:
            assert state.seating.playing == expected
    if state.finished:
        payments = state.payments()
        assert sum(state.final.to_json()["nets"].values()) == 0
        assert all(paid.points > 0 and paid.payer != paid.payee for paid in payments)
        totals = state.final.totals
        winner = state.winner
        for paid in payments:  # between the losers, the lower plain total pays the difference
            if winner not in (paid.payer, paid.payee):
                assert paid.points == totals[paid.payee] - totals[paid.payer]


@settings(max_examples=examples(60), deadline=None)
@given(hands=st.lists(st.tuples(HANDS, st.integers(0, 3)), max_size=40), target=st.sampled_from([50, 125]))
def test_random_partnership_games(hands, target):
    from ginscore.ops import actions
    from ginscore.tables.partnership import pairs_of

    players = ["Ann", "Ben", "Cy", "Di"]
    side = {"Ann": "Ann & Cy", "Cy": "Ann & Cy", "Ben": "Ben & Di", "Di": "Ben & Di"}
    game = actions.new_game(1, players, table="partnership", settings={"target": target})
    state = actions.evaluate(game)
    for drawn, seat in hands:
        if state.finished:
            break
        current = state.rounds[-1]
        pair = state.open_pairs[seat % len(state.open_pairs)]
        assert pair in pairs_of(players, current.number)
        hand = as_hand(drawn, pair[drawn[1]])
        if hand["kind"] == "draw":
            hand["player"] = pair[drawn[1]]
        game, state = actions.record(game, hand)
    scores = {"Ann & Cy": 0, "Ben & Di": 0}
    for round_ in state.rounds:
        if not round_.complete:
            continue
        sums = {"Ann & Cy": 0, "Ben & Di": 0}
        for row in round_.results.values():
            if row.score.winner:
                sums[side[row.score.winner]] += row.score.points
        high = max(sums, key=sums.get)
        if sums["Ann & Cy"] == sums["Ben & Di"]:
            assert round_.winner is None
        else:
            assert round_.winner == high and round_.points == abs(sums["Ann & Cy"] - sums["Ben & Di"])
            scores[high] += round_.points
    assert state.scores == scores
    if state.finished:
        payments = state.payments()
        net = {name: 0 for name in players}
        for paid in payments:
            net[paid.payer] -= paid.points
            net[paid.payee] += paid.points
            assert {side[paid.payer], side[paid.payee]} == {"Ann & Cy", "Ben & Di"}
        assert sum(net.values()) == 0
        assert all(paid.points == abs(state.final.net) for paid in payments)
