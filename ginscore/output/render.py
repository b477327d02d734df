"""Turning data into text: sheets, grids, CSV and JSON.

tabulate is imported inside the functions that need it: its import alone costs ~50 ms, and
the commands typed between hands (knock, gin, status) must not pay for it.
"""

from __future__ import annotations

import re
from operator import itemgetter

from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _
from ginscore.base.text import inert, text_columns

DEFAULT_FORMAT = "simple"
# The formats spreadsheets open: plain delimited cells (tabulate's tsv pads them with spaces),
# no titles around the grids, and no cell a spreadsheet would run as a formula.
SPREADSHEET_FORMATS = ("csv", "tsv")

# Names people type for a format -> the one ginscore uses (tabulate's names are taken as they are).
FORMAT_ALIASES = {"text": "simple", "markdown": "github", "md": "github"}
# tabulate's LaTeX puts plain text around a grid that does not compile and escapes no name;
# unsafehtml escapes nothing. Both are refused rather than printed broken.
REFUSED_FORMATS = ("latex", "latex_raw", "latex_booktabs", "latex_longtable", "unsafehtml")


def grid_formats() -> list:
    from tabulate import tabulate_formats

    return sorted(name for name in tabulate_formats if name not in REFUSED_FORMATS) + ["csv"]


def check_format(fmt: str) -> str:
    """The format's name as ginscore renders it; typed in any case (``--format GitHub``), or as
    people say it (``text``, ``markdown``, ``md``). ``json`` never gets here: ``--format json``
    is ``--json`` (see cli.options.output_options)."""
    name = fmt.strip().lower()
    name = FORMAT_ALIASES.get(name, name)
    if name in (DEFAULT_FORMAT, *SPREADSHEET_FORMATS):  # known without importing tabulate
        return name
    if name not in grid_formats():
        hint = _("LaTeX is not offered; ") if name.startswith("latex") else ""
        raise GinscoreError(
            _(
                "unknown --format {format}: {hint}use text (the default), markdown (or md), csv, html or json, "
                "or a table style of tabulate (plain, github, grid, rst, ...)"
            ).format(format=repr(fmt), hint=hint)
        )
    return name


# Markdown's markup characters, escaped in every value a Markdown output shows: a name holding
# "|" would end a grid's cell, "<b>" or "*" would be read as markup.
_MARKDOWN_ESCAPES = str.maketrans({char: "\\" + char for char in "\\`*_[]<>|"})
MARKDOWN_GRIDS = ("github", "pipe")


def markdown_text(text) -> str:
    """``text`` as Markdown shows it, not as markup."""
    return str(text).translate(_MARKDOWN_ESCAPES)


def html_page(title: str, blocks) -> str:
    """A command's output as one whole HTML page (``--format html``): ``blocks`` are
    ("h2" or "p", text), escaped, or ("html", HTML made already: a ``grid`` in html, escaped by
    tabulate, or a chart)."""
    from ginscore.output.render_html import document

    return document(title, blocks)


def grid(headers, rows, fmt: str = DEFAULT_FORMAT, numeric=None) -> str:
    """A printed grid of ``headers`` and ``rows`` in the output format ``fmt``. ``numeric``: the
    columns to right-align whatever their cells (None: numbers right, text left)."""
    if fmt in MARKDOWN_GRIDS:
        headers = [markdown_text(cell) for cell in headers]
        rows = [[markdown_text(cell) if isinstance(cell, str) else cell for cell in row] for row in rows]
    if fmt in SPREADSHEET_FORMATS:  # every CSV and TSV ginscore prints passes here
        import csv
        import io

        headers = [inert(cell) for cell in headers]
        rows = [[inert(cell) for cell in row] for row in rows]
        buffer = io.StringIO()
        writer = csv.writer(buffer, delimiter="," if fmt == "csv" else "\t", lineterminator="\n")
        writer.writerow(headers)
        writer.writerows(rows)
        return buffer.getvalue().rstrip("\n")
    text = text_columns(headers, rows)
    if fmt == DEFAULT_FORMAT:
        drawn = simple_grid(headers, rows, text, numeric)
        if drawn is not None:
            return drawn
    from tabulate import tabulate

    colalign = None
    if numeric is not None:
        colalign = ["right" if column in numeric else "left" for column in range(len(headers))]
    return tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=text or False, colalign=colalign)


# Characters one column wide for every width function tabulate may use (len, or wcwidth where
# it is installed): no control, combining, zero-width or East Asian wide character. A pattern,
# not a compiled one: compiling it costs ~2 M instructions (1% of a command's start-up), and
# most cells are printable ASCII, which ``narrow`` tells without it.
_CELL_KINDS = {str, int, type(None)}  # the cells simple_grid draws itself
_NARROW = "[\x20-\x7e\xa0-\xac\xae-\u02ff\u0370-\u0482\u048a-\u052f\u2010-\u2027\u2030-\u205e\u20a0-\u20c0]*"


