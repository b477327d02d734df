"""ginscore export: the money of the games settle chooses, for hledger, ledger, beancount and a
spreadsheet: the same bytes to a file and on stdout, no game read, the games chosen as settle
chooses them, plain numbers in every language, and a refused export writes nothing. The real
tools reading each export are tests/system/test_export.py's."""

import csv
import io
import json
import os

import pytest

from helpers import ROOT, frozen_clock, ledger_bytes, ok, play, refused, status_json
from helpers_export import exported


def test_an_export_is_the_same_bytes_and_nothing_else_on_stdout(run, evening, tmp_path):
    for fmt in ("hledger", "ledger", "beancount", "csv"):
        result = run(["export", "--to", fmt])
        assert result.exit_code == 0
        again = run(["export", "--to", fmt])
        assert result.stdout == again.stdout and result.stdout.endswith("\n") and not result.stdout.endswith("\n\n")
        # the game played for nothing is said on stderr, never in the export
        assert "Left out: 1 game without a stake" in result.stderr and "Zed" not in result.stdout
        target = tmp_path / f"out.{fmt}"
        written = run(["export", "--to", fmt, "-o", str(target)])
        assert written.exit_code == 0 and written.stdout == f"Wrote {target}\n"
        assert target.read_bytes() == result.stdout.encode("utf-8")


def plain_export(fmt: str, *, me=None, template=None, income=None, commodities=()) -> str:
    """The export as it was made before the payments came from the summary index: every game
    with a stake loaded, replayed and its payments taken (``export.transfers``), in the order
    the games were started; the reference of the index's route."""
    from ginscore.app.book import open_book, selection
    from ginscore.exchange import export as exporting
    from ginscore.ops import actions

    book = open_book()
    chosen = [entry["id"] for entry in book.summaries(selection(finished_only=True)) if entry.get("money") is not None]
    games = [actions.standing(book.load(game_id)) for game_id in chosen]
    how = exporting.naming(fmt, template, income, me, exporting.parse_commodities(commodities))
    return exporting.write(games, how)


@pytest.mark.parametrize("lifetime", [False, True])
def test_an_export_reads_no_game_and_is_what_every_game_read_gives(run, evening, monkeypatch, lifetime):
    """Exports come from the payments the summary index keeps (issue #45): with the index
    current no game file is read nor replayed, and the text is byte for byte the one every game
    loaded and replayed gives, in every format, with --as, --account, --income and --commodity;
    also as a lifetime of games is read (``history.FEW`` 0: one pass over the rows, which must
    still tell when each game ended)."""
    from ginscore.app.book import Book
    from ginscore.index import history
    from ginscore.tables import base

    if lifetime:
        monkeypatch.setattr(history, "FEW", 0)

    events = []
    load, replay = Book.load, base.Table._replay
    ok(run, ["games", "--json"])  # the summary index built first (a copied ledger has none): it reads every game
    monkeypatch.setattr(Book, "load", lambda book, game_id=None: events.append(("load", game_id)) or load(book, game_id))
    monkeypatch.setattr(base.Table, "_replay", lambda table, game: events.append(("replay", game.id)) or replay(table, game))
    cases = [("hledger", {}), ("ledger", {}), ("csv", {}), ("beancount", {"commodities": ("€=EUR", "$=USD")}),
             ("hledger", {"me": "dan"}), ("ledger", {"me": "Анна", "income": "income:cards"}),
             ("hledger", {"template": "people:{name}:games"})]
    for fmt, options in cases:
        words = ["--to", fmt, *(["--as", options["me"]] if "me" in options else []),
                 *(["--income", options["income"]] if "income" in options else []),
                 *(["--account", options["template"]] if "template" in options else []),
                 *(word for pair in options.get("commodities", ()) for word in ("--commodity", pair))]
        events.clear()
        text = exported(run, *words)
        assert events == [], (fmt, options)  # no game read, none replayed
        assert text == plain_export(fmt, **options), (fmt, options)


def test_each_payment_is_a_transaction_on_the_day_the_game_ended(run, monkeypatch, tmp_path):
    frozen_clock(monkeypatch)  # every reading of the clock a minute later
    monkeypatch.setenv("TZ", "UTC")
    play(run, "new Dan Eve --stake 0.1 --currency €", "gin dan 50", "gin dan 40", "edit 1 gin dan 60")
    journal = json.loads(ok(run, ["log", "--json"]).stdout)
    last_hand = [entry for entry in journal["entries"] if entry["action"] == "hand"][-1]
    from ginscore.app.book import open_book
    from ginscore.exchange.export import ended_at

    game = open_book().load(journal["game"])
    assert ended_at(game) == last_hand["at"]  # the correction afterwards does not move it
    text = exported(run, "--to", "hledger")
    assert f"2026-11-29 (ginscore:{journal['game']}) Dan | Eve pays Dan for 600 points (Dan v Eve, standard)" in text
    assert "games:Dan   60.00 EUR" in text and "games:Eve  -60.00 EUR" in text
    rows = list(csv.reader(io.StringIO(exported(run, "--to", "csv"))))
    assert rows == [["date", "game", "table", "from", "to", "points", "amount", "currency", "from_account", "to_account", "commodity"],
                    ["2026-11-29", journal["game"], "standard", "Eve", "Dan", "600", "60.00", "EUR", "games:Eve", "games:Dan", "EUR"]]


