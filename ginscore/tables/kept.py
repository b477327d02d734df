"""What the last few replays in this process found, so that one hand in 'play' (checked,
recorded, written, told to the summary index, then shown) works each out once: a game is never
changed in place, so an equal game has the same standing, and a hand equal to one found
acceptable against the same game (apart from its journal) is acceptable again. All derived:
``app.book.forget_reads`` clears them.

The replay itself is here too (``replay``): a game whose journal is the journal of a game
replayed moments ago with hands added at its end (the next hand in 'play') goes on from a copy
of that replay's tally, so that a hand costs the same at hand 200 as at hand 5; anything else
(an edit, a delete, an undo, a rename, a hand put before another, an entry merged in from
another device between the old ones) is replayed whole."""

from __future__ import annotations

from types import SimpleNamespace

from ginscore.base.errors import HandError
from ginscore.base.i18n import _
from ginscore.core.apart import apart
from ginscore.core.causal import ancestors
from ginscore.core.game import AGAINST_RULES_APART, SECOND_AT_TABLE, EffectiveHand, effective_hands, header, seat_names

KEPT = 4
# The last few replays (table, game, (result, late hands)), newest first: a game and its
# results are never changed in place, so an equal game has the same result.
REPLAYED: list = []
# (table, game, the game as it stands) for the last few game objects asked about
STOOD: list = []
# (table, a game as it stands, the effective hands its last replay checked): only the game
# apart from its journal counts (``hands_passed``)
PASSED: list = []
# (table, a game as it stands, a copy of the tally its replay ended with, its effective hands,
# its entry ids) for the last few replays of games not over, none of whose hands was put before another
TALLIES: list = []


def same_game(one, other) -> bool:
    """Whether two games are equal: the cheap fields first, the journals (compared whole) last."""
    return one.id == other.id and len(one.journal) == len(other.journal) and header(one) == header(other) and one.journal == other.journal


def replayed(table, game, replay) -> tuple:
    """``replay(game)``, or what it gave for the same game object, or else an equal game."""
    for kind, asked, out in REPLAYED:
        if kind is table and asked is game:
            return out
    for kind, asked, out in REPLAYED:
        if kind is table and same_game(asked, game):
            return out
    out = replay(game)
    REPLAYED.insert(0, (table, game, out))
    del REPLAYED[KEPT:]
    return out


def standing(table, game, work):
    """``work(game)``, the game as it stands, worked out once for the same game object; a game
    that only adds hands to the journal of one that stood as it is stands as it is when its new
    hands do (no rules change or rename counts, and their seats name the players as they are)."""
    for kind, asked, stands in STOOD:
        if kind is table and asked is game:
            return stands
    stands = _stands_as_before(table, game, work) or work(game)
    STOOD.insert(0, (table, game, stands))
    del STOOD[KEPT:]
    return stands


def _stands_as_before(table, game, work):
    for kind, asked, stands in STOOD:
        count = len(asked.journal)
        same_game_before = kind is table and stands is asked and asked.id == game.id and asked.players == game.players
        if same_game_before and game.journal[:count] == asked.journal:
            added = game.journal[count:]
            if all(entry["action"] == "hand" for entry in added):
                part = game._replace(journal=added)
                return game if work(part) is part else None
            return None
    return None


def hands_passed(table, game) -> list:
    """The hands the last replay found acceptable, in order, when it replayed the same game as
    it stands apart from its journal (a table's ``check_hand`` reads only that and the hand):
    the first effective hands equal to those need no checking again."""
    for kind, before, hands in PASSED:
        # the same game object first: a game checked as it loads is replayed next, as it is
        if kind is table and (before is game or (before.id == game.id and header(before) == header(game))):
            return hands
    return []


def passed(table, game, hands: list) -> None:
    """Keep ``hands``, the effective hands of ``game`` (as it stands) that a replay checked."""
    PASSED[:] = [(table, game, hands)]


