"""Commands that keep the record honest: log, redo, edit, check, backup."""

from __future__ import annotations

import click

from ginscore.app import hands, reading
from ginscore.base.errors import HandError, clipped, printable, shown
from ginscore.base.i18n import N_, _, english, ngettext, pN_, translate
from ginscore.base.text import did_you_mean, named
from ginscore.cli import HAND_COMMANDS, cli  # HAND_COMMANDS: 'edit' takes a hand as they do
from ginscore.cli.hand_words import hand_words
from ginscore.cli.options import NUMBERS_OK, game_option, json_option, output_options, print_json
from ginscore.cli.settled import redo_settlement
from ginscore.cli.translated import Command, argument
from ginscore.core.apart import devices
from ginscore.core.changes import live_changes
from ginscore.core.game import AGAINST_RULES_APART, CHANGE_ACTIONS, RESTORE_UNDONE, RESTORED
from ginscore.core.journal_lines import history
from ginscore.ops.typed_hands import whole_number
from ginscore.output import render
from ginscore.output.render import DEFAULT_FORMAT
from ginscore.tables import get_table

# What the log calls each journal action, in the reader's language (JSON keeps the action).
ACTION_WORDS = {
    "hand": pN_("log action", "hand"),
    "void": pN_("log action", "undo"),
    "restore": pN_("log action", "redo"),
    "deleted": pN_("log action", "delete"),
    "restored": pN_("log action", "restore"),
    "undeleted": pN_("log action", "undo"),  # 'undo' right after 'delete'
    "unrestored": pN_("log action", "undo"),  # 'undo' right after 'restore'
    "placed": pN_("log action", "hand"),  # a hand put before another
    "edit": pN_("log action", "edit"),
    "void_game": pN_("log action", "void"),
    "unvoid_game": pN_("log action", "unvoid"),
    "abandon": pN_("log action", "end"),
    "resume": pN_("log action", "end undone"),
    "unedited": pN_("log action", "undo"),  # 'undo' right after 'edit': the hand says what it said before
    "reedited": pN_("log action", "redo"),
    "rules": pN_("log action", "rules"),
    "rename": pN_("log action", "rename"),
}
# The "void" entry made by 'ginscore delete' carries "reason": "delete" (an older ginscore reads it as an undo).
DELETED = "deleted"
DELETED_REASON = "delete"


def action_of(entry: dict, undeleted=frozenset()) -> str:
    """The key of ACTION_WORDS for an entry: what it did. ``undeleted``: the ids of the
    "restore" entries that took a deletion back ('undo' right after 'delete')."""
    action, reason = entry["action"], entry.get("reason")
    if action == "void" and reason in (DELETED_REASON, RESTORE_UNDONE):
        return DELETED if reason == DELETED_REASON else "unrestored"
    if action == "restore" and reason == RESTORED:
        return "restored"
    if action == "restore" and entry["id"] in undeleted:
        return "undeleted"
    if action == "edit" and entry.get("by") in ("undo", "redo"):
        return "unedited" if entry["by"] == "undo" else "reedited"
    return "placed" if action == "hand" and "before" in entry else action  # "placed": its text says where


def undeletions(journal) -> set:
    """The "restore" entries that took back a deletion (its hand's last "void" entry was a delete)."""
    reason_of: dict[str, str | None] = {}  # a hand -> the reason of its last "void" entry
    found = set()
    for entry in journal:
        if entry["action"] == "void":
            reason_of[entry["target"]] = entry.get("reason")
        elif entry["action"] == "restore" and "reason" not in entry and reason_of.get(entry["target"]) == DELETED_REASON:
            found.add(entry["id"])
    return found




