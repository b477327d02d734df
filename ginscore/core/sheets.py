"""A score sheet as plain data: what a table's view hands to the renderer (``ginscore.output.render``
turns a ``Sheet`` into text, CSV or HTML). Nothing here knows a table, a file or a terminal."""

from __future__ import annotations

from ginscore.base.records import Record


class Grid(Record):
    """One grid of cells for the renderer (a sheet's hands, its final block)."""

    headers: list
    rows: list
    title: str | None = None
    detail: bool = False  # hand-by-hand detail (the cards) that the full sheet shows and status leaves out
    # Indexes of the columns that hold numbers, right-aligned even where a cell is a mark (105*,
    # a dash for a closed column, 2 = 50); None: the renderer tells numbers from text itself.
    numeric: tuple | None = None
    groups: tuple | None = None  # (label, how many columns it spans) above the headers: a pad's names


class Series(Record):
    """One line of a chart: a player's (or side's) running total after each hand or round."""

    name: str
    totals: tuple  # one per hand; None where the line has no value (a Hollywood column after it closed)
    boxes: tuple = ()  # indexes into ``totals`` of the hands this player won (a box each)


class Chart(Record):
    """The running totals as data for a picture; the renderer draws it (an inline SVG)."""

    title: str
    series: tuple
    target: int | None = None  # the total that wins, drawn as a line across
    step: str = "hand"  # what the x axis counts: hand, round


class Field(Record):
    """One line of a sheet's header: ``Players``, ``Date``, ``Rules``, ``Stake``; an empty
    value is a blank to write in (on a pad)."""

    label: str
    value: str = ""


class Sheet(Record):
    """A score sheet as data; ``ginscore.output.render`` turns it into text, CSV or HTML."""

    title: str
    lines: tuple = ()  # who, when, rules, stake, as the terminal sheet says them
    grids: tuple = ()  # Grid: the hands, the cards, the final block, as the sheet shows them
    notes: tuple = ()  # the result in words
    fields: tuple = ()  # Field: the header of the printed page
    charts: tuple = ()  # Chart: the running totals (Hollywood: one per column)
    csv_hands: Grid | None = None  # the hands as one rectangular grid of bare numbers, for CSV
    csv_final: Grid | None = None  # the final block, one row per player (or side), for CSV
