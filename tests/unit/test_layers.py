"""The layers of ginscore, held by its import graph: one package per layer, and every import of a
ginscore module by another (at module level, inside a function, and the registry's
"module:Class" strings) goes down the packages or stays within one. No two packages import
each other, however indirectly, and no two modules either.

The packages, lowest first (each may import only from itself and those before it):

    base       the language, errors, text, shell quoting, paths, safe file I/O, JSON reading, ids
    cards      the cards and the meld solver
    core       a game and its scoring, pure: rules, journal, changes, scoring, payments, sheets' data
    tables     one module per kind of table and its view, and the registry
    ops        what the commands do to a game, a game's summary, the evening's money (pure)
    exchange   exports for accounting tools, score-pad backups
    settings   the house-rules file
    index      the summary index (a cache outside the ledger) and its questions
    store      the ledger on disk, its file format, merging, backups, settlements
    app        Book, the one way into the storage, and checks
    output     text, HTML, the JSON contract
    cli, web   the shells: ask Book, print; neither imports the storage or the index

``ginscore/__init__.py`` belongs to base and ``__main__`` to the CLI; every other module is in
a package. A new package must be given its place in ``PACKAGES``. A package's ``__init__.py``
imports nothing (but the registry of tables and the click group): importing a package costs
no start-up. An import inside a function is only for start-up cost: one of a module its
importer loads anyway at module level saves nothing, and is refused here.
"""

from __future__ import annotations

import ast
import os
import re
from collections import defaultdict

import pytest

from helpers import ROOT

PACKAGE = os.path.join(str(ROOT), "ginscore")

# The packages, lowest first: each may import only from itself and those before it.
PACKAGES = ("base", "cards", "core", "tables", "ops", "exchange", "settings", "index", "store", "app", "output", "web", "cli")
# The modules directly in ginscore/ (at most three), and the package each belongs with.
TOP = {"ginscore": "base", "ginscore.__main__": "cli"}
# Packages whose __init__.py holds code (the registry of tables, the click group).
WITH_CODE = ("tables", "cli", "web")
# What a shell must not import: Book is the one way into the storage (issue 32).
SHELLS = ("cli", "web")
NOT_FOR_SHELLS = ("store", "index")
# What changes a game, which a shell leaves to app/ (issue 42): the shells parse, call one
# function of app/ and render; neither builds a Game, nor hands the Book a change of its own.
CHANGES_FOR_APP = ("ginscore.ops.actions", "ginscore.ops.undo", "ginscore.ops.placing")
BOOK_WRITES = ("change", "start")  # Book's methods that write a game: app/ calls them
# What the ledger and the safe file I/O must never reach, however indirectly: anything that
# evaluates a game, renders it or indexes it.
BELOW_SCORING = ("ginscore.store.ledger", "ginscore.base.safefile")
NOT_BELOW_SCORING = (
    "ginscore.ops.*", "ginscore.index", "ginscore.index.*", "ginscore.app.*", "ginscore.output.*", "ginscore.tables",
    "ginscore.tables.*", "ginscore.cli", "ginscore.cli.*", "ginscore.web", "ginscore.web.*",
)
# What a table module must not import: the registry, the renderers, storage, the shells.
NOT_FOR_TABLES = (
    "ginscore.tables", "ginscore.output.*", "ginscore.store.*", "ginscore.index.*", "ginscore.app.*",
    "ginscore.cli", "ginscore.cli.*", "ginscore.web", "ginscore.web.*",
)
# What the ledger on disk must not import: the summary index is a cache made from the files, and
# what both hold to (the money's form: core.scoring.AMOUNT) is below them both (issue 45).
NOT_FOR_STORE = ("ginscore.index", "ginscore.index.*")
# A table's name, as the registry knows it: which table does what is the table's own to say (an
# attribute of its class, as ``teams``, ``seats_turn``, ``draw_names_a_player``), so that no
# module outside tables/ compares a game's table with a name or keeps a list of names (issue 45).
TABLE_NAMES = frozenset(ast.literal_eval(next(
    node.value for node in ast.parse(open(os.path.join(PACKAGE, "tables", "__init__.py"), encoding="utf-8").read()).body
    if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "TABLES")))
