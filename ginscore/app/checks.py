"""Checking a whole ledger: every problem of every game file and of the settlement files, and
notes on harmless leftovers, as plain data ('ginscore check' prints it, 'check --json' is it).
Nothing is changed but the conflict copies a file syncer left, folded into their games and moved
aside (``changed`` counts the files written and moved), and the summary index, a cache, which is
compared with every file and mended.
"""

from __future__ import annotations

import json
import os

from ginscore.app import settlement_words
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _, ngettext, shortened
from ginscore.base.safefile import TEMPORARY_SUFFIX
from ginscore.base.text import NAMED
from ginscore.core.apart import apart, bursts, double_entries, far_ahead
from ginscore.core.changes import rename_clash_lines, rename_clashes
from ginscore.core.game import effective_hands, system_ms
from ginscore.index import index
from ginscore.ops import actions, squaring
from ginscore.ops.summary import summarize
from ginscore.store import settlement_merging
from ginscore.store.journal_format import journal_problems
from ginscore.store.ledger import conflict_copy, parse_name, unplaced_copy
from ginscore.store.merging import fold_copies
from ginscore.tables.seats import kept_seat_lines

SYNCER_TEMPORARY = ".syncthing."  # Syncthing's name for a file it is copying in: .syncthing.NAME.tmp


def check_index(ledger, evaluated: dict) -> list:
    """Compare the summary index with every game file (also files edited in place, which the
    quick check of the folder's time cannot see) and mend it; a note for each game it had wrong.
    The index is a cache: what it had wrong is never a problem of the ledger."""
    if not evaluated or not os.path.isdir(ledger.games_dir):
        return []
    existed = os.path.isfile(index.index_path(ledger))  # a missing index is simply built, no news
    damage: list = []
    try:
        with ledger.locked():
            try:
                wrong = verified(ledger, evaluated, damage)
            except index.damage_errors() as error:  # damaged or foreign: rebuilt from the files
                index.tell(damage, ledger, error)
                index.remove(ledger)
                existed, wrong = False, verified(ledger, evaluated, damage)
    except (GinscoreError, OSError) as error:
        return [{"file": index.index_path(ledger), "note": _("not checked: {error}").format(error=error)}]
    by_reason: dict = {}
    for game_id, what in wrong if existed else ():
        by_reason.setdefault(what, []).append(game_id)
    notes = [{"file": index.index_path(ledger), "note": note} for note in damage]
    for what, ids in by_reason.items():
        # five ids at most, each as the index holds it, which may be anything: the note stays one short line
        listed = ", ".join(shortened(str(game), 16) for game in ids[:5]) + (
            _(" and {count} more").format(count=len(ids) - 5) if len(ids) > 5 else ""
        )
        note = ngettext(
            "game {listed} was {what}; mended from the game files",
            "games {listed} were {what}; mended from the game files",
            len(ids),
        ).format(listed=listed, what=what)
        notes.append({"file": index.index_path(ledger), "note": note})
    return notes


def verified(ledger, evaluated: dict, notes: list) -> list:
    connection = index.connect(ledger, notes=notes)
    try:
        return index.verify(ledger, connection, evaluated, lambda game_id: summarize(actions.evaluate(ledger.load(game_id))))
    finally:
        connection.close()


def settled(standing, summary: dict, path: str, together: dict, changed: list) -> None:
    """Compare a settled game just read (``summary``, its file ``path``) with what was paid for it
    (into ``changed``: (path, change)); a game of an old settlement kept as a whole is kept, slim,
    in ``together`` until its other games are read."""
    part = standing.by_game.get(summary["id"])
    if part is None:
        return
    if len(part.games) > 1:
        together[summary["id"]] = {key: summary[key] for key in ("id", "players", "finished", "voided", "money")}
        return
    change = standing.change(part, {summary["id"]: summary})
    if change is not None:
        changed.append((path, change))


