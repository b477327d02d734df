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

from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.ops import squaring


class Evening(Record):
    """What 'settle' needs: ``chosen``, the summaries of the finished games to settle (oldest
    first); ``some_settled``, whether settled games were left out; ``damaged``, the games that
    could not be read ({"game", "error"}); ``changes`` (``squaring.Standing.change``) and
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


def evening(book, selection, game_ids=(), unsettled: bool = True) -> Evening:
    """The games 'settle' chooses (``selection`` and ``game_ids``; with ``unsettled`` only those
    not settled yet) and what the settled ones among them owe since. The finished games are
    asked of the summary index as before, with the games that do not load; besides them only the
    settled games that are not finished and sound now (voided, unfinished: a few)."""
    found = held(book)
    standing = squaring.Standing(found.records)
    ids = tuple(game_ids)
    counted = book.summaries(selection._replace(ids=ids, finished_only=True, with_damaged=True))
    damaged = [{"game": entry["id"], "error": entry["error"]} for entry in counted if entry.get("damaged")]
    counted = [entry for entry in counted if not entry.get("damaged")]
    known = {entry["id"] for entry in counted}
    rest = [game for game in standing.counted if game not in known and (not ids or game in ids)]
    others = []
    for start in range(0, len(rest), CHUNK):  # a settlement's games left out of the selection are asked by id
        asked = selection._replace(ids=tuple(rest[start:start + CHUNK]), finished_only=False, hide_voided=False)
        others += [entry for entry in book.summaries(asked) if not entry.get("damaged")]
    settled = {entry["id"]: entry for entry in [*counted, *others] if entry["id"] in standing.counted}
    chosen = [entry for entry in counted if entry["id"] not in standing.counted] if unsettled else counted
    return Evening(
        chosen, unsettled and bool(standing.counted), damaged, standing.changes(settled),
        squaring.settled_twice(found.records, settled), found.problems, found.seen(),
    )


CHUNK = 500  # ids in one question of the summary index


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
    """What 'games' says of settled games: the ``standing`` settlements, the changes of the old
    settlements kept as a whole (``groups``: game id -> its change, worked out up front), and
    the settlement ``problems``."""

    standing: squaring.Standing
    groups: dict
    problems: list

    def settlement(self, game_id: str) -> str | None:
        """The id of the settlement game ``game_id`` counts in, or None."""
        record = self.standing.counted.get(game_id)
        return None if record is None else record["id"]

    def change(self, entry: dict) -> dict | None:
        """The change of the game of the listing entry ``entry`` since its settlement, or None."""
        part = self.standing.by_game.get(entry["id"])
        if part is None or entry.get("damaged"):
            return None
        if len(part.games) > 1:
            return self.groups.get(entry["id"])
        return self.standing.change(part, {entry["id"]: entry})


def listing(book) -> Listing:
    from ginscore.index.history import Selection

    found = held(book)
    standing = squaring.Standing(found.records)
    grouped = [part for part in standing.parts if len(part.games) > 1]
    groups: dict = {}
    if grouped:  # settlements an older ginscore recorded: their games read together
        wanted = tuple(game for part in grouped for game in part.games)
        summaries = {entry["id"]: entry for entry in book.summaries(Selection(ids=wanted))}
        for change in standing.changes(summaries):
            if len(change["games"]) > 1:
                groups.update(dict.fromkeys(change["games"], change))
    return Listing(standing, groups, found.problems)


def game_lines(book, state) -> list:
    """What 'status' says of a settled game that changed since, or that was settled twice (asked
    only when ``Book.may_be_settled``)."""
    from ginscore.app import settlement_words

    found = held(book)
    change = change_of(book, state, squaring.Standing(found.records))
    lines = [] if change is None else [settlement_words.change_line(change)]
    for held_twice in squaring.settled_twice(found.records):
        if held_twice["game"] == state.game.id:
            lines.append(_("note: {twice}.").format(twice=settlement_words.twice_words(held_twice)))
    return lines


def change_of(book, state, standing: squaring.Standing) -> dict | None:
    """What changed in the game of ``state`` since the ``standing`` settlement it counts in
    (``squaring.Standing.change``), or None (not settled, or as paid)."""
    game_id = state.game.id
    part = standing.by_game.get(game_id)
    if part is None:
        return None
    summaries = {game: _summary(book, state if game == game_id else None, game) for game in part.games}
    return standing.change(part, summaries)


def _summary(book, state, game_id: str) -> dict:
    from ginscore.ops.summary import summarize

    try:
        return summarize(state if state is not None else book.state(game_id))
    except Exception as error:  # noqa: BLE001 - one game's damage is that game's: said as such
        return {"id": game_id, "damaged": True, "error": book.ledger.damage(game_id, error)}
