"""This device's clock for one ledger: the highest clock it gave an entry (a game's, a
settlement's), kept in its own state folder, outside the shared ledger. The next entry's clock
is above it (``core.game.next_clock``), so that this device's entries rise in the order it made
them across every game and its settlements ('undo' takes back its last), even when its wall
clock is set back. A clock far ahead of the wall clock is not followed there either."""

from __future__ import annotations

import os

from ginscore.base.errors import GinscoreError
from ginscore.base.jsonfile import MAX_NUMBER_DIGITS
from ginscore.base.safefile import make_folder, read_regular, write_unsynced


def last_clock(path: str) -> int:
    """The clock kept at ``path``; 0 when unknown (missing, not a number: the entries' own
    clocks still rise)."""
    try:
        text = read_regular(path, 64).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return 0
    return int(text) if text.isdigit() and len(text) <= MAX_NUMBER_DIGITS else 0


def note_clock(path: str, clock: int) -> None:
    """Keep ``clock`` at ``path`` if it is above the one kept (inside the ledger's lock)."""
    if clock <= last_clock(path):
        return
    try:
        make_folder(os.path.dirname(path))
        write_unsynced(path, f"{clock}\n".encode("ascii"))
    except (GinscoreError, OSError):  # not kept: the entries' own clocks still rise
        pass
