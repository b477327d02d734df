"""Each player's totals over every finished game, kept in the summary index as games finish, so
that 'stats' over a lifetime of games reads one row per player instead of adding up 100,000.

The sums (games, wins, hands, gins, points, money, ...) are added when a game's rows are stored
and taken off when they are replaced; the figures that cannot be taken off (the greatest of a
game's figures: the biggest hand, the most hands won in a row and the game it was won in; the
longest run of games won) are kept up as games finish in order, and a player whose older game
changed is marked ``dirty``: those figures are then worked out again from his own rows when
they are read. Only 'stats' without a date, table or head-to-head choice reads here;
any other selection is added up from the rows by ``history.player_totals``.
"""

from __future__ import annotations

import json

from ginscore.core.scoring import exact_money
from ginscore.core.statistics import GREATEST, STAT_KEYS, SUMMED, money_by_currency, sql_columns
from ginscore.index import cached

SQL_LAYOUT = f"""
CREATE TABLE totals (
    folded TEXT PRIMARY KEY, player TEXT, games INTEGER, {sql_columns()},
    money TEXT, longest_streak INTEGER, current_streak INTEGER, last_game TEXT, hand_streak_game TEXT, dirty INTEGER
);
CREATE INDEX players_in_order ON players (folded, position);
"""
_ROW = f"p.position, p.folded, p.player, {', '.join(f'p.{key}' for key in STAT_KEYS)}, p.money, p.currency, p.game_id"
COLUMNS = ("folded", "player", "games", *STAT_KEYS, "money", "longest_streak", "current_streak", "last_game",
           "hand_streak_game", "dirty")
TEXTS = ("folded", "player", "money", "last_game", "hand_streak_game")
# worked out again from a player's rows when an older game of his changed
WORKED_OUT = (*GREATEST, "longest_streak", "current_streak", "last_game", "hand_streak_game", "player")


# a game row's (finished, voided, damaged) when the totals count it: counted_game, for a row in hand
COUNTED = (1, 0, None)


def counted_game(games: str = "g") -> str:
    """The SQL condition on the table of games named ``games`` that holds for a game the totals
    count: finished, not set aside, not damaged (one definition for the totals and for a
    selection's, so that both read a player alike)."""
    return f"{games}.finished = 1 AND {games}.voided = 0 AND {games}.damaged IS NULL"


def counted_rows(connection, game_id: str) -> list:
    """The player rows of game ``game_id`` that the totals hold: a finished, sound game's."""
    return connection.execute(
        f"""SELECT {_ROW} FROM players p JOIN games g ON g.id = p.game_id
            WHERE p.game_id = ? AND {counted_game()}""",
        (game_id,),
    ).fetchall()


def change(connection, rows, sign: int) -> None:
    """Add (``sign`` 1) or take off (-1) one game's player rows (``counted_rows``)."""
    from decimal import Decimal

    for row in rows:
        place, key, name, *stats, money, currency, game_id = row
        stats = dict(zip(STAT_KEYS, stats))
        found = connection.execute("SELECT * FROM totals WHERE folded = ?", (key,)).fetchone()
        if found is None:
            found = (key, name, 0, *(0 for _ in STAT_KEYS), "{}", 0, 0, "", "", 0)
        columns = COLUMNS
        mine = dict(zip(columns, found))
        mine["games"] += sign
        for stat in SUMMED:
            mine[stat] += sign * stats[stat]
        amounts = cached.money_json(mine["money"])
        if money is not None:
            with exact_money():
                amounts[currency] = format(Decimal(amounts.get(currency, "0")) + sign * Decimal(money), "f")
        mine["money"] = json.dumps(amounts, ensure_ascii=False)
        if sign > 0 and place > mine["last_game"]:  # the usual case: the newest game finishes
            if stats["hand_streak"] > mine["hand_streak"]:  # a run only as long as the best is not new
                mine["hand_streak_game"] = game_id
            for stat in GREATEST:
                mine[stat] = max(mine[stat], stats[stat])
            mine["current_streak"] = mine["current_streak"] + 1 if stats["won"] else 0
            mine["longest_streak"] = max(mine["longest_streak"], mine["current_streak"])
            mine["last_game"], mine["player"] = place, name
        else:  # an older game changed: the maximum and the runs are worked out again when read
            mine["dirty"] = 1
        connection.execute(f"INSERT OR REPLACE INTO totals VALUES ({', '.join('?' for _ in columns)})",
                           [mine[column] for column in columns])