def describe(line, kind, positions: dict, changed: dict, undeleted=frozenset()) -> str:
    """What one journal entry did, in words; ``positions``: entry id -> its '#' in the log;
    ``changed``: entry id -> the rules changes and renames; ``undeleted``: ``undeletions``."""
    action = line.entry["action"]
    said = {
        "placed": _("hand put before hand {then}: {hand}"),
        DELETED: _("deleted hand {then} (#{number}): {hand}"),
        "restored": _("hand restored as hand {then} (#{number}): {hand}"),
        "undeleted": _("undid the deletion of hand {then} (#{number}): {hand}"),
        "unrestored": _("undid the restore of hand {then} (#{number}): {hand}"),
    }.get(action_of(line.entry, undeleted))
    if said is not None and line.then is not None:
        return said.format(then=line.then, number=positions.get(line.target, "?"), hand=hand_words(line.hand, kind))
    if action == "hand":
        return hand_words(line.hand, kind)
    if action == "rules":
        return _("rules set: {change}").format(change=reading.change_words(line.entry))
    if action == "rename":
        return _("renamed {old} to {new}").format(old=line.entry["old"], new=line.entry["new"])
    target = positions.get(line.target, "?")  # '?': an entry of a device whose file has not arrived
    if line.target in changed:  # an undo or redo of a rules change or rename
        said = _("undid #{number}: {change}") if action == "void" else _("redid #{number}: {change}")
        return said.format(number=target, change=reading.change_words(changed[line.target]))
    if action == "void" and line.entry.get("reason") == "delete":
        return _("deleted #{number}: {hand}").format(number=target, hand=hand_words(line.hand, kind))
    if action == "void":
        return _("took back #{number}: {hand}").format(number=target, hand=hand_words(line.hand, kind))
    if action == "restore":
        return _("restored #{number}: {hand}").format(number=target, hand=hand_words(line.hand, kind))
    if action == "edit":
        return f"#{target}: {hand_words(line.was or {}, kind)} -> {hand_words(line.hand, kind)}"
    return {
        "abandon": _("stopped the game early"),
        "resume": _("took the stop back"),
        "void_game": _("voided the game (left out of games, settle and stats)"),
        "unvoid_game": _("brought the game back"),
    }.get(action, "")


def counts_as(line, edited: set, live: set, late: dict) -> str:
    """How a hand entry counts now: ``hand 3``, ``hand 3, edited``, ``taken back`` or, merged in
    and kept without counting (``late``: their ids -> why, as ``EffectiveHand.aside`` says),
    ``hand 3, after the end: does not count``; a
    rules change or rename: ``undone`` when it no longer counts (``live``: the ids of those that do)."""
    if line.entry["action"] in CHANGE_ACTIONS:
        return "" if line.entry["id"] in live else _("undone")
    if line.entry["action"] != "hand":
        return ""
    if line.number is None:
        return _("taken back")
    if line.target in late:
        if late[line.target] == AGAINST_RULES_APART:
            return _("hand {number}, against rules changed apart: does not count").format(number=line.number)
        if late[line.target]:  # set aside at its card table (a partnership's), not after the end
            return _("hand {number}, a second hand at its card table: does not count").format(number=line.number)
        return _("hand {number}, after the end: does not count").format(number=line.number)
    if line.target in edited:
        return _("hand {number}, edited").format(number=line.number)
    return _("hand {number}").format(number=line.number)


@cli.command(cls=Command, help=N_("""Show every action recorded in a game, oldest first, with its time (UTC): hands as they
were first recorded, undos, redos and edits. Hands taken back are listed too; '#' is the entry
number, and 'counts as' says what each recorded hand is now.

\b
Example:
    ginscore log
    ginscore log --game 3 --json
"""))
@game_option
@output_options
@click.pass_obj
def log(obj, game_id, as_json, fmt):
    game = obj.book.load(game_id)
    kind = get_table(game.table)
    lines = history(game.journal)
    positions = {line.entry["id"]: line.position for line in lines}
    changed = {entry["id"]: entry for entry in game.journal if entry["action"] in CHANGE_ACTIONS}
    live = {entry["id"] for entry in live_changes(game.journal)}
    late = {hand.entry: hand.aside for hand in reading.late_hands(game)}  # merged in after the end (or set aside): kept, not counted
    undeleted = undeletions(game.journal)
    if as_json:
        entries = []
        for line in lines:
            with english():  # JSON is English in every language
                entry = {"seq": line.position, **line.entry, "text": describe(line, kind, positions, changed, undeleted)}
            if line.target is not None:
                entry["number"] = line.number
                # a hand that counts, or a change undone or redone; never a hand after the game's end
                entry["counts"] = (line.number is not None and line.target not in late) or line.target in live
            if line.then is not None:
                entry["number_then"] = line.then
            if line.entry["action"] == "edit":
                entry["was"] = line.was
            if line.entry["action"] in CHANGE_ACTIONS:
                entry["counts"] = line.entry["id"] in live
            entries.append(entry)
        print_json("log", {"game": game.id, "players": list(reading.standing(game).players), "entries": entries})
        return
    fmt = render.check_format(fmt or DEFAULT_FORMAT)
    edited = {line.target for line in lines if line.entry["action"] == "edit"}
    rows = [
        [
            line.position,
            line.entry["at"].replace("T", " ").replace("+00:00", ""),
            translate(ACTION_WORDS.get(action_of(line.entry, undeleted))) or printable(line.entry["action"]),
            describe(line, kind, positions, changed, undeleted),
            counts_as(line, edited, live, late),
        ]
        for line in lines
    ]
    headers = ["#", _("time (UTC)"), _("action"), _("what"), _("counts as")]
    if len(devices(game.journal)) > 1:  # recorded on several devices: which one recorded each entry
        headers.insert(2, _("device"))
        for row, line in zip(rows, lines):
            row.insert(2, line.entry["device"] or "-")
    width = render.terminal_width()
    if fmt == DEFAULT_FORMAT and width:  # a hand typed as cards says a lot: its words wrap to the terminal
        rows = render.wrap_column(headers, rows, headers.index(_("what")), width - 1)
    grid = render.grid(headers, rows, fmt)
    if fmt in render.SPREADSHEET_FORMATS:
        click.echo(grid)
        return
    title = _("Game {game}: {players}").format(game=game.id, players=_(" v ").join(reading.standing(game).players))
    if not rows:
        click.echo(_("{title}: nothing recorded yet.").format(title=title))
        return
    entries = ngettext("{count} entry", "{count} entries", len(rows)).format(count=len(rows))
    if fmt == "html":
        click.echo(render.html_page(f"{title}, {entries}", [("html", grid)]))
    else:
        click.echo(f"{render.markdown_text(title) if fmt == render.MARKDOWN else title}, {entries}\n\n{grid}")


