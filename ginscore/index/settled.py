"""The settled set in the summary index: which live settlement each game counts in, what was
paid for it, and whether it still comes to that, so that 'games', an evening's 'settle' and the
board ask about the games at hand, not about every settlement ever recorded (issue #45).

Derived, never trusted as data, like the rest of the index: it is made from the settlements as
``ginscore.store.settlements`` reads them (handed in by ``ginscore.app``, which reads the files:
the index reads none), and it holds while the settlement files are as they were then (their
names, sizes and times: ``signature``, kept in ``meta``); when they differ it is made again. A
row per game that counts in a live settlement: the settlement's id, the part it settled
(``ops.squaring.Part`` as JSON: the settlement's id, currency, the game's share or an old
settlement's nets, and the squarings since), and, for a game settled alone by seat and never
squared, its share as the text the game's row says what it comes to (``games.paid``):
``as_paid`` tells the two equal, kept by a trigger whenever a game's row is written, so that
the games that changed since their settlement are an indexed question, never a walk of every
settled game. Every value read back is checked (``cached``).
"""

from __future__ import annotations

import json

from ginscore.index import cached
from ginscore.index.rows import summary_text
from ginscore.index.sketched import PENDING

# ``ginscore.ops.squaring`` is imported by the functions that read or make the settled set: the
# index is imported by a hand that ends a game, which must not load it (start-up).

SQL_LAYOUT = """
CREATE TABLE settled (
    game_id TEXT PRIMARY KEY, settlement TEXT, part TEXT, share TEXT, plain INTEGER, as_paid INTEGER, seq INTEGER
);
-- the settled games that do not come to what was paid for them (changed, squared, old): a few
CREATE INDEX settled_changed ON settled (game_id) WHERE as_paid = 0;
CREATE TRIGGER settled_game_written AFTER INSERT ON games WHEN EXISTS (SELECT 1 FROM settled WHERE game_id = NEW.id) BEGIN
    UPDATE settled SET as_paid = (plain = 1 AND NEW.damaged IS NULL AND NEW.paid IS NOT NULL AND NEW.paid = share)
    WHERE game_id = NEW.id;
END;
CREATE TRIGGER settled_game_removed AFTER DELETE ON games WHEN EXISTS (SELECT 1 FROM settled WHERE game_id = OLD.id) BEGIN
    UPDATE settled SET as_paid = 0 WHERE game_id = OLD.id;
END;
"""
SIGNATURE_KEY = "settlement_files"  # in meta: the settlement files the settled set was made from
FACTS_KEY = "settlements"  # in meta: their problems, what they were as read, the games settled twice


def signature_of(connection) -> str | None:
    """The settlement files' ``signature`` the settled set was made from; None when never made."""
    row = connection.execute("SELECT value FROM meta WHERE key = ?", (SIGNATURE_KEY,)).fetchone()
    return None if row is None else cached.text(row[0], "the settlement files' signature")


def replace(connection, signature: str, held) -> None:
    """Make the settled set again from ``held`` (``settlements.Held``, read from the files whose
    ``signature`` it is): every game counted in a live settlement, its part, and whether it
    comes to what was paid for it now (the games' rows as they stand)."""
    from ginscore.ops import squaring

    live = squaring.LiveSettlements(held.records)
    rows = []
    seq = {id(part): number for number, part in enumerate(live.parts)}  # the parts' order: the settlements' causal order
    for game_id, record in live.counted.items():
        part = live.by_game.get(game_id)
        if part is None:  # an old settlement's game that cannot be compared: counted, never changed
            rows.append((game_id, record["id"], None, None, 0, -1))
            continue
        squares = live.squares.get((part.settlement["id"], tuple(sorted(part.games))), [])
        settlement = {"id": part.settlement["id"], "currency": part.settlement.get("currency")}
        if part.by_seat:
            settlement["shares"] = {game: part.settlement["shares"][game] for game in part.games}
        else:
            settlement["nets"] = part.settlement["nets"]
        kept = {"settlement": settlement, "games": list(part.games), "by_seat": part.by_seat, "squares": squares}
        plain = part.by_seat and len(part.games) == 1 and not squares
        share = summary_text([amount for _name, amount in settlement["shares"][game_id]]) if plain else None
        rows.append((game_id, record["id"], summary_text(kept), share, int(plain), seq[id(part)]))
    twice = plain_twice(held.records)
    facts = {"problems": [list(problem) for problem in held.problems], "seen": held.seen(), "twice": twice,
             "any": bool(live.counted)}
    with connection:
        connection.execute("DELETE FROM settled")
        connection.executemany("INSERT INTO settled VALUES (?, ?, ?, ?, ?, 0, ?)", rows)
        connection.execute(
            """UPDATE settled SET as_paid = 1 WHERE plain = 1 AND EXISTS (
                   SELECT 1 FROM games g WHERE g.id = settled.game_id AND g.damaged IS NULL AND g.paid = settled.share)"""
        )
        connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (FACTS_KEY, summary_text(facts)))
        connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (SIGNATURE_KEY, signature))


