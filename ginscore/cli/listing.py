"""The rows of 'games': each game listed, in the reader's language, for the text grid and for a
spreadsheet. (Its own module, imported by 'games' alone: 'status' between hands never loads it.)"""

from __future__ import annotations

from ginscore.base.errors import printable
from ginscore.base.i18n import _, pgettext
from ginscore.core.scoring import show_amount, written_amount
from ginscore.ops.evening import Nets
from ginscore.output import render
from ginscore.tables import get_table, names


class Listed:
    """What 'games' prints of the games listed, read one at a time: their ``rows`` (the
    listing's, or the CSV's for a spreadsheet), the ``finished`` games' money (``evening.Nets``),
    what ``changed`` since its settlement, the games ``damaged``.
    (A plain class: a Record costs the start-up of every command more.)"""

    def __init__(self, rows: list, finished: list, changed: list, damaged: list):
        self.rows, self.finished, self.changed, self.damaged = rows, finished, changed, damaged


def listed_rows(entries, settled, unsettled: bool, fmt: str, current_id) -> Listed:
    """``Listed`` of the games' listed summaries ``entries``; ``settled``: ``accounts.Listing``;
    ``current_id()``: the current game's id."""
    rows, finished, changed, damaged = [], Nets(), [], []
    spreadsheet = fmt in render.SPREADSHEET_FORMATS
    words = RowWords()
    any_settled = settled.any()  # a ledger never settled asks nothing of each game
    for entry in entries:
        if not entry.get("damaged"):
            if any_settled:
                entry["settled"] = settled.settlement(entry["id"]) is not None
                if unsettled and entry["settled"]:
                    continue
                change = settled.change(entry)
                if change is not None and change not in changed:
                    changed.append(change)
            else:
                entry["settled"] = False
            if entry["finished"]:  # what the total adds up, as it always did
                finished.add(entry)
        else:
            damaged.append(entry["error"])
        if spreadsheet:
            rows += listing_csv([entry], words)[1]
        else:
            in_progress = not entry.get("damaged") and not entry["finished"]
            rows.append(listing_row(entry, current_id() if in_progress else None, words))
    return Listed(rows, finished, changed, damaged)


class RowWords:
    """The words of a listing's rows in the reader's language, each looked up once a listing
    (its 100,000 rows say the same few again and again): the states, ' v ', each kind of table
    and each amount of money as written."""

    def __init__(self):
        self.damaged, self.voided, self.settled = _("DAMAGED"), _("voided"), _("settled")
        self.finished, self.in_progress, self.unfinished = _("finished"), _("in progress"), _("unfinished")
        self.versus = _(" v ")
        self.tables: dict = {}  # (table, variant) -> its words
        self.amounts: dict = {}  # (amount, currency) -> as written

    def table(self, name: str, variant: str | None) -> str:
        words = self.tables.get((name, variant))
        if words is None:
            words = self.tables[name, variant] = table_words(name, variant)
        return words

    def amount(self, amount: str, currency: str | None) -> str:
        written = self.amounts.get((amount, currency))
        if written is None:
            written = self.amounts[amount, currency] = written_amount(amount, currency)
        return written


def listing_row(entry, current: int | None = None, words: RowWords | None = None) -> tuple:
    """A game's row of the listing; a game in progress that is not the ``current`` one (which
    the commands without --game act on) is marked 'unfinished'; ``words``: the listing's
    ``RowWords``."""
    words = words or RowWords()
    if entry.get("damaged"):
        return (entry["id"], "", "", "", "", words.damaged, "", "", "", "")
    if entry.get("voided"):
        state = words.voided
    elif entry.get("settled"):
        state = words.settled
    else:
        state = words.finished if entry["finished"] else words.in_progress if entry["id"] == current else words.unfinished
    payments, currency = entry["payments"], entry["currency"]
    money = ""
    if currency is not None or entry["stake"] is not None:
        money = ", ".join([words.amount(paid["amount"], currency) for paid in payments if paid["amount"]])
    who = ", ".join([f"{paid['from']} -> {paid['to']}" for paid in payments])
    net = "" if entry["net"] is None else entry["net"]
    # a tuple of texts and numbers, which the garbage collector stops following once it has seen it:
    # 100,000 rows kept for the grid are not gone over again at each of its full collections
    return (entry["id"], entry["created"][:10], words.versus.join(entry["players"]), words.table(entry["table"], entry.get("variant")),
            entry["hands"], state, entry["winner"] or "", net, money, who)


def table_words(name: str, variant: str | None = None) -> str:
    """The kind of table in the reader's language, with the variant played at it (Oklahoma),
    or its name as stored when this ginscore does not know it (a newer one wrote the game)."""
    if name in names():
        return printable(get_table(name).table_words(variant))
    return printable(name)


def listing_csv_headers() -> list:
    return [_("id"), _("date"), _("players"), pgettext("kind of table", "table"), _("hands"), _("state"),
            _("winner"), _("net"), pgettext("column", "currency"), pgettext("payment", "from"), pgettext("payment", "to"), _("amount")]


def listing_csv(listing, words: RowWords | None = None) -> tuple:
    """(headers, rows) of the games for CSV: one row per payment, each cell one value (the
    amount a bare number with the decimals the text shows); a game without payments has one
    row with the payment cells empty."""
    headers = listing_csv_headers()
    rows = []
    words = words or RowWords()
    for entry in listing:
        game = listing_row(entry, None, words)[:8]
        if entry.get("damaged"):
            rows.append((*game, "", "", "", ""))
            continue
        currency = entry["currency"] or ""
        payments = entry["payments"] or [{"from": "", "to": "", "amount": None}]
        for paid in payments:
            amount = "" if paid["amount"] is None else show_amount(paid["amount"], None)
            rows.append((*game, currency, paid["from"], paid["to"], amount))
    return headers, rows
