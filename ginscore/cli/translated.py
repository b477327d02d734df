"""click's classes whose words are shown in the reader's language: the help of commands,
options and --help, the usage line's metavars and click's own --version. click reads help
texts when a module is imported, before ``--lang`` is parsed, so each keeps its text as given
(an ``i18n.LazyText``) and translates it when shown."""

from __future__ import annotations

import click

from ginscore.base.errors import shown
from ginscore.base.i18n import N_, LazyText, _, pN_, translate
from ginscore.base.text import did_you_mean


class TranslatedHelp:
    """A help text kept as given (an ``i18n.LazyText``) and translated when shown: what an
    ``Option`` and a ``Command`` share."""

    @property
    def help(self):
        return translate(self._help)

    @help.setter
    def help(self, value):
        self._help = value


class Option(TranslatedHelp, click.Option):
    """An option whose help is translated when it is shown: click reads help texts when a
    module is imported, before ``--lang`` is parsed. Give it as ``help=N_("...")`` (a
    ``i18n.LazyText``); click's own ``__init__`` would make a plain string of it, so it is
    kept here as given."""

    def __init__(self, *args, help=None, **attrs):
        super().__init__(*args, **attrs)
        self.help = help


def option(*names, **attrs):
    """``click.option`` whose help is translated when shown (``Option``)."""
    attrs.setdefault("cls", Option)
    return click.option(*names, **attrs)


# What click's --help option says, in click's catalog (po/LANG/click.po).
HELP_OPTION_HELP = N_("Show this message and exit.")

# The words of a usage line that click writes in English, in the reader's language.
OPTIONS_METAVAR = pN_("usage", "[OPTIONS]")
SUBCOMMAND_METAVARS = {
    "COMMAND [ARGS]...": pN_("usage", "COMMAND [ARGS]..."),
    "[COMMAND] [ARGS]...": pN_("usage", "[COMMAND] [ARGS]..."),
}


class Argument(click.Argument):
    """An argument whose name in the usage line and in click's errors ("Missing argument
    'PLAYER'") is translated when shown: give it as ``metavar=pN_("metavar", "PLAYER")``; the
    brackets of an optional one and the dots of a repeated one are added as click adds them,
    unless the metavar has its own (``NAME=POINTS...``)."""

    def make_metavar(self, ctx=None):
        if isinstance(self.metavar, LazyText):
            word = translate(self.metavar)
            if str.__str__(self.metavar).endswith("..."):
                return word
            if not self.required:
                word = f"[{word}]"
            return word + ("..." if self.nargs != 1 else "")
        return super().make_metavar(ctx)


def argument(name, metavar, **attrs):
    """``click.argument`` named ``metavar`` (a ``pN_("metavar", ...)``) in the reader's language."""
    return click.argument(name, cls=Argument, metavar=metavar, **attrs)


class Command(TranslatedHelp, click.Command):
    """A command whose help (``help=N_("...")``) is translated when shown, as are its options'
    (``Option``) and its --help option's: ``ginscore --help`` lists the short help the same
    way."""

    @property
    def options_metavar(self):
        return translate(OPTIONS_METAVAR) if self._options_metavar == "[OPTIONS]" else self._options_metavar

    @options_metavar.setter
    def options_metavar(self, value):
        self._options_metavar = value

    def get_help_option(self, ctx):
        """click's --help, as an ``Option`` whose help is translated when shown: click words it
        once, in the language of the moment it is first asked for (a process may change
        language: the tests do). Made once, as click >= 8.1.8 makes its own."""
        if getattr(self, "_help_option", None) is None:
            names = self.get_help_option_names(ctx)
            if not names or not self.add_help_option:
                return None
            # click >= 8.5 stores its value under a reserved name, clear of a parameter "help"
            storage = getattr(click.core, "_HELP_OPTION_STORAGE_NAME", None)
            self._help_option = Option(
                [*names, *([storage] if storage else [])], is_flag=True, expose_value=False, is_eager=True,
                callback=_show_help, help=HELP_OPTION_HELP,
            )
        return self._help_option


# click's own help_option and version_option decorators look their default help up with the
# standard library's gettext even when it is given (``kwargs.setdefault("help", _(...))``),
# and gettext's first lookup imports ``locale`` and searches the system's catalogs: a cost on
# every command's start-up for words ginscore words itself. So the two options are made here.
def _show_help(ctx, param, value):
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


# What click's --version prints, in click's catalog (po/LANG/click.po).
VERSION_MESSAGE = N_("%(prog)s, version %(version)s")


def version_option(version: str, prog_name: str):
    """``--version``: print ``PROG, version VERSION`` (translated) and exit."""

    def show_version(ctx, param, value):
        if value and not ctx.resilient_parsing:
            click.echo(translate(VERSION_MESSAGE) % {"prog": prog_name, "package": prog_name, "version": version}, color=ctx.color)
            ctx.exit()

    return option(
        "--version", is_flag=True, expose_value=False, is_eager=True, callback=show_version,
        help=N_("Show the version and exit."),
    )


class Group(Command, click.Group):
    """A group of commands whose help is translated when shown (see ``Command``); its
    commands are ``Command``s, its groups ``Group``s."""

    command_class = Command

    @property
    def subcommand_metavar(self):
        return translate(SUBCOMMAND_METAVARS.get(self._subcommand_metavar, self._subcommand_metavar))

    @subcommand_metavar.setter
    def subcommand_metavar(self, value):
        self._subcommand_metavar = value

    def resolve_command(self, ctx, args):
        """An unknown command named with the one it may have meant, in ginscore's words
        (click's own suggestion is English only)."""
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-") and not ctx.resilient_parsing:
            choices = self.command_names(ctx)
            raise click.UsageError(
                _("No such command {name}{suggestion}").format(name=shown(name), suggestion=did_you_mean(name, choices)), ctx
            )
        return super().resolve_command(ctx, args)

    def command_names(self, ctx) -> list:
        """The names a mistyped command is compared with."""
        return self.list_commands(ctx)


Group.group_class = Group