@cli.command(cls=Command, help=N_("""Bring back what this device's last 'undo' took back (and the one before, if you repeat it).
Only what was undone since this device last recorded or deleted a hand can be redone; right
after 'undo' took back a settlement (without --game), redo brings the settlement back.

\b
Example:
    ginscore undo
    ginscore redo
"""))
@game_option
@json_option
@click.pass_obj
def redo(obj, game_id, as_json):
    if game_id is None and redo_settlement(obj, as_json):  # right after 'undo' took back a settlement (cli/settled.py)
        return
    taken = hands.redo(obj.book, game_id)
    if as_json:
        print_json("game", taken.state.to_json())
        return
    game, kind, concerned = taken.game, taken.kind, taken.concerned
    if kind == "end":
        click.echo(_("Ended game {game} early again ('undo' opens it again).").format(game=game.id))
    elif kind == "delete":  # deleted again
        click.echo(_("Deleted hand {number} of game {game} again ('undo' brings it back).").format(number=concerned.number, game=game.id))
    elif kind == "restore":  # 'restore' again
        click.echo(_("Restored hand {number} of game {game} again ('undo' deletes it again).").format(number=concerned.number, game=game.id))
    elif kind in ("rules", "rename"):
        click.echo(_("Redid the change of game {game}: {change}.").format(game=game.id, change=reading.change_words(concerned)))
    elif kind == "edit":
        click.echo(_("Redid the correction of hand {number} of game {game}: {hand}.").format(
            number=concerned.number, game=game.id, hand=hand_words(concerned.hand, get_table(game.table))))
    else:
        click.echo(
            _("Redid hand {number} of game {game}: {hand}.").format(
                number=concerned.number, game=game.id, hand=hand_words(concerned.hand, get_table(game.table))
            )
        )
    click.echo(reading.view(taken.state).totals_sentence())
    for line in reading.view(taken.state).seating_lines():
        click.echo(line)


@cli.command(context_settings=NUMBERS_OK, cls=Command, help=N_("""Correct hand NUMBER (as numbered on the sheet): give the hand again the way 'knock',
'gin' or 'draw' takes it. The original stays in the ledger; 'ginscore log' shows both.

\b
Example:
    ginscore edit 3 knock alice 4 16
    ginscore edit 3 gin bob 30 --big
    ginscore edit 3 draw
"""))  # the hand's arguments pass through to knock|gin|draw
@argument("number", pN_("metavar", "NUMBER"))
@click.argument("kind", metavar="knock|gin|draw")
@argument("hand_args", pN_("metavar", "[ARGS]..."), nargs=-1, type=click.UNPROCESSED)
@game_option
@json_option
@click.pass_context
def edit(ctx, number, kind, hand_args, game_id, as_json):
    position = whole_number(number, _("the hand number"))
    if kind not in HAND_COMMANDS:
        raise HandError(
            _(
                "give the corrected hand after the number, as 'knock PLAYER DEADWOOD OPPONENT_DEADWOOD', "
                "'gin PLAYER OPPONENT_DEADWOOD' or 'draw'; got {kind}{suggestion}"
            ).format(kind=shown(kind), suggestion=did_you_mean(kind, HAND_COMMANDS))
        )

    command = cli.get_command(ctx.parent, kind)
    try:  # the corrected hand is read exactly as its own command reads it
        with command.make_context(kind, list(hand_args), parent=ctx) as hand_ctx:
            params = dict(hand_ctx.params)
            game_id = game_id or params.pop("game_id")  # --game among the hand's words counts too
            params.pop("game_id", None)
            params.pop("as_json")
            if params.pop("before", None) is not None:
                raise click.UsageError(
                    _("--before records a hand forgotten; 'edit' corrects hand {number} where it stands").format(number=position)
                )
    except click.UsageError as error:
        error.ctx = ctx
        raise

    game, state, _number, was, now, before_state = hands.edit(ctx.obj.book, game_id, position, kind, params)
    if as_json:
        print_json("game", state.to_json())
        return
    click.echo(_("Edited hand {number} of game {game} (the original stays in 'ginscore log'):").format(number=position, game=game.id))
    kind = get_table(game.table)
    click.echo(_("  was: {was}\n  now: {now}").format(was=hand_words(was, kind), now=hand_words(now, kind)))
    click.echo(
        _("Totals were: {was}.\nTotals now:  {now}.").format(was=reading.view(before_state).totals_line(), now=reading.view(state).totals_line())
    )
    if state.finished != before_state.finished:
        if state.finished:
            click.echo(_("The game is now over: {result}.").format(result=reading.view(state).result_phrase()))
        else:
            click.echo(_("The game is now back in progress."))
    for line in reading.view(state).seating_lines():  # who deals next, now that the hand reads otherwise
        click.echo(line)


