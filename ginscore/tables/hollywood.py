"""Hollywood: one run of two-handed hands feeds several games at once (docs/rules.md section 9).

Each column is a game of its own, to the column target. A player's wins climb a staircase:
his first win goes into column 1, his second into columns 1 and 2, and so on. Once columns
close, the gate rule takes over: a win goes into every open column that is the first open one
or in which the player already had an entry in the column before it. Every column is settled
like a standard game; the match net is the sum of the column nets.

The match's result (``HollywoodResult``) is here, beside the evaluation that makes it; its
words and layouts are ``hollywood_view``, which imports nothing of this module.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import SimpleNamespace

from ginscore.base.errors import HandError
from ginscore.base.i18n import N_, _, pN_
from ginscore.base.records import Record
from ginscore.core.game import EffectiveHand, abandoned, made
from ginscore.core.rules import GIN_SETTINGS, Setting
from ginscore.core.scoring import FinalScore, HandScore, final_score, gin_bonus_part, money
from ginscore.tables.base import game_json, streaks_json
from ginscore.tables.hollywood_view import HollywoodView, gin_summary, hollywood_terms
from ginscore.tables.kept import copied_tally
from ginscore.tables.payments import payment
from ginscore.tables.two_handed import HandRow, TwoPlayerGin, next_dealer, non_dealer, opponent_of, pair_stats

# Hollywood's own settings, besides every two-player gin setting (docs/rules.md section 9).
HOLLYWOOD_SETTINGS = {
    "columns": Setting(
        "columns", 3, N_("Hollywood: how many games (columns) are scored at once."), (1, 10), words=N_("columns")
    ),
    # 0 means "the game's target"; a Hollywood game stores the number
    "column_target": Setting(
        "column_target", 0, N_("Hollywood: points that close a column (default: the target)."), (0, 10_000),
        words=N_("column target"),
    ),
    "last_column_double": Setting(
        "last_column_double", False, N_("Hollywood: the last column's settlement counts double."),
        words=N_("last column counts double"),
    ),
    # House rules of a Hollywood scorer, left out of a game file at their defaults (see Setting)
    "gin_bonus_at": Setting(
        "gin_bonus_at", "hand",
        N_("Hollywood: when a gin's bonus is scored: hand (with the hand) or close (added to each column the gin went "
           "into when that column closes, so it never counts toward the column's target)."),
        choices=("hand", "close"), words=N_("gin bonus at"),
        value_words=(("hand", N_("the gin bonus counts with the hand")), ("close", N_("the gin bonus is added when a column closes"))),
        stored_at_default=False,
    ),
    "sweep": Setting(
        "sweep", "off", N_("Hollywood: a match in which one player won every hand: off, or double (its net counts double)."),
        choices=("off", "double"), words=N_("sweep"),
        value_words=(("off", N_("no sweep rule")), ("double", N_("a sweep counts double"))),
        stored_at_default=False,
    ),
}


@dataclass
class Column:
    """One column of the sheet: a game of its own between the two players."""

    number: int  # 1-based
    target: int
    weight: int  # 2 when this is the last column and it counts double
    scores: dict
    boxes: dict
    entries: dict  # hands entered in this column, by player
    winner: str | None = None
    closed_at: int | None = None  # the hand that took a player to the target
    abandoned: bool = False  # closed because the players stopped the match
    final: FinalScore | None = None
    # --gin-bonus-at close: each player's gin bonuses won in this column, added to his score
    # when it closes (None: the bonus counts with the hand)
    held: dict | None = None

    @classmethod
    def empty(cls, number: int, target: int, weight: int, players, holds_bonuses: bool = False) -> "Column":
        column = cls(number, target, weight, *({name: 0 for name in players} for _ in range(3)))
        column.held = {name: 0 for name in players} if holds_bonuses else None
        return column

    def add_held(self) -> None:
        """The column closes: the gin bonuses held for it join each player's score."""
        for name, bonus in (self.held or {}).items():
            self.scores[name] += bonus

    @property
    def closed(self) -> bool:
        return self.closed_at is not None or self.abandoned

    @property
    def started(self) -> bool:
        return any(self.entries.values())

    def gain(self, player: str) -> int:
        """What this column's settlement is worth to ``player``: + collects, - pays."""
        if self.final is None:
            return 0
        return self.final.net if self.final.winner == player else -self.final.net

    def to_json(self) -> dict:
        return {
            "number": self.number,
            "target": self.target,
            "counts_double": self.weight == 2,
            "scores": dict(self.scores),
            "boxes": dict(self.boxes),
            "hands": dict(self.entries),
            "closed": self.closed,
            "closed_at_hand": self.closed_at,
            "abandoned": self.abandoned,
            "winner": self.winner,
            "final": None if self.final is None else self.final.to_json(),
            **({} if self.held is None else {"gin_bonuses": dict(self.held)}),
        }


