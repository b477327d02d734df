"""Meld solver: minimum deadwood, every best arrangement, best discard, analysis of one hand.

Works on 52-bit card masks (bit ``1 << card``, see cards.py). The search always decides the
lowest remaining card: it is either deadwood or part of a meld whose lowest card it is, so each
arrangement is reached exactly once and results are memoised per mask of remaining cards. For
11 cards a second memo carries "one card may still be discarded for free", so the best discard
costs one search, not eleven. Hands whose melds share no card (most of them) skip the search.

Lay-offs and the settlement of a knock, which build on this solver, are in knock.py.
"""

from typing import NamedTuple

from .cards import Card, card_str, card_value
from .errors import CardError, RulesError
from .i18n import _

_INF = 1 << 20
_BIT_VALUE = {1 << card: card_value(card) for card in range(52)}
_BIT_OF_CARD = {card: 1 << card for card in range(52)}.__getitem__
_RANK_CARDS = [sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13)]
# A run of three can start at rank A..J of each suit (it must end by the king).
_RUN_STARTS = sum(0x7FF << (suit * 13) for suit in range(4))
# Deadwood of one suit's 13-bit row, split in ranks A-7 (values 1-7) and 8-K (8 9 10 10 10 10).
_LOW_ROW_VALUE = [sum(r + 1 for r in range(7) if bits >> r & 1) for bits in range(128)]
_HIGH_ROW_VALUE = [sum((8, 9, 10, 10, 10, 10)[r] for r in range(6) if bits >> r & 1) for bits in range(64)]


def _mask_value(mask: int) -> int:
    low, high = _LOW_ROW_VALUE, _HIGH_ROW_VALUE
    return (
        low[mask & 127] + high[(mask >> 7) & 63] + low[(mask >> 13) & 127] + high[(mask >> 20) & 63]
        + low[(mask >> 26) & 127] + high[(mask >> 33) & 63] + low[(mask >> 39) & 127] + high[mask >> 46]
    )


def _mask_of(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _cards_of(mask: int) -> tuple[Card, ...]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cards)


def _is_run(meld_mask: int) -> bool:
    low_card = (meld_mask & -meld_mask).bit_length() - 1
    return meld_mask.bit_length() - 1 - low_card < 13


def _candidate_melds(hand: int) -> dict[int, list[int]]:
    """Every legal meld inside ``hand`` as a mask, grouped by the bit of its lowest card."""
    by_low: dict[int, list[int]] = {}
    starts = hand & (hand >> 1) & (hand >> 2) & _RUN_STARTS
    row0, row1, row2, row3 = hand & 0x1FFF, (hand >> 13) & 0x1FFF, (hand >> 26) & 0x1FFF, hand >> 39
    three_of_a_rank = (row0 & row1 & (row2 | row3)) | (row2 & row3 & (row0 | row1))
    while starts:
        low = starts & -starts
        starts ^= low
        run = low * 7
        runs = [run]
        top = low << 2
        for _unused in range((low.bit_length() - 1) % 13 + 2, 12):
            top <<= 1
            if not hand & top:
                break
            run |= top
            runs.append(run)
        by_low[low] = runs
    while three_of_a_rank:
        rank_bit = three_of_a_rank & -three_of_a_rank
        three_of_a_rank ^= rank_bit
        full = hand & _RANK_CARDS[rank_bit.bit_length() - 1]
        sets = [full]
        if full.bit_count() == 4:
            sets += [full ^ card for card in (rank_bit, rank_bit << 13, rank_bit << 26, rank_bit << 39)]
        for meld in sets:
            by_low.setdefault(meld & -meld, []).append(meld)
    return by_low


