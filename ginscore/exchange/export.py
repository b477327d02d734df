"""The money of finished games for the programs it ends in: plain-text accounting
(hledger, ledger, beancount) or a spreadsheet (CSV), each a target of the registry
``ginscore.exchange.targets``. Pure: given the games' payments (one game at a time: only the
payments are kept) and how to name accounts and commodities, it makes the transactions and
the target writes the text; the same games give the same bytes.

Each payment of each game is one transaction on the day the game ended (the local day of the
last hand that counts, or of its ending early), with the game's id as its code so that a
re-export can be recognised. Without ``--as`` the accounts are a neutral book of everyone's
balances (``games:NAME``: what each player is up or down); with ``--as NAME`` they are that
player's own book, a receivable per other player against one income account."""

from __future__ import annotations

from datetime import datetime, timezone
from decimal import Decimal

from ginscore.base.errors import GinscoreError, shown
from ginscore.base.i18n import _, ngettext
from ginscore.base.records import Record
from ginscore.core.names import folded
from ginscore.exchange import targets
from ginscore.exchange.targets.base import COMMODITY_UNREADABLE
from ginscore.ops import actions
from ginscore.ops.summary import ended_at as summary_ended_at
from ginscore.tables import get_table
from ginscore.tables.base import variant_of

NO_CURRENCY = "none"  # --commodity none=CODE: the games played without a currency
INCOME = "income:games:gin"
# A currency symbol ginscore knows the ISO 4217 code of; an ambiguous one ($ aside, ¥, kr) is not
# guessed: --commodity says it (--commodity ¥=JPY).
CODES = {
    "€": "EUR", "$": "USD", "US$": "USD", "£": "GBP", "₽": "RUB", "руб": "RUB", "руб.": "RUB", "₴": "UAH",
    "грн": "UAH", "грн.": "UAH", "₹": "INR", "₩": "KRW", "₺": "TRY", "₪": "ILS", "zł": "PLN", "Kč": "CZK",
    "₸": "KZT", "₾": "GEL", "₼": "AZN", "R$": "BRL", "C$": "CAD", "A$": "AUD", "Fr.": "CHF",
}


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


def commodity(currency: str | None, given: dict, target) -> str | None:
    """The commodity the games played for ``currency`` are written in: ``given`` (by
    --commodity), else the ISO code of a symbol ginscore knows (€ EUR), else the symbol as it is;
    as ``target`` writes it, or refused where it cannot (``targets.base.Target.commodity``)."""
    return target.commodity(given.get(currency) or CODES.get(currency or "", currency), currency)


# ---- accounts ----------------------------------------------------------------------------------


class Naming(Record):
    """How an export names accounts and commodities."""

    target: object  # the export's target (``targets.get_target``)
    template: str  # a player's account, with {name}
    income: str | None  # with --as: the account the player's winnings come from
    me: str | None  # --as NAME, as typed (matched against the games' players)
    commodities: dict  # symbol (None: no currency) -> code, from --commodity


def naming(name: str | None, template: str | None, income: str | None, me: str | None, commodities: dict) -> Naming:
    """Check the options of an export (``name``: its target's, as --to gives it) before any game is read."""
    if name is None:
        raise GinscoreError(_("say what to write with --to: one of {formats}").format(formats=", ".join(targets.names())))
    target = targets.get_target(name)
    if target is None:
        raise GinscoreError(_("--to {value} is not a format ginscore exports: use one of {formats}").format(
            value=shown(name), formats=", ".join(targets.names())))
    if not target.names_accounts:
        for option, value in (("--as", me), ("--account", template), ("--income", income)):
            if value is not None:
                raise GinscoreError(target.no_accounts(option))
    if income is not None and me is None:
        raise GinscoreError(_("--income is the account of one player's winnings: give that player with --as NAME"))
    template = target.default_account(me) if template is None else template
    check_template("--account", template, needs_name=True)
    if me is not None:
        income = INCOME if income is None else income
        check_template("--income", income, needs_name=False)
    return Naming(target, template, income, me, commodities)


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


def write(games, how: Naming) -> str:
    """The export of ``games`` (loaded, finished, for a stake) as ``how`` says; ends with a newline."""
    return how.target.write(entries(games, how))


def write_paid(paid, how: Naming) -> str:
    """``write`` of the games' payments ``paid`` (``entries_of``)."""
    return how.target.write(entries_of(paid, how))


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
        self.coded[currency] = code = commodity(currency, self.how.commodities, self.how.target)
        return code

    def account(self, name: str | None) -> str:
        key = None if name is None else folded(name)
        if key in self.named:
            return self.named[key]
        how, spelled = self.how, self.spelled
        found = how.target.account(how.template if name is not None else how.income, None if key is None else spelled[key])
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
