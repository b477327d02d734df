"""A hand put in its place, as pure functions (Game in, new Game and its state out):
'ginscore restore N' brings back a deleted hand where it stood, and '--before N' on a hand
command records a hand someone forgot, before hand N.

Both are journal entries like the others: a "restore" with ``"reason": "restore"``, and a
"hand" naming in ``before`` the entry of the hand it was played before (``ginscore.core.places``),
so that every device puts it in the same place. Each is refused, with nothing written, where
the hands could then not all have been played: the game would end before a later hand, or a
later hand would be played by others (``actions.in_place``).
"""

from __future__ import annotations

from ginscore.base.errors import HandError
from ginscore.base.i18n import _, ngettext
from ginscore.core import game as journal
from ginscore.core import journal_lines
from ginscore.core.game import Game
from ginscore.ops.actions import checked_new_hand, in_place, refuse_if_voided


def record_before(game: Game, hand: dict, number: int):
    """Record ``hand`` as played before hand ``number``: (game, state, the hand as it counts)."""
    kind, state = checked_new_hand(game, hand)
    hands = journal.effective_hands(game.journal)
    if not hands:
        raise HandError(_("--before {number}: game {game} has no hand yet; enter this one without --before").format(number=number, game=game.id))
    if not 1 <= number <= len(hands):
        raise HandError(
            _("--before {number}: game {game} has hands 1 to {last}; a hand after the last is entered without --before").format(
                number=number, game=game.id, last=len(hands)
            )
        )
    then = kind.evaluate(set_aside(game, hands[number - 1 :]))
    kind.check_next_hand(then.game, then, hand)
    players = then.game.players  # as named now, in the places of the game as started
    seats = [{"player": players.index(name), "name": name} for name in kind.next_seats(then)]
    updated = game.append("hand", hand=hand, before=hands[number - 1].entry, seats=seats)
    refusal = _("with this hand before hand {number}, {error}: nothing recorded")
    state = in_place(game, updated, refusal, number=number)
    placed = next(counted for counted in journal.effective_hands(updated.journal) if counted.entry == updated.journal[-1]["id"])
    return updated, state, placed


def set_aside(game: Game, hands) -> Game:
    """``game`` with ``hands`` taken back, never recorded: who plays a hand put before hand N is
    who the turn seats with hand N and the later ones set aside. One "void" entry made as
    'undo' makes it, copied for each hand under an id of its own, and the journal made once:
    an entry appended for each, the journal copied each time, was quadratic in the hands after
    hand N (a tenth of a second at 1,000 hands, seconds at 10,000)."""
    one = game.append("void", target=hands[0].entry).journal[-1]
    voids = tuple({**one, "id": f"{one['id']}{index}", "target": hand.entry} for index, hand in enumerate(hands))
    return game._replace(journal=game.journal + voids)


def restore(game: Game, number: int, entry: int | None = None):
    """Bring back the hand deleted as hand ``number`` (numbered as when it was deleted), in its
    place; ``entry``, the '#' in the log of its deletion or of the hand, says which where
    several were deleted as hand ``number``. Returns (game, state, the hand as it counts)."""
    refuse_if_voided(game)
    chosen = deleted_hand(game, number, entry)
    updated = game.append("restore", target=chosen.entry, reason=journal.RESTORED)
    refusal = _("with hand {number} restored, {error}: it stays deleted")
    state = in_place(game, updated, refusal, number=number)
    restored = next(hand for hand in journal.effective_hands(updated.journal) if hand.entry == chosen.entry)
    return updated, state, restored


def deleted_hand(game: Game, number: int, entry: int | None) -> journal_lines.Deleted:
    """The deleted hand that ``restore number [--entry E]`` names; refused, saying what there
    is, where it names none or several."""
    deleted = journal_lines.deleted_hands(game.journal)
    recorded = {line["id"]: position for position, line in enumerate(game.journal, 1)}
    found = [hand for hand in deleted if hand.number == number and entry in (None, hand.position, recorded[hand.entry])]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        positions = ", ".join(f"#{hand.position}" for hand in found)
        raise HandError(
            _("{count} hands were deleted as hand {number} ({positions} in 'ginscore log'): say which, e.g. 'ginscore restore {number} --entry {entry}'").format(
                count=len(found), number=number, positions=positions, entry=found[-1].position
            )
        )
    if entry is not None:
        raise HandError(
            _("entry #{entry} of game {game} is not the deletion of a hand deleted as hand {number}, nor that hand: 'ginscore log' shows them").format(
                entry=entry, game=game.id, number=number
            )
        )
    back = [
        line for line in journal_lines.history(game.journal)
        if line.entry["action"] == "void" and line.entry.get("reason") in journal.DELETIONS and line.then == number and line.number is not None
    ]
    if back:
        raise HandError(
            _("the hand deleted as hand {number} (#{position} in 'ginscore log') is back already: it is hand {now}").format(
                number=number, position=back[-1].position, now=back[-1].number
            )
        )
    if not deleted:
        raise HandError(_("game {game} has no deleted hand to restore ('ginscore log' shows what was done)").format(game=game.id))
    numbered = sorted({hand.number for hand in deleted})
    numbers = ", ".join(map(str, numbered))
    raise HandError(
        ngettext(
            "game {game} has no deleted hand {number}: the hand deleted was hand {numbers} (as numbered when deleted)",
            "game {game} has no deleted hand {number}: the hands deleted were hands {numbers} (as numbered when deleted)",
            len(numbered),
        ).format(game=game.id, number=number, numbers=numbers)
    )
