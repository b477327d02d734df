"""Meld solver, best discard (ginscore.cards.melds), lay-offs and knock outcome (ginscore.cards.knock).

Expected numbers come from hand calculation (worked tests) or from the deliberately slow
brute-force solver below, which shares no code with the solver: it reads cards only
through their printed names and tries every combination of cards and melds.
"""

import random
from collections import defaultdict
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.base.errors import CardError, RulesError
from ginscore.cards.cards import card_str, format_cards, format_melds, parse_cards, parse_melds
from ginscore.cards.knock import knock_outcome, layoff
from ginscore.cards.melds import analyze, best_arrangements, deadwood, deadwood_after_discard
from helpers import examples

# ------------------------------------------------------------------ the slow, independent solver

RANK_ORDER = "A23456789TJQK"


@cache  # the slow solver asks about the same 52 cards millions of times: read each name once
def rank_and_suit(card):
    name = card_str(card)
    return RANK_ORDER.index(name[0]), name[1]


def points(card):
    return min(rank_and_suit(card)[0] + 1, 10)


def slow_is_meld(cards):
    cards = list(cards)
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    return slow_is_meld_of(frozenset(cards))


@cache  # some 60,000 card sets, asked about 330,000 times in a run
def slow_is_meld_of(cards: frozenset) -> bool:
    ranks = sorted(rank_and_suit(card)[0] for card in cards)
    suits = {rank_and_suit(card)[1] for card in cards}
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    return len(suits) == 1 and all(b - a == 1 for a, b in zip(ranks, ranks[1:]))


@pytest.fixture(scope="module", autouse=True)
def card_sets_forgotten_after_the_module():
    """The memo of card sets let go when this module is done: some 120,000 objects that every
    later collection of the worker's garbage would otherwise look at for the rest of the run."""
    yield
    slow_is_meld_of.cache_clear()


def slow_melds(hand):
    """Every legal meld in the hand: all combinations within each rank and each suit."""
    by_rank, by_suit = defaultdict(list), defaultdict(list)
    for card in hand:
        rank, suit = rank_and_suit(card)
        by_rank[rank].append(card)
        by_suit[suit].append(card)
    melds = []
    for group in list(by_rank.values()) + list(by_suit.values()):
        for size in range(3, len(group) + 1):
            melds += [frozenset(combo) for combo in combinations(group, size) if slow_is_meld(combo)]
    return melds


def slow_collections(hand):
    """Every collection of pairwise disjoint melds, as (melds, covered cards, covered points)."""
    melds = slow_melds(hand)
    found = []

    def grow(start, covered, chosen):
        found.append((chosen, covered, sum(points(card) for card in covered)))
        for index in range(start, len(melds)):
            if not melds[index] & covered:
                grow(index + 1, covered | melds[index], chosen + (melds[index],))

    grow(0, frozenset(), ())
    return found


def slow_deadwood(hand):
    return sum(points(card) for card in hand) - max(value for _, _, value in slow_collections(hand))


def slow_analysis(hand):
    """(deadwood, gin, big gin, set of discards, optimal meld sets of the judged 10 cards)."""
    collections = slow_collections(hand)
    total = sum(points(card) for card in hand)
    if len(hand) == 10:
        best = max(value for _, _, value in collections)
        optimal = {frozenset(chosen) for chosen, _, value in collections if value == best}
        return total - best, best == total, False, set(), optimal
    after_discard = {}
    for card in hand:
        kept_best = max(value for _, covered, value in collections if card not in covered)
        after_discard[card] = total - points(card) - kept_best
    least = min(after_discard.values())
    discards = {card for card, dead in after_discard.items() if dead == least}
    big_gin = max(value for _, _, value in collections) == total
    return least, least == 0, big_gin, discards, None


def slow_can_lay_off(table, cards):
    """Can every card be added to the table melds one at a time, each step leaving a legal meld?"""
    if not cards:
        return True
    for card in cards:
        for index, meld in enumerate(table):
            if slow_is_meld(meld | {card}):
                grown = table[:index] + (meld | {card},) + table[index + 1:]
                if slow_can_lay_off(grown, cards - {card}):
                    return True
    return False


