"""What every kind of table provides (``TableKind``), the shape of the state it evaluates a
game into (``GameState``), and the plain data it hands to the renderer and the settlement."""

from __future__ import annotations

from typing import NamedTuple, Protocol, runtime_checkable

from ginscore.errors import HandError, PlayerError, RulesError
from ginscore.i18n import _


class Grid(NamedTuple):
    """One table of cells for the renderer (a sheet's hands, its final block)."""

    headers: list
    rows: list
    title: str | None = None
    detail: bool = False  # hand-by-hand detail (the cards) that the full sheet shows and status leaves out
    # Indexes of the columns that hold numbers, right-aligned even where a cell is a mark (105*,
    # a dash for a closed column, 2 = 50); None: the renderer tells numbers from text itself.
    numeric: tuple | None = None
    groups: tuple | None = None  # (label, how many columns it spans) above the headers: a pad's names


class Series(NamedTuple):
    """One line of a chart: a player's (or side's) running total after each hand or round."""

    name: str
    totals: tuple  # one per hand; None where the line has no value (a Hollywood column after it closed)
    boxes: tuple = ()  # indexes into ``totals`` of the hands this player won (a box each)


class Chart(NamedTuple):
    """The running totals as data for a picture; the renderer draws it (an inline SVG)."""

    title: str
    series: tuple
    target: int | None = None  # the total that wins, drawn as a line across
    step: str = "hand"  # what the x axis counts: hand, round


class Field(NamedTuple):
    """One line of a sheet's header: ``Players``, ``Date``, ``Rules``, ``Stake``; an empty
    value is a blank to write in (on a pad)."""

    label: str
    value: str = ""


class Sheet(NamedTuple):
    """A score sheet as data; ``ginscore.render`` turns it into text, CSV or HTML."""

    title: str
    lines: tuple = ()  # who, when, rules, stake, as the terminal sheet says them
    tables: tuple = ()
    notes: tuple = ()  # the result in words
    fields: tuple = ()  # Field: the header of the printed page
    charts: tuple = ()  # Chart: the running totals (Hollywood: one per column)
    records: Grid | None = None  # the hands as one rectangular table of bare numbers, for CSV
    final_records: Grid | None = None  # the final block, one row per player (or side), for CSV


class Payment(NamedTuple):
    """``payer`` owes ``payee`` ``points`` (x the stake: ``amount``, exact; None without a stake)."""

    payer: str
    payee: str
    points: int
    amount: str | None

    def to_json(self) -> dict:
        return {"from": self.payer, "to": self.payee, "points": self.points, "amount": self.amount}


def payment(debtor: str, creditor: str, points: int, stake) -> Payment | None:
    """The payment that settles ``points`` owed by ``debtor`` to ``creditor`` (the other way
    when negative); None when nothing is owed."""
    from ginscore.scoring import money

    if points == 0:
        return None
    if points < 0:
        debtor, creditor, points = creditor, debtor, -points
    return Payment(debtor, creditor, points, money(points, stake))


def nets(payments, players) -> dict:
    """What each player wins (+) or loses (-) in points over ``payments``; they sum to zero."""
    totals = {name: 0 for name in players}
    for paid in payments:
        totals[paid.payer] -= paid.points
        totals[paid.payee] += paid.points
    return totals


def payments_grid(payments, game) -> Grid:
    """Who pays whom: one row a payment, with the money when there is a stake."""
    from ginscore.scoring import show_amount

    money = game.stake is not None
    from ginscore.i18n import decimal

    rows = [
        [paid.payer, paid.payee, paid.points, *([decimal(show_amount(paid.amount, game.currency))] if money else [])]
        for paid in payments
    ]
    money_header = [_("amount")] if money else []
    return Grid([_("pays"), _("to"), _("points"), *money_header], rows, title=_("Settlement"), numeric=(2, 3))


