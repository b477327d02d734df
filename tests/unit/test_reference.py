"""The command reference, docs/reference.md, is what the commands give: tools/build_reference.py
writes it from the click commands, and its --check fails when the page differs. That the
first paragraph of every command's --help stands in it is tests/cli/test_reference.py's."""

import importlib.util

from helpers import ROOT

REFERENCE = ROOT / "docs" / "reference.md"


def build_reference():
    spec = importlib.util.spec_from_file_location("build_reference", ROOT / "tools" / "build_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reference_is_what_the_commands_give():
    assert REFERENCE.read_text("utf-8") == build_reference().build(), "run: python tools/build_reference.py"


def test_the_check_fails_when_the_reference_differs(tmp_path, monkeypatch, capsys):
    tool = build_reference()
    stale = tmp_path / "reference.md"
    stale.write_text(REFERENCE.read_text("utf-8").replace("Start a game between PLAYERS", "Begin a game"), "utf-8")
    monkeypatch.setattr(tool, "TARGET", stale)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.main(["--check"]) == 1
    assert "python tools/build_reference.py" in capsys.readouterr().err
    stale.write_text(tool.build(), "utf-8")
    assert tool.main(["--check"]) == 0
