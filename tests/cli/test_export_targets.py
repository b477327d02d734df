"""The export targets are a registry (``ginscore.exchange.targets``), as the tables are: what
``export --to`` takes, lists, completes and writes comes from it, so that a new target is one
module and one line (issue 45). What each target writes is tests/test_export.py's."""

import textwrap
from pathlib import Path

import click
import pytest

from helpers import ROOT, ok, play

DOCS = Path(ROOT) / "docs"

# A fifth target, planted: each payment a line of its own, its accounts and amount.
PLANTED = '''
from ginscore.exchange.targets.base import Target, amount_text


class Plain(Target):
    name = "plain"
    suffix = ".txt"

    def write(self, found):
        return "".join(
            f"{entry.transfer.game} {entry.postings[0][0]} {amount_text(entry.postings[0][1], entry.commodity)} "
            f"{entry.postings[1][0]} {entry.commodity}\\n"
            for entry in found
        )
'''


def to_option():
    from ginscore.cli.exports import export

    return next(param for param in export.params if param.name == "target")


def offered(incomplete: str) -> list:
    from ginscore.cli.exports import export

    return [item.value for item in to_option().shell_complete(click.Context(export), incomplete)]


def test_the_command_line_offers_the_registry_s_targets(run):
    """--to lists (the help, and so docs/reference.md), completes and takes every target the
    registry has and no other; each target says the name it is registered by."""
    from ginscore.exchange import targets

    names = targets.names()
    assert names == ("hledger", "ledger", "beancount", "csv")
    assert f"--to {'|'.join(names)}" in ok(run, "export --help").stdout
    assert offered("") == list(names) and offered("L") == ["ledger"]
    for name in names:
        target = targets.get_target(name)
        assert target.name == name and target.suffix.startswith(".")
    assert targets.get_target("xml") is None
    # the docs' line of the command, written by hand, names the same
    assert f"ginscore export --to {'|'.join(names)}" in (DOCS / "evening.md").read_text("utf-8")


def test_a_fifth_target_is_one_module_and_one_line(run, isolated_ledger, tmp_path, monkeypatch):
    """A target planted in the registry is offered by --to (help, completion, the refusal of a
    name it does not know), written to standard output and to -o FILE, in any case, with
    --as and --account as for the others."""
    from ginscore.exchange import targets

    (tmp_path / "planted_target.py").write_text(textwrap.dedent(PLANTED), "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(targets.TARGETS, "plain", "planted_target:Plain")
    assert "--to hledger|ledger|beancount|csv|plain" in ok(run, "export --help").stdout
    assert offered("p") == ["plain"]
    refusal = run("export --to xml --all")
    assert refusal.exit_code == 1 and "hledger, ledger, beancount, csv, plain" in refusal.output

    play(run, "new Dan Eve --stake 0.1 --currency €", "gin dan 50", "gin dan 40")
    game = ok(run, "status --json").stdout.split('"id": "', 1)[1][:8]
    # Dan's two gins: 50 + 25 and 40 + 25 = 140 points, 100 for the game, 2 boxes of 25 = 290,
    # doubled for the shutout (Eve won no hand): 580 points at €0.10 = 58.00 EUR (RULES.md)
    assert ok(run, "export --to plain --all").stdout == f"{game} games:Dan 58.00 games:Eve EUR\n"
    assert ok(run, ["export", "--to", " PLAIN ", "--all", "--as", "eve", "--account", "owed:{name}"]).stdout == (
        f"{game} owed:Dan -58.00 income:games:gin EUR\n")
    written = tmp_path / "gin.txt"
    ok(run, ["export", "--to", "plain", "--all", "-o", str(written)])
    assert written.read_text("utf-8") == f"{game} games:Dan 58.00 games:Eve EUR\n"


@pytest.mark.parametrize("name", ["hledger", "ledger", "beancount", "csv"])
def test_each_target_is_a_module_of_its_own(name):
    """One module per target, under targets/, registered by its class."""
    from ginscore.exchange import targets

    module, _colon, cls = targets.TARGETS[name].partition(":")
    assert module == f"ginscore.exchange.targets.{name}" and type(targets.get_target(name)).__name__ == cls


# The modules of the export that are not a target's: none of them asks which target an export is
# by its name, nor keeps a list or a table of them (as ``fmt == "beancount"`` and ``WRITERS`` did).
EXPORTERS = ("ginscore/exchange/export.py", "ginscore/app/exports.py", "ginscore/cli/exports.py")


def target_named(source: str) -> list:
    """Each place in ``source`` where a target's name stands as a string to compare or to list."""
    import ast

    from ginscore.exchange import targets

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Compare, ast.Tuple, ast.List, ast.Set, ast.Dict)):
            for child in ast.walk(node):
                if isinstance(child, ast.Constant) and child.value in targets.TARGETS:
                    found.append(f"line {child.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_outside_the_targets_asks_for_a_target_by_name():
    assert [found for path in EXPORTERS for found in target_named((Path(ROOT) / path).read_text("utf-8"))] == []
    # planted: what the export was before the registry
    assert target_named('if how.fmt == "beancount":\n    pass\n') and target_named('SUFFIXES_OF = {"csv": ".csv"}\n')
