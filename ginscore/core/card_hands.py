"""Hands entered as cards (issue 6): from both players' cards, the hand a knock or gin records,
with K and D computed and the cards, melds and lay-offs kept; and the words that show them.

Pure. The solver (melds.py, knock.py) is imported only inside the two functions that compute,
so status, sheet and log, which only show stored cards, never load it.

A card hand is the numeric hand plus ``cards``, every card in its stored form (``Th``)::

    {"kind": "knock", "player": "Alice", "deadwood": 10, "opponent_deadwood": 9,
     "cards": {"knocker": "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd",
               "opponent": "Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s",
               "knocker_melds": ["5s 6s 7s", "9c Tc Jc", "Ks Kd Kc"],
               "opponent_melds": ["2s 2h 2d 2c"],
               "layoffs": [{"cards": "8s 9s", "onto": "5s 6s 7s"},
                           {"cards": "8c 7c", "onto": "9c Tc Jc"}]}}

``"melds_stated": true`` is added when the knocker stated his arrangement (``--melds``).
"""

from __future__ import annotations

from ginscore.base.errors import CardError, HandError
from ginscore.base.i18n import _
from ginscore.base.text import in_words
from ginscore.cards.cards import card_str, card_value, format_cards, is_meld, parse_cards, parse_melds
from ginscore.core.scoring import check_hand, knock_limit_for


def _same_cards(verb: str, player: str, cards_text: str, opponent_text: str, upcard) -> str:
    """The command that records these same cards as a ``verb`` hand, ready to paste."""
    from ginscore.base.shell import command

    options = ["--cards", cards_text, "--opponent-cards", opponent_text, *(["--upcard", upcard] if upcard else [])]
    return command([verb], [player], options)


def knock_from_cards(player: str, cards_text: str, opponent_text: str, rules, upcard=None, melds_text=None) -> dict:
    """The knock (or undercut) that these cards make: K, and D after the defender's best lay-offs.

    ``melds_text`` is the knocker's stated arrangement; without it, the arrangement best for the
    knocker among all within the knock limit is used. Refused: a knock that is gin or big gin,
    one over this hand's knock limit, and stated melds that are illegal or not his cards.
    """
    from ginscore.cards.knock import knock_outcome
    from ginscore.cards.melds import analyze

    knocker, opponent = _both_hands(cards_text, opponent_text)
    limit, why = _knock_limit(rules, upcard)
    best = analyze(knocker, limit)
    if len(knocker) == 11:
        raise _eleven_card_knock(player, best, _same_cards("gin", player, cards_text, opponent_text, upcard))
    if best.gin:
        raise HandError(
            _("{player}'s best deadwood is 0: that is gin, record it with: {command}").format(
                player=player, command=_same_cards("gin", player, cards_text, opponent_text, upcard)
            )
        )
    stated = None
    knocker_deadwood = best.deadwood
    if melds_text is not None:
        stated = _stated_melds(melds_text, knocker)
        melded = {card for meld in stated for card in meld}
        knocker_deadwood = sum(card_value(card) for card in knocker if card not in melded)
    if knocker_deadwood > limit:
        raise _over_the_limit(
            player, knocker_deadwood, best.deadwood, limit, why, stated is not None, upcard if rules.oklahoma else None
        )
    outcome = knock_outcome(knocker, opponent, limit, stated)
    return {
        "kind": "knock",
        "player": player,
        "deadwood": outcome.knocker_deadwood,
        "opponent_deadwood": outcome.defender_deadwood,
        "cards": _stored_cards(knocker, opponent, outcome, stated is not None),
    }