TABLE_WORDS = ("table", "format", "kind")  # what a name holding a table's name is called
# The command modules of the commands typed between hands, whose start-up the budget is about.
FASTEST = ("ginscore.cli.show", "ginscore.cli.play")
REGISTERED = re.compile(r"(ginscore(?:\.\w+)+):\w+")  # "ginscore.tables.rummy:RummyTable"


def matches(module: str, patterns) -> bool:
    return any(module == pattern or (pattern.endswith(".*") and module.startswith(pattern[:-1])) for pattern in patterns)


def package_of(module: str) -> str | None:
    """The package a module is in (``TOP`` for those directly in ginscore/), or None."""
    if module in TOP:
        return TOP[module]
    parts = module.split(".")
    return parts[1] if len(parts) >= 2 and parts[1] in PACKAGES else None


def table_named(node) -> str | None:
    """``node`` in words when it asks which table a game is by the table's name (a comparison of
    a name with what holds a table: ``game.table == "hollywood"``, ``kind.name == "partnership"``)
    or lists tables by name (``("three-handed", "partnership", "rummy")``); else None."""
    def names(operand) -> set:
        items = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else [operand]
        return {item.value for item in items if isinstance(item, ast.Constant) and isinstance(item.value, str)} & TABLE_NAMES

    if isinstance(node, ast.Compare):
        operands = [node.left, *node.comparators]
        holders = [operand.attr if isinstance(operand, ast.Attribute) else getattr(operand, "id", "") for operand in operands]
        holds_a_table = any(word in holder for holder in holders for word in TABLE_WORDS) or any(
            isinstance(operand, ast.Attribute) and operand.attr == "name" for operand in operands)
        if holds_a_table and any(names(operand) for operand in operands):
            return f"compares {ast.unparse(node)}"
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(names(node)) > 1:
        return f"lists {ast.unparse(node)}"
    return None