def test_the_games_are_chosen_as_settle_chooses_them(run, evening):
    def games_in(*args):
        return {row[1] for row in list(csv.reader(io.StringIO(exported(run, "--to", "csv", *args))))[1:]}

    settled = json.loads(ok(run, ["settle", "--json", "--currency", "€"]).stdout)["games"]
    assert games_in("--player", "dan") == set(json.loads(ok(run, ["settle", "--json", "--player", "dan", "--currency", "$"]).stdout)["games"]) | {settled[0]}
    ok(run, ["settle", "--currency", "€", "--record"])
    result = run(["export", "--to", "csv", "--player", "анна"])
    assert result.stdout == "date,game,table,from,to,points,amount,currency,from_account,to_account,commodity\n"
    assert "Nothing to export" in result.stderr and "--all includes them" in result.stderr
    assert games_in("--player", "анна", "--all") == {settled[1]}
    assert games_in("--game", settled[2], "--all") == {settled[2]}


def test_names_become_accounts_each_tool_reads(run, tmp_path):
    play(run, ["new", "Zoé", "Mary  Ann", "--stake", "1", "--currency", "¥"], "gin zoé 90")
    hledger_text = exported(run, "--to", "hledger")
    assert "account games:Mary Ann\n" in hledger_text and "commodity ¥\n" in hledger_text
    refused(run, "export --to beancount", "--commodity ¥=CODE")
    text = exported(run, "--to", "beancount", "--commodity", "¥=JPY")
    assert "Assets:Games:Mary-Ann  -480 JPY" in text and "Assets:Games:Zoe" in text  # no decimals for yen


@pytest.mark.parametrize(
    "args, words",
    [
        ("--to xml", "--to 'xml' is not a format"),
        ("--as dan", "say what to write with --to"),
        ("--to hledger --account games", "it must hold {name}"),
        ("--to hledger --account {name}", "it must start with a letter"),
        ("--to hledger --account a::{name}", "single colons"),
        ("--to hledger --account a:{name}:{x}", "only {name} may stand in braces"),
        ("--to csv --as dan", "--as names accounts"),
        ("--to hledger --income x:y", "--income is the account of one player's winnings"),
        ("--to hledger --as nobody", "--as 'nobody': no player"),
        ("--to beancount --account games:{name}", "beancount accounts start with Assets"),
        ("--to beancount --commodity €", "is not SYMBOL=CODE"),
        ("--to hledger --as e", "--as 'e': no player"),  # Eve and Ed: the beginning is not enough
    ],
)
def test_bad_options_are_refused_on_one_line(run, args, words):
    play(run, "new Dan Eve --stake 0.1 --currency €", "gin dan 90", "new Dan Ed --stake 1", "gin ed 90")
    refused(run, ["export", *args.split()], words, code=1)


def test_two_players_one_account_is_refused(run, isolated_ledger):
    play(run, "new Zoé Zoe --stake 1 --currency €", "gin zoé 90")
    before = ledger_bytes(isolated_ledger)
    refused(run, "export --to beancount", "'Zoé' and 'Zoe' would both be the account 'Assets:Games:Zoe'")
    assert "games:Zoé" in exported(run, "--to", "hledger")
    assert ledger_bytes(isolated_ledger) == before


def test_json_and_csv_keep_the_plain_number(run):
    play(run, ["new", "Ann", "Bob", "--stake", "0.05", "--currency", "€"], "gin ann 50", "gin ann 50")
    assert status_json(run)["stake"] == "0.05"
    assert ",30.00,RUB," in ok(run, ["--lang", "de", "export", "--to", "csv", "--commodity", "€=RUB"]).output


@pytest.mark.parametrize("currency", ['"', 'A"B', "EUR;x", "A\\B"])
def test_a_currency_no_journal_reads_is_refused_on_one_line(run, isolated_ledger, tmp_path, currency):
    play(run, ["new", "Ann", "Bob", "--stake", "1", "--currency", currency], "gin ann 90")
    target = tmp_path / "out.journal"
    target.write_text("kept", "utf-8")
    for fmt in ("hledger", "ledger", "csv"):
        refused(run, ["export", "--to", fmt, "-o", str(target)],
                "hledger and ledger cannot read the currency", "--commodity")
        assert target.read_text("utf-8") == "kept"
    text = ok(run, ["export", "--to", "ledger", "--commodity", f"{currency}=XQ"]).stdout
    assert "XQ" in text


def test_nothing_is_written_by_a_refused_export(run, isolated_ledger):
    play(run, ["new", "Ann", "Bob", "--stake", "1", "--currency", '"'], "gin ann 90")
    before = ledger_bytes(isolated_ledger)
    refused(run, ["export", "--to", "hledger"])
    assert ledger_bytes(isolated_ledger) == before


def test_the_csv_rules_file_is_printed_written_and_alone(run, isolated_ledger, tmp_path):
    from ginscore.cli.exports import exporting_rules

    with open(os.path.join(ROOT, "ginscore", "data", "ginscore-export.csv.rules"), encoding="utf-8") as handle:
        shipped = handle.read()
    assert exporting_rules() == shipped and ok(run, "export --csv-rules").stdout == shipped
    target = tmp_path / "ginscore.csv.rules"
    ok(run, ["export", "--csv-rules", "-o", str(target)])
    assert target.read_text("utf-8") == shipped
    refused(run, "export --csv-rules --to csv",
            "Error: --csv-rules takes only --output FILE: the rules are the same for every export", code=2)
    refused(run, "export --csv-rules --all", "--csv-rules takes only --output FILE", code=2)
    assert not os.path.exists(os.path.join(ROOT, "docs", "ginscore-export.csv.rules"))  # one copy, in the package
