"""Questions asked of the summary index (``ginscore.index.index``): the summaries of a selection of
games, and each player's totals over them, added up by SQLite rather than by reading files."""

from __future__ import annotations

import heapq
import json

from ginscore.base.records import Record
from ginscore.core.names import folded
from ginscore.core.scoring import exact_money
from ginscore.core.statistics import STAT_KEYS, money_by_currency, sql_combined
from ginscore.index import cached
from ginscore.index import totals as running_totals
from ginscore.index.rows import compact


class Selection(Record):
    """Which games a question is about; every part optional."""

    since: str | None = None  # created at or after (UTC, ISO 8601)
    until: str | None = None  # created before
    players: tuple = ()  # names that all played (compared folded)
    ids: tuple = ()
    table: str | None = None
    finished_only: bool = False
    unfinished_only: bool = False  # games still in progress (not voided, not damaged)
    hide_voided: bool = False  # leave out games set aside with 'ginscore void' ('games' without --all)
    with_damaged: bool = False  # and every game that does not load, which no date, player or table can match ('settle')

    def where(self) -> tuple:
        """(SQL condition on ``games g``, its parameters)."""
        parts, values = ["1 = 1"], []
        # A game's position begins with when it was created, so the same bounds on it let SQLite
        # read only that stretch of its index; the bounds on created leave out damaged games.
        if self.since:
            parts.append("g.position >= ? AND g.created >= ?")
            values += [self.since, self.since]
        if self.until:
            parts.append("g.position < ? AND g.created < ?")
            values += [self.until, self.until]
        if self.ids:
            parts.append(f"g.id IN ({', '.join('?' for _ in self.ids)})")
            values += list(self.ids)
        if self.table:
            parts.append("g.table_kind = ?")
            values.append(self.table)
        if self.finished_only:
            parts.append(running_totals.counted_game())
        elif self.unfinished_only:
            parts.append("g.finished = 0 AND (g.voided = 0 OR g.voided IS NULL) AND g.damaged IS NULL")
        elif self.hide_voided:
            parts.append("(g.voided = 0 OR g.voided IS NULL)")
        for name in self.players:
            parts.append("g.id IN (SELECT game_id FROM players WHERE folded = ?)")
            values.append(folded(name))
        if self.with_damaged:  # two questions, each answered from an index (an OR of them scans every row)
            chosen = f" AND g.id IN ({', '.join('?' for _ in self.ids)})" if self.ids else ""
            return (f"g.rowid IN (SELECT g.rowid FROM games g WHERE {' AND '.join(parts)} UNION ALL "
                    f"SELECT g.rowid FROM games g WHERE g.damaged IS NOT NULL{chosen})"), values + list(self.ids)
        return " AND ".join(parts), values


def indexed_ids(connection, selection: Selection) -> list:
    """The ids of the selected games as the index last saw them, oldest first, and of the games it
    found damaged: no file is read, so a game changed since is listed as it was (the board reads
    each listed game's files itself, and only those that changed)."""
    where, values = selection.where()
    listed = [row[0] for row in connection.execute(f"SELECT g.id FROM games g WHERE {where} ORDER BY g.position", values)]
    damaged = [row[0] for row in connection.execute("SELECT id FROM games WHERE damaged IS NOT NULL ORDER BY position")]
    return listed + [game_id for game_id in damaged if game_id not in set(listed)]


def summaries(ledger, connection, selection: Selection, summarize_file, last: int | None = None, listed: bool = False) -> list:
    """``each_summary``'s summaries in a list."""
    return list(each_summary(ledger, connection, selection, summarize_file, last, listed=listed))


