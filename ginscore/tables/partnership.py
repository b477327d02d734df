"""Four-handed partnership gin: two sides, two tables a round (RULES.md section 7).

The first and third named (A & C) play against the second and fourth (B & D). Each round is
two tables played at once, and partners change opponents every round: odd rounds A v B and
C v D, even rounds A v D and C v B. Each table's hand scores as a two-handed hand; the side
whose tables scored more wins the round, scores the difference and one box. The first side to
the target (125) wins the game. Each loser pays the player he faced in round 1 the whole net.
"""

from __future__ import annotations

from typing import NamedTuple

from ginscore.errors import HandError, RulesError
from ginscore.game import effective_hands
from ginscore.i18n import N_, _, ngettext, pN_, pgettext
from ginscore.scoring import Settlement, score_hand, settle
from ginscore.tables.base import Chart, Grid, Series, Sheet, nets, payment
from ginscore.tables.gin import (
    final_record_headers,
    PLAIN_GIN_SETTINGS,
    GinTable,
    HandRow,
    amount_cell,
    card_lines,
    cards_tables,
    describe_hand,
    final_notes,
    final_table,
    game_json,
    game_sheet,
    hand_after_the_end,
    hand_line,
    hand_record,
    hand_stats,
    record_headers,
    settlement_records,
    totals_words,
    two_sided_pad,
    with_defaults,
)

# One box a round won: the extra boxes for gin and undercut do not apply (RULES.md section 7).
SETTINGS = with_defaults(
    {name: spec for name, spec in PLAIN_GIN_SETTINGS.items() if name not in ("gin_boxes", "undercut_boxes")},
    target=125,
    shutout="flat:100",
)


def table_dealer(pair, round_number: int) -> str:
    """Who deals at a table: the first and third named in odd rounds, the second and fourth in
    even rounds (RULES.md section 7). A table pairs a player of the first side with one of the second."""
    return pair[0] if round_number % 2 == 1 else pair[1]


def side_name(members) -> str:
    return " & ".join(members)


def sides_of(players) -> tuple:
    """The two sides, each a pair of players: (A, C) and (B, D)."""
    return (players[0], players[2]), (players[1], players[3])


def tables_of(players, round_number: int) -> tuple:
    """The two tables of a round, each a pair (a player of the first side first)."""
    first, second, third, fourth = players
    if round_number % 2 == 1:
        return (first, second), (third, fourth)
    return (first, fourth), (third, second)


class Round(NamedTuple):
    number: int
    tables: tuple  # the two pairs of this round
    results: dict  # table index -> the HandRow entered for it
    side_points: dict  # side -> points its tables scored (once both are in)
    winner: str | None  # the side that won the round; None while open, or level
    points: int  # what the winner scored: the difference

    @property
    def complete(self) -> bool:
        return len(self.results) == 2

    def to_json(self) -> dict:
        return {
            "number": self.number,
            "tables": [list(pair) for pair in self.tables],
            "hands": [self.results[index].hand.number if index in self.results else None for index in (0, 1)],
            "complete": self.complete,
            "side_points": dict(self.side_points),
            "winner": self.winner,
            "points": self.points,
        }


