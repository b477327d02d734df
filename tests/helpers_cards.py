"""Hands entered as cards, for the card-entry tests and the start-up test that showing them
loads no solver (tests/cli/test_card_entry.py, tests/system/test_startup.py)."""

import json

from helpers import ok

# Sets or runs: the knocker's 5 6 7 of three suits, plus As.
FIVES_TO_SEVENS = "As 5s 6s 7s 5c 6c 7c 5d 6d 7d"


AGAINST_FIVES = "3s 4s 4c 4d 8s 8c 8d 5h 6h 7h"


def status(run):
    return json.loads(ok(run, ["status", "--json"]).stdout)


def knock(player, cards, opponent, *extra):
    return ["knock", player, "--cards", cards, "--opponent-cards", opponent, *extra]
