"""A game as recorded: who plays, under which rules, and its journal of actions.

The journal is the truth. It only ever grows: a hand is recorded, voided (undo), restored
(redo) or corrected (edit), and every entry keeps its timestamp. The effective hands, and
from them every total, are derived by replaying it.

Several devices can record in one game while apart (a synced folder, git): every entry has its
own id and names the entry it acts on by id; its ``clock`` never runs backwards on the device
that recorded it and is later than every entry that device knew of; ``after`` is the entry that
device saw last. The journal of a game is the union of every device's entries, ordered by
(clock, device, id): the same entries give the same game on every device.
"""

from __future__ import annotations

from datetime import datetime, timezone
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from ginscore.errors import HandError
from ginscore.i18n import _
from ginscore.ids import ENTRY_ID_LENGTH, digest
from ginscore.rules import Rules

if TYPE_CHECKING:
    from decimal import Decimal

# Records here are NamedTuples, not dataclasses: they are defined on every command's start-up
# path, and a frozen dataclass costs several times as much to define.

ACTIONS = ("hand", "void", "restore", "edit", "abandon", "resume", "void_game", "unvoid_game", "rules", "rename")
# "abandon": the players ended the game early (tables with a rule for it settle what is open;
# 'ginscore end', once 'abandon'); "resume" takes that back. Neither has a hand or a target.
STOP_ACTIONS = ("abandon", "resume")
# "void_game": the game is set aside ('ginscore void': a mistaken or test game), left out of
# listings and settlements; "unvoid_game" brings it back. Neither has a hand or a target.
GAME_ACTIONS = ("void_game", "unvoid_game")
TARGETED = ("void", "restore", "edit")
# "rules" ('ginscore rules set': "settings") and "rename" ('ginscore rename': "old", "new")
# change the game itself; a void or restore may name one (ginscore.changes).
CHANGE_ACTIONS = ("rules", "rename")
# Two equal hands recorded on two devices this close together are likely one hand entered twice.
DOUBLE_ENTRY_MS = 10 * 60 * 1000


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def now_ms() -> int:
    """The wall clock in milliseconds (the same clock as ``now``, so a frozen one freezes both)."""
    return int(datetime.now(timezone.utc).timestamp() * 1000)


def order_key(entry) -> tuple:
    """Where an entry stands in a game's journal: by clock, then device, then id."""
    return (entry["clock"], entry["device"], entry["id"])


class Game(NamedTuple):
    id: str
    created: str
    table: str  # the kind of table, a name in ginscore.tables
    players: tuple[str, ...]
    rules: Rules
    stake: Decimal | None
    journal: tuple[dict, ...] = ()  # in order_key order
    extra: dict = MappingProxyType({})  # fields a newer ginscore wrote; kept on write
    currency: str | None = None  # symbol shown with amounts, e.g. "€"; None: plain numbers
    dealer: str | None = None  # who deals the first hand, when known (else the players cut for deal)
    clock: int = 0  # when it was started, on the starting device's clock (0: a game from before clocks)
    device: str = ""  # the device recording now (not stored: each device writes its own file)

    def append(self, action: str, **details) -> "Game":
        last = self.journal[-1] if self.journal else None
        clock = max(now_ms(), self.clock + 1, last["clock"] + 1 if last else 0)
        entry_id = digest(f"{self.device}:{self.id}:{clock}:{len(self.journal)}", ENTRY_ID_LENGTH)
        entry = {
            "id": entry_id, "clock": clock, "device": self.device, "after": last["id"] if last else None,
            "at": now(), "action": action, **details,
        }
        return self._replace(journal=self.journal + (entry,))


# What every file of one game says alike, and what makes a game the game it is whatever its id:
# how it was started.
STARTED = ("created", "table", "players", "rules", "stake", "currency", "dealer", "clock")


