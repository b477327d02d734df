"""Commands suggested in messages, written so that they paste into a POSIX shell as exactly
the intended command: every word quoted with ``shlex`` where it needs it, and ``--`` before
the arguments when one starts with ``-`` (a player named ``-x`` is not an option)."""

from __future__ import annotations


def command(words, arguments=(), options=()) -> str:
    """``ginscore WORDS... [OPTIONS...] [--] ARGUMENTS...`` as one pasteable line: ``words``
    name the command (``["new"]``), ``arguments`` are its positional arguments (player names),
    ``options`` its options with their values: after the arguments, or before the ``--``."""
    import shlex

    arguments = [str(word) for word in arguments]
    if any(word.startswith("-") for word in arguments):
        return shlex.join(["ginscore", *words, *options, "--", *arguments])
    return shlex.join(["ginscore", *words, *arguments, *options])
