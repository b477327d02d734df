"""settle over an evening's money (issue 20): games with and without a currency each get a
pasteable command (item 4). That players who never played each other never pay each other
(item 5) is tests/unit/test_fewest_payments.py's."""

import json
import shlex

from helpers import game_ids, ledger_bytes, play


def as_json(run, command):
    result = run(command)
    assert result.exit_code == 0, (command, result.output)
    return json.loads(result.output)


def twelve_players_in_five_groups(run):
    # P1 P2 P3 (Rummy): P1 out, P2 held 30, P3 20: P1 +50, P2 -30, P3 -20.
    # Q1 Q2 Q3 (Rummy): Q1 out (Q2 30, Q3 1), then Q3 out (Q1 1, Q2 20): Q1 +30, Q2 -50, Q3 +20.
    # R, S, T pairs: the first wins 1 from the second. Twelve players with a balance: past the
    # exact limit, the greedy method made Q2 (-50) pay P1 (+50), who never met.
    play(
        run,
        "new P1 P2 P3 --rummy --stake 1", "out p1 p2=30 p3=20", "end",
        "new Q1 Q2 Q3 --rummy --stake 1", "out q1 q2=30 q3=1", "out q3 q1=1 q2=20", "end",
    )
    for pair in "RST":
        play(run, f"new {pair}1 {pair}2 --rummy --stake 1", f"out {pair}1 {pair}2=1", "end")
    return {"P1": "P", "P2": "P", "P3": "P", "Q1": "Q", "Q2": "Q", "Q3": "Q",
            "R1": "R", "R2": "R", "S1": "S", "S2": "S", "T1": "T", "T2": "T"}


def test_more_than_ten_players_never_pay_a_stranger(run):
    group = twelve_players_in_five_groups(run)
    report = as_json(run, "settle --json")
    assert len(report["nets"]) == 12
    for paid in report["payments"]:
        assert group[paid["from"]] == group[paid["to"]], paid
    # each group settles in its fewest: P in 2, Q in 2, each pair in 1
    assert len(report["payments"]) == 7
    assert report["method"] == "exact"  # no group has more than ten players


def test_each_currency_gets_a_command_that_pastes(run, isolated_ledger):
    play(
        run,
        "new A B --stake 1 --currency €", "gin a 90",
        "new A B --stake 1 --currency $", "gin b 90",
        "new A B --stake 1", "gin b 90",
        "new C D --stake 2", "gin c 90",
    )
    for lang in ("en", "de", "ru", "uk"):
        before = ledger_bytes(isolated_ledger)
        result = run(["--lang", lang, "settle", "--player", "A", "--all"])
        assert result.exit_code == 1 and result.output.count("\n") == 1
        assert ledger_bytes(isolated_ledger) == before
        line = result.output.strip()
        commands = line[line.index("ginscore ") :].split("; ")
        assert len(commands) == 3, line
        currencies = []
        for pasted in commands:
            words = shlex.split(pasted)
            assert words[:2] == ["ginscore", "settle"] and words[-2] == "--currency"
            report = as_json(run, [*words[1:], "--json"])
            currencies.append(report["currency"])
            assert report["games"] and "C" not in report["nets"]  # the same options: --player A
        assert currencies == ["€", "$", None]
    # 'none' is the games without a currency, not a symbol "none"
    assert as_json(run, "settle --currency none --json")["games"] == game_ids(run)[2:4]
    assert as_json(run, "settle --currency NONE --json")["nets"] == {"A": "-480.00", "B": "480.00", "C": "960.00", "D": "-960.00"}


def test_none_is_no_currency_wherever_a_currency_is_typed(run, tmp_path):
    play(run, ["config", "set", "currency", "€"], "new A B --stake 1 --currency none", "gin a 90")
    assert as_json(run, "status --json")["currency"] is None  # not a symbol "none", nor the house €
    assert as_json(run, "settle --currency none --json")["games"] == game_ids(run)
    result = run("config set currency none")
    assert result.exit_code != 0 and "config unset currency" in result.output
