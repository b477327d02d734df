"""Option groups shared by commands, as decorators (the sqlite-utils way)."""

from __future__ import annotations

import click

from ginscore.base.errors import GinscoreError, HandError, shown
from ginscore.base.i18n import N_, _, pN_
from ginscore.base.safefile import write_output
from ginscore.cli.output_option import output_option
from ginscore.cli.translated import Command, argument, option
from ginscore.output.render import check_format, to_json
from ginscore.tables import DEFAULT_TABLE, all_settings, all_tables

# No number typed into ginscore needs more digits; int() of thousands of digits is an error.
GAME_DIGITS = 30  # the longest number of a game file's name the ledger lists (jsonfile.MAX_NUMBER_DIGITS)


class GameId(click.ParamType):
    """A game id as the user types it: a game's id or any unique beginning of it (``k7f3``), or
    the number of a game from before ids (``3``); which game it is, the ledger decides."""

    name = "id"

    def convert(self, value, param, ctx):
        text = str(value).strip().lower()
        if text.isascii() and text.isdigit() and len(text) <= GAME_DIGITS and int(text) >= 1:
            return str(int(text))
        if text.isascii() and text.isalnum() and text[:1].isalpha() and len(text) <= 32:
            return text
        self.fail(
            _("{value} is not a game id: give its id or the beginning of it, e.g. --game k7f3 ('ginscore games' lists them)").format(value=shown(value)),
            param,
            ctx,
        )


GAME_ID = GameId()

# Negative numbers such as "-3" must reach our own check, not click's option parser.
NUMBERS_OK = {"ignore_unknown_options": True}


class NumbersCommand(Command):
    """A command that takes negative numbers as arguments ("-3" reaches our own range check)
    and still refuses an unknown option, with the options it may have meant: with
    ``ignore_unknown_options`` alone, ``--gmae 3`` would be "unexpected extra arguments"."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("context_settings", {}).update(NUMBERS_OK)
        super().__init__(*args, **kwargs)

    def parse_args(self, ctx, args):
        refuse_unknown_options(self, ctx, args)
        return super().parse_args(ctx, args)


def refuse_unknown_options(command, ctx, args) -> None:
    """Raise NoSuchOption for the first word of ``args`` that is an option ``command`` does
    not have; a negative number, an option's value and everything after ``--`` are not."""
    known, takes_value = set(), set()
    for param in command.get_params(ctx):
        names = [*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ())]
        if isinstance(param, click.Option):
            known.update(names)
            if not param.is_flag and not param.count:
                takes_value.update(param.opts)
    words = iter(args)
    for word in words:
        if word == "--":
            return
        if not word.startswith("-") or len(word) == 1 or word[1:].replace(".", "", 1).isdigit():
            continue
        name = word.split("=", 1)[0]
        if name not in known:
            raise click.NoSuchOption(name, possibilities=sorted(known), ctx=ctx)
        if name in takes_value and "=" not in word:
            next(words, None)


def completes(name: str):
    """The shell-completion callback ``name`` of ginscore.cli.complete, imported only when the
    shell asks: defining the options must cost nothing on the commands typed between hands."""

    def complete(ctx, param, incomplete):
        from ginscore.cli import complete as completers

        return getattr(completers, name)(ctx, param, incomplete)

    return complete


def game_option(function):
    return option(
        "--game",
        "game_id",
        type=GAME_ID,
        metavar="ID",
        help=N_("Game to act on (default: the most recently started game)."),
        shell_complete=completes("game_ids"),
    )(function)


def game_argument(function=None, complete: str = "game_ids", required: bool = True):
    """GAME, a game id given as an argument ('ginscore void 7'); ``complete`` names the
    completer that offers the ids (``game_argument(complete="voided_games")``); not
    ``required``: without it, the current game."""
    if function is None:
        return lambda function: game_argument(function, complete, required)
    return argument(
        "game_id", pN_("metavar", "GAME"), type=GAME_ID, required=required,
        shell_complete=completes(complete),
    )(function)


JSON_MAJOR = "ginscore.json_major"  # where --json-version keeps the major asked, in the context's meta


def _ask_major(ctx, param, value):
    """--json-version: checked before the command runs (against every document it may print),
    so that a version nobody supports changes nothing."""
    if value is None:
        return
    from ginscore.output.json_contract import COMMANDS, parse_major, supported  # only when asked: not on status's path

    major = parse_major(value)
    supported(COMMANDS[ctx.info_name], major)
    ctx.meta[JSON_MAJOR] = major


def json_version_option(function):
    return option(
        "--json-version", metavar="MAJOR", expose_value=False, callback=_ask_major,
        help=N_("Print that major version of the JSON (an older one, while it is supported; see docs/json.md)."),
    )(function)


