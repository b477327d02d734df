"""A game as a whole, for the command line and the board alike: start one (and a rematch), end
it early, set it aside and bring it back, rename a player, change its rules.

Each takes plain values (names, a table's name, a stake and a currency as typed, a game's id)
and returns a plain record, the game's state in it; it refuses with a ``GinscoreError`` whose
words the shell shows. Every change goes through ``Book`` (lock, load, change, write).
"""

from __future__ import annotations

from ginscore.app.book import last_game_between, selection
from ginscore.app.hands import CLI, Writer, once
from ginscore.base.errors import GinscoreError, printable
from ginscore.base.i18n import _
from ginscore.base.ids import order_key
from ginscore.base.records import Record
from ginscore.core.game import voided
from ginscore.core.names import folded
from ginscore.core.scoring import parse_currency, parse_stake
from ginscore.ops import actions
from ginscore.tables import names as table_names


class Started(Record):
    """A game just started: its state, the summary of the last game between its players that
    chose who deals first (or None), and the states of the games among the same players still
    in progress (a new game leaves those open, and is told so)."""

    state: object
    last: dict | None
    still_open: list
    preset: str | None = None  # the preset its rules were made from
    house_values: bool = False  # whether the house-rules file gave any default
    house_path: str = ""  # where that file is


def start(book, players, table: str = "standard", stake: str | None = None, currency: str | None = None,
          dealer: str | None = None, preset: str | None = None, settings: dict | None = None) -> Started:
    """Start a game between ``players`` at ``table``: rules, stake (as typed: 0.01, 1/10) and
    currency default to the house rules; ``preset`` replaces its preset, ``settings`` (as typed,
    by name) override it; who deals first is ``dealer``, else the winner of the last game between
    the same players. Everything is checked before the lock: a refused game creates nothing."""
    from ginscore.settings.config import read_config

    if table not in table_names():
        raise GinscoreError(_("no kind of table {table}").format(table=printable(table[:40])))
    settings = dict(settings or {})
    house = read_config()
    chosen_preset, chosen_settings = house.for_new_game(preset, settings)
    rate = house.stake if stake is None else parse_stake(stake)
    symbol = house.currency if currency is None else parse_currency(currency)
    game = actions.new_game(
        0, players, stake=rate, table=table, currency=symbol, preset=chosen_preset,
        settings=chosen_settings, given=set(settings), preset_given=preset is not None, dealer=dealer,
    )
    last = None
    if dealer is None:
        last = last_game_between(book, game.players, game.table)
        game = actions.with_first_dealer(game, last and last["winner"])
    return _started(book, game, last, chosen_preset)._replace(house_values=bool(house.values), house_path=house.path)


def rematch(book, game_id: str | None) -> Started:
    """Another game like game ``game_id``: the same players, table, rules, stake and currency;
    its winner deals first."""
    previous = book.state(game_id)
    return _started(book, actions.rematch(previous), {"id": previous.game.id, "winner": previous.winner})


def _started(book, game, last, preset=None) -> Started:
    open_games = unfinished_between(book, game.players)
    game = book.start(game)
    return Started(actions.evaluate(game), last, [book.state(entry["id"]) for entry in open_games], preset)


def unfinished_between(book, players) -> list:
    """The summaries of the games among exactly ``players`` still in progress (not voided),
    oldest first."""
    found = book.summaries(selection(players=tuple(players), unfinished_only=True))
    wanted = sorted(folded(name) for name in players)
    return [entry for entry in found if sorted(map(folded, entry["players"])) == wanted]


def end(book, game_id: str | None, writer: Writer = CLI):
    """End the game early, under its table's rule for that: its new state."""
    return book.change(game_id, once(writer, actions.abandon), writer.phone, writer.form)[1]


class SetAside(Record):
    """A game voided or brought back: the game, its state, and after voiding the current game,
    the game the commands without a game act on now (its id and players), else None."""

    game: object
    state: object
    now_current: tuple | None = None


def void(book, game_id: str | None, writer: Writer = CLI) -> SetAside:
    """Set the game aside: it counts nowhere until it is brought back."""
    try:
        was_current = book.current_id()
    except GinscoreError:  # no game at all: the change below says so
        was_current = None
    game, state = book.change(game_id, once(writer, actions.void_game), writer.phone, writer.form)
    return SetAside(game, state, _now_current(book, game.id, was_current))


def _now_current(book, voided_id: str, was_current: str | None):
    current = book.current_id()
    if was_current != voided_id or current == voided_id:  # it was not the current game (or every game is voided)
        return None
    if voided(book.load(current).journal):  # every game is voided: no game is current
        return None
    return current, book.standing(current).players


def unvoid(book, game_id: str | None, writer: Writer = CLI) -> SetAside:
    """Bring back a game set aside."""
    return SetAside(*book.change(game_id, once(writer, actions.unvoid_game), writer.phone, writer.form))


class Renamed(Record):
    game: object
    state: object
    old: str  # the name as the game had it
    new: str  # the new name, as recorded


def rename(book, game_id: str | None, old: str, new: str, writer: Writer = CLI) -> Renamed:
    """Rename player ``old`` (as the game names him now, in any case, or a unique start of it) ``new``."""
    game, state = book.change(game_id, once(writer, lambda game: actions.rename(game, old, new)), writer.phone, writer.form)
    entry = game.journal[-1]
    return Renamed(game, state, entry["old"], entry["new"])


def rename_everywhere(book, old: str, new: str) -> tuple:
    """Rename ``old`` ``new`` in every game he plays in, each checked before any is changed:
    (the name as the games had it, the new name, the games renamed)."""
    ids = games_of(book, old)
    for game_id in ids:
        actions.rename(book.load(game_id), old, new)
    renamed = [book.change(game_id, lambda game: actions.rename(game, old, new))[0] for game_id in ids]
    entry = renamed[-1].journal[-1]
    return entry["old"], entry["new"], renamed


def games_of(book, name: str) -> list:
    """The ids of the games ``name`` plays in (as they stand, in any case); refused when none.
    Only the games the summary index names are read (issue #45), each checked as it stands."""
    spaced = " ".join(name.split())
    wanted, found = folded(spaced), []
    for game_id in book.games_with(spaced):
        try:
            game = actions.standing(book.load(game_id))
        except GinscoreError:  # a damaged game is for 'ginscore check'
            continue
        if any(folded(player) == wanted for player in game.players):
            found.append(game_id)
    if not found:
        raise GinscoreError(_("no game has a player {name}: 'ginscore games' lists the games and their players").format(name=repr(name)))
    return sorted(found, key=order_key)  # as 'ginscore games' names games by id


class RulesSet(Record):
    game: object
    state: object
    setting: str  # the setting's name


def set_rules(book, game_id: str | None, setting: str, value: str, writer: Writer = CLI) -> RulesSet:
    """Change a setting of the game's rules as it is played: every hand is scored again."""
    game, state = book.change(game_id, once(writer, lambda game: actions.set_rules(game, setting, value)), writer.phone, writer.form)
    change = next(entry for entry in reversed(game.journal) if entry["action"] == "rules")
    return RulesSet(game, state, next(iter(change["settings"])))
