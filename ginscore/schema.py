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

from ginscore.errors import GinscoreError, LedgerError
from ginscore.game import ACTIONS, GAME_ACTIONS, STOP_ACTIONS, Game, folded, name_problem, voided
from ginscore.i18n import _
from ginscore.jsontypes import field as _field
from ginscore.jsontypes import is_of_type, type_words, value_words
from ginscore.rules import Rules
from ginscore.tables import TABLES, get_table, names

FILE_FORMAT = "ginscore-game"
FILE_VERSION = 3
# The key under which a game file names its kind of table. Its name is older than the word
# "table" in ginscore ("format" now only ever means an output format); it stays for the files.
TABLE_KEY = "format"
# Version 1 is the plain form a person can write by hand: "hands" in order, no journal.
# Version 2 stored every setting of every table in each game's rules; version 3 stores only
# the settings of the game's own kind of table ("format" in the file names that kind).
_KNOWN_TOP = {
    "file_format", "file_version", "id", "created", TABLE_KEY, "players", "rules", "stake", "currency", "journal",
    "dealer",
}
# What version 2 files of every table stored for Hollywood's settings when unused.
_V2_UNUSED_DEFAULTS = {"columns": 3, "column_target": 0, "last_column_double": False}
# Unknown hand fields this version knows to be harmless ("hand.NAME"); a file adds its own
# under "ignorable".
IGNORABLE: frozenset = frozenset()


def repair_hint() -> str:
    return _("the file was left as it is: fix it by hand or restore it from a backup ('ginscore check' lists every problem)")


