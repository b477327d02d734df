"""The game a device that started none carries on: a git clone, a synced copy, a device that
only ever followed another's games. The game started last by the games' own creation time and
start clock, never by file times: a clone gives every file one time, a syncer writes them in
any order. The ledger asks ``choose_current`` (set by the application service: the summary
index, which knows which games are in progress); without it, the game not voided started last.

The answer is kept in this device's cache with the games folder's time, so that the next
command reads one small file instead of every game, until the folder changes.
"""

from __future__ import annotations

from ginscore.base.errors import GameNotFound, GinscoreError
from ginscore.base.i18n import _
from ginscore.base.ids import GAME_ID, digest, order_key
from ginscore.base.safefile import make_folder, read_regular, write_unsynced


def carried_on(ledger) -> str:
    mtime = ledger.folder_mtime()
    kept = kept_answer(ledger, mtime)
    if kept is not None and ledger.files_of(kept):
        return kept
    chosen = ledger.choose_current() if ledger.choose_current is not None else None
    if chosen is None or not GAME_ID.match(chosen) or not ledger.files_of(chosen):
        # no index to ask, or an answer that names no game here: the folder listed and read
        ids = ledger.game_ids()
        if not ids:
            raise GameNotFound(_("no games in {path} yet: start one with 'ginscore new Alice Bob'").format(path=ledger.root))
        chosen = started_last(ledger, ids)
    if mtime is not None:
        try:
            make_folder(ledger.cache_dir)
            line = f"{mtime} {chosen}"
            write_unsynced(ledger.carried_path, f"{line} {digest(line, 8)}\n".encode("ascii"))
        except (GinscoreError, OSError):  # not kept: worked out again next time
            pass
    return chosen


def kept_answer(ledger, mtime) -> str | None:
    """The game kept for the games folder as it is now, or None."""
    try:  # MTIME GAME CHECK: a line cut short, changed or of another folder time is worked out again
        words = read_regular(ledger.carried_path, 4096).decode("ascii").split()
    except (OSError, UnicodeDecodeError):
        return None
    if len(words) == 3 and words[0] == str(mtime) and words[2] == digest(f"{words[0]} {words[1]}", 8) and GAME_ID.match(words[1]):
        return words[1]
    return None


def started_last(ledger, ids: list[str]) -> str:
    """The game not voided started last, by its creation time, start clock and id (voided and
    damaged ones only when no other game is there); reads every game."""

    def start(game_id):
        try:
            game = ledger.load(game_id)
            return (not ledger._is_voided(game_id), str(game.created or ""), int(game.clock or 0), order_key(game_id))
        except GinscoreError:
            return (False, "", 0, order_key(game_id))

    return max(ids, key=start)


def from_index(connection) -> str | None:
    """The answer of the summary index (``ginscore.index.index``): the game in progress started last
    (by ``position``: creation time, start clock, id), else the game started last; a voided or
    damaged game only when there is no other. Each question walks one SQL index from its end."""
    for which in ("finished = 0 AND voided = 0 AND damaged IS NULL", "voided = 0 AND damaged IS NULL", "1"):
        row = connection.execute(f"SELECT id FROM games WHERE {which} ORDER BY position DESC LIMIT 1").fetchone()
        if row is not None:
            return str(row[0])
    return None
