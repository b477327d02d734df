"""A game as recorded: who plays, under which rules, and its journal of actions.

The journal is the truth. It only ever grows: a hand is recorded, taken back (undo: the entry
"void"), restored (redo) or corrected (edit), and every entry keeps its timestamp. The
effective hands, and from them every total, are derived by replaying it.

Several devices can record in one game while apart (a synced folder, git): every entry has its
own id and names the entry it acts on by id; ``after`` is the last entry of the journal as its
device read it, and its ``clock`` is that device's wall clock, never running backwards there. The
journal of a game is the union of every device's entries in causal order
(``ginscore.core.causal``): an entry after everything its device had seen, whatever any clock
says; entries made apart by (clock, device, id). The same entries give the same game on every
device.
"""

from __future__ import annotations

import json
import time
from datetime import datetime, timezone
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING

from ginscore.base.errors import HandError
from ginscore.base.i18n import _
from ginscore.base.ids import ENTRY_ID_LENGTH, digest
from ginscore.base.records import Record
from ginscore.core.causal import ALSO, MOST_HEADS, heads, order_key, ordered
from ginscore.core.places import hand_places
from ginscore.core.rules import Rules

if TYPE_CHECKING:
    from decimal import Decimal

# Records here are NamedTuples (base.records.Record), not dataclasses: they are defined on every
# command's start-up path, and a frozen dataclass costs several times as much to define.

# "void" takes back a hand or a change (undo, delete); it is the file format's word and not the
# command 'ginscore void', which sets the whole game aside ("void_game").
ACTIONS = ("hand", "void", "restore", "edit", "abandon", "resume", "void_game", "unvoid_game", "rules", "rename")
# "abandon": the players ended the game early (tables with a rule for it settle what is open;
# 'ginscore end', once 'abandon'); "resume" takes that back. Neither has a hand or a target.
STOP_ACTIONS = ("abandon", "resume")
# "void_game": the game is set aside ('ginscore void': a mistaken or test game), left out of
# listings and settlements; "unvoid_game" brings it back. Neither has a hand or a target.
GAME_ACTIONS = ("void_game", "unvoid_game")
TARGETED = ("void", "restore", "edit")
# "rules" ('ginscore rules set': "settings") and "rename" ('ginscore rename': "old", "new")
# change the game itself; a void or restore may name one (ginscore.core.changes).
CHANGE_ACTIONS = ("rules", "rename")
# Optional entry keys the board writes (an older ginscore passes over them): the phone that posted
# the entry (a short digest of its cookie, never the cookie) and the one-time key of its form.
PHONE, FORM = "phone", "form"
WRITER_KEY_LENGTH = (4, 24)  # how long a phone's id or a form's key may be
# A clock further ahead of this device's wall clock than this is a device whose clock was set
# wrong, or a file changed by hand: the entry is kept where its clock puts it and reported
# ('ginscore check'), but this device's next entries never follow it, so one foreign clock
# cannot push them into the future (or, 30 digits long, past what a file may hold).
AHEAD_MS = 24 * 60 * 60 * 1000


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def now_ms() -> int:
    """The wall clock in milliseconds (the same clock as ``now``, so a frozen one freezes both)."""
    return int(datetime.now(timezone.utc).timestamp() * 1000)


def system_ms() -> int:
    """The system's wall clock in milliseconds, for what is only compared with it (``far_ahead``)."""
    return int(time.time() * 1000)


# The records made for every hand each time a game is replayed (an effective hand, its score,
# its row; the index's first build replays every game) are made with ``made(Record, (field,
# ...))``, every field given: the same namedtuple as ``Record(...)`` without the Python-level
# __new__ a namedtuple has, half the cost.
made = tuple.__new__


__all__ = ["order_key"]  # the tie-break between entries made apart (ginscore.core.causal), for the store


