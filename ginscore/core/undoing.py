"""What 'undo' and 'redo' take back on one device: what that device did, never another's.

A game's journal is written by several devices (a laptop, phones on the board, a syncer bringing
another's entries in). ``undo`` takes back the last thing *this device* did in the game whose
effect still stands: a hand it recorded, its correction of a hand, its deletion or restore of
one, its rules change or rename, its ending of the game. An entry of another device is taken
back only by naming it ('ginscore delete N'). ``redo`` takes back this device's last undo, when
this device recorded no hand and deleted none since. Each entry is one of three sorts:

- a deed: a hand, an edit, a deletion, a 'restore', a rules change, a rename, an ending;
- an undo, which takes a deed back: a "void" of a hand or a change; a "restore" of a deleted
  hand ('undo' right after 'delete'); a "void" with reason ``undo_restore``; an edit back to what
  the hand said before; a "resume";
- a redo, which takes an undo back (and is a deed that 'undo' takes back again).

Entries written since devices undo only their own carry ``"by": "undo"`` or ``"by": "redo"`` (a
key an older ginscore keeps and passes over); entries the board wrote carry ``"phone"``, the
phone that posted them, and what is one's own is told by it too (``own``); older ones are told apart by their action and
reason, as the commands of their time wrote them. Entries from before devices (no device) count
as this device's: such a journal had one writer.

Pure: read from a game's journal (``ginscore.core.game``).
"""

from __future__ import annotations

from ginscore.base.records import Record
from ginscore.core.game import CHANGE_ACTIONS as CHANGES
from ginscore.core.game import PHONE, RESTORE_UNDONE, RESTORED

UNDO, REDO, DEED = "undo", "redo", "deed"  # an entry's sort; "undo" and "redo" are the values of its "by"
DELETE = "delete"  # the reason of a "void" 'ginscore delete' made


class Deed(Record):
    """What one entry did, as 'undo' or 'redo' takes it back."""

    kind: str  # "hand", "edit", "delete", "restore", "redo", "rules", "rename", "end"; for redo: the undo's
    entry: dict  # the entry
    target: str | None  # the hand or change it concerns (None: the ending)


def own(entry, device: str, phone: str = "") -> bool:
    """Whether ``device`` made ``entry``, and on the board the phone ``phone`` (its id): the
    board runs on one device for every phone, so a phone's own are that device's entries that
    carry its id, and the command line's ("" for ``phone``) that device's entries that carry
    none (a phone's hand is not the laptop user's to undo: he deletes it by number). An entry
    from before devices: every device made it, and the command line."""
    if entry.get(PHONE, "") != phone:
        return False
    return not entry["device"] or entry["device"] == device


def sorts(journal) -> dict:
    """entry id -> DEED, UNDO or REDO (see the module's docstring)."""
    found: dict = {}
    last_void: dict = {}  # target -> the last "void" of it so far
    for entry in journal:
        action, by, reason = entry["action"], entry.get("by"), entry.get("reason")
        if by in (UNDO, REDO):
            found[entry["id"]] = by
        elif action == "void":
            found[entry["id"]] = DEED if reason == DELETE else UNDO
        elif action == "restore" and reason != RESTORED:  # after 'delete': its undo; after an undo: a redo
            before = last_void.get(entry["target"])
            found[entry["id"]] = UNDO if before is not None and before.get("reason") == DELETE else REDO
        else:
            found[entry["id"]] = UNDO if action == "resume" else DEED
        if action == "void":
            last_void[entry["target"]] = entry
    return found


class JournalEffects(Record):
    """What a journal's entries come to: which targets are taken back, and the last entry of each kind."""

    taken_back: set  # hands and changes taken back now
    last_void: dict  # target -> its last "void"
    last_restore: dict  # target -> its last "restore"
    current_edit: dict  # hand -> its last "edit"
    stop: dict | None  # the last "abandon" or "resume"
    # hand -> the correction whose words it holds now (a correction taken back by 'undo' hands its
    # place back to the one before it; absent: the hand as recorded)
    in_force: dict = {}


