"""The order of a journal written by several devices: causal first, a fixed tie-break second.

Every entry names what it acts on (``target``; a hand put before another: ``before``) and what
its device had seen: ``after``, the last entry of the journal as that device read it, and, where
that device had merged entries made apart that none of the others follows, ``also_after``: those
others (the journal's other *heads*). Everything the device had seen is an entry it names or one
those name, and so on (its *ancestors*).

An entry comes after everything it names, whatever the clocks say: its *causal clock* is its own
clock, raised to one more than the causal clock of each entry it names, and the journal is
ordered by (causal clock, device, id). ``after`` holds the highest causal clock the device had
seen, so an entry sorts after everything its device had seen, on every device, however far any
clock is off (a device three days ahead, a clock of 30 digits). Entries made apart, none naming
the other, are ordered by their clocks, then device, then id: the same on every device.

This is a hybrid logical clock worked out when the journal is read rather than written into the
file: an entry's own ``clock`` stays its device's wall clock (never pushed ahead by another
device's), and a file of an older ginscore, whose every entry has a clock above those it names,
reads in exactly its old (clock, device, id) order. Only where an old entry acts on one with a
later clock (a correction of a hand from a device whose clock ran ahead, which the old order made
a no-op) does it now come after it, as it was meant.

Entries from before devices (no ``after`` at all: one writer's numbered journal) each saw the
ones before them. Pure: the journal of a game (``ginscore.core.game``) and of the settlements
use it alike.
"""

from __future__ import annotations

from operator import itemgetter

# The fields of an entry that name one entry it comes after; "also_after" names several.
NAMED = ("after", "target", "before")
ALSO = "also_after"
# At most this many other heads are named: more is a file made by hand (or hundreds of devices
# apart), and the causal clocks still put the entry after the heads with a lower one.
MOST_HEADS = 32


def order_key(entry) -> tuple:
    """The tie-break between entries made apart: by clock, then device, then id."""
    return (entry["clock"], entry["device"], entry["id"])


def names(entry) -> list:
    """The ids ``entry`` names as entries it comes after (what it acts on and what it had seen).
    Only texts are names: whatever else a file changed by hand holds there names nothing (the
    file's checks say what is wrong with it)."""
    found = [entry[field] for field in NAMED if type(entry.get(field)) is str]
    also = entry.get(ALSO)
    return found + [named for named in also if type(named) is str] if type(also) is list else found


def ordered(entries) -> list:
    """``entries`` (each id once) in causal order (see the module's docstring). Linear after the
    sort when every entry names only entries with a lower clock, as ginscore writes them where the
    clocks agree; otherwise the causal clocks are worked out once, each entry visited once."""
    plain = sorted(entries, key=_ORDER_KEY)
    ids = {entry["id"] for entry in plain}
    seen: set = set()
    for entry in plain:
        # NAMED, one by one: a name seen already (the usual "after") is told first
        for named in (entry.get("after"), entry.get("target"), entry.get("before")):
            if type(named) is str and named not in seen and named in ids:
                return _by_causal_clock(plain, ids)
        if ALSO in entry and any(named in ids and named not in seen for named in names(entry)):
            return _by_causal_clock(plain, ids)
        seen.add(entry["id"])
    return plain


_ORDER_KEY = itemgetter("clock", "device", "id")  # order_key at C speed: every journal read is sorted by it


def _by_causal_clock(plain: list, ids: set) -> list:
    clocks = _causal_clocks(plain, ids)
    return sorted(plain, key=lambda entry: (clocks[entry["id"]], entry["device"], entry["id"]))


def _causal_clocks(plain: list, ids: set) -> dict:
    """Each entry's causal clock, from its own and those of the entries it names, visited depth
    first in (clock, device, id) order. A loop of entries naming one another (only a file changed
    by hand makes one) is cut where the walk meets it again: that name is passed over, the same
    way on every device."""
    by_id = {entry["id"]: entry for entry in plain}
    clocks: dict = {}
    open_: set = set()  # entries on the walk's path now: a name of one of them closes a loop
    for start in plain:
        if start["id"] in clocks:
            continue
        stack = [start]
        open_.add(start["id"])
        while stack:
            entry = stack[-1]
            waiting = next((named for named in names(entry) if named in ids and named not in clocks and named not in open_), None)
            if waiting is not None:
                stack.append(by_id[waiting])
                open_.add(waiting)
                continue
            clock = entry["clock"]
            for named in names(entry):
                if named in clocks and clocks[named] >= clock:
                    clock = clocks[named] + 1
            clocks[entry["id"]] = clock
            open_.discard(entry["id"])
            stack.pop()
    return clocks


def heads(journal) -> list:
    """The ids of the entries of ``journal`` (in causal order) that no other entry comes after:
    what an entry made now names (the last one as ``after``, the others as ``also_after``)."""
    followed: set = set()
    numbered = None  # the last entry from before devices so far: the next such entry follows it
    for entry in journal:
        followed.update(names(entry))
        if "after" not in entry:
            if numbered is not None:
                followed.add(numbered)
            numbered = entry["id"]
    return [entry["id"] for entry in journal if entry["id"] not in followed]


def ancestors(journal, entry_id: str) -> set:
    """The ids of the entries of ``journal`` (in causal order) that entry ``entry_id`` comes after,
    named or through the entries they name: what its device had seen when it made it (for an entry
    of an older ginscore, which named only the last entry it saw, what that one had seen: the
    entries it had merged besides are not told). An entry from before devices saw every such
    entry before it; a name of an entry not there (not arrived yet) is passed over."""
    by_id, numbered_before, previous = {}, {}, None
    for entry in journal:
        by_id[entry["id"]] = entry
        if "after" not in entry:
            numbered_before[entry["id"]] = previous
            previous = entry["id"]
    found: set = set()
    waiting = [entry_id]
    while waiting:
        entry = by_id[waiting.pop()]
        for named in (*names(entry), numbered_before.get(entry["id"])):
            if named is not None and named in by_id and named not in found:
                found.add(named)
                waiting.append(named)
    found.discard(entry_id)  # a loop through itself (a file changed by hand)
    return found