def slow_layoff_deadwood(knocker_melds, defender):
    """Least defender deadwood over every subset of cards that can legally be laid off."""
    table = [frozenset(meld) for meld in knocker_melds]
    reachable = set()  # cards that might be laid off at all: a superset, trimmed by the search
    changed = True
    while changed:
        changed = False
        for card in set(defender) - reachable:
            for index, meld in enumerate(table):
                if slow_is_meld(meld | {card}):
                    table[index] = meld | {card}
                    reachable.add(card)
                    changed = True
    start = tuple(frozenset(meld) for meld in knocker_melds)
    best = None
    for size in range(len(reachable) + 1):
        for laid in combinations(sorted(reachable), size):
            if slow_can_lay_off(start, frozenset(laid)):
                dead = slow_deadwood([card for card in defender if card not in laid])
                best = dead if best is None else min(best, dead)
    return best


# ------------------------------------------------------------------ helpers

def cards(text):
    return parse_cards(text)


def meld_sets(melds):
    return frozenset(frozenset(meld) for meld in melds)


def random_hand(rng, size):
    return tuple(rng.sample(range(52), size))


def meld_rich_hand(rng, size):
    """``size`` cards from 4 or 5 adjacent ranks in all suits: many overlapping melds."""
    width = rng.choice((4, 5))
    low = rng.randrange(13 - width + 1)
    pool = [card for card in range(52) if low <= rank_and_suit(card)[0] < low + width]
    return tuple(rng.sample(pool, size))


def check_against_slow(hand):
    result = analyze(hand)
    dead, gin, big_gin, discards, optimal = slow_analysis(hand)
    label = format_cards(hand)
    assert (result.deadwood, result.gin, result.big_gin) == (dead, gin, big_gin), label
    assert set(result.discards) == discards, label
    if len(hand) == 11:
        assert deadwood_after_discard(hand) == dead, label
    if optimal is not None:
        assert {meld_sets(a.melds) for a in result.arrangements} == optimal, label
    check_arrangements_consistent(result, hand)


def check_arrangements_consistent(result, hand):
    judged = set(hand) - ({result.discard} if result.discard is not None else set())
    assert result.arrangements and (result.melds, result.unmatched) == result.arrangements[0]
    for melds, unmatched in result.arrangements:
        placed = [card for meld in melds for card in meld] + list(unmatched)
        assert sorted(placed) == sorted(judged)
        assert all(slow_is_meld(meld) for meld in melds)
        assert sum(points(card) for card in unmatched) == result.deadwood


# ------------------------------------------------------------------ worked examples


def test_eleven_cards_with_four_fours():
    result = analyze(cards("4s 4c 4d 4h 5s 5c 5d 6s 2c 3s 3c"))
    # 2c 3c 4c, 4s 4d 4h, 5s 5c 5d melded; 3s left after discarding 6s.
    assert result.deadwood == 3
    assert not result.gin and not result.big_gin and result.can_knock
    assert format_cards(result.discards) == "6s"
    assert format_cards(result.unmatched) == "3s"


def test_worst_case_is_big_gin():
    result = analyze(cards("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js"))
    assert result.big_gin and result.gin and result.deadwood == 0 and result.discard is None
    # Ways to cut 11 cards in a row into runs of 3+: compositions of 11 into parts >= 3 = 13.
    assert len(result.arrangements) == 13
    # Discarding leaves gin only when the rest still splits into runs: A, 4-8 or J.
    assert format_cards(result.discards) == "As 4s 5s 6s 7s 8s Js"
    assert result.to_json()["discards"] == ["As", "4s", "5s", "6s", "7s", "8s", "Js"]


def test_ten_card_gin_and_knock_limits():
    gin = analyze(cards("As 2s 3s 7h 7d 7c Jd Qd Kd 7s"))
    assert gin.gin and gin.deadwood == 0 and not gin.big_gin and gin.can_knock
    assert {meld_sets(a.melds) for a in gin.arrangements} == {
        meld_sets([cards("As 2s 3s"), cards("7s 7h 7d 7c"), cards("Jd Qd Kd")])
    }
    hand = cards("As 2s 3s 7h 7d 7c Jd Qd Kd 9c")
    assert analyze(hand).deadwood == 9
    assert analyze(hand, knock_limit=9).can_knock
    assert not analyze(hand, knock_limit=8).can_knock
    assert analyze(gin.cards, knock_limit=0).can_knock
    assert not analyze(hand, knock_limit=0).can_knock