def read(connection) -> list:
    """Every player's totals, in the shape ``history.player_totals`` gives: in the order of
    their newest finished game (then their place in it), so that totals kept game by game and
    totals rebuilt from the files in any order read the same."""
    found = []
    columns = COLUMNS
    rows = connection.execute("SELECT * FROM totals WHERE games > 0").fetchall()
    for values in sorted(rows, key=lambda row: newest(connection, row[0])):
        mine = dict(zip(columns, values))
        for column in columns:
            cached.text(mine[column]) if column in TEXTS else cached.count(mine[column])
        if mine["dirty"]:
            mine.update(worked_out(connection, mine["folded"]))
            try:  # worked out once: kept, so that the next reading (and the next game's rows) start from it
                with connection:
                    connection.execute(
                        f"UPDATE totals SET {', '.join(f'{column} = ?' for column in WORKED_OUT)}, dirty = 0 WHERE folded = ?",
                        [*(mine[column] for column in WORKED_OUT), mine["folded"]],
                    )
            except Exception:  # noqa: BLE001 - a cache that cannot be written is worked out again next time
                pass
        entry = {"player": mine["player"], "games": mine["games"], **{key: mine[key] for key in STAT_KEYS}}
        entry["longest_streak"] = mine["longest_streak"]
        entry["hand_streak_game"] = mine["hand_streak_game"] or None
        entry["money"] = money_by_currency(cached.money_json(mine["money"]))
        found.append(entry)
    return cached.totals(found)


def newest(connection, key: str) -> tuple:
    """(position, row) of player ``key``'s newest counted game, for the order players are read in."""
    row = connection.execute(
        f"""SELECT p.position, p.rowid FROM players p JOIN games g ON g.id = p.game_id
           WHERE p.folded = ? AND {counted_game()}
           ORDER BY p.position DESC LIMIT 1""",
        (key,),
    ).fetchone()
    return tuple(row) if row else ("", 0)


def worked_out(connection, key: str) -> dict:
    """The figures of one player that cannot be taken off, from his rows: the greatest of each
    game's figures (the biggest hand, the most hands won in a row and the first game that run
    was won in), the longest and the current run of games won, his newest game's place and
    spelling."""
    rows = connection.execute(
        f"""SELECT {', '.join(f'p.{stat}' for stat in GREATEST)}, p.won, p.player, p.position, p.game_id
            FROM players p JOIN games g ON g.id = p.game_id
            WHERE p.folded = ? AND {counted_game()} ORDER BY p.position""",
        (key,),
    ).fetchall()
    greatest = dict.fromkeys(GREATEST, 0)
    longest = run = 0
    streak_game = ""
    for *figures, won, name, place, game_id in rows:
        cached.count(won), cached.text(name), cached.text(place), cached.text(game_id)
        figures = dict(zip(GREATEST, (cached.count(figure) for figure in figures)))
        if figures["hand_streak"] > greatest["hand_streak"]:
            streak_game = game_id
        for stat in GREATEST:
            greatest[stat] = max(greatest[stat], figures[stat])
        run = run + 1 if won else 0
        longest = max(longest, run)
    return {
        **greatest, "longest_streak": longest, "current_streak": run, "hand_streak_game": streak_game,
        "last_game": rows[-1][-2] if rows else "", "player": rows[-1][-3] if rows else key,
    }


def players_of(connection, game_ids: list) -> set:
    """The players (folded names) with a row in any of ``game_ids``."""
    found: set = set()
    for start in range(0, len(game_ids), 500):  # SQLite takes a bounded number of parameters
        chunk = game_ids[start : start + 500]
        found.update(row[0] for row in connection.execute(
            f"SELECT DISTINCT folded FROM players WHERE game_id IN ({', '.join('?' for _ in chunk)})", chunk))
    return found