def each_summary(ledger, connection, selection: Selection, summarize_file, last: int | None = None, ended: bool = False,
                 listed: bool = False):
    """The selected games' summaries, oldest first (the ``last`` N of them), one at a time: a
    whole-ledger command holds one game's summary, not every one (issue #35). A game still in
    progress is read from its file (its rows are not renewed hand by hand), and so is any game
    whose file's size or time no longer matches its row; a game that does not load is
    ``{"id": N, "damaged": True, "error": ...}``; ``summarize_file(game_id)`` -> (summary,
    problem, place) reads one file. Damaged games are left out of a selection by
    date, player or table, which they cannot be matched against.

    Two passes over the rows: the first, without the stored summaries, finds the games read
    from their files (where those go may change: a file that no longer loads goes last); the
    second hands out the stored summaries in order, those read from files in theirs. A stored
    summary found damaged halfway raises then: whoever takes them writes nothing before the
    last one (``Book.ask`` rebuilds the index and asks again). With ``ended``, each comes with
    when its game ended (``ops.summary.ended_at``; None while in progress): (summary, ended).
    With ``listed``, only the part of each summary a listing, a settlement or an export reads
    (``rows.compact``: a fifth of it to read and check)."""
    where, values = selection.where()
    column = "g.listed" if listed else "g.summary"
    query = f"SELECT g.id, g.files, g.position, g.finished, g.damaged, g.ended, {column} FROM games g WHERE {where} ORDER BY g.position"
    if last is not None:
        query = f"SELECT * FROM ({query} DESC LIMIT {int(last)}) ORDER BY position"
    check = cached.listed if listed else cached.summary
    counted = connection.execute(f"SELECT COUNT(*) FROM ({query} LIMIT {FEW + 1})", values).fetchone()[0]
    check_files = counted <= FEW  # a few files are cheap to compare; the stamp vouches for the rest
    if not check_files and last is None:  # many: one pass over the rows, the few in progress or damaged read first
        check = cached.many_listed if listed else check
        # of the rows kept, only what is handed out (the rest: the games in progress and the damaged ones, read from their files)
        kept = f"SELECT g.id, g.position, {'g.ended' if ended else 'NULL'}, {column} FROM games g WHERE {where} ORDER BY g.position"
        yield from _chosen(selection, _many(ledger, connection, where, values, kept, summarize_file, check, listed), ended)
        return
    read_again = []  # (place, order in the rows, summary): the few games read from their files
    stored = set()  # the rows whose stored summary is handed out
    for order, (game_id, files, place, finished, damaged, _ended) in enumerate(connection.execute(query.replace(f", {column}", "", 1), values)):
        cached.game_row(game_id, files, place, finished, damaged, "")
        stale = not finished or damaged
        if check_files and not stale:
            stale = ledger.file_status(game_id) != files
        if not stale:
            stored.add(order)
            continue
        if check_files and not ledger.files_of(game_id):  # a row of no game file: not this ledger's index
            raise cached.Damaged("a game without files")
        # read again, its place too: a file edited in place (the folder's time unchanged)
        # that no longer loads goes after the others, as a fresh index would put it
        summary, error, place, facts = summarize_file(game_id)
        if summary is None:
            read_again.append((place, order, {"id": game_id, "damaged": True, "error": error}, None))
        else:
            entry = json.loads(json.dumps(summary, ensure_ascii=False))
            read_again.append((place, order, compact(entry) if listed else entry, facts.ended))
    read_again.sort(key=lambda item: item[:2])
    kept = (
        (place, order, check(summary, game_id), cached.text(ended, "when a game ended", none=True))
        for order, (game_id, _files, place, _finished, _damaged, ended, summary) in enumerate(connection.execute(query, values))
        if order in stored
    )
    merged = heapq.merge(kept, read_again, key=lambda item: item[:2]) if read_again else kept
    yield from _chosen(selection, ((entry, when) for _place, _order, entry, when in merged), ended)


FEW = 500  # games whose files are compared with their rows as they are listed


def _many(ledger, connection, where: str, values: list, query: str, summarize_file, check, listed: bool):
    """(summary, ended) of many games in order, the rows read once: the games in progress and
    the damaged ones, whose files are read again, asked first (each from an index of its own),
    then merged in by their places (a place is a game's own: positions hold its id); ``query``
    gives the rows' id, place, when the game ended (or NULL) and summary."""
    stale = f"""SELECT g.id, g.files, g.position, g.finished, g.damaged FROM games g WHERE ({where}) AND g.rowid IN (
                    SELECT rowid FROM games WHERE finished = 0 UNION ALL SELECT rowid FROM games WHERE damaged IS NOT NULL)"""
    read_again, again = [], set()
    for game_id, files, place, finished, damaged in connection.execute(stale, values).fetchall():
        cached.game_row(game_id, files, place, finished, damaged, "")
        again.add(game_id)
        summary, error, place, facts = summarize_file(game_id)
        if summary is None:
            read_again.append((place, {"id": game_id, "damaged": True, "error": error}, None))
        else:
            entry = json.loads(json.dumps(summary, ensure_ascii=False))
            read_again.append((place, compact(entry) if listed else entry, facts.ended))
    read_again.sort(key=lambda item: item[0])

    def kept():
        for game_id, place, ended, summary in connection.execute(query, values):
            if game_id in again:
                continue
            cached.game_row(game_id, None, place, 1, None, "")  # its id and place (a finished, sound game's row)
            yield place, check(summary, game_id), cached.text(ended, "when a game ended", none=True)

    merged = heapq.merge(kept(), read_again, key=lambda item: item[0]) if read_again else kept()
    return ((entry, when) for _place, entry, when in merged)


def _chosen(selection: Selection, pairs, ended: bool):
    """The (summary, ended) ``pairs`` the selection keeps, as ``each_summary`` hands them out."""
    for entry, when in pairs:
        if selection.finished_only and not (entry.get("finished") and not entry.get("voided")):
            if not (selection.with_damaged and entry.get("damaged")):
                continue
        if selection.unfinished_only and (entry.get("damaged") or entry["finished"] or entry.get("voided")):
            continue
        if selection.hide_voided and not selection.finished_only and not selection.unfinished_only and entry.get("voided"):
            continue
        yield (entry, when) if ended else entry