def journal_effects(journal) -> JournalEffects:
    state = JournalEffects(set(), {}, {}, {}, None, {})
    replaced: dict = {}  # a correction -> the one in force before it (None: the hand as recorded)
    for entry in journal:
        action, target = entry["action"], entry.get("target")
        if action == "void":
            state.taken_back.add(target)
            state.last_void[target] = entry
        elif action == "restore":
            state.taken_back.discard(target)
            state.last_restore[target] = entry
        elif action == "edit":
            state.current_edit[target] = entry
            if entry.get("by") == UNDO:  # the correction in force is taken back: the one before it is again
                held = state.in_force.get(target)
                state.in_force[target] = replaced.get(held["id"]) if held is not None else None
            else:
                replaced[entry["id"]] = state.in_force.get(target)
                state.in_force[target] = entry
        elif action in ("abandon", "resume"):
            state = state._replace(stop=entry)
    return state


def deed_of(entry, state: JournalEffects) -> Deed | None:
    """What ``entry`` (a deed or a redo) did, if that still stands; else None."""
    action, target = entry["action"], entry.get("target")
    if action == "hand":
        return Deed("hand", entry, entry["id"]) if entry["id"] not in state.taken_back else None
    if action in CHANGES:
        return Deed(action, entry, entry["id"]) if entry["id"] not in state.taken_back else None
    if action == "edit":
        stands = state.in_force.get(target) is entry and target not in state.taken_back
        return Deed("edit", entry, target) if stands else None
    if action == "void":  # a deletion (or one redone)
        return Deed("delete", entry, target) if state.last_void.get(target) is entry and target in state.taken_back else None
    if action == "restore":  # 'ginscore restore', or a hand or change brought back by redo
        if state.last_restore.get(target) is not entry or target in state.taken_back:
            return None
        return Deed("restore" if entry.get("reason") == RESTORED else "redo", entry, target)
    if action == "abandon":
        return Deed("end", entry, None) if state.stop is entry else None
    return None  # a game set aside or brought back: 'unvoid' and 'void' do that


def undo_of(entry, state: JournalEffects) -> Deed | None:
    """What the undo ``entry`` took back, if it still stands (nobody redid it since); else None.
    The kind names what it undid: "hand" or a change (a "void"), "restore" (a "void" taking a
    'restore' back), "delete" (a "restore" taking a deletion back), "edit", "end"."""
    action, target = entry["action"], entry.get("target")
    if action == "void":
        if state.last_void.get(target) is not entry or target not in state.taken_back:
            return None
        return Deed("restore" if entry.get("reason") == RESTORE_UNDONE else "hand", entry, target)
    if action == "restore":
        return Deed("delete", entry, target) if state.last_restore.get(target) is entry and target not in state.taken_back else None
    if action == "edit":  # as for a correction: none stands on a hand taken back (another device may have)
        return Deed("edit", entry, target) if state.current_edit.get(target) is entry and target not in state.taken_back else None
    if action == "resume":
        return Deed("end", entry, None) if state.stop is entry else None
    return None


def last_deed(journal, device: str, phone: str = "") -> Deed | None:
    """The last thing ``device`` (and ``phone``, see ``own``) did in the game whose effect
    stands: what its 'undo' takes back."""
    kinds, state = sorts(journal), journal_effects(journal)
    for entry in reversed(journal):
        if own(entry, device, phone) and kinds[entry["id"]] != UNDO:
            deed = deed_of(entry, state)
            if deed is not None:
                return deed
    return None


def last_undo(journal, device: str, phone: str = "") -> Deed | None:
    """``device``'s last undo that still stands, when it recorded no hand and deleted none since
    (a correction between an undo and its redo is fine): what its 'redo' takes back."""
    kinds, state = sorts(journal), journal_effects(journal)
    undone: list = []  # its undos since its last deed, oldest first
    for entry in journal:
        if not own(entry, device, phone):
            continue
        kind = kinds[entry["id"]]
        if kind == DEED and (entry["action"] == "hand" or entry.get("reason") == DELETE):
            undone.clear()  # a new hand or deletion: what was undone before it stays undone
        elif kind == UNDO:
            undone.append(entry)
        else:  # a redo takes back its target's last undo
            index = next((at for at in range(len(undone) - 1, -1, -1) if undone[at].get("target") == entry.get("target")), None)
            if index is not None:
                del undone[index]
    for entry in reversed(undone):
        found = undo_of(entry, state)
        if found is not None:
            return found
    return None


def hand_before(journal, target: str, entry: dict) -> dict:
    """Hand ``target`` as it stood just before ``entry``: its last edit before it, else as recorded."""
    said = None
    for held in journal:
        if held is entry:
            break
        if held["id"] == target:
            said = held["hand"]
        elif held["action"] == "edit" and held.get("target") == target:
            said = held["hand"]
    return said
