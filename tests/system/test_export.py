"""ginscore export read by the real tools (hledger, ledger, beancount's bean-check and loader; each
skips only where its tool is missing: .ci/run installs hledger and ledger, the test extra
beancount): their balances must be settle's nets."""

import csv
import io
import json
import subprocess
from decimal import Decimal

import pytest

from helpers import ok, play, status_json
from helpers_export import RULES_FILE, beancount_balances, exported, hledger_balances, ledger_balances, tool

CODES = {"€": "EUR", "$": "USD"}


def nets(run) -> dict:
    """settle --json's nets, {(commodity, player): Decimal}, for each currency played."""
    found = {}
    for symbol, code in CODES.items():
        settled = json.loads(ok(run, ["settle", "--json", "--currency", symbol]).stdout)
        found.update({(code, name): Decimal(amount) for name, amount in settled["nets"].items() if Decimal(amount)})
    return found


def test_every_tool_reads_the_evening_and_its_balances_are_settles_nets(run, evening, tmp_path):
    expected = nets(run)
    assert {code for code, _name in expected} == {"EUR", "USD"}
    neutral = {(code, f"games:{name}"): amount for (code, name), amount in expected.items()}
    for fmt, balances in (("hledger", hledger_balances), ("ledger", ledger_balances)):
        path = tmp_path / f"evening.{fmt}"
        path.write_text(exported(run, "--to", fmt), "utf-8")
        assert balances(path) == neutral, fmt
    path = tmp_path / "evening.csv"
    path.write_text(exported(run, "--to", "csv"), "utf-8")
    rules = tmp_path / "ginscore.csv.rules"  # as the README says: the rules file ginscore writes
    assert ok(run, ["export", "--csv-rules", "-o", str(rules)]).stdout == f"Wrote {rules}\n"
    assert rules.read_bytes() == RULES_FILE.read_bytes() and exported(run, "--csv-rules") == RULES_FILE.read_text("utf-8")
    assert hledger_balances(path, "--rules-file", str(rules), strict=False) == neutral
    path = tmp_path / "evening.beancount"
    path.write_text(exported(run, "--to", "beancount"), "utf-8")
    ascii_names = {"Анна": "Anna", "Борис": "Boris", "Євген": "Yevhen"}
    assert beancount_balances(path) == {
        (code, f"Assets:Games:{ascii_names.get(name, name)}"): amount for (code, name), amount in expected.items()
    }


def test_one_players_book_holds_his_net_and_what_each_owes_him(run, evening, tmp_path):
    expected = nets(run)
    path = tmp_path / "dan.journal"
    path.write_text(exported(run, "--to", "hledger", "--as", "dan"), "utf-8")
    balances = hledger_balances(path)
    for code in CODES.values():
        assert balances[(code, "income:games:gin")] == -expected[(code, "Dan")]
        owed = sum(amount for (unit, account), amount in balances.items() if unit == code and account.startswith("assets:"))
        assert owed == expected[(code, "Dan")]
    # Rummy: the payments between others are not in Ann's book; beancount reads it too
    path = tmp_path / "ann.beancount"
    path.write_text(exported(run, "--to", "beancount", "--as", "ann", "--income", "income:cards"), "utf-8")
    balances = beancount_balances(path)
    assert balances.pop(("EUR", "Income:Cards")) == -expected[("EUR", "Ann")]
    assert sum(balances.values()) == expected[("EUR", "Ann")] and all(account.startswith("Assets:Receivable:") for _c, account in balances)
    assert len(balances) < 3  # of Ben, Cy and Dee, the fewest payments leave Ann one or two


def test_an_export_at_the_largest_stake_balances_in_every_tool(run, tmp_path):
    """28 nines, the largest stake the parser takes: Dan's gin of 90 against 0 is 90 + 25 gin
    bonus = 115, the game bonus 100, a box of 25 for his one hand won: 240, doubled for the shutout
    (Eve scored nothing): 480 points, an amount of 480 x 9999999999999999999999999999 =
    4799999999999999999999999999520, 31 digits, on both sides (it was rounded to 28 on one)."""
    stake = "9" * 28
    play(run, f"new Dan Eve --stake {stake} --currency € --target 50", "gin dan 90")
    expected = Decimal(480 * int(stake))
    assert str(expected) == "4799999999999999999999999999520"
    for fmt, reader in (("hledger", hledger_balances), ("ledger", ledger_balances)):
        path = tmp_path / f"money.{fmt}"
        ok(run, ["export", "--to", fmt, "--output", str(path)])
        balances = reader(path)
        amounts = sorted(balances.values())
        assert amounts == [expected.copy_negate(), expected], (fmt, balances)
    # beancount holds 28 digits: refused in one line, nothing written; 28 digits it takes
    result = run(["export", "--to", "beancount", "--output", str(tmp_path / "money.beancount")])
    assert result.exit_code == 1 and "33 digits" in result.output and not (tmp_path / "money.beancount").exists()
    play(run, "new Ann Ben --stake 99999999999999999999999 --currency € --target 50", "gin ann 90")
    path = tmp_path / "some.beancount"
    ok(run, ["export", "--to", "beancount", "--output", str(path), "--game", status_json(run)["id"]])
    assert sorted(beancount_balances(path).values()) == [Decimal(-480 * int("9" * 23)), Decimal(480 * int("9" * 23))]


@pytest.mark.parametrize("name", ["Bob:", "a: b", "x::", ":x:", "-", "@x"])
def test_names_with_colons_pass_every_tool_and_csv_books_the_journals_accounts(run, tmp_path, name):
    from helpers_export import RULES_FILE, hledger_balances, ledger_balances

    play(run, ["new", "Ann", name, "--stake", "1", "--currency", "@"], "gin ann 90")
    journal, ledger, table = tmp_path / "x.journal", tmp_path / "x.ledger", tmp_path / "x.csv"
    journal.write_text(ok(run, ["export", "--to", "hledger"]).stdout, "utf-8")
    ledger.write_text(ok(run, ["export", "--to", "ledger"]).stdout, "utf-8")
    table.write_text(ok(run, ["export", "--to", "csv"]).stdout, "utf-8")
    balances = hledger_balances(journal)
    assert ledger_balances(ledger) == balances
    assert hledger_balances(table, "--rules-file", str(RULES_FILE), strict=False) == balances
    row = list(csv.DictReader(io.StringIO(table.read_text("utf-8"))))[0]
    assert row["to_account"] == "games:Ann" and row["from_account"] == "games:" + " ".join(name.replace(":", "-").split())
    assert row["commodity"] == '"@"'
    subprocess.run([tool("bean-check"), "--help"], capture_output=True, check=True)
    beancount = tmp_path / "x.beancount"
    beancount.write_text(ok(run, ["export", "--to", "beancount", "--commodity", "@=XAT"]).stdout, "utf-8")
    subprocess.run([tool("bean-check"), str(beancount)], capture_output=True, check=True)
