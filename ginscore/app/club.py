"""The club's questions of a Book, for the command line and the board alike: the ladder's lines
and the evening's seating (docs/ladder.md)."""

from __future__ import annotations

from datetime import date, timedelta

from ginscore.app.book import selection
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _
from ginscore.core.names import folded


def change_start(until: str | None) -> str:
    """Where the ladder's change is counted from without a season: 30 days before ``until``
    (a UTC bound), or before today."""
    from ginscore.ops.evening import day_bounds
    from ginscore.ops.ladder import CHANGE_DAYS

    end = date.fromisoformat(until[:10]) if until else date.today()
    return day_bounds((end - timedelta(days=CHANGE_DAYS)).isoformat(), date.today(), end=False)


def ladder_lines(book, kind: str = "") -> list:
    """The ladder as it stands (``ops.ladder.rungs``), every player, the change over 30 days."""
    from ginscore.ops.ladder import rungs

    totals = book.player_totals(selection(table=kind or None))
    change_from = change_start(None)
    return book.with_ratings(kind, lambda reader: rungs(reader, None, None, change_from, totals, False))


def seated(book, names, kind: str, rounds: int | None, since: str):
    """The evening's next seating (``ops.seating.evening``) of ``names``, from the index."""
    from ginscore.ops.evening import day_bounds
    from ginscore.ops.seating import evening

    if len({folded(name) for name in names}) != len(names) or len(names) < 2:
        raise GinscoreError(_("name each player here tonight once, two or more: ginscore pairings Ann Bob Cy Dan"))
    for name in names:
        if not name.strip():
            raise GinscoreError(_("a player's name is empty: name each player here tonight"))
    today = date.today()
    tonight = day_bounds(since, today, end=False)
    keys = [folded(name) for name in names]
    rated = book.with_ratings("", lambda reader: {entry.key: entry for entry in reader.player_ratings(None, keys)})
    games_tonight = book.summaries(selection(since=tonight, finished_only=True))
    earlier = day_bounds((today - timedelta(days=90)).isoformat(), today, end=False)
    before = book.summaries(selection(since=min(earlier, tonight), until=tonight, finished_only=True))
    playing = book.summaries(selection(since=tonight, unfinished_only=True))
    return evening(names, kind, rounds, rated, games_tonight, before, playing)


