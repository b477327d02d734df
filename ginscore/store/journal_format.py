"""The journal part of the game file format: each entry's shape, and over a whole game what
its entries act on (pure; see ``ginscore.store.game_file`` for the file as a whole).

Files from before devices (versions 1 to 3) hold one writer's journal, numbered by "seq", and
are checked as a state ginscore could have produced (undo a live hand, redo a voided one).
A device's file (version 4) holds that device's entries only: what an entry acts on may be in
another device's file, and two devices apart may both have undone one hand, so its entries
are checked for their shape, and the whole game's journal for targets that exist.
"""

from __future__ import annotations

from datetime import datetime

from ginscore.base.errors import GinscoreError, shown
from ginscore.base.i18n import _, shortened
from ginscore.base.ids import DEVICE_ID
from ginscore.base.jsontypes import field as _field
from ginscore.base.jsontypes import is_of_type, type_words, value_words
from ginscore.core.causal import ALSO, MOST_HEADS
from ginscore.core.game import ACTIONS, CHANGE_ACTIONS, FORM, GAME_ACTIONS, PHONE, STOP_ACTIONS, TARGETED, WRITER_KEY_LENGTH
from ginscore.core.names import folded, name_problem
from ginscore.core.rules import check_setting

# Unknown hand fields this version knows to be harmless ("hand.NAME"); a file adds its own
# under "ignorable".
IGNORABLE: frozenset = frozenset()


def key_text(key: str) -> str:
    # a key is printed in the place; a hostile one (a terminal escape) is shown quoted
    return key if key.isascii() and key.isprintable() and len(key) <= 40 else value_words(key)


def short(value) -> str:
    """An id or word from a file, as a message quotes it: at most 24 characters of it."""
    return shortened(str(value), 24)


def check_printable(text, place: str, found: list) -> None:
    """Text ginscore prints as it is (a date, a time) must not carry control characters."""
    if text is not None and not text.isprintable():
        found.append(
            f"{place}: " + _("{text} holds control or invisible characters, which ginscore never writes").format(text=value_words(text))
        )


def check_time(text, place: str, found: list) -> None:
    """A time ginscore wrote (ISO 8601, e.g. 2026-11-29T13:05:00+00:00): printable, and one
    that the export and the evening's days can read."""
    check_printable(text, place, found)
    if text is None or not text.isprintable():
        return
    try:
        datetime.fromisoformat(text)
    except ValueError:
        found.append(f"{place}: " + _("{text} is not a time such as 2026-11-29T13:05:00+00:00").format(text=value_words(text)))


def check_numbered_journal(journal: list, table_unit, found: list, ignorable=IGNORABLE, players=None) -> None:
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
        action = check_action(entry, place, table_unit, found, ignorable)
        if "seats" in entry:
            check_seats(entry, action, place, players, found)
        if action is None:
            continue
        action_at[index + 1] = action
        if action in STOP_ACTIONS:
            if (action == "abandon") == abandoned:
                if abandoned:
                    found.append(f"{place}.action: " + _("{action} in a game already ended early").format(action=short(action)))
                else:
                    found.append(f"{place}.action: " + _("{action} in a game not ended early").format(action=short(action)))
            abandoned = action == "abandon"
        if action in GAME_ACTIONS:
            if (action == "void_game") == set_aside:
                if set_aside:
                    found.append(f"{place}.action: " + _("{action} in a game that is already voided").format(action=short(action)))
                else:
                    found.append(f"{place}.action: " + _("{action} in a game that is not voided").format(action=short(action)))
            set_aside = action == "void_game"
        if action == "hand" or action in STOP_ACTIONS or action in GAME_ACTIONS or action in CHANGE_ACTIONS:
            continue
        target = _field(entry, "target", int, place, found)
        if target is None:
            continue
        if action_at.get(target) != "hand" or target > index:
            found.append(f"{place}.target: " + _("{target} is not an earlier hand entry").format(target=short(target)))
        elif action == "void" and target in voided:
            found.append(f"{place}.target: " + _("hand entry {target} is already taken back").format(target=short(target)))
        elif action == "restore" and target not in voided:
            found.append(
                f"{place}.target: " + _("hand entry {target} is not taken back, so it cannot be restored").format(target=short(target))
            )
        elif action == "edit" and target in voided:
            found.append(f"{place}.target: " + _("hand entry {target} is taken back, so it cannot be edited").format(target=short(target)))
        elif action == "void":
            voided.add(target)
        elif action == "restore":
            voided.discard(target)


