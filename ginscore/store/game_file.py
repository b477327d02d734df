"""The game file format: encoding, strict validation and migration of older versions (pure).

``problems(data)`` lists every problem of a parsed game file, each with its place inside the
file, e.g. ``journal[4].hand.deadwood: expected a whole number, got a string``; ``decode``
refuses a file with any problem, naming the first. Nothing here repairs a file: a broken
file is reported, and the user decides.

Fields this version does not know are kept when they cannot change a score: unknown
top-level fields in ``Game.extra`` and unknown keys of journal entries in the entries
themselves; ``encode`` writes them back. An unknown rule setting or hand field is refused: it
was written by a newer ginscore (a future ``knock_bonus``) or by a mistake, and scoring
without it would be silently wrong. A file may declare hand fields that change no score
under ``ignorable`` (``["hand.note"]``); those are kept in the hands.
"""

from __future__ import annotations

import os
from operator import itemgetter

from ginscore.base.errors import GinscoreError, LedgerError, clipped, shown
from ginscore.base.i18n import _
from ginscore.base.ids import DEVICE_ID, GAME_ID
from ginscore.base.jsontypes import field as _field
from ginscore.base.jsontypes import value_words
from ginscore.base.text import shortened
from ginscore.core.causal import ordered
from ginscore.core.changes import rules_as_they_stood
from ginscore.core.game import CHANGE_ACTIONS, GAME_ACTIONS, STARTED, Game, header, union, voided
from ginscore.core.scoring import stake_text
from ginscore.store.game_file_fields import check_currency, check_players, check_rules, check_stake, rules_of, stake_of
from ginscore.store.journal_format import (
    IGNORABLE,
    check_entries,
    check_hand,
    check_numbered_journal,
    check_time,
)
from ginscore.tables import TABLES, get_table, names
from ginscore.tables import kept as kept_replays

FILE_FORMAT = "ginscore-game"
FILE_VERSION = 6
# The version a file of only hands, undos and edits is still written in, so that a ginscore
# from before version 5 goes on reading it (every game before 'rules set' and 'rename').
PLAIN_VERSION = 4
CHANGES_VERSION = 5  # with "rules" or "rename" entries and no hand whose seats an older ginscore would misread
# The key under which a game file names its kind of table. Its name is older than the word
# "table" in ginscore ("format" now only ever means an output format); it stays for the files.
TABLE_KIND_KEY = "format"
# Version 1 is the plain form a person can write by hand: "hands" in order, no journal.
# Version 2 stored every setting of every table in each game's rules; version 3 stores only
# the settings of the game's own kind of table ("format" in the file names that kind).
# Version 4 is one device's file of a game (games/game-ID.DEVICE.json): the game as started
# (the same in every device's file), "device", the game's start "clock", and the entries that
# device recorded, each with its own "id", "clock", "device" and "after" (see ginscore.core.game).
# Version 5 is version 4 with the entries that change the game itself ("rules", "rename": see
# ginscore.core.changes) or a hand put before another ("before": see ginscore.core.places); only a file
# holding one is written as version 5, so that an older ginscore
# says it is too old for it rather than that the file is damaged.
# Version 6 is version 5 with hands that keep their seats ("seats": who played, by place and
# name, see ginscore.core.changes): written only where an older ginscore would read such a hand
# otherwise (a table whose seats turn, ``Table.seats_turn``: three-handed, partnership, Rummy; or a file that holds
# a rename). Elsewhere "seats" is an entry key an older ginscore passes over and reads the
# same game without it (two players, no rename), so those files keep their version.
# Files of versions 1 to 3 (games/game-NNNNNN.json) are read as they are and never rewritten:
# their entries take the ids "1", "2", ... (their "seq") and come before every newer entry.
_KNOWN_TOP = {
    "file_format", "file_version", "id", "created", TABLE_KIND_KEY, "players", "rules", "stake", "currency", "journal",
    "dealer", "clock", "device",
}
_ENTRY_KEYS = ("id", "clock", "device", "after")
# What version 2 files of every table stored for Hollywood's settings when unused.
_V2_UNUSED_DEFAULTS = {"columns": 3, "column_target": 0, "last_column_double": False}


