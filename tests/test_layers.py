"""The layers of ginscore, held by its import graph: every import of a ginscore module by another
(at module level, inside a function, and the registries' "module:Class" strings) goes down the
layers or stays within one, and no two modules import each other, however indirectly.

The layers, lowest first (each may import only from its own layer and those below it):

    foundations   i18n, errors, text helpers, shell quoting, paths, safe file I/O, JSON reading
    domain        cards and the solver, rules, the game journal, scoring, statistics, payments
    tables        ginscore/tables/: one module per kind of table, and the registry
    services      the file format (schema), actions, summary, the evening's money
    storage       ledger, index, totals, history, config, house_lang, backup, settlements, checks, book
    presentation  render, render_html
    cli           ginscore/cli/ and ``python -m ginscore``

An import inside a function is only for start-up cost: one of a module its importer loads
anyway at module level saves nothing, and is refused here. A new module must be given its
layer in ``LAYERS``.
"""

from __future__ import annotations

import ast
import os
import re
from collections import defaultdict

import pytest

PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ginscore")

LAYERS = {
    "foundations": (
        "ginscore", "ginscore.i18n", "ginscore.errors", "ginscore.text", "ginscore.shell", "ginscore.paths",
        "ginscore.safefile", "ginscore.jsonfile", "ginscore.jsontypes", "ginscore.json_contract", "ginscore.ids", "ginscore.device", "ginscore.syncnames",
        "ginscore.translit", "ginscore.paper_size",
    ),
    "domain": (
        "ginscore.cards", "ginscore.meld_search", "ginscore.melds", "ginscore.knock", "ginscore.card_hands",
        "ginscore.rules", "ginscore.names", "ginscore.places", "ginscore.game", "ginscore.apart", "ginscore.renaming", "ginscore.changes", "ginscore.scoring", "ginscore.statistics", "ginscore.fewest_payments", "ginscore.sheets",
    ),
    "tables": ("ginscore.tables", "ginscore.tables.*"),
    "services": ("ginscore.schema", "ginscore.schema_journal", "ginscore.schema_fields", "ginscore.actions", "ginscore.placing", "ginscore.summary", "ginscore.evening",
                 "ginscore.export", "ginscore.export_text", "ginscore.scorepad"),
    "storage": (
        "ginscore.ledger", "ginscore.index", "ginscore.totals", "ginscore.history", "ginscore.config",
        "ginscore.backup", "ginscore.settlements", "ginscore.settlement_files", "ginscore.checks", "ginscore.book", "ginscore.house_lang", "ginscore.cached",
        "ginscore.merging", "ginscore.carry_on",
    ),
    "presentation": ("ginscore.render", "ginscore.render_html"),
    "cli": ("ginscore.cli", "ginscore.cli.*", "ginscore.__main__", "ginscore.web", "ginscore.web.*"),
}
ORDER = list(LAYERS)
# What the ledger and the safe file I/O must never reach, however indirectly: anything that
# evaluates a game, renders it or indexes it.
BELOW_SCORING = ("ginscore.ledger", "ginscore.safefile")
NOT_BELOW_SCORING = (
    "ginscore.actions", "ginscore.summary", "ginscore.index", "ginscore.totals", "ginscore.history", "ginscore.book",
    "ginscore.checks", "ginscore.render", "ginscore.render_html", "ginscore.tables", "ginscore.tables.*", "ginscore.cli",
    "ginscore.cli.*",
)
# What a table module must not import: the registry, the renderers, storage, the CLI.
NOT_FOR_TABLES = (
    "ginscore.tables", "ginscore.render", "ginscore.render_html", "ginscore.ledger", "ginscore.index", "ginscore.book",
    "ginscore.cli", "ginscore.cli.*",
)
# What a shell must not import: the storage and the index. ``Book`` is the one way in (issue 32).
STORAGE = (
    "ginscore.ledger", "ginscore.index", "ginscore.cached", "ginscore.totals", "ginscore.history", "ginscore.settlements",
    "ginscore.merging", "ginscore.backup", "ginscore.schema", "ginscore.schema_journal",
)
SHELLS = ("ginscore.cli", "ginscore.cli.*", "ginscore.__main__")
# The command modules of the commands typed between hands, whose start-up the budget is about.
FASTEST = ("ginscore.cli.show", "ginscore.cli.play")
REGISTERED = re.compile(r"(ginscore(?:\.\w+)+):\w+")  # "ginscore.tables.rummy:RummyTable"


def matches(module: str, patterns) -> bool:
    return any(module == pattern or (pattern.endswith(".*") and module.startswith(pattern[:-1])) for pattern in patterns)


def layer_of(module: str) -> str | None:
    found = [name for name, patterns in LAYERS.items() if module in patterns]
    found = found or [name for name, patterns in LAYERS.items() if matches(module, patterns)]
    return found[0] if found else None