def encode(game: Game) -> dict:
    data = {
        "file_format": FILE_FORMAT,
        "file_version": FILE_VERSION,
        "id": game.id,
        "created": game.created,
        TABLE_KEY: game.table,
        "players": list(game.players),
        "stake": None if game.stake is None else str(game.stake),
        "rules": game.rules.to_dict(),
        "journal": [dict(entry) for entry in game.journal],
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
        return _("file_version must be a whole number >= 1, got {version}").format(version=repr(version))
    if version > FILE_VERSION:
        return _(
            "written by a newer ginscore (file version {version}; this ginscore reads file versions up to "
            "{newest}): upgrade ginscore with 'pip install --upgrade ginscore'"
        ).format(version=version, newest=FILE_VERSION)
    return None


def is_voided(data) -> bool:
    """Whether a game file's parsed JSON says the game is set aside ('ginscore void'); False
    when it cannot tell (a damaged file is reported by whoever loads it)."""
    try:
        return voided(entry for entry in data["journal"] if entry.get("action") in GAME_ACTIONS)
    except Exception:  # noqa: BLE001 - any shape at all: not known to be voided
        return False


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
        settings = _table_settings(data.get(TABLE_KEY))
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


def decode(data, where: str) -> Game:
    """The Game in a parsed file; raises LedgerError naming the file and the first problem."""
    found, game = _examine(data)
    if found:
        more = _(" (and {count} more)").format(count=len(found) - 1) if len(found) > 1 else ""
        raise LedgerError(f"{where}: {found[0]}{more}; {repair_hint()}")
    return game


def _examine(data) -> tuple[list[str], Game | None]:
    """(every problem, the Game when there is none)."""
    problem = version_problem(data)
    if problem:
        return [problem], None
    found: list[str] = []
    version = data["file_version"]
    table_unit = _table_of(data.get(TABLE_KEY))
    ignorable = _ignorable(data, found)
    if version == 1:
        hands = _field(data, "hands", list, "", found)
        if hands is None:
            return found, None
        for index, hand in enumerate(hands):
            _check_hand(hand, f"hands[{index}]", table_unit, found, ignorable)
        if found:
            return found + _top_problems(data), None
    if version < FILE_VERSION:
        data = migrate(data, version)
    found += _top_problems(data)
    journal = _field(data, "journal", list, "", found)
    if journal is not None:
        _check_journal(journal, table_unit, found, ignorable)
    if found:
        return found, None
    try:  # settings that are each valid can still clash with one another
        game = _build(data)
    except GinscoreError as error:
        return [f"rules: {error}"], None
    _check_hands_against_table(game, found, "hands[{}]" if version == 1 else "journal[{}].hand")
    return found, None if found else game


def _build(data: dict) -> Game:
    from ginscore.scoring import parse_stake

    rules = Rules.from_dict(data["rules"], _table_settings(data[TABLE_KEY]))
    extra = {key: value for key, value in data.items() if key not in _KNOWN_TOP}
    stake = None if data["stake"] is None else parse_stake(data["stake"])
    journal = tuple(data["journal"])
    players = tuple(data["players"])
    currency = data.get("currency")
    return Game(
        data["id"], data["created"], data[TABLE_KEY], players, rules, stake, journal, extra, currency, data.get("dealer")
    )


def _top_problems(data: dict) -> list[str]:
    found: list[str] = []
    game_id = _field(data, "id", int, "", found)
    if game_id is not None and game_id < 1:
        found.append("id: " + _("expected a whole number >= 1, got {value}").format(value=game_id))
    _printable(_field(data, "created", str, "", found), "created", found)
    table = _field(data, TABLE_KEY, str, "", found)
    settings = _table_settings(table)
    if table is not None and settings is None:
        found.append(
            "format: "
            + _("{name} is not a kind of table this ginscore knows ({names})").format(name=value_words(table), names=", ".join(names()))
        )
    _check_players(_field(data, "players", list, "", found), table if settings is not None else None, found)
    _check_rules(_field(data, "rules", dict, "", found), settings, table, found)
    if "stake" not in data:
        found.append("stake: " + _("missing (null when there is no stake)"))
    elif data["stake"] is not None:
        _check_stake(data["stake"], found)
    if data.get("currency") is not None:
        _check_currency(data["currency"], found)
    dealer, players = data.get("dealer"), data.get("players")
    if dealer is not None and (not isinstance(dealer, str) or not isinstance(players, list) or dealer not in players):
        found.append("dealer: " + _("expected the name of one of the players or null, got {value}").format(value=value_words(dealer)))
    return found


def _check_players(players, table: str | None, found: list) -> None:
    """Names as ``new`` accepts them (the same rule), none twice, as many as the table seats."""
    if players is None:
        return
    seen = set()
    for index, name in enumerate(players):
        problem = name_problem(name) if isinstance(name, str) else _("expected a name, got {value}").format(value=value_words(name))
        if problem:
            found.append(f"players[{index}]: {problem}")
        elif folded(name) in seen:
            found.append(f"players[{index}]: " + _("{name} is named twice").format(name=repr(name)))
        else:
            seen.add(folded(name))
    if table is not None:
        try:  # the table's own decision, as when the game was started
            get_table(table).check_players(players)
        except GinscoreError as error:
            found.append(f"players: {error}")


def _ignorable(data: dict, found: list) -> frozenset:
    """The unknown hand fields the file declares harmless, plus those this version knows to be."""
    declared = data.get("ignorable", [])
    if not isinstance(declared, list) or not all(isinstance(name, str) for name in declared):
        found.append("ignorable: " + _('expected a list of field names such as ["hand.note"]'))
        return IGNORABLE
    return IGNORABLE | frozenset(declared)


def _key_text(key: str) -> str:
    # a key is printed in the place; a hostile one (a terminal escape) is shown quoted
    return key if key.isascii() and key.isprintable() and len(key) <= 40 else value_words(key)


def _printable(text, place: str, found: list) -> None:
    """Text ginscore prints as it is (a date, a time) must not carry control characters."""
    if text is not None and not text.isprintable():
        found.append(
            f"{place}: " + _("{text} holds control or invisible characters, which ginscore never writes").format(text=value_words(text))
        )


def _check_rules(rules_data, settings, table, found: list) -> None:
    """Each setting valid for the game's table; a setting the table does not have is a problem
    (a newer ginscore's setting would change the scores, so it is never silently ignored)."""
    if rules_data is None or settings is None:
        return
    for name in rules_data:
        if name not in settings:
            found.append(
                f"rules.{_key_text(name)}: "
                + _(
                    "not a setting of a {table} game: a newer ginscore wrote this file, "
                    "or it is damaged; upgrade ginscore or restore the file from a backup"
                ).format(table=table)
            )
    known = {key: value for key, value in rules_data.items() if key in settings}
    try:  # the usual case, in one go; only a failure is worth a setting-by-setting look
        Rules.of(settings, known)
        return
    except (GinscoreError, TypeError):
        pass
    for name in settings:
        if name in rules_data:
            try:
                Rules.of(settings, {name: rules_data[name]})
            except GinscoreError as error:
                found.append(f"rules.{name}: {error}")
            except TypeError:  # e.g. an unhashable value where a word was expected
                found.append(f"rules.{name}: " + _("{value} is not a valid value").format(value=repr(rules_data[name])))


def _check_stake(stake, found: list) -> None:
    if not isinstance(stake, str):
        found.append("stake: " + _('expected a string such as "0.01" or null, got {value}').format(value=value_words(stake)))
        return
    from ginscore.scoring import parse_stake

    try:
        parse_stake(stake)
    except GinscoreError as error:
        found.append(f"stake: {error}")


def _check_currency(currency, found: list) -> None:
    from ginscore.scoring import parse_currency

    try:
        if not isinstance(currency, str) or parse_currency(currency) != currency:
            found.append("currency: " + _('expected a symbol such as "€" or null, got {value}').format(value=value_words(currency)))
    except GinscoreError as error:
        found.append(f"currency: {error}")


def _table_of(table):
    """The Table named ``table``, or None for a name no table has (a problem of its own)."""

    return get_table(table) if isinstance(table, str) and table in TABLES else None


def _check_journal(journal: list, table_unit, found: list, ignorable=IGNORABLE) -> None:
    """Each entry's shape, and that voids, restores and edits point at a hand in a state
    ginscore could have produced (undo a live hand, redo a voided one, edit a live one;
    abandon an open game, resume an abandoned one)."""
    action_at: dict[int, str] = {}  # entry number -> its action
    voided: set[int] = set()
    abandoned = set_aside = False
    for index, entry in enumerate(journal):
        place = f"journal[{index}]"
        if not isinstance(entry, dict):
            found.append(f"{place}: " + _("expected an object, got {value}").format(value=value_words(entry)))
            continue
        seq = _field(entry, "seq", int, place, found)
        if seq is not None and seq != index + 1:
            found.append(f"{place}.seq: " + _("expected {expected}, got {value}").format(expected=index + 1, value=seq))
        _printable(_field(entry, "at", str, place, found), f"{place}.at", found)
        action = _field(entry, "action", str, place, found)
        if action is None:
            continue
        if action not in ACTIONS:
            found.append(
                f"{place}.action: "
                + _("expected one of {actions}, got {value}").format(actions=", ".join(ACTIONS), value=repr(action))
            )
            continue
        action_at[index + 1] = action
        if action in ("hand", "edit"):
            _check_hand(_field(entry, "hand", dict, place, found), f"{place}.hand", table_unit, found, ignorable)
        if action in STOP_ACTIONS:
            if (action == "abandon") == abandoned:
                if abandoned:
                    found.append(f"{place}.action: " + _("{action} in a game that is already abandoned").format(action=action))
                else:
                    found.append(f"{place}.action: " + _("{action} in a game that is not abandoned").format(action=action))
            abandoned = action == "abandon"
        if action in GAME_ACTIONS:
            if (action == "void_game") == set_aside:
                if set_aside:
                    found.append(f"{place}.action: " + _("{action} in a game that is already voided").format(action=action))
                else:
                    found.append(f"{place}.action: " + _("{action} in a game that is not voided").format(action=action))
            set_aside = action == "void_game"
        if action == "hand" or action in STOP_ACTIONS or action in GAME_ACTIONS:
            continue
        target = _field(entry, "target", int, place, found)
        if target is None:
            continue
        if action_at.get(target) != "hand" or target > index:
            found.append(f"{place}.target: " + _("{target} is not an earlier hand entry").format(target=target))
        elif action == "void" and target in voided:
            found.append(f"{place}.target: " + _("hand entry {target} is already voided").format(target=target))
        elif action == "restore" and target not in voided:
            found.append(
                f"{place}.target: " + _("hand entry {target} is not voided, so it cannot be restored").format(target=target)
            )
        elif action == "edit" and target in voided:
            found.append(f"{place}.target: " + _("hand entry {target} is voided, so it cannot be edited").format(target=target))
        elif action == "void":
            voided.add(target)
        elif action == "restore":
            voided.discard(target)


def _check_hand(hand, place: str, table_unit, found: list, ignorable=IGNORABLE) -> None:
    """A hand's shape: the fields its table declares, of their types, and its cards; a field
    the table does not declare is refused unless the file declares it ignorable."""
    if hand is None:
        return
    if not isinstance(hand, dict):
        found.append(f"{place}: " + _("expected an object, got {value}").format(value=value_words(hand)))
        return
    if "kind" not in hand:
        found.append(f"{place}.kind: " + _("missing"))
    if table_unit is None:
        return
    for key in hand:  # a field a newer ginscore added could change the hand's score
        if key not in table_unit.hand_fields and f"hand.{key}" not in ignorable:
            found.append(
                f"{place}.{_key_text(key)}: "
                + _(
                    "a field this ginscore does not know: a newer ginscore may have "
                    "written this game (upgrade ginscore), or the file is damaged"
                )
            )
    for key, expected in table_unit.hand_fields.items():
        if key in hand and not is_of_type(hand[key], expected):
            found.append(
                f"{place}.{key}: " + _("expected {kind}, got {value}").format(kind=type_words(expected), value=value_words(hand[key]))
            )
    if "cards" in hand and isinstance(hand["cards"], dict):  # a hand entered as cards
        found += [f"{place}.cards{where}: {problem}" for where, problem in table_unit.card_problems(hand["cards"])]


def _check_hands_against_table(game: Game, found: list, hand_place: str) -> None:
    """Each recorded hand is one the game's table and rules accept (player, deadwood range)."""

    table_unit = get_table(game.table)
    for index, entry in enumerate(game.journal):
        if entry["action"] in ("hand", "edit"):
            try:
                table_unit.check_hand(game, entry["hand"])
            except GinscoreError as error:
                found.append(f"{hand_place.format(index)}: {error}")