_CHANGES = frozenset(CHANGE_ACTIONS)
_ACTION = itemgetter("action")


def repair_hint() -> str:
    return _("left as it is: fix it or restore a backup (see 'ginscore check')")


def encode(game: Game, entries=None, device: str | None = None) -> dict:
    """One device's file of ``game``: the game as started and ``entries`` (default: the whole
    journal), written by ``device`` (default: the game's)."""
    entries = game.journal if entries is None else entries
    # a hand put before another ('--before') is one an older ginscore would count in another place
    changes_the_game = any(entry["action"] in CHANGE_ACTIONS or "before" in entry for entry in entries)
    seated = any("seats" in entry for entry in entries) and (changes_the_game or get_table(game.table).seats_turn)
    data = {
        "file_format": FILE_FORMAT,
        "file_version": FILE_VERSION if seated else CHANGES_VERSION if changes_the_game else PLAIN_VERSION,
        "id": game.id,
        "created": game.created,
        "clock": game.clock,
        "device": game.device if device is None else device,
        TABLE_KIND_KEY: game.table,
        "players": list(game.players),
        "stake": stake_text(game.stake),
        "rules": game.rules.stored(),
        "journal": [dict(entry) for entry in entries],
    }
    if game.currency is not None:  # optional: only games started with a currency carry it
        data["currency"] = game.currency
    if game.dealer is not None:  # optional: only games whose first dealer was known carry it
        data["dealer"] = game.dealer
    data.update({key: value for key, value in game.extra.items() if key not in _KNOWN_TOP})
    return data


def version_problem(data) -> str | None:
    """Why this cannot be read as a ginscore game file of a version we know, or None."""
    if not isinstance(data, dict):
        return _("expected a JSON object at the top, got {kind}").format(kind=value_words(data))
    if "file_format" not in data:
        return _("file_format: missing (a ginscore game says {format}): not a ginscore game file").format(
            format=repr(FILE_FORMAT)
        )
    if data["file_format"] != FILE_FORMAT:
        return _("file_format is {kind}, not {format}: not a ginscore game file").format(
            kind=value_words(data["file_format"]), format=repr(FILE_FORMAT)
        )
    version = data.get("file_version")
    if type(version) is not int or version < 1:
        return _("file_version must be a whole number >= 1, got {version}").format(version=shown(version, 24))
    if version > FILE_VERSION:
        return _(
            "written by a newer ginscore (file version {version}, this one reads up to {newest}): "
            "'pip install --upgrade ginscore' upgrades it"
        ).format(version=shortened(str(version), 20), newest=FILE_VERSION)
    return None


def is_voided(files) -> bool:
    """Whether the parsed JSON of a game's files says the game is set aside ('ginscore void');
    False when it cannot tell (a damaged file is reported by whoever loads it)."""
    try:
        entries = {}
        for data in files:
            for entry in data["journal"]:
                entry = entry if "id" in entry else _with_id(entry)
                entries.setdefault(entry["id"], entry)
        if not any(entry.get("action") in GAME_ACTIONS for entry in entries.values()):
            return False
        return voided(ordered(entries.values()))  # in the journal's order: a void after the unvoid it saw
    except Exception:  # noqa: BLE001 - any shape at all: not known to be voided
        return False


