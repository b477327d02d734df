"""A hand from what was typed: the words of a hand command (knock, gin, draw, out) made into
the function ``game -> hand`` that builds it from the game it goes into, and what is said when
the words are not yet a hand. Shared by the command line and the board ('ginscore serve'), so
that a hand is read the same way whichever shell it was typed into. A ``TypingError`` is a hand
typed in the wrong shape (the command line's usage error); a ``HandError`` a hand that cannot be."""

from __future__ import annotations

from ginscore.base.errors import HandError, PlayerError, TypingError, shown
from ginscore.base.i18n import _
from ginscore.base.shell import quote
from ginscore.core.names import match_player
from ginscore.ops import actions

MAX_DIGITS = 9  # a number typed: more digits than any score could need is a mistake


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
        raise TypingError(
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
            raise TypingError(no_deadwood(command, example))
        return False
    if any(number is not None for number in numbers):
        raise TypingError(
            _(
                "give numbers or cards, not both: 'ginscore {command} {example}' or "
                "'ginscore {command} PLAYER{with_cards}'"
            ).format(command=command, example=example, with_cards=with_cards)
        )
    if opponent_cards is None:
        raise TypingError(
            _("--cards needs --opponent-cards too: the opponent's 10 cards decide the lay-offs and his deadwood")
        )
    if cards is None:
        raise TypingError(
            _("--opponent-cards needs --cards too: the cards of the player who went out ({command})").format(command=command)
        )
    return True


def whole_number(text: str, label: str) -> int:
    """Parse a number the user typed; the core checks its range."""
    value = text.strip()
    digits = value[1:] if value.startswith("-") else value
    if not (digits.isascii() and digits.isdigit()):
        raise HandError(_("{label} must be a whole number, got {value}").format(label=label, value=shown(text)))
    if len(digits) > MAX_DIGITS:
        raise HandError(
            _("{label} must be a whole number of at most {most} digits, got {count} digits").format(
                label=label, most=MAX_DIGITS, count=len(digits)
            )
        )
    return int(value)


def hand_builder(command: str, params: dict):
    """The function ``game -> hand`` that hand command ``command`` builds from its typed
    ``params`` (every parameter but --game and --json): shared by the hand commands and by
    'edit', which takes a corrected hand the way they do. Refuses what is wrong on its own."""
    build = HAND_BUILDERS[command](**params)
    upcard = params.get("upcard")

    def checked(game):
        actions.refuse_other_kind(game, command)
        hand = build(game)
        if upcard is not None:
            hand["upcard"] = upcard
        return hand

    return checked


def knock_hand(player, knocker_deadwood, opponent_deadwood, cards, opponent_cards, melds, upcard):
    if cards is None and opponent_cards is None and opponent_deadwood is None:  # 'knock 4 15', 'knock al4 15'
        missing = no_deadwood("knock", f"{typed(player)} 4 15") if knocker_deadwood is None else both_deadwoods(player)
        if left_out := misplaced(player, "knock", [knocker_deadwood or "15"], missing):
            return left_out
    if hand_from_cards((knocker_deadwood, opponent_deadwood), cards, opponent_cards, "knock", f"{typed(player)} 4 15"):

        def build(game):
            from ginscore.core.card_hands import knock_from_cards

            name = match_player(game.players, player, game.id)
            return knock_from_cards(name, cards, opponent_cards, game.rules, upcard, melds)

    else:
        if melds is not None:
            raise TypingError(
                _("--melds goes with --cards and --opponent-cards: it says how the knocker laid his cards")
            )
        if opponent_deadwood is None:
            raise TypingError(both_deadwoods(player))
        knocker = whole_number(knocker_deadwood, _("the knocker's deadwood"))
        opponent = whole_number(opponent_deadwood, _("the opponent's deadwood"))

        def build(game):
            return {
                "kind": "knock",
                "player": match_player(game.players, player, game.id),
                "deadwood": knocker,
                "opponent_deadwood": opponent,
            }

    return build


def gin_hand(player, opponent_deadwood, big, cards, opponent_cards, upcard):
    if cards is None and opponent_cards is None and opponent_deadwood is None:  # 'gin 30', 'gin bo30'
        if left_out := misplaced(player, "gin", [], no_deadwood("gin", f"{typed(player)} 30")):
            return left_out
    if hand_from_cards((opponent_deadwood,), cards, opponent_cards, "gin", f"{typed(player)} 30"):

        def build(game):
            from ginscore.core.card_hands import gin_from_cards

            name = match_player(game.players, player, game.id)
            return gin_from_cards(name, cards, opponent_cards, game.rules, upcard, big)

    else:
        opponent = whole_number(opponent_deadwood, _("the opponent's deadwood"))

        def build(game):
            hand = {"kind": "gin", "player": match_player(game.players, player, game.id), "opponent_deadwood": opponent}
            if big:
                hand["big"] = True
            return hand

    return build


def draw_hand(player, upcard):

    def build(game):
        hand = {"kind": "draw"}
        if player is not None:
            hand["player"] = match_player(game.players, player, game.id)
        return hand

    return build


def out_hand(player, held, rummy):

    def build(game):
        hand = {"kind": "out", "player": match_player(game.players, player, game.id), "losers": {}}
        cards = {}
        for word in held:
            name, points, typed = held_by(game, word)
            if name in hand["losers"]:
                raise HandError(_("{name} is named twice: give what each other player held once").format(name=name))
            hand["losers"][name] = points
            if typed is not None:
                cards[name] = typed
        if cards:
            hand["cards"] = cards
        if rummy:
            hand["rummy"] = True
        return hand

    return build


def held_by(game, word: str) -> tuple:
    """(player, points, cards as typed or None) from ``bob=20`` or ``bob=K,7,3``."""
    from ginscore.cards.cards import rank_value

    name, equals, value = word.rpartition("=")
    if not equals or not name.strip() or not value.strip():
        other = game.players[-1]
        raise HandError(
            _("{word}: give what each other player held as NAME=POINTS ({points}) or NAME=CARDS ({cards})").format(
                word=shown(word), points=quote(f"{other}=20"), cards=quote(f"{other}=K,7,3")
            )
        )
    name = match_player(game.players, name, game.id)
    value = value.strip()
    if value.isascii() and value.isdigit():
        if len(value) > 4:
            raise HandError(_("{name}'s count {count} is far more than a hand can hold").format(name=name, count=shown(value)))
        return name, int(value), None
    tokens = [token for token in value.replace("+", ",").split(",") if token.strip()]
    return name, sum(rank_value(token) for token in tokens), " ".join(token.strip() for token in tokens)


# The hand commands, by name: what each builds from its typed parameters.
HAND_BUILDERS = {"knock": knock_hand, "gin": gin_hand, "draw": draw_hand, "out": out_hand}