def test_a_shared_card_goes_where_it_saves_most():
    # 7s fits 5-6-7s and the 7s: with 7h 7d 7c both melds survive without sharing.
    result = best_arrangements(cards("5s 6s 7s 7h 7d 7c Kc Kd 2h 3d"))
    assert result.deadwood == 10 + 10 + 2 + 3
    assert [meld_sets(a.melds) for a in result.arrangements] == [
        meld_sets([cards("5s 6s 7s"), cards("7h 7d 7c")])]
    # Run 5-6-7s leaves 7h 7d (14); the set of 7s leaves 5s 6s (11). Plus 2h 3d.
    assert best_arrangements(cards("5s 6s 7s 7h 7d Kc Kd Kh 2h 3d")).deadwood == 11 + 5
    # Run 4-5-6s leaves 6h 6d (12); the set of 6s leaves 4s 5s (9). Plus 2c 3c.
    assert best_arrangements(cards("4s 5s 6s 6h 6d 2c 3c 9h 9d 9c")).deadwood == 9 + 5
    # Run A-2-3s leaves 3h 3d (6); the set of 3s leaves As 2s (3). Plus Kc Kd.
    assert best_arrangements(cards("As 2s 3s 3h 3d 9c 9d 9h Kc Kd")).deadwood == 3 + 20
    # Run 2-3-4s leaves 4h 4d (8); the set of 4s leaves 2s 3s (5). Plus 6c 7c and three tens.
    assert best_arrangements(cards("2s 3s 4s 4h 4d 6c 7c Kd Qh Jc")).deadwood == 5 + 13 + 30
    # A-2-3s and 3h 3d 3c take everything but the four tens.
    assert best_arrangements(cards("As 2s 3s 3h 3d 3c Kd Qh Jc Tc")).deadwood == 40
    # One run of five beats splitting it: only 3h is left of the low cards.
    result = best_arrangements(cards("As 2s 3s 4s 5s 3h Kd Qc 8h 9d"))
    assert result.deadwood == 3 + 10 + 10 + 8 + 9
    assert [meld_sets(a.melds) for a in result.arrangements] == [meld_sets([cards("As 2s 3s 4s 5s")])]


def test_tied_arrangements_are_all_listed():
    # Three runs or three sets: both leave only Kc.
    result = best_arrangements(cards("4s 5s 6s 4h 5h 6h 4d 5d 6d Kc"))
    assert result.deadwood == 10
    assert {meld_sets(a.melds) for a in result.arrangements} == {
        meld_sets([cards("4s 5s 6s"), cards("4h 5h 6h"), cards("4d 5d 6d")]),
        meld_sets([cards("4s 4h 4d"), cards("5s 5h 5d"), cards("6s 6h 6d")]),
    }
    # A run of six is one meld or two of three; the single run is listed first.
    result = analyze(cards("As 2s 3s 4s 5s 6s 9h 9d 9c Kd"))
    assert result.deadwood == 10
    assert [format_melds(a.melds) for a in result.arrangements] == [
        "As 2s 3s 4s 5s 6s | 9h 9d 9c", "As 2s 3s | 4s 5s 6s | 9h 9d 9c"]
    assert format_melds(result.melds) == "As 2s 3s 4s 5s 6s | 9h 9d 9c"


def test_deadwood_function_and_small_hands():
    assert deadwood(cards("Kd Qd Jd")) == 0
    assert deadwood(cards("Kd Qd")) == 20
    assert deadwood(()) == 0
    assert deadwood(cards("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js")) == 0
    assert deadwood(cards("4s 4c 4d 4h 5s 5c 5d 6s 2c 3s 3c")) == 3 + 6


def test_analyze_json():
    data = analyze(cards("5s 6s 7s 9c Tc Jc Ks Kc Kd Jd")).to_json()
    assert data["deadwood"] == 10 and data["unmatched"] == ["Jd"]
    assert data["melds"] == [["5s", "6s", "7s"], ["9c", "Tc", "Jc"], ["Ks", "Kd", "Kc"]]
    assert data["gin"] is False and data["big_gin"] is False and data["can_knock"] is True
    assert data["knock_limit"] == 10 and "discards" not in data
    assert data["arrangements"] == [{"melds": data["melds"], "unmatched": ["Jd"]}]
    eleven = analyze(cards("5s 6s 7s 9c Tc Jc Ks Kc Kd Jd 2h")).to_json()
    assert eleven["deadwood"] == 2 and eleven["discards"] == ["Jd"] and eleven["discard"] == "Jd"