def merge(game_id: str, parts, hint: str) -> Game:
    """The game whose files are ``parts`` ([(path, Game)]): the game as started, which they
    must all say alike, and the union of their entries (``ginscore.core.game.union``)."""
    first_path, first = parts[0]
    for path, part in parts:
        if part.id != game_id:
            raise LedgerError(f"{path}: " + _("id is {id}, but the file name says {game}").format(id=shortened(part.id, 24), game=shortened(game_id, 24)) + f"; {hint}")
        for name in STARTED if part is not first else ():  # the first file is the game as started
            if getattr(part, name) != getattr(first, name):
                raise LedgerError(
                    f"{path}: "
                    + _("its {field} differs from {other}'s: two different games under the id {game}").format(
                        field=name, other=os.path.basename(first_path), game=game_id
                    )
                    + f"; {hint}"
                )
    if len(parts) > 1:
        _refuse_clashes(parts, hint)
    game = first if len(parts) == 1 else first._replace(journal=union(*(part.journal for _path, part in parts)))
    # A device's hands are checked against the whole game: a rename or a rules change another
    # device recorded (in its own file) counts for them too.
    for path, part in parts:
        if part.device:  # a device's file (version 4); older files were checked on their own
            found: list[str] = []
            if len(parts) == 1:  # its entries are the game's, in the same places
                _check_hands_against_table(game, found, "journal[{}].hand")
            else:
                _check_hands_against_table(game, found, "journal[{}].hand", {entry["id"]: index for index, entry in enumerate(part.journal)})
            if found:
                raise LedgerError(f"{path}: {clipped(found[0], hint)}; {hint}")
    if len(parts) > 1 and all(part.device for _path, part in parts) and not any(entry["action"] in CHANGE_ACTIONS for entry in game.journal):
        # every device's hands passed against the game as started, as the replay that follows
        # checks them: not checked again there (one device's file says so itself)
        kept_replays.passed(get_table(game.table), game, [entry["hand"] for entry in game.journal if entry["action"] in ("hand", "edit")])
    return game


def _refuse_clashes(parts, hint: str) -> None:
    """One entry id held with two contents in two files: only its device ever writes an entry,
    so one copy was changed outside ginscore, and choosing either in silence could count the
    changed one. The game reads as damaged, naming both files, until a person chooses."""
    held: dict = {}
    for path, part in parts:
        for entry in part.journal:
            first = held.setdefault(entry["id"], (path, entry))
            if first[1] != entry:
                raise LedgerError(
                    f"{path}: "
                    + _("entry {entry} is also in {other} with other content (one copy was changed by hand): "
                        "move the file with the wrong one out of the games folder").format(
                        entry=shortened(entry["id"], 24), other=os.path.basename(first[0]))
                    + f"; {hint}"
                )


def file_version(data, where: str) -> int:
    problem = version_problem(data)
    if problem:
        raise LedgerError(f"{where}: {problem}")
    return data["file_version"]


def migrate(data: dict, version: int) -> dict:
    """Bring a valid older file's data to the current version, in memory."""
    if version == 1:
        data = dict(data)
        created = data.get("created", "")
        data["journal"] = [
            {"seq": number, "at": created, "action": "hand", "hand": hand}
            for number, hand in enumerate(data.pop("hands"), 1)
        ]
        data["file_version"] = version = 2
    if version == 2:
        data = dict(data)
        rules = data.get("rules")
        settings = _table_settings(data.get(TABLE_KIND_KEY))
        if isinstance(rules, dict) and settings is not None:
            data["rules"] = {
                key: value
                for key, value in rules.items()
                if key in settings or _V2_UNUSED_DEFAULTS.get(key, object()) != value
            }
        data["file_version"] = 3
    return data


def _table_settings(name):
    """The settings of table ``name`` (name -> Setting), or None for a name no table has."""

    return get_table(name).settings if isinstance(name, str) and name in TABLES else None


def problems(data) -> list[str]:
    """Every problem of a parsed game file, in file order; empty when it decodes."""
    return _examine(data)[0]


def decode(data, where: str, written: bool = False) -> Game:
    """The Game in a parsed file; raises LedgerError naming the file and the first problem.
    ``written``: the file's bytes are ones this process wrote (its earlier entries, checked
    before, are not checked again: ``journal_format.CHECKED``)."""
    found, game = _examine(data, written)
    if found:
        more = _(" (and {count} more)").format(count=len(found) - 1) if len(found) > 1 else ""
        hint = repair_hint()
        raise LedgerError(f"{where}: {clipped(found[0], more, hint)}{more}; {hint}")
    return game


