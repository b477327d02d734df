"""What every export target is (``ginscore.exchange.targets`` registers them), and what the
targets share: an amount written exactly, a commodity and an account as hledger and ledger read
them, the export's first line. A target is given the export's transactions
(``ginscore.exchange.export.Entries``: made as they are written, every account and commodity
checked first) and returns the text; the same transactions give the same bytes."""

from __future__ import annotations

import unicodedata
from decimal import Decimal

from ginscore.base.errors import GinscoreError, shown
from ginscore.base.i18n import _, ngettext
from ginscore.base.shell import quote

NEUTRAL = "games:{name}"
RECEIVABLE = "assets:receivable:{name}"
# Minor units: two decimals unless the code says otherwise (an amount keeps every decimal it has).
PLACES = {code: 0 for code in ("JPY", "KRW", "ISK", "CLP", "VND", "PYG", "UGX", "XAF", "XOF")}
PLACES.update({code: 3 for code in ("KWD", "BHD", "OMR", "JOD", "TND", "IQD", "LYD")})
# What hledger and ledger cannot read in a commodity even within quotes: a quote ends it, hledger's
# commodity directive takes a semicolon for a comment, ledger reads a backslash as an escape.
COMMODITY_UNREADABLE = '";\\'


class Target:
    """One program or file an export is written for; a subclass says what differs."""

    name = ""  # what --to takes: the registry's name for it
    suffix = ""  # of the file it is written to
    names_accounts = True  # False: a row per payment, without accounts (--as, --account and --income refused)

    def default_account(self, me: str | None) -> str:
        """A player's account when --account does not say it: a neutral book, or with --as one player's own."""
        return NEUTRAL if me is None else RECEIVABLE

    def no_accounts(self, option: str) -> str:
        """The error for an ``option`` that names accounts, given to a target that names none."""
        raise NotImplementedError

    def commodity(self, code: str | None, currency: str | None) -> str | None:
        """The commodity the games played for ``currency`` are written in, from its ``code`` (given by
        --commodity, or the ISO code of a symbol ginscore knows; None: no currency): as it is, where
        hledger and ledger can read it."""
        if code is not None and any(char in COMMODITY_UNREADABLE for char in code):
            raise GinscoreError(
                _("hledger and ledger cannot read the currency {currency} (a quote, semicolon or backslash in it, even quoted): "
                  "say its code with --commodity {option} (e.g. --commodity €=EUR)").format(
                    currency=shown(code), option=quote(f"{currency}=CODE"))
            )
        return code

    def account(self, template: str, name: str | None) -> str:
        """The account ``template`` names for player ``name`` (None: the template has no {name})."""
        return template.replace("{name}", plain_part(name or ""))

    def write(self, found) -> str:
        """The text of the export of the transactions ``found`` (``export.Entries``); ends with a newline."""
        raise NotImplementedError


def plain_part(name: str) -> str:
    """A name as one part of an hledger or ledger account: a colon would start a sub-account and
    two spaces end the account, so they become a dash and one space."""
    return " ".join(name.replace(":", "-").split())


def quoted_commodity(code: str) -> str:
    """A commodity as hledger and ledger read it: letters and currency symbols bare, else quoted."""
    if all(char.isalpha() or unicodedata.category(char) == "Sc" for char in code):
        return code
    return f'"{code}"'


def amount_text(amount: Decimal, code: str | None) -> str:
    """``amount`` exactly, with at least the currency's decimals: ``58.00``, ``0.0000325``."""
    places = PLACES.get((code or "").upper(), 2)
    text = format(amount, "f")
    whole, _point, decimals = text.partition(".")
    decimals = decimals.rstrip("0")
    decimals += "0" * max(0, places - len(decimals))
    return f"{whole}.{decimals}" if decimals else whole


def money(amount, code: str | None, commodity=quoted_commodity) -> str:
    text = amount_text(amount, code)
    return f"{text} {commodity(code)}" if code else text


def header(found, comment: str) -> list:
    """The export's first line, a comment saying how many games it holds."""
    count = found.games
    words = ngettext("ginscore export: {count} game", "ginscore export: {count} games", count).format(count=count)
    return [f"{comment} {words}"]