def narrow(string: str) -> bool:
    """Whether every character of ``string`` is one column wide (``_NARROW``)."""
    if string.isascii() and string.isprintable():  # \x20-\x7e: the start of _NARROW
        return True
    return re.fullmatch(_NARROW, string) is not None  # re compiles it once and keeps it


def simple_grid(headers, rows, text, numeric=None) -> str | None:
    """The default text grid, byte for byte as tabulate's "simple" style draws it (with
    ``disable_numparse`` for the ``text`` columns and ``numeric`` as its ``colalign``), for the
    grids ginscore prints: cells of text, whole numbers or None, on one line, each character
    one column wide. Anything else is None, and tabulate draws it. tabulate 0.10 looks its own
    version up through importlib.metadata when imported, which costs a grid-printing command
    more than all the rest of its start-up (CONTRIBUTING.md, Speed)."""
    headers = [str(cell) for cell in headers]
    if not headers or set(map(len, rows)) - {len(headers)}:
        return None
    columns = []  # (left-aligned, stripped, width): a column at a time, so that a table of 100,000 rows holds no copy of its cells
    as_they_are = True  # every cell a text or a whole number its column prints unchanged (no None, nothing to strip)
    for column, header in enumerate(headers):
        cells = list(map(itemgetter(column), rows))
        kinds = set(map(type, cells))
        if not kinds <= _CELL_KINDS:
            return None  # floats, booleans, Decimals: tabulate's number formats
        is_number = column not in text and int in kinds
        if type(None) in kinds:
            strings = ["" if cell is None else str(cell) for cell in cells]
            as_they_are = False
        else:
            strings = list(map(str, cells)) if int in kinds else cells
        if not narrow(header + "".join(strings)):  # a character at a time: the column's text at once
            return None
        if not rows:  # tabulate aligns the headers of an empty grid left
            align = "left"
        elif numeric is not None:
            align = "right" if column in numeric else "left"
        else:
            align = "decimal" if is_number else "left"
        stripped = align != "decimal"  # tabulate strips the cells it aligns left or right
        if stripped:
            bare = list(map(str.strip, strings))
            as_they_are = as_they_are and bare == strings  # strip gives back the very string when there is nothing to strip
            strings = bare
        width = max(len(header) + 2, max(map(len, strings), default=0))
        columns.append((align == "left", stripped, width))

    # each column's cell as one bound method of a format string (a cell left or right in its
    # width, stripped or not), so that a row is one join of C calls: 100,000 rows are drawn in
    # the time of their text
    places = [f"{{:{'<' if left else '>'}{width}}}".format for left, _stripped, width in columns]
    strips = [stripped for _left, stripped, _width in columns]
    lines = ["  ".join(place(header) for header, place in zip(headers, places)).rstrip()]
    lines.append("  ".join("-" * width for _left, _stripped, width in columns))
    if as_they_are:  # the usual grid: a whole row placed by one format string (%s writes a whole number as str does)
        row_format = "  ".join(f"%{'-' if left else ''}{width}s" for left, _stripped, width in columns)
        lines += [(row_format % tuple(row)).rstrip() for row in rows]
        return "\n".join(lines)
    lines += ["  ".join([place(text.strip() if strip else text)
                         for text, place, strip in zip(["" if value is None else str(value) for value in row], places, strips)]).rstrip()
              for row in rows]
    return "\n".join(lines)


def wrap_column(headers, rows, column: int, width: int, least: int = 24) -> list:
    """``rows`` with the text of ``column`` wrapped (lines in the cell) so that a text grid of
    them, two spaces between columns, fits ``width`` characters; never narrower than ``least``."""
    from textwrap import fill

    others = sum(  # tabulate gives a header two characters of room
        max([len(str(headers[index])) + 2, *(len(str(row[index])) for row in rows)])
        for index in range(len(headers))
        if index != column
    )
    room = max(least, width - others - 2 * (len(headers) - 1))
    return [[*row[:column], fill(str(row[column]), room, break_on_hyphens=False), *row[column + 1 :]] for row in rows]


def terminal_width() -> int | None:
    """$COLUMNS, else the terminal's width; None for output to a file or a pipe (whole lines,
    for grep and the like)."""
    import os
    import shutil
    import sys

    if not os.environ.get("COLUMNS", "").isdigit() and not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size((80, 24)).columns