def test_analyze_rejects_bad_hands():
    with pytest.raises(CardError, match="10 or 11 cards, got 9"):
        analyze(cards("As 2s 3s 4s 5s 6s 7s 8s 9s"))
    with pytest.raises(CardError, match="appears twice"):
        analyze([0] * 10)
    with pytest.raises(RulesError):
        analyze(cards("As 2s 3s 4s 5s 6s 7s 8s 9s Ts"), knock_limit=-1)


# ------------------------------------------------------------------ lay-offs and knocks


def test_defender_lays_off_on_both_runs():
    knocker = cards("5s 6s 7s 9c Tc Jc Ks Kc Kd Jd")
    defender = cards("Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s")
    result = knock_outcome(knocker, defender)
    assert result.knocker_deadwood == 10
    # 8s 9s onto 5-6-7s, 8c then 7c onto 9-T-Jc, 2s 2h 2d 2c melded; Ac + 8d = 9 left.
    assert result.defender_deadwood == 9
    assert result.defender_deadwood_before_layoffs == 17  # 2222 and 888 melded: Ac 7c 9s left
    laid = {card_str(card): format_cards(result.knocker_melds[index]) for card, index in result.layoffs}
    assert laid == {"8s": "5s 6s 7s", "9s": "5s 6s 7s", "8c": "9c Tc Jc", "7c": "9c Tc Jc"}
    assert format_cards(result.defender_unmatched) == "Ac 8d"
    assert format_melds(result.defender_melds) == "2s 2h 2d 2c"
    assert not result.gin and not result.big_gin
    without = knock_outcome(knocker, defender, layoffs=False)
    assert without.defender_deadwood == 17 and without.layoffs == ()


def test_knocker_chooses_sets_over_runs():
    knocker = cards("As 5s 6s 7s 5c 6c 7c 5d 6d 7d")
    defender = cards("3s 4s 4c 4d 8s 8c 8d 5h 6h 7h")
    chosen = knock_outcome(knocker, defender)
    assert (chosen.knocker_deadwood, chosen.defender_deadwood) == (1, 3)
    assert meld_sets(chosen.knocker_melds) == meld_sets(
        [cards("5s 5c 5d"), cards("6s 6c 6d"), cards("7s 7c 7d")])
    as_runs = parse_melds("5s 6s 7s | 5c 6c 7c | 5d 6d 7d", knocker)
    runs = knock_outcome(knocker, defender, knocker_melds=as_runs)
    # 4s 3s, 8s, 4c, 8c, 4d, 8d can all go on the runs; 5h 6h 7h is a run: nothing left.
    assert (runs.knocker_deadwood, runs.defender_deadwood) == (1, 0)
    assert runs.knocker_melds == as_runs
    assert len(runs.layoffs) + sum(len(meld) for meld in runs.defender_melds) == 10
    direct = layoff(as_runs, defender)
    assert direct.deadwood == 0


def test_seed_002_undercut_after_two_layoffs():
    # Seed 002: knocker 6-7-8s, 10-J-Q of diamonds, three 4s and the 2 of clubs (knocks on 2);
    # defender's loose cards 9s 9d and the ace of spades (Russian "Т", tuz) make 19. He adds 9s
    # to 6-7-8s and 9d to 10-J-Qd, and keeps one ace: 1.
    knocker = cards("6s 7s 8s Td Jd Qd 4h 4d 4c 2c")
    defender = cards("As 9s 9d Ks Kh Kc 5h 6h 7h 8h")
    result = knock_outcome(knocker, defender)
    assert result.knocker_deadwood == 2
    assert result.defender_deadwood_before_layoffs == 19
    assert result.defender_deadwood == 1
    assert sorted(card_str(card) for card, _ in result.layoffs) == ["9d", "9s"]


