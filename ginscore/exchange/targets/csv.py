"""A spreadsheet's CSV: one row per payment, without accounts but those of the hledger export
(``from_account``, ``to_account``), so that hledger's CSV rules (docs/ginscore-export.csv.rules)
book each payment to the very accounts that export has."""

from __future__ import annotations

import csv
import io

from ginscore.base.i18n import _
from ginscore.base.text import inert
from ginscore.exchange.targets.base import Target, amount_text, quoted_commodity

# Fixed words, like JSON keys, for a program to read.
CSV_HEADERS = ("date", "game", "table", "from", "to", "points", "amount", "currency", "from_account", "to_account", "commodity")


class Csv(Target):
    name = "csv"
    suffix = ".csv"
    names_accounts = False

    def no_accounts(self, option: str) -> str:
        return _("{option} names accounts, and a CSV export has none (a row per payment): leave it out, "
                 "or export to hledger, ledger or beancount").format(option=option)

    def write(self, found) -> str:
        """One row per payment: its date, game, table, who pays, who is paid, the points, the amount
        and the currency's code."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(CSV_HEADERS)
        for entry in found:
            move = entry.transfer
            (to_account, _received), (from_account, _paid) = entry.postings
            row = [move.date, move.game, move.table, move.payer, move.payee, move.points,
                   amount_text(move.amount, entry.commodity), entry.commodity or "", from_account, to_account,
                   quoted_commodity(entry.commodity) if entry.commodity else ""]
            writer.writerow([inert(cell) for cell in row])
        return buffer.getvalue()
