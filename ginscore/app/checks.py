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
from ginscore.app.game_notes import checked_of, game_notes
from ginscore.base.content import content_digest, of_game
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _, language, ngettext, shortened
from ginscore.base.safefile import TEMPORARY_SUFFIX
from ginscore.base.text import NAMED
from ginscore.core.apart import apart, bursts
from ginscore.core.game import effective_hands
from ginscore.index import index
from ginscore.index.rows import Facts, summary_text
from ginscore.index.verified import VOUCHED, summary_of, verify, voucher
from ginscore.ops import actions, squaring
from ginscore.ops.summary import ended_at, summarize
from ginscore.store import settlement_merging
from ginscore.store.ledger import conflict_copy, parse_name, unplaced_copy
from ginscore.store.merging import fold_copies

SYNCER_TEMPORARY = ".syncthing."  # Syncthing's name for a file it is copying in: .syncthing.NAME.tmp


def check_index(ledger, evaluated: dict, clean: dict, moved: dict) -> list:
    """Compare the summary index with every game file (also files edited in place, which the
    quick check of the folder's time cannot see) and mend it; a note for each game it had wrong.
    The index is a cache: what it had wrong is never a problem of the ledger. ``clean`` and
    ``moved``: what ``verified.verify`` marks of the games found with nothing to say."""
    if not evaluated or not os.path.isdir(ledger.games_dir):
        return []
    existed = os.path.isfile(index.index_path(ledger))  # a missing index is simply built, no news
    damage: list = []
    try:
        with ledger.locked():
            try:
                wrong = verified(ledger, evaluated, damage, clean, moved)
            except index.damage_errors() as error:  # damaged or foreign: rebuilt from the files
                index.tell(damage, ledger, error)
                index.remove(ledger)
                evaluated = {game_id: value for game_id, value in evaluated.items() if value is not VOUCHED}
                existed, wrong = False, verified(ledger, evaluated, damage, clean, {})
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


def verified(ledger, evaluated: dict, notes: list, clean: dict, moved: dict) -> list:
    connection = index.connect(ledger, notes=notes)
    try:
        return verify(ledger, connection, evaluated, lambda game_id: summarize(actions.evaluate(ledger.load(game_id))), clean, moved)
    finally:
        connection.close()


class Vouchers:
    """What the index vouches for, asked game by game of the index as it is (never mended here:
    ``verified.voucher``), so that a whole ledger's check holds one game's at a time; nothing
    where there is no index, or it is damaged (every game is then checked whole, and the index
    rebuilt)."""

    def __init__(self, ledger):
        try:
            self.connection = index.connect(ledger, rebuild=False) if os.path.isdir(ledger.games_dir) else None
        except (OSError, *index.damage_errors()):
            self.connection = None

    def get(self, game_id: str):
        if self.connection is None:
            return None
        try:
            return voucher(self.connection, game_id)
        except index.damage_errors():
            self.close()
            return None

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def vouched_summary(ledger, game_id: str):
    """The summary the index keeps of a game it vouches for, or None where it cannot say."""
    try:
        connection = index.connect(ledger, rebuild=False)
        if connection is None:
            return None
        try:
            return summary_of(connection, game_id)
        finally:
            connection.close()
    except (OSError, *index.damage_errors()):
        return None


def as_paid(live, game_id: str, paid: str | None) -> bool:
    """Whether a settled game whose row says it comes to ``paid`` (``rows.paid_text``) comes to
    what its settlement paid, never squared since (most of them): nothing to compare."""
    part = live.by_game.get(game_id)
    if part is None or not part.by_seat or len(part.games) > 1 or paid is None:
        return part is None
    if (part.settlement["id"], part.games) in live.squares:
        return False
    return paid == summary_text([amount for _name, amount in part.settlement["shares"][game_id]])


