"""A game's journal told entry by entry: the log's lines (each entry with the hand it concerns
and that hand's number then and now) and the hands deleted that 'restore' can bring back. Only
'log', 'restore' and their kin read it, so the commands between hands never load it."""

from __future__ import annotations

from ginscore.base.records import Record
from ginscore.core.game import CHANGE_ACTIONS, DELETIONS, GAME_ACTIONS, STOP_ACTIONS, effective_hands
from ginscore.core.places import Counted, hand_places


class LogLine(Record):
    """One journal entry explained, for the log."""

    entry: dict  # as stored
    position: int  # its place in the journal, from 1
    target: str | None  # the hand entry it concerns (its own id for a hand; None for abandon/resume)
    hand: dict  # that hand as this entry left it ({} for abandon/resume)
    was: dict | None  # for an edit: the version it replaced
    number: int | None  # that hand's number among the hands that count now; None while taken back
    # the hand's number when this entry was made: the number a hand taken back or deleted had, the
    # number a hand restored or put before another took (None for the other entries)
    then: int | None = None


def history(journal) -> list[LogLine]:
    versions: dict[str, dict] = {}
    places = hand_places(journal)
    counted = Counted(len(places))
    live: set[str] = set()
    lines = []
    for entry in journal:
        then = None
        action = entry["action"]
        if action == "hand":
            target, was = entry["id"], None
            versions[target] = entry["hand"]
            if target in places and target not in live:
                live.add(target)
                counted.add(places[target], 1)
                if entry.get("before") in versions:  # put before a hand recorded earlier
                    then = counted.before(places[target]) + 1
        elif action in STOP_ACTIONS or action in GAME_ACTIONS or action in CHANGE_ACTIONS:
            target, was = None, None
        else:
            target = entry["target"]
            was = versions.get(target)
            if action == "edit" and target in versions:
                versions[target] = entry["hand"]
            place = places.get(target)
            if place is not None and action == "void" and target in live:
                then = counted.before(place) + 1
                live.discard(target)
                counted.add(place, -1)
            elif place is not None and action == "restore" and target in versions and target not in live:
                live.add(target)
                counted.add(place, 1)
                then = counted.before(place) + 1
        lines.append((entry, target, versions.get(target, {}), was if action == "edit" else None, then))
    numbers = {hand.entry: hand.number for hand in effective_hands(journal)}
    return [
        LogLine(entry, position, target, hand, was, numbers.get(target), then)
        for position, (entry, target, hand, was, then) in enumerate(lines, 1)
    ]


class Deleted(Record):
    """A hand deleted now ('ginscore delete', or the undo of a 'ginscore restore'), as
    'ginscore restore' finds it."""

    entry: str  # the hand's entry
    number: int  # its number when it was taken back (last)
    position: int  # the '#' in the log of the "void" entry that took it back
    hand: dict  # the hand as it was then


def deleted_hands(journal) -> list[Deleted]:
    """The hands deleted now, in the order they were deleted (each as deleted last). A hand
    taken back with a plain 'undo' is not one: 'redo' brings it back."""
    found: dict[str, Deleted] = {}
    for line in history(journal):
        if line.then is None:
            continue
        if line.entry["action"] == "void":
            found.pop(line.target, None)
            if line.entry.get("reason") in DELETIONS:
                found[line.target] = Deleted(line.target, line.then, line.position, line.hand)
        elif line.entry["action"] == "restore":
            found.pop(line.target, None)
    return list(found.values())
