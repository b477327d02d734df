"""A Hollywood match in words and layouts: the report after a hand, the columns' state, the
paper-style sheet and the pad (docs/rules.md section 9). Reads a ``HollywoodResult`` and imports
nothing of ``hollywood``, which gives its table this view."""

from __future__ import annotations

from ginscore.base.i18n import _, ngettext
from ginscore.base.text import in_words
from ginscore.core.rules import GIN_SETTINGS, Rules, describe_setting
from ginscore.core.rules import summary as rules_summary
from ginscore.core.sheets import Chart, Grid, Series, Sheet
from ginscore.tables.base import TableView
from ginscore.tables.base_view import (
    PAD_FINAL_ROWS,
    amount_cell,
    dealer_line,
    game_sheet,
    hands_words,
    next_game_lines,
    pad_fields,
    pad_final_grid,
)
from ginscore.tables.two_handed_view import (
    card_lines,
    cards_grids,
    csv_final_cells,
    csv_final_headers,
    csv_hand,
    csv_hand_headers,
    final_grid,
    final_notes,
    hand_cells,
    hand_line,
)

# What the sheet writes in a column that a hand closed, and in a column closed before it.
CLOSING_MARK = "*"
CLOSED_CELL = "—"


def hollywood_terms(rules) -> str:
    """``3 columns to 100``, and the variant if it is on."""
    text = ngettext("{count} column to {target}", "{count} columns to {target}", rules.columns)
    text = text.format(count=rules.columns, target=rules.column_target)
    if rules.last_column_double:
        text += _(", the last counts double")
    return text


def house_terms(rules) -> list:
    """Hollywood's house rules that are on, in words (for the rules summary)."""
    return [
        describe_setting(rules.specs[name], getattr(rules, name))
        for name in ("gin_bonus_at", "sweep")
        if getattr(rules, name) != rules.specs[name].default
    ]