class PartnershipState(NamedTuple):
    game: object
    rows: list  # one HandRow per table result entered
    rounds: list
    scores: dict  # side -> points
    boxes: dict  # side -> rounds won
    winner: str | None  # a side
    final: Settlement | None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def sides(self) -> dict:
        return {side_name(pair): list(pair) for pair in sides_of(self.game.players)}

    @property
    def open_tables(self) -> list:
        """The tables of the current round whose result is not in yet."""
        if self.finished:
            return []
        current = self.rounds[-1]
        return [pair for index, pair in enumerate(current.tables) if index not in current.results]

    @property
    def next_dealer(self) -> None:
        """Two tables deal at once: ``dealers`` says who deals at each open table."""
        return None

    @property
    def dealers(self) -> list:
        """The dealer at each table of the current round whose result is not in yet."""
        return [table_dealer(pair, self.rounds[-1].number) for pair in self.open_tables]

    def payments(self) -> list:
        """Each player of the losing side pays the player he faced in round 1 the whole net."""
        if self.final is None:
            return []
        losing = self.sides[self.final.loser]
        faced = {}
        for first, second in tables_of(self.game.players, 1):
            faced[first], faced[second] = second, first
        paid = [payment(player, faced[player], self.final.net, self.game.stake) for player in losing]
        return [entry for entry in paid if entry is not None]

    def result_phrase(self) -> str:
        if not self.finished:
            return _("in progress")
        return _("{winner} won in round {number}").format(winner=self.winner, number=self.rounds[-1].number)

    def totals_line(self) -> str:
        return totals_words(self.scores, self.scores)

    def open_line(self) -> str:
        current = self.rounds[-1]
        waiting = _(" and ").join(_(" v ").join(pair) for pair in self.open_tables)
        dealers = self.dealers
        if len(dealers) > 1:
            deal = _("{dealers} deal").format(dealers=_(" and ").join(dealers))
        else:
            deal = _("{dealer} deals").format(dealer=dealers[0])
        if not current.results:
            return _("Round {number}: {tables} to play ({deal}).").format(number=current.number, tables=waiting, deal=deal)
        return _("Round {number}: waiting for {tables} ({deal}).").format(number=current.number, tables=waiting, deal=deal)

    def player_stats(self) -> dict:
        pair_of = {id(row): round_.tables[index] for round_ in self.rounds for index, row in round_.results.items()}
        stats = hand_stats(self, lambda row: pair_of[id(row)])
        winners = self.sides.get(self.winner, [])
        for name in stats:
            stats[name]["won"] = int(name in winners)
        return stats

    def seating_lines(self) -> list:
        return [] if self.finished else [self.open_line()]

    def score_table(self) -> Grid:
        rows = [[side, self.scores[side], self.boxes[side]] for side in self.scores]
        return Grid([_("side"), _("points"), _("boxes")], rows)

    def progress_line(self) -> str:
        done = sum(round_.complete for round_ in self.rounds)
        rounds = ngettext("{count} round", "{count} rounds", done).format(count=done)
        return _("In progress after {rounds}, first side to {target}. {tables}").format(
            rounds=rounds, target=self.game.rules.target, tables=self.open_line()
        )

    def to_json(self) -> dict:
        final = None
        if self.final is not None:
            final = {**self.final.to_json(), "payments": [paid.to_json() for paid in self.payments()]}
        return {
            **game_json(self.game),
            "sides": self.sides,
            "hands": [row.to_json() for row in self.rows],
            "rounds": [round_.to_json() for round_ in self.rounds],
            "scores": dict(self.scores),
            "boxes": dict(self.boxes),
            "open_tables": [list(pair) for pair in self.open_tables],
            "next_dealer": self.next_dealer,
            "dealers": self.dealers if not self.finished else [],
            "finished": self.finished,
            "winner": self.winner,
            "final": final,
        }

    def round_line(self, round_: Round) -> str:
        points = ", ".join(f"{side} {value}" for side, value in round_.side_points.items())
        if round_.winner is None:
            return _("Round {number}: {points}: level, no score.").format(number=round_.number, points=points)
        gain = ngettext("{side} +{points} and a box", "{side} +{points} and a box", round_.points)
        return _("Round {number}: {points} -> {gain}.").format(
            number=round_.number, points=points, gain=gain.format(side=round_.winner, points=round_.points)
        )

    def result_lines(self) -> list:
        target = self.game.rules.target
        over = _("Game over: {winner} reaches {target}.").format(winner=self.winner, target=target)
        return [over, *final_notes(self.final, self.game, payments=self.payments())]

    def hand_report(self, symbols: bool = True) -> list:
        row = self.rows[-1]
        round_ = next(round_ for round_ in self.rounds if any(r is row for r in round_.results.values()))
        where = _("round {number}, {table}").format(number=round_.number, table=_(" v ").join(row_pair(round_, row)))
        lines = [*card_lines(row, symbols), f"{hand_line(row)} ({where})."]
        if not round_.complete:
            return lines + [self.open_line()]
        lines += [self.round_line(round_), _("Totals: {totals}.").format(totals=self.totals_line())]
        return lines + (self.result_lines() if self.finished else [self.open_line()])

    def sheet(self) -> Sheet:
        game = self.game
        sides = list(self.scores)
        headers = [_("round"), pgettext("partnership", "table"), _("hand"), _("won by"), _("points"), *sides]
        rows, totals = [], {side: 0 for side in sides}
        for round_ in self.rounds:
            for index, pair in enumerate(round_.tables):
                row = round_.results.get(index)
                hand = describe_hand(row.hand.hand, row.score) if row else "(not in yet)"
                won = (row.score.winner or "") if row else ""
                points = row.score.points if row and row.score.winner else ""
                rows.append([round_.number if index == 0 else "", " v ".join(pair), hand, won, points, "", ""])
            if round_.complete:
                if round_.winner:
                    totals[round_.winner] += round_.points
                result = f"{round_.winner} +{round_.points}" if round_.winner else _("level")
                label = _("round {number}: {result}").format(number=round_.number, result=result)
                rows.append(["", "", label, "", "", *(totals[side] for side in sides)])
        tables = [Grid(headers, rows, title=_("Rounds")), *cards_tables(self.rows)]
        final_rows = None
        if self.final is not None:
            tables.append(final_table(self.final, sides, game.rules))
            notes = final_notes(self.final, game, payments=self.payments())
            final_rows = self.final_records()
        else:
            notes = [
                _("In progress, first side to {target}: {totals}. {tables}").format(
                    target=game.rules.target, totals=self.totals_line(), tables=self.open_line()
                )
            ]
        return game_sheet(
            game,
            lead=[_("Sides: {sides}").format(sides=_(" v ").join(sides))],
            tables=tables,
            notes=notes,
            charts=(self.chart(),),
            records=self.records(),
            final_records=final_rows,
        )

    def chart(self) -> Chart:
        """The sides' totals after each complete round; a box on each round a side won."""
        done = [round_ for round_ in self.rounds if round_.complete]
        series, totals = [], {side: 0 for side in self.scores}
        running = []
        for round_ in done:
            if round_.winner:
                totals[round_.winner] += round_.points
            running.append(dict(totals))
        for side in self.scores:
            won = tuple(index for index, round_ in enumerate(done) if round_.winner == side)
            series.append(Series(side, tuple(after[side] for after in running), won))
        return Chart(_("Running totals"), tuple(series), self.game.rules.target, "round")

    def records(self) -> Grid:
        """Every table's hand for CSV, in the order entered, with its round and table; the
        hand that completes a round also has the round's winner and points; then the sides'
        totals after it. A hand's own boxes are left out: only a round won earns a box."""
        where, closing = {}, {}
        for round_ in self.rounds:
            for index, row in round_.results.items():
                where[row.hand.number] = (round_.number, " v ".join(round_.tables[index]))
            if round_.complete:
                closing[max(row.hand.number for row in round_.results.values())] = round_
        sides = list(self.scores)
        headers = [_("round"), pgettext("partnership", "table"), *record_headers(False)[:-1], _("round winner"), _("round points")]
        rows = []
        for row in self.rows:
            round_ = closing.get(row.hand.number)
            won = [round_.winner or "", round_.points] if round_ else ["", 0]
            rows.append([*where[row.hand.number], *hand_record(row, False)[:-1], *won, *(row.totals[side] for side in sides)])
        return Grid(headers + [_("{name} total").format(name=side) for side in sides], rows)

    def final_records(self) -> Grid:
        """The final block for CSV, a row per side; the amount is what the side's two players
        pay or collect together (each pays or collects the net, see payments)."""
        sides, stake = list(self.scores), self.game.stake
        net = nets(self.payments(), self.game.players)
        rows = []
        for side, cells in zip(sides, settlement_records(self.final, sides, None)):
            together = sum(net[member] for member in self.sides[side])
            rows.append([side, *cells, *([amount_cell(together, stake)] if stake is not None else [])])
        return Grid([_("side"), *final_record_headers(), *([_("amount")] if stake is not None else [])], rows)


