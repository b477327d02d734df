"""Shell completion of values (click's completion, enabled as the README's "At the table"
says): player names of the game, game ids, presets, output formats and config keys.

Each function is a click ``shell_complete`` callback and runs only while completing: the
commands typed between hands never import anything for it. Completion parses the command line
without running the group, so the ledger comes from the typed --ledger or the environment.
"""

from __future__ import annotations


def _ledger(ctx):
    from ginscore.book import open_book

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


@_quietly
def players(ctx, param, incomplete):
    """The players of the game the command acts on (--game ID, else the current game)."""
    game = _ledger(ctx).load(ctx.params.get("game_id"))
    return _matching(game.players, incomplete)


@_quietly
def held(ctx, param, incomplete):
    """Rummy's NAME=POINTS: the other players' names, each with its ``=``."""
    game = _ledger(ctx).load(ctx.params.get("game_id"))
    return [f"{name}=" for name in _matching(game.players, incomplete)]


@_quietly
def new_players(ctx, param, incomplete):
    """--dealer on 'new': one of the players typed before it (left unparsed in ``ctx.args``
    while the option still lacks its value)."""
    typed = ctx.params.get("players") or [word for word in ctx.args if not word.startswith("-")]
    return _matching(typed, incomplete)


@_quietly
def game_ids(ctx, param, incomplete):
    return [str(game_id) for game_id in reversed(_ledger(ctx).game_ids()) if str(game_id).startswith(incomplete)]


@_quietly
def presets(ctx, param, incomplete):
    from ginscore.rules import PRESETS

    return _matching(PRESETS, incomplete)


@_quietly
def formats(ctx, param, incomplete):
    from ginscore.render import table_formats

    return _matching(table_formats(), incomplete)


@_quietly
def config_keys(ctx, param, incomplete):
    from ginscore.config import KEYS

    return _matching(KEYS, incomplete)