class HollywoodView(TableView):
    def dealer_line(self) -> str:
        return dealer_line(self.state.dealer, bool(self.state.rows), self.game.rules)

    def column_phrase(self, column) -> str:
        if column.abandoned:
            return _("ended early, {winner} ahead").format(winner=column.winner) if column.winner else _("ended early, level")
        if column.closed:
            return _("{winner} won at hand {number}").format(winner=column.winner, number=column.closed_at)
        held = ", ".join(f"{name} {bonus}" for name, bonus in (column.held or {}).items() if bonus)
        if held:
            return _("open, gin bonuses at its close: {held}").format(held=held)
        return _("open") if column.started else _("not started")

    def seating_lines(self) -> list:
        return [] if self.state.finished else [self.dealer_line()]

    def result_phrase(self) -> str:
        if not self.state.finished:
            return _("in progress")
        if self.state.abandoned:
            end = _("ended early after hand {number}").format(number=len(self.state.rows))
        else:
            end = _("all columns closed")
        if self.state.winner is None:
            return _("{end}, level").format(end=end)
        return _("{end}, {winner} up {net}").format(end=end, winner=self.state.winner, net=self.state.final.net)

    def totals_line(self) -> str:
        parts = []
        for column in self.state.columns:
            if not column.started:
                parts.append(_("column {number} not started").format(number=column.number))
                continue
            scores = ", ".join(f"{name} {column.scores[name]}" for name in self.game.players)
            words = _("column {number}: {scores}, closed") if column.closed else _("column {number}: {scores}")
            parts.append(words.format(number=column.number, scores=scores))
        return "; ".join(parts)

    def closing_lines(self, numbers) -> list:
        lines = []
        for column in self.state.columns:
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
        row = self.state.rows[-1]
        text = hand_line(row)
        if row.score.winner:
            if len(row.entered) == 1:
                text += _(" in column {number}").format(number=row.entered[0])
            else:
                text += _(" in columns {numbers}").format(numbers=in_words(row.entered))
        totals = _("Totals: {totals}.").format(totals=self.totals_line())
        held = [_("The gin bonus of {bonus} is added when the column closes.").format(bonus=row.held)] if row.held else []
        lines = [*card_lines(row, symbols), text + ".", *held, *self.closing_lines(row.closed), totals]
        if self.state.finished:
            return lines + self.result_lines() + next_game_lines(self.state)
        return lines + self.seating_lines()

    def result_lines(self) -> list:
        """The match result: each column's net, then the match net and the money."""
        if self.state.abandoned:
            lines = [_("Match over (ended early: open columns settled as they stand).")]
        else:
            lines = [_("Match over (every column is closed).")]
        for column in self.state.columns:
            weight = _(" (counts double)") if column.weight == 2 else ""
            words = _("column {number}: {result}").format(number=column.number, result=column_result(column.final))
            lines.append(f"  {words}{weight}")
        return lines + self.match_notes()

    def match_notes(self) -> list:
        if self.state.winner is None:
            return [_("Match: level, nobody pays.")]
        swept = [_("A sweep: {winner} won every hand, so the match counts double.").format(winner=self.state.winner)]
        notes = final_notes(self.state.final, self.game, label=_("Match"), payments=self.state.payments())
        return (swept if self.state.final.swept else []) + notes

    def score_grid(self) -> Grid:
        """The running state in one small grid, for ``status``."""
        players = list(self.game.players)
        headers = [_("column"), *players, *(_("{name} boxes").format(name=name) for name in players), _("state")]
        rows = [
            [column.number, *(column.scores[n] for n in players), *(column.boxes[n] for n in players),
             self.column_phrase(column)]
            for column in self.state.columns
        ]
        return Grid(headers, rows)

    def progress_line(self) -> str:
        open_count = sum(not column.closed for column in self.state.columns)
        columns = ngettext("{count} column of {total} open", "{count} columns of {total} open", open_count)
        return _("In progress after {hands}: {columns}, each to {target}. {dealer}").format(
            hands=hands_words(len(self.state.rows)),
            columns=columns.format(count=open_count, total=len(self.state.columns)),
            target=self.game.rules.column_target,
            dealer=self.dealer_line(),
        )

    def final_grids(self) -> list:
        """Each closed column's final block (while the match goes on too), then the match's."""
        grids = [column_grid(column, list(self.game.players), self.game.rules) for column in self.state.columns if column.final]
        return grids + ([self.match_grid()] if self.state.final is not None else [])

    def final_notes(self) -> list:
        return self.match_notes()

    def sheet(self) -> Sheet:
        state, game = self.state, self.game
        players = list(game.players)
        oklahoma = game.rules.oklahoma
        headers = ["#", *([_("upcard")] if oklahoma else []), _("hand"), _("won by"), _("points")]
        headers += [f"{name} {column.number}" for name in players for column in state.columns]
        rows = []
        for row in state.rows:
            cells = hand_cells(row, oklahoma)
            for name in players:
                cells += [sheet_cell(row, index, name) for index in range(len(state.columns))]
            rows.append(cells)
        legend = _("Hands ({closing}: the total that closed the column; {closed}: closed)").format(
            closing=CLOSING_MARK, closed=CLOSED_CELL
        )
        # every total column right-aligned, its closed cells and marked totals included
        numbers = (0, *range(len(headers) - len(players) * len(state.columns) - 1, len(headers)))
        words = _("Hollywood, {terms}; {rules}").format(terms=hollywood_terms(game.rules), rules=gin_summary(game.rules))
        return game_sheet(
            self,
            words,
            grids=[Grid(headers, rows, title=legend, numeric=numbers), *cards_grids(state.rows), *self.final_grids()],
            notes=self.match_notes() if state.final is not None else [self.progress_line()],
            charts=tuple(self.column_chart(column) for column in state.columns),
            csv_hands=self.csv_hands(),
            csv_final=self.csv_final(),
        )

    def column_chart(self, column) -> Chart:
        """One column's running totals: flat at 0 until it starts, ended where it closed."""
        index = column.number - 1
        series = []
        for name in self.game.players:
            totals = tuple(None if row.states[index] == "closed" else row.totals[name][index] for row in self.state.rows)
            boxes = tuple(
                number for number, row in enumerate(self.state.rows) if row.score.winner == name and column.number in row.entered
            )
            series.append(Series(name, totals, boxes))
        return Chart(_("Column {number}").format(number=column.number), tuple(series), column.target)

    def csv_hands(self) -> Grid:
        """The hands for CSV: a total per player and column after every hand (a closed column
        keeps the total it closed at, an unstarted one is 0), the columns entered and closed."""
        game, players = self.game, list(self.game.players)
        oklahoma = game.rules.oklahoma
        headers = csv_hand_headers(oklahoma) + [_("columns"), _("closes")]
        headers += [
            _("{name} column {number}").format(name=name, number=column.number) for name in players for column in self.state.columns
        ]
        rows = []
        for row in self.state.rows:
            totals = [total for name in players for total in row.totals[name]]
            rows.append(csv_hand(row, oklahoma) + [" ".join(map(str, row.entered)), " ".join(map(str, row.closed))] + totals)
        return Grid(headers, rows)

    def csv_final(self) -> Grid | None:
        """The final block for CSV once the match is over: one row per player and column (an
        abandoned column left level settles at 0)."""
        if self.state.final is None:
            return None
        players, stake = list(self.game.players), self.game.stake
        rows = []
        for column in self.state.columns:
            if column.final is not None:
                cells = csv_final_cells(column.final, players, stake)
            else:
                box = self.game.rules.box_bonus
                cells = [
                    [column.scores[name], column.boxes[name], column.boxes[name] * box, 0, 0,
                     column.scores[name] + column.boxes[name] * box, 0, *([amount_cell(0, stake)] if stake is not None else [])]
                    for name in players
                ]
            rows += [[column.number, name, *line] for name, line in zip(players, cells)]
        money_column = [_("amount")] if stake is not None else []
        return Grid([_("column"), _("player"), *csv_final_headers(), *money_column], rows)

    def match_grid(self) -> Grid:
        players = list(self.game.players)
        rows = []
        for column in self.state.columns:
            final = column.final
            totals = [final.totals[name] if final else 0 for name in players]
            label = _("column {number}").format(number=column.number)
            rows.append([label, column.winner or _("level"), *totals, final.net if final else 0])
        final = self.state.final
        rows.append([_("match"), final.winner or _("level"), *(final.totals[name] for name in players), final.net])
        return Grid(["", _("won by"), *players, _("net")], rows, title=_("Match"))


    def pad(self, players, rules, stake, currency, hands: int) -> Sheet:
        """The Hollywood pad: a pair of columns (one per player) for each game, beside the
        hand's score; the final block per column, then the match."""
        table = self.table
        parties = list(players) or [_("we"), _("they")]
        count = rules.columns if rules is not None else table.settings["columns"].default
        numbered = [_("column {number}").format(number=number) for number in range(1, count + 1)]
        groups = (("", 1), (_("hand"), 2), *((label, 2) for label in numbered))
        headers = ["#", *parties * (count + 1)]
        rows = [[number, *("" for _cell in headers[1:])] for number in range(1, hands + 1)]
        hands_grid = Grid(headers, rows, title=_("Hands"), groups=groups)
        final = pad_final_grid(parties * count, rules, PAD_FINAL_ROWS[:-1], groups=(("", 1), *((label, 2) for label in numbered)))
        match = pad_final_grid(parties, rules, ("net", "owed"), title=_("Match"))
        words = f"{table.goal(rules)}; {table.rules_words(rules)}" if rules is not None else ""
        seats = table.seats(players) if players else ""
        return Sheet(_("Hollywood Gin score sheet"), fields=tuple(pad_fields(seats, words, stake, currency)),
                     grids=(hands_grid, final, match))


def gin_summary(rules, preset=None) -> str:
    """The summary of the scoring settings alone: Hollywood's own are told by hollywood_terms."""
    text = rules_summary(Rules.of(GIN_SETTINGS, {name: getattr(rules, name) for name in GIN_SETTINGS}), preset)
    house = house_terms(rules)
    if not house:
        return text
    return ", ".join(house) if text == _("standard rules") else ", ".join([text, *house])


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


def column_grid(column, players, rules) -> Grid:
    grid = final_grid(column.final, players, rules)
    if column.weight == 2:
        grid.rows.insert(-1, [_("last column x 2"), *("x 2" for _player in players)])
    if column.abandoned:
        return grid._replace(title=_("Column {number}: ended early, settled as it stands").format(number=column.number))
    return grid._replace(
        title=_("Column {number}: {winner} (closed at hand {hand})").format(
            number=column.number, winner=column.winner, hand=column.closed_at
        )
    )
