"""Cards: parsing, values, meld legality and text formatting.

A card is an int 0..51: ``suit * 13 + rank`` with rank 0 = ace .. 12 = king and suits in the
order s h d c. A run is then a block of consecutive ints inside one suit, and a hand fits in
a 52-bit mask (bit ``1 << card``), which is what the solver in ``melds.py`` works on.

The solver (``melds.py``, ``knock.py``) builds on this module and is imported only where a
hand is given as cards, so that parsing cards stays cheap.
"""

from ginscore.base.errors import CardError
from ginscore.base.errors import shown as quoted
from ginscore.base.i18n import _, ngettext

Card = int

RANKS = "A23456789TJQK"
SUITS = "shdc"

_RANK_BY_TEXT = {text: rank for rank, text in enumerate(RANKS)}
_RANK_BY_TEXT["10"] = 9
_SUIT_BY_CHAR = {suit: index for index, suit in enumerate(SUITS)}
_SUIT_BY_CHAR.update({"♠": 0, "♥": 1, "♦": 2, "♣": 3, "♤": 0, "♡": 1, "♢": 2, "♧": 3})
# Emoji presentation selectors that phones add after a suit symbol (♠️).
_INVISIBLE = ("\ufe0f", "\ufe0e")
_MELD_SEPARATORS = ("/", ";")



def _not_a_card(token: str) -> str:
    return _("{card} is not a card: write rank then suit, e.g. As, 10h, Kd").format(card=token)


def _not_a_meld(shown: str) -> str:
    return _(
        "'{meld}' is not a meld: a meld is 3 or 4 cards of one rank, or 3 or more cards in sequence "
        "in one suit (ace low: Q K A is not a run)"
    ).format(meld=shown)


def rank_of(card: Card) -> int:
    """0 for an ace up to 12 for a king."""
    return card % 13


def suit_of(card: Card) -> int:
    """0..3 for s h d c."""
    return card // 13


def card_value(card: Card) -> int:
    """Deadwood value: ace 1, 2-10 face value, J Q K 10."""
    rank = card % 13
    return rank + 1 if rank < 10 else 10


def rank_value(token: str) -> int:
    """The deadwood value of a card typed by its rank alone or with its suit: ``K`` and ``Kh``
    are 10, ``10`` 10, ``a`` 1; Rummy counts what a loser holds without needing suits."""
    return card_value(typed_card(token)[0])


def typed_card(token: str) -> tuple[int, int | None]:
    """(rank 0..12, suit 0..3 or None) of a card typed by its rank alone or with its suit:
    ``K`` is (12, None), ``Kh`` (12, 1), ``10`` (9, None); what a Rummy loser's cards say."""
    text = token.strip()
    for mark in _INVISIBLE:
        text = text.replace(mark, "")
    suit = None
    if text and text[:-1] and text[-1].lower() in _SUIT_BY_CHAR:
        suit = _SUIT_BY_CHAR[text[-1].lower()]
        text = text[:-1]
    elif len(text) > 1 and text[0] in _SUIT_BY_CHAR and text[0] not in SUITS:  # a symbol first: ♠9
        suit = _SUIT_BY_CHAR[text[0]]
        text = text[1:]
    rank = _RANK_BY_TEXT.get(text.upper())
    if rank is None:
        raise CardError(_("'{card}' is not a card: write its rank, e.g. A, 7, 10, K (a suit may follow: Kh)").format(card=token))
    return rank, suit


def rank_str(rank: int) -> str:
    """A rank as people write it: ``A``, ``7``, ``10``, ``K``."""
    return "10" if rank == 9 else RANKS[rank]


