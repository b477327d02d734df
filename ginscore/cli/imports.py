"""Games from elsewhere: 'import' reads a score-pad backup (``ginscore.exchange.scorepad``)."""

from __future__ import annotations

import os

import click

from ginscore.app import reading
from ginscore.base.errors import GinscoreError, printable
from ginscore.base.i18n import N_, _, pN_
from ginscore.base.jsonfile import Unreadable, parse_json
from ginscore.base.safefile import TooLarge, read_regular, reason
from ginscore.cli import cli
from ginscore.cli.options import json_option, print_json
from ginscore.cli.translated import Command, argument
from ginscore.core.game import effective_hands, started
from ginscore.exchange import scorepad
from ginscore.tables.base_view import hands_words


@cli.command("import", cls=Command, help=N_("""Import the games of a score-pad backup: the file the Gin Rummy score-pad web app
saves with "Download backup" (gin-rummy-counter.v2). Each of its games becomes a game here
with the same players, rules and hands, in progress or finished as it was; a game that cannot
be entered as the app scored it is left out, with the reason. Importing the same backup
again, here or on another device sharing the ledger, adds nothing.

\b
Example:
    ginscore import gin-rummy-backup.json
    ginscore import gin-rummy-backup.json --json
"""))
@argument("path", pN_("metavar", "FILE"))
@json_option
@click.pass_obj
def import_backup(obj, path, as_json):
    plan = scorepad.plan(read_backup(os.path.expanduser(path)))
    report = {"imported": [], "already": [], "not_imported": [], "notes": list(plan.notes)}
    lines = [add(obj.book, item, report) for item in plan.games]
    added = {entry["source"] for entry in report["imported"]}
    if any(entry["hand"]["kind"] == "knock" for item in plan.games if item.source in added for entry in item.game.journal):
        report["notes"].append(
            _("The backup keeps no deadwood, only its difference: a knock is entered as the knocker's 1 "
              "against 1 + the difference, an undercut as the knocker's 10 against 10 - the difference.")
        )
    if as_json:
        print_json("import", report)
    else:
        if not plan.games:
            lines.append(_("Nothing to import: the backup holds no game."))
        for line in lines + report["notes"]:
            click.echo(printable(line))
    if report["not_imported"]:
        click.get_current_context().exit(1)


def read_backup(path: str):
    """The parsed JSON of the file at ``path``; one GinscoreError when it cannot be read."""
    try:
        raw = read_regular(path, scorepad.MAX_BACKUP_BYTES, follow=True)
    except OSError as error:
        if isinstance(error, TooLarge):  # the reason's own words are of the files ginscore writes
            why = _("it is larger than {limit} bytes, far more than the score-pad app keeps").format(limit=f"{error.limit:,}")
        else:
            why = reason(error)
        raise GinscoreError(_("cannot import {path}: {reason}").format(path=path, reason=why)) from None
    try:
        data = parse_json(raw)
    except Unreadable as error:
        raise GinscoreError(
            _("cannot import {path}: {reason}; give the file the score-pad app saves with \"Download backup\"").format(
                path=path, reason=error)
        ) from None
    try:
        scorepad.check_backup(data)
    except scorepad.NotABackup as error:
        raise GinscoreError(
            _("{path} is not a score-pad backup ginscore can read: {problem}; give the file the score-pad app "
              "saves with \"Download backup\"").format(path=path, problem=error)
        ) from None
    return data


def add(book, item, report: dict) -> str:
    """Save one game of the backup unless it is here already; its line, and its place in
    ``report``."""
    source = item.source
    if item.game is None:
        report["not_imported"].append({"source": source, "problem": item.problem})
        return _("Score-pad game {source} not imported: {problem}.").format(source=source, problem=item.problem)
    game = item.game
    try:
        here = book.add(game)
    except GinscoreError as error:
        report["not_imported"].append({"source": source, "problem": str(error)})
        return _("Score-pad game {source} not imported: {problem}.").format(source=source, problem=error)
    if here is not None and started(here) != started(game):
        problem = _("game {game} here is another game under the id it would have: run 'ginscore check'").format(game=game.id)
        report["not_imported"].append({"source": source, "problem": problem})
        return _("Score-pad game {source} not imported: {problem}.").format(source=source, problem=problem)
    if here is not None:
        report["already"].append({"source": source, "game": game.id})
        ours, theirs = len(effective_hands(here.journal)), len(effective_hands(game.journal))
        if ours == theirs:
            return _("Score-pad game {source} is game {game} here already: nothing added.").format(source=source, game=game.id)
        return _("Score-pad game {source} is game {game} here already, with {here} (the backup: {there}): not changed.").format(
            source=source, game=game.id, here=hands_words(ours), there=hands_words(theirs))
    state = reading.evaluate(game)
    report["imported"].append({"source": source, "game": game.id})
    view = reading.view(state)
    if state.finished:
        outcome = _("won by {winner}: {totals}").format(winner=state.winner, totals=view.totals_line())
    else:
        outcome = _("in progress: {totals}").format(totals=view.totals_line())
    return _("Game {game}: score-pad game {source}, {seats}, {hands}, {outcome}.").format(
        game=game.id, source=source, seats=view.table.seats(game.players), hands=hands_words(len(state.rows)), outcome=outcome)
