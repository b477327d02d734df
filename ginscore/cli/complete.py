"""Shell completion of values (click's completion, enabled as docs/first-evening.md's "At the table"
says): player names of the game, game ids, presets, output formats, config keys, languages,
kinds of table and the values of every rule setting that takes one of a few words.

Each function is a click ``shell_complete`` callback and runs only while completing: the
commands typed between hands never import anything for it. Completion parses the command line
without running the group, so the ledger comes from the typed --ledger or the environment.
"""

from __future__ import annotations

from ginscore.app.reading import standing
from ginscore.base.errors import printable
from ginscore.base.i18n import LANGUAGES, _
from ginscore.core.rules import PRESETS
from ginscore.output.render import FORMAT_ALIASES, grid_formats
from ginscore.tables import all_settings, all_tables, get_table


def _ledger(ctx):
    from ginscore.app.book import open_book

    return open_book(ctx.find_root().params.get("ledger_path")).ledger


def _matching(words, incomplete: str) -> list:
    return [word for word in words if str(word).casefold().startswith(incomplete.casefold())]


def _quietly(find):
    """A completer that completes nothing rather than print an error into the shell."""

    def complete(ctx, param, incomplete):
        try:
            return find(ctx, param, incomplete)
        except Exception:  # a broken ledger or file must never break the user's shell
            return []

    return complete


def _game(ctx):
    """The game the command acts on (--game ID, else the current game), as it stands: its
    players after any 'rename'."""
    return standing(_ledger(ctx).load(ctx.params.get("game_id")))


@_quietly
def players(ctx, param, incomplete):
    """The players of the game the command acts on (--game ID, else the current game)."""
    game = _game(ctx)
    return _matching(game.players, incomplete)


@_quietly
def held(ctx, param, incomplete):
    """Rummy's NAME=POINTS: the other players' names, each with its ``=``."""
    game = _game(ctx)
    return [f"{name}=" for name in _matching(game.players, incomplete)]


@_quietly
def new_players(ctx, param, incomplete):
    """--dealer on 'new': one of the players typed before it (left unparsed in ``ctx.args``
    while the option still lacks its value)."""
    typed = ctx.params.get("players") or [word for word in ctx.args if not word.startswith("-")]
    return _matching(typed, incomplete)


@_quietly
def game_ids(ctx, param, incomplete):
    """Every game's id, newest first: in the order they were started, which the summary index
    knows (a made id says nothing of when its game began); each says whose game it is."""
    return [game_item(entry) for entry in reversed(_summaries(ctx)) if str(entry["id"]).startswith(incomplete)]


def game_item(entry: dict):
    """A game id as completion offers it, with whose game it is for the shells that show a
    description (zsh, fish): ``Ann v Bob, Oklahoma, in progress``."""
    from click.shell_completion import CompletionItem

    if entry.get("damaged"):
        return CompletionItem(str(entry["id"]), help=_("DAMAGED"))
    if entry.get("voided"):
        state = _("voided")
    else:
        state = _("finished") if entry["finished"] else _("in progress")
    table = get_table(entry["table"]).table_words(entry.get("variant")) if entry["table"] in _table_names() else entry["table"]
    words = _("{players}, {table}, {state}").format(players=_(" v ").join(entry["players"]), table=table, state=state)
    return CompletionItem(str(entry["id"]), help=printable(words))


def _table_names() -> list:
    return [kind.name for kind in all_tables()]


def _summaries(ctx) -> list:
    from ginscore.app.book import open_book, selection

    return open_book(ctx.find_root().params.get("ledger_path")).summaries(selection())


def _set_aside(ctx, incomplete: str, wanted: bool) -> list:
    """The ids of the games voided (``wanted``) or not, newest first, asked of the summary index."""
    return [
        game_item(entry) for entry in reversed(_summaries(ctx))
        if not entry.get("damaged") and bool(entry.get("voided")) == wanted and str(entry["id"]).startswith(incomplete)
    ]


@_quietly
def games_to_void(ctx, param, incomplete):
    """'void GAME': the games not voided yet."""
    return _set_aside(ctx, incomplete, wanted=False)


@_quietly
def voided_games(ctx, param, incomplete):
    """'unvoid GAME': the games voided."""
    return _set_aside(ctx, incomplete, wanted=True)


@_quietly
def presets(ctx, param, incomplete):
    return _matching(PRESETS, incomplete)


@_quietly
def formats(ctx, param, incomplete):
    """Every --format a listing takes: the words people say first, then tabulate's styles."""

    said = [*FORMAT_ALIASES, "csv", "html", "json"]
    return _matching(said + [name for name in grid_formats() if name not in said], incomplete)


@_quietly
def languages(ctx, param, incomplete):
    return _matching(LANGUAGES, incomplete)


@_quietly
def tables(ctx, param, incomplete):
    return _matching([kind.name for kind in all_tables()], incomplete)


@_quietly
def setting_values(ctx, param, incomplete):
    """A rule option's values (--tie, --shutout, ...): its choices, or yes/no for a switch."""

    spec = all_settings()[param.name]
    return _matching(spec.choices, incomplete)


@_quietly
def config_keys(ctx, param, incomplete):
    from ginscore.settings.config import KEYS

    return _matching(KEYS, incomplete)
