"""What 'undo' and 'redo' do to a game (pure): take back the last thing this device did (on the
board, this phone: ``game.phone``), or its last undo (``ginscore.core.undoing`` says which; never another device's entry).

Each returns a ``TakenBack``: the game with the new entry, its state, what was taken back (its
kind: "hand", "edit", "delete", "restore", "redo", "rules", "rename", "end"), the hand
concerned as it counts after (an EffectiveHand; for a change, the change's entry; None for an
ending) and the hands that another device recorded after it (their numbers now), which the
shell names: they moved up one.
"""

from __future__ import annotations

from ginscore.base.errors import NothingToTakeBack
from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.core import undoing
from ginscore.core.game import effective_hands
from ginscore.core.undoing import REDO, UNDO
from ginscore.ops.actions import change_words, evaluate, evaluate_or_refuse, in_place, refuse_if_voided, seats_now


class TakenBack(Record):
    game: object  # the game with the new entry
    state: object  # its evaluated state
    kind: str  # what was taken back (see the module's docstring)
    concerned: object  # the hand (EffectiveHand), the change's entry, or None
    before: object = None  # for an edit: the hand as it was before the entry taken back (its words)
    later_elsewhere: tuple = ()  # hands recorded on other devices after it, numbered as they are now
    taken: dict | None = None  # the entry taken back: this device's deed (undo), or its undo (redo)


def undo(game) -> TakenBack:
    """Take back the last thing this device (``game.device``) did in ``game`` that still stands:
    a hand it recorded, its correction, deletion or restore of one, its rules change or rename,
    its ending of the game. Refused, naming what to do, when it did nothing that stands."""
    refuse_if_voided(game)
    deed = undoing.last_deed(game.journal, game.device, game.phone)
    if deed is None:
        hands = effective_hands(game.journal)
        raise NothingToTakeBack(nothing_of_yours(game), last=hands[-1].number if hands else None, entry=hands[-1].entry if hands else None)
    kind, target = deed.kind, deed.target
    hand_refusal = _("hand {number} stays: without it, {error} (hands renumbered); correct the later hands first with 'ginscore edit'")
    if kind == "end":
        updated = game.append("resume", by=UNDO)
        return TakenBack(updated, evaluate(updated), "end", None, taken=deed.entry)
    if kind in ("rules", "rename") or (kind == "redo" and target not in _hand_ids(game)):
        change = next(entry for entry in game.journal if entry["id"] == target)
        updated = game.append("void", target=target, by=UNDO)
        refusal = _("{error} without the change of {change}: it stays; take back the later hands first ('ginscore undo')")
        state = evaluate_or_refuse(updated, refusal, change=change_words(change))
        return TakenBack(updated, state, change["action"], change, taken=deed.entry)
    if kind == "delete":  # the hand comes back in its place
        updated = game.append("restore", target=target, by=UNDO)
        refusal = _("{error} if hand {number} is brought back: it stays deleted; correct the hand that now ends the game first ('ginscore edit')")
        restored = _hand(updated, target)
        return TakenBack(updated, evaluate_or_refuse(updated, refusal, number=restored.number), "delete", restored, taken=deed.entry)
    if kind == "edit":
        was = undoing.hand_before(game.journal, target, deed.entry)
        updated = game.append("edit", target=target, hand=was, by=UNDO, **seats_now(game, target))
        refusal = _("{error} if hand {number} says again what it said before: the correction stays; take back the later hands first ('ginscore undo')")
        undone = _hand(game, target)
        state = evaluate_or_refuse(updated, refusal, number=undone.number)
        return TakenBack(updated, state, "edit", _hand(updated, target), undone.hand, taken=deed.entry)
    # a hand it recorded (or redid), or one it brought back with 'ginscore restore'
    undone = _hand(game, target)
    details = {"reason": undoing.RESTORE_UNDONE} if kind == "restore" else {}
    updated = game.append("void", target=target, by=UNDO, **details)
    state = evaluate_or_refuse(updated, hand_refusal, number=undone.number)
    return TakenBack(updated, state, kind if kind == "restore" else "hand", undone, None, _later_elsewhere(game, undone), taken=deed.entry)


