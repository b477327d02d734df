"""Lay-offs (docs/rules.md section 3) and the outcome of a knock, on top of the solver in melds.py.

The defender's best lay-off is an exact search over every set of his cards that can be laid off
together (run chains played nearest first, the 4th card of a set), each followed by the best
melding of the rest. The knocker's arrangement decides what can be laid off: without a stated
one, every arrangement within the knock limit is tried and the one best for the knocker kept.
"""

from ginscore.base.errors import CardError
from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.cards.cards import Card, card_str, is_meld
from ginscore.cards.meld_search import _RANK_CARDS, _cards_of, _is_run, _mask_of, _mask_value, _Solver
from ginscore.cards.melds import (
    _arrangement,
    _arrangement_order,
    _check_hand,
    _check_limit,
    _meld_order,
    _melds_json,
    _sorted_arrangements,
    whose_words,
)


class Layoff(Record):
    deadwood: int
    defender_melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[tuple[Card, int], ...]  # (card, index of the knocker meld it goes onto)
    unmatched: tuple[Card, ...]

    def to_json(self) -> dict:
        return {
            "deadwood": self.deadwood,
            "defender_melds": _melds_json(self.defender_melds),
            "layoffs": [[card_str(card), meld] for card, meld in self.layoffs],
            "unmatched": [card_str(card) for card in self.unmatched],
        }


def _layoff_reach(meld_masks, defender: int):
    """Per knocker meld, what the defender could add: chains for runs, the 4th card for sets.

    Returns (chains, set_cards): chains are (meld index, [bits nearest first]) for each run end;
    set_cards are (meld index, bit). A chain card is only playable if all nearer ones are.
    """
    chains, set_cards = [], []
    for index, meld in enumerate(meld_masks):
        low = meld & -meld
        if not _is_run(meld):
            missing = _RANK_CARDS[(low.bit_length() - 1) % 13] ^ meld
            if missing & defender:
                set_cards.append((index, missing))
            continue
        low_rank = (low.bit_length() - 1) % 13
        high_bit = 1 << (meld.bit_length() - 1)
        down = []
        bit = low >> 1
        for _unused in range(low_rank):
            if not bit & defender:
                break
            down.append(bit)
            bit >>= 1
        up = []
        bit = high_bit << 1
        for _unused in range(12 - (high_bit.bit_length() - 1) % 13):
            if not bit & defender:
                break
            up.append(bit)
            bit <<= 1
        chains += [(index, down), (index, up)]
    return chains, set_cards


def _playable_layoffs(chains, set_cards) -> set[int]:
    """Every mask of defender cards that can be laid off together."""
    options = {0}
    for _key, chain in chains:
        prefixes = [0]
        for bit in chain:
            prefixes.append(prefixes[-1] | bit)
        options = {option | prefix for option in options for prefix in prefixes}
    for _key, bit in set_cards:
        options |= {option | bit for option in options}
    return options


def _assign_layoffs(laid: int, chains, set_cards) -> tuple[tuple[Card, int], ...]:
    """Which knocker meld each laid-off card goes onto (chain cards in playing order)."""
    placed = []
    left = laid
    for index, chain in chains:
        for bit in chain:
            if not left & bit:
                break
            placed.append((bit.bit_length() - 1, index))
            left ^= bit
    for index, bit in set_cards:
        if left & bit:
            placed.append((bit.bit_length() - 1, index))
            left ^= bit
    assert not left, "every playable lay-off has a meld to go onto"
    return tuple(placed)


def _best_layoff(solver: _Solver, defender: int, reach) -> tuple[int, int]:
    """(deadwood, laid-off mask): exact search over every playable lay-off set."""
    best = None
    for laid in _playable_layoffs(*reach):
        key = (solver.deadwood(defender & ~laid), laid.bit_count(), laid)
        if best is None or key < best:
            best = key
    return best[0], best[2]


