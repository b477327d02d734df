"""What the last few replays in this process found, so that one hand in 'play' (checked,
recorded, written, told to the summary index, then shown) works each out once: a game is never
changed in place, so an equal game has the same standing, and a hand equal to one found
acceptable against the same game (apart from its journal) is acceptable again. All derived:
``app.book.forget_reads`` clears them."""

from __future__ import annotations

KEPT = 4
# The last few replays (table, game, (result, late hands)), newest first: a game and its
# results are never changed in place, so an equal game has the same result.
REPLAYED: list = []
# (table, game, the game as it stands) for the last few game objects asked about
STOOD: list = []
# (table, a game as it stands without its journal, the effective hands its last replay checked)
PASSED: list = []


def same_game(one, other) -> bool:
    """Whether two games are equal: the cheap fields first, the journals (compared whole) last."""
    return one.id == other.id and len(one.journal) == len(other.journal) and one._replace(journal=()) == other._replace(journal=()) and one.journal == other.journal


def replayed(table, game, replay) -> tuple:
    """``replay(game)``, or what it gave for the same game object, or else an equal game."""
    for kind, asked, out in REPLAYED:
        if kind is table and asked is game:
            return out
    for kind, asked, out in REPLAYED:
        if kind is table and same_game(asked, game):
            return out
    out = replay(game)
    REPLAYED.insert(0, (table, game, out))
    del REPLAYED[KEPT:]
    return out


def standing(table, game, work):
    """``work(game)``, the game as it stands, worked out once for the same game object."""
    for kind, asked, stands in STOOD:
        if kind is table and asked is game:
            return stands
    stands = work(game)
    STOOD.insert(0, (table, game, stands))
    del STOOD[KEPT:]
    return stands


def hands_passed(table, game) -> list:
    """The hands the last replay found acceptable, in order, when it replayed the same game as
    it stands apart from its journal (a table's ``check_hand`` reads only that and the hand):
    the first effective hands equal to those need no checking again."""
    for kind, header, hands in PASSED:
        if kind is table and header == game._replace(journal=()):
            return hands
    return []


def passed(table, game, hands: list) -> None:
    """Keep ``hands``, the effective hands of ``game`` (as it stands) that a replay checked."""
    PASSED[:] = [(table, game._replace(journal=()), hands)]
