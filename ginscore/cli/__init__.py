"""The command line: click, a thin layer over ``app/``: parse, call one function of ``app/``,
print; ``loop`` is 'ginscore play', ``complete`` the shell completion, ``serve`` starts
``web/``.

Every domain error (``GinscoreError``) becomes a one-line ``Error: ...`` and exit status 1 in
one place, ``GinscoreGroup.invoke``; usage errors are shortened to one line in ``main``, and
any other exception is caught there too, as a one-line request for a report (the traceback
only with ``GINSCORE_DEBUG`` set), saying whether the command's change was saved.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module

import click

from ginscore import __version__
from ginscore.base import i18n
from ginscore.base.errors import GinscoreError, TypingError, printable, unexpected
from ginscore.base.i18n import N_, _, ngettext
from ginscore.base.paths import ENV_DEBUG
from ginscore.cli.options import completes
from ginscore.cli.translated import Group, option, version_option
from ginscore.settings.house_lang import house_language

# The commands that record a hand: after one, a failure to print says the hand was recorded.
HAND_COMMANDS = ("knock", "gin", "draw", "out")


# Command modules are imported only when one of their commands runs, so `knock` does not pay
# for the imports of `sheet`. Register a new module here: command name -> module in ginscore.cli.
COMMANDS = {
    "new": "start",
    "rematch": "start",
    "knock": "play",
    "gin": "play",
    "draw": "play",
    "out": "play",
    "undo": "play",
    "delete": "play",
    "restore": "restore",
    "play": "loop",
    "status": "show",
    "sheet": "show",
    "games": "show",
    "settle": "evening",
    "stats": "evening",
    "export": "exports",
    "end": "match",
    "abandon": "match",
    "void": "match",
    "unvoid": "match",
    "rename": "names",
    "log": "audit",
    "redo": "audit",
    "edit": "audit",
    "check": "audit",
    "backup": "audit",
    "rules": "house",
    "config": "house",
    "analyze": "cards",
    "pad": "paper",
    "merge": "devices",
    "git-setup": "devices",
    "merge-file": "devices",
    "schema": "schema",
    "import": "imports",
    "serve": "serve",
    "ladder": "ladder",
    "pairings": "ladder",
}


def language_from(args) -> str | None:
    """The value of the group's ``--lang`` in ``args``, read before click parses them, so that
    click's own words (a usage error among them) are already in that language."""
    args = list(args)
    for index, arg in enumerate(args):
        if arg == "--lang":
            return args[index + 1] if index + 1 < len(args) else None
        if arg.startswith("--lang="):
            return arg[len("--lang="):]
        if arg == "--ledger":
            continue
        if not arg.startswith("-") and (index == 0 or args[index - 1] != "--ledger"):
            return None  # the command's name: --lang belongs before it
    return None