def gin_from_cards(player: str, cards_text: str, opponent_text: str, rules, upcard=None, big=False) -> dict:
    """The gin (10 cards) or big gin (11 cards, all melded) that these cards make.

    The opponent melds his own cards; he lays off only on gin, and only when the rules allow
    lay-offs on gin (never on big gin, docs/rules.md section 3, unless big gin is off and it scores as
    gin). Refused when it is not gin.
    """
    from ginscore.cards.knock import knock_outcome
    from ginscore.cards.melds import analyze

    knocker, opponent = _both_hands(cards_text, opponent_text)
    limit, why = _knock_limit(rules, upcard)
    best = analyze(knocker, limit)
    if len(knocker) == 11 and not best.big_gin:
        discard = card_str(best.discard)
        if best.gin:
            raise HandError(
                _(
                    "{player}'s 11 cards do not all meld, so this is not big gin; they are gin after "
                    "discarding {discard}: give the 10 cards kept in --cards"
                ).format(player=player, discard=discard)
            )
        raise HandError(
            _(
                "{player}'s 11 cards are not big gin: after the best discard ({discard}) the deadwood is "
                "{deadwood}; check the cards"
            ).format(player=player, discard=discard, deadwood=best.deadwood)
        )
    if len(knocker) == 10 and big:
        raise HandError(_("--big is big gin, all 11 cards melded, and --cards has 10: give all 11, or leave out --big"))
    if not best.gin:
        if best.deadwood <= limit:
            how = _(": record a knock with: {command}").format(
                command=_same_cards("knock", player, cards_text, opponent_text, upcard)
            )
        else:
            how = _(" (nor a knock: the knock limit of this hand is {limit}{why}): check the cards").format(limit=limit, why=why)
        raise HandError(
            _("{player}'s best deadwood is {deadwood}, so this is not gin{how}").format(
                player=player, deadwood=best.deadwood, how=how
            )
        )
    # With big gin off (bonus 0) eleven melded cards score as gin, so gin's lay-off rule holds.
    scored_as_big_gin = best.big_gin and rules.big_gin_bonus > 0
    outcome = knock_outcome(knocker, opponent, limit, gin_layoffs=rules.gin_layoffs and not scored_as_big_gin)
    hand = {"kind": "gin", "player": player, "opponent_deadwood": outcome.defender_deadwood}
    if best.big_gin:
        hand["big"] = True
    hand["cards"] = _stored_cards(knocker, opponent, outcome, False)
    return hand


def _both_hands(cards_text: str, opponent_text: str):
    knocker = _parse(cards_text, "--cards", (10, 11))
    opponent = _parse(opponent_text, "--opponent-cards", 10)
    in_both = [card for card in knocker if card in set(opponent)]
    if in_both:
        raise CardError(
            _(
                "{card} is in both --cards and --opponent-cards: a card is in one hand only, so check what was typed"
            ).format(card=card_str(in_both[0]))
        )
    return knocker, opponent


def _parse(text: str, option: str, count):
    try:
        return parse_cards(text, count)
    except CardError as error:
        raise CardError(f"{option}: {error}") from None


def _stated_melds(melds_text: str, knocker):
    try:
        return parse_melds(melds_text, knocker)
    except CardError as error:
        raise CardError(
            _("--melds: {error} (melds are separated by |, e.g. --melds '5s 6s 7s | 9c Tc Jc')").format(error=error)
        ) from None


def _knock_limit(rules, upcard) -> tuple[int, str]:
    """This hand's knock limit, and words saying where it comes from (Oklahoma: the upcard)."""
    probe = {"kind": "draw"} if upcard is None else {"kind": "draw", "upcard": upcard}
    check_hand(probe, rules)  # a missing or stray --upcard is refused as on any hand
    limit = knock_limit_for(probe, rules)
    return limit, _(", set by the {upcard} upcard").format(upcard=upcard) if rules.oklahoma else ""


def _eleven_card_knock(player: str, best, as_gin: str) -> HandError:
    if best.big_gin:
        return HandError(
            _("all 11 of {player}'s cards meld: that is big gin, record it with: {command}").format(player=player, command=as_gin)
        )
    discard = card_str(best.discard)
    if best.gin:
        return HandError(
            _(
                "{player}'s 11 cards are gin after discarding {discard}: record it with 'ginscore gin' "
                "and the 10 cards kept"
            ).format(player=player, discard=discard)
        )
    return HandError(
        _(
            "a knocker shows 10 cards: give in --cards the 10 {player} kept after the discard (of these 11, "
            "discarding {discard} leaves the least deadwood, {deadwood})"
        ).format(player=player, discard=discard, deadwood=best.deadwood)
    )


