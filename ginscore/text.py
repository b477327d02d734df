"""Small helpers for the words of messages, below every other layer but the language: lists
said as a sentence says them."""

from __future__ import annotations

from ginscore.i18n import _


def in_words(items) -> str:
    """``a``, ``a and b``, ``a, b and c``; nothing for no items."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])