def settled(live, summary: dict, path: str, together: dict, changed: list) -> None:
    """Compare a settled game just read (``summary``, its file ``path``) with what was paid for it
    (into ``changed``: (path, change)); a game of an old settlement kept as a whole is kept, slim,
    in ``together`` until its other games are read."""
    part = live.by_game.get(summary["id"])
    if part is None:
        return
    if len(part.games) > 1:
        together[summary["id"]] = {key: summary[key] for key in ("id", "players", "finished", "voided", "money")}
        return
    change = live.change(part, {summary["id"]: summary})
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
    live, together, changed = squaring.LiveSettlements(records), {}, []
    # id -> (summary's fingerprint, problem, place, facts), or VOUCHED: what the summary index
    # must say of each game; a few bytes a game, not the summary, so that memory stays flat with
    # the ledger's size (issue #35)
    evaluated = {}
    known = Vouchers(ledger)  # what the index vouches for: bytes 'check' read and checked whole before
    clean, moved = {}, {}
    try:
        with ledger.listed() as game_ids:  # the folder listed once, not each game's files looked for
            for game_id in game_ids:
                checked_game(ledger, game_id, report, known, live, together, changed, evaluated, clean, moved)
    finally:
        known.close()
    report["notes"] += check_index(ledger, evaluated, clean, moved)

    folder = os.path.join(ledger.root, "settlements")
    grouped = [change for change in live.changes(together) if len(change["games"]) > 1 and change["state"] != "damaged"]
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


def checked_game(ledger, game_id: str, report: dict, known: Vouchers, live, together: dict, changed: list, evaluated: dict,
                 clean: dict, moved: dict) -> None:
    """Check one game into ``report``: from what the index vouches for (``known``: the very bytes
    checked before, the same answers), else read and checked whole (and marked in ``clean``);
    the index's part in ``evaluated``, a settled game's change in ``changed``."""
    files = ledger.files_of(game_id)
    path = files[0] if files else os.path.join(ledger.games_dir, game_id)
    report["games"] += 1
    kept = known.get(game_id)
    if kept is not None and kept.checked is not None and (kept.checked.language == language() or not kept.checked.notes) \
            and vouched(ledger, game_id, kept, moved):
        summary = None if as_paid(live, game_id, kept.paid) else vouched_summary(ledger, game_id)
        if summary is not None or as_paid(live, game_id, kept.paid):  # else not told by the index after all
            report["hands"] += kept.checked.hands  # the same bytes as checked before: the same answers (issue #45)
            report["notes"] += [{"file": os.path.join(ledger.games_dir, name), "note": note} for name, note in kept.checked.notes]
            evaluated[game_id] = VOUCHED
            if summary is not None:
                settled(live, summary, path, together, changed)
            return
    try:  # a healthy file is read once; only a damaged one is examined for every problem
        game = ledger.load(game_id)
    except Exception as error:  # noqa: BLE001 - whatever it is, it is this game's problem
        by_file = ledger.file_problems(game_id) or [(path, ledger.damage(game_id, error))]
        evaluated[game_id] = (None, ledger.damage(game_id, error), index.position(game_id, None), None)
        report["problems"] += [{"file": where, "game": game_id, "problem": problem} for where, problem in by_file]
        if game_id in live.by_game:
            together[game_id] = {"id": game_id, "damaged": True}
        return
    report["hands"] += len(effective_hands(game.journal))
    try:
        place = index.position(game_id, game.created, game.clock)
        state = actions.evaluate(game)
        summary = summarize(state)
        checked = checked_of(ledger, game, state)
        facts = Facts(ended_at(state) if state.finished else None, of_game(ledger, game_id), checked)
        # a finished game's summary as its fingerprint (an unfinished one's row is renewed from it)
        kept_as = index.fingerprint(summary) if summary["finished"] else json.dumps(summary, ensure_ascii=False)
        evaluated[game_id] = (kept_as, None, place, facts)
        settled(live, summary, path, together, changed)
        notes = game_notes(ledger, game, state)
        report["notes"] += [{"file": where, "note": note} for where, note in notes]
        if checked is not None and facts.digest is not None:  # said again by the next check that finds these bytes
            clean[game_id] = (facts.digest, checked)
    except Exception as error:  # noqa: BLE001 - as above
        problem = ledger.damage(game_id, error)
        evaluated[game_id] = (None, problem, index.position(game_id, None), None)
        report["problems"].append({"file": path, "game": game_id, "problem": problem})


def vouched(ledger, game_id: str, voucher, moved: dict) -> bool:
    """Whether game ``game_id``'s files hold the very bytes the index's row was made of
    (``voucher``): every file read, its digest compared; a game whose files' times changed
    (copied, checked out) is noted in ``moved`` for its row."""
    try:
        now = content_digest(ledger.read_parts(game_id, parse=False))
    except GinscoreError:
        return False
    if now != voucher.digest:
        return False
    status = ledger.file_status(game_id)
    if status != voucher.files:
        moved[game_id] = status
    return True


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
