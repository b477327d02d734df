"""The accounting tools that read an export (hledger, ledger, beancount: each skips where it is
missing) and the evening of every kind of table the export tests export
(tests/cli/test_export.py and tests/system/test_export.py)."""

import csv
import io
import os
import shutil
import subprocess
import sys
from decimal import Decimal

import pytest

from helpers import ROOT

RULES_FILE = ROOT / "ginscore" / "data" / "ginscore-export.csv.rules"


def exported(run, *args) -> str:
    result = run(["export", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=os.path.dirname(sys.executable))
    if found is None:
        pytest.skip(f"needs {name}: .ci/run installs it")
    return found


def hledger_balances(path, *extra, strict=True) -> dict:
    """hledger's balance of every account, {(commodity, account): Decimal}; checks the file
    first (strictly: every account and commodity declared)."""
    hledger = tool("hledger")
    subprocess.run([hledger, "-f", str(path), *extra, "check", *(["--strict"] if strict else [])], check=True, capture_output=True)
    report = subprocess.run(
        [hledger, "-f", str(path), *extra, "balance", "-N", "-O", "csv", "--layout", "bare"],
        check=True, capture_output=True, text=True,
    ).stdout
    rows = list(csv.reader(io.StringIO(report)))[1:]
    return {(commodity, account): Decimal(amount) for account, commodity, amount in rows}


def ledger_balances(path) -> dict:
    """ledger's balance report, {(commodity, account): Decimal} (--pedantic: every account and
    commodity declared); a multi-commodity balance goes on over lines without an account."""
    lines = subprocess.run(
        [tool("ledger"), "-f", str(path), "--pedantic", "balance", "--flat", "--no-total",
         "--format", "%(account)\t%(scrub(display_total))\n"],
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    found, account = {}, None
    for line in lines:
        if "\t" in line:
            account, line = line.split("\t")
        quantity, _space, commodity = line.strip().partition(" ")
        found[(commodity.strip('"'), account)] = Decimal(quantity)
    return found


def beancount_balances(path) -> dict:
    """bean-check passes the file, and beancount's own realization of it gives the balances."""
    subprocess.run([tool("bean-check"), str(path)], check=True, capture_output=True)
    loader = pytest.importorskip("beancount.loader")
    from beancount.core import realization

    entries, errors, _options = loader.load_file(str(path))
    assert not errors
    found = {}
    for account in realization.iter_children(realization.realize(entries)):
        for position in account.balance:
            found[(position.units.currency, account.account)] = position.units.number
    return found


# An evening of every kind of table, for euros and dollars, with Cyrillic names (beancount's
# accounts are ASCII) and one game played for nothing.
EVENING = [
    "new Dan Eve --stake 0.1 --currency €", "gin dan 50", "gin dan 40",
    "new Alice Bob --hollywood --columns 2 --target 50 --stake 0.01 --currency $",
    "gin alice 40", "gin bob 30",
    "new Анна Борис Євген --three-handed --stake 0.02 --currency €",
    "knock ан 3 20", "gin євг 12", "knock бор 4 9", "draw", "knock бор 2 30", "gin бор 50",
    "new Dan Eve Fay Gus --partnership --stake 0.05 --currency $", "gin dan 90", "gin fay 90",
    "new Ann Ben Cy Dee --rummy --stake 0.1 --currency €",
    "out ann ben=20 cy=11 dee=5", "out cy ann=5 ben=30 dee=12 --rummy", "end",
    "new Zed Yan", "gin zed 90",
]