def check_ledger(ledger) -> dict:
    """Every problem of every game file (and notes on harmless leftovers), as plain data. The
    conflict copies a file syncer left are folded into their games first (``merging``)."""
    report = {"ledger": str(ledger.root), "ok": True, "games": 0, "hands": 0, "problems": [], "notes": [], "changed": 0}
    changes_before = ledger.changes
    if ledger.conflict_copies():
        with ledger.locked():
            notes, problems = fold_copies(ledger)
        report["notes"] += notes
        report["problems"] += problems
    # the settlements first (their conflict copies folded in): each settled game is compared with
    # what was paid for it as the loop reads it; only the changes are kept
    settlement_notes, settlement_problems, records = settlement_merging.check(ledger)
    standing, together, changed = squaring.Standing(records), {}, []
    # id -> (summary's fingerprint, problem, place): what the summary index must say of each game;
    # 16 bytes a game, not the summary, so that memory stays flat with the ledger's size (issue #35)
    evaluated = {}
    for game_id in ledger.game_ids():
        files = ledger.files_of(game_id)
        path = files[0] if files else os.path.join(ledger.games_dir, game_id)
        report["games"] += 1
        try:  # a healthy file is read once; only a damaged one is examined for every problem
            game = ledger.load(game_id)
        except Exception as error:  # noqa: BLE001 - whatever it is, it is this game's problem
            by_file = ledger.file_problems(game_id) or [(path, ledger.damage(game_id, error))]
            evaluated[game_id] = (None, ledger.damage(game_id, error), index.position(game_id, None))
            report["problems"] += [{"file": where, "game": game_id, "problem": problem} for where, problem in by_file]
            if game_id in standing.by_game:
                together[game_id] = {"id": game_id, "damaged": True}
            continue
        else:
            report["hands"] += len(effective_hands(game.journal))
            try:
                place = index.position(game_id, game.created, game.clock)
                state = actions.evaluate(game)
                summary = summarize(state)
                # a finished game's summary as its fingerprint (an unfinished one's row is renewed from it)
                kept_as = index.fingerprint(summary) if summary["finished"] else json.dumps(summary, ensure_ascii=False)
                evaluated[game_id] = (kept_as, None, place)
                settled(standing, summary, path, together, changed)
                found = []
                # a hand played as its seats were recorded where the turn gives others: said, not a problem
                kept = [_("game {game}: {problem}").format(game=game_id, problem=line) for line in kept_seat_lines(state)]
                notes = journal_problems(game.journal) + merged_notes(game) + kept
                for where, named, device in misnamed(ledger, game_id):
                    report["notes"].append({"file": where, "note": misnamed_note(named, device, where)})
                report["notes"] += [{"file": path, "note": note} for note in notes]
            except Exception as error:  # noqa: BLE001 - as above
                found = [ledger.damage(game_id, error)]
                evaluated[game_id] = (None, found[0], index.position(game_id, None))
        report["problems"] += [{"file": path, "game": game_id, "problem": problem} for problem in found]
    report["notes"] += check_index(ledger, evaluated)
    folder = os.path.join(ledger.root, "settlements")
    grouped = [change for change in standing.changes(together) if len(change["games"]) > 1 and change["state"] != "damaged"]
    changed += [(folder, change) for change in grouped]
    twice = squaring.settled_twice(records)
    report["notes"] += settlement_notes + [{"file": path, "note": settlement_words.change_line(change)} for path, change in changed]
    report["notes"] += [{"file": folder, "note": settlement_words.twice_words(held)} for held in squaring.grouped_twice(twice, NAMED)]
    report["problems"] += settlement_problems
    report["settlements"] = {"changed": [squaring.change_json(change) for _path, change in changed],
                             "settled_twice": [squaring.twice_json(held) for held in twice]}
    names = sorted(os.listdir(ledger.games_dir)) if os.path.isdir(ledger.games_dir) else []
    for name in names:
        path = os.path.join(ledger.games_dir, name)
        if name.startswith(SYNCER_TEMPORARY) and name.endswith(TEMPORARY_SUFFIX):
            note = _("a file syncer's temporary file (Syncthing's, while it copies a file in); harmless: the syncer "
                     "removes it")
        elif name.endswith(TEMPORARY_SUFFIX) and name.startswith("."):
            note = _("left by an interrupted write; harmless: the next change to that game replaces it")
        elif conflict_copy(name):
            note = _("a file syncer's conflict copy that could not be folded in (see the problem above)")
        elif unplaced(ledger, name, report):
            continue
        elif parse_name(name) is None:
            note = _("not a game file name (game-ID.DEVICE.json or game-NNNNNN.json), so ginscore does not read it")
        else:
            continue
        report["notes"].append({"file": path, "note": note})
    report["ok"] = not report["problems"]
    report["changed"] = ledger.changes - changes_before  # the copies folded in: written, moved aside
    return report


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
    return _(
        "named for device {named} but written by device {device} (copied or renamed by hand): its entries are read "
        "all the same; rename it to {name} if no file has that name, so that the name says who writes it"
    ).format(named=named, device=device, name=f"{stem}.{device}.json")


