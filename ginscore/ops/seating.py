"""The evening's pairings as data (pure): who is here, what they played tonight and on the last
evenings, which round of a club night comes next, and the card tables ``core.pairings`` seats
them at. The ratings and the games are handed in (the command asks the index for them)."""

from __future__ import annotations

from datetime import datetime

from ginscore.base.records import Record
from ginscore.core import pairings, ratings
from ginscore.core.names import folded
from ginscore.tables import all_tables, get_table

LAST_EVENINGS = 3  # who played whom on the last three evenings any of tonight's players played


class Evening(Record):
    kind: str
    names: tuple  # tonight's players, as the ladder writes them
    round: int | None  # the round seated (a club night of rounds), else None
    rounds: int | None
    card_tables: list  # pairings.CardTable
    sitting_out: list
    scores: dict  # name -> score tonight (games won; a game of more, the share of the card table behind)
    games_tonight: dict  # name -> finished games tonight
    playing: list  # (game id, players) of tonight's players' games still in progress
    met_before: list  # (name, name, "tonight" or "recent") seated together who met before

    @property
    def over(self) -> bool:
        return self.rounds is not None and self.round is None

    def to_json(self) -> dict:
        return {
            "table": self.kind, "players": list(self.names), "round": self.round, "rounds": self.rounds,
            "tables": [list(card_table.players) for card_table in self.card_tables],
            "seating": [{"table": card_table.kind, "players": list(card_table.players), "sides": [list(side) for side in card_table.sides],
                         "win_probability": {name: round(chance, 4) for name, chance in card_table.chances.items()}}
                        for card_table in self.card_tables],
            "sitting_out": list(self.sitting_out),
            "scores": {name: self.scores[name] for name in self.names},
            "games_tonight": {name: self.games_tonight[name] for name in self.names},
            "in_progress": [{"id": game_id, "players": list(players)} for game_id, players in self.playing],
            "met_before": [{"players": [first, second], "when": when} for first, second, when in self.met_before],
        }


def card_table_plan(kind: str, count: int) -> list:
    """The card tables (``pairings.Seats``) for ``count`` players at ``kind`` tables: a kind that
    seats a range (Rummy) as few as hold them, as even as can be; else as many full card tables
    as there are, and the players left over at the card table of their number (two: a standard
    game, three: three-handed); one left over sits out."""
    table = get_table(kind)
    counts = table.player_counts
    if len(counts) > 1:
        if count < counts[0]:
            return []
        card_tables = -(-count // counts[-1])
        least, extra = divmod(count, card_tables)
        return [pairings.Seats(kind, least + (1 if index < extra else 0), table.teams) for index in range(card_tables)]
    plan = [pairings.Seats(kind, counts[0], table.teams)] * (count // counts[0])
    left = count % counts[0]
    smaller = next((other for other in all_tables() if other.player_counts == (left,)), None)
    if smaller is not None:
        plan.append(pairings.Seats(smaller.name, left, smaller.teams))
    return plan


def local_day(created: str) -> str:
    """The local date a game was started on."""
    return datetime.fromisoformat(created).astimezone().date().isoformat()


def shares(summary: dict) -> dict:
    """Each player's score in one finished game: over its rated games, the share of the other
    sides he finished ahead of (a side level with him half), averaged: a game of two won is 1."""
    found: dict = {}
    contests = summary.get("placings") or []
    for contest in contests:
        for place, names in contest:
            others = [other for other, _names in contest if _names is not names]
            if not others:
                continue
            share = sum(1.0 if place < other else 0.5 if place == other else 0.0 for other in others) / len(others)
            for name in names:
                found[folded(name)] = found.get(folded(name), 0.0) + share / len(contests)
    return found


def evening(names, kind: str, rounds: int | None, rated: dict, tonight: list, before: list, playing: list) -> Evening:
    """The next seating of the players ``names`` (as typed) at ``kind`` tables: ``rated``
    maps a folded name to his ``index.ladder.PlayerRating``; ``tonight`` and ``before`` are the
    summaries of the finished games since tonight began and of the evenings before (oldest
    first); ``playing`` the summaries of the games in progress."""
    keys = [folded(name) for name in names]
    written = {key: rated[key].player if key in rated else name for key, name in zip(keys, names)}
    here = set(keys)
    scores = dict.fromkeys(keys, 0.0)
    played = dict.fromkeys(keys, 0)
    met: dict = {}
    for summary in tonight:
        at_card_table = [folded(name) for name in summary["players"] if folded(name) in here]
        for key, share in shares(summary).items():
            if key in here:
                scores[key] += share
        for key in at_card_table:
            played[key] += 1
        for index, first in enumerate(at_card_table):
            for second in at_card_table[index + 1:]:
                met[frozenset((written[first], written[second]))] = pairings.TONIGHT
    evenings = sorted({local_day(summary["created"]) for summary in before
                       if any(folded(name) in here for name in summary["players"])})[-LAST_EVENINGS:]
    for summary in before:
        if local_day(summary["created"]) in evenings:
            at_card_table = [folded(name) for name in summary["players"] if folded(name) in here]
            for index, first in enumerate(at_card_table):
                for second in at_card_table[index + 1:]:
                    met.setdefault(frozenset((written[first], written[second])), pairings.RECENT)
    round_number = None
    if rounds is not None:
        done = max(played.values(), default=0)
        round_number = done + 1 if done < rounds else None
    byes = {key: max(played.values(), default=0) - played[key] for key in keys} if rounds else dict.fromkeys(keys, 0)
    players = [pairings.Player(written[key], rated[key].rating if key in rated else ratings.new_rating(ratings.DEFAULT),
                               scores[key], byes[key]) for key in keys]
    card_tables, out = [], []
    if rounds is None or round_number is not None:
        card_tables, out = pairings.seating(card_table_plan(kind, len(players)), players, met, swiss=rounds is not None)
    met_before = []
    for card_table in card_tables:
        for index, first in enumerate(card_table.players):
            for second in card_table.players[index + 1:]:
                cost = met.get(frozenset((first, second)))
                if cost is not None:
                    met_before.append((first, second, "tonight" if cost == pairings.TONIGHT else "recent"))
    in_progress = [(summary["id"], tuple(summary["players"])) for summary in playing
                   if any(folded(name) in here for name in summary["players"])]
    return Evening(kind, tuple(written[key] for key in keys), round_number, rounds, card_tables, out,
                   {written[key]: round(scores[key], 2) for key in keys}, {written[key]: played[key] for key in keys},
                   in_progress, met_before)
