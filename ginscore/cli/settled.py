"""The command line's hooks into 'undo' and 'redo' for recorded settlements (cli/play.py and
cli/audit.py call them first): 'undo' right after this device's 'settle --record', or 'undo
--settlement ID', takes a settlement back and says so; 'redo' right after brings it back. Each
names the settlement by its id (``ginscore.store.settlements``)."""

from __future__ import annotations

import click

from ginscore.base.i18n import _
from ginscore.base.text import named
from ginscore.cli.options import JSON_MAJOR, print_json


def undo_settlement(obj, wanted, as_json) -> bool:
    """'undo --settlement ID', or 'undo' right after this device's 'settle --record': take the
    settlement back and say so; False when 'undo' means a hand."""
    taken = obj.book.take_back_settlement(wanted)
    if taken is None:
        return False
    squared = [game for square in taken["squares"] for game in square["games"]]
    if as_json:
        body = {"settlement": taken["id"], "games": taken["games"], "undone": taken["undone"], "device": taken["device"],
                "squared": squared}
        if click.get_current_context().meta.get(JSON_MAJOR) == 1:  # the old shape numbers the settlements
            from ginscore.cli.evening import settlement_numbers

            body["numbers"] = settlement_numbers(obj.book)
        print_json("undone-settlement", body)
        return True
    if taken["games"]:
        click.echo(_("Took back settlement {id}: games {games} are unsettled again.").format(id=taken["id"], games=named(taken["games"])))
    if squared:
        click.echo(_("Took back settlement {id}: the squaring of games {games} is owed again.").format(id=taken["id"], games=named(squared)))
    return True


def redo_settlement(obj, as_json) -> bool:
    """'redo' right after 'undo' took back a settlement: bring it back and say so; False when
    'redo' means a hand (nothing is read in a ledger without settlements)."""
    restored = obj.book.restore_settlement() if obj.book.has_settlements() else None
    if restored is None:
        return False
    squared = [game for square in restored["squares"] for game in square["games"]]
    if as_json:
        print_json("redone-settlement", {"settlement": restored["id"], "games": restored["games"], "device": restored["device"],
                                         "squared": squared})
        return True
    if restored["games"]:
        click.echo(_("Brought back settlement {id}: games {games} are settled again.").format(
            id=restored["id"], games=named(restored["games"])))
    if squared:
        click.echo(_("Brought back settlement {id}: games {games} are squared again.").format(id=restored["id"], games=named(squared)))
    return True
