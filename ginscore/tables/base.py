"""What every table (kind of game) provides: ``Table``, which checks and replays a game's hands
into a result; the shape of that result (``GameResult``, plain data); the shape of the view
that says a result in words and layouts (``TableView``). What it hands to the settlement is
``tables.payments``; the sheets' data types are ``ginscore.core.sheets``."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import ginscore.tables.kept as kept_replays
from ginscore.base.errors import GinscoreError, HandError, PlayerError, RulesError
from ginscore.base.i18n import _, pN_, translate
from ginscore.base.shell import command
from ginscore.base.text import in_words
from ginscore.core import changes
from ginscore.core.game import voided
from ginscore.core.names import match_player
from ginscore.core.rules import PRESETS, Rules, build_rules, option_name, preset_name, summary
from ginscore.core.scoring import stake_text
from ginscore.core.sheets import Grid, Sheet
from ginscore.tables.seats import kept_seat_lines

# The variants of gin a table may play (``variant_of``), in words.
VARIANTS = {"oklahoma": pN_("variant", "Oklahoma")}



def variant_of(rules) -> str | None:
    """The variant of gin played under ``rules``, as 'games' and exports name it: ``oklahoma``,
    or None for the table's own game."""
    return "oklahoma" if rules.uses("oklahoma") and rules.oklahoma else None


def game_json(game) -> dict:
    """The keys every table's JSON starts with: the game as it was set up. ``format`` is the
    old name of ``table``, kept for programs written before there were several tables."""
    made = changes.rules_changes(game.journal)  # only in a game whose rules were changed
    clashes = changes.rename_clashes(game) if any(entry["action"] == "rename" for entry in game.journal) else []
    return {
        "id": game.id,
        "table": game.table,
        "format": game.table,
        "created": game.created,
        "players": list(game.players),
        "rules": game.rules.stored(),
        "stake": stake_text(game.stake),
        "currency": game.currency,
        "dealer": game.dealer,  # who dealt the first hand, when known
        "voided": voided(game.journal),  # set aside with 'ginscore void'
        **({"rules_changes": [change.to_json() for change in made]} if made else {}),
        **({"rename_clashes": [
            {"entry": change["id"], "old": change["old"], "new": change["new"], "player": player} for change, player in clashes
        ]} if clashes else {}),
    }


def streaks_json(state) -> dict:
    """Each player's most hands won in a row in this game (``status --json``: ``streaks``)."""
    return {name: counts["hand_streak"] for name, counts in state.player_stats().items()}


@runtime_checkable
class GameResult(Protocol):
    """What evaluating a game gives, whatever its table: plain data, no words (its table's
    ``view`` says it). The services and the CLI use only this."""

    game: object
    rows: list  # one per scored hand (or round), in order

    @property
    def finished(self) -> bool: ...

    @property
    def winner(self) -> str | None: ...

    @property
    def final(self):
        """A finished game's final score (None while it is in progress): ``net`` and ``amount``
        (None where many players settle) and ``to_json``."""

    @property
    def next_dealer(self) -> str | None:
        """Who deals the next hand: None when it is not known yet (the players cut for deal),
        once the game is over, and where several deal at once (partnership: ``dealers``)."""

    @property
    def first_to_play(self) -> str | None:
        """Who plays first in the next hand where the table's rule says (docs/first-evening.md: Who deals);
        None while the dealer is not known, once over, three-handed, partnership (``leaders``)."""

    def payments(self) -> list:
        """The settlement of a finished game: a list of Payment, empty while it is in progress."""

    def to_json(self) -> dict: ...

    def player_stats(self) -> dict:
        """Each player's statistics over this game: name -> the keys of ``statistics.PER_GAME``, with
        ``won`` 1 for the game's winner (each player of the winning side)."""

    def placings(self) -> list:
        """What the ladder rates (docs/ladder.md): the rated games of a finished game, each its
        sides in the order they finished, [place, [names]] (``finishing_order``); a Hollywood
        match has one a column played; empty while it is in progress."""


def finishing_order(sides, worth, first=None) -> list:
    """``sides`` (tuples of names) in the order they finished, each [place, [names]]: the side
    ``first`` (the game's winner) ahead of all, the others by ``worth(side)``, more ahead; sides
    of equal worth are level, and the place after them counts them (1, 2, 2, 4)."""
    ranked = sorted(sides, key=lambda side: (side != first, -worth(side)))
    order, place, before = [], 0, None
    for index, side in enumerate(ranked):
        key = (side != first, worth(side))
        if key != before:
            place, before = index + 1, key
        order.append([place, list(side)])
    return order


