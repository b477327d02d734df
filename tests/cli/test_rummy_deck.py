"""Rummy hands must come from one deck (issue 20, item 1): a loser holds at most the cards
dealt (10 for two players, 7 for three or four, 6 for five or six), a suited card exists once,
a rank four times across every hand of the deal, suited or not. Refused with one line and
nothing written, for a new hand and for 'edit'."""

import os
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import examples, ledger_bytes, play

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "shdc"


def typed(card: int, suited: bool) -> str:
    return RANKS[card % 13] + (SUITS[card // 13] if suited else "")


@pytest.mark.parametrize(
    "held, why",
    [
        ("ann=Ks,Ks cy=5 dee=5", "Ks is typed twice (Ann), but a deck has one Ks: check the cards held"),
        ("ann=A,A,A,A,2,2,2,2,3 cy=5 dee=5", "Ann: 9 cards typed, but each player is dealt 7: check the cards held"),
        ("ann=K,Q,J,10,9,8,7,6 cy=5 dee=5", "Ann: 8 cards typed, but each player is dealt 7"),
        ("ann=K,K,K,K,K cy=5 dee=5", "5 cards of rank K typed (Ann 5), but a deck has four: check the cards held"),
        ("ann=K,K,K cy=K,K dee=Ks", "6 cards of rank K typed (Ann 3, Cy 2, Dee 1), but a deck has four"),
        ("ann=Ks cy=Ks dee=3", "Ks is typed twice (Ann and Cy)"),
        ("ann=10h,10 cy=10h dee=3", "Th is typed twice (Ann and Cy)"),
    ],
)
def test_the_issue_hands_are_refused_with_nothing_written(run, isolated_ledger, held, why):
    play(run, "new Ann Ben Cy Dee --rummy")
    before = ledger_bytes(isolated_ledger)
    result = run(f"out ben {held}")
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {why}") and result.output.count("\n") == 1
    assert ledger_bytes(isolated_ledger) == before


def test_possible_hands_are_taken(run):
    play(
        run,
        "new Ann Ben Cy Dee --rummy",
        "out ben ann=K,K,K cy=Ks dee=3",  # four kings: three unsuited take the other suits
        "out ben ann=A,2,3,4,5,6,7 cy=Ks,Kh,Kd,Kc dee=Q",  # seven cards, all four kings
        "new Ann Ben --rummy",
        "out ann ben=A,A,A,A,2,2,2,2,3,3",  # two players are dealt ten
    )


def test_edit_is_held_to_the_same_deck(run, isolated_ledger):
    play(run, "new Ann Ben Cy --rummy", "out ann ben=K,7 cy=A,9")
    before = ledger_bytes(isolated_ledger)
    result = run("edit 1 out ann ben=K,K,K cy=K,Ks")
    assert result.exit_code == 1
    assert "5 cards of rank K typed (Ben 3, Cy 2)" in result.output
    assert ledger_bytes(isolated_ledger) == before
    play(run, "edit 1 out ann ben=K,K,K cy=Ks")


def dealt_count(players: int) -> int:
    return 10 if players == 2 else 7 if players <= 4 else 6


@st.composite
def deals(draw):
    """A real deal: 2 to 6 players, each dealt from one shuffled deck; the first goes out and
    every other holds some of his own cards, each typed with or without its suit."""
    players = draw(st.integers(2, 6))
    dealt = dealt_count(players)
    deck = draw(st.permutations(range(52)))
    hands = [list(deck[seat * dealt : (seat + 1) * dealt]) for seat in range(players)]
    held = {}
    for seat in range(1, players):
        count = draw(st.integers(1, dealt))
        held[f"P{seat}"] = [(card, draw(st.booleans())) for card in hands[seat][:count]]
    rest = list(deck[players * dealt :])
    return players, dealt, held, rest


def impossible(draw, dealt, held, rest):
    """The deal changed to need a fifth card of a rank, a second copy of a suited card, or
    more cards than dealt."""
    held = {name: list(cards) for name, cards in held.items()}
    names = list(held)
    how = draw(st.sampled_from(["fifth", "copy", "more"]))
    if how == "fifth":
        rank = draw(st.integers(0, 12))
        typed_count = sum(1 for cards in held.values() for card, _suited in cards if card % 13 == rank)
        for _ in range(5 - typed_count):
            held[draw(st.sampled_from(names))].append((rank, False))
    elif how == "copy":
        source = draw(st.sampled_from(names))
        card, _suited = draw(st.sampled_from(held[source]))
        held[source] = [(other, True if other == card else suited) for other, suited in held[source]]
        held[draw(st.sampled_from(names))].append((card, True))
    else:
        name = draw(st.sampled_from(names))
        while len(held[name]) <= dealt:
            held[name].append((rest.pop(), True))  # cards nobody was dealt: only the count is wrong
    return held


def out_command(held) -> list:
    return ["out", "P0", *(f"{name}=" + as_cards(cards) for name, cards in held.items())]


def as_cards(cards) -> str:
    """The cards as typed, K,7,3; one lone unsuited 2 to 10 as 2, (a bare 2 is a count of points)."""
    text = ",".join(typed(card, suited) for card, suited in cards)
    return text + "," if text.isdigit() else text


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deal=deals(), data=st.data())
def test_every_real_deal_is_taken_and_every_impossible_one_refused(run, deal, data):
    players, dealt, held, rest = deal
    with tempfile.TemporaryDirectory() as folder:
        ledger = os.path.join(folder, "ledger")
        names = [f"P{seat}" for seat in range(players)]
        play(run, ["--ledger", ledger, "new", *names, "--rummy"])
        before = ledger_bytes(ledger)
        changed = impossible(data.draw, dealt, held, rest)
        result = run(["--ledger", ledger, *out_command(changed)])
        assert result.exit_code == 1, result.output
        assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
        assert ledger_bytes(ledger) == before
        play(run, ["--ledger", ledger, *out_command(held)])
        assert ledger_bytes(ledger) != before