def _examine(data, written: bool = False) -> tuple[list[str], Game | None]:
    """(every problem, the Game when there is none)."""
    problem = version_problem(data)
    if problem:
        return [problem], None
    found: list[str] = []
    version = data["file_version"]
    table_unit = _table_of(data.get(TABLE_KIND_KEY))
    ignorable = _ignorable(data, found)
    if version == 1:
        hands = _field(data, "hands", list, "", found)
        if hands is None:
            return found, None
        for index, hand in enumerate(hands):
            check_hand(hand, f"hands[{index}]", table_unit, found, ignorable)
        if found:
            return found + _top_problems(data), None
    if version < 3:
        data = migrate(data, version)
    found += _top_problems(data, version)
    journal = _field(data, "journal", list, "", found)
    if journal is not None:
        if version < 4:
            check_numbered_journal(journal, table_unit, found, ignorable, data.get("players"))
        else:
            check_entries(journal, table_unit, found, ignorable, data.get("players"), written)
    if found:
        return found, None
    try:  # settings that are each valid can still clash with one another
        game = _build(data, version)
    except GinscoreError as error:
        return [f"rules: {error}"], None
    if version < 4:  # a device's file is checked with the other devices' files (``merge``)
        _check_hands_against_table(game, found, "hands[{}]" if version == 1 else "journal[{}].hand")
    return found, None if found else game


def _build(data: dict, version: int) -> Game:
    # every setting one of the table's, each valid (``check_rules``): as Rules.from_dict makes them
    rules = rules_of(data[TABLE_KIND_KEY], _table_settings(data[TABLE_KIND_KEY]), data["rules"])
    extra = {key: value for key, value in data.items() if key not in _KNOWN_TOP}
    stake = None if data["stake"] is None else stake_of(data["stake"])
    if version < 4:
        journal = tuple(_with_id(entry) for entry in data["journal"])
    else:
        journal = tuple(ordered(data["journal"]))
    players = tuple(data["players"])
    currency = data.get("currency")
    return Game(
        str(data["id"]), data["created"], data[TABLE_KIND_KEY], players, rules, stake, journal, extra, currency,
        data.get("dealer"), data.get("clock", 0), data.get("device", ""),
    )


def _with_id(entry: dict) -> dict:
    """An entry of a file from before ids as a newer one: its seq is its id and its clock, so
    that it comes before every entry with a clock; no device, no ``after``."""
    made = {key: value for key, value in entry.items() if key != "seq"}
    made.update(id=str(entry["seq"]), clock=entry["seq"], device="")
    if "target" in entry:
        made["target"] = str(entry["target"])
    return made


def _top_problems(data: dict, version: int = FILE_VERSION) -> list[str]:
    found: list[str] = []
    if version < 4:
        game_id = _field(data, "id", int, "", found)
        if game_id is not None and game_id < 1:
            found.append("id: " + _("expected a whole number >= 1, got {value}").format(value=game_id))
    else:
        game_id = _field(data, "id", str, "", found)
        if game_id is not None and not GAME_ID.match(game_id):
            found.append("id: " + _("expected a game id such as {example}, got {value}").format(example="k7f3q2ab", value=value_words(game_id)))
        device = _field(data, "device", str, "", found)
        if device is not None and not DEVICE_ID.match(device):
            found.append("device: " + _("expected a device id such as {example}, got {value}").format(example="x9c2m4", value=value_words(device)))
    if version >= 4 or "clock" in data:  # an older file has none; one put there is checked all the same
        clock = _field(data, "clock", int, "", found)
        if clock is not None and clock < 0:
            found.append("clock: " + _("expected a whole number >= 0, got {value}").format(value=clock))
    check_time(_field(data, "created", str, "", found), "created", found)
    table = _field(data, TABLE_KIND_KEY, str, "", found)
    settings = _table_settings(table)
    if table is not None and settings is None:
        found.append(
            "format: "
            + _("{name} is not a kind of table this ginscore knows ({names})").format(name=value_words(table), names=", ".join(names()))
        )
    check_players(_field(data, "players", list, "", found), table if settings is not None else None, found)
    check_rules(_field(data, "rules", dict, "", found), settings, table, found)
    if "stake" not in data:
        found.append("stake: " + _("missing (null when there is no stake)"))
    elif data["stake"] is not None:
        check_stake(data["stake"], found)
    if data.get("currency") is not None:
        check_currency(data["currency"], found)
    dealer, players = data.get("dealer"), data.get("players")
    if dealer is not None and (not isinstance(dealer, str) or not isinstance(players, list) or dealer not in players):
        found.append("dealer: " + _("expected the name of one of the players or null, got {value}").format(value=value_words(dealer)))
    return found


