"""What every open board shares: each live part of a page made once for each change of the
ledger and language, not once for each board that asks (24 boards, one render), and each game's
card made again only when its files changed (a hand in one game re-renders that game's card,
not those of the hundred others in progress).
"""

from __future__ import annotations

from collections import OrderedDict

from starlette.responses import Response

PARTS_KEPT = 256  # (address, language) pairs: a few pages each of some dozen games, in four languages
CARDS_KEPT = 2048  # game cards: every game on the board, in every language it is read in


class Kept:
    """A few of the newest values by key; the oldest go first."""

    def __init__(self, most: int):
        self.most = most
        self.values: OrderedDict = OrderedDict()

    def get(self, key, stamp):
        found = self.values.get(key)
        if found is None or found[0] != stamp:
            return None
        self.values.move_to_end(key)
        return found[1]

    def put(self, key, stamp, value):
        self.values[key] = (stamp, value)
        self.values.move_to_end(key)
        while len(self.values) > self.most:
            self.values.popitem(last=False)
        return value


class Part:
    """An answer kept: its body, type and own headers (a Response is made anew for each
    request, since the guard adds its headers to the one it sends)."""

    def __init__(self, response):
        self.body = response.body
        self.media_type = response.media_type
        self.headers = {key: value for key, value in response.headers.items() if key.startswith("x-")}

    def response(self) -> Response:
        return Response(self.body, media_type=self.media_type, headers=self.headers)


class Shared:
    """The live parts (``parts``) and the game cards (``cards``) of every open board."""

    def __init__(self):
        self.parts = Kept(PARTS_KEPT)
        self.cards = Kept(CARDS_KEPT)
        self.renders = 0  # how many parts were made, not taken from here (for the tests)

    def part(self, key, generation):
        found = self.parts.get(key, generation)
        return None if found is None else found.response()

    def keep(self, key, generation, response) -> Response:
        """``response`` kept for ``key`` at ``generation`` when it is a page's part (200)."""
        self.renders += 1
        if response.status_code != 200:
            return response
        return self.parts.put(key, generation, Part(response)).response()

    def card(self, book, game_id: str, language: str, settlements: str, make):
        """The card of game ``game_id`` (``make(state)``), made again only when its files changed,
        or the settlement files (``settlements``: their stamp), which say whether it is settled."""
        stamp = (book.ledger.file_status(game_id), settlements)
        found = self.cards.get((game_id, language), stamp)
        if found is None:
            found = self.cards.put((game_id, language), stamp, make(book.state(game_id)))
        return found
