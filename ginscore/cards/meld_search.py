"""The meld search on 52-bit card masks (bit ``1 << card``, see cards.py): the candidate
melds of a hand and the memoised search for the least deadwood and every best set of melds.

The search always decides the lowest remaining card: it is either deadwood or part of a meld
whose lowest card it is, so each arrangement is reached exactly once and results are memoised
per mask of remaining cards. For 11 cards a second memo carries "one card may still be
discarded for free", so the best discard costs one search, not eleven. Hands whose melds share
no card (most of them) skip the search. What the search finds is turned into arrangements and
analyses by melds.py.
"""

from ginscore.cards.cards import Card, card_value

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
