"""A hand's kept seats, in words and JSON: where a hand was played by the players it was
recorded with while the turn of seats (three-handed, partnership) or of the deal (Rummy) gives
others, because a hand before it was deleted or corrected, or came from another device while
apart. The hand keeps who played it; these notes say which hand, so nothing changes in silence."""

from __future__ import annotations

from ginscore.base.i18n import _
from ginscore.base.records import Record


class KeptSeats(Record):
    """A hand played as its seats were recorded where the turn of seats gives others (a hand
    before it deleted or corrected, or recorded on another device while apart): ``recorded``
    and ``turn`` name who played (Rummy: who dealt)."""

    number: int
    recorded: tuple
    turn: tuple

    def to_json(self) -> dict:
        return {"hand": self.number, "recorded": list(self.recorded), "turn": list(self.turn)}


def kept_seat_lines(state) -> list:
    """The notes under a game's status and sheet: each hand played as recorded, not as the
    seats turn."""
    lines = []
    for kept in getattr(state, "kept_seats", ()):
        if len(kept.recorded) == 1:
            line = _("Hand {number} was dealt by {recorded} as recorded, where the turn of the deal gives {turn}.")
        else:
            line = _("Hand {number} was played by {recorded} as recorded, where the turn of seats gives {turn}.")
        lines.append(line.format(number=kept.number, recorded=_(" v ").join(kept.recorded), turn=_(" v ").join(kept.turn)))
    return lines


def seats_json(state) -> dict:
    """``kept_seats`` of a game's JSON, where a hand was played as recorded, not as the seats turn."""
    kept = getattr(state, "kept_seats", ())
    return {"kept_seats": [one.to_json() for one in kept]} if kept else {}