def _over_the_limit(player, deadwood: int, best: int, limit: int, why: str, stated: bool, upcard=None) -> HandError:
    if limit == 0:
        if upcard is not None:
            source = _(" (set by the {upcard} upcard)").format(upcard=upcard)
        else:
            source = _(" (this game's knock limit is 0)")
        return HandError(
            _("{player}'s deadwood is {deadwood}, but only gin may go out this hand{source}: check the cards").format(
                player=player, deadwood=deadwood, source=source
            )
        )
    if not stated:
        return HandError(
            _(
                "{player}'s best deadwood is {deadwood}, over this hand's knock limit of {limit}{why}, so {player} "
                "cannot knock with these cards: check them"
            ).format(player=player, deadwood=deadwood, limit=limit, why=why)
        )
    if best <= limit:
        how = _("; the best arrangement leaves {best}: leave out --melds to use it").format(best=best)
    else:
        how = _(": check the cards")
    return HandError(
        _("with these --melds {player}'s deadwood is {deadwood}, over this hand's knock limit of {limit}{why}{how}").format(
            player=player, deadwood=deadwood, limit=limit, why=why, how=how
        )
    )


def _stored_cards(knocker, opponent, outcome, stated: bool) -> dict:
    onto: dict[int, list] = {}  # knocker meld index -> cards laid off on it, in playing order
    for card, meld in outcome.layoffs:
        onto.setdefault(meld, []).append(card)
    cards = {
        "knocker": format_cards(knocker),
        "opponent": format_cards(opponent),
        "knocker_melds": [format_cards(meld) for meld in outcome.knocker_melds],
        "opponent_melds": [format_cards(meld) for meld in outcome.defender_melds],
        "layoffs": [
            {"cards": format_cards(laid), "onto": format_cards(outcome.knocker_melds[meld])}
            for meld, laid in onto.items()
        ],
    }
    if stated:
        cards["melds_stated"] = True
    return cards


# ---------------------------------------------------------------- showing stored cards


def _show(text: str, symbols: bool) -> str:
    return format_cards(parse_cards(text), symbols=True) if symbols else text


def _meld_name(meld: str, symbols: bool) -> str:
    """A knocker's meld as a lay-off target: a run by its ends (``5s-7s``), a set in full."""
    cards = _show(meld, symbols).split()
    runs = len({card[-1] for card in cards}) == 1
    return f"{cards[0]}-{cards[-1]}" if runs else " ".join(cards)


def _left_over(hand_text: str, used) -> str:
    """The cards of ``hand_text`` in none of the ``used`` groups, in the order typed."""
    taken = {card for group in used for card in group.split()}
    return " ".join(card for card in hand_text.split() if card not in taken)


def card_parts(hand: dict, symbols: bool = False) -> dict:
    """The stored cards of a hand as display pieces: each side's melds, lay-offs and deadwood."""
    cards = hand["cards"]
    layoffs = cards["layoffs"]
    knocker_left = _left_over(cards["knocker"], cards["knocker_melds"])
    opponent_left = _left_over(cards["opponent"], [*cards["opponent_melds"], *(laid["cards"] for laid in layoffs)])
    if hand["kind"] == "gin":
        knocker_deadwood = _("big gin") if hand.get("big") else _("gin")
    else:
        knocker_deadwood = f"{_show(knocker_left, symbols)} = {hand['deadwood']}"
    opponent_deadwood = f"{_show(opponent_left, symbols)} = {hand['opponent_deadwood']}" if opponent_left else "0"
    laid_off = [
        _("{cards} on {meld}").format(cards=_show(laid["cards"], symbols), meld=_meld_name(laid["onto"], symbols))
        for laid in layoffs
    ]
    stated = _(" (as stated)") if cards.get("melds_stated") else ""
    return {
        "knocker_melds": " | ".join(_show(meld, symbols) for meld in cards["knocker_melds"]) + stated,
        "knocker_deadwood": knocker_deadwood,
        "opponent_melds": " | ".join(_show(meld, symbols) for meld in cards["opponent_melds"]),
        "layoffs": in_words(laid_off),
        "opponent_deadwood": opponent_deadwood,
    }


