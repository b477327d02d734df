"""'check' and the summary index: every game file compared with its row and the rows mended
(``verify``), and what 'check' found with nothing to say kept beside the digest of the bytes it
read (``checked``), so that the next 'check' reads those bytes, compares their digest and trusts
them: the index vouches for bytes it has read, and no others (issue #45)."""

from __future__ import annotations

import json

from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.index import cached
from ginscore.index.rows import NO_FACTS, check_mark, forget, store
from ginscore.index.sketched import MARK, PENDING
from ginscore.index.stamp import Stamp, bump, write_stamp

VOUCHED = "vouched"  # in ``verify``'s ``evaluated``: a game whose bytes are the ones its row was made of
SKETCHED = "sketched"  # in ``verify``'s rows: a row of a sketched index not read yet (``sketched``), filled without a word


def fingerprint(summary: dict) -> bytes:
    """A summary in 16 bytes: equal summaries, equal fingerprints (a whole ledger's check keeps
    these, not the summaries, so that its memory stays flat with the ledger's size)."""
    from hashlib import blake2b

    return blake2b(json.dumps(summary, ensure_ascii=False, sort_keys=True).encode(), digest_size=16).digest()


class Voucher(Record):
    """What the index says of a game's row for 'check': its files (names, times, sizes), the
    digest of the bytes it was made of, what 'check' found in them (``Checked``; None: not
    checked, or the row changed since), what the game was paid as (``rows.paid_text``)."""

    files: str | None
    digest: str | None
    checked: "Checked | None"
    paid: str | None


class Checked(Record):
    """What 'check' found in a game's bytes: the effective hands it counted, and its notes
    ((file name, note) pairs, in ``language``: none, for most games); kept in the row's
    ``checked`` with a mark that binds them to the digest and the summary (``check_mark``)."""

    hands: int
    language: str
    notes: tuple


def _checked(stored, digest: str, summary) -> Checked | None:
    """The ``Checked`` a row keeps, or None where its mark does not hold."""
    mark, _space, found = cached.text(stored, "a check's mark").partition(" ")
    data = json.loads(found)
    cached.need(type(data) is list and len(data) == 3 and type(data[2]) is list, "a check's mark")
    hands, language, notes = data
    cached.count(hands, "hands checked"), cached.text(language, "a language")
    for note in notes:
        cached.need(type(note) is list and len(note) == 2, "a note")
        cached.text(note[0], "a file"), cached.text(note[1], "a note")
    checked = Checked(hands, language, tuple(tuple(note) for note in notes))
    return checked if check_mark(digest, summary, checked) == stored else None


def voucher(connection, game_id: str) -> Voucher | None:
    """The ``Voucher`` of game ``game_id``'s row, each value checked; None for a row without a
    digest, or none."""
    row = connection.execute("SELECT files, digest, checked, paid, summary FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None or row[1] is None:
        return None
    files, digest, checked, paid, summary = row
    cached.text(digest, "a digest")
    return Voucher(cached.text(files, "a game's files", none=True), digest, None if checked is None else _checked(checked, digest, summary),
                   cached.text(paid, "what a game was paid as", none=True))


def summary_of(connection, game_id: str) -> dict:
    """The summary the index keeps of game ``game_id``, checked."""
    row = connection.execute("SELECT summary FROM games WHERE id = ?", (game_id,)).fetchone()
    cached.need(row is not None, "a game's row")
    return cached.summary(row[0], game_id)


def verify(ledger, connection, evaluated: dict, summarize=None, clean: dict | None = None, moved: dict | None = None) -> list:
    """Every game whose row disagrees with what its file says now (also files edited in place,
    which keep the folder's time); each is mended. ``evaluated``: id -> (summary, problem,
    position, facts) of every game, as the caller read them (a summary as a dict, as its JSON
    text, or, for a finished game, as its ``fingerprint``, with ``summarize(id)`` to read it
    again if its row is to be mended), or ``VOUCHED``: its bytes are the ones its row was made
    of. ``clean``: id -> (digest, ``Checked``) of the games 'check' checked whole, marked as
    checked (``vouchers``); ``moved``: id -> its files' status now, for a game vouched
    for whose files' times changed (a copy). The rows are read one at a time. Returns (id, what
    was wrong) pairs."""
    vouched = {game_id for game_id, value in evaluated.items() if value is VOUCHED}
    rows = {}  # id -> (its summary's fingerprint, its problem, whether it is finished); only the rows not vouched for read whole
    for game_id, damaged, pending in connection.execute(f"SELECT id, damaged, {PENDING} FROM games").fetchall():
        if game_id in vouched or pending:  # a sketched row (``sketched``): filled in below, not wrong
            rows[game_id] = SKETCHED if pending else None
            continue
        stored = connection.execute("SELECT summary FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        known = json.loads(stored) if stored else None
        rows[game_id] = (None if known is None else fingerprint(known), damaged, (known or {}).get("finished", True))
    wrong = []
    with connection:
        for game_id, value in evaluated.items():
            if value is VOUCHED:
                continue
            summary, error, place, facts = value
            if isinstance(summary, bytes):
                mark, summary = summary, None  # finished: read again only if its row is mended
            elif summary is not None:
                summary = json.loads(summary if isinstance(summary, str) else json.dumps(summary, ensure_ascii=False))
                mark = fingerprint(summary)
            else:
                mark = None
            row = rows.get(game_id)
            if row is SKETCHED:
                store(connection, ledger, game_id, summarize(game_id) if summary is None and mark is not None else summary, error, place,
                      facts=facts or NO_FACTS)
                continue
            if summary is not None and not summary["finished"] and row is not None and not row[2]:
                store(connection, ledger, game_id, summary, None, place, facts=facts or NO_FACTS)  # in progress: renewed only now and then
                continue
            if row is None:
                wrong.append((game_id, _("missing from the index")))
            elif row[0] != mark or (row[1] or None) != error:
                wrong.append((game_id, _("out of date in the index")))
            else:
                continue
            if summary is None and mark is not None:
                summary = summarize(game_id)
            store(connection, ledger, game_id, summary, error, place, facts=facts or NO_FACTS)
        for game_id in set(rows) - set(evaluated):
            if rows[game_id] is not SKETCHED:
                wrong.append((game_id, _("in the index, but its file is gone")))
            forget(connection, game_id)
        connection.execute("DELETE FROM meta WHERE key = ?", (MARK,))  # every game read: whole
        connection.executemany("UPDATE games SET files = ? WHERE id = ?", [(files, game_id) for game_id, files in (moved or {}).items()])
        marks = []
        for game_id, (digest, checked) in (clean or {}).items():
            row = connection.execute("SELECT summary FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is not None:
                marks.append((digest, check_mark(digest, row[0], checked), game_id))
        connection.executemany("UPDATE games SET digest = ?, checked = ? WHERE id = ?", marks)
        generation = bump(connection)
    mtime = ledger.folder_mtime()
    if mtime is not None:
        write_stamp(ledger, Stamp(mtime, generation))
    return wrong
