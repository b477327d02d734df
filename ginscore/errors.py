"""Domain errors. The CLI turns every GinscoreError into a one-line message and exit 1.

Each message says what is wrong and how to do it right, so the CLI never has to add to it.
"""


class GinscoreError(Exception):
    """Base of every error a user can cause; never shown with a traceback."""


class RulesError(GinscoreError):
    """A rule setting, preset or config value is not valid."""


class HandError(GinscoreError):
    """A hand cannot be recorded as given (bad deadwood, finished game, ...)."""


class PlayerError(GinscoreError):
    """A player name is unknown, ambiguous, empty or repeated."""


class CardError(GinscoreError):
    """Cards or melds typed by the user cannot be parsed or are not legal."""


class LedgerError(GinscoreError):
    """The ledger cannot be read, written or locked; it is never silently replaced."""


class GameNotFound(GinscoreError):
    """No game with that id, or no game at all yet."""