@runtime_checkable
class GameState(Protocol):
    """What evaluating a game gives, whatever its table; the CLI and renderer use only this."""

    game: object
    rows: list  # one per scored hand (or round), in order

    @property
    def finished(self) -> bool: ...

    @property
    def winner(self) -> str | None: ...

    @property
    def next_dealer(self) -> str | None:
        """Who deals the next hand: None when it is not known yet (the players cut for deal),
        once the game is over, and where several deal at once (partnership: ``dealers``)."""

    def payments(self) -> list:
        """The settlement of a finished game: a list of Payment, empty while it is in progress."""

    def to_json(self) -> dict: ...

    def hand_report(self, symbols: bool = True) -> list:
        """Lines to print right after a hand was recorded (cards with suit ``symbols`` or not)."""

    def totals_line(self) -> str: ...

    def progress_line(self) -> str: ...

    def result_phrase(self) -> str: ...

    def result_lines(self) -> list:
        """The result in words once the game is over (after an early end too)."""

    def seating_lines(self) -> list:
        """Who plays and who deals the next hand (empty once the game is over)."""

    def player_stats(self) -> dict:
        """Each player's statistics over this game: name -> the keys of gin.blank_stats, with
        ``won`` 1 for the game's winner (each player of the winning side)."""

    def score_table(self) -> Grid: ...

    def sheet(self) -> Sheet: ...


def dealer_line(dealer: str | None, started: bool) -> str:
    """Who deals the next hand of a two-player game, in words (RULES.md section 3)."""
    if dealer is None:
        return _("The same dealer deals again.") if started else _("Cut for deal: the higher card chooses who deals first.")
    words = _("{dealer} deals the next hand.") if started else _("{dealer} deals the first hand.")
    return words.format(dealer=dealer)


def next_game_lines(state) -> list:
    """Once a game is over, who deals first in the next one: its winner (RULES.md section 3)."""
    if state.winner not in state.game.players:  # no winner, or a partnership side
        return []
    return [_("{winner} deals first in the next game ('ginscore rematch').").format(winner=state.winner)]