class TableView:
    """Every word and layout of one table's games: made with the table and a result (none for
    a blank pad). A table's view subclasses this and fills in the parts below."""

    def __init__(self, table, state=None):
        self.table = table
        self.state = state
        self.game = None if state is None else state.game

    def hand_report(self, symbols: bool = True) -> list:
        """Lines to print right after a hand was recorded (cards with suit ``symbols`` or not)."""
        raise NotImplementedError

    def totals_line(self) -> str:
        raise NotImplementedError

    def totals_sentence(self) -> str:
        """``Totals: Alice 11, Bob 80.``: the running totals as a sentence (Rummy: the balances)."""
        return _("Totals: {totals}.").format(totals=self.totals_line())

    def progress_line(self) -> str:
        raise NotImplementedError

    def result_phrase(self) -> str:
        raise NotImplementedError

    def result_lines(self) -> list:
        """The result in words once the game is over (after an early end too)."""
        raise NotImplementedError

    def seating_lines(self) -> list:
        """Who plays and who deals the next hand (empty once the game is over)."""
        raise NotImplementedError

    def score_grid(self) -> Grid:
        """The running totals in one small grid, for ``status``."""
        raise NotImplementedError

    def lead_lines(self) -> list:
        """Who plays first in the next hand, for ``status`` and the sheet (or nothing)."""
        player = None if self.state.finished else self.state.first_to_play
        return [] if player is None else [_("{player} plays first.").format(player=player)]

    def final_grids(self) -> list:
        """The grids of the final block the sheet shows after the hands (Hollywood: each
        closed column's, even while the match goes on)."""
        return []

    def final_notes(self) -> list:
        """The result in words under a finished game's sheet."""
        return self.result_lines()

    def csv_final(self) -> Grid | None:
        """A finished game's final block as one rectangular grid for CSV; None in progress."""
        return None

    def sheet(self) -> Sheet:
        raise NotImplementedError

    def status(self) -> Sheet:
        """What ``status`` shows: the sheet's title, the running totals and the final block's
        grids, then the result (or how the game stands); ``csv_final`` is what it writes for
        a spreadsheet: the final block once there is one, else the running totals."""
        scores = self.score_grid()
        finished = self.state.finished
        notes = self.final_notes() if finished else [self.progress_line(), *self.lead_lines()]
        return Sheet(
            title=self.title(),
            grids=(scores, *self.final_grids()),
            notes=(*notes, *kept_seat_lines(self.state), *changes.rules_change_lines(self.game),
                   *changes.rename_clash_lines(self.game)),
            csv_final=self.csv_final() or scores,
        )

    def title(self) -> str:
        return _("Game {number}: {players}").format(number=self.game.id, players=self.table.seats(self.game.players))

    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        """A blank score sheet for paper play: the header filled from what was given (``players``
        may be empty; ``rules`` is None when no rule was given), ``hands`` empty rows, and the
        final block with its rows labelled and its cells empty."""
        raise GinscoreError(_("ginscore has no blank pad for a {table} game yet").format(table=self.table.table_words()))


def no_tables() -> list:
    return []