def _ignorable(data: dict, found: list) -> frozenset:
    """The unknown hand fields the file declares harmless, plus those this version knows to be."""
    declared = data.get("ignorable", [])
    if not isinstance(declared, list) or not all(isinstance(name, str) for name in declared):
        found.append("ignorable: " + _('expected a list of field names such as ["hand.note"]'))
        return IGNORABLE
    return IGNORABLE | frozenset(declared)


def _table_of(table):
    """The Table named ``table``, or None for a name no table has (a problem of its own)."""

    return get_table(table) if isinstance(table, str) and table in TABLES else None


def _check_hands_against_table(game: Game, found: list, hand_place: str, places: dict | None = None) -> None:
    """Each recorded hand is one the game's table and rules accept (player, deadwood range), as
    the game stood when it was recorded (after the renames and rules changes before it).
    ``places``: entry id -> its index in the file, for only those entries (default: all)."""

    table_unit = get_table(game.table)
    changed = not _CHANGES.isdisjoint(map(_ACTION, game.journal))  # at C speed: every game a first command reads
    start = 0
    if places is None and not changed:  # each hand is checked against the game as started
        start = _hands_checked_before(game, hand_place)
        found_before = len(found)
    # The hands named as the players are named now (a hand recorded apart names an old name), and
    # the rules as they stood at each hand: one pass, so that a long journal is read in linear time.
    as_it_stands = table_unit.standing(game) if changed else game
    rules_at = rules_as_they_stood(game) if changed else None
    as_it_stood = game
    # Unchanged, every hand is checked against the same game: a hand equal to one of the last two
    # that passed passes (its fields' types were checked exact before, so == is no looser; cards
    # aside). Only the last two: a club's hands are seldom alike, and looking through every earlier
    # one cost more than checking it (a file of one hand thousands of times still checks it once).
    passed: list = []
    for index in range(start, len(game.journal)):
        entry = game.journal[index]
        try:
            if entry["action"] in ("hand", "edit") and (places is None or entry["id"] in places):
                if changed:
                    as_it_stood = as_it_stands._replace(rules=rules_at(index))
                elif entry["hand"] in passed[-2:]:
                    continue
                try:
                    table_unit.check_hand(as_it_stood, as_it_stands.journal[index]["hand"])
                    if not changed and "cards" not in entry["hand"]:
                        passed.append(entry["hand"])
                except GinscoreError:
                    if changed and kept_replays.fits_what_it_saw(table_unit, game, entry):
                        continue  # recorded apart from a rules change that refuses it: kept, not counted (the replay says)
                    if not changed or "seats" in entry:
                        raise
                    # recorded before seats, while a rename counted that was taken back since: as it stood then
                    then = table_unit.standing(game._replace(journal=game.journal[: index + 1]))
                    table_unit.check_hand(then, then.journal[index]["hand"])
        except GinscoreError as error:
            place = index if places is None else places.get(entry["id"])
            if place is not None:
                found.append(f"{hand_place.format(place)}: {error}")
    if places is None and not changed and len(found) == found_before:
        HANDS_CHECKED[:] = [(header(game), hand_place, game.journal)]
        # the replay that follows checks its effective hands against the same game: these passed
        kept_replays.passed(table_unit, game, [entry["hand"] for entry in game.journal if entry["action"] in ("hand", "edit")])


# The game whose hands were last found acceptable (with no rules change or rename, each hand is
# checked against the game as started, whatever comes after it): a game read again with a hand
# more has only its new hands checked. Its entries' types were checked first (``check_entries``).
HANDS_CHECKED: list = []


def _hands_checked_before(game: Game, hand_place: str) -> int:
    """How many of ``game``'s first entries were checked by the last call, on the same game."""
    if not HANDS_CHECKED:
        return 0
    started, place, journal = HANDS_CHECKED[0]
    count = len(journal)
    if place == hand_place and count <= len(game.journal) and game.journal[:count] == journal and header(game) == started:
        return count
    return 0