def player_totals(connection, selection: Selection) -> list:
    """Per player, over the selected finished games: their games, every statistic summed (the
    biggest hand and the most hands won in a row as their maximum, with the game of that run),
    the longest run of games won, and money by currency. Over
    every game they are read from the totals the index keeps (``ginscore.index.totals``)."""
    if not (selection.since or selection.until or selection.ids or selection.table or selection.players):
        return running_totals.read(connection)
    where, values = selection._replace(finished_only=True).where()
    sums = sql_combined("p")
    # each player written as in his newest finished game, as the totals over every game write him
    # (not as in a newer game in progress or set aside, nor only among the games chosen)
    rows = connection.execute(
        f"""SELECT p.folded, COUNT(*), {sums},
                   (SELECT q.player FROM players q JOIN games h ON h.id = q.game_id
                    WHERE q.folded = p.folded AND {running_totals.counted_game("h")}
                    ORDER BY q.position DESC LIMIT 1)
            FROM players p JOIN games g ON g.id = p.game_id WHERE {where} GROUP BY p.folded""",
        values,
    ).fetchall()
    streaks = dict(
        connection.execute(
            f"""SELECT folded, MAX(run) FROM (
                    SELECT folded, COUNT(*) AS run FROM (
                        SELECT p.folded, p.won, ROW_NUMBER() OVER (PARTITION BY p.folded ORDER BY p.position)
                             - ROW_NUMBER() OVER (PARTITION BY p.folded, p.won ORDER BY p.position) AS island
                        FROM players p JOIN games g ON g.id = p.game_id WHERE {where}
                    ) WHERE won = 1 GROUP BY folded, island
                ) GROUP BY folded""",
            values,
        ).fetchall()
    )
    best_games = {}
    for key, game_id in connection.execute(
        f"""SELECT p.folded, p.game_id FROM players p JOIN games g ON g.id = p.game_id
            WHERE {where} AND p.hand_streak > 0 ORDER BY p.hand_streak DESC, p.position""",
        values,
    ):
        best_games.setdefault(key, game_id)  # the first game in which the player's best run was won
    money = money_totals(connection, where, values)
    totals = []
    for row in rows:
        key, games, *stats, name = row
        cached.text(key)
        entry = {"player": name, "games": games, **dict(zip(STAT_KEYS, stats))}
        entry["longest_streak"] = cached.count(streaks.get(key, 0))
        entry["hand_streak_game"] = best_games.get(key)
        entry["money"] = money.get(key, {})
        totals.append(entry)
    return cached.totals(totals)


def money_totals(connection, where: str, values: list) -> dict:
    """folded name -> {currency: exact decimal string} over the selected finished games."""
    with exact_money():
        return _money_totals(connection, where, values)


def _money_totals(connection, where: str, values: list) -> dict:
    from decimal import Decimal

    totals: dict = {}
    exact = connection.execute(
        f"""SELECT p.folded, p.currency, SUM(p.money_micro) FROM players p JOIN games g ON g.id = p.game_id
            WHERE {where} AND p.money_micro IS NOT NULL GROUP BY p.folded, p.currency""",
        values,
    ).fetchall()
    for key, currency, amount in exact:
        cached.text(key), cached.text(currency), cached.count(amount)
        totals.setdefault(key, {})[currency] = Decimal(amount) / 1_000_000
    finer = connection.execute(
        f"""SELECT p.folded, p.currency, p.money FROM players p JOIN games g ON g.id = p.game_id
            WHERE {where} AND p.money IS NOT NULL AND p.money_micro IS NULL""",
        values,
    ).fetchall()
    for key, currency, amount in finer:
        cached.text(key), cached.text(currency), cached.amount(amount)
        mine = totals.setdefault(key, {})
        mine[currency] = mine.get(currency, Decimal(0)) + Decimal(amount)
    return {key: money_by_currency(by) for key, by in totals.items()}


def sound_as_filed(connection, game_id: str, files: str | None) -> bool:
    """Whether the index summarised game ``game_id`` from files of exactly this ``files``
    (``Ledger.file_status``: names, sizes and times) and found it sound: 'backup' need not read
    it again to say it is not damaged."""
    row = connection.execute("SELECT files, damaged, summary FROM games WHERE id = ?", (game_id,)).fetchone()
    return files is not None and row is not None and row[0] == files and row[1] is None and type(row[2]) is str



def games_with(connection, name: str) -> list:
    """The ids of the games a player named ``name`` (in any case) plays in, as the index last saw
    each game's players, in the order they were started: what 'rename --all' reads, not every game."""
    rows = connection.execute(
        "SELECT p.game_id FROM players p JOIN games g ON g.id = p.game_id WHERE p.folded = ? ORDER BY g.position", (folded(name),))
    return [cached.text(game_id, "a game id") for (game_id,) in rows]
