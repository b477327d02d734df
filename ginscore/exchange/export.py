"""The money of finished games for the programs it ends in: plain-text accounting
(hledger, ledger, beancount) or a spreadsheet (CSV). Pure: given the games (loaded one at a
time: only their payments are kept) and how to name accounts and commodities, it returns the
text, and the same games give the same bytes.

Each payment of each game is one transaction on the day the game ended (the local day of the
last hand that counts, or of its ending early), with the game's id as its code so that a
re-export can be recognised. Without ``--as`` the accounts are a neutral book of everyone's
balances (``games:NAME``: what each player is up or down); with ``--as NAME`` they are that
player's own book, a receivable per other player against one income account."""

from __future__ import annotations

import unicodedata
from datetime import datetime, timezone
from decimal import Decimal

from ginscore.base.errors import GinscoreError, shown
from ginscore.base.i18n import _, ngettext
from ginscore.base.records import Record
from ginscore.base.shell import quote
from ginscore.base.translit import to_ascii
from ginscore.core.names import folded
from ginscore.ops import actions
from ginscore.ops.summary import ended_at as summary_ended_at
from ginscore.tables import get_table
from ginscore.tables.base import variant_of

FORMATS = ("hledger", "ledger", "beancount", "csv")
NO_CURRENCY = "none"  # --commodity none=CODE: the games played without a currency
NEUTRAL = "games:{name}"
RECEIVABLE = "assets:receivable:{name}"
INCOME = "income:games:gin"
BEANCOUNT_ROOTS = ("Assets", "Liabilities", "Equity", "Income", "Expenses")
# A currency symbol ginscore knows the ISO 4217 code of; an ambiguous one ($ aside, ¥, kr) is not
# guessed: --commodity says it (--commodity ¥=JPY).
CODES = {
    "€": "EUR", "$": "USD", "US$": "USD", "£": "GBP", "₽": "RUB", "руб": "RUB", "руб.": "RUB", "₴": "UAH",
    "грн": "UAH", "грн.": "UAH", "₹": "INR", "₩": "KRW", "₺": "TRY", "₪": "ILS", "zł": "PLN", "Kč": "CZK",
    "₸": "KZT", "₾": "GEL", "₼": "AZN", "R$": "BRL", "C$": "CAD", "A$": "AUD", "Fr.": "CHF",
}
# Minor units: two decimals unless the code says otherwise (an amount keeps every decimal it has).
PLACES = {code: 0 for code in ("JPY", "KRW", "ISK", "CLP", "VND", "PYG", "UGX", "XAF", "XOF")}
PLACES.update({code: 3 for code in ("KWD", "BHD", "OMR", "JOD", "TND", "IQD", "LYD")})


class Transfer(Record):
    """One payment of one finished game."""

    date: str  # YYYY-MM-DD: the local day the game ended
    ended: str  # when, UTC (ISO 8601): the order of the export
    game: str
    table: str
    players: tuple
    payer: str
    payee: str
    points: int
    amount: Decimal
    currency: str | None  # the game's symbol, as typed
    variant: str | None = None  # the variant played (tables.base.variant_of), named in the note


def ended_at(game) -> str:
    """When ``game`` ended (``ops.summary.ended_at``)."""
    return summary_ended_at(actions.evaluate(game))


def transfers(game) -> list:
    """The payments of one finished game played for a stake, as ``Transfer``s (one replay:
    ``ended_at`` asks for the late hands of the replay ``evaluate`` made, which the table keeps)."""
    state = actions.evaluate(game)
    ended = ended_at(game)
    moment = datetime.fromisoformat(ended)
    day = moment.astimezone().date().isoformat()  # the local day, as --since and --until count days
    utc = moment.astimezone(timezone.utc).isoformat()
    return [
        Transfer(day, utc, game.id, game.table, tuple(game.players), paid.payer, paid.payee, paid.points,
                 Decimal(paid.amount), game.currency, variant_of(game.rules))
        for paid in state.payments() if paid.amount is not None
    ]


# ---- commodities -------------------------------------------------------------------------------