def check_action(entry: dict, place: str, table_unit, found: list, ignorable=IGNORABLE) -> str | None:
    """An entry's time, its action (None when it has none ginscore knows) and, for a hand or
    an edit, its hand: what every file version's entries share."""
    check_time(_field(entry, "at", str, place, found), f"{place}.at", found)
    action = _field(entry, "action", str, place, found)
    if action is None:
        return None
    if action not in ACTIONS:
        found.append(
            f"{place}.action: "
            + _("expected one of {actions}, got {value}").format(actions=", ".join(ACTIONS), value=shown(action, 24))
        )
        return None
    if action in ("hand", "edit"):
        check_hand(_field(entry, "hand", dict, place, found), f"{place}.hand", table_unit, found, ignorable)
    elif action in CHANGE_ACTIONS:
        check_change(entry, action, place, table_unit, found)
    return action


def check_change(entry: dict, action: str, place: str, table_unit, found: list) -> None:
    """A "rules" entry's settings (each one of its table's, with a value it takes) or a
    "rename" entry's names (``new`` a name as 'new' takes it)."""
    if action == "rename":
        for key in ("old", "new"):  # the name it had was one 'new' took, as is the name it gets
            name = _field(entry, key, str, place, found)
            problem = name_problem(name) if name is not None else None
            if problem:
                found.append(f"{place}.{key}: {problem}")
        return
    settings = _field(entry, "settings", dict, place, found)
    if settings is None or table_unit is None:
        return
    if not settings:
        found.append(f"{place}.settings: " + _("expected at least one setting"))
    for name, value in settings.items():
        if name not in table_unit.settings:
            found.append(f"{place}.settings.{key_text(name)}: " + _("not a setting of this game's table"))
            continue
        try:
            check_setting(name, value, strict=True, specs=table_unit.settings)
        except GinscoreError as error:
            found.append(f"{place}.settings.{name}: {error}")


def check_seats(entry: dict, action, place: str, players, found: list) -> None:
    """A hand's or an edit's "seats": every player of the game once, each by place (0 for the
    first named when the game was started) with the name it had when the entry was recorded."""
    seats = entry["seats"]
    if action not in ("hand", "edit"):
        found.append(f"{place}.seats: " + _("a {action} entry has no seats").format(action=short(action)))
        return
    count = len(players) if isinstance(players, list) else 0
    if not isinstance(seats, list) or len(seats) != count:
        found.append(f"{place}.seats: " + _("expected a list of the game's {count} players, got {value}").format(
            count=count, value=value_words(seats)))
        return
    places, names = set(), set()
    for index, seat in enumerate(seats):
        where = f"{place}.seats[{index}]"
        if not isinstance(seat, dict) or set(seat) != {"player", "name"}:
            found.append(f"{where}: " + _('expected an object with "player" (a place) and "name", got {value}').format(value=value_words(seat)))
            return
        if type(seat["player"]) is not int or not 0 <= seat["player"] < count or seat["player"] in places:
            found.append(f"{where}.player: " + _("expected a place from 0 to {last} held by no other seat, got {value}").format(
                last=count - 1, value=value_words(seat["player"])))
            return
        problem = name_problem(seat["name"])
        if problem or folded(seat["name"]) in names:
            found.append(f"{where}.name: " + (problem or _("{name} names another seat too").format(name=short(seat["name"]))))
            return
        places.add(seat["player"])
        names.add(folded(seat["name"]))


# The entries last found without a problem, with what they were checked against: a game file
# this process wrote, read back with one entry more (a hand in 'play'), has only its new entries
# checked. An entry's checks depend only on the entry, the file's table, ignorable fields and
# players, and the ids before it; the earlier entries are compared whole (at C speed) with those
# checked. Only for bytes this process wrote: == takes 1, 1.0 and true for one another.
CHECKED: list = []