def copied_tally(tally) -> SimpleNamespace:
    """A copy of a table's ``tally`` (a SimpleNamespace) that ``play`` can go on with while
    ``tally`` stays as it is: each list, dict and set in it copied, the rest shared. Only for a
    tally whose lists, dicts and sets hold values never changed in place (rows, numbers, names)."""
    return SimpleNamespace(**{
        name: type(value)(value) if type(value) in (list, dict, set) else value for name, value in vars(tally).items()
    })


class CardTableTaken(HandError):
    """A hand at a card table that already has its hand in this round (the partnership's two
    card tables). In a journal merged from devices that recorded apart, it is kept and does not
    count, as a hand after the end is: each device's rounds were whole, but the merged order
    puts the hands of both in one sequence of rounds (a double entry, or one device's round
    split across two of the merged game). The game stays readable everywhere, and 'status' and
    'check' name the hand, with what to do."""


def second_at_table(game, effective) -> HandError:
    """The error for a change made here that would set hand ``effective`` aside at a card table
    that already had its hand in that round (made apart on another device, merged, it stays)."""
    return HandError(_("game {game}: hand {number} would enter its card table a second time in its round").format(
        game=game.id, number=effective.number))


def replay(table, game) -> tuple:
    """(result, late hands) of ``game``: from the tally of a game replayed moments ago whose
    journal this one's only adds hands to, at its end; else replayed whole."""
    standing = table.standing(game)
    return _gone_on(table, standing) or _replayed_whole(table, standing, game)


def _replayed_whole(table, game, recorded) -> tuple:
    """(result, late hands) of ``game`` (as it stands), replayed hand by hand; ``recorded``, the
    same game as recorded (its rules and players as it started: a hand after the end is judged by
    what its device had seen, and only the changes among that count)."""
    tally = table.begin(game)
    over = None
    late = []
    entries = apart_ids = None  # asked only of a hand after the end
    checked = hands_passed(table, game)
    # the very hands found acceptable, wherever they stand now: a hand taken back ('void') or
    # edited before them moves them from their places in ``checked`` (alive there: ids stay theirs)
    checked_ids = {id(hand) for hand in checked}
    hands = []
    for effective in effective_hands(game.journal):
        hand = effective.hand
        if id(hand) not in checked_ids and (len(hands) >= len(checked) or hand != checked[len(hands)]):
            try:
                table.check_hand(game, hand)
            except HandError:
                if not _fits_what_it_saw(table, recorded, effective):
                    raise
                late.append(effective._replace(aside=AGAINST_RULES_APART))
                continue
        hands.append(hand)
        if over is not None:
            if apart_ids is None:
                entries = {entry["id"]: entry for entry in game.journal}
                apart_ids = {entry["id"] for entry in apart(game.journal)}
            entry = entries[effective.entry]
            if entry["device"] != entries[over.entry]["device"] or entry["id"] in apart_ids or _end_unseen(table, recorded, entry, late):
                late.append(effective)
                continue
            raise table.after_the_end(game, effective, tally)
        try:
            ended = table.play(game, tally, effective)
        except CardTableTaken:
            if not apart(game.journal):  # one device's journal: no ginscore writes that
                raise
            late.append(effective._replace(aside=SECOND_AT_TABLE))
            continue
        if ended:
            over = effective
    if over is None and not late and not any("before" in entry for entry in game.journal):
        _keep_tally(table, game, tally, hands, frozenset(entry["id"] for entry in game.journal))
    return _finished(table, game, tally, hands), late


def _fits_what_it_saw(table, recorded, effective) -> bool:
    """Whether hand ``effective``, which the rules of the game as it stands refuse, is kept aside
    (``fits_what_it_saw``): of the entry that gave it as it stands (recorded, or edited last)."""
    author = next((entry for entry in reversed(recorded.journal)
                   if entry["id"] == effective.entry or (entry["action"] == "edit" and entry.get("target") == effective.entry)), None)
    return author is not None and fits_what_it_saw(table, recorded, author)


