"""Several devices on one ledger: 'merge' folds another ledger folder in, 'git-setup' prepares a
git repository of the ledger, and 'merge-file' is the merge driver git calls for game and
settlement files."""

from __future__ import annotations

import os

import click

from ginscore.base.errors import GinscoreError, LedgerError
from ginscore.base.i18n import N_, _, ngettext, pN_
from ginscore.base.safefile import atomic_write
from ginscore.base.text import NAMED, named
from ginscore.cli import cli
from ginscore.cli.options import json_option, print_json
from ginscore.cli.translated import Command, argument

GITATTRIBUTES = "games/*.json merge=ginscore\nsettlements/*.json merge=ginscore\n"
GITIGNORE = "# caches and the lock of ginscore before 0.x kept them here; now they live outside the ledger\n.index.sqlite3*\n.index-stamp\n.lock\n.latest\n*.tmp\n"
# What an older ginscore kept in the ledger folder that git may track still: no longer shared.
UNTRACKED = (".index.sqlite3*", ".index-stamp", ".lock", ".latest", "*.tmp")


def driver() -> str:
    """The merge driver's command line for git: this very Python running ginscore, by its
    absolute path, so that a git whose PATH has no 'ginscore' (a GUI, a cron job, another
    shell) still runs it; a driver git cannot run leaves the file as this device had it, and
    the other device's entries are dropped once that merge is committed."""
    import shlex
    import sys

    return f"{shlex.quote(os.path.abspath(sys.executable))} -m ginscore merge-file %O %A %B"


@cli.command(cls=Command, help=N_("""Fold another ledger folder into this one: another device's copy of the ledger, a USB
stick, an unzipped backup. Every game comes in once; a game both ledgers hold is merged entry
by entry; a game that only shares its number with one here comes in under an id of its own.
Merging the same folder again adds nothing.

\b
Example:
    ginscore merge /media/usb/ginscore
    ginscore merge ~/laptop2-ledger --json
"""))
@argument("folder", pN_("metavar", "FOLDER"))
@json_option
@click.pass_obj
def merge(obj, folder, as_json):
    book = obj.book
    folder = os.path.expanduser(folder)
    if not os.path.isdir(folder):
        raise LedgerError(_("{path} is not a folder: give the folder of another ledger (the one that holds 'games')").format(path=folder))
    report = book.merge_folder(folder)
    if as_json:
        print_json("merge", report)
    else:
        for line in merge_lines(report, folder):
            click.echo(line)
    if report["problems"]:
        click.get_current_context().exit(1)


def merge_lines(report: dict, folder: str) -> list:
    lines = []
    added, extended, renamed = report["added"], report["extended"], report["renamed"]
    if added:
        lines.append(ngettext("Added {count} game: {games}.", "Added {count} games: {games}.", len(added)).format(
            count=len(added), games=named(added)))
    # a game a line while they are few; past NAMED, one line that counts them ('merge --json' lists every one)
    if len(extended) > NAMED:
        lines.append(_("Games that gained entries: {count} ({games}).").format(
            count=len(extended), games=named((f"{game_id}: +{count}" for game_id, count in extended.items()), bracketed=False)))
    for game_id, count in extended.items() if len(extended) <= NAMED else ():
        lines.append(ngettext("Game {game}: {count} entry added.", "Game {game}: {count} entries added.", count).format(
            game=game_id, count=count))
    if len(renamed) > NAMED:
        lines.append(_("Their games that only share an id with a game here came in under ids of their own: {count} ({games}).").format(
            count=len(renamed), games=named((f"{theirs} -> {ours}" for theirs, ours in renamed.items()), bracketed=False)))
    for theirs, ours in renamed.items() if len(renamed) <= NAMED else ():
        lines.append(_("Their game {theirs} is another game than game {theirs} here: it is game {ours} here.").format(theirs=theirs, ours=ours))
    if report["settlements"]:
        lines.append(ngettext(
            "Settlements: {count} entry added (a settlement recorded or taken back there).",
            "Settlements: {count} entries added (settlements recorded or taken back there).", report["settlements"],
        ).format(count=report["settlements"]))
    for problem in report["problems"]:
        lines.append(_("not merged: {problem}").format(problem=problem))
    if not (added or extended or report["settlements"] or report["problems"]):
        lines.append(_("Nothing new in {folder}: every game, entry and settlement it holds is here already.").format(folder=folder))
    return lines


