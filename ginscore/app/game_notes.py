"""What a person must look at in a game that loads, as 'check' says it (and the summary index
keeps it, for 'check' to say again while the game's bytes are the same: ``index.verified``): its
files misnamed, its journal's entries, hands merged after its end, clocks far ahead, renames
that clash, hands entered twice, hands played as their seats were recorded where the turn gives
others. Apart from 'check' (``ginscore.app.checks``), so that an index made from the files loads
only this of it."""

from __future__ import annotations

import os
from operator import itemgetter

from ginscore.base.i18n import _, language, ngettext, shortened
from ginscore.core.apart import double_entries, far_ahead
from ginscore.core.changes import rename_clash_lines, rename_clashes
from ginscore.core.game import AGAINST_RULES_APART, system_ms
from ginscore.index.verified import Checked
from ginscore.ops import actions
from ginscore.store.journal_format import journal_problems
from ginscore.store.ledger import parse_name
from ginscore.tables.seats import kept_seat_lines


def game_notes(ledger, game, state, late=None, ahead=None) -> list:
    """(path, note) of what a person must look at in a game that loads (its files misnamed, its
    journal's entries, hands merged after its end, clocks far ahead, renames that clash, hands
    entered twice, hands played as their seats were recorded where the turn gives others).
    ``late``, ``ahead``: its late hands and entries far ahead, where the caller has them."""
    files = ledger.files_of(game.id)
    path = files[0] if files else os.path.join(ledger.games_dir, game.id)
    # a hand played as its seats were recorded where the turn gives others: said, not a problem
    kept = [_("game {game}: {problem}").format(game=game.id, problem=line) for line in kept_seat_lines(state)]
    notes = [(path, note) for note in journal_problems(game.journal) + merged_notes(game, late, ahead) + kept]
    return [(where, misnamed_note(named, device, where)) for where, named, device in misnamed(ledger, game.id)] + notes


def checked_of(ledger, game, state):
    """What a check of a game that loads finds (``verified.Checked``: its effective hands, its
    notes), for the index to say again while its bytes are the same; None where a clock runs far
    ahead (the wall clock's notes are told anew)."""
    ahead = far_ahead(game.journal, game.clock)
    if ahead:
        return None
    late = actions.late_hands(game)  # each worked out once for the notes and the count
    notes = tuple((os.path.basename(where), note) for where, note in game_notes(ledger, game, state, late, ahead))
    return Checked(len(state.rows) + len(late), language() if notes else "", notes)


def misnamed(ledger, game_id: str) -> list[tuple]:
    """(path, the device its name says, the device its content says) of every file of game
    ``game_id``, as last loaded, whose name and content name two devices (a file copied or
    renamed by hand: its entries are read all the same)."""
    found = []
    for path, device in ledger.written_by.get(game_id, []):
        named = parse_name(os.path.basename(path))
        if named is not None and named[1] is not None and device and named[1] != device:
            found.append((path, named[1], device))
    return found


def misnamed_note(named: str, device: str, path: str) -> str:
    stem = os.path.basename(path)[: -len(f".{named}.json")]
    # one line of 'check' within 200 characters besides the file's path, in every language, with
    # device ids of 16 characters (the longest): the fuzzer found the longer words over it
    return _(
        "named for device {named}, written by device {device} (copied or renamed by hand): read all the same; "
        "rename it {name} if that name is free"
    ).format(named=named, device=device, name=f"{stem}.{device}.json")


def set_aside(game) -> list:
    """The hands of a game merged from devices apart that are kept and do not count (``actions.late_hands``)."""
    return actions.late_hands(game)


def merged_notes(game, late=None, ahead=None) -> list:
    """What a game merged from several devices' journals holds that a person must look at:
    hands after the end (kept, not counted), and likely double entries. ``late``, ``ahead``:
    ``actions.late_hands`` and ``far_ahead`` of the game, where the caller has them."""
    notes = []
    for hand in actions.late_hands(game) if late is None else late:
        if hand.aside == AGAINST_RULES_APART:  # played under the rules its device had, changed on another apart
            notes.append(
                _("hand {number} of game {game} breaks a rule changed on another device apart (its device had not seen the "
                  "change): not counted; correct the hand, 'ginscore delete {number} --game {game}', or take the change "
                  "back").format(number=hand.number, game=game.id)
            )
            continue
        if hand.aside:  # a partnership's card table entered twice in one round by devices apart
            notes.append(
                _("hand {number} of game {game} enters its card table a second time in its round (devices recorded apart): not "
                  "counted; delete the hand that was not played ('ginscore delete {number} --game {game}'), or correct "
                  "it").format(number=hand.number, game=game.id)
            )
            continue
        notes.append(
            _("hand {number} of game {game} comes after the end (its device had not seen it): not counted; correct the hand "
              "that ends the game, or 'ginscore delete {number} --game {game}'").format(number=hand.number, game=game.id)
        )
    wall = system_ms()
    for entry in far_ahead(game.journal, game.clock) if ahead is None else ahead:
        ahead = ahead_words(entry["clock"] - wall)
        if entry["id"] is None:
            note = _("game {game} was started by a clock {ahead} ahead of this device's: its entries here do not follow it")
        else:
            note = _(
                "entry {entry} of game {game} has a clock {ahead} ahead of this device's (set wrong, or the file changed by "
                "hand): this device's entries do not follow it"
            )
        notes.append(note.format(game=game.id, entry=entry["id"], ahead=ahead))
    renamed = "rename" in map(_ACTION, game.journal)  # most games: no rename to clash
    clash_lines = iter(rename_clash_lines(game) if renamed else ())
    for rename, player in rename_clashes(game) if renamed else ():
        if player is not None:  # two players given one name apart: the line says how to settle it
            notes.append(next(clash_lines))
            continue
        notes.append(
            _("entry {entry} of game {game}, rename {old} to {new}, changes nothing: made apart, it names no player "
              "or a name taken meanwhile").format(
                entry=rename["id"], game=game.id, old=shortened(rename["old"], 24), new=shortened(rename["new"], 24))
        )
    for first, second in double_entries(game.journal):
        notes.append(
            _("hands {first} and {second} of game {game} are alike and were recorded on two devices minutes apart: "
              "if they are one hand entered twice, 'ginscore undo --hand {second} --game {game}' takes one back").format(
                first=first, second=second, game=game.id)
        )
    return notes


HOUR_MS, DAY_MS = 60 * 60 * 1000, 24 * 60 * 60 * 1000
YEAR_MS = 365.2425 * DAY_MS  # the Gregorian year's mean length
MOST_YEARS = 1000  # beyond, a clock's digits were changed, not set wrong: no count of years says more


def ahead_words(ms: int) -> str:
    """How far ahead a clock is, as people read it: rounded to the nearest hour under two days
    (30 hours), to the nearest day under a year (2 days, not the 1 day a clock 2 days ahead reads
    a moment later, cut down), to the nearest year beyond (1 year for 400 days), and "more than
    1000 years" for a clock of more digits than any wall clock."""
    hours = (ms + HOUR_MS // 2) // HOUR_MS
    if hours < 48:
        return ngettext("{count} hour", "{count} hours", hours).format(count=hours)
    days = (ms + DAY_MS // 2) // DAY_MS
    if days < 365:
        return ngettext("{count} day", "{count} days", days).format(count=days)
    years = int(ms / YEAR_MS + 0.5)
    if years <= MOST_YEARS:
        return ngettext("{count} year", "{count} years", years).format(count=years)
    return ngettext("more than {count} year", "more than {count} years", MOST_YEARS).format(count=MOST_YEARS)


_ACTION = itemgetter("action")
