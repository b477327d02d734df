"""A Hollywood match's state as the players see it: JSON, the paper-style sheet and reports."""

from __future__ import annotations

from dataclasses import dataclass

from ginscore.tables.base import Chart, Grid, Series, Sheet, dealer_line, next_game_lines
from ginscore.tables.hollywood import CLOSED_CELL, CLOSING_MARK
from ginscore.tables.gin import (
    FINAL_RECORD_HEADERS,
    amount_cell,
    card_lines,
    cards_tables,
    final_notes,
    final_table,
    game_json,
    game_sheet,
    hand_cells,
    hand_line,
    hand_record,
    pair_stats,
    record_headers,
    settlement_records,
)
from ginscore.render import in_words, plural
from ginscore.rules import summary as rules_summary


def hollywood_terms(rules) -> str:
    """``3 columns to 100``, and the variant if it is on."""
    text = f"{plural(rules.columns, 'column')} to {rules.column_target}"
    if rules.last_column_double:
        text += ", the last counts double"
    return text


@dataclass
class HollywoodState:
    game: object
    rows: list
    columns: list
    abandoned: bool
    final: object  # MatchFinal once every column is closed, else None
    dealer: str | None = None  # who deals the next hand, when known

    @property
    def finished(self) -> bool:
        return all(column.closed for column in self.columns)

    @property
    def next_dealer(self) -> str | None:
        return None if self.finished else self.dealer

    def dealer_line(self) -> str:
        return dealer_line(self.dealer, bool(self.rows))

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

    def column_phrase(self, column) -> str:
        if column.abandoned:
            return f"abandoned, {column.winner} ahead" if column.winner else "abandoned, level"
        if column.closed:
            return f"{column.winner} won at hand {column.closed_at}"
        return "open" if column.started else "not started"

    def player_stats(self) -> dict:
        return pair_stats(self)

    def seating_lines(self) -> list:
        return [] if self.finished else [self.dealer_line()]

    def result_phrase(self) -> str:
        if not self.finished:
            return "in progress"
        end = f"abandoned after hand {len(self.rows)}" if self.abandoned else "all columns closed"
        if self.winner is None:
            return f"{end}, level"
        return f"{end}, {self.winner} up {self.final.net}"

    def totals_line(self) -> str:
        parts = []
        for column in self.columns:
            if not column.started:
                parts.append(f"column {column.number} not started")
                continue
            scores = ", ".join(f"{name} {column.scores[name]}" for name in self.game.players)
            parts.append(f"column {column.number}: {scores}{', closed' if column.closed else ''}")
        return "; ".join(parts)

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
            "final": None if self.final is None else self.final.to_json(),
        }

    def closing_lines(self, numbers) -> list:
        lines = []
        for column in self.columns:
            if column.number in numbers:
                scores = ", ".join(f"{name} {column.scores[name]}" for name in self.game.players)
                lines.append(f"Column {column.number} closes at {scores}: {column_result(column.final)}.")
        return lines

    def hand_report(self, symbols: bool = True) -> list:
        """What to print right after a hand was recorded."""
        row = self.rows[-1]
        text = hand_line(row)
        if row.score.winner:
            where = f"column {row.entered[0]}" if len(row.entered) == 1 else f"columns {in_words(row.entered)}"
            text += f" in {where}"
        lines = [*card_lines(row, symbols), text + ".", *self.closing_lines(row.closed), f"Totals: {self.totals_line()}."]
        if self.finished:
            return lines + self.result_lines() + next_game_lines(self)
        return lines + self.seating_lines()

    def result_lines(self) -> list:
        """The match result: each column's net, then the match net and the money."""
        how = "abandoned: open columns settled as they stand" if self.abandoned else "every column is closed"
        lines = [f"Match over ({how})."]
        for column in self.columns:
            weight = " (counts double)" if column.weight == 2 else ""
            lines.append(f"  column {column.number}: {column_result(column.final)}{weight}")
        return lines + self.match_notes()

    def match_notes(self) -> list:
        if self.winner is None:
            return ["Match: level, nobody pays."]
        return final_notes(self.final, self.game, label="Match", payments=self.payments())

    def score_table(self) -> Grid:
        """The running state in one small table, for ``status``."""
        players = list(self.game.players)
        headers = ["column", *players, *(f"{name} boxes" for name in players), "state"]
        rows = [
            [column.number, *(column.scores[n] for n in players), *(column.boxes[n] for n in players),
             self.column_phrase(column)]
            for column in self.columns
        ]
        return Grid(headers, rows)

    def progress_line(self) -> str:
        open_count = sum(not column.closed for column in self.columns)
        return (
            f"In progress after {plural(len(self.rows), 'hand')}: {plural(open_count, 'column')} of "
            f"{len(self.columns)} open, each to {self.game.rules.column_target}. {self.dealer_line()}"
        )

    def sheet(self) -> Sheet:
        game = self.game
        players = list(game.players)
        oklahoma = game.rules.oklahoma
        headers = ["#", *(["upcard"] if oklahoma else []), "hand", "won by", "points"]
        headers += [f"{name} {column.number}" for name in players for column in self.columns]
        rows = []
        for row in self.rows:
            cells = hand_cells(row, oklahoma)
            for name in players:
                cells += [sheet_cell(row, index, name) for index in range(len(self.columns))]
            rows.append(cells)
        legend = f"Hands ({CLOSING_MARK}: the total that closed the column; {CLOSED_CELL}: closed)"
        # every total column right-aligned, its closed cells and marked totals included
        numbers = (0, *range(len(headers) - len(players) * len(self.columns) - 1, len(headers)))
        tables = [Grid(headers, rows, title=legend, numeric=numbers), *cards_tables(self.rows)]
        for column in self.columns:
            if column.final is not None:
                tables.append(column_table(column, players, game.rules))
        if self.final is not None:
            tables.append(self.match_table())
            notes = self.match_notes()
        else:
            notes = [self.progress_line()]
        words = f"Hollywood, {hollywood_terms(game.rules)}; {gin_summary(game.rules)}"
        return game_sheet(
            game,
            words,
            tables=tables,
            notes=notes,
            charts=tuple(self.column_chart(column) for column in self.columns),
            records=self.records(),
            final_records=None if self.final is None else self.final_records(),
        )

    def column_chart(self, column) -> Chart:
        """One column's running totals: flat at 0 until it starts, ended where it closed."""
        index = column.number - 1
        series = []
        for name in self.game.players:
            totals = tuple(None if row.states[index] == "closed" else row.totals[name][index] for row in self.rows)
            boxes = tuple(
                number for number, row in enumerate(self.rows) if row.score.winner == name and column.number in row.entered
            )
            series.append(Series(name, totals, boxes))
        return Chart(f"Column {column.number}", tuple(series), column.target)

    def records(self) -> Grid:
        """The hands for CSV: a total per player and column after every hand (a closed column
        keeps the total it closed at, an unstarted one is 0), the columns entered and closed."""
        game, players = self.game, list(self.game.players)
        oklahoma = game.rules.oklahoma
        headers = record_headers(oklahoma) + ["columns", "closes"]
        headers += [f"{name} column {column.number}" for name in players for column in self.columns]
        rows = []
        for row in self.rows:
            totals = [total for name in players for total in row.totals[name]]
            rows.append(hand_record(row, oklahoma) + [" ".join(map(str, row.entered)), " ".join(map(str, row.closed))] + totals)
        return Grid(headers, rows)

    def final_records(self) -> Grid:
        """The settlement for CSV: one row per player and column (an abandoned column left
        level settles at 0)."""
        players, stake = list(self.game.players), self.game.stake
        rows = []
        for column in self.columns:
            if column.final is not None:
                cells = settlement_records(column.final, players, stake)
            else:
                box = self.game.rules.box_bonus
                cells = [
                    [column.scores[name], column.boxes[name], column.boxes[name] * box, 0, 0,
                     column.scores[name] + column.boxes[name] * box, 0, *([amount_cell(0, stake)] if stake is not None else [])]
                    for name in players
                ]
            rows += [[column.number, name, *line] for name, line in zip(players, cells)]
        money_column = ["amount"] if stake is not None else []
        return Grid(["column", "player", *FINAL_RECORD_HEADERS, *money_column], rows)

    def match_table(self) -> Grid:
        players = list(self.game.players)
        rows = []
        for column in self.columns:
            final = column.final
            totals = [final.totals[name] if final else 0 for name in players]
            rows.append([f"column {column.number}", column.winner or "level", *totals, final.net if final else 0])
        final = self.final
        rows.append(["match", final.winner or "level", *(final.totals[name] for name in players), final.net])
        return Grid(["", "won by", *players, "net"], rows, title="Match")


