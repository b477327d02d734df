"""Pure scoring: one hand (docs/rules.md section 2), one game's final score (sections 4 and 5), stakes and money (13).

Nothing here reads files or knows about click. The tables (``ginscore.tables``) combine these
pieces; a hand is the dict of what the players said, exactly as stored in the ledger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ginscore.base.errors import CardError, HandError, RulesError, shown
from ginscore.base.i18n import _, decimal, money_text
from ginscore.base.records import Record
from ginscore.core.game import made  # a score is made for every hand replayed
from ginscore.core.rules import Rules

if TYPE_CHECKING:
    from decimal import Decimal

# decimal is imported only where money is computed: most commands never need it, and every
# command's start-up time counts (issue #2). Records are NamedTuples for the same reason.

HAND_KINDS = ("knock", "gin", "draw")
MAX_DEADWOOD = 98  # the most that ten cards with no meld among them can count


class HandScore(Record):
    """What one hand scored: ``winner`` gets ``points`` towards the target and ``boxes``."""

    result: str  # knock | undercut | gin | big_gin | draw | tie (no-score tie rule)
    winner: str | None
    points: int
    boxes: int
    multiplier: int = 1  # Oklahoma: 2 on a spade upcard


def gin_bonus_part(score: HandScore, rules) -> int:
    """The part of a hand's points that is its gin or big gin bonus (doubled with the hand
    where an Oklahoma spade doubles the score); 0 for any other hand."""
    if score.result not in ("gin", "big_gin"):
        return 0
    bonus = rules.big_gin_bonus if score.result == "big_gin" else rules.gin_bonus
    return bonus * (score.multiplier if rules.spade_double in ("score", "all") else 1)


def parse_upcard(text: str) -> str:
    """An Oklahoma upcard as typed (``7h``, ``10♠``, ``qd``) in its stored form (``7h``, ``Ts``)."""
    from ginscore.cards.cards import card_str, parse_cards

    try:
        return card_str(parse_cards(str(text), 1)[0])
    except CardError:
        raise HandError(
            _("--upcard {text} is not one card: write rank then suit, e.g. 7h, 10s, Kd or A♠").format(text=repr(text))
        ) from None


def upcard_value(upcard: str) -> int:
    """Deadwood value of a stored upcard: ace 1, 2-10 face value, J Q K 10."""
    from ginscore.cards.cards import card_value, parse_card

    return card_value(parse_card(upcard))


def knock_limit_for(hand: dict, rules: Rules) -> int:
    """The knock limit of this hand: the rule, or in Oklahoma the upcard's value
    (an ace allows only gin unless the ace-upcard setting counts it as 1)."""
    if not rules.oklahoma:
        return rules.knock_limit
    value = upcard_value(hand["upcard"])
    if value == 1 and rules.ace_upcard == "gin-only":
        return 0
    return value


def multiplier_for(hand: dict, rules: Rules) -> int:
    """2 for a hand with a spade upcard in Oklahoma (unless spade doubling is off), else 1."""
    if rules.oklahoma and rules.spade_double != "off" and hand["upcard"].endswith("s"):
        return 2
    return 1


def check_hand(hand: dict, rules: Rules) -> None:
    """Refuse a hand that cannot have happened under these rules, saying how to record it."""
    kind = hand.get("kind")
    if kind not in HAND_KINDS:
        raise HandError(_("unknown hand kind {kind}: use knock, gin or draw").format(kind=repr(kind)))
    if rules.oklahoma or "upcard" in hand:  # every hand is checked as its game is read: the usual one in few calls
        _check_upcard(hand, rules)
    if kind == "draw":
        return
    if kind == "knock":
        _check_knock(hand, knock_limit_for(hand, rules), rules)
    value = hand.get("opponent_deadwood")
    if type(value) is not int or not 0 <= value <= MAX_DEADWOOD:
        raise HandError(
            _("{label} must be a whole number from 0 to {most}, got {value}").format(
                label=_("the opponent's deadwood"), most=MAX_DEADWOOD, value=repr(value)
            )
        )


def _check_upcard(hand: dict, rules: Rules) -> None:
    upcard = hand.get("upcard")
    if not rules.oklahoma:
        if upcard is not None:
            raise HandError(
                _(
                    "this game is not Oklahoma Gin, so a hand has no upcard: leave out --upcard "
                    "(start an Oklahoma game with 'ginscore new A B --rules oklahoma')"
                )
            )
        return
    if upcard is None:
        raise HandError(_("this is an Oklahoma game: give the hand's upcard with --upcard, e.g. --upcard 7h"))
    if not isinstance(upcard, str) or _stored_form(upcard) != upcard:
        raise HandError(_("the upcard must be stored as one card such as 7h or Ts, got {upcard}").format(upcard=repr(upcard)))


def _stored_form(upcard: str) -> str | None:
    try:
        return parse_upcard(upcard)
    except HandError:
        return None


def _check_knock(hand: dict, limit: int, rules: Rules) -> None:
    deadwood = hand.get("deadwood")
    if type(deadwood) is not int or deadwood < 0:
        raise HandError(
            _("the knocker's deadwood must be a whole number from 1 to {limit}, got {deadwood}").format(
                limit=max(limit, 1), deadwood=repr(deadwood)
            )
        )
    if deadwood == 0:
        raise HandError(_("a knock with 0 deadwood is gin: record it with 'ginscore gin PLAYER OPPONENT_DEADWOOD'"))
    if deadwood <= limit:
        return
    why = ""
    if rules.oklahoma:
        upcard = hand["upcard"]
        if limit == 0:
            raise HandError(
                _(
                    "the upcard {upcard} is an ace, so only gin may go out this hand: record it with 'ginscore gin', "
                    "or start games with --ace-upcard one to let an ace upcard allow a knock on 1"
                ).format(upcard=upcard)
            )
        why = _(", set by the {upcard} upcard").format(upcard=upcard)
    elif limit == 0:
        raise HandError(_("this game's knock limit is 0, so only gin may go out: record it with 'ginscore gin'"))
    raise HandError(
        _(
            "the knocker's deadwood {deadwood} is over this hand's knock limit of {limit}{why}: "
            "a knock needs deadwood from 1 to {limit}"
        ).format(deadwood=deadwood, limit=limit, why=why)
    )


def score_hand(hand: dict, defender: str | None, rules: Rules) -> HandScore:
    """Score one two-sided hand: ``hand['player']`` went out against ``defender``."""
    kind = hand["kind"]
    if kind == "draw":
        return made(HandScore, ("draw", None, 0, 0, 1))
    multiplier = multiplier_for(hand, rules) if rules.oklahoma else 1
    # "points": only the deadwood difference is doubled; "score": the hand's whole score;
    # "all": the score and the boxes.
    bonus_factor = multiplier if rules.spade_double in ("score", "all") else 1
    box_factor = multiplier if rules.spade_double == "all" else 1
    player, opponent_deadwood = hand["player"], hand["opponent_deadwood"]
    if kind == "gin":
        big = hand.get("big", False) and rules.big_gin_bonus > 0
        bonus = rules.big_gin_bonus if big else rules.gin_bonus
        points = opponent_deadwood * multiplier + bonus * bonus_factor
        return made(HandScore, ("big_gin" if big else "gin", player, points, rules.gin_boxes * box_factor, multiplier))
    knocker_deadwood = hand["deadwood"]
    if knocker_deadwood < opponent_deadwood:
        return made(HandScore, ("knock", player, (opponent_deadwood - knocker_deadwood) * multiplier, box_factor, multiplier))
    if knocker_deadwood == opponent_deadwood and rules.tie == "knocker":
        return made(HandScore, ("knock", player, 0, box_factor, multiplier))
    if knocker_deadwood == opponent_deadwood and rules.tie == "no-score":
        return made(HandScore, ("tie", None, 0, 0, multiplier))
    points = (knocker_deadwood - opponent_deadwood) * multiplier + rules.undercut_bonus * bonus_factor
    return made(HandScore, ("undercut", defender, points, rules.undercut_boxes * box_factor, multiplier))


class FinalScore(Record):
    """The final block of one game (or one Hollywood column) between a winner and a loser."""

    winner: str
    loser: str
    shutout: bool
    points: dict  # name -> hand points
    boxes: dict  # name -> number of boxes
    box_points: dict  # name -> boxes x box bonus
    game_bonus: int  # what the winner got for the game, before any shutout
    shutout_extra: int  # what the shutout added to the winner's total
    totals: dict
    net: int  # winner's total - loser's total; negative when the loser's boxes outweigh
    amount: str | None  # net x stake, exact; None without a stake

    def to_json(self) -> dict:
        """Every field, in order; the per-player objects are copied."""
        return {key: dict(value) if isinstance(value, dict) else value for key, value in zip(self._fields, self)}


def final_score(
    winner: str,
    loser: str,
    points: dict,
    boxes: dict,
    loser_won_a_hand: bool,
    rules: Rules,
    stake: Decimal | None,
    game_bonus_factor: int = 1,
) -> FinalScore:
    """The final score of a finished game by docs/rules.md sections 4 and 5 and the game's shutout mode.

    ``game_bonus_factor`` lets a table weigh a whole game (Hollywood's doubled last column).
    """
    box_points = {winner: boxes[winner] * rules.box_bonus, loser: boxes[loser] * rules.box_bonus}
    winner_points, winner_boxes = points[winner], box_points[winner]
    game_bonus = rules.game_bonus
    shutout = not loser_won_a_hand
    plain = winner_points + game_bonus + winner_boxes
    total = plain
    if shutout:
        mode = rules.shutout
        if mode == "double-total":
            total = 2 * plain
        elif mode == "double-before-boxes":
            total = 2 * (winner_points + game_bonus) + winner_boxes
        elif mode == "double-game-bonus":
            total = winner_points + 2 * game_bonus + winner_boxes
        elif mode == "double-hands":
            total = 2 * winner_points + game_bonus + winner_boxes
        elif rules.shutout_flat is not None:
            total = plain + rules.shutout_flat
    loser_total = points[loser] + box_points[loser]
    totals = {winner: total * game_bonus_factor, loser: loser_total * game_bonus_factor}
    net = totals[winner] - totals[loser]
    return FinalScore(
        winner=winner,
        loser=loser,
        shutout=shutout,
        points={winner: winner_points, loser: points[loser]},
        boxes={winner: boxes[winner], loser: boxes[loser]},
        box_points=box_points,
        game_bonus=game_bonus,
        shutout_extra=total - plain,
        totals=totals,
        net=net,
        amount=money(net, stake),
    )


# The most digits a stake may have, from its first non-zero digit down to its units or last
# decimal: what decimal's default context holds, so every stake saved before this limit loads.
MAX_STAKE_DIGITS = 28
# The most decimal places a stake may have: every amount it makes then has at most as many, well
# within the digits an amount may have (MONEY_DIGITS), and no amount is written out in a million.
MAX_STAKE_PLACES = 30


def parse_stake(text: str) -> Decimal:
    """A stake is money per point: ``0.01``, ``2``, or ``1/10`` for one unit per 10 points.

    It must have an exact decimal value of at most 28 digits, because amounts are exact
    (docs/rules.md section 13): a longer one is refused, never rounded.
    """
    from decimal import Decimal, DecimalException, Inexact, localcontext

    hint = _("give money per point as a positive number or fraction, e.g. 0.01, 1 or 1/10")
    if type(text) is int and abs(text) >= 10**MAX_STAKE_DIGITS:  # str() of 5,000 digits raises
        raise RulesError(_("stake has more than {most} digits: {hint}").format(most=MAX_STAKE_DIGITS, hint=hint))
    raw = str(text).strip()
    if len(raw) > 4 * MAX_STAKE_DIGITS:  # no stake of 28 digits is written longer; Decimal of a huge one is slow
        raise RulesError(
            _("stake {stake} is longer than any stake of {most} digits: {hint}").format(
                stake=shown(raw, 24), most=MAX_STAKE_DIGITS, hint=hint
            )
        )
    raw = _decimal_point(raw, hint)
    with localcontext() as exact:
        exact.prec = 2 * MAX_STAKE_DIGITS
        exact.traps[Inexact] = True  # any rounding below raises instead of changing the stake
        try:
            if "/" in raw:
                numerator_text, denominator_text = raw.split("/", 1)
                numerator, denominator = Decimal(numerator_text), Decimal(denominator_text)
                if denominator == 0:
                    raise RulesError(_("stake {stake} divides by zero: {hint}").format(stake=repr(raw), hint=hint))
                try:
                    rate = numerator / denominator
                except Inexact:
                    raise RulesError(
                        _("stake {stake} has no exact decimal value: {hint}").format(stake=repr(raw), hint=hint)
                    ) from None
            else:
                rate = Decimal(raw)
            if not rate.is_finite():  # inf, nan: "not positive" would be untrue of inf
                raise RulesError(_("stake {stake} is not a finite number: {hint}").format(stake=repr(raw), hint=hint))
            if rate <= 0:
                raise RulesError(_("stake {stake} is not positive: {hint}").format(stake=repr(raw), hint=hint))
            if _stake_digits(rate) > MAX_STAKE_DIGITS:
                raise RulesError(
                    _("stake {stake} has more than {most} digits: {hint}").format(
                        stake=repr(raw), most=MAX_STAKE_DIGITS, hint=hint
                    )
                )
            if -rate.normalize().as_tuple().exponent > MAX_STAKE_PLACES:  # 1E-999999: an amount of a million digits
                raise RulesError(
                    _("stake {stake} has more than {most} decimal places: {hint}").format(
                        stake=repr(raw), most=MAX_STAKE_PLACES, hint=hint
                    )
                )
            rate = rate.normalize()
            if rate.as_tuple().exponent > 0:  # normalize() writes 100 as 1E+2
                rate = rate.quantize(Decimal(1))
        except (DecimalException, ValueError):  # not a number, or an exponent out of range
            raise RulesError(_("stake {stake} is not a number: {hint}").format(stake=repr(raw), hint=hint)) from None
    return rate


def stake_text(stake) -> str | None:
    """A stake as files and JSON hold it: in full, never in exponent form (``0.0000001``, not
    ``1E-7``, which is no amount the summary index keeps); None without a stake."""
    return None if stake is None else format(stake, "f")


def _decimal_point(raw: str, hint: str) -> str:
    """``raw`` with a decimal comma made a point: ``0,05`` is ``0.05`` in every language, as
    Russian and Ukrainian print it; a comma is never a thousands separator (``1,000`` is one)."""
    if "," not in raw:
        return raw
    if "." in raw:
        raise RulesError(
            _("stake {stake} has both a decimal comma and a point: write one, e.g. 0.05 or 0,05").format(stake=shown(raw, 24))
        )
    if any(part.count(",") > 1 for part in raw.split("/")):
        raise RulesError(_("stake {stake} is not a number: {hint}").format(stake=repr(raw), hint=hint))
    return raw.replace(",", ".")


def _stake_digits(rate: Decimal) -> int:
    """Digits from the first non-zero one down to the last non-zero decimal or the units:
    12.50 -> 3, 0.0001 -> 1, 1E+30 -> 31."""
    _sign, digits, exponent = rate.as_tuple()
    significant = "".join(map(str, digits)).rstrip("0")
    exponent += len(digits) - len(significant)
    return len(significant) + max(exponent, 0)


# The digits an amount of money may have before and after its point (the file checks hold
# every amount to them); sums of such amounts are worked out in a context that holds them all.
MONEY_DIGITS = 60
# An amount as ``cents`` writes one, the form the files and the summary index hold every amount in:
# no exponent, bounded digits. A pattern's text: compiled where amounts are checked, not at start-up.
AMOUNT = rf"^-?[0-9]{{1,{MONEY_DIGITS}}}(?:\.[0-9]{{1,{MONEY_DIGITS}}})?$"


def exact_money():
    """``with exact_money(): ...``: decimal arithmetic on amounts wide enough for every amount
    the files may hold, and any rounding an error (decimal's own context rounds to 28 digits,
    so a 28-digit stake beside a cents game would lose the cents)."""
    from decimal import Context, DivisionByZero, Inexact, InvalidOperation, Overflow, localcontext

    return localcontext(Context(prec=4 * MONEY_DIGITS, traps=[InvalidOperation, DivisionByZero, Overflow, Inexact]))


def money(net: int, stake: Decimal | None) -> str | None:
    """``net`` x ``stake`` exactly, written out in full (``0.0000325``, never ``3.25E-5``)."""
    if stake is None:
        return None
    product, number = _PRODUCT or _product()  # made once: a local copy of the thread's context cost 4x the product
    return cents(product.multiply(number(net), stake))


_PRODUCT: list = []  # (the context money() multiplies in, Decimal), made on first use: decimal only where money is


def _product() -> list:  # decimal's default context, wide enough that a stake's 28 digits times any net fits, no rounding
    from decimal import Context, Decimal, DivisionByZero, Inexact, InvalidOperation, Overflow

    _PRODUCT[:] = [Context(prec=3 * MAX_STAKE_DIGITS, traps=[InvalidOperation, DivisionByZero, Overflow, Inexact]), Decimal]
    return _PRODUCT


def cents(value) -> str:
    """An amount of money as ginscore writes it everywhere (JSON, the ledger's caches): exact,
    in full, with the currency's two places at least (``62.00``, ``-0.40``; not ``62.0``), more
    only where the stake has them (``0.0000325``)."""
    number = (_PRODUCT or _product())[1]  # decimal not imported again, a Decimal not copied
    whole, _point, decimals = (text := format(value if type(value) is number else number(value), "f")).partition(".")
    return f"{whole}.{decimals:0<2}" if len(decimals) < 2 else text


def show_money(value, currency: str | None) -> str:
    """An amount or rate with the game's currency symbol: ``€3.25``, ``$0.01``, ``CHF 3.25``."""
    text = str(value)
    if "E" in text:  # a Decimal stake below 0.000001 prints in exponent form
        text = format(value, "f")
    if not currency:
        return text
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    gap = " " if currency[-1].isalnum() else ""
    return f"{sign}{currency}{gap}{digits}"


def show_amount(amount: str, currency: str | None) -> str:
    """An amount owed as money is written: cents in full (``€3.00``, ``€122.40``, not ``€3.0``),
    more decimals only when the stake has them (``0.0000325``), whole amounts as they are."""
    whole, point, decimals = amount.partition(".")
    if point and len(decimals) < 2:
        amount = f"{whole}.{decimals:0<2}"
    return show_money(amount, currency)


def written_money(value, currency: str | None) -> str:
    """``show_money`` as the language in use writes it in a text a person reads (``€0.05`` in
    English, ``0,05 €`` in German, Russian and Ukrainian); never for JSON or CSV."""
    text = show_money(value, None)
    if not currency:
        return decimal(text)
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    return money_text(sign, digits, currency)


def written_amount(amount: str, currency: str | None) -> str:
    """``show_amount`` as the language in use writes it in text (see ``written_money``)."""
    return written_money(show_amount(amount, None), currency)


NO_CURRENCY = "none"  # typed as a currency (--currency none): no currency symbol at all


def parse_currency(text) -> str | None:
    """A currency symbol to show with amounts: 1 to 8 printable characters, no spaces; the word
    ``none`` (any case) is no currency, None (as ``new --currency none`` over a house default)."""
    symbol = str(text).strip()
    if symbol.lower() == NO_CURRENCY:
        return None
    if not 1 <= len(symbol) <= 8 or not symbol.isprintable() or any(char.isspace() for char in symbol):
        raise RulesError(
            _("currency {text} is not a symbol: give 1 to 8 characters without spaces, e.g. €, $ or CHF").format(
                text=shown(text, 24)
            )
        )
    return symbol