def test_chain_layoffs_and_adjacency_through_laid_cards():
    run = [cards("5s 6s 7s")]
    assert layoff(run, cards("8s 9s Kd")).deadwood == 10
    assert layoff(run, cards("9s Kd")).deadwood == 19  # 9s is not next to 7s
    assert layoff(run, cards("3s 4s 2s Kd")).deadwood == 10  # 4 then 3 then 2
    assert layoff(run, cards("As 2s 3s 4s")).deadwood == 0
    # A run between two knocker runs: 5s fills the gap onto either.
    two_runs = [cards("2s 3s 4s"), cards("6s 7s 8s")]
    assert layoff(two_runs, cards("5s Kd")).deadwood == 10
    assert layoff([cards("Js Qs Ks")], cards("As Ts")).deadwood == 1  # no wrap past the king
    assert layoff([cards("7h 7d 7c")], cards("7s 8s 9s Kd")).deadwood == 10
    assert layoff([cards("7s 7h 7d 7c")], cards("8s Kd")).deadwood == 18  # a set of four is full


def test_layoff_breaks_own_meld_when_better():
    # Keeping the set 8s 8h 8d leaves 9s 9h Kc = 28. Breaking it to lay 8s 9s on 5-6-7s and
    # 8h 9h on 5-6-7h leaves 8d Kc = 18: the exact search must break the set.
    runs = [cards("5s 6s 7s"), cards("5h 6h 7h")]
    result = layoff(runs, cards("8s 8h 8d 9s 9h Kc"))
    assert result.deadwood == 18
    assert sorted(card_str(card) for card, _ in result.layoffs) == ["8h", "8s", "9h", "9s"]
    assert format_cards(result.unmatched) == "8d Kc" and result.defender_melds == ()
    # With 8c as well, one of 8s / 8h can leave the set of four: 8s 9s go on the spades,
    # 8h 8d 8c stays a set, and 9h Kc are left (19; the other way round is as good).
    result = layoff(runs, cards("8s 8h 8d 8c 9s 9h Kc"))
    assert result.deadwood == 19


def test_layoff_rejects_bad_input():
    with pytest.raises(CardError):
        layoff([cards("5s 6s 8s")], cards("Kd"))
    with pytest.raises(CardError):
        layoff([cards("5s 6s 7s")], cards("7s Kd"))


def test_gin_allows_no_layoffs_unless_asked():
    knocker = cards("5s 6s 7s 9c Tc Jc Ks Kc Kd Kh")
    defender = cards("8s 9s 2d 3d Ad Qh Qd Jh Jd 4c")
    result = knock_outcome(knocker, defender)
    assert result.gin and result.knocker_deadwood == 0 and result.layoffs == ()
    # Ad 2d 3d is his own run; 8s 9s Qh Qd Jh Jd 4c are left.
    assert result.defender_deadwood == 61
    asked = knock_outcome(knocker, defender, gin_layoffs=True)
    # 8s then 9s go on 5-6-7s; the kings are four already.
    assert asked.gin and asked.defender_deadwood == 61 - 17
    no_knock_layoffs = knock_outcome(knocker, defender, layoffs=False, gin_layoffs=True)
    assert no_knock_layoffs.defender_deadwood == 61 - 17


def test_big_gin_settlement():
    knocker = cards("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js")
    defender = cards("Qs Ks 2h 3h 4h 9d 9c 9h Kc Kd")
    result = knock_outcome(knocker, defender)
    assert result.big_gin and result.gin and result.knocker_deadwood == 0
    # 2h 3h 4h, 9s and Ks Kc Kd are his; Qs is left. Lay-offs on gin (Qs onto J) not allowed.
    assert result.defender_deadwood == 10
    assert knock_outcome(knocker, defender, gin_layoffs=True).defender_deadwood == 0
    assert result.to_json()["big_gin"] is True
    with pytest.raises(CardError, match="big gin"):
        knock_outcome(cards("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Kh"), defender)
    stated = parse_melds("As 2s 3s 4s | 5s 6s 7s | 8s 9s Ts Js", knocker)
    assert knock_outcome(knocker, defender, knocker_melds=stated).big_gin
    with pytest.raises(CardError, match="big gin"):
        knock_outcome(knocker, defender, knocker_melds=stated[:2])


