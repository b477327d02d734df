"""Ids that need no coordination: a game or a journal entry made on one device never takes the
id of one made on another, with no server to ask. An id is a digest of what makes it unique
(the device, the game, a clock that never runs backwards on that device), written in an
alphabet without look-alikes (no 0/o, 1/l/i), always starting with a letter so that it can
never be mistaken for the number of a game from before ids (``1``, ``2``, ...).

Digest, not chance: the same device at the same clock makes the same id, so a test with a frozen
clock sees the same ids on every run. FNV-1a on 64 bits, not hashlib, because the digest is made
on every hand and hashlib's import costs milliseconds of start-up.
"""

from __future__ import annotations

import re

ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
LETTERS = "abcdefghjkmnpqrstuvwxyz"
GAME_ID_LENGTH = 8  # about 2^39: two devices apart would have to start ~700,000 games each to clash
ENTRY_ID_LENGTH = 10
DEVICE_ID_LENGTH = 6
# A game id as files and --game hold it: a number (a game from before ids) or a made id; a
# device's id: letters and digits (GINSCORE_DEVICE may name one).
GAME_ID = re.compile(r"^(?:[1-9][0-9]*|[a-z][0-9a-z]*)$")
DEVICE_ID = re.compile(r"^[0-9a-z]{2,16}$")

_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3
_MASK = 2**64 - 1


def _fnv(data: bytes, basis: int = _FNV_OFFSET) -> int:
    value = basis
    for byte in data:
        value = ((value ^ byte) * _FNV_PRIME) & _MASK
    return value


def digest(seed: str, length: int) -> str:
    """``length`` characters of ALPHABET from ``seed``, the first a letter."""
    data = seed.encode("utf-8", "surrogateescape")
    value, round_ = _fnv(data), 0
    chars = [LETTERS[value % len(LETTERS)]]
    value //= len(LETTERS)
    while len(chars) < length:
        if value < len(ALPHABET):  # spent: draw 64 more bits
            round_ += 1
            value = _fnv(data, _fnv(str(round_).encode(), _FNV_OFFSET))
        chars.append(ALPHABET[value % len(ALPHABET)])
        value //= len(ALPHABET)
    return "".join(chars)


def made_id(game_id: str) -> bool:
    """Whether ``game_id`` is a made id (not the number of a game from before ids)."""
    return not game_id.isdigit()


def order_key(game_id: str) -> tuple:
    """Games of the same start time in a fixed order: numbered games by number, before made ids."""
    return (0, int(game_id), "") if game_id.isdigit() else (1, 0, game_id)
