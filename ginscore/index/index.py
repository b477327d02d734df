"""The summary index: every game's summary kept in one SQLite file, so that 'games', 'settle'
and 'stats' answer without reading every game file.

The game files stay the truth; the index is a cache of each game's summary
(``ginscore.ops.summary.summarize``), and it is read as untrusted input like every other file: a
missing, damaged or foreign index file (not SQLite, another layout, a symlink) is thrown away
and rebuilt from the files. The index never reads or evaluates a game itself: it stores the
summaries it is given, and where it must bring itself up to date it asks the
``summarize_file`` function its caller (``ginscore.app.book``) hands it.

Two files in this device's cache folder of the ledger (``Ledger.cache_dir``, never in the ledger
folder, which other devices share: a synced SQLite file is a known way to lose data):

- ``index.sqlite3``: a row per game (its files' names, sizes and times, its place in the order
  games were started, created, finished, summary) and a row per player of each finished game
  (the statistics 'stats' adds up in SQL);
- ``index-stamp``: ``MTIME GENERATION``: the games folder's modification time when the
  index was last brought up to date, and the generation the index had then.

The index is trusted only while the games folder's time and the index's generation both match
the stamp. Anything that adds, removes or replaces a game file (ginscore, a sync client, git,
copying a backup in) changes the folder's time; then the files are compared with the index, by
size and time, and only the changed ones are read again. A file edited in place by another
program keeps the folder's time: 'ginscore check' compares every file with the index and
mends it.

Keeping it current costs a hand almost nothing: a write that changes no summary (a hand in a
game that stays in progress) only renews the stamp; a new game and any change to a game that is
finished before or after it also updates its rows, under the same lock as the game file. No
write grows with the number of games. The stamp and the generation are written in that order,
each after the data it vouches for, so a crash between them leaves a stamp that does not match
and a rebuild, never a stale answer.
"""

from __future__ import annotations

import os
import stat

from ginscore.base.errors import LedgerError
from ginscore.base.i18n import _
from ginscore.base.safefile import make_folder
from ginscore.base.text import shortened
from ginscore.index import sketched, totals
from ginscore.index.cached import Damaged
from ginscore.index.layout import LAYOUT, expected_layout, layout_of, memory_index, new_index  # noqa: F401 - LAYOUT asked of this module
from ginscore.index.rows import NO_FACTS, empty, forget, indexes_set_aside, make_indexes, position, rows, store, write_rows  # noqa: F401 - position asked of this module
from ginscore.index.stamp import STAMP_FILE, Stamp, bump, forget_stamp, generation_of, read_stamp, write_stamp  # noqa: F401 - the index's stamp, asked of this module

INDEX_FILE = "index.sqlite3"
# ---- keeping it current: told by the application service, under the lock -----------------


def before_save(ledger):
    """What after_save needs to know of the index as it was before the write: its stamp, if
    that stamp was current then (else None: the index is missing or already stale, and the
    next reader rebuilds it, so the write need not tell it anything)."""
    stamp = read_stamp(ledger)
    if stamp is None or stamp.mtime != ledger.folder_mtime():
        return None
    return stamp


def after_save(ledger, game_id: str, summary: dict, changed: bool, stamp: Stamp, place: str, facts=None) -> None:
    """Bring the index up to date with game ``game_id`` just written, whose summary is
    ``summary``; ``changed``: whether its row must be rewritten (a new game, a game finished
    before or after the write, a game voided or brought back), else only the stamp is renewed.
    Never fails the save: an index that cannot be updated is left with a stamp that does not
    match, and the next reader rebuilds it."""
    try:
        generation = stamp.generation
        if changed:
            connection = connect(ledger, rebuild=False)
            if connection is None:
                return
            try:
                if generation_of(connection) != stamp.generation:
                    return
                with connection:
                    store(connection, ledger, game_id, summary, None, place, facts=facts or NO_FACTS)
                    generation = bump(connection)
            finally:
                connection.close()
        write_stamp(ledger, Stamp(ledger.folder_mtime(), generation))
    except Exception:  # noqa: BLE001 - a cache must never fail the write it follows
        return