class _Solver:
    """Minimum deadwood of any part of one hand, memoised by the mask of cards left."""

    def __init__(self, hand: int, melds_at: dict | None = None):
        self.hand = hand
        self.melds_at = melds_at = _candidate_melds(hand) if melds_at is None else melds_at
        meldable = 0
        for melds in melds_at.values():
            for meld in melds:
                meldable |= meld
        # Cards in no meld are always deadwood; the search only sees the others.
        self.meldable = meldable
        memo = {0: 0}
        memo_discard = {0: _INF}
        bit_value = _BIT_VALUE
        no_melds = ()

        # Both look in the memo before recursing: most lookups hit, and a call costs more.
        def solve(mask):
            best = memo.get(mask)
            if best is not None:
                return best
            low = mask & -mask
            rest = memo.get(mask ^ low)
            best = bit_value[low] + (solve(mask ^ low) if rest is None else rest)
            for meld in melds_at.get(low, no_melds):
                if meld & mask == meld:
                    rest = memo.get(mask ^ meld)
                    if rest is None:
                        rest = solve(mask ^ meld)
                    if rest < best:
                        best = rest
            memo[mask] = best
            return best

        def solve_discard(mask):
            """As solve, but exactly one card of ``mask`` is discarded for free (11-card hands)."""
            best = memo_discard.get(mask)
            if best is not None:
                return best
            low = mask & -mask
            rest = memo_discard.get(mask ^ low)
            best = bit_value[low] + (solve_discard(mask ^ low) if rest is None else rest)
            rest = memo.get(mask ^ low)
            if rest is None:
                rest = solve(mask ^ low)
            if rest < best:
                best = rest
            for meld in melds_at.get(low, no_melds):
                if meld & mask == meld:
                    rest = memo_discard.get(mask ^ meld)
                    if rest is None:
                        rest = solve_discard(mask ^ meld)
                    if rest < best:
                        best = rest
            memo_discard[mask] = best
            return best

        self.solve = solve
        self.solve_discard = solve_discard
        self.memo, self.memo_discard = memo, memo_discard
        self.optimal_memo: dict[int, list[list[int]]] = {}

    def deadwood(self, mask: int) -> int:
        meldable = mask & self.meldable
        return _mask_value(mask ^ meldable) + self.solve(meldable)

    def deadwood_after_discard(self, mask: int, find_discards: bool = True) -> tuple[int, int]:
        """(best deadwood after one discard, mask of every card whose discard achieves it)."""
        meldable = mask & self.meldable
        loose = mask ^ meldable
        loose_value = _mask_value(loose)
        discard_melded = loose_value + self.solve_discard(meldable)
        best = discard_melded
        if loose:
            # Among cards in no meld, only the highest is worth discarding.
            top = max(card_value(card) for card in _cards_of(loose))
            discard_loose = loose_value - top + self.solve(meldable)
            best = min(best, discard_loose)
        if not find_discards:
            return best, 0
        discards = self._discards_in(meldable) if discard_melded == best else 0
        if loose and discard_loose == best:
            discards |= sum(1 << card for card in _cards_of(loose) if card_value(card) == top)
        return best, discards

    def _discards_in(self, mask: int) -> int:
        """Cards discarded on some optimal path of solve_discard(mask)."""
        # solve_discard(mask) has run, so every state below is in the memos already.
        memo, memo_discard, melds_at = self.memo, self.memo_discard, self.melds_at
        found = 0
        seen = set()
        stack = [mask]
        while stack:
            mask = stack.pop()
            if mask in seen or not mask:
                continue
            seen.add(mask)
            target = memo_discard[mask]
            low = mask & -mask
            if _BIT_VALUE[low] + memo_discard[mask ^ low] == target:
                stack.append(mask ^ low)
            if memo[mask ^ low] == target:
                found |= low
            for meld in melds_at.get(low, ()):
                if meld & mask == meld and memo_discard[mask ^ meld] == target:
                    stack.append(mask ^ meld)
        return found

    def best_meld_lists(self, mask: int) -> list[list[int]]:
        """Every optimal set of melds for ``mask``, each a list of meld masks."""
        return self._optimal(mask & self.meldable)

    def _optimal(self, mask):
        known = self.optimal_memo.get(mask)
        if known is not None:
            return known
        solve, melds_at = self.solve, self.melds_at
        while mask:
            low = mask & -mask
            fitting = [meld for meld in melds_at.get(low, ()) if meld & mask == meld]
            if fitting:
                break
            mask ^= low  # no meld can take this card: it is deadwood in every arrangement
        else:
            return [[]]
        start = mask
        found = []
        target = solve(mask)
        if _BIT_VALUE[low] + solve(mask ^ low) == target:
            found += self._optimal(mask ^ low)
        for meld in fitting:
            if solve(mask ^ meld) == target:
                found += [[meld, *rest] for rest in self._optimal(mask ^ meld)]
        self.optimal_memo[start] = found
        return found

    def meld_lists_within(self, mask: int, budget: int):
        """Every set of melds (optimal or not) leaving deadwood <= budget: (melds, deadwood)."""
        loose = mask & ~self.meldable
        loose_value = _mask_value(loose)
        if loose_value > budget:
            return
        for melds, dead in self._within(mask ^ loose, budget - loose_value):
            yield melds, dead + loose_value

    def _within(self, mask, budget):
        if not mask:
            yield [], 0
            return
        if self.solve(mask) > budget:
            return
        low = mask & -mask
        value = _BIT_VALUE[low]
        if value <= budget:
            for melds, dead in self._within(mask ^ low, budget - value):
                yield melds, dead + value
        for meld in self.melds_at.get(low, ()):
            if meld & mask == meld:
                for melds, dead in self._within(mask ^ meld, budget):
                    yield [meld, *melds], dead


