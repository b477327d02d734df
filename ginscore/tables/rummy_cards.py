"""The cards a Rummy hand's losers are said to hold, checked against one deck (issue 20).

A loser's cards are typed by rank, a suit optional (``K``, ``Ks``, ``10h``). A hand no deal can
produce is refused: a loser holding more cards than each player is dealt (docs/rules.md section 12:
10 for two players, 7 for three or four, 6 for five or six), a suited card typed twice (the
deck has one Ks), and a rank typed more than four times across every loser's hand, suited
or not (the deck has four kings). Anything else some deal can produce: unsuited cards take
the suits the suited ones leave.
"""

from __future__ import annotations

from ginscore.base.errors import HandError
from ginscore.base.i18n import _, ngettext
from ginscore.base.text import in_words
from ginscore.cards.cards import card_str, rank_str, typed_card


def check_deal(cards: dict, dealt: int) -> None:
    """Refuse, naming the card and why, the losers' ``cards`` (name -> the cards as typed,
    separated by spaces) that no deal of ``dealt`` cards each from one deck can produce."""
    holders: dict = {}  # suited card -> the players said to hold it, once per copy
    by_rank: dict = {}  # rank -> {player: how many of that rank}
    for name, text in cards.items():
        tokens = text.split()
        if len(tokens) > dealt:
            raise HandError(
                ngettext(
                    "{name}: {count} card typed, but each player is dealt {dealt}: check the cards held",
                    "{name}: {count} cards typed, but each player is dealt {dealt}: check the cards held",
                    len(tokens),
                ).format(name=name, count=len(tokens), dealt=dealt)
            )
        for token in tokens:
            rank, suit = typed_card(token)
            if suit is not None:
                holders.setdefault(suit * 13 + rank, []).append(name)
            counts = by_rank.setdefault(rank, {})
            counts[name] = counts.get(name, 0) + 1
    for card, names in holders.items():
        if len(names) > 1:
            raise HandError(
                _("{card} is typed twice ({players}), but a deck has one {card}: check the cards held").format(
                    card=card_str(card), players=in_words(dict.fromkeys(names))
                )
            )
    for rank, counts in by_rank.items():
        total = sum(counts.values())
        if total > 4:
            where = ", ".join(f"{name} {count}" for name, count in counts.items())
            raise HandError(
                ngettext(
                    "{count} card of rank {rank} typed ({where}), but a deck has four: check the cards held",
                    "{count} cards of rank {rank} typed ({where}), but a deck has four: check the cards held",
                    total,
                ).format(count=total, rank=rank_str(rank), where=where)
            )