def after_merge(ledger, stamp: Stamp | None, game_ids: list, summarize_file) -> bool:
    """Tell the index of the games ``game_ids`` a merge just wrote (under its lock), reading only
    them (``mend``), when it was current before (``stamp``: ``before_save``'s); else False."""
    connection = connect(ledger, rebuild=False) if stamp is not None else None
    if connection is None:
        return False
    try:
        current = generation_of(connection) == stamp.generation
        if current and game_ids:  # else the folder and the stamp are as they were
            mend(ledger, connection, summarize_file, only=list(dict.fromkeys(game_ids)))
        return current
    except damage_errors():
        return False
    finally:
        connection.close()


# ---- the SQLite file -----------------------------------------------------------------------


def index_path(ledger) -> str:
    return os.path.join(ledger.cache_dir, INDEX_FILE)


SIDE_FILES = ("-journal", "-wal", "-shm")  # what SQLite keeps beside the index, as untrusted as it


def damage_errors() -> tuple:
    """Every error that reading a damaged or foreign index can raise: each means "rebuild it
    from the game files", never an answer (sqlite3 is imported on the first question)."""
    import sqlite3

    return (sqlite3.Error, Damaged, TypeError, ValueError, OverflowError, KeyError, IndexError, AttributeError,
            ArithmeticError, RecursionError, MemoryError)


def _sides_safe(path: str) -> bool:
    """Whether SQLite may open the index at ``path``: every side file it may open is missing or
    a plain file; a FIFO, device, link or empty folder there is removed first (SQLite would
    block on a FIFO for good), anything that cannot be removed makes the index unusable."""
    for side in (f"{path}{tail}" for tail in SIDE_FILES):
        try:
            if stat.S_ISREG(os.lstat(side).st_mode):
                continue
            os.rmdir(side) if os.path.isdir(side) and not os.path.islink(side) else os.unlink(side)
        except FileNotFoundError:
            continue
        except OSError:
            return False
    return True


def connect(ledger, rebuild: bool = True, notes: list | None = None):
    """The index, open; None when it is missing or unusable and ``rebuild`` is False. With
    ``rebuild``, anything unusable at its name is removed and an empty index made (its
    generation 0 matches no stamp, so the caller fills it), with a line in ``notes`` unless it
    is only missing or an index of another version of ginscore. Usable means: a plain file,
    its side files plain files or none, and the very tables, columns and indexes ginscore makes."""
    import sqlite3

    path = index_path(ledger)
    problem = None
    try:
        usable = stat.S_ISREG(os.lstat(path).st_mode)
        problem = None if usable else _("not a plain file")
    except FileNotFoundError:
        usable = False
    if usable and not _sides_safe(path):
        usable, problem = False, _("a side file is in the way")
    if usable:
        connection = None
        try:
            connection = sqlite3.connect(path, timeout=10)
            found = layout_of(connection)
            if found == expected_layout():
                connection.execute("PRAGMA synchronous = NORMAL")
                return connection
            other_version = len(found[2]) == 1 and str(found[2][0][0]).startswith("ginscore-index ")
            problem = None if other_version else _("not the tables ginscore makes")
        except damage_errors() as error:
            problem = f"{type(error).__name__}: {error}"
        if connection is not None:
            connection.close()
    if not rebuild:
        return None
    make_folder(ledger.cache_dir)
    remove(ledger)
    if not _sides_safe(path):
        raise LedgerError(_("cannot replace the damaged index {path}: {reason}").format(path=path, reason=_("a side file is in the way")))
    if os.path.lexists(path):  # a folder, which remove() leaves alone
        raise LedgerError(_("cannot replace the damaged index {path}: {reason}").format(path=path, reason=_("not a plain file")))
    if problem is not None:
        tell(notes, ledger, problem)
    return new_index(path)


