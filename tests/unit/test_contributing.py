"""CONTRIBUTING.md's table of the layers is what the code gives (issue 45): tools/build_contributing.py
writes it from the layering test's PACKAGES and each package's docstring, its --check fails
when the page differs, and every module of every package stands in its package's row."""

import importlib.util

from helpers import ROOT
from unit.test_layers import PACKAGES

PAGE = ROOT / "CONTRIBUTING.md"


def build_contributing():
    spec = importlib.util.spec_from_file_location("build_contributing", ROOT / "tools" / "build_contributing.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rows() -> dict:
    """package -> its row of the table, as the page has it."""
    return {line.split("`")[1].rstrip("/"): line for line in PAGE.read_text("utf-8").splitlines() if line.startswith("| `")}


def test_the_table_is_what_the_code_gives():
    page = PAGE.read_text("utf-8")
    assert build_contributing().build(page) == page, "run: python tools/build_contributing.py"


def test_the_check_fails_when_the_table_differs_and_writing_mends_it(tmp_path, monkeypatch, capsys):
    tool = build_contributing()
    stale = tmp_path / "CONTRIBUTING.md"
    stale.write_text(PAGE.read_text("utf-8").replace("`meld_search`, ", ""), "utf-8")  # a module left out
    monkeypatch.setattr(tool, "TARGET", stale)
    assert tool.main(["--check"]) == 1
    assert "python tools/build_contributing.py" in capsys.readouterr().err
    assert tool.main([]) == 0
    assert tool.main(["--check"]) == 0
    assert stale.read_text("utf-8") == PAGE.read_text("utf-8")


def test_every_package_has_its_row_in_the_order_of_the_layers_with_every_module():
    table = rows()
    assert list(table) == list(PACKAGES)  # lowest first, as the imports must go
    for package in PACKAGES:
        folder = ROOT / "ginscore" / package
        for path in folder.rglob("*.py"):
            if path.stem != "__init__":
                assert f"`{path.stem}`" in table[package], (package, path.relative_to(folder))
        # what they hold: the package docstring's first paragraph, not an empty cell
        assert len(table[package].rsplit(" | ", 1)[-1]) > 40, package
