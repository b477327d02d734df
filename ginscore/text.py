"""Small helpers for words and text, below every other layer but the language: lists said as
a sentence says them, which columns of a table hold text, a long value shortened for a message."""

from __future__ import annotations

from ginscore.i18n import _, ngettext

SHORT = 60  # characters of a quoted value a message shows


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


def shortened(text, limit: int = SHORT, quoted: bool = False) -> str:
    """``text`` as a message quotes it: whole when it is at most ``limit`` characters long,
    else its first ``limit`` characters, an ellipsis and its length. Every message that quotes a
    value from a file, the command line or the environment quotes it through this, so that an
    error stays one short line whatever the input (a name or a language of 60,000 characters).
    ``quoted``: the part shown as Python's ``repr`` writes it (in quotes, escapes written out)."""
    text = str(text)
    if len(text) <= limit:
        return repr(text) if quoted else text
    start = repr(text[:limit]) if quoted else text[:limit]
    return ngettext("{start}... ({count} character)", "{start}... ({count} characters)", len(text)).format(
        start=start, count=len(text)
    )