class Graph:
    """The imports between the modules of one package: ``edges`` all of them, ``eager`` those
    at module level, ``lazy`` those inside functions (with their line)."""

    def __init__(self, package: str):
        self.modules = {}
        base = os.path.dirname(package)
        for folder, _, names in os.walk(package):
            for name in names:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    module = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
                    self.modules[module.removesuffix(".__init__")] = path
        self.edges = defaultdict(set)
        self.eager = defaultdict(set)
        self.lazy = defaultdict(list)
        for module, path in self.modules.items():
            with open(path, encoding="utf-8") as handle:
                tree = ast.parse(handle.read())
            self._read(module, path, tree)

    def _target(self, name: str) -> str | None:
        while name and name not in self.modules:
            name = name.rpartition(".")[0]
        return name or None

    def _read(self, module: str, path: str, tree) -> None:
        package = module if path.endswith("__init__.py") else module.rpartition(".")[0]

        def imported(node) -> list:
            if isinstance(node, ast.Import):
                return [alias.name for alias in node.names]
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            return [f"{base}.{alias.name}" if f"{base}.{alias.name}" in self.modules else base for alias in node.names]

        def visit(node, in_function: bool) -> None:
            for child in ast.iter_child_nodes(node):
                inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    for name in imported(child):
                        target = self._target(name)
                        if target is None or target == module:
                            continue
                        self.edges[module].add(target)
                        if in_function:
                            if (target, child.lineno) not in self.lazy[module]:
                                self.lazy[module].append((target, child.lineno))
                        else:
                            self.eager[module].add(target)
                elif isinstance(child, ast.Constant) and isinstance(child.value, str):
                    found = REGISTERED.fullmatch(child.value)
                    if found and found.group(1) in self.modules:
                        self.edges[module].add(found.group(1))
                visit(child, inner)

        visit(tree, False)

    def reach(self, module: str, edges=None) -> set:
        edges = self.edges if edges is None else edges
        seen, todo = set(), [module]
        while todo:
            for target in edges[todo.pop()]:
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        return seen

    def cycles(self) -> list:
        """The strongly connected groups of more than one module (Tarjan's algorithm)."""
        index, low, stack, on_stack, found = {}, {}, [], set(), []

        def connect(module):
            index[module] = low[module] = len(index)
            stack.append(module)
            on_stack.add(module)
            for target in sorted(self.edges[module]):
                if target not in index:
                    connect(target)
                    low[module] = min(low[module], low[target])
                elif target in on_stack:
                    low[module] = min(low[module], index[target])
            if low[module] == index[module]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

        for module in sorted(self.modules):
            if module not in index:
                connect(module)
        return found


def problems(graph: Graph) -> list:
    """Every break of the layering rules, in words."""
    found = []
    for module in sorted(graph.modules):
        if layer_of(module) is None:
            found.append(f"{module} has no layer: give it one in tests/test_layers.py LAYERS")
    for module in sorted(graph.edges):
        mine = layer_of(module)
        for target in sorted(graph.edges[module]):
            theirs = layer_of(target)
            if mine and theirs and ORDER.index(theirs) > ORDER.index(mine):
                found.append(f"{module} ({mine}) imports {target} ({theirs}), a layer above it")
    for group in graph.cycles():
        found.append(f"a circle of imports: {', '.join(group)}")
    if "ginscore.i18n" in graph.modules and graph.edges["ginscore.i18n"]:
        found.append(f"ginscore.i18n imports {', '.join(sorted(graph.edges['ginscore.i18n']))}: it must import no ginscore module")
    for module in BELOW_SCORING:
        if module in graph.modules:
            reached = sorted(target for target in graph.reach(module) if matches(target, NOT_BELOW_SCORING))
            if reached:
                found.append(f"{module} reaches {', '.join(reached)}")
    for module in sorted(graph.modules):
        if module.startswith("ginscore.tables."):
            for target in sorted(graph.edges[module]):
                if matches(target, NOT_FOR_TABLES):
                    found.append(f"{module} imports {target}: a table imports no registry, renderer, storage or CLI")
    for module in sorted(graph.modules):
        if matches(module, SHELLS):
            for target in sorted(graph.edges[module]):
                if matches(target, STORAGE):
                    found.append(f"{module} imports {target}: a shell asks the Book (ginscore.book), never the storage or the index")
    # What the commands typed between hands (status, and the hand commands) load at module level
    # is loaded by every command that matters for start-up: importing it later saves nothing.
    fastest = [module for module in FASTEST if module in graph.modules]
    everywhere = set.intersection(*(graph.reach(module, graph.eager) | graph.eager[module] for module in fastest)) if fastest else set()
    for module in sorted(graph.lazy):
        loaded = graph.reach(module, graph.eager) | graph.eager[module]
        for target, line in graph.lazy[module]:
            if target in loaded:
                found.append(f"{module}, line {line}: imports {target} inside a function, which it loads at module level anyway")
            elif target in everywhere:
                found.append(f"{module}, line {line}: imports {target} inside a function, which status and the hand commands load anyway")
    return found