def gin_summary(rules, preset=None) -> str:
    """The summary of the scoring settings alone: Hollywood's own are told by hollywood_terms."""
    from ginscore.rules import GIN_SETTINGS, Rules

    return rules_summary(Rules.of(GIN_SETTINGS, {name: getattr(rules, name) for name in GIN_SETTINGS}), preset)


def column_result(final) -> str:
    if final is None:
        return "level, nothing to settle"
    if final.net >= 0:
        return f"{final.winner} wins by {final.net}{' (shutout)' if final.shutout else ''}"
    return f"{final.winner} wins it, but {final.loser}'s boxes outweigh that: {final.loser} is up {-final.net}"


def sheet_cell(row, index: int, name: str):
    state = row.states[index]
    if state == "unstarted":
        return ""
    if state == "closed":
        return CLOSED_CELL
    total = row.totals[name][index]
    if state == "closing" and row.score.winner == name:
        return f"{total}{CLOSING_MARK}"
    return total


def column_table(column, players, rules) -> Grid:
    table = final_table(column.final, players, rules)
    if column.weight == 2:
        table.rows.insert(-1, ["last column x 2", *("x 2" for _ in players)])
    if column.abandoned:
        return table._replace(title=f"Column {column.number}: abandoned, settled as it stands")
    return table._replace(title=f"Column {column.number}: {column.winner} (closed at hand {column.closed_at})")
