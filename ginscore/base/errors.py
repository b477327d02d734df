"""Domain errors. The CLI turns every GinscoreError into a one-line message and exit 1.

Each message says what is wrong and how to do it right, so the CLI never has to add to it.
"""

from ginscore.base.i18n import _
from ginscore.base.text import SHORT, shortened


class GinscoreError(Exception):
    """Base of every error a user can cause; never shown with a traceback."""


class RulesError(GinscoreError):
    """A rule setting, preset or config value is not valid."""


class HandError(GinscoreError):
    """A hand cannot be recorded as given (bad deadwood, finished game, ...)."""


class NothingToTakeBack(HandError):
    """'undo' (``redo``: 'redo') finds nothing of this device's (on the board: this phone's) to
    take back in the game; ``last`` and ``entry``, the number and entry id of the game's last
    hand (None: it has none), which another device recorded: a shell offers to delete it."""

    def __init__(self, message: str, redo: bool = False, last: int | None = None, entry: str | None = None):
        super().__init__(message)
        self.redo = redo
        self.last = last
        self.entry = entry


class PlayerError(GinscoreError):
    """A player name is unknown, ambiguous, empty or repeated."""


class CardError(GinscoreError):
    """Cards or melds typed by the user cannot be parsed or are not legal."""


class LedgerError(GinscoreError):
    """The ledger cannot be read, written or locked; it is never silently replaced."""


class TypingError(GinscoreError):
    """A command typed in the wrong shape (a number left out, two words run together): the
    command line's usage error, exit status 2."""


class GameNotFound(GinscoreError):
    """No game with that id, or no game at all yet."""


def shown(value, limit: int = SHORT) -> str:
    """``repr(value)`` for messages (true, false and null as the files write them), shortened (``text.shortened``): a value typed or read from a
    file may be thousands of characters long (and repr of an int of 5,000 digits raises)."""
    if type(value) is bool or value is None:  # as JSON and TOML write them, where the value was read
        return "null" if value is None else "true" if value else "false"
    if type(value) is int and abs(value) >= 10**30:
        return _("a number of more than 30 digits")
    if isinstance(value, str):
        return shortened(value, limit, quoted=True)
    return shortened(repr(value), limit)


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on (a control or escape character, a
    bidirectional override, a line break) written as its escape: a message quoting a file or a
    typed value must not reach the terminal raw, and an error stays on one line."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() or char in SPACING else repr(char)[1:-1] for char in text)


# No-break spaces: between an amount and its currency in German, Russian and Ukrainian ("0,40 €"),
# which a terminal only shows; Python counts them among the characters that are not printable.
SPACING = "\u00a0\u202f"


LINE = 180  # characters of an error line besides the path of the file it names, "Error: " and the separators
PROBLEM = 60  # the fewest characters of a file's problem that such a line shows


def clipped(problem, *beside: str) -> str:
    """A problem found in a file as an error line shows it between the file's path and the
    words ``beside`` it (how to fix it): whole when the line stays within ``LINE`` characters,
    else as many of its first characters as fit (never fewer than ``PROBLEM``) and an ellipsis,
    so that the line stays short in every language whatever the file holds."""
    text = str(problem)
    limit = max(PROBLEM, LINE - sum(len(words) for words in beside))
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def unexpected(error: BaseException) -> str:
    """An error nobody foresaw, as one line: what it was, and that it is worth a report."""
    text = " ".join(str(error).split())
    text = text if len(text) <= 80 else text[:77] + "..."  # the line stays short around it, in every language
    return _("unexpected error ({name}: {text}): please report it, with the file if you can share it").format(
        name=type(error).__name__, text=text
    )


def named_file(text: str, paths: list) -> tuple:
    """(path, the rest) of an error that begins with one of ``paths`` ("PATH: what is wrong"),
    else (the last of ``paths``, the whole text): the file that holds the fault."""
    holder = next((path for path in paths if text.startswith(f"{path}: ")), None)
    return (holder, text[len(holder) + 2:]) if holder else (paths[-1], text)
