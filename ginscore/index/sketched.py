"""A sketch of the summary index, so that a new device answers its first question without
reading every game first (issue #45): an empty index with many games to read, asked by a
command that shows only the newest games ('games --last N') or needs only the game a device
carries on ('status', a hand).

Every game then gets a row holding only its files' status and its place in the order games were
started, from the head of its first file (``sketch_file``: ``ginscore.store.game_heads``); a
game whose head says nothing is read whole at once. The games the question needs are read whole
(``Newest.wanted``), the newest first, until it can be answered as a whole index answers it;
past ``READ_MOST`` of them the index is made whole instead. The rest stay sketched until a
command that needs every game (``games``, ``settle``, ``stats``, ``check``, an export, the
ladder) comes: it makes the index whole, as a new device's build does (``index.current``).

A sketched row (``PENDING``): no summary and no damage; finished and voided unknown (NULL), so
that no question of finished games, of games in progress, of players or of totals counts it.
The index is marked in its meta. Its stamp holds as a whole index's does, so that the commands
between hands cost what they cost on a whole one (a write tells it of its game: ``after_save``);
a question that needs every game finds the mark and makes it whole first (``index.current``)."""

from __future__ import annotations

from ginscore.index.rows import GAME_COLUMNS, store
from ginscore.index.stamp import bump

SKETCH_FROM = 1000  # games to read into an empty index from which a command that needs only the newest sketches it
READ_MOST = 500  # games read whole for one question of a sketch; past them the question needs most games: the index is made whole
CARRIED_ON_AT_ONCE = 20  # games read whole at a time, the newest first, to find the game in progress started last
MARK = "sketched"  # the meta key of a sketched index
PENDING = "summary IS NULL AND damaged IS NULL"  # a sketched row (a row of every other game has one or the other)


class Newest:
    """What a question that a sketch may answer hands the index: ``sketch_file(game_id)`` ->
    (created, position), or None (read that game whole); ``wanted(connection)`` -> the sketched
    games to read whole before it is asked (None: it asks only of the games read). After the
    index is brought up, ``unread`` says how many games are left sketched."""

    __slots__ = ("sketch_file", "wanted", "unread")

    def __init__(self, sketch_file, wanted=None):
        self.sketch_file, self.wanted, self.unread = sketch_file, wanted, 0


def sketchable(selection) -> bool:
    """Whether the newest games of ``selection`` (a ``history.Selection``) can be found among
    sketched rows: chosen by when they were started, by id or not at all."""
    return not (selection.players or selection.table or selection.finished_only or selection.unfinished_only
                or selection.with_damaged)


def marked(connection) -> bool:
    return connection.execute("SELECT 1 FROM meta WHERE key = ?", (MARK,)).fetchone() is not None


def mark(connection) -> None:
    connection.execute("INSERT OR REPLACE INTO meta VALUES (?, '1')", (MARK,))


def row(game_id: str, files: str | None, place: str, created: str) -> tuple:
    """A sketched game's row of games (``rows.rows``'s columns): its files' status, place and start."""
    return (game_id, files, place, created, *(None,) * (GAME_COLUMNS - 4))


def newest_of(selection, last: int):
    """``Newest.wanted`` of the ``last`` newest games of ``selection`` (``sketchable``)."""

    def wanted(connection) -> list:
        where, values = selection.where()
        return [found[0] for found in connection.execute(
            f"SELECT id FROM (SELECT g.id, g.summary, g.damaged FROM games g WHERE {where} ORDER BY g.position DESC "
            f"LIMIT {int(last)}) WHERE {PENDING}", values)]

    return wanted


def carried_on(connection) -> list:
    """``Newest.wanted`` of ``carry_on.from_index``: the sketched games started after the newest
    game in progress read (all of them, the newest first, while none is)."""
    newest = connection.execute(
        "SELECT position FROM games WHERE finished = 0 AND voided = 0 AND damaged IS NULL ORDER BY position DESC LIMIT 1"
    ).fetchone()
    after = " AND position > ?" if newest else ""
    return [found[0] for found in connection.execute(
        f"SELECT id FROM games WHERE {PENDING}{after} ORDER BY position DESC LIMIT {CARRIED_ON_AT_ONCE}", newest or ())]


def fill(ledger, connection, newest: Newest, summarize_file) -> bool:
    """Read whole the sketched games ``newest.wanted`` asks for, again until it asks for none;
    False, the rest left, when that comes to more than ``READ_MOST`` (make the index whole)."""
    read = 0
    while newest.wanted is not None:
        game_ids = newest.wanted(connection)
        if not game_ids:
            break
        read += len(game_ids)
        if read > READ_MOST:
            return False
        with connection:
            for game_id in game_ids:
                files = ledger.file_status(game_id)  # before it is read: a change meanwhile is read next time
                summary, error, place, facts = summarize_file(game_id)
                store(connection, ledger, game_id, summary, error, place, files=files, facts=facts)
            bump(connection)
    newest.unread = connection.execute(f"SELECT COUNT(*) FROM games WHERE {PENDING}").fetchone()[0]
    return True