def test_the_import_graph_keeps_the_layers():
    assert problems(Graph(PACKAGE)) == []


def write(root, files: dict) -> str:
    for name, text in files.items():
        path = os.path.join(root, *name.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    return os.path.join(root, "ginscore")


@pytest.mark.parametrize(
    "files, expected",
    [
        ({"ginscore/i18n.py": "from ginscore import errors\n", "ginscore/errors.py": ""}, "ginscore.i18n imports ginscore.errors"),
        ({"ginscore/rules.py": "def f():\n    from ginscore import render\n", "ginscore/render.py": ""},
         "ginscore.rules (domain) imports ginscore.render (presentation)"),
        ({"ginscore/game.py": "import ginscore.rules\n", "ginscore/rules.py": "def f():\n    import ginscore.game\n"},
         "a circle of imports: ginscore.game, ginscore.rules"),
        ({"ginscore/tables/__init__.py": "TABLES = {'x': 'ginscore.tables.x:X'}\n", "ginscore/tables/x.py": "import ginscore.tables\n"},
         "a circle of imports: ginscore.tables, ginscore.tables.x"),
        ({"ginscore/ledger.py": "import ginscore.schema\n", "ginscore/schema.py": "import ginscore.actions\n",
          "ginscore/actions.py": ""}, "ginscore.ledger reaches ginscore.actions"),
        ({"ginscore/tables/x.py": "from ginscore.render import table\n", "ginscore/render.py": ""},
         "ginscore.tables.x imports ginscore.render"),
        ({"ginscore/game.py": "import ginscore.rules\n\ndef f():\n    from ginscore import rules\n", "ginscore/rules.py": ""},
         "ginscore.game, line 4: imports ginscore.rules inside a function"),
        ({"ginscore/newthing.py": ""}, "ginscore.newthing has no layer"),
        ({"ginscore/cli/__init__.py": "", "ginscore/cli/show.py": "def f():\n    from ginscore.ledger import Ledger\n",
          "ginscore/ledger.py": ""}, "ginscore.cli.show imports ginscore.ledger: a shell asks the Book"),
        ({"ginscore/cli/__init__.py": "", "ginscore/cli/show.py": "import ginscore.history\n", "ginscore/history.py": ""},
         "ginscore.cli.show imports ginscore.history: a shell asks the Book"),
        ({"ginscore/cli/__init__.py": "", "ginscore/cli/show.py": "import ginscore.rules\n",
          "ginscore/cli/play.py": "import ginscore.rules\n", "ginscore/rules.py": "",
          "ginscore/cli/house.py": "def f():\n    import ginscore.rules\n"},
         "ginscore.cli.house, line 2: imports ginscore.rules inside a function, which status and the hand commands load anyway"),
    ],
)
def test_each_rule_catches_what_breaks_it(tmp_path, files, expected):
    found = problems(Graph(write(str(tmp_path), {"ginscore/__init__.py": "", **files})))
    assert any(expected in problem for problem in found), found


def test_a_sound_little_package_passes(tmp_path):
    files = {
        "ginscore/__init__.py": "",
        "ginscore/i18n.py": "import os\n",
        "ginscore/rules.py": "from ginscore.i18n import _\n",
        "ginscore/tables/__init__.py": "TABLES = {'x': 'ginscore.tables.x:X'}\n",
        "ginscore/tables/x.py": "from ginscore import rules\n\ndef f():\n    from ginscore import melds\n",
        "ginscore/melds.py": "",
    }
    assert problems(Graph(write(str(tmp_path), files))) == []


MOST_LINES = 450  # a module reads in one sitting (the developers' guide)


def modules_over(folder: str, most: int = MOST_LINES) -> list[str]:
    """The Python files under ``folder`` longer than ``most`` lines, with their length."""
    found = []
    for where, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(where, name)
                with open(path, encoding="utf-8") as file:
                    count = sum(1 for _ in file)
                if count > most:
                    found.append(f"{os.path.relpath(path, folder)}: {count} lines")
    return found


def test_no_module_is_longer_than_one_sitting(tmp_path):
    assert modules_over(PACKAGE) == []
    (tmp_path / "long.py").write_text("x = 1\n" * (MOST_LINES + 1))
    (tmp_path / "short.py").write_text("x = 1\n" * MOST_LINES)
    assert modules_over(str(tmp_path)) == [f"long.py: {MOST_LINES + 1} lines"]
