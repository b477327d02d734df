"""base.records.Record makes the class typing.NamedTuple makes, without its start-up cost."""

from __future__ import annotations

import pickle
from typing import NamedTuple

import pytest

from ginscore.base.records import Record


class Typed(NamedTuple):
    """A record."""

    name: str
    cells: tuple = ()
    title: str | None = None

    def size(self) -> int:
        return len(self.cells)


class Made(Record):
    """A record."""

    name: str
    cells: tuple = ()
    title: str | None = None

    def size(self) -> int:
        return len(self.cells)


def test_a_record_is_the_namedtuple_typing_makes():
    typed, made = Typed("a", (1, 2)), Made("a", (1, 2))
    assert repr(made) == repr(typed).replace("Typed", "Made") and made == typed and hash(made) == hash(typed)
    assert Made._fields == Typed._fields and Made._field_defaults == Typed._field_defaults
    assert Made.__mro__ == (Made, tuple, object) and Made.__doc__ == Typed.__doc__ and made.size() == 2
    assert made._replace(title="t") == ("a", (1, 2), "t") and made._asdict() == typed._asdict()
    assert pickle.loads(pickle.dumps(made)) == made and Made._make(["b", (), None]) == Made("b")


def test_a_record_refuses_what_typing_refuses():
    with pytest.raises(TypeError):
        class Wrong(Record):
            cells: tuple = ()
            name: str
    with pytest.raises(AttributeError):
        class Clash(Record):
            name: str

            def _replace(self):
                pass


def test_no_module_of_ginscore_makes_a_typing_namedtuple():
    """Every record is a Record: a typing.NamedTuple on a command's path costs twice as much to
    define (the start-up budgets of status and a hand, tests/system/test_startup.py)."""
    import ast
    from pathlib import Path

    import ginscore

    typed = []
    for path in sorted(Path(ginscore.__file__).parent.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "NamedTuple" not in source:  # such a class names its base (an alias is imported by that name): no parse needed
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef) and any(
                getattr(base, "id", getattr(base, "attr", None)) == "NamedTuple" for base in node.bases
            ):
                typed.append(f"{path.name}: {node.name}")
    assert typed == []
