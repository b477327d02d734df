"""When a game was started, read from the first bytes of its first file alone: what a new
device's first listing needs to put every game in order before it reads the newest few whole
(``ginscore.index.sketched``).

A game file ginscore writes begins with its start clock and its creation time (sorted keys, two
spaces of indentation: ``game_file.encode``, ``jsonfile``), the same in every device's file of
the game. Only that exact beginning is taken; a file written otherwise (by hand, by an older
ginscore, cut short) says nothing here and is read whole. Nothing else of the file is vouched
for: a game whose head reads well may still not load, which its whole reading finds."""

from __future__ import annotations

import re

from ginscore.base.safefile import read_start
from ginscore.store.journal_format import check_time

HEAD_BYTES = 160  # '{', the clock (at most 18 digits), the creation time (at most 40 characters), with their keys
_HEAD = re.compile(rb'\{\n  "clock": (0|[1-9][0-9]{0,17}),\n  "created": "([0-9T:.+Z-]{10,40})",\n')


def started(ledger, game_id: str) -> tuple | None:
    """(created, start clock) of game ``game_id`` from the head of its first file (the game as
    started: ``game_file.merge``), or None when that head is not the one ginscore writes."""
    paths = ledger.files_of(game_id)
    if not paths:
        return None
    try:
        head = read_start(paths[0], HEAD_BYTES)
    except OSError:
        return None
    found = _HEAD.match(head)
    if found is None:
        return None
    created, problems = found.group(2).decode("ascii"), []
    check_time(created, "created", problems)
    return None if problems else (created, int(found.group(1)))