def rebuild(connection, keys: set, uncounted: list | None = None) -> None:
    """Add up again, from their rows, the totals of the players ``keys``: what ``change`` keeps
    game by game, as if their games had finished in order (a build of many games does this once
    at its end instead of a query and a write per player and game). SQL adds up the sums and
    the greatest figures; the runs, the money (exactly) and the newest game are followed here,
    over the rows in order. ``uncounted``: every row was written by this build (an empty index
    filled), and these are its games the totals do not count (in progress, set aside, damaged):
    its figures are known to be numbers, and the games need not be read to tell which count."""
    from decimal import Decimal

    if not keys:
        return
    keys = sorted(keys)
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        connection.execute(f"DELETE FROM totals WHERE folded IN ({', '.join('?' for _ in chunk)})", chunk)
    wanted = set(keys)
    checked, given = uncounted is not None, []
    if not checked:
        counted = f"p.game_id IN (SELECT id FROM games WHERE {counted_game('games')})"  # one pass over the games
    elif len(uncounted) <= 500:  # SQLite takes a bounded number of parameters
        # the build's few games not counted named: the games (their summaries, most of the
        # index) are not read again, and the players are read in order from players_in_order
        counted, given = f"p.game_id NOT IN ({', '.join('?' for _ in uncounted)})", list(uncounted)
    else:
        counted = f"p.game_id NOT IN (SELECT id FROM games WHERE NOT ({counted_game('games')}))"  # no NULL in a build's rows
    added = {}
    for key, games, numbers, *figures in connection.execute(
            _ADDED_UP.format(counted=counted, numbers=1 if checked else _NUMBERS), given):
        if key in wanted:
            if not numbers:  # a text or nothing where a count was: what Python's sums refuse (a damaged index)
                raise TypeError(f"a player's statistics in the index are not numbers: {key!r}")
            added[key] = (games, figures)
    mine: dict = {}
    found = None
    rows = connection.execute(
        f"""SELECT p.folded, p.position, p.player, p.won, p.hand_streak, p.money, p.currency, p.game_id
            FROM players p WHERE {counted} ORDER BY p.folded, p.position""",
        given,
    )
    with exact_money():
        for key, place, name, won, hand_streak, money, currency, game_id in rows:
            if found is None or key != found["folded"]:
                if key not in wanted:
                    found = None
                    continue
                games, figures = added[key]
                found = mine[key] = {"folded": key, "games": games, **dict(zip(_FIGURES, figures)), "amounts": {},
                                     "longest_streak": 0, "current_streak": 0, "hand_streak_game": "", "dirty": 0}
                streak = 0  # the greatest hand streak so far: the game that first won as many is kept
                run = longest = 0
            if money is not None:
                found["amounts"][currency] = found["amounts"].get(currency, Decimal("0")) + Decimal(money)
            if hand_streak > streak:
                streak = hand_streak
                found["hand_streak_game"] = game_id
            run = run + 1 if won else 0
            if run > longest:
                longest = run
            found["current_streak"], found["longest_streak"] = run, longest
            found["last_game"], found["player"] = place, name
    for found in mine.values():
        found["money"] = json.dumps({currency: format(amount, "f") for currency, amount in found.pop("amounts").items()},
                                    ensure_ascii=False)
    connection.executemany(f"INSERT INTO totals VALUES ({', '.join('?' for _ in COLUMNS)})",
                           [[found[column] for column in COLUMNS] for found in mine.values()])


_FIGURES = (*SUMMED, *GREATEST)
# each player's counted games, whether every figure is a number (else Python's sums would have
# raised), the sums, and the greatest figures (at least 0, where the running maxima start)
_NUMBERS = "MIN(" + " AND ".join(f"typeof(p.{key}) IN ('integer', 'real')" for key in _FIGURES) + ")"
_ADDED_UP = f"""SELECT p.folded, COUNT(*), {{numbers}},
    {', '.join(f'SUM(p.{key})' for key in SUMMED)}, {', '.join(f'max(MAX(p.{key}), 0)' for key in GREATEST)}
    FROM players p WHERE {{counted}} GROUP BY p.folded"""


def micro(amount: str | None) -> int | None:
    """An exact amount in millionths, for SQL to add up; None when it has finer decimals (then
    it is added up exactly in Python) or is too large for SQLite's integers."""
    if amount is None:
        return None
    sign, unsigned = ("-", amount[1:]) if amount[:1] == "-" else ("", amount)
    whole, point, decimals = unsigned.partition(".")
    if whole.isascii() and whole.isdigit() and len(whole) <= 12 and decimals.isascii() and (decimals.isdigit() and len(decimals) <= 6 or not point):
        return int(sign + whole + decimals.ljust(6, "0"))  # the usual amount, at most 18 digits: no Decimal needed
    from decimal import Decimal

    with exact_money():
        scaled = Decimal(amount) * 1_000_000
    if scaled != scaled.to_integral_value() or abs(scaled) >= 2**62:
        return None
    return int(scaled)