class Table:
    """Base of all tables (kinds of game). A table is stateless: everything comes from the Game
    it is given. Subclasses set the class attributes and the three steps of ``evaluate``
    (``start``, ``play``, ``result``); their ``view`` says the result in words.

    ``every_table`` is given by the registry: a function that returns every registered table,
    for the messages that tell which table would fit (a table does not import the registry)."""

    name = ""
    flag = ""  # the option of 'new' that chooses it, e.g. --hollywood ("" for the default table)
    description = ""  # the help of that flag
    label = ""  # the kind of table in words, for messages (marked with N_, translated when shown)
    early_end_label = ""  # how one game of it is named where only some can be ended early ("a Rummy game")
    can_end_early = False  # whether 'ginscore end' may stop a game before it is over
    player_counts: tuple = (2,)
    teams = False  # whether its players play as two sides of two (the first and third named against the others)
    seats_turn = False  # whether who plays a hand turns from hand to hand, so a hand may keep other seats than the turn's
    settings: dict = {}  # name -> rules.Setting: exactly what its games store
    hand_kinds: tuple = ()  # the hand commands it takes (knock, gin, draw, ...)
    draw_names_a_player = False  # whether a draw names a player: the one at whose card table it was (partnership)
    hand_fields: dict = {}  # key -> type of what a hand stores, for the file's validation
    pad_hands = 25  # rows of a blank pad when 'pad' is not given --hands
    view = TableView  # the class that says this table's results in words

    def __init__(self, every_table=no_tables):
        self.every_table = every_table

    def view_of(self, state=None) -> TableView:
        """The view of ``state`` (of no game: for a blank pad)."""
        return self.view(self, state)

    def check_players(self, players) -> None:
        if len(players) not in self.player_counts:
            low, high = self.player_counts[0], self.player_counts[-1]
            if len(self.player_counts) == 1:
                counts = str(low)
            elif len(self.player_counts) == 2:
                counts = _(" or ").join(map(str, self.player_counts))
            else:
                counts = _("{low} to {high}").format(low=low, high=high)
            fitting = [kind for kind in self.every_table() if len(players) in kind.player_counts]
            options = _(" or ").join(kind.flag or _("no table option") for kind in fitting)
            hint = _(": for {count} players use {options}").format(count=len(players), options=options) if fitting else ""
            raise PlayerError(
                _("a {table} game needs {counts} players, got {count}").format(
                    table=self.table_words(), counts=counts, count=len(players)
                ) + hint
            )

    def table_words(self, variant: str | None = None) -> str:
        """The kind of table in the reader's language: ``three-handed``, ``втроём``; with the
        ``variant`` played at it (``variant_of``): ``Oklahoma``, ``Hollywood, Oklahoma``."""
        if variant is None:
            return translate(self.label)
        named = translate(VARIANTS[variant]) if variant in VARIANTS else variant
        return named if self.name == "standard" else _("{table}, {variant}").format(table=translate(self.label), variant=named)

    def rules_from(self, preset: str | None, settings: dict, given=(), preset_given: bool = False):
        """The rules a new game of this table stores: its defaults, then ``preset``, then
        ``settings`` (typed text or values). A setting this table does not use is refused when
        it was typed (in ``given``, or set by a typed preset), else left out, so house rules
        for one table never leak into another's games."""
        base = Rules.of(self.settings, {})
        for name in settings:
            if name not in self.settings and name in given:
                owners = [kind.table_words() for kind in self.every_table() if name in kind.settings]
                raise RulesError(
                    _(
                        "{option} is not a setting of a {table} game (only of {tables} games): leave it out, "
                        "or choose that kind of table"
                    ).format(option=option_name(name), table=self.table_words(), tables=in_words(owners))
                )
        if preset is not None:
            preset = preset_name(preset)
            unused = [name for name in PRESETS[preset] if name not in self.settings]
            if unused and preset_given:
                raise RulesError(
                    _("the {preset} preset sets {option}, which a {table} game does not use: choose another preset").format(
                        preset=preset, option=option_name(unused[0]), table=self.table_words()
                    )
                )
            base = base.with_changes(**{k: v for k, v in PRESETS[preset].items() if k in self.settings})
        kept = {name: value for name, value in settings.items() if name in self.settings}
        return build_rules(None, kept, base)

    def check_hand(self, game, hand: dict) -> None:
        """Refuse a hand that cannot have happened under the game's rules, on its own."""
        raise NotImplementedError

    def refuse_other_kind(self, game, kind: str) -> None:
        """Refuse a hand command this table has no hand for ('out' at gin, 'knock' at Rummy),
        saying what the game takes, before the hand's own words are read."""
        if kind not in self.hand_kinds:
            self.check_hand(game, {"kind": kind})

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

    def next_seats(self, state) -> tuple:
        """Who plays the next hand, in this table's seat order, as the game names them now: what
        a newly recorded hand keeps (its "seats"), so that no later change to another hand
        moves it to other players. By default every player, in the order named."""
        return tuple(state.game.players)

    def recorded_seats(self, game, effective) -> tuple:
        """The seats ``effective`` was recorded with (() for a hand from before seats); a hand
        whose seats are not the game's players cannot be read."""
        seats = effective.seats
        if seats and seats != game.players and sorted(seats) != sorted(game.players):  # sorted only where the order differs
            raise HandError(
                _("game {game}: hand {number} records seats that are not this game's players").format(game=game.id, number=effective.number)
            )
        return seats

    # ---- replaying a game: the one loop every table's evaluation runs ----

    def evaluate(self, game) -> GameResult:
        """The game's result derived from its effective hands, in order: each is checked, a
        hand after the end is refused, each is played into the running tally, and the tally
        says when the game is over. Raises HandError if the hands cannot all have been played.
        A hand after the end that another device recorded while apart (two devices' journals
        merged) is not refused but left out: ``late_hands`` names it, and check reports it."""
        return self._play_all(game)[0]

    def late_hands(self, game) -> list:
        """The effective hands left out: merged from another device, after the game's end."""
        return self._play_all(game)[1]

    def standing(self, game):
        """``game`` as it stands (``core.changes.standing``), its hands renamed as this table
        renames them; worked out once for the same game object (``kept.standing``)."""
        return kept_replays.standing(self, game, lambda game: changes.standing(game, self.renamed_hand))

    def renamed_hand(self, hand: dict, old: str, new: str) -> dict:
        """``hand`` with player ``old`` named ``new`` (by default only ``player`` names one)."""
        return {**hand, "player": new} if hand.get("player") == old else hand

    def seats_of(self, state) -> dict:
        """Who played each hand of ``state`` where its place decides that (entry id -> the
        seats, comparable): a hand put back or before another must not re-seat a later one.
        Empty where every hand is played by the same players (two-handed, Hollywood, Rummy)."""
        return {}

    def target_reached(self, state, rules) -> tuple | None:
        """(who, score): the highest score of ``state`` that reaches the target of ``rules``; or None."""
        best = max(getattr(state, "scores", {}).items(), key=lambda pair: pair[1], default=None)
        return best if rules.target and best and best[1] >= rules.target else None

    def _play_all(self, game) -> tuple:
        """(result, late hands) of ``game``: replayed once, then taken from the last few replays
        while the same game (the same object, or an equal one read again) is asked about, as one
        hand is (checked, recorded, written, told to the summary index, then shown by 'play')."""
        return kept_replays.replayed(self, game, self._replay)

    def _replay(self, game) -> tuple:
        return kept_replays.replay(self, game)

    def tally_copy(self, tally):
        """A copy of ``tally`` that ``play`` can go on with, leaving ``tally`` as it is
        (``kept.copied_tally`` where that is enough); None where this table's tally is not
        copied: its games are replayed whole for every hand."""
        return None

    def begin(self, game):
        """``start``'s tally with the hands played as recorded, not as the seats turn, noted in it."""
        tally = self.start(game)
        tally.kept_seats = []
        return tally

    def start(self, game):
        """The running tally before the first hand (a table's own mutable record)."""
        raise NotImplementedError

    def play(self, game, tally, effective) -> bool:
        """Add one checked hand to ``tally``; True once that hand ended the game."""
        raise NotImplementedError

    def result(self, game, tally) -> GameResult:
        """The result of the game once every hand is played into ``tally``."""
        raise NotImplementedError

    def after_the_end(self, game, effective, tally) -> HandError:
        """The error for a recorded hand that comes after the game ended."""
        return hand_after_the_end(game, effective, _("at hand {number}").format(number=effective.number - 1))

    # ---- seats and words of the kind of game ----

    def first_dealer(self, players, named: str | None = None, previous_winner: str | None = None) -> str | None:
        """Who deals the first hand, as a new game stores it: the player ``named`` with
        --dealer, else the winner of the previous game between the same players, else None
        (the players cut for deal, and the first hand's winner deals the second)."""
        if named is not None:
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
        return command(["new"], game.players, [self.flag] if self.flag else [])

    def goal(self, rules) -> str:
        """What wins, in words, for the line ``new`` prints."""
        return _("first to {target}").format(target=rules.target)

    def rules_words(self, rules, preset: str | None = None) -> str:
        """The rules in one line, naming the preset they came from."""
        return summary(rules, preset)

    def refuse_if_finished(self, game, state) -> None:
        if state.finished:
            raise HandError(
                _(
                    "game {number} is over ({result}): pick another with --game ID, play the "
                    "same again with 'ginscore rematch', or start a new one with: {command}"
                ).format(number=game.id, result=self.view_of(state).result_phrase(), command=self.new_command(game))
            )


def hand_after_the_end(game, effective, ended: str) -> HandError:
    """The error for a recorded hand that comes after the game ended (``ended``: where)."""
    return HandError(
        _("game {game}: hand {number} comes after the game ended {ended}").format(game=game.id, number=effective.number, ended=ended)
    )