class GinscoreGroup(Group):
    """The ginscore command: its commands' help texts are translated when shown (``Group``),
    and it chooses the language before click reads a word."""

    def list_commands(self, ctx):
        for module in sorted(set(COMMANDS.values())):
            import_module(f"ginscore.cli.{module}")
        return sorted(self.commands)

    def get_command(self, ctx, name):
        if name not in self.commands and name in COMMANDS:
            import_module(f"ginscore.cli.{COMMANDS[name]}")
        return self.commands.get(name)

    def command_names(self, ctx) -> list:
        return list(COMMANDS)  # without importing every command's module

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except TypingError as error:  # a command typed in the wrong shape: click's usage error
            raise click.UsageError(printable(str(error))) from None
        except GinscoreError as error:
            raise click.ClickException(printable(str(error))) from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        command_context = Context()  # what this command saves, for a failure afterwards to say
        forget_reads()
        try:
            i18n.read_house_language_with(house_language)
            i18n.set_language(language_from(sys.argv[1:] if args is None else args))
            i18n.install_click()
        except i18n.UnknownLanguage as error:  # --lang, $GINSCORE_LANG or the file's lang
            click.echo(_("Error: {message}").format(message=printable(str(error))), err=True)
            sys.exit(1)
        try:
            result = super().main(args, prog_name, complete_var, False, obj=command_context, **extra)
        except click.UsageError as error:
            click.echo(_("Error: {message}").format(message=error_line(error)), err=True)
            sys.exit(error.exit_code)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except (click.Abort, KeyboardInterrupt, EOFError):
            click.echo(_("Aborted."), err=True)
            sys.exit(1)
        except Exception as error:  # noqa: BLE001 - the safety net: never a bare traceback
            self._unexpected(error, sys.argv[1:] if args is None else list(args), command_context.saved)
        sys.exit(result if isinstance(result, int) else 0)

    def _unexpected(self, error: Exception, args: list, saved: list) -> None:
        """One line for an error nobody foresaw, and exit 1. An OSError that reaches here is
        standard output failing (a full disk behind '> file', a closed pipe): every file ginscore
        writes itself turns its OSError into a LedgerError. Either way, a change already saved is
        said to be saved, so that nobody enters a hand twice."""
        import errno

        command = next((arg for arg in args if arg in COMMANDS), "")
        where = f"'ginscore {command}'" if command else "ginscore"
        if saved:
            from ginscore.app.book import saved_game_ids

            games = ", ".join(saved_game_ids(saved))
            if command in HAND_COMMANDS:
                change = _("; the hand was recorded (game {games}): see it with 'ginscore status', do not enter it again")
            else:
                change = _("; the change was saved (game {games}): see it with 'ginscore status', do not enter it again")
            change = change.format(games=games)
        else:
            change = _("; nothing was saved")
        if os.environ.get(ENV_DEBUG):
            import traceback

            traceback.print_exception(type(error), error, error.__traceback__)
        _quiet_stdout()
        if isinstance(error, OSError):
            if error.errno == errno.EPIPE and not saved:  # 'ginscore games | head': the reader had enough
                sys.exit(1)
            message = _("{where} could not print its output ({reason}){change}").format(
                where=where, reason=error.strerror or error, change=change
            )
        else:
            hint = "" if os.environ.get(ENV_DEBUG) else _(" (set {variable}=1 to see the traceback)").format(variable=ENV_DEBUG)
            message = _("{where} failed: {error}{hint}{change}").format(
                where=where, error=unexpected(error), hint=hint, change=change
            )
        try:
            click.echo(_("Error: {message}").format(message=printable(message)), err=True)
        except Exception:  # noqa: BLE001 - stderr is gone too: the exit status still tells
            pass
        sys.exit(1)


def _quiet_stdout() -> None:
    """Point standard output at the null device once writing to it failed, so that the
    interpreter's final flush of what is still buffered adds no 'Exception ignored' lines."""
    try:
        descriptor = os.open(os.devnull, os.O_WRONLY)
        os.dup2(descriptor, sys.stdout.fileno())
        os.close(descriptor)
    except (OSError, ValueError, AttributeError):  # no real descriptor (tests, an embedded stdout)
        pass


def error_line(error: click.ClickException) -> str:
    """A click error as the one line ginscore prints after ``Error: ``: an unknown option with
    the options it may have meant, a usage error with where to read the usage."""
    if not isinstance(error, click.UsageError):
        return printable(error.format_message())
    if isinstance(error, click.NoSuchOption):
        # click lists the close options best first; the best one is the suggestion
        suggestion = _(" (did you mean {choice}?)").format(choice=error.possibilities[0]) if error.possibilities else ""
        message = _("No such option: {name}{suggestion}").format(name=error.option_name[:40], suggestion=suggestion)
        if suggestion:  # the suggestion is the help
            return printable(message)
    else:
        message = error.format_message()
        if _(" (did you mean {choice}?)").split("{")[0] in message:  # the suggestion is the help
            return printable(message)
    command = error.ctx.command_path if error.ctx else "ginscore"
    return _("{message} (see '{command} --help')").format(message=printable(message), command=command)


def waiting_at_a_terminal() -> bool:
    """Whether standard error is a terminal, where a person waits: a pipe or a file is told nothing of progress."""
    return sys.stderr.isatty()


def reading_told(done: int, total: int) -> None:
    """How far the summary index has come in reading many games (a new device's first command,
    a ledger copied in: some seconds for a club's years), on one line of standard error that is
    written over as it goes and wiped at the end, so nothing of it stays among the output. The
    line is kept within the terminal's width: a line that wrapped could not be written over."""
    import shutil

    width = shutil.get_terminal_size().columns - 1
    if done >= total:
        click.echo("\r" + " " * width + "\r", nl=False, err=True)
        return
    line = ngettext(
        "Reading {total} game into this device's summary index (the first time only): {done} read",
        "Reading {total} games into this device's summary index (the first time only): {done} read",
        total,
    ).format(total=total, done=done)
    click.echo("\r" + line[:width].ljust(width), nl=False, err=True)


