"""Benchmark of the meld solver: microseconds per hand, and against rlcard when importable.

    python bench/bench_cards.py [--hands 10000] [--rlcard-hands 10000]

Sets (fixed seeds): random 10-card hands; meld-rich hands (4-5 adjacent ranks, all suits),
half 10 and half 11 cards; and the worst case As..Js (11 spades, big gin). "analyze" is the
full analysis (deadwood, all tied arrangements, for 11 cards the best discards); "deadwood
only" computes just the least deadwood (deadwood_after_discard for 11 cards). Figures are
the best of three runs with the garbage collector paused.

rlcard is only a measuring stick, never a dependency of ginscore. When it is importable, its
gin rummy melding (get_best_meld_clusters + get_deadwood_count; one call per possible discard
for 11 cards) runs on the first --rlcard-hands hands of each set, and all deadwoods are
checked to agree.
"""

import argparse
import gc
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ginscore.cards.cards import format_cards, parse_cards  # noqa: E402
from ginscore.cards.melds import analyze, deadwood, deadwood_after_discard  # noqa: E402

WORST_CASE = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js"
WORST_CASE_TARGET_US = 200


def random_hands(count, seed=1):
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), 10)) for _ in range(count)]


def meld_rich_hands(count, seed=2):
    rng = random.Random(seed)
    hands = []
    for index in range(count):
        width = rng.choice((4, 5))
        low = rng.randrange(13 - width + 1)
        pool = [card for card in range(52) if low <= card % 13 < low + width]
        hands.append(tuple(rng.sample(pool, 10 + index % 2)))
    return hands


def per_hand_us(function, hands, repeats=3):
    """Best of ``repeats`` runs, in microseconds per hand (garbage collector paused, as timeit)."""
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            for hand in hands:
                function(hand)
            best = min(best, time.perf_counter() - start)
        finally:
            gc.enable()
    return best / len(hands) * 1e6


def rlcard_deadwood_function():
    """A function hand -> deadwood using rlcard's melding, or None when rlcard is missing."""
    try:
        from rlcard.games.gin_rummy.utils import melding, utils
    except ImportError:
        return None

    def ten_card_deadwood(cards):
        clusters = melding.get_best_meld_clusters(hand=cards)
        if not clusters:
            return sum(utils.get_deadwood_value(card) for card in cards)
        return utils.get_deadwood_count(hand=cards, meld_cluster=clusters[0])

    def rlcard_deadwood(cards):
        if len(cards) == 10:
            return ten_card_deadwood(cards)
        return min(ten_card_deadwood(cards[:i] + cards[i + 1:]) for i in range(len(cards)))

    # rlcard numbers cards rank + 13 * suit with suits S H D C, as ginscore does.
    rlcard_deadwood.convert = lambda hand: [utils.get_card(card) for card in hand]
    return rlcard_deadwood


def deadwood_only(hand):
    """What rlcard computes: the least deadwood, after the best discard for 11 cards."""
    return deadwood(hand) if len(hand) == 10 else deadwood_after_discard(hand)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per set (default 10000)")
    parser.add_argument("--rlcard-hands", type=int, default=10_000,
                        help="hands per set also timed with rlcard (default 10000)")
    args = parser.parse_args()

    worst = [parse_cards(WORST_CASE)] * 2000
    sets = {
        "random 10-card": random_hands(args.hands),
        "meld-rich 10/11-card": meld_rich_hands(args.hands),
    }
    print(f"python {sys.version.split()[0]}, {args.hands} hands per set, best of 3 runs")
    for name, hands in sets.items():
        print(f"  {name:22s} analyze {per_hand_us(analyze, hands):7.1f} us/hand, "
              f"deadwood only {per_hand_us(deadwood_only, hands):6.1f} us/hand")
    worst_us = per_hand_us(analyze, worst)
    verdict = "ok" if worst_us < WORST_CASE_TARGET_US else "OVER TARGET"
    print(f"  worst case {WORST_CASE} (11 cards, big gin): analyze {worst_us:.1f} us/hand "
          f"(target < {WORST_CASE_TARGET_US} us: {verdict}), deadwood only "
          f"{per_hand_us(deadwood_only, worst):.1f} us/hand")

    rlcard_deadwood = rlcard_deadwood_function()
    if rlcard_deadwood is None:
        print("rlcard not installed, comparison skipped")
        return
    print(f"rlcard comparison on the first {args.rlcard_hands} hands of each set "
          "(runs interleaved, best of 3 each):")
    for name, hands in list(sets.items()) + [("worst case", worst[:200])]:
        hands = hands[: args.rlcard_hands]
        converted = [rlcard_deadwood.convert(hand) for hand in hands]
        for hand, rl_hand in zip(hands, converted):
            ours = analyze(hand).deadwood
            assert ours == deadwood_only(hand) == rlcard_deadwood(rl_hand), format_cards(hand)
        # This machine's speed drifts; alternating the runs exposes all three to the same drift.
        analyze_us = deadwood_us = rlcard_us = float("inf")
        for _ in range(3):
            analyze_us = min(analyze_us, per_hand_us(analyze, hands, repeats=1))
            deadwood_us = min(deadwood_us, per_hand_us(deadwood_only, hands, repeats=1))
            rlcard_us = min(rlcard_us, per_hand_us(rlcard_deadwood, converted, repeats=1))
        print(f"  {name:20s} rlcard {rlcard_us:7.1f} us; ginscore analyze {analyze_us:6.1f} us "
              f"({rlcard_us / analyze_us:4.1f}x faster), deadwood only {deadwood_us:5.1f} us "
              f"({rlcard_us / deadwood_us:5.1f}x faster); all deadwoods agree")


if __name__ == "__main__":
    main()
