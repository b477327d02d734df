"""A game's rows in the summary index: its place in the order games were started, its row of
games and its rows of players, written one game at a time or many at once (a build)."""

from __future__ import annotations

import json
from operator import itemgetter

from ginscore.base.ids import order_key
from ginscore.core.names import folded
from ginscore.core.statistics import STAT_KEYS
from ginscore.index import totals


def position(game_id: str, created: str | None, clock: int = 0) -> str:
    """A game's place in the order games were started, as text SQL sorts: by when it was
    created, then its start clock, then its id (numbered games by number); a game that does not
    load (no known start) after every other."""
    kind, number, made = order_key(game_id)
    return f"{created or '~'}|{clock:016d}|{kind}{number:030d}{made}"  # a listed number has at most 30 digits


class Facts:
    """What the reader of a game's files knew besides its summary: when it ended (the time of
    its last entry that counts, as the exports date it: ``ops.summary.ended_at``; None while in
    progress) and the digest of the bytes it read (``base.content``: each file's name, size and
    BLAKE2b), by which the index vouches for those bytes and no others. (A plain class: the
    index is imported by the hand that ends a game, and a Record costs its start-up more.)"""

    __slots__ = ("ended", "digest", "checked")

    def __init__(self, ended: str | None = None, digest: str | None = None, checked=None):
        self.ended, self.digest, self.checked = ended, digest, checked  # checked: what a check finds (``verified.Checked``)


NO_FACTS = Facts()


def store(connection, ledger, game_id: str, summary: dict | None, error: str | None, place: str,
          files: str | None = None, keep_totals: bool = True, facts: tuple = NO_FACTS) -> None:
    """Write one game's rows: its ``summary`` (and its players' statistics once it is
    finished), or the ``error`` that keeps it from loading; ``place``: its ``position`` (which
    needs the game's start clock: only the caller that read the game knows it); ``files``: its
    ``file_status`` as seen before it was read, when the caller has it; ``facts``: what else the
    reader knew of it (``Facts``). Without ``keep_totals`` the players' totals are left for
    ``totals.rebuild`` (a build of many games adds them up once)."""
    files = ledger.file_status(game_id) if files is None else files
    if keep_totals:
        totals.change(connection, totals.counted_rows(connection, game_id), -1)
    game_row, player_rows = rows(game_id, summary, error, place, files, facts)
    write_rows(connection, [game_id], [game_row], player_rows)
    if keep_totals:
        totals.change(connection, totals.counted_rows(connection, game_id), 1)



def rows(game_id: str, summary: dict | None, error: str | None, place: str, files: str | None, facts: tuple = NO_FACTS) -> tuple:
    """(its row of games, its rows of players) of one game, as ``store`` writes them."""
    if summary is None:
        return (game_id, files, place, None, None, 0, 0, error, None, None, None, None, facts.digest, None, None), []
    money, currency = summary["money"] or {}, summary["currency"] or ""
    micro = totals.micro
    # the statistics, the summary's largest part, written without the encoder when they are the
    # last key and each player's are the whole numbers of STAT_KEYS in order (as summarize gives them)
    plain = len(summary) > 1 and next(reversed(summary)) == "stats"
    player_rows, written = [], []
    for name, stats in summary["stats"].items():
        amount = money.get(name)
        counts = _COUNTS(stats)
        whole = set(map(type, counts)) == _WHOLE
        if not whole:
            counts = (*map(int, counts),)
        if plain and whole and type(name) is str and tuple(stats) == STAT_KEYS:
            written.append(f"{_encode_text(name)}: {_STATS_TEXT % counts}")
        else:
            plain = False
        player_rows.append((game_id, place, name, folded(name), *counts, amount, micro(amount), currency))
    text = None
    if plain:
        rest = summary.copy()
        del rest["stats"]
        text = f"{summary_text(rest)[:-1]}, \"stats\": {{{', '.join(written)}}}}}"
    placings = summary.get("placings")
    finished = summary["finished"]
    text = summary_text(summary) if text is None else text
    checked = None
    if facts.checked is not None and facts.digest is not None:  # what a check of these bytes finds, said again by 'check'
        checked = check_mark(facts.digest, text, facts.checked)
    game_row = (
        game_id, files, place, summary["created"], summary["table"], int(finished),
        int(summary["voided"]), None, text, summary_text(placings) if placings else None, paid_text(summary),
        facts.ended if finished else None, facts.digest, checked, summary_text(compact(summary)),
    )
    return game_row, player_rows


# What a listing, a settlement and an export read of a game: its summary but for the final
# block, the placings and the statistics (a fifth of it), kept beside it (``listed``)
COMPACT = ("id", "created", "table", "variant", "players", "hands", "finished", "winner", "net", "amount", "payments", "stake",
           "currency", "money", "voided")