def plain_twice(records) -> list | None:
    """``squaring.settled_twice`` of the settlements, amounts as text; None when a later settlement
    of a game settled twice kept no amount per game (an older ginscore): what it comes to now
    then stands in, which the games' summaries say (the settlement files are read again)."""
    from ginscore.ops import squaring

    twice = squaring.settled_twice(records)
    games = {held["game"] for held in twice}
    for record in squaring.live(records):
        if record.get("shares") is None and len(record["games"]) > 1 and games & set(record["games"]):
            return None
    return [{**held, "give_back": [[debtor, creditor, format(amount, "f")] for debtor, creditor, amount in held["give_back"]]}
            for held in twice]


class Facts:
    """What the settled set says of the settlements as a whole: ``problems`` ((path, problem) of
    each file or copy left out), ``seen`` (``Held.seen``), ``twice`` (``squaring.settled_twice``,
    or None: read the files), ``any`` (whether any game counts in a live settlement)."""

    def __init__(self, problems: list, seen: str, twice, any_settled: bool):
        self.problems, self.seen, self.twice, self.any = problems, seen, twice, any_settled


def facts(connection) -> Facts:
    from decimal import Decimal

    row = connection.execute("SELECT value FROM meta WHERE key = ?", (FACTS_KEY,)).fetchone()
    cached.need(row is not None, "the settlements' facts")
    data = json.loads(cached.text(row[0], "the settlements' facts"))
    cached.need(type(data) is dict and all(key in data for key in ("problems", "seen", "twice", "any")), "the settlements' facts")
    problems = data["problems"]
    cached.need(type(problems) is list and all(type(item) is list and len(item) == 2 for item in problems), "problems")
    for path, problem in problems:
        cached.text(path, "a path"), cached.text(problem, "a problem")
    twice = data["twice"]
    if twice is not None:
        cached.need(type(twice) is list, "settled twice")
        twice = [_twice(held, Decimal) for held in twice]
    cached.need(type(data["any"]) is bool, "any")
    return Facts([tuple(problem) for problem in problems], cached.text(data["seen"], "seen"), twice, data["any"])


def _twice(held, decimal) -> dict:
    cached.need(type(held) is dict and set(held) == {"game", "settlement", "also", "currency", "give_back", "estimated"}, "twice")
    cached.text(held["game"], "a game"), cached.text(held["settlement"], "a settlement")
    cached.text(held["currency"], "a currency", none=True)
    cached.need(type(held["also"]) is list and all(type(other) is str for other in held["also"]), "also")
    cached.need(type(held["estimated"]) is bool and type(held["give_back"]) is list, "give back")
    back = []
    for paid in held["give_back"]:
        cached.need(type(paid) is list and len(paid) == 3, "a payment")
        back.append((cached.text(paid[0], "a payer"), cached.text(paid[1], "a payee"), decimal(cached.amount(paid[2]))))
    return {**held, "give_back": back}