class Arrangement(NamedTuple):
    melds: tuple[tuple[Card, ...], ...]
    unmatched: tuple[Card, ...]

    def to_json(self) -> dict:
        return {"melds": _melds_json(self.melds), "unmatched": [card_str(c) for c in self.unmatched]}


class Arrangements(NamedTuple):
    deadwood: int
    arrangements: tuple[Arrangement, ...]


def _melds_json(melds) -> list[list[str]]:
    return [[card_str(card) for card in meld] for meld in melds]


def _meld_order(meld: tuple[Card, ...]):
    return (meld[0] % 13, meld[0] // 13, len(meld))


# Filled as melds come up (the deck has 329): meld mask -> its cards, and -> a sort key that
# orders melds like _meld_order, as one int so sorting needs no Python key function.
_MELD_CARDS: dict[int, tuple[Card, ...]] = {}
_MELD_RANKING: dict[int, int] = {}


def _arrangement(meld_masks, mask: int, order) -> Arrangement:
    """Melds sorted by rank; unmatched cards in the order of ``order`` (the hand as given)."""
    used = 0
    for meld in meld_masks:
        used |= meld
        if meld not in _MELD_CARDS:
            cards = _MELD_CARDS[meld] = _cards_of(meld)
            _MELD_RANKING[meld] = (cards[0] % 13 * 4 + cards[0] // 13) * 16 + len(cards)
    left = mask & ~used
    unmatched = tuple([card for card in order if left >> card & 1])
    if len(meld_masks) > 1:
        meld_masks = sorted(meld_masks, key=_MELD_RANKING.__getitem__)
    return Arrangement(tuple(map(_MELD_CARDS.__getitem__, meld_masks)), unmatched)


def _arrangement_order(arrangement: Arrangement):
    # Fewest loose cards first, then fewest (longest) melds, then any fixed order.
    return (len(arrangement.unmatched), len(arrangement.melds), arrangement.melds)


def _sorted_arrangements(solver: _Solver, mask: int, order) -> tuple[Arrangement, ...]:
    found = [_arrangement(melds, mask, order) for melds in solver.best_meld_lists(mask)]
    return tuple(found) if len(found) == 1 else tuple(sorted(found, key=_arrangement_order))


def _words(whose: str) -> str:
    """Whose cards, for a message: ``the hand``, ``the knocker's hand`` or ``the defender's hand``."""
    words = {"hand": _("the hand"), "knocker's hand": _("the knocker's hand"), "defender's hand": _("the defender's hand")}
    return words.get(whose, f"the {whose}")


def _check_hand(cards, allowed_counts=None, whose="hand") -> tuple[tuple[Card, ...], int]:
    """The cards as a tuple and as a mask, after checking they are distinct cards."""
    cards = tuple(cards)
    try:
        # A sum of powers of two has fewer bits than terms exactly when one repeats.
        mask = sum(map(_BIT_OF_CARD, cards))
    except (KeyError, TypeError):
        bad = next(c for c in cards if type(c) is not int or not 0 <= c < 52)
        raise CardError(_("{card} is not a card number (0..51)").format(card=repr(bad))) from None
    if mask.bit_count() != len(cards):
        twice = next(card for card in cards if cards.count(card) > 1)
        raise CardError(_("'{card}' appears twice in {whose}").format(card=card_str(twice), whose=_words(whose)))
    if allowed_counts is not None and len(cards) not in allowed_counts:
        wanted = _(" or ").join(str(n) for n in allowed_counts)
        raise CardError(
            _("{whose} must have {wanted} cards, got {count}").format(whose=_words(whose), wanted=wanted, count=len(cards))
        )
    return cards, mask


def deadwood(cards) -> int:
    """Minimum deadwood of exactly these cards (no discard)."""
    _ignored, mask = _check_hand(cards)
    melds_at = _candidate_melds(mask)
    separate = _separate_melds(melds_at)
    if separate is not None:
        return _mask_value(mask ^ separate[1])
    return _Solver(mask, melds_at).deadwood(mask)


def deadwood_after_discard(cards) -> int:
    """Minimum deadwood of what is left after the best single discard (an 11-card hand)."""
    cards, mask = _check_hand(cards)
    if not cards:
        raise CardError(_("there is no card to discard"))
    melds_at = _candidate_melds(mask)
    separate = _separate_melds(melds_at)
    if separate is not None and mask != separate[1]:
        loose = mask ^ separate[1]  # see _separate_melds: discard the highest loose card
        return _mask_value(loose) - max(map(card_value, _cards_of(loose)))
    return _Solver(mask, melds_at).deadwood_after_discard(mask, find_discards=False)[0]


def best_arrangements(cards) -> Arrangements:
    """Minimum deadwood and every arrangement reaching it (distinct sets of melds)."""
    cards, mask = _check_hand(cards)
    solver = _Solver(mask)
    return Arrangements(solver.deadwood(mask), _sorted_arrangements(solver, mask, cards))


class Analysis(NamedTuple):
    """One 10-card hand, or an 11-card hand judged after its best discard (unless big gin)."""

    cards: tuple[Card, ...]
    deadwood: int
    melds: tuple[tuple[Card, ...], ...]
    unmatched: tuple[Card, ...]
    arrangements: tuple[Arrangement, ...]
    gin: bool
    big_gin: bool
    can_knock: bool
    knock_limit: int
    discards: tuple[Card, ...]  # 11 cards: every discard reaching ``deadwood``; else ()
    discard: Card | None  # the discard the melds assume; None for 10 cards and big gin

    def to_json(self) -> dict:
        result = {
            "cards": [card_str(card) for card in self.cards],
            "deadwood": self.deadwood,
            "melds": _melds_json(self.melds),
            "unmatched": [card_str(card) for card in self.unmatched],
            "arrangements": [arrangement.to_json() for arrangement in self.arrangements],
            "gin": self.gin,
            "big_gin": self.big_gin,
            "can_knock": self.can_knock,
            "knock_limit": self.knock_limit,
        }
        if len(self.cards) == 11:
            result["discards"] = [card_str(card) for card in self.discards]
            result["discard"] = None if self.discard is None else card_str(self.discard)
        return result


def _check_limit(knock_limit: int) -> None:
    if type(knock_limit) is not int or knock_limit < 0:
        raise RulesError(_("knock limit must be a whole number 0 or more, got {limit}").format(limit=repr(knock_limit)))


def analyze(cards, knock_limit: int = 10) -> Analysis:
    """Deadwood, melds, gin and knock eligibility of 10 cards, or of 11 before discarding."""
    _check_limit(knock_limit)
    cards, mask = _check_hand(cards, (10, 11))
    melds_at = _candidate_melds(mask)
    if not melds_at and len(cards) == 10:  # most hands: kept to the bare minimum of work
        total = _mask_value(mask)
        return Analysis(cards, total, (), cards, (Arrangement((), cards),), False, False,
                        total <= knock_limit, knock_limit, (), None)
    separate = _separate_melds(melds_at)
    if separate is not None:
        return _analyze_separate(cards, mask, separate, knock_limit)
    solver = _Solver(mask, melds_at)
    discards: tuple[Card, ...] = ()
    discard = None
    big_gin = False
    kept = mask
    if len(cards) == 11:
        best, discard_mask = solver.deadwood_after_discard(mask)
        discards = tuple(card for card in cards if discard_mask >> card & 1)
        big_gin = solver.deadwood(mask) == 0
        if not big_gin:
            discard = discards[0]
            kept = mask ^ (1 << discard)
    else:
        best = solver.deadwood(mask)
    arrangements = _sorted_arrangements(solver, kept, cards)
    return Analysis(
        cards=cards,
        deadwood=best,
        melds=arrangements[0].melds,
        unmatched=arrangements[0].unmatched,
        arrangements=arrangements,
        gin=best == 0,
        big_gin=big_gin,
        can_knock=best <= knock_limit,
        knock_limit=knock_limit,
        discards=discards,
        discard=discard,
    )


def _separate_melds(melds_at) -> tuple[list[int], int] | None:
    """The hand's melds if no two share a card (most hands), else None.

    Then every meld has exactly 3 cards (a run of 4 or a set of 4 overlaps its own parts), the
    only best arrangement melds them all, and for 11 cards (at least 2 loose cards) the best
    discard is the highest loose card: breaking a meld of 3 would cost more.
    Returns (melds, mask of their cards).
    """
    if not melds_at:
        return [], 0
    melds = [meld for group in melds_at.values() for meld in group]
    union = 0
    for meld in melds:
        union |= meld
    return (melds, union) if union.bit_count() == 3 * len(melds) else None


def _analyze_separate(cards, mask: int, separate, knock_limit: int) -> Analysis:
    """analyze() for a hand whose melds share no card: the common case, kept cheap."""
    meld_masks, melded = separate
    if meld_masks:
        melds, unmatched = _arrangement(meld_masks, mask, cards)
    else:
        melds, unmatched = (), cards
    total = _mask_value(mask ^ melded)
    discards: tuple[Card, ...] = ()
    discard = None
    if len(cards) == 11:
        top = max(map(card_value, unmatched))
        discards = tuple(card for card in unmatched if card_value(card) == top)
        discard = discards[0]
        total -= top
        unmatched = tuple(card for card in unmatched if card != discard)
    return Analysis(cards, total, melds, unmatched, (Arrangement(melds, unmatched),),
                    total == 0, False, total <= knock_limit, knock_limit, discards, discard)