class TableKind:
    """Base of all kinds of table. A table is stateless: everything comes from the Game it is
    given. Subclasses set the class attributes and implement ``evaluate``."""

    name = ""
    flag = ""  # the option of 'new' that chooses it, e.g. --hollywood ("" for the default table)
    description = ""  # the help of that flag
    label = ""  # the kind of table in words, for messages (marked with N_, translated when shown)
    player_counts: tuple = (2,)
    settings: dict = {}  # name -> rules.Setting: exactly what its games store
    hand_kinds: tuple = ()  # the hand commands it takes (knock, gin, draw, ...)
    hand_fields: dict = {}  # key -> type of what a hand stores, for the file's validation
    pad_hands = 25  # rows of a blank pad when 'pad' is not given --hands

    def check_players(self, players) -> None:
        if len(players) not in self.player_counts:
            from ginscore.tables import all_tables

            low, high = self.player_counts[0], self.player_counts[-1]
            if len(self.player_counts) == 1:
                counts = str(low)
            elif len(self.player_counts) == 2:
                counts = _(" or ").join(map(str, self.player_counts))
            else:
                counts = _("{low} to {high}").format(low=low, high=high)
            fitting = [kind for kind in all_tables() if len(players) in kind.player_counts]
            options = _(" or ").join(kind.flag or _("no table option") for kind in fitting)
            hint = _(": for {count} players use {options}").format(count=len(players), options=options) if fitting else ""
            raise PlayerError(
                _("a {table} game needs {counts} players, got {count}").format(
                    table=self.words(), counts=counts, count=len(players)
                ) + hint
            )

    def words(self) -> str:
        """The kind of table in the reader's language: ``three-handed``, ``втроём``."""
        from ginscore.i18n import translate

        return translate(self.label)

    def rules_from(self, preset: str | None, settings: dict, given=(), preset_given: bool = False):
        """The rules a new game of this table stores: its defaults, then ``preset``, then
        ``settings`` (typed text or values). A setting this table does not use is refused when
        it was typed (in ``given``, or set by a typed preset), else left out, so house rules
        for one table never leak into another's games."""
        from ginscore.rules import PRESETS, Rules, build_rules, option_name, preset_name

        base = Rules.of(self.settings, {})
        for name in settings:
            if name not in self.settings and name in given:
                from ginscore.tables import all_tables

                from ginscore.text import in_words

                owners = [kind.words() for kind in all_tables() if name in kind.settings]
                raise RulesError(
                    _(
                        "{option} is not a setting of a {table} game (only of {tables} games): leave it out, "
                        "or choose that kind of table"
                    ).format(option=option_name(name), table=self.words(), tables=in_words(owners))
                )
        if preset is not None:
            preset = preset_name(preset)
            unused = [name for name in PRESETS[preset] if name not in self.settings]
            if unused and preset_given:
                raise RulesError(
                    _("the {preset} preset sets {option}, which a {table} game does not use: choose another preset").format(
                        preset=preset, option=option_name(unused[0]), table=self.words()
                    )
                )
            base = base.with_changes(**{k: v for k, v in PRESETS[preset].items() if k in self.settings})
        kept = {name: value for name, value in settings.items() if name in self.settings}
        return build_rules(None, kept, base)

    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        """A blank score sheet for paper play: the header filled from what was given (``players``
        may be empty; ``rules`` is None when no rule was given), ``hands`` empty rows, and the
        final block with its rows labelled and its cells empty."""
        from ginscore.errors import GinscoreError

        raise GinscoreError(_("ginscore has no blank pad for a {table} game yet").format(table=self.words()))

    def check_hand(self, game, hand: dict) -> None:
        """Refuse a hand that cannot have happened under the game's rules, on its own."""
        raise NotImplementedError

    def cards_words(self, hand: dict) -> str:
        """A hand typed as cards, its cards in words, for the log."""
        return ""

    def card_problems(self, cards: dict) -> list:
        """What is wrong with the ``cards`` a hand entered as cards stores: (place, problem) pairs."""
        return []

    def check_entry(self, game, hand: dict) -> None:
        """Refuse a newly typed hand that says something the game's rules make meaningless
        (an option that would be silently dropped); files already written are not judged by it."""

    def check_next_hand(self, game, state, hand: dict) -> None:
        """Refuse a hand that cannot be the next one in this state (a player sitting out, a
        table already in); by default any hand the rules allow can come next."""

    def evaluate(self, game) -> GameState:
        """The game's state derived from its effective hands; raises HandError if they cannot
        all have been played (a hand after the end, a hand the rules refuse)."""
        raise NotImplementedError

    def first_dealer(self, players, named: str | None = None, previous_winner: str | None = None) -> str | None:
        """Who deals the first hand, as a new game stores it: the player ``named`` with
        --dealer, else the winner of the previous game between the same players, else None
        (the players cut for deal, and the first hand's winner deals the second)."""
        if named is not None:
            from ginscore.game import match_player

            return match_player(players, named)
        return previous_winner if previous_winner in players else None

    def rematch_players(self, players, winner: str | None) -> tuple:
        """The players of a rematch, in the order that makes ``winner`` deal first."""
        return tuple(players)

    def seats(self, players) -> str:
        """The players as a title says them: ``Alice v Bob``."""
        return _(" v ").join(players)

    def new_command(self, game) -> str:
        """The command that starts another game like ``game``, ready to paste into a shell."""
        from ginscore.shell import command

        return command(["new"], game.players, [self.flag] if self.flag else [])

    def goal(self, rules) -> str:
        """What wins, in words, for the line ``new`` prints."""
        return _("first to {target}").format(target=rules.target)

    def rules_words(self, rules, preset: str | None = None) -> str:
        """The rules in one line, naming the preset they came from."""
        from ginscore.rules import summary

        return summary(rules, preset)

    def check_abandon(self, game, state) -> None:
        """Refuse to stop this game early, unless the table has a rule for it."""
        raise HandError(
            _(
                "game {number} is a {table} game, which has no rule for stopping early: it stays in progress "
                "(only a Hollywood match and a Rummy game can be ended early); start another with: {command}"
            ).format(number=game.id, table=self.words(), command=self.new_command(game))
        )

    def refuse_if_finished(self, game, state) -> None:
        if state.finished:
            raise HandError(
                _(
                    "game {number} is over ({result}): pick another with --game ID, play the "
                    "same again with 'ginscore rematch', or start a new one with: {command}"
                ).format(number=game.id, result=state.result_phrase(), command=self.new_command(game))
            )
