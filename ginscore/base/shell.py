"""Commands suggested in messages, written so that they paste into a POSIX shell as exactly
the intended command: a word quoted only where the shell needs it (``Алиса`` and ``Bob=20``
stay bare, ``'Mary Ann'`` and ``'O'\"'\"'Neil'`` do not), and ``--`` before the arguments when
one starts with ``-`` (a player named ``-x`` is not an option)."""

from __future__ import annotations

# Characters a POSIX shell gives no meaning to inside a word (shlex's safe set). Every character
# the shell treats specially is ASCII, so any other printable character that is not a space is
# safe too: a letter of any script, a currency sign (``€``), an accent.
_SAFE_PUNCTUATION = frozenset("@%+=:,./-_")


def _safe(char: str) -> bool:
    if char.isascii():
        return char.isalnum() or char in _SAFE_PUNCTUATION
    return char.isprintable() and not char.isspace()


def quote(word) -> str:
    """``word`` as one shell word: bare when no character of it means anything to the shell
    (``_safe``), else in single quotes as ``shlex.quote`` writes it."""
    text = str(word)
    if text and all(_safe(char) for char in text):
        return text
    import shlex

    return shlex.quote(text)


def join(words) -> str:
    """The words as one command line, each quoted only where it needs it."""
    return " ".join(quote(word) for word in words)


def command(words, arguments=(), options=()) -> str:
    """``ginscore WORDS... [OPTIONS...] [--] ARGUMENTS...`` as one pasteable line: ``words``
    name the command (``["new"]``), ``arguments`` are its positional arguments (player names),
    ``options`` its options with their values: after the arguments, or before the ``--``."""
    arguments = [str(word) for word in arguments]
    if any(word.startswith("-") for word in arguments):
        return join(["ginscore", *words, *options, "--", *arguments])
    return join(["ginscore", *words, *arguments, *options])
