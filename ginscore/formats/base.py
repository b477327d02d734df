"""What every format provides, and the plain data a format hands to the renderer."""

from __future__ import annotations

from dataclasses import dataclass, field

from ginscore.errors import HandError, PlayerError


@dataclass
class Table:
    headers: list
    rows: list
    title: str | None = None


@dataclass
class Sheet:
    """A score sheet as data; ``ginscore.render`` turns it into text, CSV or HTML."""

    title: str
    lines: list = field(default_factory=list)  # who, when, rules, stake
    tables: list = field(default_factory=list)
    notes: list = field(default_factory=list)  # the result in words


class GameFormat:
    """Base of all formats. A format is stateless: everything comes from the Game it is given."""

    name = ""
    description = ""
    player_counts: tuple = (2,)

    def check_players(self, players) -> None:
        if len(players) not in self.player_counts:
            counts = " or ".join(str(count) for count in self.player_counts)
            raise PlayerError(f"a {self.name} game needs {counts} players, got {len(players)}")

    def check_hand(self, game, hand: dict) -> None:
        raise NotImplementedError

    def evaluate(self, game):
        """The game's state derived from its effective hands; raises HandError if they cannot
        all have been played (a hand after the end, a hand the rules refuse)."""
        raise NotImplementedError

    def refuse_if_finished(self, game, state) -> None:
        if state.finished:
            raise HandError(
                f"game {game.id} is over ({state.result_phrase()}): start a new one with "
                f"'ginscore new {' '.join(game.players)}' or pick another with --game ID"
            )
