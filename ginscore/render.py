"""Turning data into text: sheets, tables, CSV and JSON.

tabulate is imported inside the functions that need it: its import alone costs ~50 ms, and
the commands typed between hands (knock, gin, status) must not pay for it.
"""

from __future__ import annotations

import json
import re

DEFAULT_FORMAT = "simple"
# The formats spreadsheets open: plain delimited cells (tabulate's tsv pads them with spaces),
# no titles around the tables, and no cell a spreadsheet would run as a formula.
SPREADSHEET_FORMATS = ("csv", "tsv")


def table_formats() -> list:
    from tabulate import tabulate_formats

    return sorted(tabulate_formats) + ["csv"]


def check_format(fmt: str) -> str:
    """The format's name as tabulate knows it; typed in any case (``--format GitHub``)."""
    name = fmt.strip().lower()
    if name != "csv" and name not in table_formats():
        from ginscore.errors import GinscoreError

        raise GinscoreError(f"unknown --format {fmt!r}: use csv or one of {', '.join(table_formats()[:-1])}")
    return name


# A spreadsheet opening CSV or TSV runs a cell that starts with one of these as a formula
# (=HYPERLINK(...), @SUM(1), a DDE call). OWASP's advice: a leading ' makes it text.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")


def inert(cell):
    """A cell a spreadsheet will not execute: text starting like a formula gets a leading
    ``'``. A plain signed number (``-12``) is left alone: it is data, and stays a number."""
    if isinstance(cell, str) and cell.startswith(_FORMULA_START) and not _PLAIN_NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def table(headers, rows, fmt: str = DEFAULT_FORMAT) -> str:
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
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=_text_columns(headers, rows))


def _text_columns(headers, rows) -> list:
    """The columns holding text, which tabulate must print as typed: left to itself it reads a
    player named ``1e5`` as 100000 and ``007`` as 7."""
    return [
        column
        for column in range(len(headers))
        if any(isinstance(row[column], str) and row[column] for row in rows if column < len(row))
    ]


def plain_table(headers, rows) -> str:
    """A small aligned table without tabulate, for the fast status path: text left, numbers right."""
    cells = [[str(cell) for cell in headers]] + [[str(cell) for cell in row] for row in rows]
    widths = [max(len(row[column]) for row in cells) for column in range(len(headers))]
    text = _text_columns(headers, rows)
    numeric = [column not in text for column in range(len(headers))]

    def line(row) -> str:
        parts = [
            cell.rjust(width) if is_number else cell.ljust(width)
            for cell, width, is_number in zip(row, widths, numeric)
        ]
        return "  ".join(parts).rstrip()

    out = [line(cells[0]), "  ".join("-" * width for width in widths)] if any(headers) else []
    out += [line(row) for row in cells[1:]]
    return "\n".join(out)


def sheet(sheet, fmt: str = DEFAULT_FORMAT) -> str:
    """A format's Sheet as text (tabulate) or as CSV (one block per table)."""
    if fmt in SPREADSHEET_FORMATS:
        return "\n\n".join(table(part.headers, part.rows, fmt) for part in sheet.tables)
    if fmt in ("html", "unsafehtml"):
        return _html_sheet(sheet, fmt)
    parts = [sheet.title, "=" * len(sheet.title), *sheet.lines, ""]
    for part in sheet.tables:
        if part.title:
            parts += [part.title, ""]
        parts += [table(part.headers, part.rows, fmt), ""]
    parts += sheet.notes
    return "\n".join(parts).rstrip("\n")


def _html_sheet(sheet, fmt: str) -> str:
    """The sheet as one HTML fragment: headings and paragraphs around the tables, so that
    ``sheet --format html > sheet.html`` reads in a browser as it does in a terminal. The text
    is escaped like tabulate escapes the cells (``unsafehtml``: neither is)."""
    from html import escape

    def text(value: str) -> str:
        return escape(value) if fmt == "html" else value

    parts = [f"<h1>{text(sheet.title)}</h1>", *(f"<p>{text(line)}</p>" for line in sheet.lines)]
    for part in sheet.tables:
        if part.title:
            parts.append(f"<h2>{text(part.title)}</h2>")
        parts.append(table(part.headers, part.rows, fmt))
    parts += [f"<p>{text(note)}</p>" for note in sheet.notes]
    return "\n".join(parts)


def plural(count: int, word: str) -> str:
    """``1 hand``, ``3 hands``."""
    return f"{count} {word}{'s' if count != 1 else ''}"


def in_words(items) -> str:
    """``a``, ``a and b``, ``a, b and c``; nothing for no items."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def to_json(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)
