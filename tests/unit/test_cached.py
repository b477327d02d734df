"""The checks of what is read back from the summary index (``ginscore.index.cached``): a listing
tells the usual shape of a game's listed part by its text in one match, and that match must
never pass what the checks field by field refuse."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.index import cached
from ginscore.index.rows import summary_text
from helpers import examples

LARGEST = 2**62  # cached.LARGEST, written out: a count at or beyond it is damage

TEXTS = st.one_of(st.sampled_from(["", "Ann", "Zoë", "Алиса", 'a "b"', "back\\slash", "tab\there", "\u2028"]), st.text(max_size=6))
WHOLE = st.one_of(st.integers(-1000, 1000), st.sampled_from([LARGEST - 1, LARGEST, -LARGEST, 10**18 - 1, 10**18, 10**19]))
AMOUNTS = st.sampled_from(["12.10", "-12.10", "0", "7", "0.0000001", "1E-7", "1e5", "12.", ".5", "+3", "1" * 61, "٣", "12.10\n", ""])
ODD = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), WHOLE, TEXTS, st.just([]), st.just({}))


PAYMENT = st.fixed_dictionaries({
    "from": TEXTS, "to": TEXTS, "points": WHOLE, "amount": st.one_of(st.none(), AMOUNTS),
})
# the fields of a listed part as ginscore writes them, amounts and counts near and beyond their bounds
USUAL = {
    "id": st.sampled_from(["a22ysh8c", "12"]), "created": TEXTS, "table": TEXTS, "variant": st.one_of(st.none(), TEXTS),
    "players": st.lists(TEXTS, min_size=1, max_size=4), "hands": WHOLE, "finished": st.booleans(),
    "winner": st.one_of(st.none(), TEXTS, st.lists(TEXTS, max_size=2)), "net": st.one_of(st.none(), WHOLE),
    "amount": st.one_of(st.none(), AMOUNTS), "payments": st.lists(PAYMENT, max_size=3), "stake": st.one_of(st.none(), AMOUNTS),
    "currency": st.one_of(st.none(), TEXTS), "money": st.one_of(st.none(), st.dictionaries(TEXTS, AMOUNTS, max_size=3)),
    "voided": st.booleans(),
}


@st.composite
def listed_parts(draw) -> dict:
    """A listed part with at most one field of anything else, or missing."""
    drawn = draw(st.fixed_dictionaries(USUAL))
    listed = {key: drawn[key] for key in cached.LISTED}  # in the order the index writes them
    odd = draw(st.one_of(st.none(), st.sampled_from(cached.LISTED)))
    if odd is not None:
        if draw(st.booleans()):
            del listed[odd]
        else:
            listed[odd] = draw(ODD)
    return listed


def field_by_field(data, game_id: str) -> bool:
    try:
        cached.listed_fields(data, game_id)
    except cached.Damaged:
        return False
    return True


@settings(max_examples=examples(600), deadline=None)
@given(listed_parts(), st.sampled_from(["a22ysh8c", "12"]))
def test_the_usual_shape_passes_only_what_the_checks_field_by_field_pass(listed, game_id):
    stored = summary_text(listed)  # as the index writes it
    if cached.usual_listed(stored, game_id):
        assert field_by_field(json.loads(stored), game_id), stored
    for check in (cached.many_listed, cached.listed):  # a listing of many games, and of a few
        try:
            read = check(stored, game_id)
        except cached.Damaged:
            assert not field_by_field(json.loads(stored), game_id)
        else:
            assert read == json.loads(stored)


def usual() -> dict:
    return {"id": "a22ysh8c", "created": "2021-11-13T00:02:24+00:00", "table": "standard", "variant": None, "players": ["Lou", "Ed"],
            "hands": 14, "finished": True, "winner": "Lou", "net": 242, "amount": "12.10",
            "payments": [{"from": "Ed", "to": "Lou", "points": 242, "amount": "12.10"}], "stake": "0.05", "currency": None,
            "money": {"Lou": "12.10", "Ed": "-12.10"}, "voided": False}


def test_a_listing_tells_the_usual_games_in_one_match():
    """The games a ledger is made of take the one match (else the listing is no quicker)."""
    assert cached.usual_listed(summary_text(usual()), "a22ysh8c")
    club = {**usual(), "players": ["Алиса K.", "Zoë \"Z\" F.", "Ed"], "winner": ["Алиса K.", "Ed"], "currency": "€", "variant": "oklahoma",
            "payments": [], "money": None, "net": None, "amount": None, "stake": None, "finished": False, "hands": 0}
    assert cached.usual_listed(summary_text(club), "a22ysh8c")


@pytest.mark.parametrize("damage", [
    {"id": "b22ysh8c"},  # another game's row: the text alone has the usual shape
    {"hands": 10**19},  # beyond the largest count (2^62 is about 4.6 * 10^18)
    {"hands": -LARGEST},
    {"stake": "1E-7"},  # an amount as ginscore never writes one
    {"players": []},
    {"payments": [{"from": "Ed", "to": "Lou", "points": "242", "amount": "12.10"}]},
    {"money": {"Lou": 12.1, "Ed": "-12.10"}},
])
def test_a_listed_part_damaged_in_a_usual_looking_text_is_damage(damage):
    stored = summary_text({**usual(), **damage})
    with pytest.raises(cached.Damaged):
        cached.many_listed(stored, "a22ysh8c")