def started(game) -> tuple:
    """How ``game`` was started (``STARTED``), comparable between two files or two ledgers."""
    return tuple(getattr(game, name) for name in STARTED)


def union(*journals) -> tuple:
    """The entries of every journal, each once (by id), in journal order. Where two copies of
    one id differ (a file edited by hand), the first in a fixed order of their contents is kept,
    so that every device keeps the same one; ``clashes`` names them."""
    chosen: dict[str, dict] = {}
    for journal in journals:
        for entry in journal:
            held = chosen.get(entry["id"])
            if held is None or (held != entry and _content(entry) < _content(held)):
                chosen[entry["id"]] = entry
    return tuple(sorted(chosen.values(), key=order_key))


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
    import json

    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


class EffectiveHand(NamedTuple):
    number: int  # 1-based position among the hands that count
    entry: str  # id of the journal entry that recorded it
    hand: dict  # what the players said, after any edit
    edited: bool
    # who played it as recorded, in its table's seat order, named as the game names them now
    # ("seats", ginscore.changes); () for a hand recorded before hands kept their seats
    seats: tuple = ()


def effective_hands(journal) -> list[EffectiveHand]:
    """The hands that count, in order, with voids, restores and edits applied. An entry that
    names an entry not in the journal (another device's file not arrived yet) changes nothing."""
    hands: dict[str, dict] = {}
    seats: dict[str, list] = {}
    voided: set[str] = set()
    edited: set[str] = set()
    for entry in journal:
        action = entry["action"]
        if action == "hand":
            hands[entry["id"]] = entry["hand"]
            seats[entry["id"]] = entry.get("seats")
        elif entry.get("target") not in hands:
            continue
        elif action == "void":
            voided.add(entry["target"])
        elif action == "restore":
            voided.discard(entry["target"])
        elif action == "edit":
            hands[entry["target"]] = entry["hand"]
            edited.add(entry["target"])
    live = [entry_id for entry_id in hands if entry_id not in voided]
    return [
        EffectiveHand(number, entry_id, hands[entry_id], entry_id in edited, seat_names(seats[entry_id]))
        for number, entry_id in enumerate(live, 1)
    ]


def seat_names(seats) -> tuple:
    """The names of a hand entry's ``seats`` (a list of {"player": place, "name": name}), in order."""
    return tuple(seat["name"] for seat in seats) if seats else ()


class LogLine(NamedTuple):
    """One journal entry explained, for the log."""

    entry: dict  # as stored
    position: int  # its place in the journal, from 1
    target: str | None  # the hand entry it concerns (its own id for a hand; None for abandon/resume)
    hand: dict  # that hand as this entry left it ({} for abandon/resume)
    was: dict | None  # for an edit: the version it replaced
    number: int | None  # that hand's number among the hands that count now; None while voided


def history(journal) -> list[LogLine]:
    versions: dict[str, dict] = {}
    lines = []
    for entry in journal:
        if entry["action"] == "hand":
            target, was = entry["id"], None
            versions[target] = entry["hand"]
        elif entry["action"] in STOP_ACTIONS or entry["action"] in GAME_ACTIONS or entry["action"] in CHANGE_ACTIONS:
            target, was = None, None
        else:
            target = entry["target"]
            was = versions.get(target)
            if entry["action"] == "edit" and target in versions:
                versions[target] = entry["hand"]
        lines.append((entry, target, versions.get(target, {}), was if entry["action"] == "edit" else None))
    numbers = {hand.entry: hand.number for hand in effective_hands(journal)}
    return [
        LogLine(entry, position, target, hand, was, numbers.get(target))
        for position, (entry, target, hand, was) in enumerate(lines, 1)
    ]


def apart(journal) -> list[dict]:
    """The entries recorded on a device that had not seen the entry before them: what two
    devices recorded while apart, merged. Entries from before clocks (no ``after``) never are."""
    found = []
    previous = None
    for entry in journal:
        if "after" in entry and entry["after"] != previous:
            found.append(entry)
        previous = entry["id"]
    return found


