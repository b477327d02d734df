"""What a command must not import, asked of a real Python (helpers.modules_loaded): the commands
between hands stay quick to start (README: Speed)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers import modules_loaded, ok
from helpers_cards import AGAINST_FIVES, FIVES_TO_SEVENS, knock


@pytest.mark.slow
def test_showing_card_hands_does_not_load_the_solver(run, isolated_ledger):
    ok(run, "new Alice Bob")
    ok(run, knock("alice", FIVES_TO_SEVENS, AGAINST_FIVES))
    commands = [["--ledger", str(isolated_ledger), *command.split()] for command in ("status", "sheet", "log", "knock bob 2 30")]
    at_start, after, stderr = modules_loaded(commands, ("ginscore.cards.melds", "ginscore.cards.knock"))
    assert at_start == [] and after == [(0, [])] * len(commands), stderr


def test_the_card_parser_does_not_load_the_solver():
    import subprocess
    import sys

    # Importing the card parser alone does not load the solver.
    code = "import sys, ginscore.cards.cards; print(sorted(m for m in sys.modules if m in ('ginscore.cards.melds', 'ginscore.cards.knock')))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "[]"


@pytest.mark.slow
def test_status_and_hand_commands_do_not_import_the_page_writer(tmp_path):
    """What the commands typed between hands load: never the page writer, nor ``locale`` (which
    gettext's first lookup imports, and click's own --help/--version decorators make one);
    ``status`` not the summary index either (it only reads one game)."""

    env = {**os.environ, "GINSCORE_LEDGER": str(tmp_path / "l"), "GINSCORE_CONFIG": str(tmp_path / "c.toml")}
    never = ("ginscore.output.render_html", "tabulate", "html", "csv", "locale", "ginscore.web", "starlette", "uvicorn", "segno",
             "ginscore.core.ratings", "ginscore.core.pairings", "ginscore.ops.ladder", "ginscore.ops.seating",  # nor the ladder's
             "ginscore.exchange.targets", "ginscore.exchange.export")  # nor the exports' registry
    more = ("ginscore.index.index", "sqlite3")  # status: not these either
    at_start, after, stderr = modules_loaded([["new", "A", "B"], ["knock", "a", "4", "15"], ["status"]], never + more, env)
    assert at_start == [] and [code for code, _loaded in after] == [0, 0, 0], stderr
    (_, new), (_, knock), (_, status) = after
    assert set(new) & set(never) == set() and set(knock) & set(never) == set(), (new, knock)
    assert status == [], status


@pytest.mark.slow
def test_new_reads_toml_only_when_the_file_exists(tmp_path):
    code = (
        "import sys, pathlib; from ginscore.settings.config import read_config; "
        "read_config(pathlib.Path(sys.argv[1])); print('tomllib' in sys.modules)"
    )
    absent = subprocess.run([sys.executable, "-c", code, str(tmp_path / "none.toml")], capture_output=True, text=True)
    assert absent.stdout.strip() == "False", absent.stderr
    present = tmp_path / "present.toml"
    present.write_text("target = 150\n", "utf-8")
    found = subprocess.run([sys.executable, "-c", code, str(present)], capture_output=True, text=True)
    assert found.stdout.strip() == "True", found.stderr


def test_the_table_printing_commands_do_not_import_tabulate(tmp_path):
    """tabulate 0.10 looks its version up through importlib.metadata when imported (email,
    zipfile, csv and a search of sys.path): the default text tables are drawn without it."""

    from helpers import modules_loaded

    env = {**os.environ, "GINSCORE_LEDGER": str(tmp_path / "l"), "GINSCORE_CONFIG": str(tmp_path / "c.toml")}
    commands = (["new", "Alice", "Bob", "--target", "20"], ["gin", "alice", "5"], ["new", "Alice", "Bob"],
                ["knock", "bob", "3", "9"], ["sheet"], ["games"], ["stats"], ["settle", "--all"], ["games", "--last", "1"])
    at_start, after, stderr = modules_loaded(commands, ("tabulate", "importlib.metadata"), env)
    assert at_start == []
    assert [loaded for _code, loaded in after] == [[]] * len(commands), list(zip(commands, after))
    assert "Traceback" not in stderr
