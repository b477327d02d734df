"""The money of recorded settlements over a ledger, one view for the command line and the board:
what an evening's 'settle' chooses and owes (the games not settled yet; what changed in a game
since it was settled, and what squares it; the games settled twice apart; the games and
settlement files it could not read), what 'settle --record' keeps, and what 'games' and 'status'
say of a settled game.

The settlement files are read once per command; a file that cannot be read is named and the rest
goes on (``settlements.Held.problems``). The games come from the summary index, as 'settle' always
read them (``status`` replays its one game instead: it never opens the index).
"""

from __future__ import annotations

from ginscore.app import settlement_words
from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.index import settled as settled_set
from ginscore.ops import squaring
from ginscore.store.settlement_names import exists, signature


class Evening(Record):
    """What 'settle' needs: ``chosen``, the summaries of the finished games to settle (oldest
    first); ``some_settled``, whether settled games were left out; ``damaged``, the games that
    could not be read ({"game", "error"}); ``changes`` (``squaring.LiveSettlements.change``) and
    ``twice`` (``squaring.settled_twice``) of the settled games chosen; ``problems``, (path,
    problem) of the settlement files and copies left out; ``seen``, what the settlements were."""

    chosen: list
    some_settled: bool
    damaged: list
    changes: list
    twice: list
    problems: list
    seen: str


def held(book):
    """The settlements (``settlements.Held``); nothing read when the ledger has none."""
    from ginscore.store import settlements

    if not settlements.exists(book.root):
        return settlements.Held([], [], [], [])
    return settlements.read(book.ledger)


def settled_index(book, question):
    """``question(connection)`` asked of the summary index once its settled set holds for the
    settlement files as they are (``index.settled``): made again from the files when they
    changed since, else read as kept. None, nothing asked, when the ledger has no settlements."""

    if not exists(book.root):
        return None

    def asked(connection):
        now = signature(book.root)  # before the files are read: a change while they are read is seen next time
        if settled_set.signature_of(connection) != now:
            settled_set.replace(connection, now, held(book))
        return question(connection)

    return book.ask(asked)


SLIM = ("id", "players", "money", "currency", "finished", "voided", "damaged", "error")


def slim(entry: dict, shared: dict) -> dict:
    """What settling takes of a game's summary (``SLIM``), its names and amounts each one string
    for every game they are met in (``shared``): a lifetime of games held in a few MB (issue #45)."""
    kept = {key: entry[key] for key in SLIM if key in entry}
    if "players" in kept:
        kept["players"] = [shared.setdefault(name, name) for name in kept["players"]]
    if kept.get("money"):
        kept["money"] = {shared.setdefault(name, name): shared.setdefault(amount, amount) for name, amount in kept["money"].items()}
    return kept


def evening(book, selection, game_ids=(), unsettled: bool = True) -> Evening:
    """The games 'settle' chooses (``selection`` and ``game_ids``; with ``unsettled`` only those
    not settled yet) and what the settled ones among them owe since. The finished games are
    asked of the summary index as before, with the games that do not load, each kept with only
    what settling takes (``SLIM``: memory stays flat with the ledger); besides them only the
    settled games that may not come to what was paid for them (``index.settled.changed``: a few)."""

    ids = tuple(game_ids)
    asked = selection._replace(ids=ids, finished_only=True, with_damaged=True)
    def slimmed(summaries) -> list:
        shared: dict = {}
        return [slim(entry, shared) for entry in summaries]

    counted = book.with_summaries(asked, slimmed, listed=True)
    damaged = [{"game": entry["id"], "error": entry["error"]} for entry in counted if entry.get("damaged")]
    counted = [entry for entry in counted if not entry.get("damaged")]
    found = settled_index(book, lambda connection: (
        settled_set.settlements_of(connection, [entry["id"] for entry in counted]), settled_set.changed(connection),
        settled_set.facts(connection)))
    if found is None:
        return Evening(counted, False, damaged, [], [], [], held(book).seen())
    among, changed, facts = found
    changed = {game: part for game, part in changed.items() if not ids or game in ids}
    live = squaring.LiveSettlements.of_games(changed)
    wanted = {game for part in live.parts for game in part.games}
    summaries = {entry["id"]: entry for entry in counted if entry["id"] in wanted}
    rest = [game for game in wanted if game not in summaries]
    for start in range(0, len(rest), CHUNK):  # a settlement's games left out of the selection are asked by id
        asked = selection._replace(ids=tuple(rest[start:start + CHUNK]), finished_only=False, hide_voided=False)
        summaries.update((entry["id"], entry) for entry in book.summaries(asked) if not entry.get("damaged"))
    twice = facts.twice if facts.twice is not None else estimated_twice(book, selection, ids, counted)
    chosen = [entry for entry in counted if entry["id"] not in among] if unsettled else counted
    return Evening(chosen, unsettled and facts.any, damaged, live.changes(summaries), twice, facts.problems, facts.seen)


CHUNK = 500  # ids in one question of the summary index


