"""The names file syncers give the version of a file that lost a conflict, so that 'ginscore
check' folds such copies in (game files, and any other file of the ledger folder whose name
pattern is given) and reports a name that looks like a copy but is no name ginscore knows.
"""

from __future__ import annotations

import re

# What syncers put into the name of the version that lost a conflict, just before ".json"
# (repeated: a conflict copy of a conflict copy), each as its client's source or manual gives it:
CONFLICT_MARKS = (
    r"\.sync-conflict-\d{8}-\d{6}-[A-Z0-9]{7}",  # Syncthing: NAME.sync-conflict-20261204-101010-ABCDEFG.json
    # Dropbox, with the person's or computer's name or without: NAME (Bob's conflicted copy 2026-12-04).json,
    # NAME (conflicted copy laptop 2026-12-04).json, and " (1)" for a second one the same day
    r" \((?:[^()]*'s )?conflicted copy(?: [^()]*?)? \d{4}-\d\d-\d\d(?: \(\d+\))?\)",
    # the Nextcloud and ownCloud clients, with the user's name (parentheses made "_") or without:
    # NAME (conflicted copy alice 2026-12-04 101010).json; older clients NAME_conflict-20261204-101010.json
    r" \(conflicted copy(?: [^()]*?)? \d{4}-\d\d-\d\d \d{6}\)",
    r"_conflict-\d{8}-\d{6}",
    # Unison's copyonconflict: NAME (conflict_on_2026-12-04).json, NAME (conflict #1_on_2026-12-04).json,
    # and "_was_deleted" when the other side deleted the file
    r" \(conflict(?: #\d+)?_on_\d{4}-\d\d-\d\d(?:_was_deleted)?\)",
    r" \(\d+\)| \d+(?!\d)",  # iCloud Drive (NAME 2.json), OneDrive and file managers (NAME (1).json)
    r"-[A-Za-z0-9_-]+(?![A-Za-z0-9_-])",  # OneDrive keeping both: NAME-COMPUTERNAME.json
)
# (A run of letters, digits and dashes is one mark, never split: a name that matches nothing is
# refused at once, not after trying every way to cut it up.)
CONFLICT_TAIL = "(?:" + "|".join(CONFLICT_MARKS) + ")+"
GAME_BASE = r"game-[0-9a-z]+(?:\.[0-9a-z]+)?"  # a game file's name without ".json"


def conflict_copy(name: str, base: str = GAME_BASE):
    """A syncer's conflict copy's match (``base``: the name it is a copy of, without ".json"),
    or None; ``base`` is the pattern of the names whose copies are looked for (game files by
    default). Compiled on first use, by re's cache, as reading one game lists no folder."""
    return re.match(rf"^(?P<base>{base}){CONFLICT_TAIL}\.json$", name)


def unplaced_copy(name: str, base: str = GAME_BASE):
    """The match of a name that begins as a file named by ``base`` does and ends in ".json" but
    is neither such a file nor a known conflict copy (``base``: what it looks like a copy of), or
    None: a copy ginscore cannot place, which 'check' reports rather than leave unread."""
    if conflict_copy(name, base):
        return None
    match = re.match(rf"^(?P<base>{base})(?P<tail>[^/]+)\.json$", name)
    return match if match and not re.fullmatch(rf"(?:{base})\.json", name) else None