def plain_grid(headers, rows, numeric=None) -> str:
    """A small aligned grid without tabulate, for the fast status path: text left, numbers
    right (``numeric``: the columns to right-align whatever their cells, as ``grid`` takes)."""
    cells = [[str(cell) for cell in headers]] + [[str(cell) for cell in row] for row in rows]
    widths = [max(len(row[column]) for row in cells) for column in range(len(headers))]
    if numeric is None:
        text = text_columns(headers, rows)
        numeric = [column not in text for column in range(len(headers))]
    else:
        numeric = [column in numeric for column in range(len(headers))]

    def line(row) -> str:
        parts = [
            cell.rjust(width) if is_number else cell.ljust(width)
            for cell, width, is_number in zip(row, widths, numeric)
        ]
        return "  ".join(parts).rstrip()

    out = [line(cells[0]), "  ".join("-" * width for width in widths)] if any(headers) else []
    out += [line(row) for row in cells[1:]]
    return "\n".join(out)


def sheet(sheet, fmt: str = DEFAULT_FORMAT, paper: str | None = None) -> str:
    """A Sheet as text (tabulate), as CSV or TSV (its hands, one rectangular grid:
    ``csv_hands``) or as a whole HTML page (laid out for ``paper``, a4 or letter)."""
    if fmt in SPREADSHEET_FORMATS:
        return grid(sheet.csv_hands.headers, sheet.csv_hands.rows, fmt)
    if fmt == "html":
        from ginscore.output.render_html import page

        return page(sheet, paper=paper)
    if fmt == MARKDOWN:
        def paragraphs(lines):
            return separate(map(markdown_text, lines))
    else:
        paragraphs = list
    title = markdown_text(sheet.title) if fmt == MARKDOWN else sheet.title
    parts = [title, "=" * len(title), *([""] if fmt == MARKDOWN else []), *paragraphs(sheet.lines), ""]
    for part in sheet.grids:
        if part.title:
            parts += [*paragraphs([part.title]), ""]
        parts += [grid(part.headers, part.rows, fmt, part.numeric), ""]
    parts += paragraphs(sheet.notes)
    return "\n".join(parts).rstrip("\n")


MARKDOWN = "github"


def separate(lines) -> list:
    """Lines with a blank line between each two: in Markdown, lines that follow each other
    run together into one paragraph."""
    out = []
    for line in lines:
        out += [*([""] if out else []), line]
    return out


PAD_WIDTH = 78  # a pad's text fits an 80-column terminal and a printed page
MAX_PAD_HEADER = 12
MIN_PAD_CELL = 9  # narrower than this, a cell has no room for a score written in by hand ("4 = 100")


def pad(sheet, fmt: str = DEFAULT_FORMAT, paper: str | None = None) -> str:
    """A blank pad: as text (the default format), ruled grids with room to write in; as HTML,
    a printable page for ``paper``; as CSV, its hands; else the grids in that style, each column named with
    its group (``Alice score``). (Its JSON is ``pad_data``, stamped by the command.)"""
    if fmt == "html":
        from ginscore.output.render_html import page

        return page(sheet, pad=True, paper=paper)
    if fmt in SPREADSHEET_FORMATS:
        return grid(flat_headers(sheet.grids[0]), sheet.grids[0].rows, fmt)
    from textwrap import wrap

    blank = "_" * 30
    parts = [sheet.title, "=" * len(sheet.title), ""]
    size = max([9, *(len(field.label) + 2 for field in sheet.fields)])
    if fmt == MARKDOWN:  # one paragraph a field, else they run together
        parts += separate(f"{field.label}: {field.value or blank}" for field in sheet.fields)
    for field in sheet.fields if fmt != MARKDOWN else ():
        label = f"{field.label + ':':<{size}}"
        parts += wrap(field.value or blank, PAD_WIDTH, initial_indent=label, subsequent_indent=" " * len(label))
    for part in sheet.grids:
        drawn = ruled_grid(part) if fmt == DEFAULT_FORMAT else grid(flat_headers(part), part.rows, fmt)
        parts += ["", part.title, *([""] if fmt != DEFAULT_FORMAT else []), drawn]
    return "\n".join(parts)


def pad_data(sheet) -> dict:
    """A blank pad as JSON data: its title, its header's fields (each ``label`` in the reader's
    language and the ``value`` written in, "" for a blank) and its parts (under "tables")."""
    grids = [{"title": part.title, "headers": flat_headers(part), "rows": part.rows} for part in sheet.grids]
    return {"title": sheet.title, "fields": [{"label": f.label, "value": f.value} for f in sheet.fields], "tables": grids}


def flat_headers(grid) -> list:
    """A grid's headers with its group labels put in front (``Alice score``), for one header row."""
    if not grid.groups:
        return list(grid.headers)
    labels = [label for label, span in grid.groups for _ in range(span)]
    return [f"{label} {header}".strip() for label, header in zip(labels, grid.headers)]


