"""Meld solver: minimum deadwood, every best arrangement, best discard, analysis of one hand.

The search itself, on card masks, is in meld_search.py; lay-offs and the outcome of a
knock, which build on this solver, are in knock.py.
"""

from ginscore.base.errors import CardError, RulesError
from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.cards.cards import Card, card_str, card_value
from ginscore.cards.meld_search import _BIT_OF_CARD, _candidate_melds, _cards_of, _mask_value, _Solver


class Arrangement(Record):
    melds: tuple[tuple[Card, ...], ...]
    unmatched: tuple[Card, ...]

    def to_json(self) -> dict:
        return {"melds": _melds_json(self.melds), "unmatched": [card_str(c) for c in self.unmatched]}


class Arrangements(Record):
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


def whose_words(whose: str) -> str:
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
        raise CardError(_("'{card}' appears twice in {whose}").format(card=card_str(twice), whose=whose_words(whose)))
    if allowed_counts is not None and len(cards) not in allowed_counts:
        wanted = _(" or ").join(str(n) for n in allowed_counts)
        raise CardError(
            _("{whose} must have {wanted} cards, got {count}").format(whose=whose_words(whose), wanted=wanted, count=len(cards))
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


class Analysis(Record):
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
