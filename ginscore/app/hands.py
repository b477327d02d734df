"""The hands of a game, for the command line and the board alike: record one (in its place with
``before``), correct it, delete it, bring a deleted one back, and 'undo' and 'redo'.

Each takes plain values (a game's id, a hand's number or its entry's id, the words of a hand as
the shell parsed them: the hand command and its typed parameters, ``ops.typed_hands``) and a
``Writer`` (who writes: on the board the phone and its form's one-time key), and returns a plain
record of what it did, the game's new state in it; it refuses with a ``GinscoreError`` whose
words the shell shows. Everything goes through ``Book.change``: lock, load, change, write.

A form's key is recorded on the entry it writes (``Game.form``): a form posted twice, or again
after its answer was lost, finds its key in the journal and records nothing (``AlreadyDone``).
"""

from __future__ import annotations

from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.core.game import FORM, effective_hands
from ginscore.ops import actions
from ginscore.ops.typed_hands import hand_builder


class Writer(Record):
    """Who writes an entry besides this device: the phone that posted it (its id, "" on the
    command line) and the one-time key of its form ("" without one)."""

    phone: str = ""
    form: str = ""


CLI = Writer()


class AlreadyDone(GinscoreError):
    """A form whose key the journal holds already: what it did stands; ``entry`` is that entry,
    ``number`` the hand it concerns now (None when it is no hand that counts)."""

    def __init__(self, message: str, entry: dict, number: int | None):
        super().__init__(message)
        self.entry = entry
        self.number = number


class AlikeSince(GinscoreError):
    """A hand form made before an alike hand came in (``number``: its number now), entered on
    another phone or at the laptop: likely the same hand entered twice, so nothing is recorded
    until the form is sent again from a page that shows it."""

    def __init__(self, number: int):
        super().__init__(_("nothing was recorded: hand {number}, the same hand, came in since this form was made; if this is "
                           "another hand, send it again").format(number=number))
        self.number = number


NOTHING_SEEN = "0"  # what a form made for a game without an entry saw (no entry id is "0")


def seen_of(game) -> str:
    """What a form made now for ``game`` has seen: its last entry's id."""
    return game.journal[-1]["id"] if game.journal else NOTHING_SEEN


def came_in_since(game, seen: str | None) -> list:
    """The hands that count in ``game`` (EffectiveHands) recorded after entry ``seen`` (a form's
    ``seen_of``); none when the form said nothing, or named an entry the game lacks."""
    if seen is None:
        return []
    ids = [entry["id"] for entry in game.journal]
    if seen != NOTHING_SEEN and seen not in ids:
        return []
    after = set(ids[ids.index(seen) + 1:]) if seen != NOTHING_SEEN else set(ids)
    return [hand for hand in effective_hands(game.journal) if hand.entry in after]


class Recorded(Record):
    game: object
    state: object
    placed: object = None  # the hand as it counts, when put before another (an EffectiveHand)


class Corrected(Record):
    game: object
    state: object
    number: int  # the hand's number
    was: dict  # the hand as it was
    now: dict  # the hand as it is now
    state_before: object  # the game's state before the correction


class Changed(Record):
    """A hand deleted or restored: the game, its state and the hand (an EffectiveHand)."""

    game: object
    state: object
    hand: object


def number_of(game, entry_id: str) -> int | None:
    """The number hand entry ``entry_id`` has now in ``game`` (None: it does not count now)."""
    return next((hand.number for hand in effective_hands(game.journal) if hand.entry == entry_id), None)


def once(writer: Writer, change):
    """``change`` refused, with nothing written, when an entry of the journal holds the form's key
    already (a form posted twice, or again after its answer was lost)."""
    if not writer.form:
        return change

    def checked(game):
        entry = next((entry for entry in game.journal if entry.get(FORM) == writer.form), None)
        if entry is not None:
            target = entry["id"] if entry["action"] == "hand" else entry.get("target")
            number = number_of(game, target) if target else None
            raise AlreadyDone(already_words(entry, number), entry, number)
        return change(game)

    return checked


def already_words(entry: dict, number: int | None) -> str:
    if entry["action"] == "hand" and number is not None:
        return _("this hand is already recorded as hand {number}: nothing was recorded twice").format(number=number)
    return _("this was done already, from this form: nothing was done twice")