def card_str(card: Card) -> str:
    """Canonical ASCII name: As, Th, Kd, 2c."""
    if not isinstance(card, int) or not 0 <= card < 52:
        raise CardError(_("{card} is not a card number (0..51)").format(card=repr(card)))
    return RANKS[card % 13] + SUITS[card // 13]


def parse_card(token: str) -> Card:
    """One card from text like ``As``, ``10h``, ``K♠``, ``qc`` or ``♠9``."""
    text = token
    for mark in _INVISIBLE:
        text = text.replace(mark, "")
    if len(text) >= 2:
        suit = _SUIT_BY_CHAR.get(text[-1].lower())
        rank = _RANK_BY_TEXT.get(text[:-1].upper())
        if suit is None or rank is None:
            # A suit symbol may also come first, as printed in books: ♠9.
            suit = _SUIT_BY_CHAR.get(text[0]) if text[0] not in SUITS else None
            rank = _RANK_BY_TEXT.get(text[1:].upper())
        if suit is not None and rank is not None:
            return suit * 13 + rank
    raise CardError(_not_a_card(quoted(token)))  # shown: a token may be thousands of characters


def _describe_count(count: int | tuple[int, ...]) -> str:
    counts = (count,) if isinstance(count, int) else tuple(count)
    words = [str(n) for n in counts]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + _(" or ") + words[-1]
    return ngettext("{count} card", "{count} cards", 1 if counts == (1,) else counts[-1]).format(count=listed)


def parse_cards(text: str, count: int | tuple[int, ...] | None = None) -> tuple[Card, ...]:
    """Cards separated by spaces and/or commas, in the order typed.

    Raises CardError naming the first token that is not a card, a card typed twice, or the
    wrong number of cards when ``count`` (one number or a tuple of allowed numbers) is given.
    """
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in text.replace(",", " ").split():
        card = parse_card(token)
        if card in seen:
            raise CardError(_("'{card}' appears twice").format(card=card_str(card)))
        seen.add(card)
        cards.append(card)
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(cards) not in allowed:
            raise CardError(_("expected {cards}, got {count}").format(cards=_describe_count(count), count=len(cards)))
    return tuple(cards)


def is_meld(cards) -> bool:
    """True for a set (3 or 4 cards of one rank) or a run (3+ in sequence, one suit, ace low)."""
    cards = list(cards)
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if not all(isinstance(card, int) and 0 <= card < 52 for card in cards):
        return False
    ranks = {card % 13 for card in cards}
    if len(ranks) == 1:
        return len(cards) <= 4
    if len({card // 13 for card in cards}) != 1:
        return False
    # Distinct cards of one suit have distinct ranks, so no gaps means max - min == n - 1.
    return max(ranks) - min(ranks) == len(cards) - 1


SUIT_SYMBOLS = "♠♥♦♣"


def card_symbol_str(card: Card) -> str:
    """The card as printed for people: ``5♠``, ``10♥``, ``K♦``."""
    name = card_str(card)
    return ("10" if name[0] == "T" else name[0]) + SUIT_SYMBOLS[card // 13]


def format_cards(cards, symbols: bool = False) -> str:
    """``"5s 6s 7s"``: the form stored in the ledger; with ``symbols``, ``"5♠ 6♠ 7♠"``."""
    name = card_symbol_str if symbols else card_str
    return " ".join(name(card) for card in cards)


def format_melds(melds, symbols: bool = False) -> str:
    """``"5s 6s 7s | 9c Tc Jc"``; an empty arrangement is the empty string."""
    return " | ".join(format_cards(meld, symbols) for meld in melds)


def parse_melds(text: str, cards=None) -> tuple[tuple[Card, ...], ...]:
    """A stated arrangement: melds separated by ``|``, ``/`` or ``;``, each checked to be legal,
    taken from ``cards`` (skipped when None) and sharing no card with another meld.

    Blank segments (a trailing ``|``) are ignored. Melds and their cards keep the typed order.
    """
    for separator in _MELD_SEPARATORS:
        text = text.replace(separator, "|")
    hand = None if cards is None else set(cards)
    owner: dict[Card, str] = {}
    melds = []
    for segment in text.split("|"):
        if not segment.strip():
            continue
        try:
            meld = parse_cards(segment)
        except CardError as error:
            raise CardError(_("{error} (in meld '{meld}')").format(error=error, meld=" ".join(segment.split()))) from None
        shown = format_cards(meld)
        if not is_meld(meld):
            raise CardError(_not_a_meld(shown))
        for card in meld:
            if hand is not None and card not in hand:
                raise CardError(_("meld '{meld}' uses {card}, which is not in the hand").format(meld=shown, card=card_str(card)))
            if card in owner:
                raise CardError(
                    _("{card} is in two melds: '{first}' and '{second}'").format(card=card_str(card), first=owner[card], second=shown)
                )
            owner[card] = shown
        melds.append(meld)
    return tuple(melds)


__all__ = [
    "RANKS", "SUITS", "SUIT_SYMBOLS", "Card", "card_str", "card_symbol_str", "card_value",
    "format_cards", "format_melds", "is_meld", "parse_card", "parse_cards", "parse_melds",
    "rank_of", "rank_str", "rank_value", "suit_of", "typed_card",
]