def remove(ledger) -> None:
    """Remove the index and its side files (a symlink is removed itself, never what it points to)."""
    path = index_path(ledger)
    for leftover in (path, *(f"{path}{tail}" for tail in SIDE_FILES)):
        try:
            if os.path.lexists(leftover) and not os.path.isdir(leftover):
                os.unlink(leftover)
        except OSError as error:
            raise LedgerError(
                _("cannot replace the damaged index {path}: {reason}").format(path=leftover, reason=error.strerror)
            ) from None


# ---- reading ----------------------------------------------------------------------------------


def current(ledger, summarize_file, notes: list | None = None, spare: bool = True, progress=None, newest=None):
    """The index, up to date with the game files: rebuilt or mended first when it is missing,
    damaged or stale (``summarize_file(game_id)`` -> (summary, problem, place, facts) reads a
    file again). Under the ledger's lock while it is mended, so no write can slip between the
    files read and the stamp written. A missing index is first made from another of the same
    games, where there is one (``adopted``: a ledger moved or copied). A cache folder that
    cannot be written gives way to a spare one that can (``spare_folder``), made from it; where
    none can be, the index is in memory. An index found damaged while it is mended is rebuilt
    from the files, with a line in ``notes``. ``progress(done, total)``, where given, is told how far
    a mend that reads many games has come (``mend``). ``newest`` (``sketched.Newest``): the question
    may be answered from a sketch (a new device's first listing); without it a sketched index is
    made whole first."""
    if not os.path.isdir(ledger.games_dir):
        return memory_index()
    given_up = ()
    if spare and not writable(ledger):
        given_up = (ledger.cache_dir,)
        ledger.cache_dir = spare_folder(ledger)
    connection = connect(ledger, rebuild=False)
    if connection is not None and current_stamp(ledger, connection) and not sketched.marked(connection):
        return connection  # a sketch current with the files goes on under the lock: made whole, or the games asked for read
    if connection is not None:
        connection.close()
    import sqlite3

    try:
        with ledger.locked():
            fresh = not os.path.lexists(index_path(ledger))
            connection = connect(ledger, notes=notes)
            try:
                if newest is None and not fresh and sketched.marked(connection):  # every game asked of: made whole as a new device's
                    connection = _renewed(ledger, connection)
                    fresh = True
                if fresh:  # made from another index of these games where there is one: every file read, only rows of the same bytes kept
                    from ginscore.index import adopted  # a new index only: no other command loads it

                    adopted.adopt(ledger, connection, given_up, INDEX_FILE,
                                  lambda other: layout_of(other) == expected_layout() and not sketched.marked(other), damage_errors())
                return _brought_up(ledger, connection, summarize_file, progress, newest, lambda: _renewed(ledger, connection))
            except damage_errors() as error:
                connection.close()
                tell(notes, ledger, error)
                remove(ledger)
                connection = connect(ledger)
                return _brought_up(ledger, connection, summarize_file, progress, newest, lambda: _renewed(ledger, connection))
    except (LedgerError, OSError, sqlite3.Error):  # cannot be written here: a spare folder, else memory
        if spare and not given_up:
            ledger.cache_dir = spare_folder(ledger)
            return current(ledger, summarize_file, notes, spare=False, progress=progress, newest=newest)
        connection = memory_index()
        return _brought_up(ledger, connection, summarize_file, progress, newest, memory_index, write_stamp_too=False)


def current_stamp(ledger, connection) -> Stamp | None:
    """The stamp, where it says the index is current with the games folder; else None."""
    stamp = read_stamp(ledger)
    current = stamp is not None and stamp.mtime == ledger.folder_mtime() and stamp.generation == generation_of(connection)
    return stamp if current else None


def _brought_up(ledger, connection, summarize_file, progress, newest, renewed, write_stamp_too: bool = True):
    """``connection`` mended (a sketch the stamp vouches for as it is), and where it is a sketch
    the games ``newest`` asks for read whole, the stamp renewed after them; where they are too
    many, the index made whole instead (``renewed()``: an empty one)."""
    if not (write_stamp_too and sketched.marked(connection) and current_stamp(ledger, connection)):
        mend(ledger, connection, summarize_file, write_stamp_too, progress=progress, newest=newest)
    if newest is None or not sketched.marked(connection):
        return connection
    stamp = current_stamp(ledger, connection) if write_stamp_too else None
    if sketched.fill(ledger, connection, newest, summarize_file):
        if stamp is not None and stamp.generation != generation_of(connection):  # vouched for before the games read: after them too
            write_stamp(ledger, Stamp(stamp.mtime, generation_of(connection)))
        return connection
    connection = renewed()
    mend(ledger, connection, summarize_file, write_stamp_too, progress=progress)
    return connection