def fits_what_it_saw(table, recorded, entry: dict) -> bool:
    """Whether the hand of ``entry`` (a hand or an edit of ``recorded``'s journal) fits the game
    as its device had seen it when it made the entry: a rules change made on another device
    apart (a lower knock limit) refuses a hand played under the old rules. Such a hand is kept
    and does not count; a hand its own device's rules refuse is one no ginscore writes."""
    seen = ancestors(recorded.journal, entry["id"])
    view = recorded._replace(journal=tuple(held for held in recorded.journal if held["id"] in seen))
    try:
        table.check_hand(table.standing(view), entry["hand"])
    except HandError:
        return False
    return True


# The hands after the end a replay judges by replaying what their device had seen; past these,
# a hand after the end is taken as recorded unseen (a file that holds thousands is a made one,
# and a hand that does not count is harmless either way): every replay stays linear.
JUDGED = 16


def _end_unseen(table, recorded, entry: dict, late: list) -> bool:
    """Whether the hand ``entry``, after the end of the game as it stands though recorded on the
    device of the hand that ends it and not apart from it, was recorded where its device had not
    seen the game end: a correction, a rules change or a hand put before another, made on
    another device while this one kept scoring, moved the end before it. Such a hand is kept and
    does not count; a hand recorded in a game its device saw over is one no ginscore writes.
    What the device saw is replayed from ``recorded``, the game as recorded: the game as it
    stands holds the rules and names of every change, seen there or not (a rules change made
    apart ended the game before a hand on that view, and the game could not be read at all)."""
    if len(late) >= JUDGED:
        return True
    journal, wanted = recorded.journal, entry["id"]
    seen = ancestors(journal, wanted)
    at = next(index for index, held in enumerate(journal) if held["id"] == wanted)
    later = journal[at + 1:]
    if len(seen) == at and all(held["action"] == "hand" and "before" not in held for held in later):
        return False  # it saw everything before it, and nothing after it changes the hands before it
    view = recorded._replace(journal=tuple(held for held in journal if held["id"] in seen))
    try:
        return not table.evaluate(view).finished
    except HandError:  # what it saw cannot be replayed: the replay of the whole game says why
        return True


def _gone_on(table, game) -> tuple | None:
    """(result, no late hands) of ``game`` from a kept tally (``TALLIES``), or None."""
    if not TALLIES:
        return None
    started = header(game)
    for kind, before, tally, hands, ids in TALLIES:
        count = len(before.journal)
        if kind is not table or len(game.journal) < count or header(before) != started or game.journal[:count] != before.journal:
            continue
        added = game.journal[count:]
        added_ids = {entry["id"] for entry in added}
        if len(added_ids) < len(added) or not added_ids.isdisjoint(ids) or any(entry["action"] != "hand" or "before" in entry for entry in added):
            return None  # an edit, a delete, an undo, a change, a hand put before another: replayed whole
        tally, hands, over = table.tally_copy(tally), list(hands), False
        for entry in added:
            if over:  # a hand after the end: the whole replay says whether it was recorded apart
                return None
            effective = EffectiveHand(len(hands) + 1, entry["id"], entry["hand"], False, seat_names(entry.get("seats")))
            try:
                table.check_hand(game, effective.hand)
            except HandError:  # recorded under rules changed apart, or refused: the whole replay says
                return None
            hands.append(effective.hand)
            try:
                over = table.play(game, tally, effective)
            except CardTableTaken:  # recorded apart or not: the whole replay says
                return None
        if not over:
            _keep_tally(table, game, tally, hands, ids | added_ids)
        return _finished(table, game, tally, hands), []
    return None


def _keep_tally(table, game, tally, hands: list, ids: frozenset) -> None:
    """Keep a copy of ``tally`` (before ``result`` may change it) for the next hand, where the table can copy it."""
    kept = table.tally_copy(tally)
    if kept is not None:
        TALLIES.insert(0, (table, game, kept, hands, ids))
        del TALLIES[KEPT:]


def _finished(table, game, tally, hands: list):
    result = table.result(game, tally)
    if tally.kept_seats:
        result = result._replace(kept_seats=tuple(tally.kept_seats))
    passed(table, game, hands)
    return result