def test_knock_errors():
    defender = cards("Qs Ks 2h 3h 4h 9d 9c Td Kc Kd")
    # A-2-3-4s with 4h 4d 4c (or A-2-3 with four 4s) leaves 2h 3d 6c = 11.
    with pytest.raises(CardError, match=r"best deadwood is 11, over the knock limit 10"):
        knock_outcome(cards("As 2s 3s 4h 4d 4c 4s 2h 3d 6c"), cards("Qd Ks 2d 3c 5h 9d 9c Th Kc Kd"))
    with pytest.raises(CardError, match="in both hands"):
        knock_outcome(cards("As 2s 3s 5h 6h 7h 8d 8c 8s Ah"), cards("As 3d 4d"))
    knocker = cards("As 2s 3s 5h 6h 7h 8d 8c 8s 9h")
    with pytest.raises(CardError, match="over the knock limit 10"):
        knock_outcome(knocker, defender, knocker_melds=[cards("As 2s 3s")])
    with pytest.raises(CardError, match="not a meld"):
        knock_outcome(knocker, defender, knocker_melds=[cards("As 2s 5h")])
    with pytest.raises(CardError, match="not in the knocker's hand"):
        knock_outcome(knocker, defender, knocker_melds=[cards("2h 3h 4h")])
    assert knock_outcome(knocker, defender, knock_limit=9).knocker_deadwood == 9
    with pytest.raises(CardError):
        knock_outcome(knocker, defender, knock_limit=0)


def test_knocker_may_leave_a_card_unmelded_to_block_layoffs():
    # Melding 4-5-6-7s (K = Ac 2h = 3) lets the defender lay 3s then 2s on it: D = 71 - 5 = 66,
    # D - K = 63. Leaving 4s loose (K = 7) keeps 5-6-7s a run but blocks them: D = 71, D - K = 64.
    knocker = cards("4s 5s 6s 7s 9h 9d 9c 9s Ac 2h")
    defender = cards("2s 3s 8h 8d Qc Qs Jh 5c 5d Td")  # no melds of his own: 71
    result = knock_outcome(knocker, defender)
    assert (result.knocker_deadwood, result.defender_deadwood) == (7, 71)
    assert format_cards(result.knocker_unmatched) == "4s Ac 2h"
    assert result.layoffs == ()
    full = knock_outcome(knocker, defender, knocker_melds=parse_melds("4s 5s 6s 7s | 9h 9d 9c 9s", knocker))
    assert (full.knocker_deadwood, full.defender_deadwood) == (3, 66)


def test_settlement_json_is_card_strings():
    result = knock_outcome(cards("5s 6s 7s 9c Tc Jc Ks Kc Kd Jd"), cards("Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s"))
    data = result.to_json()
    assert data["knocker_deadwood"] == 10 and data["defender_deadwood"] == 9
    assert data["knocker_unmatched"] == ["Jd"]
    assert ["8s", 0] in data["layoffs"] and data["defender_unmatched"] == ["Ac", "8d"]
    assert data["gin"] is False and data["big_gin"] is False


# ------------------------------------------------------------------ cross-check with the slow solver


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_random_ten_card_hands_match_slow_solver(seed):
    rng = random.Random(1000 + seed)
    for _ in range(examples(1750)):
        check_against_slow(random_hand(rng, 10))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_random_eleven_card_hands_match_slow_solver(seed):
    rng = random.Random(2000 + seed)
    for _ in range(examples(1250)):
        check_against_slow(random_hand(rng, 11))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_meld_rich_hands_match_slow_solver(seed):
    rng = random.Random(3000 + seed)
    for index in range(examples(2000)):
        check_against_slow(meld_rich_hand(rng, 10 + index % 2))


def random_meld(rng, free):
    """A random legal meld from the cards in ``free`` (set), or None."""
    for _ in range(50):
        if rng.random() < 0.5:
            length = rng.choice((3, 3, 4, 5))
            suit = rng.randrange(4)
            start = rng.randrange(13 - length + 1)
            meld = [suit * 13 + rank for rank in range(start, start + length)]
        else:
            rank = rng.randrange(13)
            meld = rng.sample([suit * 13 + rank for suit in range(4)], rng.choice((3, 3, 4)))
        if free.issuperset(meld):
            assert slow_is_meld(meld)
            return tuple(meld)
    return None