def _layoff_result(solver, defender_cards, meld_masks, laid: int) -> Layoff:
    defender = _mask_of(defender_cards)
    kept = defender & ~laid
    arrangement = _sorted_arrangements(solver, kept, defender_cards)[0]
    chains, set_cards = _layoff_reach(meld_masks, defender)
    return Layoff(
        deadwood=solver.deadwood(kept),
        defender_melds=arrangement.melds,
        layoffs=_assign_layoffs(laid, chains, set_cards),
        unmatched=arrangement.unmatched,
    )


def _check_melds(melds, cards: int | None, whose: str) -> list[int]:
    masks, used = [], 0
    for meld in melds:
        meld = tuple(meld)
        shown = " ".join(card_str(card) for card in meld) if all(
            isinstance(card, int) and 0 <= card < 52 for card in meld) else repr(meld)
        if not is_meld(meld):
            raise CardError(_("'{meld}' is not a meld").format(meld=shown))
        mask = _mask_of(meld)
        if cards is not None and mask & ~cards:
            raise CardError(_("meld '{meld}' uses cards that are not in {whose}").format(meld=shown, whose=whose_words(whose)))
        if mask & used:
            raise CardError(_("meld '{meld}' shares a card with another meld").format(meld=shown))
        used |= mask
        masks.append(mask)
    return masks


def layoff(knocker_melds, defender_cards) -> Layoff:
    """The defender's lowest deadwood after melding his cards and laying off on the knocker's."""
    defender_cards, defender = _check_hand(defender_cards, whose="defender's hand")
    meld_masks = _check_melds(knocker_melds, None, "knocker's hand")
    if any(mask & defender for mask in meld_masks):
        raise CardError(_("the defender holds a card that is in the knocker's melds"))
    solver = _Solver(defender)
    _ignored, laid = _best_layoff(solver, defender, _layoff_reach(meld_masks, defender))
    return _layoff_result(solver, defender_cards, meld_masks, laid)


# ---------------------------------------------------------------- the outcome of a knock


class KnockOutcome(Record):
    knocker_deadwood: int  # K
    defender_deadwood: int  # D, after lay-offs when they were allowed
    knocker_melds: tuple[tuple[Card, ...], ...]
    knocker_unmatched: tuple[Card, ...]
    defender_melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[tuple[Card, int], ...]  # (card, index into knocker_melds)
    defender_unmatched: tuple[Card, ...]
    gin: bool  # K == 0
    big_gin: bool  # the knocker melded all 11 cards
    knock_limit: int
    defender_deadwood_before_layoffs: int

    def to_json(self) -> dict:
        return {
            "knocker_deadwood": self.knocker_deadwood,
            "defender_deadwood": self.defender_deadwood,
            "knocker_melds": _melds_json(self.knocker_melds),
            "knocker_unmatched": [card_str(card) for card in self.knocker_unmatched],
            "defender_melds": _melds_json(self.defender_melds),
            "layoffs": [[card_str(card), meld] for card, meld in self.layoffs],
            "defender_unmatched": [card_str(card) for card in self.defender_unmatched],
            "gin": self.gin,
            "big_gin": self.big_gin,
            "knock_limit": self.knock_limit,
            "defender_deadwood_before_layoffs": self.defender_deadwood_before_layoffs,
        }


def _eleven_cards(best=None) -> str:
    how = "" if best is None else _(": the best deadwood of these 11 is {best}").format(best=best)
    return _(
        "11 knocker cards are only a big gin (all 11 in melds){how}; otherwise give the 10 cards kept after the discard"
    ).format(how=how)


