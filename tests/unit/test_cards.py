"""Parsing, values, meld legality and formatting (ginscore.cards.cards)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginscore.base.errors import CardError, GinscoreError
from ginscore.cards.cards import (
    card_str,
    card_value,
    format_cards,
    format_melds,
    is_meld,
    parse_card,
    parse_cards,
    parse_melds,
)

ALL_NAMES = [rank + suit for suit in "shdc" for rank in "A23456789TJQK"]


def names(cards):
    return [card_str(card) for card in cards]


def test_every_card_has_a_distinct_canonical_name():
    assert sorted(card_str(card) for card in range(52)) == sorted(ALL_NAMES)


@pytest.mark.parametrize(
    "name, value",
    [("As", 1), ("2h", 2), ("9d", 9), ("Tc", 10), ("Js", 10), ("Qh", 10), ("Kd", 10), ("5c", 5)],
)
def test_card_values(name, value):
    assert card_value(parse_card(name)) == value


def test_parse_spellings():
    assert names(parse_cards("As 10h K♠ 7D qc")) == ["As", "Th", "Ks", "7d", "Qc"]
    assert names(parse_cards("as,TH,,  k♤ 7♢ , q♧ 2♡")) == ["As", "Th", "Ks", "7d", "Qc", "2h"]
    assert names(parse_cards("9♥ J♦ 3♣ A♠")) == ["9h", "Jd", "3c", "As"]
    assert names(parse_cards("♠9 ♦10")) == ["9s", "Td"]  # suit first, as printed in books
    assert names(parse_cards("K♠\ufe0f")) == ["Ks"]  # phone keyboards add a variation selector
    assert parse_cards("") == ()
    assert parse_cards(" , ") == ()


def test_parse_duplicate_in_two_spellings_is_named_once():
    with pytest.raises(CardError, match=r"^'Th' appears twice$"):
        parse_cards("As 10h Th")


@pytest.mark.parametrize("token", ["1x", "11h", "As5", "Z", "s", "10", "Ax", "KK", "1s"])
def test_unknown_card_names_the_token(token):
    with pytest.raises(CardError) as caught:
        parse_cards(f"As {token} Kd")
    message = str(caught.value)
    assert message.startswith(f"'{token}' is not a card")
    assert "\n" not in message
    assert isinstance(caught.value, GinscoreError)


def test_unknown_card_message_exactly():
    with pytest.raises(CardError) as caught:
        parse_cards("1x")
    assert str(caught.value) == "'1x' is not a card: write rank then suit, e.g. As, 10h, Kd"


def test_wrong_count_messages():
    nine = "As 2s 3s 4s 5s 6s 7s 8s 9s"
    with pytest.raises(CardError, match=r"^expected 10 or 11 cards, got 9$"):
        parse_cards(nine, (10, 11))
    with pytest.raises(CardError, match=r"^expected 10 cards, got 9$"):
        parse_cards(nine, 10)
    with pytest.raises(CardError, match=r"^expected 1 card, got 0$"):
        parse_cards("", 1)
    with pytest.raises(CardError, match=r"^expected 7, 10 or 11 cards, got 9$"):
        parse_cards(nine, (7, 10, 11))
    assert len(parse_cards(nine + " Ts", (10, 11))) == 10


@pytest.mark.parametrize(
    "text",
    ["As 2s 3s", "Js Qs Ks", "3d 4d 5d 6d 7d 8d 9d", "7s 7h 7d", "Kh Kd Kc Ks", "Ac 2c 3c 4c"],
)
def test_legal_melds(text):
    assert is_meld(parse_cards(text))


@pytest.mark.parametrize(
    "text",
    [
        "Qs Ks As",  # ace is low only
        "Ks As 2s",  # no wrapping round the king
        "As 2s",  # too short
        "5s 6s 8s",  # gap
        "5s 6h 7s",  # mixed suits
        "7s 7h",  # a pair is not a set
        "7s 7h 8h",
        "",
    ],
)
def test_illegal_melds(text):
    assert not is_meld(parse_cards(text))


def test_is_meld_rejects_repeated_or_invalid_cards():
    assert not is_meld([0, 0, 1])
    assert not is_meld([0, 13, 26, 0])
    assert not is_meld([51, 52, 53])
    assert not is_meld([0, 13, 26, 39, 0])


def test_parse_melds_accepts_all_separators_and_keeps_order():
    hand = parse_cards("5s 6s 7s 9c Tc Jc Ks Kc Kd Jd")
    for text in ("5s 6s 7s | 9c Tc Jc | Ks Kc Kd", "5s 6s 7s / 9c Tc Jc ; Ks Kc Kd |"):
        melds = parse_melds(text, hand)
        assert [names(meld) for meld in melds] == [["5s", "6s", "7s"], ["9c", "Tc", "Jc"], ["Ks", "Kc", "Kd"]]
    assert parse_melds("", hand) == ()
    assert format_melds(parse_melds("7s 6s 5s|Kd Ks Kc", hand)) == "7s 6s 5s | Kd Ks Kc"


def test_parse_melds_errors_name_the_meld():
    hand = parse_cards("5s 6s 7s 9c Tc Jc Ks Kc Kd Jd")
    with pytest.raises(CardError, match=r"^'5s 6s Jd' is not a meld"):
        parse_melds("5s 6s Jd | 9c Tc Jc", hand)
    with pytest.raises(CardError, match=r"^meld '5s 6s 7s 8s' uses 8s, which is not in the hand$"):
        parse_melds("5s 6s 7s 8s", hand)
    with pytest.raises(CardError, match=r"^Jc is in two melds: '9c Tc Jc' and 'Jc Jd Js'"):
        parse_melds("9c Tc Jc | Jc Jd Js", hand + parse_cards("Js"))
    with pytest.raises(CardError, match=r"^'5z' is not a card: .* \(in meld '5z 6s 7s'\)$"):
        parse_melds("5z 6s 7s", hand)
    with pytest.raises(CardError, match=r"^'7s' appears twice \(in meld '5s 6s 7s 7S'\)$"):
        parse_melds("5s 6s 7s 7S | Ks Kc Kd", hand)
    # Without a hand only legality and overlap are checked.
    assert len(parse_melds("2h 3h 4h", None)) == 1


def test_format_cards():
    assert format_cards(parse_cards("as 10h k♠")) == "As Th Ks"
    assert format_cards(()) == ""
    assert format_melds(()) == ""


def test_card_str_rejects_non_cards():
    with pytest.raises(CardError):
        card_str(52)
    with pytest.raises(CardError):
        card_str(-1)


card_lists = st.lists(st.integers(0, 51), unique=True, max_size=20)


@given(card_lists)
def test_format_parse_round_trip(cards):
    assert parse_cards(format_cards(cards)) == tuple(cards)


_SUIT_SPELLINGS = {"s": "sS♠♤", "h": "hH♥♡", "d": "dD♦♢", "c": "cC♣♧"}


@pytest.mark.slow
@given(card_lists, st.data())
def test_every_spelling_parses_to_the_same_cards(cards, data):
    tokens = []
    for name in names(cards):
        rank, suit = name
        rank_text = data.draw(st.sampled_from(["10", "T", "t"] if rank == "T" else [rank, rank.lower()]))
        suit_text = data.draw(st.sampled_from(_SUIT_SPELLINGS[suit]))
        tokens.append(rank_text + suit_text)
        tokens.append(data.draw(st.sampled_from([" ", ",", " , ", "  ", ",,"])))
    assert parse_cards("".join(tokens)) == tuple(cards)


@st.composite
def disjoint_melds(draw):
    """Random legal, disjoint melds, built from rank and suit rules written out here."""
    melds, used = [], set()
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            suit = draw(st.integers(0, 3))
            length = draw(st.integers(3, 6))
            start = draw(st.integers(0, 13 - length))
            meld = [suit * 13 + rank for rank in range(start, start + length)]
        else:
            rank = draw(st.integers(0, 12))
            suits = draw(st.permutations(range(4)))[: draw(st.integers(3, 4))]
            meld = [suit * 13 + rank for suit in suits]
        if used.isdisjoint(meld):
            used.update(meld)
            melds.append(tuple(draw(st.permutations(meld))))
    return tuple(melds)


@pytest.mark.slow
@given(disjoint_melds())
def test_melds_round_trip(melds):
    hand = [card for meld in melds for card in meld]
    assert all(is_meld(meld) for meld in melds)
    assert parse_melds(format_melds(melds), hand) == melds


def test_suit_symbol_form():
    assert format_cards(parse_cards("As Th 7d Qc"), symbols=True) == "A♠ 10♥ 7♦ Q♣"
    assert format_melds([parse_cards("5s 6s 7s"), parse_cards("Kh Kd Kc")], symbols=True) == "5♠ 6♠ 7♠ | K♥ K♦ K♣"
    # what is printed parses back to the same cards
    hand = parse_cards("As Th 7d Qc 2h")
    assert parse_cards(format_cards(hand, symbols=True)) == hand