def parse_commodities(pairs) -> dict:
    """``--commodity SYMBOL=CODE`` (repeatable) as {symbol: code}; ``none`` is the games played
    without a currency."""
    found = {}
    for pair in pairs:
        symbol, equals, code = pair.rpartition("=")  # a code holds no "=", a symbol may be one
        symbol, code = symbol.strip(), code.strip()
        if not equals or not symbol or not code or any(char.isspace() or char in COMMODITY_UNREADABLE for char in code) or not code.isprintable():
            raise GinscoreError(
                _("--commodity {value} is not SYMBOL=CODE: give the currency as the games show it and its code, "
                  "e.g. --commodity ¥=JPY, or none=EUR for the games played without a currency").format(value=shown(pair))
            )
        found[None if symbol.lower() == NO_CURRENCY else symbol] = code
    return found


def commodity(currency: str | None, given: dict, fmt: str) -> str | None:
    """The commodity the games played for ``currency`` are written in: ``given`` (by
    --commodity), else the ISO code of a symbol ginscore knows (€ EUR), else the symbol as it is;
    beancount, which takes only codes of capitals, gets it in capitals or refuses it."""
    code = given.get(currency) or CODES.get(currency or "", currency)
    if fmt != "beancount":
        if code is not None and any(char in COMMODITY_UNREADABLE for char in code):
            raise GinscoreError(
                _("hledger and ledger cannot read the currency {currency} (a quote, semicolon or backslash in it, even quoted): "
                  "say its code with --commodity {option} (e.g. --commodity €=EUR)").format(
                    currency=shown(code), option=quote(f"{currency}=CODE"))
            )
        return code
    if code is None:
        raise GinscoreError(_("beancount needs a currency for the games played without one: give it, e.g. --commodity none=EUR"))
    upper = code.upper()
    body = upper[1:-1]
    if not (upper.isascii() and upper[:1].isalpha() and upper[-1:].isalnum() and len(upper) <= 24
            and all(char.isalnum() or char in "'._-" for char in body)):
        raise GinscoreError(
            _("beancount cannot write the currency {currency}: say its code with --commodity {option} (e.g. --commodity €=EUR)").format(
                currency=shown(code), option=quote(f"{currency}=CODE"))
        )
    return upper


# What hledger and ledger cannot read in a commodity even within quotes: a quote ends it, hledger's
# commodity directive takes a semicolon for a comment, ledger reads a backslash as an escape.
COMMODITY_UNREADABLE = '";\\'


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


# ---- accounts ----------------------------------------------------------------------------------


class Naming(Record):
    """How an export names accounts and commodities."""

    fmt: str
    template: str  # a player's account, with {name}
    income: str | None  # with --as: the account the player's winnings come from
    me: str | None  # --as NAME, as typed (matched against the games' players)
    commodities: dict  # symbol (None: no currency) -> code, from --commodity


def naming(fmt: str | None, template: str | None, income: str | None, me: str | None, commodities: dict) -> Naming:
    """Check the options of an export before any game is read."""
    if fmt is None:
        raise GinscoreError(_("say what to write with --to: one of {formats}").format(formats=", ".join(FORMATS)))
    if fmt not in FORMATS:
        raise GinscoreError(_("--to {value} is not a format ginscore exports: use one of {formats}").format(
            value=shown(fmt), formats=", ".join(FORMATS)))
    if fmt == "csv":
        for option, value in (("--as", me), ("--account", template), ("--income", income)):
            if value is not None:
                raise GinscoreError(
                    _("{option} names accounts, and a CSV export has none (a row per payment): leave it out, "
                      "or export to hledger, ledger or beancount").format(option=option)
                )
    if income is not None and me is None:
        raise GinscoreError(_("--income is the account of one player's winnings: give that player with --as NAME"))
    default = NEUTRAL if me is None else RECEIVABLE
    if fmt == "beancount" and me is None:
        default = "assets:" + NEUTRAL  # beancount's accounts start with one of its five kinds
    template = default if template is None else template
    check_template("--account", template, needs_name=True)
    if me is not None:
        income = INCOME if income is None else income
        check_template("--income", income, needs_name=False)
    return Naming(fmt, template, income, me, commodities)


