"""'ginscore play': one session at the table. It reads short entries (``k al 4 15``) and runs
each as the one-shot command it stands for, through ``cli.main``: the same parsing, lock,
journal and errors, so nothing it records differs from what ``ginscore knock`` records.

readline (line editing, history on the arrow keys, Tab completion of player names) is the
standard library's where it exists; without it only completion and editing are lost.
"""

from __future__ import annotations

import click

from ginscore.app import reading
from ginscore.base.errors import CardError, GinscoreError, shown
from ginscore.base.i18n import N_, _, translate
from ginscore.base.text import did_you_mean
from ginscore.cli import COMMANDS, cli, error_line
from ginscore.cli.options import game_option
from ginscore.core.game import voided

# Short entries -> the command words they stand for (options go right after the command).
SHORT = {
    "k": ["knock"],
    "g": ["gin"],
    "bg": ["gin", "--big"],
    "d": ["draw"],
    "o": ["out"],
    "u": ["undo"],
    "r": ["redo"],
    "s": ["sheet"],
    "st": ["status"],
}
LEAVE = ("q", "quit", "exit")
HELP = ("?", "h", "help")
# Commands that follow the game they start: after them the session plays the new game.
STARTS_A_GAME = ("new", "rematch")

HELP_TEXT = N_("""\
  k PLAYER K D      knock (k al 4 15)          g PLAYER D     gin (g bob 30)
  bg PLAYER D       big gin (bg bob 12)        d [PLAYER]     draw
  o PLAYER NAME=N   Rummy: out (o al bob=20)   u / redo       undo / redo the last undo
  s                 the sheet                  st             the running totals
  new A B, rematch  start a game and play it   q, Ctrl-D      leave (every hand is saved)
Oklahoma: the upcard last (k al 6 15 7h, g bob 30 Ks, d 4d).
Any ginscore command works too (edit 3 knock al 4 16, log, games). Tab completes names;
the arrow keys bring back earlier entries; Ctrl-C cancels the line being typed.""")


# Short entries that may end with an Oklahoma hand's upcard, and the fewest words before it:
# the entry and the player for k, g and bg; the entry alone for d (its player is optional).
UPCARD_AFTER = {"k": 2, "g": 2, "bg": 2, "d": 1}


def entry_argv(line: str, players=()) -> list:
    """An entry as the argv of the command it stands for: ``k al 4 15`` -> ``knock al 4 15``;
    a leading ``ginscore`` is allowed, so a copied command line works as typed. A short hand
    entry may end with Oklahoma's upcard: ``k al 6 15 7h`` -> ``knock --upcard 7h al 6 15``
    (a last word that is a card and no beginning of one of ``players``' names)."""
    import shlex

    words = shlex.split(line)
    if words and words[0] == "ginscore":
        words = words[1:]
    if not words:
        return []
    short = words[0].lower()
    if short in UPCARD_AFTER and len(words) > UPCARD_AFTER[short] and is_upcard(words[-1], players):
        return [*SHORT[short], "--upcard", words[-1], *words[1:-1]]
    return [*SHORT.get(short, [words[0]]), *words[1:]]


def is_upcard(word: str, players) -> bool:
    """Whether the last word of a short hand entry is the upcard: one card, not a name begun."""
    from ginscore.cards.cards import parse_card

    if any(name.casefold().startswith(word.casefold()) for name in players):
        return False
    try:
        parse_card(word)
    except CardError:
        return False
    return True


def with_game(words: list, game_id: int | None) -> list:
    """``words`` aimed at the session's game: ``--game ID`` after the command name when the
    command takes it and the entry does not name a game itself."""
    if game_id is None or "--game" in words or any(word.startswith("--game=") for word in words):
        return words
    command = cli.get_command(click.get_current_context(), words[0])
    if command is None or not any(param.name == "game_id" for param in command.params):
        return words
    return [words[0], "--game", str(game_id), *words[1:]]


class Session:
    """The loop's state: the ledger, the game it plays and that game's players (for Tab)."""

    def __init__(self, obj, game_id):
        self.obj = obj
        self.root = [] if obj.ledger_path is None else ["--ledger", obj.ledger_path]
        self.game_id = game_id
        self.players: tuple = ()
        self.finished = False
        self.voided = False

    def follow(self, game_id=None) -> None:
        """Play ``game_id`` (default: the current game); refresh its players and whether it is over."""

        try:
            loaded = self.obj.book.load(game_id)
            game = reading.standing(loaded)
            self.game_id, self.players = game.id, game.players
            self.finished = reading.evaluate(loaded).finished  # the replay the entry made
            self.voided = voided(game.journal)
        except GinscoreError:  # no game yet, or a damaged one: the commands will say so
            self.game_id, self.players, self.finished, self.voided = game_id, (), False, False

    def aimed_at(self):
        """The --game an entry needs to reach the session's game: none while it is the current
        game, so that an entry is exactly the one-shot command typed without --game (an
        'undo' right after 'settle --record' takes back the settlement, as it does there)."""

        try:
            return None if self.game_id == self.obj.book.current_id() else self.game_id
        except GinscoreError:
            return self.game_id

    def run(self, words: list) -> bool:
        """Run one command as ``ginscore WORDS...`` would; False when it failed (the error is printed)."""


        try:
            code = cli.main([*self.root, *with_game(words, self.aimed_at())], "ginscore", standalone_mode=False)
        except click.ClickException as error:
            click.echo(_("Error: {message}").format(message=error_line(error)), err=True)
            return False
        except click.Abort:  # Ctrl-C while a command ran: it wrote all of its change or none
            click.echo(_("Cancelled."), err=True)
            return False
        return not code


