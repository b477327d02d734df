"""A summary index made from another of the same games rather than from every game file (issue
#45): a ledger moved or copied to another folder (the cache is kept per ledger path, so the new
path has none), or a cache folder this user cannot write (the index is then kept in a spare
folder that can be written).

Nothing is taken on trust: the other index is a cache like this one, its tables and columns
compared with the ones ginscore makes and each value checked when read, and every game file is
read and the digest of its bytes compared with the one the row was made of (``rows.Facts``). A
row is kept only for the very bytes it was made of; any other game is read again by the mend
that follows (its files' status set aside), as a row of a game whose file is gone is forgotten.
"""

from __future__ import annotations

import os

from ginscore.base import paths
from ginscore.base.content import content_digest
from ginscore.index import cached

SAMPLE = 64  # of this ledger's games, spread over it, that the other index must hold (most of)


SIDE_FILES = ("-journal", "-wal", "-shm")  # SQLite's, beside an index (``index.SIDE_FILES``)


def sources(ledger, also: tuple, index_file: str) -> list:
    """The other summary indexes (files named ``index_file``) that may be of this ledger's games:
    in ``also`` (a cache folder that cannot be written), then every other ledger's cache of this
    device, the newest first."""
    found = [os.path.join(folder, index_file) for folder in also]
    root = os.path.join(paths.cache_root(), "ledgers")
    try:
        names = os.listdir(root)
    except OSError:
        names = []
    others = []
    for name in names:
        path = os.path.join(root, name, index_file)
        if os.path.realpath(os.path.dirname(path)) == os.path.realpath(ledger.cache_dir):
            continue
        try:
            others.append((os.stat(path).st_mtime_ns, path))
        except OSError:
            continue
    return [path for path in found if os.path.isfile(path)] + [path for _time, path in sorted(others, reverse=True)]


def adopt(ledger, target, also: tuple, index_file: str, fits, errors: tuple) -> bool:
    """Fill ``target`` (this ledger's new, empty index, open) from another index of the same
    games, found among ``sources``; True when one was taken. ``fits(connection)``: whether an
    index has the tables and columns ginscore makes; ``errors``: what reading a damaged one
    raises (``index.damage_errors``). Of the indexes that hold most of a sample of this ledger's
    games, the one made of the most of their very bytes is taken (another ledger can hold games
    of the same ids: a copy of it made at another time, or one it was copied from), and none
    made of fewer than half of them (reading every file again costs what a rebuild does)."""
    game_ids = ledger.game_ids()
    if not game_ids:
        return False
    step = max(1, len(game_ids) // SAMPLE)
    sample = _digests(ledger, game_ids[::step][:SAMPLE])
    best, most = None, len(sample) // 2 - 1
    for path in sources(ledger, also, index_file):
        try:
            source = _open(path)
        except (OSError, *errors):
            continue
        try:
            if not fits(source):
                continue
            marks = ", ".join("?" * len(sample))
            rows = source.execute(f"SELECT id, digest FROM games WHERE id IN ({marks})", list(sample)).fetchall()
            same = sum(1 for game_id, made_of in rows if made_of is not None and made_of == sample.get(game_id))
            if len(rows) * 10 >= len(sample) * 9 and same > most:  # this ledger's games, the most of their bytes
                best, most = path, same
        except errors:
            continue
        finally:
            source.close()
        if most == len(sample):  # every game of the sample as it is here: none can do better
            break
    return best is not None and _taken(ledger, target, best, errors)


def _digests(ledger, game_ids: list) -> dict:
    """The digest of each game's bytes as they are here (None where they cannot be read)."""
    found = {}
    for game_id in game_ids:
        try:
            found[game_id] = content_digest(ledger.read_parts(game_id, parse=False))
        except Exception:  # noqa: BLE001 - a file that cannot be read is read again, and said so, by the mend
            found[game_id] = None
    return found


def _taken(ledger, target, path: str, errors: tuple) -> bool:
    """Copy the index at ``path`` into ``target`` and keep only the rows of the very bytes."""
    try:
        source = _open(path)
    except (OSError, *errors):
        return False
    try:
        source.backup(target)
    except errors:
        return False
    finally:
        source.close()
    try:
        with ledger.listed():
            _keep_read(ledger, target)
    except errors:
        return False
    return True


def _open(path: str):
    import sqlite3

    if any(os.path.lexists(f"{path}{tail}") for tail in SIDE_FILES):  # a write under way, or left there: not taken
        raise OSError(path)
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)


def _keep_read(ledger, target) -> None:
    """Every row whose game's files hold the very bytes it was made of gets its files' status as
    they are now; every other row's is set aside, so that the mend reads that game again."""
    kept, again = [], []
    for game_id, made_of in target.execute("SELECT id, digest FROM games").fetchall():
        cached.text(game_id, "a game id")
        now = None
        if made_of is not None and ledger.files_of(game_id):
            try:
                now = content_digest(ledger.read_parts(game_id, parse=False))
            except Exception:  # noqa: BLE001 - a file that cannot be read is read again, and said so, by the mend
                now = None
        if now is not None and now == made_of:
            kept.append((ledger.file_status(game_id), game_id))
        else:
            again.append((game_id,))
    with target:
        target.executemany("UPDATE games SET files = ? WHERE id = ?", kept)
        target.executemany("UPDATE games SET files = NULL WHERE id = ?", again)
        target.execute("DELETE FROM meta WHERE key IN ('settlement_files', 'settlements')")  # told of the files again
