"""What hledger's and ledger's (the program's) plain-text accounts share: the accounts and
commodities declared first, so that their strict checks pass too (``hledger check -s``,
``ledger --pedantic``), then a transaction per payment; each of the two says its first lines."""

from __future__ import annotations

from ginscore.exchange.targets.base import Target, header, money, quoted_commodity


class PlainTextAccounts(Target):
    declares_no_commodity = False  # hledger's strict check asks for the amounts without one to be declared too

    def head(self, move, entry) -> list:
        """A transaction's lines before its postings (each a line of its own, the first starting with a newline)."""
        raise NotImplementedError

    def write(self, found) -> str:
        lines = header(found, ";")
        accounts = sorted(found.accounts)
        codes = sorted(found.codes, key=lambda code: (code is None, code or ""))
        if accounts:
            lines.append("")
        lines += [f"account {account}" for account in accounts]
        for code in codes:
            if code is not None:
                lines.append(f"commodity {quoted_commodity(code)}")
            elif self.declares_no_commodity:
                lines.append("commodity 1.00")
        width = max((len(account) for account in accounts), default=0)
        for entry in found:  # a transaction's lines in one string: a lifetime's export holds fewer
            amounts = [money(amount, entry.commodity) for _account, amount in entry.postings]
            room = max(len(text) for text in amounts)
            made = self.head(entry.transfer, entry)
            made += [f"    {account:<{width}}  {text:>{room}}" for (account, _amount), text in zip(entry.postings, amounts)]
            lines.append("\n".join(made))
        return "\n".join(lines) + "\n"


def plain_text(text: str) -> str:
    """Words for a transaction's description or note, exported for hledger or ledger: ``;`` would
    start a comment and ``|`` split hledger's payee from its note, so they become ``,`` and ``/``;
    no double spaces."""
    return " ".join(text.replace(";", ",").replace("|", "/").split())