def near_cards(melds, free, rng, count):
    """Defender cards biased to touch the knocker's melds, so lay-offs come up often."""
    touching = [card for card in free if any(
        slow_is_meld(set(meld) | {card}) or (abs(rank_and_suit(card)[0] - rank_and_suit(meld[0])[0]) <= 3)
        for meld in melds)]
    picked = set(rng.sample(touching, min(len(touching), rng.randrange(count // 2, count + 1))))
    picked |= set(rng.sample(sorted(free - picked), count - len(picked)))
    return tuple(picked)


@pytest.mark.slow
def test_random_layoffs_match_brute_force():
    rng = random.Random(4242)
    checked = 0
    while checked < examples(1500):
        free = set(range(52))
        melds = []
        for _ in range(rng.choice((1, 2, 3))):
            meld = random_meld(rng, free)
            if meld:
                melds.append(meld)
                free -= set(meld)
        defender = near_cards(melds, free, rng, 10)
        result = layoff(melds, defender)
        assert result.deadwood == slow_layoff_deadwood(melds, defender), (melds, format_cards(defender))
        # What the result says must itself be a legal play adding up to its deadwood.
        laid = frozenset(card for card, _ in result.layoffs)
        assert slow_can_lay_off(tuple(frozenset(meld) for meld in melds), laid)
        assert sum(points(card) for card in result.unmatched) == result.deadwood
        melded = [card for meld in result.defender_melds for card in meld]
        assert sorted([*laid, *melded, *result.unmatched]) == sorted(defender)
        assert all(slow_is_meld(meld) for meld in result.defender_melds)
        checked += 1


def slow_settlement(knocker, defender, knock_limit):
    """(K, D) the knocker can best achieve: try every arrangement within the limit."""
    total = sum(points(card) for card in knocker)
    options = [(total - value, chosen) for chosen, _, value in slow_collections(knocker)
               if total - value <= knock_limit]
    if not options:
        return None
    if min(k for k, _ in options) == 0:
        return 0, slow_deadwood(defender)
    best = max((slow_layoff_deadwood(chosen, defender) - k, -k) for k, chosen in options)
    return -best[1], best[0] - best[1]


def knocker_from_melds(rng):
    free, knocker = set(range(52)), []
    for _ in range(rng.choice((2, 3))):
        meld = random_meld(rng, free)
        if meld and len(knocker) + len(meld) <= 10:
            knocker += meld
            free -= set(meld)
    return knocker + rng.sample(sorted(card for card in free if points(card) <= 4), 10 - len(knocker))


def meld_rich_knocker(rng):
    return meld_rich_hand(rng, 10)


@pytest.mark.slow
@pytest.mark.parametrize("make_knocker", [knocker_from_melds, meld_rich_knocker])
def test_random_knocks_match_brute_force(make_knocker):
    rng = random.Random(777)
    checked = chose_worse_arrangement = 0
    while checked < examples(300):
        knocker = make_knocker(rng)
        free = set(range(52)) - set(knocker)
        defender = near_cards([knocker[i:i + 3] for i in range(0, 9, 3)], free, rng, 10)
        expected = slow_settlement(knocker, defender, 10)
        if expected is None:
            with pytest.raises(CardError):
                knock_outcome(knocker, defender)
            continue
        result = knock_outcome(knocker, defender)
        assert (result.knocker_deadwood, result.defender_deadwood) == expected, format_cards(knocker)
        assert result.gin == (expected[0] == 0)
        chose_worse_arrangement += result.knocker_deadwood > slow_deadwood(knocker)
        checked += 1
    assert chose_worse_arrangement > 0  # the cases the minimum-deadwood shortcut would get wrong


# ------------------------------------------------------------------ properties

hands = st.lists(st.integers(0, 51), unique=True, min_size=10, max_size=11)


@pytest.mark.slow
@settings(max_examples=examples(300))
@given(hands)
def test_deadwood_properties(hand):
    result = analyze(hand)
    assert 0 <= result.deadwood <= sum(points(card) for card in hand)
    check_arrangements_consistent(result, hand)
    if len(hand) == 11:
        assert result.deadwood == min(deadwood([c for c in hand if c != d]) for d in hand)
        assert result.deadwood == deadwood_after_discard(hand)
        assert result.big_gin == (deadwood(hand) == 0)
        assert not result.big_gin or result.gin
    else:
        assert result.deadwood == deadwood(hand)


@pytest.mark.slow
@settings(max_examples=examples(200))
@given(st.lists(st.integers(0, 51), unique=True, min_size=10, max_size=10), st.integers(0, 12))
def test_layoffs_never_hurt(defender, run_start):
    if run_start <= 10:
        melds = [tuple(range(run_start, run_start + 3))]  # a run of spades
    else:
        melds = [(run_start, run_start + 13, run_start + 26)]  # a set of Q or K
    defender = [card for card in defender if card not in melds[0]]
    result = layoff(melds, defender)
    assert result.deadwood <= deadwood(defender)
