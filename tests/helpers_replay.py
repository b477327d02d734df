"""Games as the replay tests build them (tests/unit/test_replay_once.py and
tests/cli/test_replay_once.py): hands, a game of them, and a hand's seats."""

from ginscore.ops import actions


def knock(player, deadwood, opponent_deadwood):
    return {"kind": "knock", "player": player, "deadwood": deadwood, "opponent_deadwood": opponent_deadwood}


def seated(*names):
    return [{"player": place, "name": name} for place, name in enumerate(names)]


def game_of(*hands, players=("Ann", "Bob"), stake=None, seats=None):
    game = actions.new_game("g1", list(players), stake=stake)
    for hand in hands:
        game = game.append("hand", hand=hand, seats=seats or seated(*players))
    return game