def entry_columns(columns: list, player: str) -> list:
    """The columns a win by ``player`` goes into, decided before the win is added."""
    still_open = [column for column in columns if not column.closed]
    if not still_open:
        return []
    first = still_open[0]
    return [
        column
        for column in still_open
        if column is first or columns[column.number - 2].entries[player] > 0
    ]


def cell_state(column: Column, closed_by_this_hand: bool) -> str:
    if closed_by_this_hand:
        return "closing"
    if column.closed:
        return "closed"
    return "open" if column.started else "unstarted"


class HollywoodRow(Record):
    """A hand and what it did to every column; ``totals`` maps a name to a total per column."""

    hand: EffectiveHand
    score: HandScore
    totals: dict
    entered: tuple  # column numbers the win went into
    closed: tuple  # column numbers this hand closed
    states: tuple  # per column after this hand: unstarted | open | closing | closed
    held: int = 0  # --gin-bonus-at close: the gin bonus kept back for the columns' close (not in score.points)

    @property
    def opponent(self):
        return None if self.hand.hand["kind"] == "draw" else opponent_of(tuple(self.totals), self.hand.hand["player"])

    def to_json(self) -> dict:
        row = HandRow(self.hand, self.score, self.totals, self.opponent).to_json()
        row["totals"] = {name: list(values) for name, values in self.totals.items()}
        row["columns"] = list(self.entered)
        row["closes"] = list(self.closed)
        return row


@dataclass
class MatchFinal:
    """The whole match settled: the sum of its columns. ``winner`` is None on an exact tie."""

    winner: str | None
    loser: str | None
    net: int
    amount: str | None
    totals: dict  # each player's column totals summed
    abandoned: bool
    stake: object = None
    shutout: bool = False  # a match as a whole is never a shutout (final_notes reads it)
    swept: bool = False  # --sweep double: the winner won every hand, and the net is doubled

    def payments(self) -> list:
        if self.winner is None:
            return []
        return [payment(self.loser, self.winner, self.net, self.stake, self.amount)]

    def to_json(self) -> dict:
        return {
            "winner": self.winner,
            "loser": self.loser,
            "net": self.net,
            "amount": self.amount,
            "totals": dict(self.totals),
            "abandoned": self.abandoned,
            "swept": self.swept,
            "payments": [paid.to_json() for paid in self.payments()],
        }


