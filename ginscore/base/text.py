"""Small helpers for words and text, below every other layer but the language: lists said as
a sentence says them, which columns of a table hold text, a long value shortened for a message,
a CSV cell no spreadsheet runs, and the word someone probably meant ("did you mean")."""

from __future__ import annotations

import re

from ginscore.base.i18n import SHORT, _, shortened

# ``shortened(text)``: a value from a file, the command line or the environment as a message
# quotes it (the first SHORT characters, an ellipsis and its length). It lives in the language
# module, below this one, so that the language's own errors (an unknown --lang) use it too.
__all__ = ["NAMED", "SHORT", "did_you_mean", "in_words", "inert", "likely_meant", "named", "shortened", "text_columns", "typing_slips"]

NAMED = 10  # what one line names of a list that grows with the ledger; the others are counted


def in_words(items) -> str:
    """``a``, ``a and b``, ``a, b and c``; nothing for no items."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def named(items, most: int = NAMED, bracketed: bool = True) -> str:
    """``a, b, c``: the first ``most`` of ``items``, the others counted (``a, b (and 19990
    more)``, or ``a, b and 19990 more`` where the list stands in brackets already), so that a
    line stays one short line however many there are (the JSON forms keep the whole list)."""
    items = [str(item) for item in items]
    if len(items) <= most:
        return ", ".join(items)
    more = _(" (and {count} more)") if bracketed else _(" and {count} more")
    return ", ".join(items[:most]) + more.format(count=len(items) - most)


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


def likely_meant(typed: str, choices, most: int = 3) -> list:
    """The ``choices`` someone typing ``typed`` probably meant, best first (at most ``most``):
    the fewest typing slips away (a swap of two neighbours is one slip, so 'stauts' is 'status'
    rather than 'stats'), then the same length, then the most alike; only those as near as the
    nearest ('gin_bonsu': gin_bonus, not gin_boxes too). The one helper behind
    every "did you mean": commands, settings, keys, presets, kinds of hand."""
    import difflib  # only on the way to an error

    word = typed.casefold()
    choices = list(dict.fromkeys(str(choice) for choice in choices))
    folded = {choice: choice.casefold() for choice in choices}
    close = difflib.get_close_matches(word, list(folded.values()), n=5, cutoff=0.75)
    slips = {choice: typing_slips(word, folded[choice]) for choice in choices}
    found = [choice for choice in choices if folded[choice] in close or slips[choice] <= max(1, len(word) // 3)]

    def nearness(choice):
        return slips[choice], abs(len(choice) - len(word)), -difflib.SequenceMatcher(None, word, folded[choice]).ratio()

    found.sort(key=nearness)
    return [choice for choice in found if slips[choice] == slips[found[0]]][:most]  # only the nearest


def did_you_mean(typed: str, choices) -> str:
    """`` (did you mean knock?)`` when ``typed`` is close to one of ``choices``, else nothing."""
    found = likely_meant(typed, choices, most=1)
    return _(" (did you mean {choice}?)").format(choice=found[0]) if found else ""


def typing_slips(typed: str, meant: str) -> int:
    """The fewest letters left out, added, changed or swapped with a neighbour that turn
    ``meant`` into ``typed`` (the optimal string alignment distance)."""
    before, row = None, list(range(len(meant) + 1))
    for i, letter in enumerate(typed, 1):
        current = [i]
        for j, other in enumerate(meant, 1):
            best = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (letter != other))
            if before is not None and i > 1 and j > 1 and letter == meant[j - 2] and typed[i - 2] == other:
                best = min(best, before[j - 2] + 1)
            current.append(best)
        before, row = row, current
    return row[-1]