def _knocker_options(knocker_cards, knocker: int, knock_limit: int, stated_melds):
    """The knocker arrangements to choose from, as (meld masks, K), in preference order."""
    eleven = len(knocker_cards) == 11
    if stated_melds is not None:
        masks = _check_melds(stated_melds, knocker, "knocker's hand")
        knocker_deadwood = _mask_value(knocker & ~_mask_of_masks(masks))
        if eleven and knocker_deadwood:
            raise CardError(_eleven_cards())
        if knocker_deadwood > knock_limit:
            raise CardError(
                _("the knocker's deadwood with these melds is {deadwood}, over the knock limit {limit}").format(
                    deadwood=knocker_deadwood, limit=knock_limit
                )
            )
        return [(masks, knocker_deadwood)]
    solver = _Solver(knocker)
    best = solver.deadwood(knocker)
    if eleven and best:
        raise CardError(_eleven_cards(best))
    if best > knock_limit:
        raise CardError(
            _("the knocker cannot knock: best deadwood is {best}, over the knock limit {limit}").format(
                best=best, limit=knock_limit
            )
        )
    # Gin beats any knock, so with gin only gin arrangements count. Otherwise every arrangement
    # within the limit does: a worse one can leave the defender fewer lay-offs.
    budget = 0 if best == 0 else knock_limit
    options = [
        (melds, dead, _arrangement(melds, knocker, knocker_cards))
        for melds, dead in solver.meld_lists_within(knocker, budget)
    ]
    options.sort(key=lambda option: (option[1], _arrangement_order(option[2])))
    return [(melds, dead) for melds, dead, _ in options]


def _mask_of_masks(masks) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def knock_outcome(
    knocker_cards,
    defender_cards,
    knock_limit: int = 10,
    knocker_melds=None,
    layoffs: bool = True,
    gin_layoffs: bool = False,
) -> KnockOutcome:
    """K and D for a knock, choosing the knocker's arrangement that maximises D - K.

    ``knocker_melds`` fixes the knocker's arrangement instead. ``layoffs`` allows lay-offs on
    a knock; ``gin_layoffs`` on gin and big gin (not allowed by default, docs/rules.md section 3).
    """
    _check_limit(knock_limit)
    knocker_cards, knocker = _check_hand(knocker_cards, (10, 11), "knocker's hand")
    defender_cards, defender = _check_hand(defender_cards, whose="defender's hand")
    if knocker & defender:
        both = (knocker & defender & -(knocker & defender)).bit_length() - 1
        raise CardError(_("{card} is in both hands").format(card=card_str(both)))
    options = _knocker_options(knocker_cards, knocker, knock_limit, knocker_melds)
    gin = options[0][1] == 0
    allow_layoffs = gin_layoffs if gin else layoffs
    solver = _Solver(defender)
    own_deadwood = solver.deadwood(defender)
    chosen = None
    outcomes: dict = {}  # arrangements that allow the same lay-offs give the same D
    for melds, knocker_deadwood in options:
        laid, defender_deadwood = 0, own_deadwood
        if allow_layoffs:
            chains, set_cards = reach = _layoff_reach(melds, defender)
            key = (frozenset(tuple(chain) for _key, chain in chains if chain),
                   frozenset(bit for _key, bit in set_cards))
            if key not in outcomes:
                outcomes[key] = _best_layoff(solver, defender, reach)
            defender_deadwood, laid = outcomes[key]
        score = (defender_deadwood - knocker_deadwood, -knocker_deadwood)
        if chosen is None or score > chosen[0]:
            chosen = (score, melds, knocker_deadwood, laid)
    _score, melds, knocker_deadwood, laid = chosen
    if knocker_melds is None:
        melds = sorted(melds, key=lambda meld: _meld_order(_cards_of(meld)))
        shown_melds = tuple(_cards_of(meld) for meld in melds)
    else:
        shown_melds = tuple(tuple(meld) for meld in knocker_melds)  # as stated, same order
    # Lay-off indices point into shown_melds, hence the same meld order here.
    defence = _layoff_result(solver, defender_cards, melds, laid)
    return KnockOutcome(
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defence.deadwood,
        knocker_melds=shown_melds,
        knocker_unmatched=tuple(card for card in knocker_cards if not _mask_of_masks(melds) >> card & 1),
        defender_melds=defence.defender_melds,
        layoffs=defence.layoffs,
        defender_unmatched=defence.unmatched,
        gin=gin,
        big_gin=gin and len(knocker_cards) == 11,
        knock_limit=knock_limit,
        defender_deadwood_before_layoffs=own_deadwood,
    )
