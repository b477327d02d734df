"""ginscore analyze: best melds, deadwood, discard, gin and knock eligibility (issue #6).

Expected values are worked out by hand in the comments (values: ace 1, 2-10 face, J Q K 10).
"""

import json

import pytest

from helpers import ledger_bytes


def analyze(run, *args):
    result = run(["analyze", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def analyze_json(run, *args):
    return json.loads(analyze(run, *args, "--json"))


def meld_sets(melds):
    return {frozenset(meld) for meld in melds}


def test_ten_cards_as_several_arguments(run):
    output = analyze(run, *"5s 6s 7s 9c Tc Jc Ks Kc Kd Jd".split())
    # 5s-7s, 9c-Jc, the three kings; Jd = 10 left, knock limit 10
    assert output.splitlines() == [
        "Deadwood 10: can knock (knock limit 10).",
        "Melds:     5♠ 6♠ 7♠ | 9♣ 10♣ J♣ | K♠ K♦ K♣",
        "Unmatched: J♦",
    ]


def test_ten_cards_as_one_argument_with_commas_and_symbols(run):
    data = analyze_json(run, "5♠, 6s, 7S, 9c, 10c, jc, K♠, kc, Kd, JD")
    assert data["deadwood"] == 10
    assert meld_sets(data["melds"]) == meld_sets([["5s", "6s", "7s"], ["9c", "Tc", "Jc"], ["Ks", "Kc", "Kd"]])
    assert data["unmatched"] == ["Jd"]
    assert (data["gin"], data["big_gin"], data["can_knock"]) == (False, False, True)
    assert "discards" not in data


def test_eleven_cards_best_discard(run):
    data = analyze_json(run, "4s 4c 4d 4h 5s 5c 5d 6s 2c 3s 3c")
    # Discard 6s; 2c 3c 4c, 4s 4h 4d, 5s 5c 5d; 3s = 3 left. Keeping 6s instead of 3s costs 6.
    assert data["deadwood"] == 3
    assert data["discards"] == ["6s"] and data["discard"] == "6s"
    assert meld_sets(data["melds"]) == meld_sets([["2c", "3c", "4c"], ["4s", "4h", "4d"], ["5s", "5c", "5d"]])
    assert data["unmatched"] == ["3s"]
    text = analyze(run, "4s 4c 4d 4h 5s 5c 5d 6s 2c 3s 3c")
    assert "Deadwood 3: can knock (knock limit 10)." in text
    assert "Discard:   6♠" in text


def test_several_equally_good_discards_are_all_named(run):
    # No meld: the 10-point cards (Ks, Qh, Jd, Tc, Kd) are the best discards, leaving 89 - 10 = 79
    data = analyze_json(run, "Ks Qh Jd Tc 9s 8h 7d 6c 5s 4h Kd")
    assert data["deadwood"] == 79
    assert set(data["discards"]) == {"Ks", "Qh", "Jd", "Tc", "Kd"}
    assert data["can_knock"] is False and data["melds"] == []
    assert "Deadwood 79: cannot knock (knock limit 10)." in analyze(run, "Ks Qh Jd Tc 9s 8h 7d 6c 5s 4h Kd")


def test_ties_list_every_best_arrangement(run):
    cards = "2s 2h 2d 2c 3s 3c 4s 4h 4d 4c"
    # Either 2s 3s 4s with 2h 2d 2c and 4h 4d 4c (3c left) or 2c 3c 4c with 2s 2h 2d and
    # 4s 4h 4d (3s left): 3 each. The four 2s and the four 4s leave 3s 3c = 6.
    data = analyze_json(run, cards)
    assert data["deadwood"] == 3
    found = {(frozenset(map(frozenset, arrangement["melds"])), tuple(arrangement["unmatched"]))
             for arrangement in data["arrangements"]}
    assert found == {
        (frozenset(map(frozenset, [["2s", "3s", "4s"], ["2h", "2d", "2c"], ["4h", "4d", "4c"]])), ("3c",)),
        (frozenset(map(frozenset, [["2c", "3c", "4c"], ["2s", "2h", "2d"], ["4s", "4h", "4d"]])), ("3s",)),
    }
    text = analyze(run, cards).splitlines()
    assert text[1] == "2 equally good arrangements:"
    assert text[2].startswith("  1. ") and text[3].startswith("  2. ")
    assert {line.rsplit("unmatched ", 1)[1] for line in text[2:]} == {"3♠", "3♣"}


def test_gin_and_big_gin(run):
    data = analyze_json(run, "3s 4s 5s 6s 4h 4d 4c 7d 8d 9d")
    assert (data["deadwood"], data["gin"], data["big_gin"]) == (0, True, False)
    assert analyze(run, "3s 4s 5s 6s 4h 4d 4c 7d 8d 9d").startswith("Gin: all 10 cards meld.")
    data = analyze_json(run, "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js")
    assert (data["deadwood"], data["gin"], data["big_gin"]) == (0, True, True)
    assert data["discard"] is None
    # One run of 11, or split into runs of 3+: 1 + 6 + 6 ways (compositions of 11 in parts >= 3
    # into 1, 2 and 3 parts: 1; a + b = 11 with a, b >= 3: 6; three parts: 6)
    assert len(data["arrangements"]) == 13
    assert analyze(run, "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js").startswith("Big gin: all 11 cards meld.")
    # Discarding Th leaves gin
    data = analyze_json(run, "3s 4s 5s 6s 4h 4d 4c 7d 8d 9d Th")
    assert (data["deadwood"], data["gin"], data["big_gin"], data["discards"]) == (0, True, False, ["Th"])


def test_knock_limit_option(run):
    data = analyze_json(run, "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--knock-limit", "7")
    assert (data["knock_limit"], data["can_knock"]) == (7, False)
    assert "Deadwood 10: cannot knock (knock limit 7)." in analyze(run, "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--knock-limit", "7")
    assert "knock limit 0: gin only" in analyze(run, "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--knock-limit", "0")


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["As 2s 3s 4s 5s 6s 7s 8s 9s"], "expected 10 or 11 cards, got 9"),
        (["As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs"], "expected 10 or 11 cards, got 12"),
        (["As 2s 3s 4s 5s 6s 7s 8s 9s 1x"], "'1x' is not a card"),
        (["As 2s 3s 4s 5s 6s 7s 8s 9s", "as"], "'As' appears twice"),
        (["5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--knock-limit", "ten"], "--knock-limit must be a whole number"),
        (["5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--knock-limit", "-1"], "knock limit must be a whole number 0 or more"),
    ],
)
def test_bad_input_is_one_line(run, isolated_ledger, args, fragment):
    result = run(["analyze", *args])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], result.stderr
    assert ledger_bytes(isolated_ledger) == {}  # analyze never touches the ledger


def test_ascii_fallback():
    from ginscore.cards.cards import parse_cards
    from ginscore.cards.melds import analyze as analyze_hand
    from ginscore.cli.cards import analysis_lines

    lines = analysis_lines(analyze_hand(parse_cards("4s 4c 4d 4h 5s 5c 5d 6s 2c 3s 3c")), symbols=False)
    assert lines == [
        "Deadwood 3: can knock (knock limit 10).",
        "Discard:   6s",
        "Melds:     2c 3c 4c | 4s 4h 4d | 5s 5d 5c",
        "Unmatched: 3s",
    ]
