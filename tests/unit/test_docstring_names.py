"""Every ``ginscore.x.y`` a docstring or a comment of the package names is there: a module, or a
name in one (``ginscore.core.scoring.final_score``), so that a reader who follows it finds it.
Modules that moved (``ginscore.formats``, ``ginscore.game`` as a module) are named as they are now.

A JSON document's name is not a module: written as the document writes it, in quotes
(``"schema": "ginscore.NAME"``), it is passed over, as is a file's name in a path
(``ginscore/locale/LANG/LC_MESSAGES/ginscore.mo``). A help text is not a docstring here (it is
passed to click as ``help=``), so ``ginscore schema ginscore.game`` in one names the document.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import io
import os
import re
import tokenize

import pytest

from helpers import ROOT

PACKAGE = os.path.join(str(ROOT), "ginscore")
# A dotted name: not inside a path (after "/"), not a quoted document name ("ginscore.NAME").
DOTTED = re.compile(r"(?<![/\w\"'.])ginscore(?:\.[A-Za-z_]\w*)+(?![\"'\w])")


def named_in(path: str):
    """(line, text) of each docstring and comment of the module at ``path``."""
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:
                yield node.body[0].lineno, docstring
    # tokenizing is most of this test's time: only a module with a line where a dotted name
    # stands after a "#" can have one in a comment (the tokenizer still says which "#" are comments)
    if any("#" in line and DOTTED.search(line, line.index("#")) for line in source.splitlines()):
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                yield token.start[0], token.string


def found(name: str) -> bool:
    """Whether ``name`` is a module of ginscore, or a name defined in one."""
    parts = name.split(".")
    for length in range(len(parts), 0, -1):
        module = ".".join(parts[:length])
        try:
            spec = importlib.util.find_spec(module)
        except ModuleNotFoundError:
            spec = None
        if spec is None:
            continue
        value = importlib.import_module(module)
        for attribute in parts[length:]:
            if not hasattr(value, attribute):
                return False
            value = getattr(value, attribute)
        return True
    return False


def unfound(text: str) -> list:
    """The dotted names in ``text`` that name nothing of ginscore."""
    return [name for name in DOTTED.findall(text) if not found(name)]


def test_every_dotted_name_in_a_docstring_or_comment_is_there():
    pytest.importorskip("starlette")  # the board's modules are named too
    missing = []
    for where, _folders, files in os.walk(PACKAGE):
        for file in sorted(files):
            if file.endswith(".py"):
                path = os.path.join(where, file)
                for line, text in named_in(path):
                    missing += [f"{os.path.relpath(path, PACKAGE)}:{line}: {name}" for name in unfound(text)]
    assert missing == []


def test_a_module_gone_is_caught_and_a_document_or_file_name_is_not():
    assert unfound("Formats (``ginscore.formats``) combine these; see ginscore.game.") == ["ginscore.formats", "ginscore.game"]
    assert unfound("the final score (ginscore.core.scoring.final_score), not ginscore.core.scoring.settle") == [
        "ginscore.core.scoring.settle"
    ]
    assert unfound('Every JSON document starts with ``"schema": "ginscore.NAME"``.') == []
    assert unfound("its catalog (``ginscore/locale/LANG/LC_MESSAGES/ginscore.mo``)") == []
    assert unfound("# see ginscore.core.game, ginscore.store.game_file and ginscore.tables") == []