def ruled_grid(grid, width: int = PAD_WIDTH) -> str:
    """A grid drawn with rules between every row, its columns to write in all as wide, a pen's
    room at least (``4 = 100``) and each header whole; the first column as wide as its labels.
    When they do not all fit ``width``, the grid is drawn in parts one under the other, each
    part the first column and as many whole groups (a player's, a Hollywood column's) as fit."""
    first = max(len(str(cell)) for cell in [grid.headers[0], *(row[0] for row in grid.rows)]) + 2
    # a header longer than MAX_PAD_HEADER (a long name) is shortened with "…" rather than drawn in parts
    cell = max([MIN_PAD_CELL, *(min(len(str(header)), MAX_PAD_HEADER) + 2 for header in grid.headers[1:])])
    fit = (width - 1 - (first + 1)) // (cell + 1)  # cells (with their rule) a line holds
    spans = [span for _label, span in grid.groups[1:]] if grid.groups else [1] * (len(grid.headers) - 1)
    parts, start, taken = [], 1, []
    for span in spans:
        if taken and sum(taken) + span > fit:
            parts.append((start, sum(taken), len(taken)))
            start, taken = start + sum(taken), []
        taken.append(span)
    parts.append((start, sum(taken), len(taken)))
    if max(cells for _start, cells, _groups in parts) > fit:
        raise GinscoreError(
            _(
                "this pad has {count} columns to write in, too many for {width} characters of text: "
                "print it with --format html"
            ).format(count=len(grid.headers) - 1, width=width + 2)
        )
    # every part's cells as wide as the widest part's share of the line
    rest = max(cell, (width - 1 - (first + 1)) // max(cells for _start, cells, _groups in parts) - 1)
    drawn, group = [], 1
    for begin, cells, groups in parts:
        part = grid._replace(
            headers=[grid.headers[0], *grid.headers[begin : begin + cells]],
            rows=[[row[0], *row[begin : begin + cells]] for row in grid.rows],
            groups=(grid.groups[0], *grid.groups[group : group + groups]) if grid.groups else None,
        )
        drawn.append(_ruled(part, first, rest))
        group += groups
    return "\n\n".join(drawn)


def _ruled(grid, first: int, rest: int) -> str:
    count = len(grid.headers)
    widths = [first] + [rest] * (count - 1)
    rule = "+" + "+".join("-" * size for size in widths) + "+"

    def fit(text, size: int, align: str = "^") -> str:
        text = str(text)
        if len(text) > size - 2:
            text = text[: size - 3] + "…"
        return f" {text:{align}{size - 2}} "

    lines = [rule]
    if grid.groups:
        cells, column = [], 0
        for label, span in grid.groups:
            size = sum(widths[column : column + span]) + span - 1
            cells.append(fit(label or ("" if column == 0 else "_" * (size - 4)), size))
            column += span
        lines += ["|" + "|".join(cells) + "|", rule]
    headers = [cell if cell or column == 0 else "_" * (size - 4) for column, (cell, size) in enumerate(zip(grid.headers, widths))]
    lines += ["|" + "|".join(fit(cell, size) for cell, size in zip(headers, widths)) + "|", rule]
    for row in grid.rows:
        aligned = [fit(row[0], widths[0], ">" if isinstance(row[0], int) else "<")]
        aligned += [fit(cell, size) for cell, size in zip(row[1:], widths[1:])]
        lines += ["|" + "|".join(aligned) + "|", rule]
    return "\n".join(lines)


def to_json(data) -> str:
    """``json.dumps(data, indent=2, ensure_ascii=False)``, by the C encoder (jsonfile.indented)."""
    from ginscore.base.jsonfile import indented

    return indented(data)


def streamed_json(shape, entries, write) -> None:
    """``to_json(shape)`` and a newline, given to ``write`` piece by piece, with the empty list
    that ``shape`` is (or holds under its last key) filled with ``entries``: the same bytes as
    the whole document, with one entry in memory at a time (issue #35)."""
    from ginscore.base.jsonfile import indented

    text = to_json(shape)
    depth = 1 if isinstance(shape, list) else 2
    tail = "]" if depth == 1 else "]\n}"
    if not text.endswith("[" + tail):
        raise ValueError("streamed_json: the document does not end with its empty list")
    head = text[: len(text) - len(tail)]
    inner = "\n" + "  " * depth
    first = True
    for entry in entries:
        write((head if first else ",") + inner)
        write(indented(entry, depth))
        first = False
    write((text if first else "\n" + "  " * (depth - 1) + tail) + "\n")
