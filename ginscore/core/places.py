"""Where each hand of a game stands among its hands (pure; ``ginscore.core.game`` replays with it).

A hand recorded goes after the hands recorded before it, unless it was played before one of
them ('--before N': a hand forgotten, entered later), and a hand voided keeps its place, so that
'restore' puts it back where it stood. Places are derived from the journal in its order, the
same on every device.
"""

from __future__ import annotations


def hand_places(journal) -> dict[str, int]:
    """Every hand entry's place among the hands, voided ones too: entry id -> a rank, lower
    first. A hand goes after the hands recorded before it, unless it names in ``before`` a hand
    it was played before ('--before N': a hand forgotten, entered later): then it goes right
    before that one. Places are relative, so a hand keeps its place through every later void,
    restore or hand put before another, on every device alike; a ``before`` naming no hand
    recorded earlier (another device's file not arrived yet) is read as no ``before``."""
    following: dict[str, str | None] = {}  # a hand -> the hand right after it
    leading: dict[str, str | None] = {}  # a hand -> the hand right before it
    first = last = None
    for entry in journal:
        if entry["action"] != "hand":
            continue
        entry_id, before = entry["id"], entry.get("before")
        if before in following and entry_id not in following:
            previous = leading[before]
            following[entry_id], leading[entry_id] = before, previous
            leading[before] = entry_id
            if previous is None:
                first = entry_id
            else:
                following[previous] = entry_id
        elif entry_id not in following:
            following[entry_id], leading[entry_id] = None, last
            if last is None:
                first = entry_id
            else:
                following[last] = entry_id
            last = entry_id
    places = {}
    while first is not None and first not in places:
        places[first] = len(places)
        first = following[first]
    return places


class Counted:
    """The hands that count at one moment of a journal replayed in order, by place: how many
    count before a place, in O(log n) (a Fenwick tree), so that the log numbers every entry's
    hand as it was then in time linear in the journal (up to a log)."""

    def __init__(self, size: int):
        self.tree = [0] * (size + 1)

    def add(self, place: int, amount: int) -> None:
        place += 1
        while place < len(self.tree):
            self.tree[place] += amount
            place += place & -place

    def before(self, place: int) -> int:
        total = 0
        while place > 0:
            total += self.tree[place]
            place -= place & -place
        return total