def json_option(function):
    function = json_version_option(function)
    return option("--json", "as_json", is_flag=True, help=N_("Print JSON (see docs/json.md)."))(function)


def json_text(name: str, body) -> str:
    """The JSON document ``name`` (``json_contract.DOCUMENTS``) with ``body``, stamped, in the
    major version --json-version asked for (the newest without it), as text to print."""
    from ginscore.output.json_contract import document  # only for JSON: not on the text path between hands

    return to_json(document(name, body, click.get_current_context().meta.get(JSON_MAJOR)))


def print_json(name: str, body) -> None:
    click.echo(json_text(name, body))



def output_options(function):
    """--json and --format, for commands that print grids. ``--format json`` is ``--json``:
    the command receives ``as_json`` True and no format. Any other format is checked first,
    so a typo is refused even when there turns out to be nothing to print."""
    from functools import wraps

    @wraps(function)
    def wrapper(*args, **kwargs):
        if kwargs.get("fmt") is not None:
            if kwargs["fmt"].strip().lower() == "json":
                kwargs["fmt"], kwargs["as_json"] = None, True
            else:
                kwargs["fmt"] = check_format(kwargs["fmt"])
        return function(*args, **kwargs)

    wrapper = option(
        "--format",
        "fmt",
        metavar="FORMAT",
        default=None,
        help=N_(
            "Output format: text (the default), markdown (md), csv, html, json, or a tabulate table style (plain, grid, rst, ...)."
        ),
        shell_complete=completes("formats"),
    )(wrapper)
    return json_option(wrapper)


# What a file written with --output (or opened with --open) is named after, by format.
SUFFIXES = {"html": ".html", "csv": ".csv", "tsv": ".tsv", "github": ".md", "json": ".json"}


def file_options(function):
    """--output FILE and --open, for commands that write a page (sheet, pad)."""
    function = option("--open", "open_it", is_flag=True, help=N_("Open the result in the default browser (or viewer)."))(function)
    return output_option(function)


class Paper(click.ParamType):
    """A paper size as typed: a4 or letter, in any case (``A4``, ``US-Letter``)."""

    name = "paper"

    def convert(self, value, param, ctx):
        from ginscore.base.paper_size import parse_paper

        paper = parse_paper(value)
        if paper is None:
            self.fail(_("{value} is no paper size: give --paper a4 or --paper letter").format(value=shown(value)), param, ctx)
        return paper

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem

        from ginscore.base.paper_size import PAPERS

        return [CompletionItem(paper) for paper in PAPERS if paper.startswith(incomplete.lower())]


def paper_option(function):
    """--paper, for the commands that write a printable page (sheet, pad)."""
    return option(
        "--paper", type=Paper(), metavar="a4|letter", default=None,
        help=N_("The paper --format html is laid out for: a4 or letter (default: the house-rules file's paper, else the locale's)."),
    )(function)


def chosen_paper(paper: str | None) -> str:
    """The paper a page is printed on: as given, else the house-rules file's, else the locale's."""
    if paper is not None:
        return paper
    from ginscore.base.paper_size import locale_paper
    from ginscore.settings import config

    return config.read_config().paper or locale_paper()


def deliver(text: str, output: str | None, open_it: bool, suffix: str) -> None:
    """Print ``text``, or write it to ``output`` atomically and say where; with ``open_it``,
    open the file (a temporary one when no ``output`` was given)."""
    import os

    if output is None and not open_it:
        click.echo(text)
        return
    if output is None:
        import tempfile

        handle, output = tempfile.mkstemp(prefix="ginscore-", suffix=suffix)
        os.close(handle)

    path = write_output(output, (text if text.endswith("\n") else text + "\n").encode("utf-8"))
    click.echo(_("Wrote {path}").format(path=path))
    if open_it and not launch(path):
        raise GinscoreError(_("no browser was found to open it: the file is {path}").format(path=path))


def launch(path: str) -> bool:
    """Open ``path`` in the program the desktop opens such files with; False when there is
    none. On Linux and the BSDs xdg-open is asked, its chatter kept off the terminal: a quick
    non-zero exit means no browser; still running after a few seconds, it found one."""
    import sys

    if sys.platform == "darwin" or sys.platform.startswith(("win", "cygwin")):
        return click.launch(path) == 0
    import shutil
    import subprocess
    import tempfile

    if shutil.which("xdg-open") is None:
        return False
    with tempfile.TemporaryFile() as chatter:
        opener = subprocess.Popen(
            ["xdg-open", path], stdin=subprocess.DEVNULL, stdout=chatter, stderr=chatter, start_new_session=True
        )
        try:
            return opener.wait(timeout=5) == 0
        except subprocess.TimeoutExpired:  # a browser that runs in the foreground: it was found
            return True