def check_entries(journal: list, table_unit, found: list, ignorable=IGNORABLE, players=None, written: bool = False) -> None:
    """One device's entries (version 4): each entry's shape. What an entry acts on may be in
    another device's file, so targets are checked over the whole game (``journal_problems``).
    ``written``: the file's bytes are ones this process wrote (see ``CHECKED``)."""
    context = (table_unit, ignorable, players)
    start, seen = 0, set()
    if written and CHECKED:
        checked_context, checked, checked_ids = CHECKED[0]
        count = len(checked)
        if count <= len(journal) and checked_context == context and journal[:count] == checked:
            start, seen = count, set(checked_ids)
    problems_before = len(found)
    _check_entries_from(journal, start, seen, table_unit, found, ignorable, players)
    if len(found) == problems_before:
        CHECKED[:] = [(context, list(journal), frozenset(seen))]


def _check_entries_from(journal: list, start: int, seen: set, table_unit, found: list, ignorable, players) -> None:
    """``check_entries`` from entry ``start`` on, ``seen`` the ids before it."""
    hand_fields = None if table_unit is None else table_unit.hand_fields
    seated: list = [None, None, []]  # the last seats and device found right (most hands of a game have the same), every seats found right
    for index in range(start, len(journal)):
        entry = journal[index]
        if hand_fields is not None and _plain_hand(entry, index, seen, hand_fields, players, seated):
            continue
        place = f"journal[{index}]"
        if not isinstance(entry, dict):
            found.append(f"{place}: " + _("expected an object, got {value}").format(value=value_words(entry)))
            continue
        entry_id = _field(entry, "id", str, place, found)
        if entry_id is not None:
            if not entry_id or len(entry_id) > 32 or not entry_id.isascii() or not entry_id.isalnum():
                found.append(f"{place}.id: " + _("expected letters and digits, got {value}").format(value=value_words(entry_id)))
            elif entry_id in seen:
                found.append(f"{place}.id: " + _("{value} is the id of an earlier entry too").format(value=shown(entry_id, 24)))
            seen.add(entry_id)
        clock = _field(entry, "clock", int, place, found)
        if clock is not None and clock < 0:
            found.append(f"{place}.clock: " + _("expected a whole number >= 0, got {value}").format(value=clock))
        device = _field(entry, "device", str, place, found)
        if device and not DEVICE_ID.match(device):
            found.append(f"{place}.device: " + _("expected a device id such as {example}, got {value}").format(example="x9c2m4", value=value_words(device)))
        for key in (PHONE, FORM):  # the board's phone and form key: optional, letters and digits
            if key in entry:
                check_writer_key(entry[key], f"{place}.{key}", found)
        if "after" not in entry:
            found.append(f"{place}.after: " + _("missing (null for a game's first entry)"))
        elif entry["after"] is not None and not isinstance(entry["after"], str):
            found.append(f"{place}.after: " + _("expected an entry id or null, got {value}").format(value=value_words(entry["after"])))
        if ALSO in entry:
            check_also_after(entry[ALSO], f"{place}.{ALSO}", found)
        action = check_action(entry, place, table_unit, found, ignorable)
        if action == "hand" and "before" in entry:  # a hand put before another ('--before N')
            before = _field(entry, "before", str, place, found)
            if before is not None and (not before or len(before) > 32 or not before.isascii() or not before.isalnum()):
                found.append(f"{place}.before: " + _("expected letters and digits, got {value}").format(value=value_words(before)))
        elif action is not None and "before" in entry:
            found.append(f"{place}.before: " + _("a {action} entry is put before no hand").format(action=action))
        if "seats" in entry:
            check_seats(entry, action, place, players, found)
        if action in TARGETED:
            _field(entry, "target", str, place, found)
        elif action is not None and "target" in entry:  # a game's own replay would trip over it
            found.append(f"{place}.target: " + _("a {action} entry acts on no other entry").format(action=action))


def check_writer_key(value, place: str, found: list) -> None:
    """A phone's id or a form's key on an entry the board wrote: letters and digits, of the
    length the board writes."""
    shortest, longest = WRITER_KEY_LENGTH
    if type(value) is not str or not shortest <= len(value) <= longest or not value.isascii() or not value.isalnum():
        found.append(f"{place}: " + _("expected letters and digits, got {value}").format(value=value_words(value)))


def check_also_after(value, place: str, found: list) -> None:
    """``also_after``: the other entries its device had seen (ginscore.core.causal), a list of at
    most MOST_HEADS entry ids."""
    if type(value) is not list or not value or len(value) > MOST_HEADS or not all(
        type(named) is str and 0 < len(named) <= 32 and named.isascii() and named.isalnum() for named in value
    ):
        found.append(f"{place}: " + _("expected a list of 1 to {most} entry ids, got {value}").format(most=MOST_HEADS, value=value_words(value)))


