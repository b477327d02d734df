"""Scoring of hands and games against RULES.md sections 2 and 3 (numbers worked by hand)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ginscore.base.errors import HandError, RulesError
from ginscore.core.rules import Rules
from ginscore.core.scoring import check_hand, final_score, money, parse_stake, score_hand, show_money
from helpers import examples

STANDARD = Rules()


def knock(player, knocker_deadwood, opponent_deadwood):
    return {"kind": "knock", "player": player, "deadwood": knocker_deadwood, "opponent_deadwood": opponent_deadwood}


def gin(player, opponent_deadwood, big=False):
    hand = {"kind": "gin", "player": player, "opponent_deadwood": opponent_deadwood}
    if big:
        hand["big"] = True
    return hand


def test_knock_scores_the_difference():
    # seed 004: knocker 3, defender left with 11 after laying off J and 10 of hearts -> 8
    score = score_hand(knock("A", 3, 11), "B", STANDARD)
    assert (score.result, score.winner, score.points, score.boxes) == ("knock", "A", 8, 1)


def test_undercut_after_layoffs_seed_002():
    # seed 002: knocker 2, defender lays off down to 1 -> undercut, 1 + 25 = 26
    score = score_hand(knock("A", 2, 1), "B", STANDARD)
    assert (score.result, score.winner, score.points) == ("undercut", "B", 26)


def test_tie_is_an_undercut_worth_only_the_bonus_seed_004():
    # seed 004: equal counts with undercut bonus 20 -> the defender scores just 20
    score = score_hand(knock("A", 7, 7), "B", Rules(undercut_bonus=20))
    assert (score.result, score.winner, score.points) == ("undercut", "B", 20)


def test_tie_default_bonus_25():
    assert score_hand(knock("A", 5, 5), "B", STANDARD).points == 25


def test_gin_scores_bonus_plus_opponent_deadwood():
    score = score_hand(gin("A", 30), "B", STANDARD)
    assert (score.result, score.winner, score.points, score.boxes) == ("gin", "A", 55, 1)


def test_gin_cannot_be_undercut_even_against_zero():
    score = score_hand(gin("A", 0), "B", STANDARD)
    assert (score.result, score.winner, score.points) == ("gin", "A", 25)


def test_big_gin_bonus_31():
    score = score_hand(gin("A", 12, big=True), "B", STANDARD)
    assert (score.result, score.points) == ("big_gin", 43)


def test_big_gin_off_scores_as_gin():
    score = score_hand(gin("A", 12, big=True), "B", Rules(big_gin_bonus=0))
    assert (score.result, score.points) == ("gin", 37)


def test_draw_scores_nothing_and_no_box():
    score = score_hand({"kind": "draw"}, None, STANDARD)
    assert (score.result, score.winner, score.points, score.boxes) == ("draw", None, 0, 0)


@pytest.mark.parametrize(
    "hand, message",
    [
        (knock("A", 0, 10), "is gin"),
        (knock("A", 11, 30), "over this hand's knock limit of 10"),
        (knock("A", -1, 30), "from 1 to 10"),
        (knock("A", 4, 99), "from 0 to 98"),
        (knock("A", 4, -2), "from 0 to 98"),
        (gin("A", 99), "from 0 to 98"),
        ({"kind": "shuffle"}, "unknown hand kind"),
    ],
)
def test_impossible_hands_are_refused(hand, message):
    with pytest.raises(HandError, match=message):
        check_hand(hand, STANDARD)


def test_settle_worked_shutout_example_double_total():
    # RULES.md 3: A wins five hands of 12, 8, 35, 20, 25 (100 points), B nothing; box 25,
    # game 100 -> double-total: 2 x (100 + 100 + 125) = 650
    final = final_score("A", "B", {"A": 100, "B": 0}, {"A": 5, "B": 0}, False, STANDARD, None)
    assert final.shutout is True
    assert final.totals == {"A": 650, "B": 0}
    assert final.net == 650
    assert final.shutout_extra == 325
    assert final.amount is None


def test_settle_without_shutout_counts_both_players_boxes():
    # A: 104 points, 4 boxes; B: 40 points, 2 boxes -> A 104+100+100 = 304, B 40+50 = 90
    final = final_score("A", "B", {"A": 104, "B": 40}, {"A": 4, "B": 2}, True, STANDARD, Decimal("0.01"))
    assert final.shutout is False
    assert final.totals == {"A": 304, "B": 90}
    assert final.net == 214
    assert final.amount == "2.14"


def test_net_can_be_negative_when_the_losers_boxes_outweigh():
    # B won ten hands of 1 point: 10 + 250 = 260; A one gin worth 100: 100 + 100 + 25 = 225
    final = final_score("A", "B", {"A": 100, "B": 10}, {"A": 1, "B": 10}, True, STANDARD, Decimal("1"))
    assert final.net == -35
    assert final.amount == "-35.00"


@pytest.mark.parametrize(
    "text, expected",
    [("0.01", Decimal("0.01")), ("1/10", Decimal("0.1")), ("1/20", Decimal("0.05")), ("2", Decimal("2")),
     ("100", Decimal("100")), ("3/4", Decimal("0.75"))],
)
def test_stakes_are_exact_decimals(text, expected):
    assert parse_stake(text) == expected


@pytest.mark.parametrize("text", ["0", "-1", "abc", "1/0", "1/3", "", "nan", "inf", "0/5"])
def test_bad_stakes_are_refused(text):
    with pytest.raises(RulesError):
        parse_stake(text)


def test_amount_is_exact_not_float():
    final = final_score("A", "B", {"A": 101, "B": 0}, {"A": 3, "B": 1}, True, STANDARD, parse_stake("1/10"))
    # A: 101 + 100 + 75 = 276; B: 0 + 25 = 25; net 251 at 0.1 = 25.1 exactly
    assert final.net == 251
    assert Decimal(final.amount) == Decimal("25.1")


# ---- stakes keep every digit (RULES.md section 9: exact decimal arithmetic, never floats) ----


@pytest.mark.parametrize(
    "text",
    [
        "1.2345678901234567890123456789012",  # 32 digits: rounding it to 28 would change the stake
        "12345678901234567890123456789",  # 29 digits
        "1e30",  # 1 and thirty zeros: 31 digits
    ],
)
def test_a_stake_with_more_digits_than_kept_is_refused_not_rounded(text):
    with pytest.raises(RulesError, match="digits"):
        parse_stake(text)


def test_the_longest_stake_multiplies_exactly():
    # 28 digits, 18 after the point; net 987654. Worked in integers: the product of the digit
    # strings, with the point put back 18 places from the right.
    stake = parse_stake("1234567890.123456789012345678")
    units = 1234567890123456789012345678 * 987654
    expected = f"{units // 10**18}.{units % 10**18:018d}"
    final = final_score("A", "B", {"A": 987554, "B": 0}, {"A": 0, "B": 0}, True, Rules(box_bonus=0), stake)
    assert final.net == 987554 + 100  # points + game bonus, nothing else
    assert final.amount == expected


def test_small_stakes_and_amounts_are_written_out_not_in_exponent_form():
    # 0.0000001 per point; net 325 (the worked example with shutout none) -> 0.0000325
    stake = parse_stake("0.0000001")
    final = final_score("A", "B", {"A": 100, "B": 0}, {"A": 5, "B": 0}, False, Rules(shutout="none"), stake)
    assert final.amount == "0.0000325"
    assert show_money(parse_stake("1/1048576"), "$") == "$0.00000095367431640625"


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(
    numerator=st.integers(1, 10**12),
    twos=st.integers(0, 30),
    fives=st.integers(0, 12),
    net=st.integers(-(10**6), 10**6),
)
@example(numerator=1, twos=30, fives=0, net=3)  # 1/2**30: 21 digits, and 3 x it is below 10**-6
@example(numerator=10**12 - 1, twos=30, fives=12, net=-999_999)  # 33 digits: refused
def test_amounts_equal_net_times_the_stake_as_fractions(numerator, twos, fives, net):
    # A fraction whose denominator has only 2s and 5s has an exact decimal value; the amount,
    # read back as a fraction, must be exactly net x numerator / denominator.
    denominator = 2**twos * 5**fives
    text = f"{numerator}/{denominator}"
    exact = Fraction(numerator, denominator)
    places = max(twos, fives)
    whole, rest = divmod(numerator * 10**places // denominator, 10**places)
    decimals = f"{rest:0{places}d}".rstrip("0") if places else ""
    digits = len(((str(whole) if whole else "") + decimals).lstrip("0"))  # as written out in full
    if digits > 28:  # more digits than a stake may have: refused, never rounded
        with pytest.raises(RulesError, match="more than 28 digits"):
            parse_stake(text)
        return
    stake = parse_stake(text)
    assert Fraction(stake) == exact
    amount = money(net, stake)
    assert "E" not in amount
    assert Fraction(Decimal(amount)) == net * exact


def test_amounts_keep_every_decimal_the_stake_has():
    from ginscore.core.scoring import show_amount

    assert show_amount("0.0000325", None) == "0.0000325"
    assert show_amount("2.39", "$") == "$2.39"
    assert show_amount("248", "CHF") == "CHF 248"
