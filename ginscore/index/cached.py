"""Values read back from the summary index, checked before they are used: a cache is never data.

SQLite keeps any type in any column, and a damaged or foreign index file can hold a blob where a
number was, a summary cut short, a text where a count was: each value a question reads is
checked here against what ``ginscore.index.index`` writes, and anything else raises ``Damaged``, which
makes the caller rebuild the index from the game files (``Book``) and ask again.
"""

from __future__ import annotations

import json
import re

from ginscore.base.ids import GAME_ID
from ginscore.core.scoring import AMOUNT, MONEY_DIGITS
from ginscore.core.statistics import STAT_KEYS


class Damaged(Exception):
    """A value read from the index is not one ginscore wrote there: the index is rebuilt."""


_AMOUNT = re.compile(AMOUNT)  # an amount of money as ginscore writes one (core.scoring)
LARGEST = 2**62  # no count or sum ginscore stores comes near; SQLite's integers end at 2^63


def need(condition: bool, what: str) -> None:
    if not condition:
        raise Damaged(what)


def count(value, what: str = "a count") -> int:
    need(type(value) is int and -LARGEST < value < LARGEST, what)
    return value


def text(value, what: str = "a text", none: bool = False):
    need(type(value) is str or (none and value is None), what)
    return value


def amount(value, what: str = "an amount", none: bool = False):
    need((type(value) is str and _AMOUNT.match(value) is not None) or (none and value is None), what)
    return value


def game_row(game_id, files, place, finished, damaged, summary) -> None:
    """One row of ``games`` as 'games' and 'settle' read it (the usual shapes told in one
    expression: a listing of 100,000 games checks each row; anything else field by field)."""
    if (type(game_id) is str and type(files) in _TEXT_OR_NONE and type(place) is str and type(finished) is int
            and finished in (0, 1) and type(damaged) in _TEXT_OR_NONE and type(summary) in _TEXT_OR_NONE
            and GAME_ID.match(game_id) is not None):
        return
    need(type(game_id) is str and GAME_ID.match(game_id) is not None, "a game id")
    text(files, "a game's files", none=True)
    text(place, "a game's position")
    need(finished in (0, 1) and type(finished) is int, "finished")
    text(damaged, "a game's problem", none=True)
    text(summary, "a summary", none=True)


KEYS = ("id", "created", "table", "format", "variant", "players", "hands", "finished", "winner", "net", "amount", "final",
        "payments", "stake", "currency", "money", "voided", "placings", "stats")


def summary(stored, game_id: str) -> dict:
    """The summary of game ``game_id`` stored as JSON, checked field by field."""
    need(type(stored) is str, "a summary")
    data = json.loads(stored)
    need(type(data) is dict, "a summary")
    need(data.get("id") == game_id and all(key in data for key in KEYS), "a summary's game id and fields")
    _listed(data)
    need(data.get("final") is None or type(data.get("final")) is dict, "final")
    text(data.get("format"), "format")
    placings(data.get("placings"))
    stats = data.get("stats")
    need(type(stats) is dict, "stats")
    for counts in stats.values():
        need(type(counts) is dict and all(key in counts for key in STAT_KEYS), "a player's statistics")
        for key in STAT_KEYS:
            count(counts[key], key)
    return data


LISTED = ("id", "created", "table", "variant", "players", "hands", "finished", "winner", "net", "amount", "payments", "stake",
          "currency", "money", "voided")  # ``rows.COMPACT``


def listed(stored, game_id: str) -> dict:
    """The part of game ``game_id``'s summary a listing reads (``rows.compact``), stored as JSON,
    checked field by field."""
    need(type(stored) is str, "a listed game")
    data = json.loads(stored)
    listed_fields(data, game_id)
    return data


def many_listed(stored, game_id: str) -> dict:
    """``listed`` for a listing of many games (100,000 checked one by one): the usual shape
    told by its text in one match, anything else field by field. (Its pattern costs a few
    million instructions to compile: a listing of a few games does without it.)"""
    need(type(stored) is str, "a listed game")
    if usual_listed(stored, game_id):  # a whole JSON object from its first character to its last
        return _SCAN[0](stored, 0)[0]
    data = json.loads(stored)
    listed_fields(data, game_id)
    return data


def usual_listed(stored: str, game_id: str) -> bool:
    """Whether the text ``stored`` is the listed part of game ``game_id`` in the usual shape
    (``_listed_text``), which ``listed_fields`` passes once loaded."""
    if not _LISTED_TEXT:
        _LISTED_TEXT.append(re.compile(_listed_text()).fullmatch)
        _SCAN.append(json.JSONDecoder().scan_once)  # json.loads but for its checks of the white space around the value
    return _LISTED_TEXT[0](stored) is not None and stored.startswith(f'{{"id": "{game_id}", ')


def listed_fields(data, game_id: str) -> None:
    """The checks of a listed part field by field."""
    need(type(data) is dict and data.get("id") == game_id and all(key in data for key in LISTED), "a listed game's fields")
    _listed(data)


_LISTED_TEXT: list = []  # the pattern's fullmatch, compiled by the first listing (not at start-up)
_SCAN: list = []


