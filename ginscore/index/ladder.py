"""The ladder's ratings in the summary index: worked out from the games' placings (a column of
the games' rows) in the order the games were started, kept as they stand and step by step, and
extended by the games that finished since they were last asked (docs/ladder.md).

The ratings are derived, never stored as truth: a cache in the index, like the totals. A
``rating_caches`` row per kind of table asked (``""``: every table) says how far its ratings
go (``through``: the position of the last game in them) and from where they no longer hold
(``stale_from``: a trigger sets it when a game at or before ``through`` is written or
removed, whatever wrote it: a hand, a merge, a mend, 'check'); asking cuts the steps back to
there and rates on from it. So a game that finishes costs its hand nothing but the trigger
(no rating code runs, nothing is imported), and 'ladder' rates only the games since it was
last asked: at 50,000 games it costs what it costs at ten. The order is the games' positions
(when each was started, its start clock, its id): the same ratings on every device, whatever
order the files arrived in.
"""

from __future__ import annotations

import json
import math

from ginscore.core.names import folded
from ginscore.index import cached
from ginscore.index.totals import counted_game

# The rating code (ginscore.core.ratings) is imported by the functions that rate or read
# ratings: the index is imported by a hand that ends a game, which must not load it (start-up).

NOTHING_STALE = "~"  # after every position of a game that loads

SQL_LAYOUT = """
CREATE TABLE rating_caches (kind TEXT PRIMARY KEY, settings TEXT, through TEXT, stale_from TEXT, steps INTEGER);
CREATE TABLE rating_steps (
    kind TEXT, step INTEGER, position TEXT, game_id TEXT, folded TEXT, player TEXT, place INTEGER, won INTEGER,
    mu REAL, phi REAL, sigma REAL, day INTEGER, games INTEGER, wins INTEGER, PRIMARY KEY (kind, step)
);
CREATE INDEX rating_steps_position ON rating_steps (kind, position);
-- each player's last step: his rating as it stands
CREATE TABLE rating_players (kind TEXT, folded TEXT, step INTEGER, PRIMARY KEY (kind, folded));
-- a player's steps in order: his rating at any time is one lookup, whatever the games
CREATE INDEX rating_steps_player ON rating_steps (kind, folded, position, step);
-- a game the ratings count, written or as it was: a game in progress before and after (a hand,
-- a row renewed by 'check') rates nothing, and the ratings stand
CREATE TRIGGER ratings_game_written BEFORE INSERT ON games WHEN EXISTS (SELECT 1 FROM rating_caches)
    AND (NEW.finished = 1 AND NEW.voided = 0 AND NEW.damaged IS NULL
         OR EXISTS (SELECT 1 FROM games WHERE id = NEW.id AND finished = 1 AND voided = 0 AND damaged IS NULL)) BEGIN
    UPDATE rating_caches SET stale_from = min(NEW.position, coalesce((SELECT position FROM games WHERE id = NEW.id), NEW.position))
    WHERE min(NEW.position, coalesce((SELECT position FROM games WHERE id = NEW.id), NEW.position)) <= through
      AND min(NEW.position, coalesce((SELECT position FROM games WHERE id = NEW.id), NEW.position)) < stale_from;
END;
CREATE TRIGGER ratings_game_removed AFTER DELETE ON games WHEN EXISTS (SELECT 1 FROM rating_caches)
    AND OLD.finished = 1 AND OLD.voided = 0 AND OLD.damaged IS NULL BEGIN
    UPDATE rating_caches SET stale_from = OLD.position WHERE OLD.position <= through AND OLD.position < stale_from;
END;
"""
_STEP = "kind, step, position, game_id, folded, player, place, won, mu, phi, sigma, day, games, wins"


class PlayerRating:
    """One player's rating as it stood after a step: ``rating`` (a ``ratings.Rating``), his
    name as written then, and the step's position (when its game was started)."""

    __slots__ = ("key", "player", "rating", "position")

    def __init__(self, key: str, player: str, rating, position: str):
        self.key, self.player, self.rating, self.position = key, player, rating, position