def strongly_connected(nodes, edges) -> list:
    """The strongly connected groups of more than one node (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def connect(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges[node]):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(nodes):
        if node not in index:
            connect(node)
    return found


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
        self.writes = defaultdict(list)  # module -> (what it does to a game itself, line)
        self.names_tables = defaultdict(list)  # module -> (a table's name compared or listed, line)
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
                if isinstance(child, ast.ImportFrom) and any(alias.name == "Game" for alias in child.names):
                    self.writes[module].append(("imports Game", child.lineno))
                elif isinstance(child, ast.Call):
                    called = child.func
                    if isinstance(called, ast.Name) and called.id == "Game":
                        self.writes[module].append(("builds a Game", child.lineno))
                    elif isinstance(called, ast.Attribute) and called.attr in BOOK_WRITES and "book" in ast.unparse(called.value).lower():
                        self.writes[module].append((f"calls {ast.unparse(called)}", child.lineno))
                said = table_named(child)
                if said:
                    self.names_tables[module].append((said, child.lineno))
                if isinstance(child, ast.Constant) and isinstance(child.value, str):
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
        """The circles of imports between modules."""
        return strongly_connected(self.modules, self.edges)

    def package_edges(self) -> dict:
        """package -> the other packages its modules import."""
        found = defaultdict(set)
        for module, targets in self.edges.items():
            for target in targets:
                mine, theirs = package_of(module), package_of(target)
                if mine and theirs and mine != theirs:
                    found[mine].add(theirs)
        return found


def problems(graph: Graph) -> list:
    """Every break of the layering rules, in words."""
    found = []
    for module in sorted(graph.modules):
        if package_of(module) is None:
            found.append(f"{module} has no package: put it in one of {', '.join(PACKAGES)} (or add its package to "
                         "PACKAGES in tests/unit/test_layers.py)")
    for module in sorted(graph.edges):
        mine = package_of(module)
        for target in sorted(graph.edges[module]):
            theirs = package_of(target)
            if mine and theirs and PACKAGES.index(theirs) > PACKAGES.index(mine):
                found.append(f"{module} ({mine}) imports {target} ({theirs}), a package above it")
    packages = graph.package_edges()
    for group in strongly_connected(list(packages), packages):
        found.append(f"a circle of packages: {', '.join(group)}")
    for group in graph.cycles():
        found.append(f"a circle of imports: {', '.join(group)}")
    if "ginscore.base.i18n" in graph.modules and graph.edges["ginscore.base.i18n"]:
        found.append(f"ginscore.base.i18n imports {', '.join(sorted(graph.edges['ginscore.base.i18n']))}: it must import no ginscore module")
    for package in PACKAGES:
        module = f"ginscore.{package}"
        if package not in WITH_CODE and module in graph.modules and graph.edges[module]:
            found.append(f"{module} imports {', '.join(sorted(graph.edges[module]))}: a package's __init__ imports nothing")
    for module in BELOW_SCORING:
        if module in graph.modules:
            reached = sorted(target for target in graph.reach(module) if matches(target, NOT_BELOW_SCORING))
            if reached:
                found.append(f"{module} reaches {', '.join(reached)}")
    for module in sorted(graph.modules):
        if package_of(module) == "store":
            for target in sorted(graph.edges[module]):
                if matches(target, NOT_FOR_STORE):
                    found.append(f"{module} imports {target}: the files are the data and the index a cache made from "
                                 "them; what both hold to belongs below both")
        if package_of(module) != "tables":
            for what, line in graph.names_tables[module]:
                found.append(f"{module}, line {line}: {what}: which table does what is the table's own to say "
                             "(an attribute of its class)")
        if module.startswith("ginscore.tables."):
            for target in sorted(graph.edges[module]):
                if matches(target, NOT_FOR_TABLES):
                    found.append(f"{module} imports {target}: a table imports no registry, renderer, storage or shell")
        if package_of(module) in SHELLS:
            for target in sorted(graph.edges[module]):
                if package_of(target) in NOT_FOR_SHELLS:
                    found.append(f"{module} imports {target}: a shell asks the Book (ginscore.app.book), "
                                 "never the storage or the index")
                if target in CHANGES_FOR_APP:
                    found.append(f"{module} imports {target}: a shell calls app/, which changes the game")
            for what, line in graph.writes[module]:
                found.append(f"{module}, line {line}: {what}: a shell calls app/, which changes the game")
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


def test_ginscore_is_a_few_packages_and_at_most_three_modules():
    names = os.listdir(PACKAGE)
    modules = sorted(name for name in names if name.endswith(".py"))
    packages = sorted(name for name in names if os.path.isfile(os.path.join(PACKAGE, name, "__init__.py")))
    assert len(modules) <= 3, modules
    assert 6 <= len(packages) <= 14, packages
    assert set(packages) <= set(PACKAGES), set(packages) - set(PACKAGES)


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
        ({"ginscore/base/i18n.py": "from ginscore.base import errors\n", "ginscore/base/errors.py": ""},
         "ginscore.base.i18n imports ginscore.base.errors"),
        ({"ginscore/core/rules.py": "def f():\n    from ginscore.output import render\n", "ginscore/output/render.py": ""},
         "ginscore.core.rules (core) imports ginscore.output.render (output), a package above it"),
        ({"ginscore/cards/cards.py": "from ginscore.core import scoring\n", "ginscore/core/scoring.py": "from ginscore.cards import cards\n"},
         "a circle of packages: cards, core"),
        ({"ginscore/core/game.py": "import ginscore.core.rules\n", "ginscore/core/rules.py": "def f():\n    import ginscore.core.game\n"},
         "a circle of imports: ginscore.core.game, ginscore.core.rules"),
        ({"ginscore/tables/__init__.py": "TABLES = {'x': 'ginscore.tables.x:X'}\n", "ginscore/tables/x.py": "import ginscore.tables\n"},
         "a circle of imports: ginscore.tables, ginscore.tables.x"),
        ({"ginscore/tables/__init__.py": "TABLES = {'x': 'ginscore.app.x:X'}\n", "ginscore/app/x.py": ""},
         "ginscore.tables (tables) imports ginscore.app.x (app), a package above it"),
        ({"ginscore/store/ledger.py": "import ginscore.store.game_file\n", "ginscore/store/game_file.py": "import ginscore.ops.actions\n",
          "ginscore/ops/actions.py": ""}, "ginscore.store.ledger reaches ginscore.ops.actions"),
        ({"ginscore/tables/x.py": "from ginscore.output.render import table\n", "ginscore/output/render.py": ""},
         "ginscore.tables.x imports ginscore.output.render"),
        ({"ginscore/core/game.py": "import ginscore.core.rules\n\ndef f():\n    from ginscore.core import rules\n",
          "ginscore/core/rules.py": ""},
         "ginscore.core.game, line 4: imports ginscore.core.rules inside a function"),
        ({"ginscore/newthing.py": ""}, "ginscore.newthing has no package"),
        ({"ginscore/extras/__init__.py": "", "ginscore/extras/x.py": ""}, "ginscore.extras.x has no package"),
        ({"ginscore/core/__init__.py": "from ginscore.core.rules import RULES\n", "ginscore/core/rules.py": ""},
         "ginscore.core imports ginscore.core.rules: a package's __init__ imports nothing"),
        ({"ginscore/cli/__init__.py": "", "ginscore/cli/show.py": "def f():\n    from ginscore.store.ledger import Ledger\n",
          "ginscore/store/ledger.py": ""}, "ginscore.cli.show imports ginscore.store.ledger: a shell asks the Book"),
        ({"ginscore/web/__init__.py": "", "ginscore/web/board.py": "from ginscore.index import history\n",
          "ginscore/index/history.py": ""}, "ginscore.web.board imports ginscore.index.history: a shell asks the Book"),
        ({"ginscore/cli/__init__.py": "", "ginscore/cli/show.py": "import ginscore.core.rules\n",
          "ginscore/cli/play.py": "import ginscore.core.rules\n", "ginscore/core/rules.py": "",
          "ginscore/cli/house.py": "def f():\n    import ginscore.core.rules\n"},
         "ginscore.cli.house, line 2: imports ginscore.core.rules inside a function, which status and the hand commands load anyway"),
        ({"ginscore/cli/__init__.py": "", "ginscore/cli/play.py": "def f():\n    from ginscore.ops import undo\n",
          "ginscore/ops/__init__.py": "", "ginscore/ops/undo.py": ""},
         "ginscore.cli.play imports ginscore.ops.undo: a shell calls app/"),
        ({"ginscore/web/__init__.py": "", "ginscore/web/views.py": "from ginscore.ops import actions\n",
          "ginscore/ops/__init__.py": "", "ginscore/ops/actions.py": ""},
         "ginscore.web.views imports ginscore.ops.actions: a shell calls app/"),
        ({"ginscore/cli/__init__.py": "", "ginscore/cli/start.py": "from ginscore.core.game import Game\n",
          "ginscore/core/game.py": ""}, "ginscore.cli.start, line 1: imports Game"),
        ({"ginscore/web/__init__.py": "", "ginscore/web/views.py": "def f(request):\n    request.book.change(None, print)\n"},
         "ginscore.web.views, line 2: calls request.book.change: a shell calls app/"),
        ({"ginscore/store/settlement_files.py": "from ginscore.index.cached import AMOUNT\n", "ginscore/index/cached.py": ""},
         "ginscore.store.settlement_files imports ginscore.index.cached: the files are the data"),
        ({"ginscore/store/game_file.py": 'SEATS_TURN = ("three-handed", "partnership", "rummy")\n'},
         "ginscore.store.game_file, line 1: lists ('three-handed', 'partnership', 'rummy'): which table does what"),
        ({"ginscore/web/forms.py": 'def f(game):\n    return get_table(game.table).name == "partnership"\n'},
         "ginscore.web.forms, line 2: compares get_table(game.table).name == 'partnership': which table does what"),
        ({"ginscore/cli/show.py": 'def f(game):\n    return game.table in ("standard", "hollywood")\n'},
         "ginscore.cli.show, line 2: compares game.table in ('standard', 'hollywood')"),
    ],
)
def test_each_rule_catches_what_breaks_it(tmp_path, files, expected):
    found = problems(Graph(write(str(tmp_path), {"ginscore/__init__.py": "", **files})))
    assert any(expected in problem for problem in found), found


def test_a_sound_little_package_passes(tmp_path):
    files = {
        "ginscore/__init__.py": "",
        "ginscore/base/__init__.py": '"""The foundations."""\n',
        "ginscore/base/i18n.py": "import os\n",
        "ginscore/core/rules.py": "from ginscore.base.i18n import _\n",
        "ginscore/tables/__init__.py": "TABLES = {'x': 'ginscore.tables.x:X'}\n",
        "ginscore/tables/x.py": "from ginscore.core import rules\n\ndef f():\n    from ginscore.cards import melds\n",
        "ginscore/cards/melds.py": "",
        "ginscore/cli/__init__.py": "from ginscore.app.book import open_book\n",
        "ginscore/app/book.py": "from ginscore.store import ledger\n",
        "ginscore/store/ledger.py": "",
        "ginscore/tables/seats.py": 'TURN = ("three-handed", "rummy")\n\ndef f(game):\n    return game.table == "rummy"\n',
        "ginscore/core/presets.py": 'def f(preset, name):\n    return preset in (None, "standard") or name != "standard"\n',
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


def test_every_route_of_the_board_is_a_module_level_handler():
    """Each route of 'ginscore serve' is a module-level ``async def`` of ``web/views/`` (issue 42),
    never a closure made inside ``build``: a handler can be read, found and tested on its own."""
    pytest.importorskip("starlette")
    import inspect

    from ginscore.web.app import ROUTES

    for route in ROUTES:
        handler = route.endpoint
        module = inspect.getmodule(handler)
        assert module.__name__.startswith("ginscore.web.views."), (route.path, module.__name__)
        assert getattr(module, handler.__name__, None) is handler and "<locals>" not in handler.__qualname__, route.path
        assert inspect.iscoroutinefunction(handler), route.path


# What changes the ledger, by module of app/: a route's handler calls one of these (issue 42).
USE_CASES = {
    "games": {"start", "rematch", "end", "void", "unvoid", "rename", "rename_everywhere", "set_rules"},
    "hands": {"record", "edit", "delete", "take_back", "restore", "undo", "redo"},
    "evening": {"record", "record_shown"},
}


def use_cases_called(function) -> set:
    """The use cases of ``USE_CASES`` that ``function`` (and the functions made inside it) calls."""
    import ast
    import inspect
    import textwrap

    found = set()
    for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(function)))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
            module, name = node.func.value.id, node.func.attr
            if name in USE_CASES.get(module, ()):
                found.add(f"{module}.{name}")
    return found


def test_every_form_of_the_board_calls_one_use_case_and_no_page_changes_anything():
    """A POST handler parses its form, calls one function of app/ that changes the ledger, and
    answers; a page (GET) calls none: reading a page never changes the ledger."""
    pytest.importorskip("starlette")
    from ginscore.web.app import ROUTES

    for route in ROUTES:
        called = use_cases_called(route.endpoint)
        if "POST" in (route.methods or ()):
            assert len(called) == 1, (route.path, called)
        else:
            assert called == set(), (route.path, called)


def test_a_handler_calling_two_use_cases_is_seen():
    async def twice(request):
        def work(book, form):
            hands.record(book, "g", "knock", {})  # noqa: F821 - read, never run
            return games.end(book, "g")  # noqa: F821

        return work

    assert use_cases_called(twice) == {"hands.record", "games.end"}