def _listed_text() -> str:
    """A pattern of the listed part of a summary as ``rows.summary_text`` writes it, its fields
    of the shapes ``listed`` asks for (each key once, in the order written; strings, whole
    numbers of at most 18 digits, amounts as ``AMOUNT`` writes them): a text it matches loads
    into what the checks field by field would pass; anything else is checked field by field."""
    # a JSON string (any text, nothing else), its loop unrolled: the characters between escapes
    # taken by one repeat, not one alternation a character
    string = r'"[^"\\\x00-\x1f]*(?:\\["\\/bfnrtu][^"\\\x00-\x1f]*)*"'
    strings = rf"\[{string}(?:, {string})*\]"  # a list of one or more
    whole = r"-?(?:0|[1-9][0-9]{0,17})"  # well inside LARGEST
    money = r'"-?[0-9]{1,%d}(?:\.[0-9]{1,%d})?"' % (MONEY_DIGITS, MONEY_DIGITS)
    payment = rf'\{{"from": {string}, "to": {string}, "points": {whole}, "amount": (?:null|{money})\}}'
    return (rf'\{{"id": "[0-9a-z]+", "created": {string}, "table": {string}, "variant": (?:null|{string}), '
            rf'"players": {strings}, "hands": {whole}, "finished": (?:true|false), '
            rf'"winner": (?:null|{string}|{strings}), "net": (?:null|{whole}), "amount": (?:null|{money}), '
            rf'"payments": \[(?:{payment}(?:, {payment})*)?\], "stake": (?:null|{money}), "currency": (?:null|{string}), '
            rf'"money": (?:null|\{{{string}: {money}(?:, {string}: {money})*\}}), "voided": (?:true|false)\}}')


def _listed(data: dict) -> None:
    """The checks of the fields a summary and its listed part share (a listing of 100,000 games
    checks each of them: the usual shapes told in one expression, anything else field by field)."""
    players, payments, money = data.get("players"), data.get("payments"), data.get("money")
    winner, hands = data.get("winner"), data.get("hands")
    if (type(data.get("created")) is str and type(data.get("table")) is str and type(data.get("variant")) in _TEXT_OR_NONE
            and type(players) is list and players and all(type(name) is str for name in players)
            and type(hands) is int and -LARGEST < hands < LARGEST
            and type(data.get("finished")) is bool and type(data.get("voided")) is bool and type(winner) in _WINNER
            and type(payments) is list and type(data.get("currency")) in _TEXT_OR_NONE):
        for paid in payments:
            need(type(paid) is dict and type(paid.get("from")) is str and type(paid.get("to")) is str, "a payment")
            count(paid.get("points"), "a payment's points")
            amount(paid.get("amount"), "a payment's amount", none=True)
        amount(data.get("stake"), "a stake", none=True)
        if money is not None:
            need(type(money) is dict, "money")
            for name, value in money.items():
                need(type(name) is str and type(value) is str and _AMOUNT.match(value) is not None, "money")
        return
    for key in ("created", "table"):
        text(data.get(key), key)
    text(data.get("variant"), "variant", none=True)
    need(type(players) is list and len(players) > 0 and all(type(name) is str for name in players), "players")
    count(hands, "hands")
    need(type(data.get("finished")) is bool and type(data.get("voided")) is bool, "finished, voided")
    need(winner is None or type(winner) in (str, list), "winner")
    need(type(payments) is list, "payments")
    text(data.get("currency"), "a currency", none=True)
    need(False, "a summary's fields")


_TEXT_OR_NONE = (str, type(None))
_WINNER = (str, list, type(None))


def placings(value) -> list:
    """A game's placings (``GameResult.placings``): rated games, each its sides in finishing
    order, [place, [names]]."""
    need(type(value) is list, "placings")
    for contest in value:
        need(type(contest) is list and len(contest) >= 2, "a rated game")
        for side in contest:
            need(type(side) is list and len(side) == 2 and type(side[1]) is list and len(side[1]) > 0, "a side")
            count(side[0], "a place")
            for name in side[1]:
                text(name, "a name")
    return value


def real(value, what: str = "a number") -> float:
    """A rating, an uncertainty or a volatility: a finite float."""
    need(type(value) is float and abs(value) < 1e12, what)
    return value


def totals(entries: list) -> list:
    """Each player's totals as ``history.player_totals`` gives them."""
    for entry in entries:
        text(entry["player"], "a player")
        count(entry["games"], "games")
        count(entry["longest_streak"], "a streak")
        text(entry["hand_streak_game"], "a streak's game", none=True)
        for key in STAT_KEYS:
            count(entry[key], key)
        need(type(entry["money"]) is dict, "money")
        for currency, value in entry["money"].items():
            text(currency, "a currency")
            amount(value, "money")
    return entries


def money_json(stored) -> dict:
    """A player's money by currency as the totals keep it (JSON of currency -> amount)."""
    data = json.loads(text(stored, "money"))
    need(type(data) is dict, "money")
    for currency, value in data.items():
        amount(value, "money")
    return data