def upcard_option(function):
    """--upcard CARD for Oklahoma hands, parsed to its stored form (``10s`` -> ``Ts``)."""

    def parse(ctx, param, value):
        if value is None:
            return None
        from ginscore.core.scoring import parse_upcard

        return parse_upcard(value)

    return option(
        "--upcard",
        metavar="CARD",
        callback=parse,
        help=N_("Oklahoma Gin: this hand's upcard, e.g. 7h, 10s, Kd (sets the knock limit; a spade doubles)."),
    )(function)


def rule_options(function):
    """One option per rule setting of every kind of table (names fixed by issue #4), plus
    --rules PRESET. The command receives ``preset`` and ``settings``: a dict of only the
    settings given; the table of the game checks that it uses them.
    """
    from functools import wraps


    specs = all_settings()

    @wraps(function)
    def wrapper(*args, **kwargs):
        settings = {name: kwargs.pop(name) for name in specs if kwargs.get(name) is not None}
        for name in specs:
            kwargs.pop(name, None)
        return function(*args, settings=settings, **kwargs)

    for spec in reversed(list(specs.values())):
        if type(spec.default) is bool:
            flag = spec.option[2:]
            declared = option(f"--{flag}/--no-{flag}", spec.name, default=None, help=spec.help)
        else:
            values = {"shell_complete": completes("setting_values")} if spec.choices else {}
            declared = option(spec.option, spec.name, metavar="VALUE", default=None, help=spec.help, **values)
        wrapper = declared(wrapper)
    return option(
        "--rules",
        "preset",
        metavar="PRESET",
        help=N_("Start from a named preset (list them with 'ginscore rules --list')."),
        shell_complete=completes("presets"),
    )(wrapper)


def table_options(function):
    """One flag per kind of table (--hollywood, --three-handed, ...); the command receives
    ``table``, the name of the one chosen (the default table when none is)."""
    from functools import wraps


    kinds = [kind for kind in all_tables() if kind.flag]

    @wraps(function)
    def wrapper(*args, **kwargs):
        chosen = [kind for kind in kinds if kwargs.pop(kind.name.replace("-", "_"))]
        if len(chosen) > 1:
            raise click.UsageError(
                _("choose one kind of table: {flags}").format(flags=_(" or ").join(kind.flag for kind in chosen))
            )
        return function(*args, table=chosen[0].name if chosen else DEFAULT_TABLE, **kwargs)

    for kind in reversed(kinds):
        wrapper = option(kind.flag, kind.name.replace("-", "_"), is_flag=True, help=kind.description)(wrapper)
    return wrapper


def suit_symbols() -> bool:
    """Whether standard output can print ♠ ♥ ♦ ♣; when it cannot (a legacy Windows code page),
    cards are printed in their ASCII form, 5s 6s 7s."""
    import sys

    try:
        "♠♥♦♣".encode(getattr(sys.stdout, "encoding", None) or "ascii")
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def selection_options(function):
    """--since, --until and --player (repeatable): which games a listing, a settlement or the
    statistics are about. The command receives ``selection``, a ``history.Selection``
    (made by ``book.selection``)."""
    from functools import wraps

    @wraps(function)
    def wrapper(*args, since, until, player_names, **kwargs):
        from datetime import date

        from ginscore.app import book
        from ginscore.ops.evening import day_bounds

        today = date.today()
        if since is not None and until is not None and day_bounds(since, today, end=False) >= day_bounds(until, today, end=True):
            raise HandError(
                _("--since {since} is after --until {until}: no game can be in that range (swap them?)").format(
                    since=shown(since), until=shown(until)
                )
            )
        selection = book.selection(
            since=None if since is None else day_bounds(since, today, end=False),
            until=None if until is None else day_bounds(until, today, end=True),
            players=tuple(player_names),
        )
        return function(*args, selection=selection, **kwargs)

    wrapper = option(
        "--player", "player_names", multiple=True, metavar="NAME",
        help=N_("Only games in which NAME played (repeat it: games in which all of them played)."),
    )(wrapper)
    wrapper = option(
        "--until", metavar="DATE", help=N_("Only games started on or before DATE (YYYY-MM-DD, today, yesterday).")
    )(wrapper)
    return option(
        "--since", metavar="DATE", help=N_("Only games started on or after DATE (YYYY-MM-DD, today, yesterday).")
    )(wrapper)


def settled_options(function):
    """What 'settle' chooses by, besides --since, --until and --player: --game ID (repeatable)
    and --unsettled/--all; 'export' chooses exactly so. The command receives ``game_ids`` and
    ``unsettled`` (and ``selection``, from ``selection_options``)."""
    function = option(
        "--unsettled/--all", "unsettled", default=True, help=N_("Only games not yet settled (the default), or all.")
    )(function)
    function = option(
        "--game", "game_ids", type=GAME_ID, multiple=True, metavar="ID", help=N_("Only game ID (repeat it for more).")
    )(function)
    return selection_options(function)