def card_sentences(hand: dict, opponent: str, symbols: bool = False) -> list[str]:
    """``["Alice lays 5s 6s 7s | 9c Tc Jc | Ks Kc Kd, deadwood Jd = 10", "Bob melds 2s 2c 2d 2h,
    lays off 8s 9s on 5s 6s 7s and 8c 7c on 9c Tc Jc, deadwood Ac 8d = 9"]``."""
    parts = card_parts(hand, symbols)
    player = hand["player"]
    if parts["knocker_melds"]:
        knocker = _("{player} lays {melds}").format(player=player, melds=parts["knocker_melds"])
    else:
        knocker = _("{player} has no meld").format(player=player)
    if hand["kind"] == "gin":
        knocker += f": {parts['knocker_deadwood']}"
    else:
        knocker += _(", deadwood {cards}").format(cards=parts["knocker_deadwood"])
    if parts["opponent_melds"]:
        defender = _("{player} melds {melds}").format(player=opponent, melds=parts["opponent_melds"])
    else:
        defender = _("{player} has no meld").format(player=opponent)
    if parts["layoffs"]:
        defender += _(", lays off {layoffs}").format(layoffs=parts["layoffs"])
    return [knocker, defender + _(", deadwood {cards}").format(cards=parts["opponent_deadwood"])]


def cards_words(hand: dict) -> str:
    """A card hand in one line, for the log (which does not know the opponent's name)."""
    return "; ".join(card_sentences(hand, _("opponent")))


# ---------------------------------------------------------------- checking stored cards


def card_problems(cards) -> list[tuple[str, str]]:
    """What is wrong with a stored ``cards`` object, as (place inside it, problem); cheap: it
    checks the cards, melds and lay-offs are well formed and consistent, not that they are best."""
    if not isinstance(cards, dict):
        keys = "knocker, opponent, knocker_melds, opponent_melds and layoffs"
        return [("", _("expected an object with {keys}, got {kind}").format(keys=keys, kind=type(cards).__name__))]
    found: list[tuple[str, str]] = []
    hands = {}
    for side, counts in (("knocker", (10, 11)), ("opponent", (10,))):
        parsed = _stored_group(cards, side, found)
        if parsed is not None and len(parsed) not in counts:
            found.append(
                (f".{side}", _("expected {counts} cards, got {count}").format(counts=_(" or ").join(map(str, counts)), count=len(parsed)))
            )
        hands[side] = set(parsed or ())
    if hands["knocker"] & hands["opponent"]:
        found.append(("", _("{card} is in both hands").format(card=card_str(min(hands["knocker"] & hands["opponent"])))))
    knocker_melds = _stored_melds(cards, "knocker_melds", hands["knocker"], found)
    _stored_melds(cards, "opponent_melds", hands["opponent"], found)
    layoffs = cards.get("layoffs")
    if not isinstance(layoffs, list):
        found.append((".layoffs", _("expected a list")))
        return found
    for index, laid in enumerate(layoffs):
        place = f".layoffs[{index}]"
        if not isinstance(laid, dict):
            found.append((place, _("expected an object with cards and onto")))
            continue
        laid_cards = _stored_group(laid, "cards", found, place)
        onto = laid.get("onto")
        if laid_cards is not None and not set(laid_cards) <= hands["opponent"]:
            found.append((f"{place}.cards", _("not the opponent's cards")))
        if onto not in knocker_melds:
            found.append((f"{place}.onto", _("{onto} is not one of the knocker_melds").format(onto=repr(onto))))
    if "melds_stated" in cards and cards["melds_stated"] is not True:
        found.append((".melds_stated", _("expected true, or no melds_stated")))
    return found


def _stored_group(data: dict, key: str, found: list, place: str = ""):
    return _stored_text(data.get(key), f"{place}.{key}", found)


def _stored_text(text, place: str, found: list):
    """The cards of a stored string, or None after noting why it is not one."""
    if not isinstance(text, str):
        found.append((place, _('expected a string of cards such as "5s 6s 7s"')))
        return None
    try:
        cards = parse_cards(text)
    except CardError as error:
        found.append((place, str(error)))
        return None
    if format_cards(cards) != text:
        found.append((place, _("expected the cards in their stored form, {cards}").format(cards=repr(format_cards(cards)))))
        return None
    return cards


def _stored_melds(cards: dict, key: str, hand: set, found: list) -> list:
    melds = cards.get(key)
    if not isinstance(melds, list):
        found.append((f".{key}", _("expected a list")))
        return []
    for index, meld in enumerate(melds):
        place = f".{key}[{index}]"
        parsed = _stored_text(meld, place, found)
        if parsed is None:
            continue
        if not is_meld(parsed):
            found.append((place, _("{meld} is not a meld").format(meld=repr(meld))))
        elif not set(parsed) <= hand:
            found.append((place, _("{meld} uses cards that are not in that hand").format(meld=repr(meld))))
    return melds