def compact(summary: dict) -> dict:
    """The part of ``summary`` that 'games', 'settle' and 'export' read (``COMPACT``)."""
    return {key: summary[key] for key in COMPACT if key in summary}


def paid_text(summary: dict) -> str | None:
    """What each seat of a finished game played for a stake comes to, in seat order, as JSON: the
    text a settlement's share of it is compared with (``index.settled``); None for a game in
    progress, voided or without a stake."""
    money, players = summary["money"], summary.get("players")
    if money is None or not summary["finished"] or summary["voided"] or type(players) is not list:
        return None
    return summary_text([money.get(name) for name in players])


_COUNTS = itemgetter(*STAT_KEYS)
_WHOLE = {int}
# a player's statistics as json.dumps writes them when each is an int (not a bool, which it
# writes as true or false)
_STATS_TEXT = "{" + ", ".join(f'"{key}": %d' for key in STAT_KEYS) + "}"
_encode_text = json.encoder.encode_basestring
_ENCODE: list = []


def summary_text(summary: dict) -> str:
    """``json.dumps(summary, ensure_ascii=False)``, by the C encoder made once (a build writes
    thousands of summaries; json.dumps makes an encoder for each, a quarter of its time)."""
    if not _ENCODE:
        made = json.JSONEncoder(ensure_ascii=False)
        if json.encoder.c_make_encoder is None:
            _ENCODE.append(made.encode)
        else:
            encode = json.encoder.c_make_encoder(
                None, made.default, json.encoder.encode_basestring, None, ": ", ", ", False, False, True
            )
            _ENCODE.append(lambda value: "".join(encode(value, 0)))
    return _ENCODE[0](summary)


GAME_COLUMNS = 15  # id, files, position, created, table_kind, finished, voided, damaged, summary, placings, paid, ended, digest, checked, listed
_PLAYER_ROW = f"INSERT INTO players VALUES (?, ?, ?, ?, {', '.join('?' for _key in STAT_KEYS)}, ?, ?, ?)"


def write_rows(connection, game_ids: list, game_rows: list, player_rows: list, new: bool = False) -> None:
    """Replace the rows of the games ``game_ids`` (each once) with ``game_rows`` and
    ``player_rows``: one statement of each kind for many games (a build); ``new``: the index has
    no rows of these games (a build into an empty index), so none is looked for to delete."""
    if not new:
        connection.executemany("DELETE FROM players WHERE game_id = ?", [(game_id,) for game_id in game_ids])
    connection.executemany(f"INSERT OR REPLACE INTO games VALUES ({', '.join('?' * GAME_COLUMNS)})", game_rows)
    connection.executemany(_PLAYER_ROW, player_rows)


def empty(connection) -> bool:
    """Whether the index holds no row of any game, player or player's totals (as made)."""
    return connection.execute(
        "SELECT NOT EXISTS (SELECT 1 FROM games) AND NOT EXISTS (SELECT 1 FROM players) AND NOT EXISTS (SELECT 1 FROM totals)"
    ).fetchone()[0] == 1


def indexes_set_aside(connection) -> list:
    """Open a transaction and drop the index's own indexes in it, for a build into an empty
    index: SQLite makes each at once from the rows written (``make_indexes``) for less than it
    takes to keep it up row by row. In the build's transaction, so that a build cut short
    leaves the index as it was (with its indexes); returns what makes them again."""
    if not connection.in_transaction:
        connection.execute("BEGIN")
    made = connection.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").fetchall()
    for name, _sql in made:
        connection.execute(f'DROP INDEX "{name}"')
    return [sql for _name, sql in made]


def make_indexes(connection, made: list) -> None:
    """Make again the indexes ``indexes_set_aside`` dropped, in the same transaction."""
    for sql in made:
        connection.execute(sql)


def forget(connection, game_id: str, keep_totals: bool = True) -> None:
    """Remove a game whose file is gone, and its part of the players' totals (unless they are
    added up again afterwards: ``keep_totals``)."""
    if keep_totals:
        totals.change(connection, totals.counted_rows(connection, game_id), -1)
    connection.execute("DELETE FROM games WHERE id = ?", (game_id,))
    connection.execute("DELETE FROM players WHERE game_id = ?", (game_id,))


def check_mark(digest: str, summary: str | None, checked) -> str:
    """The row's ``checked``: ``checked`` (``verified.Checked``) as JSON with a BLAKE2b of it,
    the digest of the game's bytes and the summary made of them, so that a row changed since (by
    hand, or damaged the way types do not show) is never taken as checked."""
    from ginscore.base.content import blake2b

    found = summary_text([checked.hands, checked.language, [list(note) for note in checked.notes]])  # json.dumps's text
    return f"{blake2b(f'{digest}|{summary}|{found}'.encode(), digest_size=16).hexdigest()} {found}"
