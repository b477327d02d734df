"""Option groups shared by commands, as decorators (the sqlite-utils way)."""

from __future__ import annotations

import click

from ginscore.errors import HandError


def game_option(function):
    return click.option(
        "--game",
        "game_id",
        type=click.IntRange(min=1),
        metavar="ID",
        help="Game to act on (default: the most recently started game).",
    )(function)


def json_option(function):
    return click.option("--json", "as_json", is_flag=True, help="Print JSON (see README: JSON output).")(function)


def output_options(function):
    """--json and --format, for commands that print tables."""
    function = click.option(
        "--format",
        "fmt",
        metavar="FORMAT",
        default=None,
        help="Table format: csv, or any tabulate format (plain, simple, github, grid, html, ...).",
    )(function)
    return json_option(function)


def whole_number(text: str, label: str) -> int:
    """Parse a number the user typed; the core checks its range."""
    value = text.strip()
    if not value.lstrip("-").isdigit():
        raise HandError(f"{label} must be a whole number, got {text!r}")
    return int(value)


def rule_options(function):
    """One option per rule setting (names fixed by issue #4), plus --rules PRESET.

    The command receives ``preset`` and ``settings``: a dict of only the settings given.
    """
    from functools import wraps

    from ginscore.rules import Rules, option_name

    flags = {"gin_layoffs": "--gin-layoffs/--no-gin-layoffs", "oklahoma": "--oklahoma/--no-oklahoma"}
    helps = {
        "target": "Points that win the game.",
        "knock_limit": "Highest deadwood a player may knock with.",
        "gin_bonus": "Bonus for gin.",
        "big_gin_bonus": "Bonus for big gin (0: big gin is off).",
        "undercut_bonus": "Bonus for an undercut.",
        "tie": "When deadwoods are equal: undercut, knocker or no-score.",
        "box_bonus": "Points per box (hand won) at the end.",
        "gin_boxes": "Boxes for a hand won by gin.",
        "undercut_boxes": "Boxes for a hand won by an undercut.",
        "game_bonus": "Bonus for winning the game.",
        "shutout": "double-total, double-before-boxes, double-game-bonus, double-hands, flat:N or none.",
        "gin_layoffs": "Allow lay-offs on gin.",
        "oklahoma": "Oklahoma Gin: the upcard sets each hand's knock limit.",
        "ace_upcard": "Oklahoma, ace upcard: gin-only or one (knock on 1).",
        "spade_double": "Oklahoma, spade upcard doubles: off, points, score or all (score and boxes).",
    }
    names = list(Rules.__dataclass_fields__)

    @wraps(function)
    def wrapper(*args, **kwargs):
        settings = {name: kwargs.pop(name) for name in names if kwargs.get(name) is not None}
        for name in names:
            kwargs.pop(name, None)
        return function(*args, settings=settings, **kwargs)

    for name in reversed(names):
        if name in flags:
            option = click.option(flags[name], name, default=None, help=helps[name])
        else:
            option = click.option(option_name(name), name, metavar="VALUE", default=None, help=helps[name])
        wrapper = option(wrapper)
    return click.option("--rules", "preset", metavar="PRESET", help="Start from a named preset (ginscore rules).")(
        wrapper
    )
