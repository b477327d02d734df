"""The digest of a game's content: each of its files' name, size and BLAKE2b, as the summary index
keeps it beside the summary it made of those bytes, so that it can vouch for them and no others:
'check' reads every file and compares, and a ledger moved or copied (its files' times lost) is
known by its content (``ginscore.index.adopted``). Not an id's short digest (``base.ids.digest``)."""

from __future__ import annotations

import os

try:  # BLAKE2 alone: hashlib would load OpenSSL first
    from _blake2 import blake2b
except ImportError:  # a Python built without it
    from hashlib import blake2b


def content_digest(files) -> str | None:
    """``name:size:digest`` of each of ``files`` ((path, bytes) pairs), by name, in one line; None for none."""
    parts = sorted(f"{os.path.basename(path)}:{len(raw)}:{blake2b(raw, digest_size=16).hexdigest()}" for path, raw in files)
    return " ".join(parts) or None


def of_game(ledger, game_id: str) -> str | None:
    """The ``content_digest`` of the bytes game ``game_id`` was last loaded or saved from by
    ``ledger`` (a ``store.ledger.Ledger``); None when it was not."""
    files = ledger.read_bytes.get(game_id)
    return None if files is None else content_digest(files)