def settlements_of(connection, game_ids=None) -> dict:
    """game id -> the id of the settlement it counts in, of the games ``game_ids`` that count in
    one (None: of every such game); nothing else of them is read."""
    if game_ids is None:
        rows = connection.execute("SELECT game_id, settlement FROM settled").fetchall()
    else:
        ids, rows = list(dict.fromkeys(game_ids)), []
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start:start + CHUNK]
            rows += connection.execute(f"SELECT game_id, settlement FROM settled WHERE game_id IN ({', '.join('?' * len(chunk))})",
                                       chunk).fetchall()
    return {cached.text(game_id, "a game id"): cached.text(settlement, "a settlement id") for game_id, settlement in rows}


def counted(connection, game_ids=None) -> dict:
    """game id -> (the id of the settlement it counts in, its part or None) of the games
    ``game_ids`` that count in one (None: of every such game)."""
    rows = []
    if game_ids is None:
        query = [("SELECT game_id, settlement, part, seq FROM settled", ())]
    else:
        ids = list(dict.fromkeys(game_ids))
        query = [(f"SELECT game_id, settlement, part, seq FROM settled WHERE game_id IN ({', '.join('?' * len(chunk))})", chunk)
                 for chunk in (ids[start:start + CHUNK] for start in range(0, len(ids), CHUNK))]
    for sql, values in query:
        rows += connection.execute(sql, values).fetchall()
    return _read(rows)


def _read(rows) -> dict:
    """game id -> (settlement id, (part, squares) or None), in the order of the settlements' parts."""
    found = {}
    for game_id, settlement, part, _seq in sorted(rows, key=lambda row: cached.count(row[3], "a part's place")):
        found[cached.text(game_id, "a game id")] = (cached.text(settlement, "a settlement id"), None if part is None else _part(part))
    return found


CHUNK = 500  # ids in one statement


def changed(connection) -> dict:
    """``counted`` of the settled games that may not come to what was paid for them now (changed
    since, squared, voided, unfinished, damaged, gone, or of an old settlement): their parts are
    compared with the games by ``squaring.LiveSettlements``."""
    # a game of a sketched index not read yet is not asked about (``sketched``): what it comes to is not known
    return _read(connection.execute(
        f"""SELECT game_id, settlement, part, seq FROM settled s WHERE as_paid = 0
            AND NOT EXISTS (SELECT 1 FROM games g WHERE g.id = s.game_id AND {PENDING})""").fetchall())


def _part(stored) -> tuple:
    """(a ``squaring.Part``, the owed of each squaring of it) from its JSON, checked."""
    from ginscore.ops.squaring import Part

    data = json.loads(cached.text(stored, "a settled part"))
    cached.need(type(data) is dict and set(data) == {"settlement", "games", "by_seat", "squares"}, "a settled part")
    settlement, games = data["settlement"], data["games"]
    cached.need(type(settlement) is dict and type(settlement.get("id")) is str, "a settlement")
    cached.text(settlement.get("currency"), "a currency", none=True)
    cached.need(type(games) is list and games and all(type(game) is str for game in games), "a part's games")
    cached.need(type(data["by_seat"]) is bool and type(data["squares"]) is list, "a part")
    if data["by_seat"]:
        shares = settlement.get("shares")
        cached.need(type(shares) is dict and set(shares) == set(games), "shares")
        for share in shares.values():
            _pairs(share)
    else:
        nets = settlement.get("nets")
        cached.need(type(nets) is dict, "nets")
        for amount in nets.values():
            cached.amount(amount, "a net")
    for owed in data["squares"]:
        if type(owed) is dict:
            for amount in owed.values():
                cached.amount(amount, "owed")
        else:
            _pairs(owed)
    return Part(settlement, tuple(games), data["by_seat"]), data["squares"]


def _pairs(value) -> None:
    cached.need(type(value) is list and all(type(pair) is list and len(pair) == 2 for pair in value), "amounts by seat")
    for name, amount in value:
        cached.text(name, "a name"), cached.amount(amount, "an amount")