def devices(journal) -> list[str]:
    """The devices that recorded the entries, in the order they first did ("" for entries from
    before devices are left out)."""
    return list(dict.fromkeys(entry["device"] for entry in journal if entry["device"]))


def double_entries(journal) -> list[tuple]:
    """(first, second) hand numbers of two hands that count, alike, recorded on two devices
    within DOUBLE_ENTRY_MS, the later while apart from the first: likely one hand entered twice."""
    entries = {entry["id"]: entry for entry in journal}
    counted = effective_hands(journal)
    apart_ids = {entry["id"] for entry in apart(journal)}
    found = []
    for index, later in enumerate(counted):
        for earlier in counted[:index]:
            one, two = entries[earlier.entry], entries[later.entry]
            if (
                earlier.hand == later.hand
                and one["device"] != two["device"]
                and abs(two["clock"] - one["clock"]) <= DOUBLE_ENTRY_MS
                and (two["id"] in apart_ids or one["id"] in apart_ids)
            ):
                found.append((earlier.number, later.number))
    return found


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


def undo(game: Game) -> tuple[Game, EffectiveHand]:
    """Void the last effective hand; it stays in the journal."""
    hands = effective_hands(game.journal)
    if not hands:
        raise HandError(_("game {game} has no hand to undo").format(game=game.id))
    last = hands[-1]
    return game.append("void", target=last.entry), last


def undo_hand(game: Game, number: int, **details) -> tuple[Game, EffectiveHand]:
    """Void effective hand ``number`` (one of a hand entered twice, or a hand deleted: then
    ``reason="delete"``); it stays in the journal, and the later hands move up one."""
    hands = effective_hands(game.journal)
    _check_number(game, hands, number, _("game {game} has no hand to undo"))
    chosen = hands[number - 1]
    return game.append("void", target=chosen.entry, **details), chosen


def last_deletion(journal) -> str | None:
    """The hand the journal's last entry deleted ('ginscore delete'), if that is what the last
    entry did: the thing 'undo' takes back. An older ginscore reads the entry as a plain void."""
    if journal and journal[-1]["action"] == "void" and journal[-1].get("reason") == "delete":
        return journal[-1]["target"]
    return None


def undone_deletion(journal) -> str | None:
    """The hand whose deletion the journal's last entry took back ('undo' right after
    'delete'): what 'redo' deletes again."""
    if not journal or journal[-1]["action"] != "restore":
        return None
    target = journal[-1]["target"]
    last_void = next((entry for entry in reversed(journal[:-1]) if entry["action"] == "void" and entry["target"] == target), None)
    return target if last_void is not None and last_void.get("reason") == "delete" else None


def redoable(journal) -> str | None:
    """The hand that redo would restore: the latest voided one, if nothing was recorded since."""
    pending: list[str] = []
    for entry in journal:
        action = entry["action"]
        if action == "hand" or (action == "void" and entry.get("reason") == "delete"):
            pending.clear()  # a new thing done: what was undone before it stays undone
        elif action == "void":
            pending.append(entry["target"])
        elif action == "restore" and entry["target"] in pending:
            pending.remove(entry["target"])
    known = {entry["id"] for entry in journal if entry["action"] == "hand" or entry["action"] in CHANGE_ACTIONS}
    pending = [target for target in pending if target in known]
    return pending[-1] if pending else None


def redo(game: Game) -> tuple[Game, EffectiveHand]:
    """Restore the hand the last undo voided; returns it as it now counts."""
    target = redoable(game.journal)
    if target is None:
        raise HandError(
            _("game {game} has nothing to redo: redo only restores hands undone since the last recorded hand").format(
                game=game.id
            )
        )
    updated = game.append("restore", target=target)
    restored = next(hand for hand in effective_hands(updated.journal) if hand.entry == target)
    return updated, restored


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
