"""A settlement in words, as both shells say it: the lines the command line's 'settle' and the
board's settle page share (the games settled, each player's net, the payments one a line, the
games without a stake, what changed in a settled game and what squares it, a game settled twice),
made from the settlement's view (``app.evening.SettleView``) and what it holds. Where the shells
differ (a command to type, an option, a path of this machine), the view carries the data and each
shell words it itself: here is only what both say.

'status' and 'check' say a settled game that changed with ``change_line`` too.
"""

from __future__ import annotations

from ginscore.base.i18n import _, ngettext
from ginscore.base.text import named
from ginscore.core.scoring import cents, show_amount, written_amount

# ---- the evening's settlement -------------------------------------------------------------------


def no_stake_line(no_stake: list) -> str:
    """The games left out of the money because they had no stake."""
    words = ngettext(
        "Not in money: {count} game without a stake ({games}).", "Not in money: {count} games without a stake ({games}).",
        len(no_stake),
    )
    return words.format(count=len(no_stake), games=named(no_stake, bracketed=False))


def nothing_line(hint: str = "") -> str:
    """Nothing to settle; ``hint`` (the shell's words, with its leading space) says where more is."""
    return _("Nothing to settle: no finished game with a stake matches{hint}.").format(hint=hint)


def games_line(result) -> str:
    """The games of the settlement ``result`` (``ops.evening.Settlement``), the first few named."""
    words = ngettext("{count} game: {games}", "{count} games: {games}", len(result.games))
    return words.format(count=len(result.games), games=named(result.games))


def money_words(result, amount) -> str:
    """An amount of ``result``'s currency as a person reads it (``€2.24``, ``2,24 €``)."""
    return written_amount(format(amount, "f"), result.currency)


def net_rows(result) -> list:
    """[player, net] of each player, the net signed as a person reads it (``+€2.24``, ``-€2.24``)."""
    return [[name, ("+" if amount > 0 else "") + money_words(result, amount)] for name, amount in result.nets.items()]


def spreadsheet_rows(result) -> list:
    """[player, net] for CSV and TSV: bare numbers with the decimals the text shows."""
    return [[name, show_amount(format(amount, "f"), None)] for name, amount in result.nets.items()]


def payment_lines(result) -> list:
    """One payment a line: read out at the table, ticked off as each is paid."""
    return [
        _("{payer} pays {payee} {amount}.").format(payer=debtor, payee=creditor, amount=money_words(result, amount))
        for debtor, creditor, amount in result.payments
    ]


def after_payments_line(result) -> str:
    """What follows the payments: how many and how they were found, or that nobody pays."""
    count = len(result.payments)
    if not count:
        return _("Everybody is level: nobody pays.")
    if result.method == "exact":
        words = ngettext("({count} payment, the fewest possible)", "({count} payments, the fewest possible)", count)
    else:
        words = ngettext(
            "({count} payment, found greedily: more than 10 players played together)",
            "({count} payments, found greedily: more than 10 players played together)",
            count,
        )
    return words.format(count=count)


def left_out_line(game: str, reason: str) -> str:
    """A game the settlement left out because its file cannot be read (``reason``, in the shell's
    words: the command line names the file, the board no path)."""
    return _("Left out: game {game}, which cannot be read: {error}").format(game=game, error=reason)


# ---- a settled game that changed, a game settled twice -------------------------------------------


def payments_words(payments, currency) -> str:
    """Payments as 'Dave → Carol: €2.24', names never declined; 'nobody pays' for none."""
    if not payments:
        return _("nobody pays")
    return ", ".join(
        _("{payer} → {payee}: {amount}").format(payer=debtor, payee=creditor, amount=written_amount(cents(amount), currency))
        for debtor, creditor, amount in payments
    )


def _level(players: list, amounts: list) -> list:
    from ginscore.core.fewest_payments import fewest_payments

    return list(fewest_payments(dict(zip(players, amounts))))


def paid_words(change: dict) -> str:
    """What was paid for a changed game (``squaring.LiveSettlements.change``), as payments."""
    return payments_words(_level(change["players"], change["paid"]), change["currency"])


def square_words(change: dict) -> str:
    """What squares a changed game that is finished or voided now, as payments."""
    return payments_words(change["payments"], change["currency"])


def change_line(change: dict) -> str:
    """A game that changed after the settlement it counts in, what was paid, what it comes to
    now and what squares it, in one line. A game that cannot be read now (``state`` "damaged")
    in the command line's words: the board says that one in its own."""
    games, settlement, currency = change["games"], change["settlement"], change["currency"]
    if change["state"] == "damaged":
        return _("Game {game} of settlement {settlement} cannot be read, so whether its money changed cannot be told: "
                 "run 'ginscore check'.").format(game=named(games), settlement=settlement)
    paid = paid_words(change)
    if change["state"] == "unfinished":
        return _("Game {game} changed after settlement {settlement}: paid {paid}; it is not finished now, so what it "
                 "comes to is told once it ends.").format(game=named(games), settlement=settlement, paid=paid)
    owed = square_words(change)
    if change["state"] == "voided":
        return _("Game {game} was voided after settlement {settlement}: paid {paid}; it counts nowhere now; to square "
                 "it: {owed}.").format(game=games[0], settlement=settlement, paid=paid, owed=owed)
    now = payments_words(_level(change["players"], change["now"]), currency)
    if len(games) > 1:
        return _("Games {games} changed after settlement {settlement} (an older ginscore recorded it without each "
                 "game's amount): paid {paid}; they come to {now} now; to square them: {owed}.").format(
            games=named(games), settlement=settlement, paid=paid, now=now, owed=owed)
    return _("Game {game} changed after settlement {settlement}: paid {paid}; it comes to {now} now; to square it: "
             "{owed}.").format(game=games[0], settlement=settlement, paid=paid, now=now, owed=owed)


def twice_words(twice: dict) -> str:
    """One game settled twice (an entry of ``squaring.settled_twice``) in words; or, with
    ``games``, the games settled in the same two settlements, in one phrase."""
    also = ", ".join(twice["also"])
    games = twice.get("games") or [twice["game"]]
    if twice["give_back"]:
        back = payments_words(twice["give_back"], twice["currency"])
        if twice["estimated"]:
            back = _("{payments} (as it stands now: an older ginscore kept no amount per game)").format(payments=back)
    else:
        back = _("what it was paid in settlement {also}").format(also=also)
    if len(games) > 1:
        return _("games {games} were settled twice, on two devices apart: in settlement {first} and again in {also}; "
                 "each counts once, in settlement {first}: if both were paid, give back {back}").format(
            games=named(games), first=twice["settlement"], also=also, back=back)
    return _("game {game} was settled twice, on two devices apart: in settlement {first} and again in {also}; it "
             "counts once, in settlement {first}: if both were paid, give back {back}").format(
        game=twice["game"], first=twice["settlement"], also=also, back=back)
