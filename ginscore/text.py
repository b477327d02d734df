"""Small helpers for words and text, below every other layer but the language: lists said as
a sentence says them, which columns of a table hold text, a long value shortened for a message,
a CSV cell no spreadsheet runs."""

from __future__ import annotations

import re

from ginscore.i18n import SHORT, _, shortened

# ``shortened(text)``: a value from a file, the command line or the environment as a message
# quotes it (the first SHORT characters, an ellipsis and its length). It lives in the language
# module, below this one, so that the language's own errors (an unknown --lang) use it too.
__all__ = ["SHORT", "in_words", "inert", "shortened", "text_columns"]


def in_words(items) -> str:
    """``a``, ``a and b``, ``a, b and c``; nothing for no items."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def text_columns(headers, rows) -> list:
    """The columns of a table holding text, which a renderer must print as typed: tabulate,
    left to itself, reads a player named ``1e5`` as 100000 and ``007`` as 7."""
    return [
        column
        for column in range(len(headers))
        if any(isinstance(row[column], str) and row[column] for row in rows if column < len(row))
    ]


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