class Context:
    """What the group hands to every command: where the ledger is, and the application
    service over it (``ginscore.app.book``), made on first use. ``saved`` outlives the command, so
    that ``main`` can say after a failure which games were saved."""

    def __init__(self, ledger_path=None):
        self.ledger_path = ledger_path
        self.saved: list = []  # paths of the game files this command wrote
        self._book = None

    @property
    def book(self):
        if self._book is None:
            from ginscore.app.book import open_book

            self._book = open_book(self.ledger_path, self.saved)
            if waiting_at_a_terminal():
                self._book.progress = reading_told
        return self._book

    @property
    def opened_book(self):
        """The Book if the command opened one, else None (nothing is opened to ask)."""
        return self._book


@click.group(
    cls=GinscoreGroup,
    help=N_(
        "Keep score of Gin Rummy played with real cards.\n\n"
        "\b\n"
        "ginscore new Alice Bob          start a game\n"
        "ginscore knock alice 4 15       Alice knocks with 4, Bob has 15 after lay-offs\n"
        "ginscore gin bob 30             Bob goes gin, Alice holds 30\n"
        "ginscore sheet                  the score sheet"
    ),
    context_settings={"help_option_names": ["-h", "--help"]},
    invoke_without_command=True,
    subcommand_metavar="COMMAND [ARGS]...",
)
@version_option(__version__, prog_name="ginscore")
@option(
    "--ledger",
    "ledger_path",
    metavar="PATH",
    help=N_("Ledger folder (default: $GINSCORE_LEDGER, else the user data folder)."),
)
@option(
    "--lang",
    metavar="LANG",
    shell_complete=completes("languages"),
    expose_value=False,
    is_eager=True,
    callback=lambda ctx, param, value: _choose_language(value),
    help=N_("Language: {languages} (default: $GINSCORE_LANG, the house-rules file, the locale).").format(
        languages=i18n.language_list
    ),
)
@click.pass_context
def cli(ctx, ledger_path):
    """Keep score of Gin Rummy played with real cards."""
    if not isinstance(ctx.obj, Context):  # main gives one, so that it sees what was saved
        ctx.obj = Context()
    ctx.obj.ledger_path = ledger_path
    if ctx.invoked_subcommand is None:  # plain 'ginscore' (or only --ledger): the help, which is no error
        click.echo(ctx.get_help())


@cli.result_callback()
@click.pass_context
def _after(ctx, *args, **kwargs):
    """Say, once per command, that the summary index was found damaged and rebuilt, and that a
    file syncer left conflict copies for 'check' to fold in."""
    obj = ctx.obj
    book = obj.opened_book if isinstance(obj, Context) else None
    for note in dict.fromkeys(book.notes if book is not None else ()):
        click.echo(printable(_("note: {note}").format(note=note)), err=True)
    if ctx.invoked_subcommand in ("check", "merge", "merge-file", "git-setup") or book is None:
        return
    try:
        waiting = book.waiting_copies()
    except GinscoreError:
        return
    if waiting:
        click.echo(
            ngettext(
                "note: a file syncer left {count} conflict copy of a game file in the ledger: 'ginscore check' folds it in",
                "note: a file syncer left {count} conflict copies of game files in the ledger: 'ginscore check' folds them in",
                waiting,
            ).format(count=waiting),
            err=True,
        )


def _choose_language(value) -> None:
    if value is None:
        return
    try:
        i18n.set_language(value)
    except i18n.UnknownLanguage as error:
        raise click.UsageError(str(error)) from None
    i18n.install_click()


def main():
    cli.main(prog_name="ginscore")


def forget_reads() -> None:
    """A command of its own reads the files afresh: what the last commands of this process
    parsed, decoded, replayed and wrote is kept only for the entries of one 'play' session.
    Where the book was never loaded in this process, nothing was read."""
    import sys

    book = sys.modules.get("ginscore.app.book")
    if book is not None:
        book.forget_reads()
