"""The words and layouts every table's view shares: who deals, the payments, the sheet's
header, the blank pad's grids, money in a cell."""

from __future__ import annotations

from ginscore.base.i18n import _, ngettext
from ginscore.base.text import in_words
from ginscore.core.changes import rename_clash_lines, rules_change_lines
from ginscore.core.rules import summary as rules_summary
from ginscore.core.scoring import money, show_amount, written_amount, written_money
from ginscore.core.sheets import Field, Grid, Sheet
from ginscore.tables.base import streaks_json
from ginscore.tables.seats import kept_seat_lines


def hands_words(count: int) -> str:
    """``1 hand``, ``5 hands`` (in Russian and Ukrainian: 1 раздача, 2 раздачи, 5 раздач)."""
    return ngettext("{count} hand", "{count} hands", count).format(count=count)


def totals_words(names, scores) -> str:
    """``Alice 11, Bob 80``: each player's (or side's) total."""
    return ", ".join(f"{name} {scores[name]}" for name in names)


def dealer_line(dealer: str | None, started: bool, rules=None) -> str:
    """Who deals the next hand of a two-player game, in words (docs/rules.md section 14; ``rules``:
    the game's, for its ``deal`` setting)."""
    if dealer is None and started and rules is not None and rules.deal == "alternate":
        return _("Whoever did not deal the last hand deals the next.")
    if dealer is None:
        return _("Whoever dealt the last hand deals again.") if started else _("Cut for deal: the higher card chooses who deals first.")
    words = _("{dealer} deals the next hand.") if started else _("{dealer} deals the first hand.")
    return words.format(dealer=dealer)


def next_game_lines(state) -> list:
    """Once a game is over, who deals first in the next one: its winner (docs/rules.md section 14)."""
    if state.winner not in state.game.players:  # no winner, or a partnership side
        return []
    return [_("{winner} deals first in the next game ('ginscore rematch').").format(winner=state.winner)]


def payments_grid(payments, game) -> Grid:
    """Who pays whom: one row a payment, with the money when there is a stake."""
    with_money = game.stake is not None
    rows = [
        [paid.payer, paid.payee, paid.points, *([written_amount(paid.amount, game.currency)] if with_money else [])]
        for paid in payments
    ]
    money_header = [_("amount")] if with_money else []
    return Grid([_("pays"), _("to"), _("points"), *money_header], rows, title=_("Settlement"), numeric=(2, 3))


def payment_notes(payments, game) -> list:
    """``At €0.01 per point, Alice pays Bob €2.39.``: one line, every payment of the settlement."""
    if game.stake is None or not payments:
        return []
    rate = written_money(game.stake, game.currency)
    owed = [
        _("{payer} pays {payee} {amount}").format(
            payer=paid.payer, payee=paid.payee, amount=written_amount(paid.amount, game.currency)
        )
        for paid in payments
    ]
    return [_("At {rate} per point, {payments}.").format(rate=rate, payments=in_words(owed))]


def amount_cell(points: int, stake):
    """``points`` x the stake as a number cell with the decimals the text shows (a Decimal, so
    CSV writes it bare: -2.39, -19.10, not -19.1)."""
    from decimal import Decimal  # start-up: only where money is shown (see ginscore.core.scoring)

    return Decimal(show_amount(money(points, stake), None))


def per_point(stake, currency) -> str:
    """``€0.05 per point`` (a decimal comma in Russian and Ukrainian)."""
    return _("{money} per point").format(money=written_money(stake, currency))


def sheet_lines(game, rules_words: str | None = None) -> list:
    """Who, when, the rules (``rules_words``, else the summary of the settings) and the stake."""
    rules_words = rules_words or rules_summary(game.rules)
    lines = [
        _("Started {time} UTC").format(time=game.created[:16].replace("T", " ")),
        _("Rules: {rules}").format(rules=rules_words),
        *rules_change_lines(game),
    ]
    if game.stake is not None:
        lines.append(_("Stake: {money} per point").format(money=written_money(game.stake, game.currency)))
    return lines