MOST_SEATINGS = 8  # the orders of a hand's seats _plain_hand keeps, found right (a table of four: four)


def _plain_hand(entry, index: int, seen: set, hand_fields: dict, players, seated: list) -> bool:
    """Whether ``entry`` is a hand of the usual shape that the checks above pass (its id then
    counted as seen): the most common entry by far, told in one tight pass without a message
    or a place made. Anything else (another action, a field left out or of another type, an
    unknown or ignorable hand field, cards, "before", seats other than the last right ones) is
    left to the full checks, which say what is wrong."""
    if type(entry) is not dict or entry.get("action") != "hand" or "before" in entry or "target" in entry or "after" not in entry or ALSO in entry:
        return False
    if PHONE in entry or FORM in entry:  # a board's hand: its keys are checked in full
        return False
    entry_id, clock, device, at, hand, after = (
        entry.get("id"), entry.get("clock"), entry.get("device"), entry.get("at"), entry.get("hand"), entry["after"])
    if not (
        type(entry_id) is str and 0 < len(entry_id) <= 32 and entry_id.isascii() and entry_id.isalnum() and entry_id not in seen
        and type(clock) is int and clock >= 0
        and type(device) is str and (not device or device == seated[1] or DEVICE_ID.match(device))
        and (after is None or type(after) is str)
        and type(at) is str and at.isprintable()
        and type(hand) is dict and "kind" in hand and "cards" not in hand
    ):
        return False
    for key, value in hand.items():  # a declared field of its exact type (JSON gives no subclasses)
        if type(value) is not hand_fields.get(key):
            return False
    try:
        datetime.fromisoformat(at)
    except ValueError:
        return False
    if "seats" in entry:
        seats = entry["seats"]
        # == takes 1, 1.0 and true for one another: the places' types are looked at apart
        last, right = seated[0], seated[2]
        same = last is not None and (seats == last or seats in right)  # none right yet: "seats": null is checked below
        if not same and last is not None and type(seats) is list and len(seats) == len(last):
            # the usual next hand: the same seats in another order (the deal passes on), each a
            # seat found right, no place twice; so every player once, named as found right
            same = all(type(seat) is dict and seat in last for seat in seats) and len({seat["player"] for seat in seats}) == len(seats)
            if same and len(right) < MOST_SEATINGS:  # the deal's turn comes round to these again
                right.append(seats)
        if same:
            for seat in seats:
                if type(seat["player"]) is not int:
                    same = False
        if not same:
            problems: list = []
            check_seats(entry, "hand", f"journal[{index}]", players, problems)
            if problems:
                return False
            seated[0] = seats
    seated[1] = device
    seen.add(entry_id)
    return True


def journal_problems(journal) -> list[str]:
    """What is wrong with a game's whole journal, every device's entries together: an entry
    acting on an entry that is not a hand, or on one no file of the game holds (yet: the
    file of the device that recorded it may not have arrived)."""
    kinds = {entry["id"]: entry["action"] for entry in journal}
    found = []
    for entry in journal:
        before = entry.get("before") if entry["action"] == "hand" else None
        if before is not None and kinds.get(before) != "hand":
            found.append(
                _("entry {entry} (a hand) is put before entry {target}, which is not a hand this game holds: "
                  "the file of the device that recorded it may not have arrived yet").format(entry=short(entry["id"]), target=short(before))
            )
        if entry["action"] in TARGETED and entry.get("target") is not None:
            target = entry["target"]
            if target not in kinds:
                found.append(
                    _("entry {entry} ({action}) acts on entry {target}, which no file of this game holds: "
                      "the file of the device that recorded it may not have arrived yet").format(
                        entry=short(entry["id"]), action=short(entry["action"]), target=short(target))
                )
            elif kinds[target] != "hand" and (entry["action"] == "edit" or kinds[target] not in CHANGE_ACTIONS):
                found.append(_("entry {entry} ({action}) acts on entry {target}, which is not a hand").format(
                    entry=short(entry["id"]), action=short(entry["action"]), target=short(target)))
    return found


def check_hand(hand, place: str, table_unit, found: list, ignorable=IGNORABLE) -> None:
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
                f"{place}.{key_text(key)}: "
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
