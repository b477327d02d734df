"""Kinds of table (ginscore.tables): one replay loop for every table, and what a table module may
import."""

import ast

from helpers import ROOT

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