def redo(game) -> TakenBack:
    """Take back this device's last undo in ``game``, when it recorded no hand and deleted none
    since: the hand, change, correction, deletion, restore or ending it took back is done again."""
    refuse_if_voided(game)
    undone = undoing.last_undo(game.journal, game.device, game.phone)
    if undone is None:
        raise NothingToTakeBack(
            _("game {game} has nothing to redo: redo takes back what 'undo' took back on this device, until it records or "
              "deletes a hand").format(game=game.id), redo=True
        )
    kind, target = undone.kind, undone.target
    if kind == "end":
        updated = game.append("abandon", by=REDO)
        return TakenBack(updated, evaluate(updated), "end", None, taken=undone.entry)
    if kind == "delete":  # 'undo' brought a deleted hand back: it is deleted again
        hand = _hand(game, target)
        updated = game.append("void", target=target, reason=undoing.DELETE, by=REDO)
        refusal = _("hand {number} stays: without it, {error} (hands renumbered); correct the later hands first with 'ginscore edit'")
        return TakenBack(updated, evaluate_or_refuse(updated, refusal, number=hand.number), "delete", hand, taken=undone.entry)
    if kind == "edit":
        again = undoing.hand_before(game.journal, target, undone.entry)
        updated = game.append("edit", target=target, hand=again, by=REDO, **seats_now(game, target))
        refusal = _("{error} if hand {number} is corrected that way: take back the later hands first ('ginscore undo'), then correct hand {number}")
        before = _hand(game, target)
        state = evaluate_or_refuse(updated, refusal, number=before.number)
        return TakenBack(updated, state, "edit", _hand(updated, target), before.hand, taken=undone.entry)
    change = next((entry for entry in game.journal if entry["id"] == target and entry["action"] in undoing.CHANGES), None)
    if change is not None:
        updated = game.append("restore", target=target, by=REDO)
        refusal = _("{error} if the change of {change} is restored: it stays undone")
        return TakenBack(updated, evaluate_or_refuse(updated, refusal, change=change_words(change)), change["action"], change, taken=undone.entry)
    details = {"reason": undoing.RESTORED} if kind == "restore" else {}
    updated = game.append("restore", target=target, by=REDO, **details)
    restored = _hand(updated, target)
    # a correction since the undo can make the game end before this hand
    refusal = _(
        "{error} if hand {number} is restored: it stays taken back; to bring it back, first "
        "correct the hand that now ends the game ('ginscore edit')"
    )
    return TakenBack(updated, in_place(game, updated, refusal, number=restored.number), kind, restored, taken=undone.entry)


def nothing_of_yours(game) -> str:
    """Why this device has nothing to undo in ``game``, and how another device's hand is taken back."""
    hands = effective_hands(game.journal)
    if not hands:
        return _("game {game} has no hand to undo").format(game=game.id)
    return _(
        "nothing this device recorded in game {game} stands to undo: 'ginscore delete {number}' takes back hand {number}, "
        "the last one, recorded on another device"
    ).format(game=game.id, number=hands[-1].number)


def _hand(game, target: str):
    return next(hand for hand in effective_hands(game.journal) if hand.entry == target)


def _hand_ids(game) -> set:
    return {entry["id"] for entry in game.journal if entry["action"] == "hand"}


def _later_elsewhere(game, undone) -> tuple:
    """The numbers, after ``undone`` is taken back, of the hands after it recorded on other devices."""
    entries = {entry["id"]: entry for entry in game.journal}
    return tuple(
        hand.number - 1 for hand in effective_hands(game.journal)
        if hand.number > undone.number and not undoing.own(entries[hand.entry], game.device, game.phone)
    )