class Game(Record):
    id: str
    created: str
    table: str  # the kind of table, a name in ginscore.tables
    players: tuple[str, ...]
    rules: Rules
    stake: Decimal | None
    journal: tuple[dict, ...] = ()  # in causal order (ginscore.core.causal)
    extra: dict = MappingProxyType({})  # fields a newer ginscore wrote; kept on write
    currency: str | None = None  # symbol shown with amounts, e.g. "€"; None: plain numbers
    dealer: str | None = None  # who deals the first hand, when known (else the players cut for deal)
    clock: int = 0  # when it was started, on the starting device's clock (0: a game from before clocks)
    device: str = ""  # the device recording now (not stored: each device writes its own file)
    # the highest clock this device gave an entry before (not stored: the device's own state), so
    # that its entries' clocks rise in the order it made them, in every game and its settlements
    floor: int = 0
    # who writes besides the device (not stored: a board's request): the phone whose page posted
    # it (a short digest of its cookie; "" on the command line) and the form's one-time key, both
    # recorded on every entry it writes, so that a phone's 'undo' is its own and a form posted
    # twice is known from the journal itself
    phone: str = ""
    form: str = ""

    def append(self, action: str, **details) -> "Game":
        """The game with a new entry of this device: after the last entry of the journal (the one
        its device saw last, whatever its clock: the causal order puts the new entry after it)."""
        clock = next_clock(now_ms(), (self.floor, self.clock, *(entry["clock"] for entry in self.journal[-1:])))
        entry_id = digest(f"{self.device}:{self.id}:{clock}:{len(self.journal)}", ENTRY_ID_LENGTH)
        entry = {
            "id": entry_id, "clock": clock, "device": self.device, "after": self.journal[-1]["id"] if self.journal else None,
            **seen_besides(self.journal), "at": now(), "action": action, **details,
        }
        if self.phone:
            entry[PHONE] = self.phone
        if self.form:
            entry[FORM] = self.form
        return self._replace(journal=self.journal + (entry,))


def seen_besides(journal) -> dict:
    """What a new entry names besides the journal's last entry: ``{"also_after": [...]}``, the
    journal's other heads (entries made apart that it merged and none of the others follows), or
    nothing: so that whatever its device had seen, it comes after (``ginscore.core.causal``)."""
    if len(journal) < 2 or _one_line(journal):
        return {}
    others = [entry_id for entry_id in heads(journal) if entry_id != journal[-1]["id"]]
    return {ALSO: others[-MOST_HEADS:]} if others else {}


def _one_line(journal) -> bool:
    """Whether every entry names the one before it (one device's, or devices taking turns that
    each saw the other's entries): then the last is the only head, told without a set."""
    previous = None
    for entry in journal:
        if entry.get("after", previous) != previous or ALSO in entry:
            return False
        previous = entry["id"]
    return True


def header(game) -> "Game":
    """``game`` without its journal and its device's clock: what two reads of one game share
    (a game read again after a hand is the same game with one entry more)."""
    return game._replace(journal=(), floor=0)


def next_clock(wall: int, known) -> int:
    """The clock of an entry made now: the wall clock, or one more than each clock ``known`` (this
    device's last, the entries it follows) that is not far ahead of it (AHEAD_MS). A clock far
    ahead is a device set wrong or a file changed by hand: following it would push this device's
    entries into the future (or, 30 digits long, past what a file may hold), and the causal order
    needs no clock to put an entry after what its device saw."""
    bound = wall + AHEAD_MS
    return max([wall, *(clock + 1 for clock in known if clock <= bound)])


# What every file of one game says alike, and what makes a game the game it is whatever its id:
# how it was started.
STARTED = ("created", "table", "players", "rules", "stake", "currency", "dealer", "clock")


def started(game) -> tuple:
    """How ``game`` was started (``STARTED``), comparable between two files or two ledgers."""
    return tuple(getattr(game, name) for name in STARTED)


def union(*journals) -> tuple:
    """The entries of every journal, each once (by id), in causal order. Where two copies of
    one id differ (a file edited by hand), the first in a fixed order of their contents is kept,
    so that every device keeps the same one; ``clashes`` names them."""
    chosen: dict[str, dict] = {}
    for journal in journals:
        for entry in journal:
            held = chosen.get(entry["id"])
            if held is None or (held != entry and _content(entry) < _content(held)):
                chosen[entry["id"]] = entry
    return tuple(ordered(chosen.values()))


def clashes(*journals) -> list[str]:
    """The ids held with two different contents."""
    seen: dict[str, dict] = {}
    found = set()
    for journal in journals:
        for entry in journal:
            if seen.setdefault(entry["id"], entry) != entry:
                found.add(entry["id"])
    return sorted(found)


def _content(entry) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


class EffectiveHand(Record):
    number: int  # 1-based position among the hands that count
    entry: str  # id of the journal entry that recorded it
    hand: dict  # what the players said, after any edit
    edited: bool
    # who played it as recorded, in its table's seat order, named as the game names them now
    # ("seats", ginscore.core.changes); () for a hand recorded before hands kept their seats
    seats: tuple = ()
    # a hand kept that does not count (``late_hands``), why: "" after the game's end, SECOND_AT_TABLE
    # at a card table that already had its hand in that round, AGAINST_RULES_APART refused by a
    # rules change its device had not seen, each recorded apart
    aside: str = ""