def _renewed(ledger, connection):
    """An empty index in place of ``connection`` (closed): one to be made whole."""
    connection.close()
    remove(ledger)
    return connect(ledger)


def writable(ledger) -> bool:
    """Whether this device's cache folder of the ledger, and its index there, can be written
    (a folder not made yet: whether it can be made is told by trying)."""
    folder = ledger.cache_dir
    if not os.path.isdir(folder):
        return True
    path = index_path(ledger)
    return os.access(folder, os.W_OK) and (not os.path.exists(path) or os.access(path, os.W_OK))


def spare_folder(ledger) -> str:
    """Where the index of a ledger whose cache folder cannot be written is kept: a folder of this
    user's own in the temporary folder, per ledger as the cache is."""
    import tempfile

    user = getattr(os, "getuid", lambda: os.environ.get("USERNAME", "user"))()
    return os.path.join(tempfile.gettempdir(), f"ginscore-{user}-cache", "ledgers", os.path.basename(ledger.cache_dir))


def tell(notes: list | None, ledger, error) -> None:
    """Say in ``notes`` that the index was damaged (what was wrong, shortened) and is rebuilt."""
    if notes is not None:
        what = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        notes.append(
            _("the summary index {path} was damaged ({error}): rebuilt from the game files").format(
                path=index_path(ledger), error=shortened(" ".join(what.split()))
            )
        )


def discard(ledger, notes: list | None, error: BaseException) -> None:
    """Throw away an index that a question found damaged (under the lock), with a line in ``notes``."""
    tell(notes, ledger, error)
    with ledger.locked():
        remove(ledger)
        forget_stamp(ledger)


TOTALS_ONCE = 50  # a mend reading more games adds the totals up once at its end (totals.rebuild)
YOUNG_OBJECTS = 10_000  # the collector's first threshold while a mend reads every game (gc.set_threshold)
ROWS_AT_ONCE = 500  # and writes its rows in statements of this many games (memory stays flat)
TOLD_FROM = 1000  # games to read (some seconds on a new device) from which a mend says how far it has come


def mend(ledger, connection, summarize_file, write_stamp_too: bool = True, only: list | None = None, progress=None, newest=None) -> list:
    """Compare every game file with its row (size and time) and read again the ones that
    differ; forget rows whose file is gone. ``only``: the games a merge wrote into a ledger whose
    index was current (``after_merge``): only they are compared, the totals kept game by game.
    ``progress(done, total)``: told after every ``ROWS_AT_ONCE`` games read and at the end, when
    at least ``TOLD_FROM`` are to be read (the first command on a new device: a club's years
    take some seconds, and a person waiting should know why). ``newest`` (``sketched.Newest``):
    a build of many games into an empty index, or any mend of a sketched one, sketches the games
    it would read (``sketched``). Returns the ids read again (or sketched)."""
    mtime = ledger.folder_mtime()  # before the listing: a file added after it changes the folder's time again
    if only is None:  # every game: the folder listed once for all (``Ledger.listed``)
        import gc

        # each game read makes thousands of containers that their counts free at once; the
        # collector's youngest generation, looked through every 700 of them, finds nothing
        # there (4% of a build): looked through less often while the games are read
        thresholds = gc.get_threshold()
        gc.set_threshold(max(thresholds[0], YOUNG_OBJECTS), *thresholds[1:])
        try:
            with ledger.listed() as game_ids:
                return _mend(ledger, connection, summarize_file, write_stamp_too, mtime, game_ids, None, progress, newest)
        finally:
            gc.set_threshold(*thresholds)
    return _mend(ledger, connection, summarize_file, write_stamp_too, mtime, only, only, progress)