def row_pair(round_: Round, row) -> tuple:
    return next(round_.tables[index] for index, entered in round_.results.items() if entered is row)


def table_index(round_: Round, player: str) -> int:
    return 0 if player in round_.tables[0] else 1


class PartnershipGin(GinTable):
    name = "partnership"
    flag = "--partnership"
    label = pN_("table name", "partnership")
    description = N_("Four players in two sides, A & C v B & D: two tables a round, game to 125.")
    player_counts = (4,)
    settings = SETTINGS
    draw_names_a_player = True
    pad_hands = 15  # rounds: a game to 125 rarely takes more

    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        """The "we / they" pad: a score and a running total per side, one row a round."""
        parties = [side_name(pair) for pair in sides_of(players)] if players else [_("we"), _("they")]
        seats = self.seats(players) if players else ""
        sheet = two_sided_pad(_("Partnership Gin score sheet"), parties, seats, rules, stake, currency, hands)
        return sheet._replace(tables=(sheet.tables[0]._replace(title=_("Rounds")), *sheet.tables[1:]))

    def seats(self, players) -> str:
        return _(" v ").join(side_name(pair) for pair in sides_of(players))

    def goal(self, rules) -> str:
        return _("partnership, first side to {target}").format(target=rules.target)

    def first_dealer(self, players, named=None, previous_winner=None):
        """The seats decide: the first and third named deal at their tables in round 1."""
        if named is not None:
            from ginscore.game import match_player

            if match_player(players, named) not in (players[0], players[2]):
                raise RulesError(
                    _(
                        "--dealer: in a partnership game the first and third named ({first} and {third}) "
                        "deal at their tables in odd rounds, the others in even rounds: name the players in the "
                        "order they sit instead"
                    ).format(first=players[0], third=players[2])
                )
        return None

    def check_next_hand(self, game, state, hand: dict) -> None:
        current = state.rounds[-1]
        index = table_index(current, hand["player"])
        if index in current.results:
            first, second = current.tables[index]
            waiting = _(" v ").join(current.tables[1 - index])
            raise HandError(
                _(
                    "the table {first} v {second} is already in for round {number}: enter {waiting} "
                    "first (or correct the entry with 'ginscore edit')"
                ).format(first=first, second=second, number=current.number, waiting=waiting)
            )

    def evaluate(self, game) -> PartnershipState:
        players = game.players
        sides = [side_name(pair) for pair in sides_of(players)]
        side_of = {member: side_name(pair) for pair in sides_of(players) for member in pair}
        scores = {side: 0 for side in sides}
        boxes = dict(scores)
        rows, rounds, winner = [], [], None
        current = Round(1, tables_of(players, 1), {}, {}, None, 0)
        for effective in effective_hands(game.journal):
            hand = effective.hand
            self.check_hand(game, hand)
            if winner is not None:
                raise hand_after_the_end(game, effective, _("in round {number}").format(number=current.number - 1))
            index = table_index(current, hand["player"])
            if index in current.results:
                raise HandError(
                    _("game {game}: hand {number} enters the table {table} a second time in round {round}").format(
                        game=game.id, number=effective.number, table=_(" v ").join(current.tables[index]), round=current.number
                    )
                )
            pair = current.tables[index]
            opponent = None if hand["kind"] == "draw" else (pair[1] if pair[0] == hand["player"] else pair[0])
            score = score_hand(hand, opponent, game.rules)
            if len(current.results) == 1:  # the other table is in: this hand closes the round
                current = close_round(current, [*(row.score for row in current.results.values()), score], side_of, sides)
                if current.winner:
                    scores[current.winner] += current.points
                    boxes[current.winner] += 1
                    if scores[current.winner] >= game.rules.target:
                        winner = current.winner
            row = HandRow(effective, score, dict(scores), opponent)
            rows.append(row)
            current.results[index] = row
            if current.complete:
                rounds.append(current)
                number = current.number + 1
                current = Round(number, tables_of(players, number), {}, {}, None, 0)
        if winner is None:
            rounds.append(current)
        final = None
        if winner is not None:
            loser = sides[1] if winner == sides[0] else sides[0]
            rounds_won = boxes[loser] > 0
            final = settle(winner, loser, scores, boxes, rounds_won, game.rules, game.stake)
        return PartnershipState(game, rows, rounds, scores, boxes, winner, final)


def close_round(current: Round, table_scores, side_of, sides) -> Round:
    """The round with both tables in: each side's table points, and who won it by how much."""
    points = {side: 0 for side in sides}
    for score in table_scores:
        if score.winner:
            points[side_of[score.winner]] += score.points
    first, second = sides
    difference = points[first] - points[second]
    winner = None if difference == 0 else (first if difference > 0 else second)
    return current._replace(side_points=points, winner=winner, points=abs(difference))
