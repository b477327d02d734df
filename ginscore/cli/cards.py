"""The command that reads a hand of cards: analyze."""

from __future__ import annotations

import click

from ginscore.base.errors import CardError
from ginscore.base.i18n import N_, _, ngettext, pN_
from ginscore.cli import cli
from ginscore.cli.options import json_option, print_json, suit_symbols
from ginscore.cli.translated import Command, argument, option
from ginscore.ops.typed_hands import whole_number


@cli.command(cls=Command, help=N_("""Best melds and deadwood of 10 CARDS; for 11 CARDS, the best discard first.

Cards are rank then suit, case-insensitive, separated by spaces or commas: As 10h Th K♠ qc.
Give them as one quoted argument or as several. Every arrangement that reaches the least
deadwood is listed; gin, big gin and whether the hand may knock are named.

\b
Example:
    ginscore analyze 5s 6s 7s 9c Tc Jc Ks Kc Kd Jd
    ginscore analyze "4s 4c 4d 4h 5s 5c 5d 6s 2c 3s 3c" --json
    ginscore analyze As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js --knock-limit 7
"""))
@argument("cards", pN_("metavar", "CARDS"), nargs=-1, required=True)
@option("--knock-limit", "knock_limit", metavar="N", default="10", show_default=True,
              help=N_("Highest deadwood that may knock."))
@json_option
def analyze(cards, knock_limit, as_json):
    from ginscore.cards.cards import parse_cards
    from ginscore.cards.melds import analyze as analyze_hand

    limit = whole_number(knock_limit, "--knock-limit")
    try:
        hand = parse_cards(" ".join(cards), (10, 11))
    except CardError as error:
        raise CardError(_("{error}: give the 10 cards of a hand, or 11 before the discard").format(error=error)) from None
    analysis = analyze_hand(hand, limit)
    if as_json:
        print_json("analysis", analysis.to_json())
        return
    click.echo("\n".join(analysis_lines(analysis, suit_symbols())))


def analysis_lines(analysis, symbols: bool) -> list:
    """The analysis as the player reads it: verdict first, then discard, melds, unmatched cards."""
    from ginscore.cards.cards import format_cards, format_melds

    lines = [verdict(analysis)]
    if analysis.discard is not None:
        others = [card for card in analysis.discards if card != analysis.discard]
        also = _(" (or {cards}: as good)").format(cards=format_cards(others, symbols).replace(" ", ", ")) if others else ""
        lines.append(_("Discard:   {card}{also}").format(card=format_cards([analysis.discard], symbols), also=also))
    arrangements = analysis.arrangements
    if len(arrangements) == 1:
        lines.append(_("Melds:     {melds}").format(melds=format_melds(analysis.melds, symbols) or _("none")))
        if analysis.unmatched:
            lines.append(_("Unmatched: {cards}").format(cards=format_cards(analysis.unmatched, symbols)))
        return lines
    lines.append(
        ngettext("{count} equally good arrangement:", "{count} equally good arrangements:", len(arrangements)).format(
            count=len(arrangements)
        )
    )
    width = len(str(len(arrangements)))
    for number, arrangement in enumerate(arrangements, 1):
        text = format_melds(arrangement.melds, symbols) or _("no meld")
        if arrangement.unmatched:
            text += _("; unmatched {cards}").format(cards=format_cards(arrangement.unmatched, symbols))
        lines.append(f"  {number:>{width}}. {text}")
    return lines


def verdict(analysis) -> str:
    if analysis.big_gin:
        return _("Big gin: all 11 cards meld.")
    if analysis.gin:
        if analysis.discard is not None:
            return _("Gin after the discard: the 10 cards kept all meld.")
        return _("Gin: all 10 cards meld.")
    limit = analysis.knock_limit
    gin_only = _(": gin only") if limit == 0 else ""
    if analysis.can_knock:
        return _("Deadwood {deadwood}: can knock (knock limit {limit}{gin_only}).").format(
            deadwood=analysis.deadwood, limit=limit, gin_only=gin_only
        )
    return _("Deadwood {deadwood}: cannot knock (knock limit {limit}{gin_only}).").format(
        deadwood=analysis.deadwood, limit=limit, gin_only=gin_only
    )