@dataclass
class HollywoodResult:
    game: object
    rows: list
    columns: list
    abandoned: bool
    final: MatchFinal | None  # once every column is closed
    dealer: str | None = None  # who deals the next hand, when known

    @property
    def finished(self) -> bool:
        return all(column.closed for column in self.columns)

    @property
    def next_dealer(self) -> str | None:
        return None if self.finished else self.dealer

    @property
    def first_to_play(self) -> str | None:
        return non_dealer(self.game.players, self.next_dealer)

    def payments(self) -> list:
        return [] if self.final is None else self.final.payments()

    @property
    def winner(self) -> str | None:
        return None if self.final is None else self.final.winner

    @property
    def scores(self) -> dict:
        """Each player's total in every column, column 1 first."""
        return {name: [column.scores[name] for column in self.columns] for name in self.game.players}

    @property
    def boxes(self) -> dict:
        return {name: [column.boxes[name] for column in self.columns] for name in self.game.players}

    @property
    def hands_won(self) -> dict:
        won = {name: 0 for name in self.game.players}
        for row in self.rows:
            if row.score.winner:
                won[row.score.winner] += 1
        return won

    def player_stats(self) -> dict:
        return pair_stats(self)

    def placings(self) -> list:
        """Each column played is a game: won, or level where the match ended it as it stood."""
        if not self.finished:
            return []
        first, second = self.game.players
        played = []
        for column in self.columns:
            if column.final is not None:
                played.append([[1, [column.final.winner]], [2, [column.final.loser]]])
            elif column.started:
                played.append([[1, [first]], [1, [second]]])
        return played

    def final_json(self) -> dict | None:
        """The "final" object of ``to_json`` (and of a game's summary), made alone."""
        return None if self.final is None else self.final.to_json()

    def to_json(self) -> dict:
        return {
            **game_json(self.game),
            "hands": [row.to_json() for row in self.rows],
            "scores": self.scores,
            "boxes": self.boxes,
            "hands_won": self.hands_won,
            "columns": [column.to_json() for column in self.columns],
            "abandoned": self.abandoned,
            "finished": self.finished,
            "winner": self.winner,
            "next_dealer": self.next_dealer,
            "first_to_play": self.first_to_play,
            "streaks": streaks_json(self),
            "final": self.final_json(),
        }


