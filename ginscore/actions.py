"""What the commands do to a game, as pure functions: Game in, new Game and its state out.

Each action re-evaluates the whole game after the change, so a change that would leave the
journal inconsistent (a hand after the end, an edit that ends the game early) is refused
before anything is written.
"""

from __future__ import annotations

from ginscore import game as journal
from ginscore.errors import HandError
from ginscore.formats import get_format
from ginscore.game import Game, check_new_players, now
from ginscore.rules import Rules


def evaluate(game: Game):
    return get_format(game.format).evaluate(game)


def new_game(
    game_id: int,
    players,
    rules: Rules,
    stake=None,
    format_name: str = "standard",
    currency: str | None = None,
    given=(),
) -> Game:
    """A game not yet saved; ``given`` names the rule settings the user typed, which the
    format refuses when they belong to another format."""
    game_format = get_format(format_name)
    names = check_new_players(players)
    game_format.check_players(names)
    rules = game_format.prepare_rules(rules, given)
    return Game(game_id, now(), format_name, names, rules, stake, currency=currency)


def record(game: Game, hand: dict):
    game_format = get_format(game.format)
    game_format.refuse_if_finished(game, game_format.evaluate(game))
    game_format.check_hand(game, hand)
    updated = game.append("hand", hand=hand)
    return updated, game_format.evaluate(updated)


def undo(game: Game):
    """Void the last hand; in an abandoned game, take back the abandonment instead (it was the
    last thing done), and the returned hand is None."""
    if journal.abandoned(game.journal):
        updated = game.append("resume")
        return updated, evaluate(updated), None
    updated, undone = journal.undo(game)
    return updated, evaluate(updated), undone


def abandon(game: Game):
    """Stop a game early under its format's rule for that (Hollywood: the open columns are
    settled as they stand); refused for a finished game and for formats without such a rule."""
    game_format = get_format(game.format)
    state = game_format.evaluate(game)
    game_format.refuse_if_finished(game, state)
    game_format.check_abandon(game, state)
    updated = game.append("abandon")
    return updated, game_format.evaluate(updated)


def redo(game: Game):
    """Restore the last undone hand; returns the game, its state and the restored EffectiveHand."""
    updated, restored = journal.redo(game)
    try:
        state = evaluate(updated)
    except HandError as error:  # an edit since the undo makes the game end before this hand
        raise HandError(
            f"{error} if hand {restored.number} is restored: it stays voided; to bring it back, first "
            f"correct the hand that now ends the game ('ginscore edit')"
        ) from None
    return updated, state, restored


def edit(game: Game, number: int, hand: dict):
    """Correct hand ``number``; returns the game, its state and the EffectiveHand as it was."""
    get_format(game.format).check_hand(game, hand)
    updated, before = journal.edit(game, number, hand)
    try:
        state = evaluate(updated)
    except HandError as error:  # the correction ends the game before hands recorded after it
        raise HandError(
            f"{error} if hand {number} is corrected that way: take back the later hands first "
            f"('ginscore undo'), then correct hand {number}"
        ) from None
    return updated, state, before
