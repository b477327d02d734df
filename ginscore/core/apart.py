"""What several devices recorded in one game: the entries recorded while apart, the devices, the
bursts of one device's entries, likely double entries, and clocks far ahead of this device's.
Pure: read from a game's journal (``ginscore.core.game``), for status, log and check."""

from __future__ import annotations

from ginscore.core.causal import names
from ginscore.core.game import AHEAD_MS, _content, effective_hands, system_ms

# Two equal hands recorded on two devices this close together are likely one hand entered twice.
DOUBLE_ENTRY_MS = 10 * 60 * 1000


def far_ahead(journal, started: int = 0) -> list[dict]:
    """The entries whose clock is more than AHEAD_MS ahead of this device's wall clock (and the
    game's start, as ``{"clock": started}``, when it is): kept, not followed (``Game.append``).
    The system's clock, read without a trace: a reading command leaves no mark on any clock."""
    bound = system_ms() + AHEAD_MS
    found = [entry for entry in journal if entry["clock"] > bound]  # anywhere: what was seen after them comes after
    return ([{"id": None, "clock": started}] if started > bound else []) + found


def apart(journal) -> list[dict]:
    """The entries recorded on a device that had not seen the entry before them: what two
    devices recorded while apart, merged. Entries from before clocks (no ``after``) never are."""
    found = []
    previous = None
    for entry in journal:
        if "after" in entry and entry["after"] != previous:
            found.append(entry)
        previous = entry["id"]
    return found


def devices(journal) -> list[str]:
    """The devices that recorded the entries, in the order they first did ("" for entries from
    before devices are left out)."""
    return list(dict.fromkeys(entry["device"] for entry in journal if entry["device"]))


def bursts(journal) -> dict[str, int]:
    """entry id -> its burst: a run of one device's entries recorded without seeing another
    device's (each names that device's previous entry as the one before it). Two devices apart
    each record one burst; the burst ends when the device sees the other's entries."""
    found: dict[str, int] = {}
    last_of: dict[str, str] = {}  # device -> its latest entry so far
    count = 0
    for entry in journal:
        device = entry["device"]
        previous = last_of.get(device)
        if previous is None or entry.get("after") != previous:
            count += 1
            found[entry["id"]] = count
        else:
            found[entry["id"]] = found[previous]
        last_of[device] = entry["id"]
    return found


def double_entries(journal) -> list[tuple]:
    """(first, second) hand numbers of two hands that count, alike, recorded on two devices
    within DOUBLE_ENTRY_MS, neither device having seen the other hand (made apart, see
    ``ginscore.core.causal``): likely one hand entered twice. Once per pair of bursts
    (``bursts``), not per pair of hands: 80 hands entered on each of two devices apart are one
    note, not thousands; a hand entered after its device saw an alike one, none. Linear: each
    hand is compared with the latest alike hand of each other device only."""
    if len({entry["device"] for entry in journal}) < 2:  # one device's hands (most games): none made apart
        return []
    entries = {entry["id"]: entry for entry in journal}
    burst_of = bursts(journal)
    knows = None  # asked only of a candidate pair
    latest: dict = {}  # a hand's content -> device -> (number, entry) of its latest alike hand
    noted: set = set()
    found = []
    for hand in effective_hands(journal):
        two = entries[hand.entry]
        content = _content(hand.hand)
        alike = latest.setdefault(content, {})
        for device, (number, one) in alike.items():
            pair = tuple(sorted((burst_of[one["id"]], burst_of[two["id"]])))
            if device != two["device"] and pair not in noted and abs(two["clock"] - one["clock"]) <= DOUBLE_ENTRY_MS:
                knows = knows or Knowledge(journal)
                if not knows.saw(two, one) and not knows.saw(one, two):
                    noted.add(pair)
                    found.append((number, hand.number))
        alike[two["device"]] = (hand.number, two)
    return found


class Knowledge:
    """Which entries each entry's device had seen, as a vector (device -> how many of that
    device's entries, in journal order): worked out once, in one pass."""

    def __init__(self, journal):
        self.vectors: dict = {}
        self.places: dict = {}  # entry id -> (device, its place among that device's entries, from 1)
        counts: dict = {}
        numbered = None  # entries from before devices each saw the one before
        for entry in journal:
            vector: dict = {}
            named = names(entry) + ([numbered] if "after" not in entry and numbered else [])
            for held in named:
                for device, count in self.vectors.get(held, {}).items():
                    if vector.get(device, 0) < count:
                        vector[device] = count
            device = entry["device"]
            counts[device] = counts.get(device, 0) + 1
            vector[device] = counts[device]
            self.vectors[entry["id"]] = vector
            self.places[entry["id"]] = (device, counts[device])
            if "after" not in entry:
                numbered = entry["id"]

    def saw(self, entry, other) -> bool:
        """Whether ``entry``'s device had seen ``other`` when it made ``entry``."""
        device, place = self.places[other["id"]]
        return self.vectors[entry["id"]].get(device, 0) >= place
