"""What a hand command says when what was typed is not yet a hand: a deadwood left out, a player
and a number run together, the player left out, numbers and cards both or neither."""

from __future__ import annotations

import click

from ginscore.errors import HandError, PlayerError, shown
from ginscore.i18n import _
from ginscore.names import match_player
from ginscore.shell import quote


def typed(player: str) -> str:
    """The player as typed, for a hint's example (quoted for a shell where it needs that): the
    example names the player meant, not "alice"."""
    return quote(player)


def both_deadwoods(player: str) -> str:
    return _("give both deadwoods, the knocker's and the opponent's: 'ginscore knock {player} 4 15'").format(player=typed(player))


def no_deadwood(command: str, example: str) -> str:
    return _(
        "give the deadwood as numbers ('ginscore {command} {example}') or the cards "
        "('ginscore {command} PLAYER{with_cards}')"
    ).format(command=command, example=example, with_cards=' --cards "..." --opponent-cards "..."')


def misplaced(player: str, command: str, numbers: list, missing: str):
    """For a hand short of a number: refuse ``bo30`` (a player and a number typed together);
    for ``knock 4 15`` (the player left out, a number in his place) the build that refuses it
    under the lock, naming the game's players, or says ``missing`` to a player called '4'."""
    import re

    if joined := re.fullmatch(r"(.*[^\W\d_])(\d+)", player):
        raise click.UsageError(
            _("{word} runs a player and a number together: put a space between them, as in 'ginscore {command} {example}'").format(
                word=shown(player), command=command, example=" ".join([typed(joined[1]), joined[2], *numbers]))
        )
    if not (player.isascii() and player.isdigit()):
        return None

    def build(game):
        try:
            match_player(game.players, player, game.id)
        except PlayerError:
            raise HandError(
                _("{word} is no player: give the player first, as in 'ginscore {command} {example}' (the players: {players})").format(
                    word=shown(player), command=command, example=" ".join([typed(game.players[0]), player, *numbers]),
                    players=", ".join(game.players))
            ) from None
        raise HandError(missing)

    return build


def hand_from_cards(numbers, cards, opponent_cards, command: str, example: str) -> bool:
    """True when the hand is given as cards, False as numbers; refuses both, neither, or only
    one of --cards and --opponent-cards."""
    with_cards = ' --cards "..." --opponent-cards "..."'
    if cards is None and opponent_cards is None:
        if not any(number is not None for number in numbers):
            raise click.UsageError(no_deadwood(command, example))
        return False
    if any(number is not None for number in numbers):
        raise click.UsageError(
            _(
                "give numbers or cards, not both: 'ginscore {command} {example}' or "
                "'ginscore {command} PLAYER{with_cards}'"
            ).format(command=command, example=example, with_cards=with_cards)
        )
    if opponent_cards is None:
        raise click.UsageError(
            _("--cards needs --opponent-cards too: the opponent's 10 cards decide the lay-offs and his deadwood")
        )
    if cards is None:
        raise click.UsageError(
            _("--opponent-cards needs --cards too: the cards of the player who went out ({command})").format(command=command)
        )
    return True