def check_template(option: str, template: str, needs_name: bool) -> None:
    rest = template.replace("{name}", "")
    problem = None
    if needs_name and "{name}" not in template:
        problem = _("it must hold {name}, where each player's name goes").format(name="{name}")
    elif "{" in rest or "}" in rest:
        problem = _("only {name} may stand in braces").format(name="{name}")
    elif not template[:1].isalpha():
        problem = _("it must start with a letter")
    elif not template.isprintable() or "  " in template or template != template.strip() or any(
        not part for part in template.split(":")
    ) or any(char in ';"\t' for char in template):
        problem = _("its parts must be separated by single colons, without double spaces, quotes or semicolons")
    if problem:
        raise GinscoreError(
            _("{option} {value} is not an account: {problem}, e.g. {option} assets:receivable:{name}").format(
                option=option, value=shown(template), problem=problem, name="{name}")
        )


def plain_part(name: str) -> str:
    """A name as one part of an hledger or ledger account: a colon would start a sub-account and
    two spaces end the account, so they become a dash and one space."""
    return " ".join(name.replace(":", "-").split())


def beancount_part(text: str, fallback: str = "") -> str:
    """One part of a beancount account: ASCII letters, digits and dashes, starting with a capital
    or a digit (``Алиса`` -> ``Alisa``, ``Mary Ann`` -> ``Mary-Ann``); ``fallback`` when
    nothing of it is left (a name in another script)."""
    ascii_text = "".join(char if char.isascii() and (char.isalnum() or char == "-") else "-" for char in to_ascii(text))
    part = "-".join(piece for piece in ascii_text.split("-") if piece)
    return part[:1].upper() + part[1:] if part else fallback


def fill(template: str, name: str | None, fmt: str) -> str:
    """The account ``template`` names for player ``name`` (None: the template has no {name})."""
    if fmt != "beancount":
        return template.replace("{name}", plain_part(name or ""))
    from hashlib import sha1

    parts = []
    for part in template.split(":"):
        if part == "{name}":
            digest = sha1(folded(name or "").encode("utf-8")).hexdigest()[:6]
            parts.append(beancount_part(name or "", f"Player-{digest}"))
        else:
            parts.append(beancount_part(part.replace("{name}", name or ""), "X"))
    account = ":".join(parts)
    if parts[0] not in BEANCOUNT_ROOTS:
        raise GinscoreError(
            _("beancount accounts start with {roots}: {account} does not (e.g. --account assets:receivable:{name})").format(
                roots=", ".join(BEANCOUNT_ROOTS), account=shown(account), name="{name}")
        )
    return account


# ---- what is exported ------------------------------------------------------------------------


class Entry(Record):
    """One transaction of an export: the payment, who it is with, its note, and its postings."""

    transfer: Transfer
    payee: str  # whom the transaction is with: the player paid; with --as, the other player
    note: str
    postings: tuple  # (account, Decimal): they sum to zero
    commodity: str | None


def paid_in(summary: dict, ended: str, shared: dict | None = None) -> tuple:
    """(the players, the payments as ``Transfer``s) of a finished game played for a stake, from
    its summary (``ops.summary.summarize``, as the summary index keeps it) and when it ended
    (``ops.summary.ended_at``): what ``transfers`` gives of the game loaded and replayed.
    ``shared``: one string for each name and day met in every game (a lifetime's export)."""
    shared = {} if shared is None else shared
    moment = datetime.fromisoformat(ended)
    day = moment.astimezone().date().isoformat()  # the local day, as --since and --until count days
    day = shared.setdefault(day, day)
    utc = moment.astimezone(timezone.utc).isoformat()
    players = tuple(shared.setdefault(name, name) for name in summary["players"])
    game, table, currency, variant = summary["id"], summary["table"], summary["currency"], summary.get("variant")
    return players, [
        Transfer(day, utc, game, table, players, shared.setdefault(paid["from"], paid["from"]), shared.setdefault(paid["to"], paid["to"]),
                 paid["points"], Decimal(paid["amount"]), currency, variant)
        for paid in summary["payments"] if paid["amount"] is not None
    ]


def entries(games, how: Naming) -> list:
    """The transactions of the payments of ``games`` (finished, for a stake; any iterable, read
    once, so that a generator loading one game at a time keeps only the payments), by when each
    game ended (then as given: oldest started first), named as ``how`` says."""
    return entries_of(((game.players, transfers(game)) for game in games), how)


