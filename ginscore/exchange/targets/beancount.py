"""A beancount file: each account opened on its first day, a transaction per payment with the
game's id as metadata and link, accounts of ASCII parts under one of beancount's five roots,
commodities in capitals."""

from __future__ import annotations

from hashlib import sha1

from ginscore.base.errors import GinscoreError, shown
from ginscore.base.i18n import _
from ginscore.base.shell import quote
from ginscore.base.translit import to_ascii
from ginscore.core.names import folded
from ginscore.exchange.targets.base import NEUTRAL, Target, header, money

BEANCOUNT_ROOTS = ("Assets", "Liabilities", "Equity", "Income", "Expenses")
# beancount reads amounts in Python's default decimal context: 28 significant digits.
BEANCOUNT_DIGITS = 28


class Beancount(Target):
    name = "beancount"
    suffix = ".beancount"

    def default_account(self, me: str | None) -> str:
        if me is None:
            return "assets:" + NEUTRAL  # beancount's accounts start with one of its five kinds
        return super().default_account(me)

    def commodity(self, code: str | None, currency: str | None) -> str | None:
        """beancount takes only codes of capitals: the code in capitals, or refused."""
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

    def account(self, template: str, name: str | None) -> str:
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

    def write(self, found) -> str:
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


def beancount_part(text: str, fallback: str = "") -> str:
    """One part of a beancount account: ASCII letters, digits and dashes, starting with a capital
    or a digit (``Алиса`` -> ``Alisa``, ``Mary Ann`` -> ``Mary-Ann``); ``fallback`` when
    nothing of it is left (a name in another script)."""
    ascii_text = "".join(char if char.isascii() and (char.isalnum() or char == "-") else "-" for char in to_ascii(text))
    part = "-".join(piece for piece in ascii_text.split("-") if piece)
    return part[:1].upper() + part[1:] if part else fallback


def beancount_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
