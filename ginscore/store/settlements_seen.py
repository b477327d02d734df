"""What this device last read of the settlement files, kept in its cache folder of the ledger so
that the commands between hands ask it instead of reading every settlement ever recorded (issue
#45): which games the files may name (a Bloom filter of their ids: 'status' asks whether its game
may be settled) and each device's newest entry's clock ('undo' and 'redo' ask whether this
device recorded a settlement after its last hand).

A cache, never data: it holds for the settlement files as they were when it was written (their
``settlement_names.signature``, kept as a digest), it is checked when read back (a digest of its
bytes), and anything else there, or files changed since, means it is not used: the files are
read as before. A game it says no settlement names is named by none; one it says may be named is
looked for in the files (a false "may" costs a read, never a wrong answer)."""

from __future__ import annotations

import os

try:  # BLAKE2 alone: hashlib would load OpenSSL first (a command between hands)
    from _blake2 import blake2b
except ImportError:  # a Python built without it
    from hashlib import blake2b

from ginscore.base.safefile import make_folder, read_regular, write_unsynced

SEEN_FILE = "settlements-seen"
BITS = 1 << 20  # a Bloom filter of 128 KB: 100,000 games at one false "may" in a hundred
HASHES = 4
MOST_BYTES = BITS // 8 + 64 * 1024


class Seen:
    """``newest``: device -> the clock of its newest entry; ``bits``: the filter of game ids."""

    def __init__(self, newest: dict, bits: bytes):
        self.newest, self.bits = newest, bits

    def may_name(self, game_id: str) -> bool:
        """Whether the settlement files may name game ``game_id`` (never False for one they name)."""
        return all(self.bits[place >> 3] >> (place & 7) & 1 for place in _places(game_id))


def _places(game_id: str) -> list:
    made = blake2b(game_id.encode("utf-8"), digest_size=4 * HASHES).digest()
    return [int.from_bytes(made[4 * index:4 * index + 4], "little") % BITS for index in range(HASHES)]


def _mark(signature: str) -> str:
    return blake2b(signature.encode("utf-8"), digest_size=16).hexdigest()


def keep(cache_dir: str, signature: str, entries: list) -> None:
    """Keep what ``entries`` (every settlement entry, as read from the files whose
    ``signature`` it is) name and when each device last wrote one; never fails."""
    newest: dict = {}
    bits = bytearray(BITS // 8)
    for entry in entries:
        device = entry.get("device") or ""
        if device.isascii() and device.isalnum():
            newest[device] = max(newest.get(device, 0), entry["clock"])
        for game_id in _named(entry):
            for place in _places(game_id):
                bits[place >> 3] |= 1 << (place & 7)
    head = f"{_mark(signature)} {' '.join(f'{device}:{clock}' for device, clock in sorted(newest.items()))}\n".encode("ascii")
    body = head + bytes(bits)
    try:
        make_folder(cache_dir)
        write_unsynced(os.path.join(cache_dir, SEEN_FILE), body + blake2b(body, digest_size=16).digest())
    except Exception:  # noqa: BLE001 - a cache not kept costs a read next time
        pass


def _named(entry: dict) -> list:
    """The game ids an entry names: its games, the games of its shares and squarings. Only a
    "settle" names games: an undo or a redo names the settlement it acts on, and what else it
    carries (a key an older or newer ginscore wrote) is passed over unread, its shape unchecked."""
    if entry.get("action") != "settle":
        return []
    found = [game for game in entry.get("games") or () if type(game) is str]
    found += [game for game in (entry.get("shares") or {}) if type(game) is str]
    for square in entry.get("squares") or ():
        found += [game for game in square.get("games") or () if type(game) is str]
    return found


def read(cache_dir: str, signature: str) -> Seen | None:
    """What was kept, if it was kept for the settlement files as they are now (``signature``)
    and its bytes are as written; else None."""
    try:
        data = read_regular(os.path.join(cache_dir, SEEN_FILE), MOST_BYTES)
    except OSError:
        return None
    body, check = data[:-16], data[-16:]
    if len(data) < 16 or blake2b(body, digest_size=16).digest() != check:
        return None
    head, _newline, bits = body.partition(b"\n")
    words = head.decode("ascii", "replace").split()
    if len(bits) != BITS // 8 or not words or words[0] != _mark(signature):
        return None
    newest = {}
    for word in words[1:]:
        device, _colon, clock = word.partition(":")
        if not clock.isdigit() or len(clock) > 30:
            return None
        newest[device] = int(clock)
    return Seen(newest, bits)
