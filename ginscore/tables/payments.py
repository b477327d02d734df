"""The plain data a table hands to the settlement: who owes whom how many points, and what each
player comes to over a game's payments."""

from __future__ import annotations

from ginscore.base.records import Record
from ginscore.core.scoring import money


class Payment(Record):
    """``payer`` owes ``payee`` ``points`` (x the stake: ``amount``, exact; None without a stake)."""

    payer: str
    payee: str
    points: int
    amount: str | None

    def to_json(self) -> dict:
        return {"from": self.payer, "to": self.payee, "points": self.points, "amount": self.amount}


def payment(debtor: str, creditor: str, points: int, stake, amount: str | None = None) -> Payment | None:
    """The payment that settles ``points`` owed by ``debtor`` to ``creditor`` (the other way
    when negative); None when nothing is owed. ``amount``: ``points`` x ``stake`` where the
    settlement worked it out already (its ``amount``), so that a summary, which asks for the
    payments twice, does no exact decimal arithmetic for them."""
    if points == 0:
        return None
    if points < 0:
        return Payment(creditor, debtor, -points, money(-points, stake))
    return Payment(debtor, creditor, points, money(points, stake) if amount is None else amount)


def nets(payments, players) -> dict:
    """What each player wins (+) or loses (-) in points over ``payments``; they sum to zero."""
    totals = {name: 0 for name in players}
    for paid in payments:
        totals[paid.payer] -= paid.points
        totals[paid.payee] += paid.points
    return totals
