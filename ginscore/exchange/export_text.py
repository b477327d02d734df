"""The text of an export, one writer per format (``ginscore.exchange.export`` says what is in it):
hledger's and ledger's (the program's) plain-text accounts, a beancount file, and CSV. Pure; the
same entries give the same bytes. Every export declares the accounts and commodities it uses, so that the tools'
strict checks pass too (``hledger check -s``, ``ledger --pedantic``, beancount's ``open``)."""

from __future__ import annotations

from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _, ngettext
from ginscore.base.text import inert
from ginscore.exchange.export import amount_text, entries, entries_of, quoted_commodity

# from_account, to_account and commodity are those of the hledger export (``--to hledger``), so that hledger's CSV
# rules (docs/ginscore-export.csv.rules) book each payment to the very accounts that export has.
CSV_HEADERS = ("date", "game", "table", "from", "to", "points", "amount", "currency", "from_account", "to_account", "commodity")


def write(games, how) -> str:
    """The export of ``games`` (loaded, finished, for a stake) as ``how`` (a ``Naming``) says;
    ends with a newline."""
    found = entries(games, how)
    return WRITERS[how.fmt](found)


def write_paid(paid, how) -> str:
    """``write`` of the games' payments ``paid`` (``export.entries_of``)."""
    return WRITERS[how.fmt](entries_of(paid, how))


def header(found, comment: str) -> list:
    count = found.games
    words = ngettext("ginscore export: {count} game", "ginscore export: {count} games", count).format(count=count)
    return [f"{comment} {words}"]


def plain_text(text: str) -> str:
    """Words for a transaction's description or note, exported for hledger or ledger: ``;`` would
    start a comment and ``|`` split hledger's payee from its note, so they become ``,`` and ``/``;
    no double spaces."""
    return " ".join(text.replace(";", ",").replace("|", "/").split())


def ledger_comment(text: str) -> str:
    """A note as ledger's comment line: ledger reads ``word:`` there as a metadata tag (and
    ``::`` as an expression), which --pedantic refuses, so a colon becomes a dash, as in an account."""
    return plain_text(text).replace(":", "-")


def money(amount, code: str | None, commodity=quoted_commodity) -> str:
    text = amount_text(amount, code)
    return f"{text} {commodity(code)}" if code else text


def accounting_text(found, ledger_program: bool) -> str:
    """The export for hledger, or with ``ledger_program`` for ledger (the program)."""
    lines = header(found, ";")
    accounts = sorted(found.accounts)
    codes = sorted(found.codes, key=lambda code: (code is None, code or ""))
    if accounts:
        lines.append("")
    lines += [f"account {account}" for account in accounts]
    for code in codes:
        if code is not None:
            lines.append(f"commodity {quoted_commodity(code)}")
        elif not ledger_program:  # hledger's strict check asks for the amounts without one too
            lines.append("commodity 1.00")
    width = max((len(account) for account in accounts), default=0)
    for entry in found:  # a transaction's lines in one string: a lifetime's export holds fewer
        move = entry.transfer
        amounts = [money(amount, entry.commodity) for _account, amount in entry.postings]
        room = max(len(text) for text in amounts)
        if ledger_program:  # ledger's payee is the whole description; the note is a comment
            made = [f"\n{move.date} (ginscore:{move.game}) {plain_text(entry.payee)}", f"    ; {ledger_comment(entry.note)}"]
        else:
            made = [f"\n{move.date} (ginscore:{move.game}) {plain_text(entry.payee)} | {plain_text(entry.note)}"]
        made += [f"    {account:<{width}}  {text:>{room}}" for (account, _amount), text in zip(entry.postings, amounts)]
        lines.append("\n".join(made))
    return "\n".join(lines) + "\n"


def hledger(found) -> str:
    return accounting_text(found, ledger_program=False)


def ledger(found) -> str:
    return accounting_text(found, ledger_program=True)


def beancount_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# beancount reads amounts in Python's default decimal context: 28 significant digits.
BEANCOUNT_DIGITS = 28


def beancount(found) -> str:
    lines = header(found, ";")
    opened = found.opened  # each account's first day
    if opened:
        lines.append("")
    lines += [f"{opened[account]} open {account}" for account in sorted(opened, key=lambda account: (opened[account], account))]
    width = max((len(account) for account in opened), default=0)
    for entry in found:
        move = entry.transfer
        amounts = [money(amount, entry.commodity, str) for _account, amount in entry.postings]
        longest = max(sum(char.isdigit() for char in text.split()[0].lstrip("-0.")) for text in amounts)
        if longest > BEANCOUNT_DIGITS:  # beancount would round it and then find the transaction unbalanced
            raise GinscoreError(
                _("game {game}'s payment has {count} digits, more than beancount holds ({most}): export it --to hledger or --to ledger, "
                  "which keep it exactly").format(game=move.game, count=longest, most=BEANCOUNT_DIGITS))
        room = max(len(text) for text in amounts)
        made = [f"\n{move.date} * {beancount_string(entry.payee)} {beancount_string(entry.note)} ^ginscore-{move.game}",
                f"  game_id: {beancount_string(move.game)}"]
        made += [f"  {account:<{width}}  {text:>{room}}" for (account, _amount), text in zip(entry.postings, amounts)]
        lines.append("\n".join(made))  # a transaction's lines in one string: a lifetime's export holds fewer
    return "\n".join(lines) + "\n"


def csv(found) -> str:
    """One row per payment: its date, game, table, who pays, who is paid, the points, the amount
    and the currency's code; the headers are fixed words, like JSON keys, for a program to read."""
    import csv as csv_module
    import io

    buffer = io.StringIO()
    writer = csv_module.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_HEADERS)
    for entry in found:
        move = entry.transfer
        (to_account, _received), (from_account, _paid) = entry.postings
        row = [move.date, move.game, move.table, move.payer, move.payee, move.points,
               amount_text(move.amount, entry.commodity), entry.commodity or "", from_account, to_account,
               quoted_commodity(entry.commodity) if entry.commodity else ""]
        writer.writerow([inert(cell) for cell in row])
    return buffer.getvalue()


WRITERS = {"hledger": hledger, "ledger": ledger, "beancount": beancount, "csv": csv}