def sheet_fields(view, rules_words: str | None = None) -> list:
    """The printed page's header: the players as the title says them, the day the game
    started, the rules in words and the stake."""
    game = view.game
    stake = _("none") if game.stake is None else per_point(game.stake, game.currency)
    return [
        Field(_("Players"), view.table.seats(game.players)),
        Field(_("Date"), game.created[:10]),
        Field(_("Rules"), with_changes(rules_words or rules_summary(game.rules), rules_change_lines(game))),
        Field(_("Stake"), stake),
    ]


def with_changes(rules_words: str, changes: list) -> str:
    """The rules in words, with where they changed in brackets (the printed page's field)."""
    return f"{rules_words} ({' '.join(changes)})" if changes else rules_words


def streak_lines(state) -> list:
    """The most hands each player won in a row in the game, for its sheet (none before a hand is won)."""
    streaks = streaks_json(state)
    if not any(streaks.values()):
        return []
    return [_("Most hands won in a row: {streaks}.").format(streaks=totals_words(streaks, streaks))]


def game_sheet(view, rules_words: str | None = None, lead=(), **parts) -> Sheet:
    """The Sheet of ``view``'s game: its title, the header lines (``lead`` first) and the
    printed page's fields from the game and ``rules_words``; ``parts``: the grids, notes,
    charts and CSV grids. After the notes: who plays first in the next hand, and each
    player's most hands won in a row."""
    parts["notes"] = (
        *parts.get("notes", ()), *view.lead_lines(), *streak_lines(view.state), *kept_seat_lines(view.state),
        *rename_clash_lines(view.game),
    )
    return Sheet(
        title=view.title(),
        lines=[*lead, *sheet_lines(view.game, rules_words)],
        fields=sheet_fields(view, rules_words),
        **parts,
    )


# The rows of the final block on a blank pad, the cells left empty to fill in (translated when drawn).
PAD_FINAL_ROWS = ("points", "boxes x {box}", "game bonus", "shutout", "total", "net", "owed")


def pad_row_label(label: str, box) -> str:
    words = {
        "points": _("points"), "boxes x {box}": _("boxes x {box}"), "game bonus": _("game bonus"), "shutout": _("shutout"),
        "total": _("total"), "net": _("net"), "owed": _("owed"), "hands won": _("hands won"), "rummies": _("rummies"),
        "points scored": _("points scored"), "balance": _("balance"),
    }
    return words.get(label, label).format(box=box)


def pad_fields(seats: str, rules_words: str | None, stake, currency) -> list:
    """A pad's header: what the options gave, else blanks to write in."""
    stake_words = "" if stake is None else per_point(stake, currency)
    return [Field(_("Players"), seats), Field(_("Date")), Field(_("Rules"), rules_words or ""), Field(_("Stake"), stake_words)]


def pad_hands_grid(parties, hands: int, step: str = "#", columns=None) -> Grid:
    """Empty rows, one a hand: for each party (a name, or blank to write one in) a score and
    a running total."""
    columns = (_("score"), _("total")) if columns is None else columns
    headers = [step, *(column for _party in parties for column in columns)]
    groups = (("", 1), *((name, len(columns)) for name in parties))
    rows = [[number, *("" for _cell in headers[1:])] for number in range(1, hands + 1)]
    return Grid(headers, rows, title=_("Hands"), groups=groups)


def pad_final_grid(parties, rules, rows=PAD_FINAL_ROWS, title: str | None = None, groups=None) -> Grid:
    """The final block with its rows labelled and its cells empty."""
    title = _("Final") if title is None else title
    box = rules.box_bonus if rules is not None and rules.uses("box_bonus") else _("bonus")
    labels = [pad_row_label(label, box) for label in rows]
    return Grid(["", *parties], [[label, *("" for _party in parties)] for label in labels], title=title, groups=groups)