@cli.command(cls=Command, help=N_("""Check the whole ledger and list every problem found, file by file; exit status 1 if
there is any. Conflict copies a file syncer left are folded into their games and moved to
conflicts/; nothing else is changed.

\b
Example:
    ginscore check
    ginscore check --json
"""))
@json_option
@click.pass_obj
def check(obj, as_json):
    if as_json:
        with english():  # the problems JSON lists are English in every language
            report = obj.book.check()
        print_json("check", report)
    else:
        report = obj.book.check()
        for problem in report["problems"]:  # printable: a problem may quote a hostile value
            click.echo(f"{printable(problem['file'])}: {clipped(printable(problem['problem']))}")
        for note in report["notes"]:
            click.echo(printable(_("note: {file}: {note}").format(file=note["file"], note=note["note"])))
        if report["problems"]:
            from ginscore.app.checks import problems_line  # loaded by the check already

            click.echo(problems_line(report), err=True)
        else:
            games = ngettext("{count} game", "{count} games", report["games"]).format(count=report["games"])
            hands = ngettext("{count} hand", "{count} hands", report["hands"]).format(count=report["hands"])
            click.echo(_("{ledger}: {games}, {hands}, no problems.").format(ledger=report["ledger"], games=games, hands=hands))
    if report["problems"]:
        click.get_current_context().exit(1)


@cli.command(cls=Command, help=N_("""Copy the whole ledger to PATH, consistently, while holding the ledger's lock.

PATH is a new folder (itself a ledger: 'ginscore --ledger PATH status' reads it), or a zip
archive if it ends in .zip. Without PATH: a timestamped folder next to the ledger, such as
ledger-backup-20261129-130501. Nothing is ever overwritten.

\b
Example:
    ginscore backup
    ginscore backup ~/Dropbox/ginscore-2026-11-29.zip
"""))
@argument("path", pN_("metavar", "PATH"), required=False, type=click.Path(dir_okay=True, file_okay=True))
@json_option
@click.pass_obj
def backup(obj, path, as_json):
    target, files, warning, damaged, left_out = obj.book.backup(path)
    games = [name for name in files if name.startswith("games/")]
    if as_json:
        kind = "zip" if target.suffix.lower() == ".zip" else "folder"
        report = {"path": str(target), "kind": kind, "games": len(games), "files": files, "damaged": damaged}
        print_json("backup", {**report, "left_out": left_out})
    else:
        click.echo(
            ngettext(
                "Backed up {count} game file ({files} files) to {target}",
                "Backed up {count} game files ({files} files) to {target}",
                len(games),
            ).format(count=len(games), files=len(files), target=target)
        )
    if warning:
        click.echo(_("Warning: {warning}.").format(warning=warning), err=True)
    if set(damaged) - set(left_out):
        listed = named(game_id for game_id in damaged if game_id not in left_out)
        click.echo(
            _("Warning: game file(s) {listed} have problems and were copied as they are: run 'ginscore check'").format(
                listed=listed
            ),
            err=True,
        )
    if left_out:
        listed = named(left_out)
        click.echo(
            _(
                "Warning: game file(s) {listed} are not plain files (a symlink, a FIFO, a device) and were left out: "
                "run 'ginscore check'"
            ).format(listed=listed),
            err=True,
        )
