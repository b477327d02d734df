"""ledger's (the program's) plain-text accounts: its payee is the whole description, so the
note is a comment line of the transaction."""

from __future__ import annotations

from ginscore.exchange.targets.plain_accounts import PlainTextAccounts, plain_text


class Ledger(PlainTextAccounts):
    name = "ledger"
    suffix = ".ledger"

    def head(self, move, entry) -> list:
        return [f"\n{move.date} (ginscore:{move.game}) {plain_text(entry.payee)}", f"    ; {ledger_comment(entry.note)}"]


def ledger_comment(text: str) -> str:
    """A note as ledger's comment line: ledger reads ``word:`` there as a metadata tag (and
    ``::`` as an expression), which --pedantic refuses, so a colon becomes a dash, as in an account."""
    return plain_text(text).replace(":", "-")
