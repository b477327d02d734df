"""--output FILE, the one option every command that writes a file has (sheet, pad, export),
and the one check of where it may write: never where ginscore keeps its own files."""

from __future__ import annotations

import os

from ginscore.base import paths
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import N_, _
from ginscore.cli.translated import option


def output_option(function):
    """--output FILE, for every command that has one: a FILE where ginscore keeps its own
    files is refused as it is parsed, before anything is worked out or written."""
    return option(
        "--output", "-o", "output", metavar="FILE", callback=_outside_kept_places,
        help=N_("Write to FILE (replaced all at once) instead of printing."),
    )(function)


# Where ginscore keeps its own files (``paths.kept_place``), as a refusal names them: each only
# ever follows "in" ("it is in ...").
KEPT_PLACES = {
    "ledger": N_("the ledger folder {place}"),
    "state": N_("this device's state folder {place}"),
    "cache": N_("this device's cache folder {place}"),
    "config": N_("ginscore's folder of the house-rules file {place}"),
}


def _outside_kept_places(ctx, param, value):
    """``value`` (--output FILE) unless a file written there would land among ginscore's own:
    in the ledger folder (a game file, a settlements file, a link to one, a '..' path into it),
    this device's state or cache folder (its id, the lock, the summary index), the house-rules
    file or ginscore's own folder of it. An output is replaced all at once, so writing it over
    one of them would put the page where the ledger or its caches read their own file."""
    if value is None:
        return None
    typed = getattr(ctx.find_root().obj, "ledger_path", None)
    ledger = os.path.expanduser(typed) if typed and typed.strip() else paths.ledger_root()
    kept = paths.kept_place(os.path.abspath(value), ledger)
    if kept is None:
        return value
    what, where = kept
    if what.startswith("house-rules"):
        message = _("cannot write {path}: it is the house-rules file ({place}); give another file (nothing was written)")
    elif what.endswith(" linked"):
        message = _("cannot write {path}: it is a hard link of a file in {folder}, which ginscore keeps for itself; "
                    "give another file (nothing was written)")
    else:
        message = _("cannot write {path}: it is in {folder}, which ginscore keeps for itself; give a file outside it "
                    "(nothing was written)")
    folder = KEPT_PLACES.get(what.split()[0], KEPT_PLACES["ledger"]).format(place=where).translated()
    raise GinscoreError(message.format(path=value, place=where, folder=folder))