def unplaced(ledger, name: str, report: dict) -> bool:
    """Report a file named like a copy of a game file under a name no syncer ginscore knows
    gives (its entries are not read) as a problem, with the name that has it folded in."""
    match = unplaced_copy(name)
    original = parse_name(f"{match.group('base')}.json") if match else None
    if original is None:
        return False
    number = 1
    while os.path.lexists(os.path.join(ledger.games_dir, f"{match.group('base')} ({number}).json")):
        number += 1
    problem = _(
        "a copy of game {game}'s file under a name no file syncer gives, so it is not read: rename it '{name}' and run "
        "'ginscore check'"
    ).format(game=original[0], name=f"{match.group('base')} ({number}).json")
    report["problems"].append({"file": os.path.join(ledger.games_dir, name), "game": original[0], "problem": problem})
    return True


def merged_notes(game) -> list:
    """What a game merged from several devices' journals holds that a person must look at:
    hands after the end (kept, not counted), and likely double entries."""
    notes = []
    for hand in actions.late_hands(game):
        notes.append(
            _("hand {number} of game {game} comes after the end (its device had not seen it): not counted; correct the hand "
              "that ends the game, or 'ginscore delete {number} --game {game}'").format(number=hand.number, game=game.id)
        )
    wall = system_ms()
    for entry in far_ahead(game.journal, game.clock):
        ahead = ahead_words(entry["clock"] - wall)
        if entry["id"] is None:
            note = _("game {game} was started by a clock {ahead} ahead of this device's: its entries here do not follow it")
        else:
            note = _(
                "entry {entry} of game {game} has a clock {ahead} ahead of this device's (set wrong, or the file changed by "
                "hand): this device's entries do not follow it"
            )
        notes.append(note.format(game=game.id, entry=entry["id"], ahead=ahead))
    clash_lines = iter(rename_clash_lines(game))
    for rename, player in rename_clashes(game):
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


def recorded_apart(journal) -> set[str]:
    """The ids of every entry two devices recorded while apart: for each entry ``apart`` finds,
    the entries merged in between it and the entry it came after (the other device's), and the
    rest of its own burst (``bursts``)."""
    ids = [entry["id"] for entry in journal]
    position = {entry_id: index for index, entry_id in enumerate(ids)}
    burst_of = bursts(journal)
    found: set[str] = set()
    for entry in apart(journal):
        start = position.get(entry["after"], -1) + 1
        end = position[entry["id"]]
        found.update(ids[start:end])
        found.update(entry_id for entry_id in ids[end:] if burst_of[entry_id] == burst_of[entry["id"]])
    return found


def problems_line(report) -> str:
    """The closing line of 'check' with problems: how many, in how many game files, and whether
    the settlement files (which are no game files) have some; then what 'check' changed, which
    is only ever the conflict copies it folded in (``report["changed"]``, the files written and
    moved), and what is left to the user."""
    count = len(report["problems"])
    damaged = len({problem["file"] for problem in report["problems"] if problem["game"] is not None})
    in_settlements = any(problem["game"] is None for problem in report["problems"])
    if in_settlements and not damaged:
        words = ngettext(
            "{count} problem in the settlement files of {ledger}.",
            "{count} problems in the settlement files of {ledger}.",
            count,
        )
    elif in_settlements:
        words = ngettext(
            "{count} problem in {damaged} of {games} game files and in the settlement files of {ledger}.",
            "{count} problems in {damaged} of {games} game files and in the settlement files of {ledger}.",
            count,
        )
    else:
        words = ngettext(
            "{count} problem in {damaged} of {games} game files in {ledger}.",
            "{count} problems in {damaged} of {games} game files in {ledger}.",
            count,
        )
    after = _("Nothing was changed: fix the files by hand or restore them from a backup.") if not report.get("changed") else _(
        "Only the conflict copies were folded in (see the notes); fix the files with problems by hand or restore them from a backup.")
    return words.format(count=count, damaged=damaged, games=report["games"], ledger=report["ledger"]) + " " + after
