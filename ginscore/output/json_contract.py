"""The JSON contract: which documents ginscore prints, the version of each one's shape, and the
one place that stamps them (``document``).

Every JSON document starts with ``"schema": "ginscore.NAME"`` and ``"schema_version":
"MAJOR.MINOR"``. A minor version only adds keys; a major version is a breaking change (a key
gone, renamed, or of another type, a list made an object). ``--json-version MAJOR`` asks for
an older major for as long as it is in ``older``: its shape is made here from the current
document, so no command keeps two shapes. The schema of every current document is shipped in
``ginscore/schemas/NAME.json`` (``ginscore schema NAME``).

Foundations: no import of the rest of ginscore but the errors and the words; cheap to import
(the commands between hands stamp their output too).
"""

from __future__ import annotations

from typing import Callable

from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import N_, _, translate
from ginscore.base.records import Record

PREFIX = "ginscore."


class Document(Record):
    version: str  # "MAJOR.MINOR" of the shape printed by default
    about: object  # what it is, for 'ginscore schema --list' (marked for the catalog)
    older: tuple = ()  # the older majors still printed on request, each made by LEGACY[(name, major)]

    @property
    def major(self) -> int:
        return int(self.version.split(".")[0])

    @property
    def majors(self) -> tuple:
        return (*self.older, self.major)


DOCUMENTS = {
    "game": Document("1.2", N_("a game: status, sheet, new, rematch, the hand commands, undo, redo, edit, end, void, unvoid")),
    "games": Document("2.2", N_("the games listed by 'games'"), older=(1,)),
    "log": Document("1.3", N_("a game's journal: 'log'")),
    "settle": Document("2.0", N_("an evening's settlement: 'settle'"), older=(1,)),
    "undone-settlement": Document("2.0", N_("a settlement taken back: 'undo' right after 'settle --record', 'undo --settlement'"), older=(1,)),
    "redone-settlement": Document("1.0", N_("a settlement brought back: 'redo' right after 'undo' took it back")),
    "stats": Document("2.1", N_("each player's statistics: 'stats'"), older=(1,)),
    "check": Document("1.1", N_("the ledger's check: 'check'")),
    "backup": Document("1.0", N_("a backup made: 'backup'")),
    "merge": Document("1.1", N_("a ledger folded in: 'merge'")),
    "import": Document("1.0", N_("a score-pad backup imported: 'import'")),
    "rules": Document("1.0", N_("rule settings: 'rules'")),
    "presets": Document("2.0", N_("the presets: 'rules --list'"), older=(1,)),
    "config": Document("1.1", N_("the house-rules file: 'config'")),
    "analysis": Document("1.0", N_("the best melds of a hand: 'analyze'")),
    "pad": Document("2.0", N_("a blank score sheet: 'pad --format json'"), older=(1,)),
    "rename": Document("1.0", N_("the games a player was renamed in: 'rename --all'")),
    "ladder": Document("1.0", N_("the club's ladder, a season's table, the chance of winning: 'ladder'")),
    "pairings": Document("1.0", N_("the evening's tables: 'pairings'")),
}

# The documents each command may print; --json-version is checked against them before the
# command does anything, so that a version nobody supports changes nothing.
GAME_COMMANDS = ("status", "sheet", "new", "rematch", "knock", "gin", "draw", "out", "edit", "end", "abandon",
                 "void", "unvoid", "delete", "restore")
COMMANDS = {
    **{name: ("game",) for name in GAME_COMMANDS},
    "undo": ("game", "undone-settlement"),
    "redo": ("game", "redone-settlement"),
    "games": ("games",),
    "log": ("log",),
    "settle": ("settle",),
    "stats": ("stats",),
    "check": ("check",),
    "backup": ("backup",),
    "merge": ("merge",),
    "import": ("import",),
    "rules": ("rules", "presets", "game"),  # "game": rules set
    "config": ("config",),
    "analyze": ("analysis",),
    "pad": ("pad",),
    "rename": ("game", "rename"),
    "ladder": ("ladder",),
    "pairings": ("pairings",),
}