def _mend(ledger, connection, summarize_file, write_stamp_too: bool, mtime, game_ids: list, only: list | None, progress=None,
          newest=None) -> list:
    known = {} if only is not None else dict(connection.execute("SELECT id, files FROM games"))
    seen, changed = set(), []
    for game_id in game_ids:
        now = ledger.file_status(game_id)
        if now is None and only is not None:
            continue  # a game a merge failed to write: no file, no row (forgotten below)
        seen.add(game_id)
        if now is None or known.get(game_id) != now:
            changed.append((game_id, now))
    gone = (set(known) if only is None else set(only)) - seen
    at_once = only is None and len(changed) + len(gone) > TOTALS_ONCE
    new = at_once and not known and empty(connection)  # a build into an empty index: nothing to replace
    sketch, pending, drawn = None, set(), False  # sketch_file, where the games are sketched; the rows sketched already; any now
    if newest is not None and only is None:
        if sketched.marked(connection):
            sketch, pending = newest.sketch_file, {row[0] for row in connection.execute(f"SELECT id FROM games WHERE {sketched.PENDING}")}
        elif len(changed) >= sketched.SKETCH_FROM and (new or not known and empty(connection)):  # a new device's
            sketch = newest.sketch_file
    if progress is not None and len(changed) < TOLD_FROM:
        progress = None
    try:
        with connection:
            made = indexes_set_aside(connection) if new else []
            affected = totals.players_of(connection, [game_id for game_id, _now in changed] + list(gone)) if at_once else set()
            batch: tuple = ([], [], [])  # a build's rows, written a few hundred games at a time
            uncounted: list = []
            for done, (game_id, now) in enumerate(changed):
                if progress is not None and done % ROWS_AT_ONCE == 0:
                    progress(done, len(changed))
                head = sketch(game_id) if sketch is not None and (game_id not in known or game_id in pending) else None
                if head is not None:  # its place alone (a game new here, or sketched already): read whole when a question needs it
                    game_row, player_rows, drawn = sketched.row(game_id, now, head[1], head[0]), [], True
                    if not at_once:
                        write_rows(connection, [game_id], [game_row], [])
                        continue
                else:
                    summary, error, place, facts = summarize_file(game_id)
                    if not at_once:
                        store(connection, ledger, game_id, summary, error, place, files=now, facts=facts)
                        continue
                    game_row, player_rows = rows(game_id, summary, error, place, now, facts)
                batch[0].append(game_id)
                batch[1].append(game_row)
                batch[2].extend(player_rows)
                affected.update([row[3] for row in player_rows])  # the players of the games written (their folded names)
                if new and game_row[5:8] != totals.COUNTED:  # a game the totals do not count
                    uncounted.append(game_id)
                if len(batch[0]) >= ROWS_AT_ONCE:
                    write_rows(connection, *batch, new=new)
                    batch = ([], [], [])
            write_rows(connection, *batch, new=new)
            for game_id in gone:
                forget(connection, game_id, keep_totals=not at_once)
            make_indexes(connection, made)
            if at_once:
                totals.rebuild(connection, affected, uncounted if new else None)
            if drawn:
                sketched.mark(connection)
            generation = bump(connection)
    finally:
        if progress is not None:  # the line wiped however the reading ends: done, an error, Ctrl-C
            progress(len(changed), len(changed))
    if write_stamp_too and mtime is not None:
        write_stamp(ledger, Stamp(mtime, generation))
    return [game_id for game_id, _now in changed]


def fingerprint(summary: dict) -> bytes:
    """``verified.fingerprint`` (imported by 'check' alone: a hand that ends a game imports this module)."""
    from ginscore.index.verified import fingerprint as made

    return made(summary)


def verify(ledger, connection, evaluated: dict, summarize=None, clean: dict | None = None, moved: dict | None = None) -> list:
    """``verified.verify``."""
    from ginscore.index.verified import verify as verified

    return verified(ledger, connection, evaluated, summarize, clean, moved)
