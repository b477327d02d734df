"""What a game comes to, in a few plain values: the entry 'games' lists, the money each player
won or lost, and each player's statistics. Pure; computed from a game's evaluated state, so it
is the same whether it comes from the game file or from the summary index that caches it."""

from __future__ import annotations

from itertools import repeat

from ginscore.core.game import abandoned, voided
from ginscore.core.scoring import MONEY_DIGITS, cents, exact_money, stake_text
from ginscore.tables.base import variant_of
from ginscore.tables.payments import nets


def summarize(state) -> dict:
    """The summary of one game: its listing entry (``games --json``), with ``money`` (each
    player's exact net in money, or None without a stake) and ``stats`` (name -> counts)."""
    game = state.game
    final = state.final
    payments = state.payments()
    return {
        "id": game.id,
        "created": game.created,
        "table": game.table,
        "format": game.table,
        "variant": variant_of(state.game.rules),
        "players": list(game.players),
        "hands": len(state.rows),
        "finished": state.finished,
        "winner": state.winner,
        "net": None if final is None else final.net,
        "amount": None if final is None else final.amount,
        # the same "final" object as 'status --json' (its payments as final.payments); the
        # top-level "payments" stays until the next file version (docs/json.md)
        "final": state.final_json(),
        "payments": [paid.to_json() for paid in payments],
        "stake": stake_text(game.stake),
        "currency": game.currency,
        "money": None if game.stake is None else money_of(game.players, payments),
        "voided": voided(game.journal),
        "placings": state.placings(),
        "stats": with_net_points(state.player_stats(), payments),
    }


def with_net_points(stats: dict, payments) -> dict:
    """``stats`` with each player's ``net_points``: what the settlement's ``payments`` come to."""
    for name, points in nets(payments, stats).items():
        stats[name]["net_points"] = points
    return stats


def money_of(players, payments) -> dict:
    """Each player's exact net in money over ``payments``, as ``cents`` writes it."""
    net = dict.fromkeys(players, "0.00")  # cents(Decimal(0))
    paid_once: set = set()
    for paid in payments:
        payer, payee, amount = paid.payer, paid.payee, paid.amount
        if payer in paid_once or payee in paid_once or payer == payee or payer not in net or payee not in net \
                or not _written_in_cents(amount):
            return _exact_money_of(players, payments)
        paid_once.update((payer, payee))
        # the usual settlement: each player in one payment, whose amount cents() wrote (a positive
        # amount with two decimals at least): 0 - amount and 0 + amount, exactly, need no Decimal
        net[payer], net[payee] = f"-{amount}", amount
    return net


def _written_in_cents(amount) -> bool:
    """Whether ``amount`` is a positive amount as ``cents`` writes it (``12.10``, ``0.0000325``):
    its value, negated or added to nothing, is the same text (with a minus sign)."""
    if type(amount) is not str or len(amount) > MONEY_DIGITS:
        return False
    whole, point, decimals = amount.partition(".")
    return (len(decimals) >= 2 and whole.isascii() and whole.isdigit() and decimals.isascii() and decimals.isdigit()
            and (whole == "0" or whole[0] != "0") and amount.strip("0.") != "")


def _exact_money_of(players, payments) -> dict:
    """``money_of`` in Decimal arithmetic: any settlement (a player in several payments)."""
    from decimal import Decimal

    money = {name: Decimal(0) for name in players}
    with exact_money():
        for paid in payments:
            money[paid.payer] -= Decimal(paid.amount)
            money[paid.payee] += Decimal(paid.amount)
    return {name: cents(value) for name, value in money.items()}


def ended_at(state) -> str:
    """When the game of ``state`` (its evaluated result) ended: the time of the last entry that
    counts for its result (its last hand that counts, or its ending early), not of a later
    correction or a hand merged after it. The time as its entry writes it (ISO 8601, with its
    offset)."""
    game = state.game
    counted = {row.hand.entry for row in state.rows}  # a row per hand played into the result
    times = [entry["at"] for entry in game.journal if entry["id"] in counted and entry.get("at")]
    if abandoned(game.journal):
        times += [entry["at"] for entry in game.journal if entry["action"] == "abandon" and entry.get("at")]
    if not times:
        return game.created
    if len(set(map(len, times))) == 1 and all(map(str.endswith, times, repeat("+00:00"))):  # at C speed (every game, each build)
        return max(times)  # as ginscore writes them: one offset, one length, so the text sorts as the time
    from datetime import datetime

    return max(times, key=lambda at: datetime.fromisoformat(at))