class HollywoodGin(TwoPlayerGin):
    name = "hollywood"
    flag = "--hollywood"
    label = pN_("table name", "hollywood")
    description = N_("A Hollywood match: several games at once on one sheet (see --columns, --column-target, --last-column-double).")
    settings = {**GIN_SETTINGS, **HOLLYWOOD_SETTINGS}
    # Any match still open may be ended early: the open columns are settled as they stand.
    can_end_early = True
    early_end_label = N_("a Hollywood match")
    view = HollywoodView

    def rules_from(self, preset, settings, given=(), preset_given=False):
        rules = super().rules_from(preset, settings, given, preset_given)
        if rules.column_target == 0:  # "the game's target", written down as a number
            rules = rules.with_changes(column_target=rules.target)
        return rules

    def target_reached(self, state, rules) -> tuple | None:
        """The highest score in a column still open that reaches the column target of ``rules``
        (that column would have closed already)."""
        target = rules.column_target or rules.target
        open_scores = [(name, column.scores[name]) for column in state.columns if not column.closed for name in column.scores]
        reached = [(name, score) for name, score in open_scores if score >= target]
        return max(reached, key=lambda pair: pair[1]) if reached else None

    def goal(self, rules) -> str:
        return _("Hollywood, {terms}").format(terms=hollywood_terms(rules))

    def rules_words(self, rules, preset=None) -> str:
        return gin_summary(rules, preset)

    def tally_copy(self, tally):
        """Each column copied too: ``play`` adds to its scores, and ``result`` works out its final score."""
        copied = copied_tally(tally)
        copied.columns = [
            replace(column, scores=dict(column.scores), boxes=dict(column.boxes), entries=dict(column.entries),
                    held=None if column.held is None else dict(column.held))
            for column in tally.columns
        ]
        return copied

    def start(self, game):
        rules, players = game.rules, game.players
        count = rules.columns
        columns = [
            Column.empty(
                number, rules.column_target, 2 if rules.last_column_double and number == count else 1, players,
                holds_bonuses=rules.gin_bonus_at == "close",
            )
            for number in range(1, count + 1)
        ]
        return SimpleNamespace(columns=columns, rows=[], dealer=game.dealer)

    def after_the_end(self, game, effective, tally) -> HandError:
        return HandError(
            _("match {game}: hand {number} comes after the match ended at hand {last}").format(
                game=game.id, number=effective.number, last=effective.number - 1
            )
        )

    def play(self, game, tally, effective) -> bool:
        score, _opponent = self.score(game, effective)
        columns = tally.columns
        entered, closed_now = [], []
        # --gin-bonus-at close: the bonus waits for each column's close, out of the hand's points
        held = gin_bonus_part(score, game.rules) if game.rules.gin_bonus_at == "close" else 0
        score = score._replace(points=score.points - held)
        if score.winner:
            entered = entry_columns(columns, score.winner)
            for column in entered:
                column.scores[score.winner] += score.points
                column.boxes[score.winner] += score.boxes
                column.entries[score.winner] += 1
                if held:
                    column.held[score.winner] += held
                if column.scores[score.winner] >= column.target:
                    column.winner, column.closed_at = score.winner, effective.number
                    column.add_held()
                    closed_now.append(column.number)
        totals = {name: tuple(column.scores[name] for column in columns) for name in game.players}
        states = tuple(cell_state(column, column.number in closed_now) for column in columns)
        tally.rows.append(made(HollywoodRow, (effective, score, totals, tuple(c.number for c in entered), tuple(closed_now), states, held)))
        tally.dealer = next_dealer(game.rules, game.players, tally.dealer, score.winner)
        return all(column.closed for column in columns)

    def result(self, game, tally) -> HollywoodResult:
        columns = tally.columns
        stopped = abandoned(game.journal) and not all(column.closed for column in columns)
        for column in columns:
            if column.closed:
                column.final = self.column_final(game, column)
            elif stopped:
                column.abandoned = True
                column.add_held()
                column.final = self.column_final_as_it_stands(game, column)
                column.winner = None if column.final is None else column.final.winner
        final = None
        if all(column.closed for column in columns):
            final = self.match_final(game, columns, stopped, tally.rows)
        return HollywoodResult(game, tally.rows, columns, stopped, final, tally.dealer)

    def column_final(self, game, column: Column) -> FinalScore:
        loser = opponent_of(game.players, column.winner)
        return final_score(
            column.winner,
            loser,
            column.scores,
            column.boxes,
            column.entries[loser] > 0,
            game.rules,
            game.stake,
            game_bonus_factor=column.weight,
        )

    def column_final_as_it_stands(self, game, column: Column) -> FinalScore | None:
        """The abandonment rule (docs/tables.md, "Ending a match early"): nobody reached the target, so
        there is no game bonus and no shutout; the player whose points and boxes are worth more
        collects the difference. Equal columns settle nothing."""
        rules = game.rules.with_changes(game_bonus=0, shutout="none")
        worth = {name: column.scores[name] + column.boxes[name] * rules.box_bonus for name in game.players}
        first, second = game.players
        if worth[first] == worth[second]:
            return None
        leader = first if worth[first] > worth[second] else second
        other = opponent_of(game.players, leader)
        return final_score(leader, other, column.scores, column.boxes, True, rules, game.stake, column.weight)

    def match_final(self, game, columns: list, stopped: bool, rows: list) -> MatchFinal:
        first, second = game.players
        totals = {name: 0 for name in game.players}
        for column in columns:
            if column.final is not None:
                for name in game.players:
                    totals[name] += column.final.totals[name]
        swing = sum(column.gain(first) for column in columns)
        if swing == 0:
            return MatchFinal(None, None, 0, money(0, game.stake), totals, stopped, game.stake)
        winner, loser = (first, second) if swing > 0 else (second, first)
        # --sweep double: a match played out in which the winner won every hand (draws win
        # nobody a hand) counts double
        swept = game.rules.sweep == "double" and not stopped and all(row.score.winner in (None, winner) for row in rows)
        net = abs(swing) * (2 if swept else 1)
        return MatchFinal(winner, loser, net, money(net, game.stake), totals, stopped, game.stake, swept=swept)