@cli.command("git-setup", cls=Command, help=N_("""Prepare the git repository the ledger is in, so that 'git pull' of two devices that both
recorded merges game and settlement files without a conflict: a merge driver for them (in
.gitattributes and the repository's config) and a .gitignore. Run it in the ledger folder of
every clone; running it again changes nothing.

\b
Example:
    cd ~/ginscore-ledger && ginscore git-setup
"""))
@click.pass_obj
def git_setup(obj):
    import subprocess

    root = obj.book.root
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=root, capture_output=True, text=True, check=True).stdout.strip()
    except FileNotFoundError:
        raise LedgerError(_("git is not installed here: install git, then run 'ginscore git-setup' again")) from None
    except (subprocess.CalledProcessError, NotADirectoryError, OSError):
        raise LedgerError(_("{path} is not in a git repository: run 'git init' there first").format(path=root)) from None
    changed = []
    for name, text in ((".gitattributes", GITATTRIBUTES), (".gitignore", GITIGNORE)):
        changed += _ensure_lines(os.path.join(root, name), text)
    for key, value in (("merge.ginscore.name", "ginscore game files"), ("merge.ginscore.driver", driver())):
        current = subprocess.run(["git", "config", "--local", "--get", key], cwd=top, capture_output=True, text=True).stdout.strip()
        if current != value:
            subprocess.run(["git", "config", "--local", key, value], cwd=top, check=True)
            changed.append(key)
    # the caches and lock an older ginscore kept here and git tracks still: the index was
    # committed and merged as a binary, the lock shared; kept on disk, no longer in git
    patterns = [argument for pattern in UNTRACKED for argument in ("-x", pattern)]
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--ignored", *patterns], cwd=root, capture_output=True, check=True)
    tracked = [name for name in listed.stdout.decode("utf-8", "surrogateescape").split("\0") if name]
    if tracked:
        subprocess.run(["git", "rm", "--cached", "--quiet", "--", *tracked], cwd=root, check=True, capture_output=True)
        changed.append(_("no longer tracked: {files}").format(files=", ".join(tracked)))
    if changed:
        click.echo(_("Set up {path} for ginscore: {changed}.").format(path=top, changed=", ".join(changed)))
    else:
        click.echo(_("{path} is set up for ginscore already: nothing changed.").format(path=top))


def _ensure_lines(path: str, text: str) -> list:
    """Add to the file at ``path`` each line of ``text`` it lacks; [its name] if it changed."""
    try:
        with open(path, encoding="utf-8") as handle:
            existing = handle.read()
    except FileNotFoundError:
        existing = ""
    lines = existing.splitlines()
    missing = [line for line in text.splitlines() if line not in lines]
    if not missing:
        return []
    joined = existing + ("" if not existing or existing.endswith("\n") else "\n") + "\n".join(missing) + "\n"
    atomic_write(path, joined.encode("utf-8"), unique=True)
    return [os.path.basename(path)]


@cli.command("merge-file", hidden=True, cls=Command, help=N_("""git's merge driver for game and settlement files (set up by 'ginscore git-setup'): writes
the union of the entries of OURS and THEIRS to OURS.

\b
Example (the command 'ginscore git-setup' has git run):
    ginscore merge-file %O %A %B
"""))
@argument("base", pN_("metavar", "BASE"))
@argument("ours", pN_("metavar", "OURS"))
@argument("theirs", pN_("metavar", "THEIRS"))
def merge_file(base, ours, theirs):
    try:
        from ginscore.app.book import merge_files

        merged = merge_files(base, ours, theirs)
    except GinscoreError as error:
        click.echo(_("ginscore merge-file: {error}").format(error=error), err=True)
        merged = False
    if not merged:
        click.get_current_context().exit(1)