def estimated_twice(book, selection, ids: tuple, counted: list) -> list:
    """``squaring.settled_twice`` where an old settlement (no amount per game) settled a game a
    second time: what each settled game of the selection comes to now stands in, as 'settle'
    always worked it out (the settlement files read whole: a ledger of an older ginscore)."""
    found = held(book)
    live = squaring.LiveSettlements(found.records)
    known = {entry["id"] for entry in counted}
    rest = [game for game in live.counted if game not in known and (not ids or game in ids)]
    others = []
    for start in range(0, len(rest), CHUNK):
        asked = selection._replace(ids=tuple(rest[start:start + CHUNK]), finished_only=False, hide_voided=False)
        others += [entry for entry in book.summaries(asked) if not entry.get("damaged")]
    settled = {entry["id"]: entry for entry in [*counted, *others] if entry["id"] in live.counted}
    return squaring.settled_twice(found.records, settled)


def shares(result, chosen: list) -> dict:
    """Each game's money in the settlement ``result`` (``ops.evening.Settlement``), in the
    game's seat order, as 'settle --record' keeps it."""
    wanted = set(result.games)
    return {entry["id"]: [[name, entry["money"][name]] for name in entry["players"]] for entry in chosen if entry["id"] in wanted}


def record(book, result, chosen: list, changes: list, seen: str) -> dict:
    """Record the settlement ``result`` (None: only the squaring) of the ``chosen`` games, and the
    squaring of ``changes``; returns it (``settlements.records``)."""
    from ginscore.store import settlements

    settlement = None
    if result is not None:
        settlement = {
            "games": list(result.games), "currency": result.currency,
            "nets": {name: format(amount, "f") for name, amount in result.nets.items()},
            "payments": [{"from": debtor, "to": creditor, "amount": format(amount, "f")} for debtor, creditor, amount in result.payments],
            "shares": shares(result, chosen),
        }
    with book.ledger.locked():
        return settlements.record(book.ledger, settlement, squaring.squares_of(changes), seen)


class Listing(Record):
    """What 'games' says of settled games: the id of the settlement each counts in
    (``settlements``), the ``live`` settlements of those that may have changed since, the
    changes of the old settlements kept as a whole (``groups``: game id -> its change, worked
    out up front), and the settlement ``problems``."""

    settlements: dict
    live: squaring.LiveSettlements
    groups: dict
    problems: list

    def any(self) -> bool:
        """Whether any game counts in a settlement: when none does, ``settlement`` and
        ``change`` are None for every game."""
        return bool(self.settlements or self.live.by_game)

    def settlement(self, game_id: str) -> str | None:
        """The id of the settlement game ``game_id`` counts in, or None."""
        return self.settlements.get(game_id)

    def change(self, entry: dict) -> dict | None:
        """The change of the game of the listing entry ``entry`` since its settlement, or None."""
        part = self.live.by_game.get(entry["id"])
        if part is None or entry.get("damaged"):
            return None
        if len(part.games) > 1:
            return self.groups.get(entry["id"])
        return self.live.change(part, {entry["id"]: entry})


def listing(book, game_ids=None) -> Listing:
    """What 'games' says of the settled games among ``game_ids`` (None: of every game), asked of
    the summary index's settled set (``index.settled``): the settlement of each, and the parts of
    only those that may not come to what was paid for them (a few)."""
    from ginscore.index.history import Selection

    found = settled_index(book, lambda connection: (
        settled_set.settlements_of(connection, game_ids), settled_set.changed(connection), settled_set.facts(connection)))
    if found is None:
        return Listing({}, squaring.LiveSettlements([]), {}, [])
    settlements, changed, facts = found
    live = squaring.LiveSettlements.of_games(changed)
    grouped = [part for part in live.parts if len(part.games) > 1]
    groups: dict = {}
    if grouped:  # settlements an older ginscore recorded: their games read together
        wanted = tuple(game for part in grouped for game in part.games)
        summaries = {entry["id"]: entry for entry in book.summaries(Selection(ids=wanted))}
        for change in live.changes(summaries):
            if len(change["games"]) > 1:
                groups.update(dict.fromkeys(change["games"], change))
    return Listing(settlements, live, groups, facts.problems)


def game_lines(book, state) -> list:
    """What 'status' says of a settled game that changed since, or that was settled twice (asked
    only when ``Book.may_be_settled``)."""

    found = held(book)
    change = change_of(book, state, squaring.LiveSettlements(found.records))
    lines = [] if change is None else [settlement_words.change_line(change)]
    for held_twice in squaring.settled_twice(found.records):
        if held_twice["game"] == state.game.id:
            lines.append(_("note: {twice}.").format(twice=settlement_words.twice_words(held_twice)))
    return lines


def change_of(book, state, live: squaring.LiveSettlements) -> dict | None:
    """What changed in the game of ``state`` since the ``live`` settlement it counts in
    (``squaring.LiveSettlements.change``), or None (not settled, or as paid)."""
    game_id = state.game.id
    part = live.by_game.get(game_id)
    if part is None:
        return None
    summaries = {game: _summary(book, state if game == game_id else None, game) for game in part.games}
    return live.change(part, summaries)


def _summary(book, state, game_id: str) -> dict:
    from ginscore.ops.summary import summarize

    try:
        return summarize(state if state is not None else book.state(game_id))
    except Exception as error:  # noqa: BLE001 - one game's damage is that game's: said as such
        return {"id": game_id, "damaged": True, "error": book.ledger.damage(game_id, error)}
