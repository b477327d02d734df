"""A Hollywood match's state as the players see it: JSON, the paper-style sheet and reports."""

from __future__ import annotations

from dataclasses import dataclass

from ginscore.tables.base import Chart, Grid, Series, Sheet, dealer_line, next_game_lines
from ginscore.tables.hollywood import CLOSED_CELL, CLOSING_MARK
from ginscore.i18n import _, ngettext
from ginscore.tables.gin import (
    amount_cell,
    card_lines,
    cards_tables,
    final_notes,
    final_record_headers,
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
from ginscore.text import in_words
from ginscore.tables.standard import hands_words
from ginscore.rules import summary as rules_summary


def hollywood_terms(rules) -> str:
    """``3 columns to 100``, and the variant if it is on."""
    text = ngettext("{count} column to {target}", "{count} columns to {target}", rules.columns)
    text = text.format(count=rules.columns, target=rules.column_target)
    if rules.last_column_double:
        text += _(", the last counts double")
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
            return _("abandoned, {winner} ahead").format(winner=column.winner) if column.winner else _("abandoned, level")
        if column.closed:
            return _("{winner} won at hand {number}").format(winner=column.winner, number=column.closed_at)
        return _("open") if column.started else _("not started")

    def player_stats(self) -> dict:
        return pair_stats(self)

    def seating_lines(self) -> list:
        return [] if self.finished else [self.dealer_line()]

    def result_phrase(self) -> str:
        if not self.finished:
            return _("in progress")
        if self.abandoned:
            end = _("abandoned after hand {number}").format(number=len(self.rows))
        else:
            end = _("all columns closed")
        if self.winner is None:
            return _("{end}, level").format(end=end)
        return _("{end}, {winner} up {net}").format(end=end, winner=self.winner, net=self.final.net)

    def totals_line(self) -> str:
        parts = []
        for column in self.columns:
            if not column.started:
                parts.append(_("column {number} not started").format(number=column.number))
                continue
            scores = ", ".join(f"{name} {column.scores[name]}" for name in self.game.players)
            words = _("column {number}: {scores}, closed") if column.closed else _("column {number}: {scores}")
            parts.append(words.format(number=column.number, scores=scores))
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
                lines.append(
                    _("Column {number} closes at {scores}: {result}.").format(
                        number=column.number, scores=scores, result=column_result(column.final)
                    )
                )
        return lines

    def hand_report(self, symbols: bool = True) -> list:
        """What to print right after a hand was recorded."""
        row = self.rows[-1]
        text = hand_line(row)
        if row.score.winner:
            if len(row.entered) == 1:
                text += _(" in column {number}").format(number=row.entered[0])
            else:
                text += _(" in columns {numbers}").format(numbers=in_words(row.entered))
        totals = _("Totals: {totals}.").format(totals=self.totals_line())
        lines = [*card_lines(row, symbols), text + ".", *self.closing_lines(row.closed), totals]
        if self.finished:
            return lines + self.result_lines() + next_game_lines(self)
        return lines + self.seating_lines()

    def result_lines(self) -> list:
        """The match result: each column's net, then the match net and the money."""
        if self.abandoned:
            lines = [_("Match over (abandoned: open columns settled as they stand).")]
        else:
            lines = [_("Match over (every column is closed).")]
        for column in self.columns:
            weight = _(" (counts double)") if column.weight == 2 else ""
            words = _("column {number}: {result}").format(number=column.number, result=column_result(column.final))
            lines.append(f"  {words}{weight}")
        return lines + self.match_notes()

    def match_notes(self) -> list:
        if self.winner is None:
            return [_("Match: level, nobody pays.")]
        return final_notes(self.final, self.game, label=_("Match"), payments=self.payments())

    def score_table(self) -> Grid:
        """The running state in one small table, for ``status``."""
        players = list(self.game.players)
        headers = [_("column"), *players, *(_("{name} boxes").format(name=name) for name in players), _("state")]
        rows = [
            [column.number, *(column.scores[n] for n in players), *(column.boxes[n] for n in players),
             self.column_phrase(column)]
            for column in self.columns
        ]
        return Grid(headers, rows)

    def progress_line(self) -> str:
        open_count = sum(not column.closed for column in self.columns)
        columns = ngettext("{count} column of {total} open", "{count} columns of {total} open", open_count)
        return _("In progress after {hands}: {columns}, each to {target}. {dealer}").format(
            hands=hands_words(len(self.rows)),
            columns=columns.format(count=open_count, total=len(self.columns)),
            target=self.game.rules.column_target,
            dealer=self.dealer_line(),
        )

    def sheet(self) -> Sheet:
        game = self.game
        players = list(game.players)
        oklahoma = game.rules.oklahoma
        headers = ["#", *([_("upcard")] if oklahoma else []), _("hand"), _("won by"), _("points")]
        headers += [f"{name} {column.number}" for name in players for column in self.columns]
        rows = []
        for row in self.rows:
            cells = hand_cells(row, oklahoma)
            for name in players:
                cells += [sheet_cell(row, index, name) for index in range(len(self.columns))]
            rows.append(cells)
        legend = _("Hands ({closing}: the total that closed the column; {closed}: closed)").format(
            closing=CLOSING_MARK, closed=CLOSED_CELL
        )
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
        words = _("Hollywood, {terms}; {rules}").format(terms=hollywood_terms(game.rules), rules=gin_summary(game.rules))
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
        return Chart(_("Column {number}").format(number=column.number), tuple(series), column.target)

    def records(self) -> Grid:
        """The hands for CSV: a total per player and column after every hand (a closed column
        keeps the total it closed at, an unstarted one is 0), the columns entered and closed."""
        game, players = self.game, list(self.game.players)
        oklahoma = game.rules.oklahoma
        headers = record_headers(oklahoma) + [_("columns"), _("closes")]
        headers += [
            _("{name} column {number}").format(name=name, number=column.number) for name in players for column in self.columns
        ]
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
        money_column = [_("amount")] if stake is not None else []
        return Grid([_("column"), _("player"), *final_record_headers(), *money_column], rows)

    def match_table(self) -> Grid:
        players = list(self.game.players)
        rows = []
        for column in self.columns:
            final = column.final
            totals = [final.totals[name] if final else 0 for name in players]
            label = _("column {number}").format(number=column.number)
            rows.append([label, column.winner or _("level"), *totals, final.net if final else 0])
        final = self.final
        rows.append([_("match"), final.winner or _("level"), *(final.totals[name] for name in players), final.net])
        return Grid(["", _("won by"), *players, _("net")], rows, title=_("Match"))


def gin_summary(rules, preset=None) -> str:
    """The summary of the scoring settings alone: Hollywood's own are told by hollywood_terms."""
    from ginscore.rules import GIN_SETTINGS, Rules

    return rules_summary(Rules.of(GIN_SETTINGS, {name: getattr(rules, name) for name in GIN_SETTINGS}), preset)


def column_result(final) -> str:
    if final is None:
        return _("level, nothing to settle")
    if final.net >= 0:
        words = _("{winner} wins by {net} (shutout)") if final.shutout else _("{winner} wins by {net}")
        return words.format(winner=final.winner, net=final.net)
    return _("{winner} wins it, but {loser}'s boxes outweigh that: {loser} is up {net}").format(
        winner=final.winner, loser=final.loser, net=-final.net
    )


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
        table.rows.insert(-1, [_("last column x 2"), *("x 2" for _player in players)])
    if column.abandoned:
        return table._replace(title=_("Column {number}: abandoned, settled as it stands").format(number=column.number))
    return table._replace(
        title=_("Column {number}: {winner} (closed at hand {hand})").format(
            number=column.number, winner=column.winner, hand=column.closed_at
        )
    )
