"""hledger's plain-text accounts: the payee and the note on the transaction's line."""

from __future__ import annotations

from ginscore.exchange.targets.plain_accounts import PlainTextAccounts, plain_text


class Hledger(PlainTextAccounts):
    name = "hledger"
    suffix = ".journal"
    declares_no_commodity = True

    def head(self, move, entry) -> list:
        return [f"\n{move.date} (ginscore:{move.game}) {plain_text(entry.payee)} | {plain_text(entry.note)}"]