class Reader:
    """The questions the ladder asks of one kind's ratings, on one open index."""

    def __init__(self, connection, kind: str):
        self.connection, self.kind = connection, kind

    def player_ratings(self, before: str | None = None, keys=None) -> list:
        return player_ratings(self.connection, self.kind, before, keys)

    def season(self, since: str | None, until: str | None) -> dict:
        return season(self.connection, self.kind, since, until)

    def history(self, keys, since: str | None, until: str | None) -> dict:
        return history(self.connection, self.kind, keys, since, until)


def day_of(position: str) -> int:
    """The day (a date's ordinal) a game of this position was started on (UTC)."""
    from datetime import date

    return date.fromisoformat(position[:10]).toordinal()


def brought_up(connection, kind: str, settings=None) -> None:
    """Bring the ratings of ``kind`` (a table's name, or "" for every table) up to date with
    the games, rated with ``settings`` (default: ``ratings.DEFAULT``): in one write
    transaction, so that no game is written between what is read and what is kept."""
    from ginscore.core import ratings

    settings = settings or ratings.DEFAULT
    words = settings.words()
    if connection.in_transaction:
        connection.commit()
    connection.execute("BEGIN IMMEDIATE")
    try:
        row = connection.execute("SELECT settings, through, stale_from, steps FROM rating_caches WHERE kind = ?", (kind,)).fetchone()
        if row is None or row[0] != words:
            connection.execute("DELETE FROM rating_steps WHERE kind = ?", (kind,))
            connection.execute("DELETE FROM rating_players WHERE kind = ?", (kind,))
            connection.execute("INSERT OR REPLACE INTO rating_caches VALUES (?, ?, '', ?, 0)", (kind, words, NOTHING_STALE))
            through, steps = "", 0
        else:
            _words, through, stale_from, steps = row
            cached.text(through), cached.text(stale_from), cached.count(steps)
            if stale_from < NOTHING_STALE:
                through, steps = cut_back(connection, kind, stale_from)
        rated = {entry.key: entry.rating for entry in player_ratings(connection, kind)}
        through, steps = rate_on(connection, kind, settings, rated, through, steps)
        connection.execute("UPDATE rating_caches SET through = ?, stale_from = ?, steps = ? WHERE kind = ?",
                           (through, NOTHING_STALE, steps, kind))
        connection.commit()
    except BaseException:
        connection.rollback()
        raise


def cut_back(connection, kind: str, stale_from: str) -> tuple:
    """Forget the steps from ``stale_from`` on; (the position and number of the last step kept)."""
    connection.execute("DELETE FROM rating_steps WHERE kind = ? AND position >= ?", (kind, stale_from))
    connection.execute("DELETE FROM rating_players WHERE kind = ?", (kind,))
    connection.execute("INSERT INTO rating_players SELECT kind, folded, MAX(step) FROM rating_steps WHERE kind = ? GROUP BY folded", (kind,))
    last = connection.execute("SELECT position, step FROM rating_steps WHERE kind = ? ORDER BY step DESC LIMIT 1", (kind,)).fetchone()
    return (cached.text(last[0]), cached.count(last[1])) if last else ("", 0)


