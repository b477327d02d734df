"""What a game comes to, in a few plain values: the entry 'games' lists, the money each player
won or lost, and each player's statistics. Pure; computed from a game's evaluated state, so it
is the same whether it comes from the game file or from the summary index that caches it."""

from __future__ import annotations

from ginscore.core.game import voided
from ginscore.core.scoring import cents, exact_money, stake_text
from ginscore.tables.base import variant_of


def summarize(state) -> dict:
    """The summary of one game: its listing entry (``games --json``), with ``money`` (each
    player's exact net in money, or None without a stake) and ``stats`` (name -> counts)."""
    from decimal import Decimal


    game = state.game
    final = state.final
    payments = state.payments()
    money = None
    if game.stake is not None:
        money = {name: Decimal(0) for name in game.players}
        with exact_money():
            for paid in payments:
                money[paid.payer] -= Decimal(paid.amount)
                money[paid.payee] += Decimal(paid.amount)
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
        "money": None if money is None else {name: cents(value) for name, value in money.items()},
        "voided": voided(game.journal),
        "stats": state.player_stats(),
    }