SECOND_AT_TABLE = "second at its card table"
AGAINST_RULES_APART = "against rules changed apart"


def effective_hands(journal) -> list[EffectiveHand]:
    """The hands that count, in their places (``hand_places``), with the entries that take a
    hand back ("void"), restore it or edit it applied. An entry that names an entry not in the
    journal (another device's file not arrived yet) changes nothing."""
    recorded: dict[str, dict] = {}  # entry id -> the "hand" entry that recorded it
    edits: dict[str, dict] = {}  # entry id -> the hand as edited last
    taken_back: set[str] = set()
    placed = False
    for entry in journal:
        action = entry["action"]
        if action == "hand":
            recorded[entry["id"]] = entry
            if "before" in entry:
                placed = True
        elif entry.get("target") not in recorded:
            continue
        elif action == "void":
            taken_back.add(entry["target"])
        elif action == "restore":
            taken_back.discard(entry["target"])
        elif action == "edit":
            edits[entry["target"]] = entry["hand"]
    live = [entry for entry_id, entry in recorded.items() if entry_id not in taken_back] if taken_back else list(recorded.values())
    if placed:  # a hand put before another: the order of places, not of recording
        places = hand_places(journal)
        live.sort(key=lambda entry: places[entry["id"]])
    effective = []
    last_seats, last_names = None, ()  # most hands have the seats of the hand before: named once
    for number, entry in enumerate(live, 1):
        entry_id, hand_seats = entry["id"], entry.get("seats")
        if hand_seats is not last_seats and hand_seats != last_seats:
            last_seats, last_names = hand_seats, seat_names(hand_seats)
        if entry_id in edits:
            effective.append(made(EffectiveHand, (number, entry_id, edits[entry_id], True, last_names, "")))
        else:
            effective.append(made(EffectiveHand, (number, entry_id, entry["hand"], False, last_names, "")))
    return effective


def seat_names(seats) -> tuple:
    """The names of a hand entry's ``seats`` (a list of {"player": place, "name": name}), in order."""
    return tuple(map(_NAME, seats)) if seats else ()


_NAME = itemgetter("name")


def abandoned(journal) -> bool:
    """Whether the players stopped this game early and have not taken that back."""
    stopped = False
    for entry in journal:
        if entry["action"] in STOP_ACTIONS:
            stopped = entry["action"] == "abandon"
    return stopped


def voided(journal) -> bool:
    """Whether the game was set aside with 'ginscore void' and not brought back: such a game is
    left out of 'games' (unless asked for) and of every settlement and statistic."""
    state = False
    for entry in journal:
        if entry["action"] in GAME_ACTIONS:
            state = entry["action"] == "void_game"
    return state


def undo_hand(game: Game, number: int, **details) -> tuple[Game, EffectiveHand]:
    """Take back (a "void" entry) effective hand ``number`` (one of a hand entered twice, or a hand deleted: then
    ``reason="delete"``); it stays in the journal, and the later hands move up one."""
    hands = effective_hands(game.journal)
    _check_number(game, hands, number, _("game {game} has no hand to undo"))
    chosen = hands[number - 1]
    return game.append("void", target=chosen.entry, **details), chosen


# "reason" on a "restore" made by 'ginscore restore', and on the "void" with which 'undo' right
# after takes it back (an older ginscore reads them as a plain redo and undo).
RESTORED = "restore"
RESTORE_UNDONE = "undo_restore"
DELETIONS = ("delete", RESTORE_UNDONE)  # the "void" entries that leave a hand deleted, for 'restore'


def _check_number(game: Game, hands: list, number: int, none_message: str) -> None:
    if not 1 <= number <= len(hands):
        if not hands:
            raise HandError(none_message.format(game=game.id))
        raise HandError(
            _("game {game} has hands 1 to {last}; there is no hand {number}").format(
                game=game.id, last=len(hands), number=number
            )
        )


def edit(game: Game, number: int, hand: dict, **details) -> tuple[Game, EffectiveHand]:
    """Correct effective hand ``number``; the original stays in the journal. ``details``: what
    else the entry records (its ``seats``, named as they are at the correction)."""
    hands = effective_hands(game.journal)
    _check_number(game, hands, number, _("game {game} has no hands to edit"))
    before = hands[number - 1]
    if before.hand == hand:
        raise HandError(_("hand {number} of game {game} already says that: nothing to change").format(number=number, game=game.id))
    return game.append("edit", target=before.entry, hand=hand, **details), before