def rate_on(connection, kind: str, settings, rated: dict, through: str, steps: int) -> tuple:
    """Rate the counted games after ``through``, in order; (the new ``through``, steps)."""
    from ginscore.core import ratings

    where = f"{counted_game()} AND g.placings IS NOT NULL AND g.position > ?"
    values: list = [through]
    if kind:
        where += " AND g.table_kind = ?"
        values.append(kind)
    made, last = [], {}
    for game_id, position, placings in connection.execute(
            f"SELECT g.id, g.position, g.placings FROM games g WHERE {where} ORDER BY g.position", values).fetchall():
        cached.text(game_id), cached.text(position)
        day = day_of(position)
        for contest in cached.placings(json.loads(cached.text(placings))):
            sides = [(place, tuple(folded(name) for name in names)) for place, names in contest]
            written = {folded(name): name for _place, names in contest for name in names}
            if len(written) != sum(len(keys) for _place, keys in sides):
                continue  # a name twice at one card table (folded alike): nothing to rate
            before = {key: rated[key].wins if key in rated else 0 for key in written}
            after = ratings.play(rated, sides, day, settings)
            places = {key: place for place, keys in sides for key in keys}
            for key, rating in after.items():
                steps += 1
                last[key] = steps
                made.append((kind, steps, position, game_id, key, written[key], places[key], rating.wins - before[key],
                             rating.mu, rating.phi, rating.sigma, rating.day, rating.games, rating.wins))
        through = position
        if len(made) >= 2000:
            connection.executemany(f"INSERT INTO rating_steps ({_STEP}) VALUES ({', '.join('?' * 14)})", made)
            made = []
    connection.executemany(f"INSERT INTO rating_steps ({_STEP}) VALUES ({', '.join('?' * 14)})", made)
    connection.executemany("INSERT OR REPLACE INTO rating_players VALUES (?, ?, ?)", [(kind, key, step) for key, step in last.items()])
    return through, steps


def _player_rating(row) -> PlayerRating:
    from ginscore.core import ratings

    key, player, mu, phi, sigma, day, games, wins, position = row
    cached.text(key), cached.text(player), cached.text(position)
    rating = ratings.Rating(cached.real(mu), cached.real(phi), cached.real(sigma), cached.count(day), cached.count(games), cached.count(wins))
    if not (rating.phi > 0 and rating.sigma >= 0 and math.isfinite(rating.mu)):
        raise cached.Damaged("a rating")
    return PlayerRating(key, player, rating, position)


def player_ratings(connection, kind: str, before: str | None = None, keys=None) -> list:
    """Each player's rating as it stood after his last game started before ``before`` (None:
    his last), for the players ``keys`` (None: everyone rated); one lookup a player."""
    if keys is None and before is None:  # as they stand: each player's last step
        return [_player_rating(row) for row in connection.execute(
            "SELECT s.folded, s.player, s.mu, s.phi, s.sigma, s.day, s.games, s.wins, s.position FROM rating_players p"
            " JOIN rating_steps s ON s.kind = p.kind AND s.step = p.step WHERE p.kind = ? ORDER BY p.folded", (kind,))]
    if keys is None:
        keys = [cached.text(key) for (key,) in connection.execute(
            "SELECT folded FROM rating_players WHERE kind = ? ORDER BY folded", (kind,))]
    found = []
    for key in keys:
        row = connection.execute(
            "SELECT folded, player, mu, phi, sigma, day, games, wins, position FROM rating_steps"
            " WHERE kind = ? AND folded = ? AND position < ? ORDER BY position DESC, step DESC LIMIT 1",
            (kind, key, before or NOTHING_STALE)).fetchone()
        if row is not None:
            found.append(_player_rating(row))
    return found


def season(connection, kind: str, since: str | None, until: str | None) -> dict:
    """key -> (rated games, wins) of the games started from ``since`` to before ``until``."""
    rows = connection.execute(
        "SELECT folded, COUNT(*), SUM(won) FROM rating_steps WHERE kind = ? AND position >= ? AND position < ? GROUP BY folded",
        (kind, since or "", until or NOTHING_STALE)).fetchall()
    return {cached.text(key): (cached.count(games), cached.count(wins)) for key, games, wins in rows}


def history(connection, kind: str, keys, since: str | None, until: str | None) -> dict:
    """key -> [(position, rating)] of each of ``keys``' games from ``since`` to before ``until``."""
    from ginscore.core.ratings import BASE, SCALE

    found: dict = {key: [] for key in keys}
    for key in keys:
        for position, mu in connection.execute(
                "SELECT position, mu FROM rating_steps WHERE kind = ? AND folded = ? AND position >= ? AND position < ?"
                " ORDER BY position, step",
                (kind, key, since or "", until or NOTHING_STALE)):
            found[key].append((cached.text(position), BASE + SCALE * cached.real(mu)))
    return found