def completer(session):
    """Complete the first word with the entries and commands, the others with player names."""

    def complete(text: str, state: int):
        import readline

        first = not readline.get_line_buffer()[: readline.get_begidx()].strip()
        if first:
            choices = sorted({*SHORT, *COMMANDS, *LEAVE})
            found = [word for word in choices if word.startswith(text.lower())]
        else:
            found = [name for name in session.players if name.casefold().startswith(text.casefold())]
        return (found[state] + " ") if state < len(found) else None

    return complete


def set_up_readline(session):
    """Line editing, history and Tab completion, where the standard library has readline."""
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline: entries still work, without Tab
        return None
    readline.set_completer(completer(session))
    readline.set_completer_delims(" \t")
    if "libedit" in (readline.__doc__ or ""):  # macOS's readline is libedit, bound differently
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return readline


PLAY_HELP = N_(
    """Keep score at the table: a session that shows the running totals, takes short entries
and prints each hand's report and who deals next, until you leave.

Entries: k PLAYER K D (knock), g PLAYER D (gin), bg PLAYER D (big gin), d (draw),
o PLAYER NAME=N... (Rummy), u (undo), redo, s (sheet), st (totals), ? (help), q (leave);
any ginscore command works too. Each entry runs exactly as the one-shot command does.
When a game ends, you are offered a rematch. Ctrl-C cancels the line being typed, and
again on an empty line leaves; so do Ctrl-D and q. Every hand is saved as it is entered.

\b
Example:
    ginscore play
    ginscore play --game 3"""
)


@cli.command("play", help=PLAY_HELP)
@game_option
@click.pass_obj
def play_command(obj, game_id):
    if game_id is not None:  # no such game is refused as every command refuses it, before any prompt
        obj.book.resolve(game_id)
    session = Session(obj, game_id)
    session.follow(game_id)
    readline = set_up_readline(session)
    if session.players:
        session.run(["status"])
        if session.finished:
            click.echo(_("This game is over: 'rematch' plays it again, 'new A B' starts another."))
    else:
        click.echo(_("No game yet: start one, e.g. 'new Alice Bob'."))
    click.echo(_("Type ? for help, q to leave."))
    interrupted = False
    while True:
        try:
            line = input(_("game {number}> ").format(number=session.game_id) if session.game_id else "ginscore> ")
        except EOFError:  # Ctrl-D
            click.echo()
            break
        except KeyboardInterrupt:
            typed = readline.get_line_buffer().strip() if readline else ""
            click.echo()
            if interrupted and not typed:
                break
            interrupted = True
            click.echo(_("(line cancelled; Ctrl-C again, Ctrl-D or q leaves)"))
            continue
        interrupted = False
        try:
            words = entry_argv(line, session.players)
        except ValueError as error:  # an unclosed quote
            click.echo(_("Error: {message}").format(message=_("{error}: close the quote").format(error=error)), err=True)
            continue
        if not words:
            continue
        if words[0].lower() in LEAVE:
            break
        if words[0].lower() in HELP:
            click.echo(translate(HELP_TEXT))
            continue
        if words[0] == "play":
            click.echo(_("This is 'ginscore play' already: type an entry, or ? for help."))
            continue
        if unknown_entry(words[0]):
            continue
        was_finished = session.finished
        done = session.run(words)
        session.follow(None if done and words[0] in STARTS_A_GAME else session.game_id)
        if done and session.voided:  # the game played was set aside: play the current game
            was_playing = session.game_id
            session.follow()
            if session.players and session.game_id != was_playing:
                click.echo(_("Playing game {number} now.").format(number=session.game_id))
        if done and session.finished and not was_finished and offer_rematch():
            if session.run(["rematch"]):
                session.follow()
    click.echo(_("Every hand is saved. Bye."))


def unknown_entry(word: str) -> bool:
    """Say so, with the entry or command it may have meant ('kk' -> k), when ``word`` is
    neither; True when it was said."""
    if word.startswith("-") or cli.get_command(click.get_current_context(), word) is not None:
        return False
    suggestion = did_you_mean(word, [*SHORT, *COMMANDS, *LEAVE])
    message = _("No such command {name}{suggestion}").format(name=shown(word), suggestion=suggestion)
    click.echo(_("Error: {message}").format(message=message), err=True)
    return True


# The answers a yes/no prompt takes, in every language of the catalogs (y/n, д/н, т/н, j/n).
YES = ("y", "yes", "j", "ja", "д", "да", "т", "так")
NO = ("n", "no", "nein", "н", "нет", "ні")


def offer_rematch() -> bool:
    """Ask whether to play a rematch; True for yes. Asked only on a terminal: piped or
    redirected input holds entries, and the next one must be read as the entry it is, so the
    session says what it did instead. An answer that is neither yes nor no (a hand typed out
    of habit) is not taken for either: the question is asked again."""
    import sys

    if not sys.stdin.isatty():
        click.echo(_("No rematch asked: input is not a terminal; type 'rematch' to start one."))
        return False
    while True:
        try:
            answer = input(_("Game over. Rematch, the same players and rules? [y/N] "))
        except (EOFError, KeyboardInterrupt):
            click.echo()
            return False
        word = answer.strip().lower()
        if word in YES:
            return True
        if not word or word in NO:
            return False
        click.echo(_("{answer} is no answer: type y for a rematch, or n (or Enter) to leave it; then the next entry.").format(
            answer=shown(answer.strip())))