def record(book, game_id, command: str, params: dict, before: int | None = None, writer: Writer = CLI,
           seen: str | None = None) -> Recorded:
    """Record the hand that hand command ``command`` (knock, gin, draw, out) describes with its
    typed ``params``, built from the game as it is under the lock (its players); with ``before``,
    a hand forgotten, put before hand ``before``. With ``seen`` (what the form was made for:
    ``seen_of``), refused when an alike hand came in since (``AlikeSince``): the same hand
    entered on two phones."""
    build = hand_builder(command, params)

    def built(game) -> dict:
        """The hand, refused when an alike one came in since the form was made (``seen``)."""
        hand = build(actions.standing(game))
        alike = [earlier.number for earlier in came_in_since(game, seen) if earlier.hand == hand]
        if alike:
            raise AlikeSince(alike[-1])
        return hand

    if before is not None:
        from ginscore.ops import placing

        def change(game):
            return placing.record_before(game, built(game), before)
    else:

        def change(game):
            return actions.record(game, built(game))

    return Recorded(*book.change(game_id, once(writer, change), writer.phone, writer.form))


def edit(book, game_id, number: int | None, command: str, params: dict, writer: Writer = CLI, entry: str | None = None) -> Corrected:
    """Correct hand ``number`` (on the board: the hand of entry ``entry``, wherever it stands
    now) to the hand ``command`` and ``params`` describe."""
    build = hand_builder(command, params)

    def correct(game):
        position = at_entry(game, number, entry)
        before_state = actions.evaluate(game)
        hand = build(actions.standing(game))
        updated, state, was = actions.edit(game, position, hand)
        return updated, state, position, was.hand, hand, before_state

    return Corrected(*book.change(game_id, once(writer, correct), writer.phone, writer.form))


def delete(book, game_id, number: int | None, writer: Writer = CLI, entry: str | None = None) -> Changed:
    """Delete hand ``number`` (on the board: the hand of entry ``entry``) wherever it stands
    ('undo' brings it back)."""

    def change(game):
        return actions.undo_hand(game, at_entry(game, number, entry), reason="delete")

    return Changed(*book.change(game_id, once(writer, change), writer.phone, writer.form))


def take_back(book, game_id, number: int) -> Changed:
    """'undo --hand NUMBER': take back hand ``number``, wherever it stands and whoever recorded it."""
    return Changed(*book.change(game_id, lambda game: actions.undo_hand(game, number)))


def restore(book, game_id, number: int, entry: int | None = None, writer: Writer = CLI) -> Changed:
    """Bring back deleted hand ``number`` in its place (``entry``: which, where several were deleted as it)."""
    from ginscore.ops import placing

    return Changed(*book.change(game_id, once(writer, lambda game: placing.restore(game, number, entry)), writer.phone, writer.form))


def undo(book, game_id, writer: Writer = CLI):
    """Take back the last thing this device (on the board: this phone) did in the game: an
    ``ops.undo.TakenBack``."""
    from ginscore.ops import undo as undoing

    return book.change(game_id, once(writer, undoing.undo), writer.phone, writer.form)


def redo(book, game_id, writer: Writer = CLI):
    """Take back this device's (on the board: this phone's) last undo: an ``ops.undo.TakenBack``."""
    from ginscore.ops import undo as undoing

    return book.change(game_id, once(writer, undoing.redo), writer.phone, writer.form)



class Pending(Record):
    """What this phone's (or the command line's) 'undo' or 'redo' would take back now: the kind
    (as ``core.undoing.Deed``), the hand's number and entry id when it concerns a hand that
    counts (else None), and how many hands count after that hand."""

    kind: str
    number: int | None
    entry: str | None
    later: int = 0


def pending(book, game_id: str, writer: Writer = CLI) -> tuple:
    """(what 'undo' would take back, what 'redo' would bring back) for ``writer`` on this device
    in game ``game_id``, each a ``Pending`` or None: what the board names on its buttons."""
    from ginscore.core import undoing

    game = book.load(game_id)
    journal, device = game.journal, book.ledger.device
    counted = effective_hands(journal)

    def described(deed) -> Pending | None:
        if deed is None:
            return None
        if deed.kind in ("rules", "rename", "end") or deed.target is None:
            return Pending(deed.kind, None, None)
        number = number_of(game, deed.target)
        later = len(counted) - number if number is not None else 0
        return Pending(deed.kind, number, deed.target, later)

    return described(undoing.last_deed(journal, device, writer.phone)), described(undoing.last_undo(journal, device, writer.phone))


def at_entry(game, number: int | None, entry: str | None) -> int:
    """The number of the hand a form names: by its entry's id when it gives one (so that a form
    made before other hands arrived still means the same hand), else ``number``. Refused, saying
    so, when that hand no longer counts."""
    if not entry:
        return number
    now = number_of(game, entry)
    if now is None:
        raise GinscoreError(_("the hand this form was made for no longer counts in this game: nothing was changed; look at the sheet"))
    return now
