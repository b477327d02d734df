"""What the shells read of a game, for the command line and the board alike: its state, the game
as it stands (its changes applied), the view that says it (``tables.NAME_view``) and the words of
a change. The shells render these; they never evaluate or change a game themselves."""

from __future__ import annotations

from ginscore.base.i18n import _
from ginscore.ops import actions

evaluate = actions.evaluate  # a game's evaluated state
standing = actions.standing  # a game as it stands (core.changes.standing)
view = actions.view  # the view of an evaluated state: every word and layout of its table
change_words = actions.change_words  # a rules change or rename in words
setting_words = actions.setting_words  # a setting's name in the reader's words
late_hands = actions.late_hands  # hands merged in after the game's end: kept, not counted


def hand_phrase(state, number: int) -> str:
    """Hand ``number`` of an evaluated state in words, as its table says it: ``Katya knocks 3 v
    9``, ``Bob gin, opponent 30``, ``Ann goes out``; "" when no hand has that number now."""
    from ginscore.tables.two_handed_view import describe_hand

    row = next((row for row in state.rows if getattr(row, "hand", None) is not None and row.hand.number == number), None)
    if row is None:
        return ""
    if hasattr(row, "score"):
        return describe_hand(row.hand.hand, row.score)
    words = _("{winner} goes out (rummy)") if row.multiplier == 2 else _("{winner} goes out")
    return words.format(winner=row.winner)