def _games_1(body: dict) -> list:
    """games 1.x: a bare list, each entry with a top-level copy of ``final.payments`` (and none of
    the keys of 2.2)."""
    listing = []
    for entry in body["games"]:
        if entry.get("damaged"):
            listing.append(entry)
            continue
        old = {}
        for key, value in entry.items():
            if key in ("settlement", "changed_after_settlement"):
                continue
            old[key] = value
            if key == "final":
                old["payments"] = [] if value is None else value["payments"]
        listing.append(old)
    return listing


def _stats_1(body: dict) -> dict:
    """stats 1.x: the players' object itself, or with --vs ``players`` and ``games``."""
    if body["games"] is None:
        return body["players"]
    return {"players": body["players"], "games": body["games"]}


def _settle_1(body: dict) -> dict:
    """settle 1.x: the settlement recorded by its number as well (``recorded``), and the games
    settled twice by the numbers of their settlements (the command gives them, ``numbers``: they
    change when an earlier settlement arrives from another device); none of the keys of 2.0."""
    numbers = body["numbers"]
    recorded = body["settlement_id"]
    twice = [{"game": held["game"], "settlement": numbers[held["settlement"]], "also": [numbers[also] for also in held["also"]]}
             for held in body["settled_twice"]]
    kept = ("games", "currency", "nets", "payments", "method", "no_stake")
    return {"schema": PREFIX + "settle", "schema_version": "1.1", **{key: body[key] for key in kept},
            "recorded": numbers.get(recorded) if recorded else None, "settlement_id": recorded, "settled_twice": twice}


def _undone_settlement_1(body: dict) -> dict:
    """undone-settlement 1.x: the settlement's number as ``settlement``, its id as ``settlement_id``."""
    return {"schema": PREFIX + "undone-settlement", "schema_version": "1.1", "settlement": body["numbers"][body["settlement"]],
            "games": body["games"], "undone": body["undone"], "settlement_id": body["settlement"]}


def _pad_1(body: dict) -> dict:
    """pad 1.x: ``fields`` as an object keyed by the (translated) labels."""
    return {**body, "fields": {field["label"]: field["value"] for field in body["fields"]}}


# (name, major) -> the older shape, from the current document's body (not stamped where those
# shapes never carried the keys: games, stats, presets and pad 1.x; settle and undone-settlement 1.x did).
LEGACY: dict[tuple, Callable] = {
    ("games", 1): _games_1,
    ("settle", 1): _settle_1,
    ("undone-settlement", 1): _undone_settlement_1,
    ("stats", 1): _stats_1,
    ("presets", 1): lambda body: body["presets"],
    ("pad", 1): _pad_1,
}


def parse_major(text) -> int:
    """A major version as typed after --json-version: ``1``, or ``1.0`` (the minor is ignored)."""
    word = str(text).strip()
    head = word.split(".", 1)[0]
    if not (head.isascii() and head.isdigit() and len(head) <= 3) or ("." in word and not word.split(".", 1)[1].isdigit()):
        raise GinscoreError(
            _("--json-version {value} is not a version: give its major number, e.g. --json-version 1").format(value=repr(word)[:40])
        )
    return int(head)


def supported(names, major: int) -> None:
    """Refuse ``major`` unless one of the documents ``names`` is printed in it."""
    majors = sorted({number for name in names for number in DOCUMENTS[name].majors})
    if major not in majors:
        raise GinscoreError(
            _("--json-version {major} is not supported here: this command prints JSON version {versions} (the default is the newest)").format(
                major=major, versions=_(" or ").join(map(str, majors))
            )
        )


def document(name: str, body, major: int | None = None):
    """The document ``name`` to print: ``body`` (the current shape, without the two keys)
    stamped with ``schema`` and ``schema_version`` in front; or, for an older ``major``, the
    shape of that major."""
    kind = DOCUMENTS[name]
    if major is None or major == kind.major:
        return {"schema": PREFIX + name, "schema_version": kind.version, **body}
    supported((name,), major)
    return LEGACY[(name, major)](body)


def listing() -> list:
    """(name, version, what it is) of every document, for 'ginscore schema --list'."""
    return [(PREFIX + name, kind.version, translate(kind.about)) for name, kind in DOCUMENTS.items()]
