"""A game's files checked one by one, for 'check' and 'backup': each file's problems with
their places inside it, where loading the game (``Ledger.load``) stops at the first. Imported
only by the commands that check (not on any command's start-up path)."""

from __future__ import annotations

from ginscore.base.errors import GinscoreError, named_file, unexpected
from ginscore.base.i18n import _
from ginscore.base.jsonfile import Unreadable, parse_json
from ginscore.base.safefile import read_regular, reason


def file_problems(ledger, game_id: str, most_bytes: int) -> list[tuple]:
    """(path, problem) for every problem of one game's files, each with its place inside
    the file; a disagreement between its files is the later file's.

    Whatever goes wrong while reading one game is that game's problem, never the end of
    the listing: even an error ginscore did not foresee is reported as one. ``most_bytes``: the
    most read of a file (``ledger.MAX_GAME_BYTES``)."""
    found, parts = [], []
    paths_ = ledger.files_of(game_id)
    for path in paths_:
        try:
            data = parse_json(read_regular(path, most_bytes))
            problems = ledger.codec.problems(data)
            if not problems:
                parts.append((path, ledger.codec.decode(data, path)))
        except OSError as error:
            problems = [_("cannot read the file: {reason}").format(reason=reason(error))]
        except Unreadable as error:
            problems = [str(error)]
        except Exception as error:  # noqa: BLE001 - the safety net the docstring promises
            problems = [unexpected(error)]
        found += [(path, problem) for problem in problems]
    if not found and parts:
        try:
            ledger.codec.merge(game_id, parts, "")
        except GinscoreError as error:  # the file it names holds the fault (else the last one read)
            found.append(named_file(str(error).rstrip("; "), paths_))
    return found

