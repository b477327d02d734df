"""The order of a journal written by several devices: causal first, a fixed tie-break second.

Every entry names what it acts on (``target``; a hand put before another: ``before``) and the
entry its device saw last (``after``: the last of the journal as that device read it). An entry
comes after all of those, whatever the clocks say: its *causal clock* is its own clock, raised to
one more than the causal clock of each entry it names. The journal is ordered by (causal clock,
device, id). Because ``after`` is the last entry of the writer's journal, which holds the highest
causal clock the writer had seen, an entry's causal clock is above every entry its writer had
seen: it sorts after all of them, on every device, however far any clock is off (a device three
days ahead, a clock of 30 digits). Entries made apart, none naming the other, are ordered by
their clocks, then device, then id: the same on every device.

This is a hybrid logical clock worked out when the journal is read rather than written into the
file: an entry's own ``clock`` stays its device's wall clock (never pushed ahead by another
device's), and a file of an older ginscore, whose every entry has a clock above those it names
(its ``after`` and ``target``), reads in exactly its old (clock, device, id) order. Only where an
old entry acts on one with a later clock (a correction of a hand from a device whose clock ran
ahead, which the old order made a no-op) does it now come after it, as it was meant.

Pure: the journal of a game (``ginscore.core.game``) and of the settlements use it alike.
"""

from __future__ import annotations

# The fields of an entry that name an entry it comes after.
NAMED = ("after", "target", "before")


def order_key(entry) -> tuple:
    """The tie-break between entries made apart: by clock, then device, then id."""
    return (entry["clock"], entry["device"], entry["id"])


def ordered(entries) -> list:
    """``entries`` (each id once) in causal order (see the module's docstring). Linear after the
    sort when every entry names only entries with a lower clock, as ginscore writes them where the
    clocks agree; otherwise the causal clocks are worked out once, each entry visited once."""
    plain = sorted(entries, key=order_key)
    ids = {entry["id"] for entry in plain}
    seen: set = set()
    for entry in plain:
        for field in NAMED:
            named = entry.get(field)
            if named is not None and named in ids and named not in seen:
                return _by_causal_clock(plain, ids)
        seen.add(entry["id"])
    return plain


def causal_clocks(entries) -> dict:
    """entry id -> its causal clock (see the module's docstring)."""
    plain = sorted(entries, key=order_key)
    return _causal_clocks(plain, {entry["id"] for entry in plain})


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
            waiting = None
            for field in NAMED:
                named = entry.get(field)
                if named is not None and named in ids and named not in clocks and named not in open_:
                    waiting = by_id[named]
                    break
            if waiting is not None:
                stack.append(waiting)
                open_.add(waiting["id"])
                continue
            clock = entry["clock"]
            for field in NAMED:
                named = entry.get(field)
                if named in clocks and clocks[named] >= clock:
                    clock = clocks[named] + 1
            clocks[entry["id"]] = clock
            open_.discard(entry["id"])
            stack.pop()
    return clocks


def ancestors(journal, entry_id: str) -> set:
    """The ids of the entries of ``journal`` (in causal order) that entry ``entry_id`` comes after,
    named or through the entries they name: what its device had seen when it made it. An entry
    from before devices (no ``after``: one writer's numbered journal) saw every such entry
    before it; a name of an entry not there (another device's, not arrived yet) is passed over."""
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
        named_ones = [entry.get(field) for field in NAMED]
        named_ones.append(numbered_before.get(entry["id"]))
        for named in named_ones:
            if named is not None and named in by_id and named not in found:
                found.add(named)
                waiting.append(named)
    found.discard(entry_id)  # a loop through itself (a file changed by hand)
    return found
