"""A hand in the words of the command that records it (``knock Alice 4 15``), for the log, undo
and redo: a module of its own, so that 'undo' between hands loads no more than it says."""

from __future__ import annotations

from ginscore.base.errors import printable
from ginscore.base.shell import quote
from ginscore.output.render import to_json

_IN_ORDER = ("kind", "player", "deadwood", "opponent_deadwood")


def hand_words(hand: dict, kind) -> str:
    """A hand as the command that records it, e.g. ``knock Alice 4 15``, ``gin Bob 30 --big`` or
    ``out Alice Bob=20 Carol=11``; ``kind`` (the game's table) tells a hand typed as cards."""
    words = [quote(str(hand[key])) for key in _IN_ORDER if key in hand]
    for key, value in hand.items():
        if key in _IN_ORDER or key == "cards" or value is False or value is None:
            continue
        option = "--" + key.replace("_", "-")
        if value is True:
            words.append(option)
        elif isinstance(value, dict) and all(isinstance(item, (int, str)) for item in value.values()):
            words += [quote(f"{name}={item}") for name, item in value.items()]  # Rummy: Bob=20
        elif isinstance(value, list) and all(isinstance(item, str) for item in value):
            words.append(f"{option} {quote(' '.join(value))}")
        elif isinstance(value, (dict, list)):
            words.append(f"{option} {quote(to_json(value).replace(chr(10), '').replace('  ', ''))}")
        else:
            words.append(f"{option} {quote(str(value))}")
    if "cards" in hand:  # entered as cards: the melds, lay-offs and deadwood cards, in words
        words.append(f"({kind.cards_words(hand)})")
    return printable(" ".join(words))  # a field a file declared ignorable may hold anything
