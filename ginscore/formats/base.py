"""What every format provides, and the plain data a format hands to the renderer."""

from __future__ import annotations

from typing import NamedTuple

from ginscore.errors import HandError, PlayerError, RulesError


class Table(NamedTuple):
    headers: list
    rows: list
    title: str | None = None
    detail: bool = False  # hand-by-hand detail (the cards) that the full sheet shows and status leaves out


class Sheet(NamedTuple):
    """A score sheet as data; ``ginscore.render`` turns it into text, CSV or HTML."""

    title: str
    lines: tuple = ()  # who, when, rules, stake
    tables: tuple = ()
    notes: tuple = ()  # the result in words


def without_format_settings(rules):
    """``rules`` with every format-only setting at its default: what a one-line summary of
    the scoring rules should describe (a format tells its own settings in ``goal``)."""
    from ginscore.formats import FORMAT_SETTINGS
    from ginscore.rules import STANDARD

    names = [name for settings in FORMAT_SETTINGS.values() for name in settings]
    return rules.with_changes(**{name: getattr(STANDARD, name) for name in names})


class GameFormat:
    """Base of all formats. A format is stateless: everything comes from the Game it is given."""

    name = ""
    player_counts: tuple = (2,)

    def check_players(self, players) -> None:
        if len(players) not in self.player_counts:
            counts = " or ".join(str(count) for count in self.player_counts)
            raise PlayerError(f"a {self.name} game needs {counts} players, got {len(players)}")

    def check_hand(self, game, hand: dict) -> None:
        raise NotImplementedError

    format_settings: tuple = ()  # rule settings only this format uses (formats.FORMAT_SETTINGS)

    def prepare_rules(self, rules, given=()):
        """The rules a new game of this format stores. A setting of another format is refused
        when it was ``given`` (typed), else put back to its default, so house rules for one
        format never leak into another's games."""
        from ginscore.formats import FORMAT_SETTINGS
        from ginscore.rules import STANDARD, option_name

        defaults = {}
        for owner, settings in FORMAT_SETTINGS.items():
            for setting in settings:
                if setting in self.format_settings:
                    continue
                if setting in given:
                    raise RulesError(
                        f"{option_name(setting)} is a {owner} setting, and this is a {self.name} game: "
                        f"add --{owner} to start a {owner} game, or leave out {option_name(setting)}"
                    )
                defaults[setting] = getattr(STANDARD, setting)
        return rules.with_changes(**defaults)

    def new_command(self, game) -> str:
        """The command that starts another game like ``game``."""
        return f"ginscore new {' '.join(game.players)}"

    def goal(self, rules) -> str:
        """What wins, in words, for the line ``new`` prints."""
        return f"first to {rules.target}"

    def check_abandon(self, game, state) -> None:
        """Refuse to stop this game early, unless the format has a rule for it."""
        raise HandError(
            f"game {game.id} is a {self.name} game, which has no rule for stopping early: it stays in progress "
            f"(only a Hollywood match can be abandoned); start another with '{self.new_command(game)}'"
        )

    def evaluate(self, game):
        """The game's state derived from its effective hands; raises HandError if they cannot
        all have been played (a hand after the end, a hand the rules refuse)."""
        raise NotImplementedError

    def refuse_if_finished(self, game, state) -> None:
        if state.finished:
            raise HandError(
                f"game {game.id} is over ({state.result_phrase()}): start a new one with "
                f"'{self.new_command(game)}' or pick another with --game ID"
            )
