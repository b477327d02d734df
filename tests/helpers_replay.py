"""Games as the replay tests build them (tests/unit/test_replay_once.py and
tests/cli/test_replay_once.py, tests/unit/test_first_build.py): hands, a game of them, a hand's
seats, and the kept replays forgotten."""

from ginscore.ops import actions
from ginscore.tables import kept


def knock(player, deadwood, opponent_deadwood):
    return {"kind": "knock", "player": player, "deadwood": deadwood, "opponent_deadwood": opponent_deadwood}


def seated(*names):
    return [{"player": place, "name": name} for place, name in enumerate(names)]


def game_of(*hands, players=("Ann", "Bob"), stake=None, seats=None):
    game = actions.new_game("g1", list(players), stake=stake)
    for hand in hands:
        game = game.append("hand", hand=hand, seats=seats or seated(*players))
    return game


def forget_replays() -> None:
    """Empty what the last replays kept (``tables.kept``): a test sees its own replays only."""
    for cache in (kept.REPLAYED, kept.STOOD, kept.PASSED, kept.TALLIES):
        cache.clear()
