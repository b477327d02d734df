"""CSV money (issue 20, item 19): amounts as bare numbers with the decimals the text shows
(-20.40, not -20.4), one value per cell ('games': one row per payment), and the partnership
CSV's round points empty on a hand that completes no round."""

import csv
import io

from helpers import game_ids, play


def rows_of(run, command):
    result = run(command)
    assert result.exit_code == 0, result.output
    return list(csv.DictReader(io.StringIO(result.output)))


def an_evening(run):
    # A knocks 4 v 15 (11), B gins v 90 (115): B wins 240 - 36 = 204 at 0.1 = 20.40 (game 1, €).
    # Rummy: A out, B holds K 7 3 (20), C A A 9 (11): at 0.1, B pays 2.00, C 1.10 (game 2).
    play(
        run,
        "new A B --stake 0.1 --currency €", "knock a 4 15", "gin b 90",
        "new A B C --rummy --stake 0.1", "out a b=K,7,3 c=A,A,9", "end",
    )


def test_final_amounts_keep_the_decimals_the_text_shows(run):
    an_evening(run)
    first, second = game_ids(run)
    standard = rows_of(run, f"status --game {first} --format csv")
    assert [row["amount"] for row in standard] == ["-20.40", "20.40"]
    rummy = rows_of(run, f"sheet --game {second} --format csv")
    assert rummy[0]["A change"] == "31"
    final = rows_of(run, f"status --game {second} --format csv")
    assert [row["amount"] for row in final] == ["3.10", "-2.00", "-1.10"]


def test_games_csv_has_one_row_per_payment_and_one_number_per_cell(run):
    an_evening(run)
    play(run, "new C D")  # in progress, no payment: one row, payment cells empty
    rows = rows_of(run, "games --format csv")
    payments = [(row["id"], row["currency"], row["from"], row["to"], row["amount"]) for row in rows]
    first, second, third = game_ids(run)
    assert payments == [
        (first, "€", "A", "B", "20.40"),
        (second, "", "B", "A", "2.00"),
        (second, "", "C", "A", "1.10"),
        (third, "", "", "", ""),
    ]


def test_settle_and_stats_csv_are_bare_numbers(run):
    an_evening(run)
    assert rows_of(run, "settle --currency none --format csv") == [
        {"player": "A", "net": "3.10"}, {"player": "B", "net": "-2.00"}, {"player": "C", "net": "-1.10"}
    ]
    stats = {row[""]: row for row in rows_of(run, "stats --format csv")}
    assert stats["money (€)"]["A"] == "-20.40" and stats["money (€)"]["C"] == ""
    assert stats["money"]["B"] == "-2.00"


def test_partnership_round_points_are_empty_until_a_round_completes(run):
    play(run, "new A B C D --partnership", "knock a 4 15")
    first = rows_of(run, "sheet --format csv")
    assert first[0]["round points"] == "" and first[0]["round winner"] == ""
    play(run, "knock c 2 10")  # the other table: the round completes
    done = rows_of(run, "sheet --format csv")
    assert done[1]["round points"] not in ("", "0")