def entries_of(paid, how: Naming) -> list:
    """``entries`` of the games' payments ``paid``: (the players, the ``Transfer``s) of each game,
    oldest started first (``transfers``, or ``paid_in`` from the summary index)."""
    moves = []
    spelled = {}  # folded -> the name as the newest game writes it (as settle names players)
    for players, found in paid:  # one game at a time: only its payments are kept
        moves += found
        for name in players:
            spelled[folded(name)] = name
    moves.sort(key=lambda move: move.ended)  # stable: games that ended together stay as given
    return Entries(moves, spelled, how)


class Entries:
    """The transactions of an export, in order: each made as it is written (``__iter__``), so
    that a lifetime's export holds its payments, not their transactions (issue #45). Made, and
    every account and commodity checked, once first: what the writers declare up front
    (``games``, ``accounts``, ``codes`` as first met, ``opened``: each account's first date),
    and an error before anything is written."""

    def __init__(self, moves: list, spelled: dict, how: Naming):
        self.moves, self.how = moves, how
        self.me = None if how.me is None or not moves else find_player(how.me, spelled)
        self.spelled = spelled
        self.named: dict = {}  # folded name (None: the income account) -> its account, made once
        self.owners: dict = {}  # account -> the folded name it is for (None: the income account)
        self.coded: dict = {}  # currency -> its commodity
        self.opened: dict = {}
        games = set()
        for entry in self:
            games.add(entry.transfer.game)
            for account, _amount in entry.postings:
                self.opened.setdefault(account, entry.transfer.date)
        self.games = len(games)
        self.accounts = list(self.opened)
        self.codes = list(dict.fromkeys(entry.commodity for entry in self._made(notes=False)))

    def __iter__(self):
        return self._made(notes=True)

    def _made(self, notes: bool):
        me = self.me
        for move in self.moves:
            code = self.coded.get(move.currency, "") if move.currency in self.coded else self._code(move.currency)
            if me is None:
                payee = move.payee
                postings = ((self.account(move.payee), move.amount), (self.account(move.payer), move.amount.copy_negate()))
            elif folded(move.payee) == me:
                payee = move.payer
                postings = ((self.account(move.payer), move.amount), (self.account(None), move.amount.copy_negate()))
            elif folded(move.payer) == me:
                payee = move.payee
                postings = ((self.account(move.payee), move.amount.copy_negate()), (self.account(None), move.amount))
            else:  # a payment between two others (three-handed, Rummy): not in this player's book
                continue
            yield Entry(move, payee, note(move) if notes else "", postings, code)

    def _code(self, currency):
        self.coded[currency] = code = commodity(currency, self.how.commodities, self.how.fmt)
        return code

    def account(self, name: str | None) -> str:
        key = None if name is None else folded(name)
        if key in self.named:
            return self.named[key]
        how, spelled = self.how, self.spelled
        found = fill(how.template if name is not None else how.income, None if key is None else spelled[key], how.fmt)
        self.named[key] = found
        other = self.owners.setdefault(found, key)
        if other != key:
            names = [spelled[k] if k is not None else how.income for k in (other, key)]
            raise GinscoreError(
                _("{first} and {second} would both be the account {account}: they cannot be told apart in one export "
                  "(--account with other words, or --to hledger, which keeps names as typed)").format(
                    first=shown(names[0]), second=shown(names[1]), account=shown(found))
            )
        return found


def find_player(name: str, spelled: dict) -> str:
    """The folded name of the player --as means: the same name, or the only one it begins."""
    key = folded(name)
    if key in spelled:
        return key
    begun = [known for known in spelled if known.startswith(key)]
    if len(begun) == 1:
        return begun[0]
    players = ", ".join(sorted(spelled.values(), key=folded))
    raise GinscoreError(
        _("--as {name}: no player of the games exported is called that (the players: {players})").format(
            name=shown(name), players=players)
    )


def note(move: Transfer) -> str:
    """The payment in words, for a transaction's note."""
    table = get_table(move.table)
    words = ngettext(
        "{payer} pays {payee} for {count} point ({seats}, {table})",
        "{payer} pays {payee} for {count} points ({seats}, {table})",
        move.points,
    )
    return words.format(payer=move.payer, payee=move.payee, count=move.points, seats=table.seats(move.players), table=table.table_words(move.variant))
