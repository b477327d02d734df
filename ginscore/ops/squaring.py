"""Recorded settlements against the games as they stand now (pure): which settlement a game counts
in, what was paid for it, what it comes to now and what squares the difference; a game settled
twice apart and what to give back. ``app.settlement_words`` says each in the reader's words.

A settlement (``settlements.records``: a dict per 'settle --record', in causal order, with
``undone`` None while it stands) settled its games at the money each came to then (``shares``,
in the game's seat order). Every later 'settle --record' that found a game changed squared it
(``squares``: the difference each player got, ``owed``). What a game was paid is its share plus
every squaring since, so a game that changes again owes only the new difference, and two devices
that squared the same change apart owe the second squaring back.

A settlement recorded before each game's amount was kept (an older ginscore) is compared as a
whole where it settled several games: what its games come to now against its nets.
"""

from __future__ import annotations

from ginscore.base.records import Record
from ginscore.core.names import folded


class Part(Record):
    """What one settlement settled as one: a game (``by_seat``: its amounts in seat order), or
    the games of an old settlement that kept no amount per game (by name)."""

    settlement: dict
    games: tuple
    by_seat: bool


def live(records) -> list:
    return [record for record in records if record.get("undone") is None]


def counted_in(records) -> dict:
    """game id -> the live settlement it counts in: the first in causal order."""
    found: dict = {}
    for record in live(records):
        for game in record["games"]:
            found.setdefault(game, record)
    return found


def settled_games(records) -> set:
    return set(counted_in(records))


def parts(records) -> list:
    """The parts of the live settlements, each game in the settlement it counts in. An old
    settlement of several games, one of which counts in an earlier one, cannot be compared."""
    counted = counted_in(records)
    found = []
    for record in live(records):
        mine = [game for game in record["games"] if counted[game] is record]
        if record.get("shares") is not None or len(record["games"]) == 1:
            found += [Part(record, (game,), record.get("shares") is not None) for game in mine]
        elif mine and len(mine) == len(record["games"]):
            found.append(Part(record, tuple(mine), False))
    return found


def _squares(records) -> dict:
    """(settlement id, its games sorted) -> the ``owed`` of each squaring of them in a live settlement."""
    found: dict = {}
    for record in live(records):
        for square in record.get("squares", ()):
            found.setdefault((square["settlement"], tuple(sorted(square["games"]))), []).append(square["owed"])
    return found


def _money(value) -> list:
    """[name, amount] pairs or a {name: amount} object as [(name, Decimal)]."""
    from decimal import Decimal

    pairs = value.items() if isinstance(value, dict) else value
    return [(name, Decimal(amount)) for name, amount in pairs]


def _on(pairs: list, players: list, by_seat: bool) -> list | None:
    """``pairs`` as amounts in the order of ``players`` (seat by seat, or by name matched
    case-insensitively); None when they cannot be matched (players renamed since, in an old entry)."""
    from decimal import Decimal

    if by_seat and len(pairs) == len(players):
        return [amount for _name, amount in pairs]
    place = {folded(name): index for index, name in enumerate(players)}
    amounts = [Decimal(0)] * len(players)
    for name, amount in pairs:
        if folded(name) not in place:
            return None
        amounts[place[folded(name)]] += amount
    return amounts


def _players(part: Part, summaries: dict) -> list:
    """The players of a part as they stand: a game's in seat order; an old settlement's, each
    once (as its nets write them)."""
    if len(part.games) == 1:
        return list(summaries[part.games[0]]["players"])
    names = {folded(name): name for name in part.settlement["nets"]}
    for game in part.games:
        for name in summaries[game]["players"]:
            names.setdefault(folded(name), name)
    return list(names.values())


def _share(part: Part) -> list:
    if part.by_seat:
        return _money(part.settlement["shares"][part.games[0]])
    return _money(part.settlement["nets"])


def paid_for(part: Part, squares: dict, players: list) -> list | None:
    """What each of ``players`` was paid for the part (+ received, - paid): its share and every
    squaring since; None when the names cannot be matched."""
    paid = _on(_share(part), players, part.by_seat)
    for owed in squares.get((part.settlement["id"], tuple(sorted(part.games))), ()):
        more = _on(_money(owed), players, part.by_seat)
        if paid is None or more is None:
            return None
        paid = [before + after for before, after in zip(paid, more)]
    return paid


def _now(part: Part, summaries: dict, players: list) -> tuple:
    """(what the part comes to now, each player's amount, or None while a game is unfinished;
    its state: "changed", "voided" or "unfinished")."""
    from decimal import Decimal

    now = [Decimal(0)] * len(players)
    place = {folded(name): index for index, name in enumerate(players)}
    state = "changed"
    for game in part.games:
        summary = summaries[game]
        if summary.get("voided"):
            state = "voided" if len(part.games) == 1 else state
            continue
        if not summary["finished"]:
            return None, "unfinished"
        for name, amount in (summary.get("money") or {}).items():
            now[place[folded(name)]] += Decimal(amount)
    return now, state


class LiveSettlements:
    """The live settlements of ``records``: which one each game counts in (``counted``), the
    parts they settled (``by_game``: game id -> its part) and the squarings of each part."""

    def __init__(self, records):
        self.records = records
        self.counted = counted_in(records)
        self.squares = _squares(records)
        self.parts = parts(records)
        self.by_game = {game: part for part in self.parts for game in part.games}

    @classmethod
    def of_games(cls, counted: dict) -> "LiveSettlements":
        """The live settlements of some games only, as the summary index keeps them
        (``index.settled.counted``: game id -> (the id of the settlement it counts in, (its
        part, the owed of each squaring of it) or None)): ``counted`` maps each of those games to
        its settlement (its id and what its part keeps of it)."""
        made = cls.__new__(cls)
        made.records = None
        made.counted, made.squares, made.by_game = {}, {}, {}
        kept_parts: dict = {}  # (settlement id, games) -> the part: an old settlement's games share one
        for game_id, (settlement_id, kept) in counted.items():
            if kept is None:
                made.counted[game_id] = {"id": settlement_id}
                continue
            part, squares = kept
            part = kept_parts.setdefault((part.settlement["id"], part.games), part)
            made.counted[game_id] = part.settlement
            made.by_game[game_id] = part
            if squares:
                made.squares[(part.settlement["id"], tuple(sorted(part.games)))] = squares
        made.parts = list(kept_parts.values())
        return made

    def changes(self, summaries: dict) -> list:
        """``change`` of every part whose games are all among ``summaries``, where it differs."""
        from ginscore.core.scoring import exact_money

        with exact_money():
            found = [self._change(part, summaries) for part in self.parts
                     if all(game in summaries for game in part.games) and not self._as_paid(part, summaries)]
        return [change for change in found if change is not None]

    def change(self, part: Part, summaries: dict) -> dict | None:
        if self._as_paid(part, summaries):
            return None
        from ginscore.core.scoring import exact_money

        with exact_money():
            return self._change(part, summaries)

    def _as_paid(self, part: Part, summaries: dict) -> bool:
        """The usual answer, told without decimals: a game unchanged since its settlement and
        never squared holds each seat's amount written as the settlement wrote it ('games' and
        'settle' ask this of every settled game)."""
        if not part.by_seat or (part.settlement["id"], part.games) in self.squares:
            return False
        summary = summaries[part.games[0]]
        money = summary.get("money")
        share = part.settlement["shares"][part.games[0]]
        if not summary.get("finished") or summary.get("voided") or money is None or len(share) != len(summary["players"]):
            return False
        return all(amount == money.get(name) for (_name, amount), name in zip(share, summary["players"]))

    def _change(self, part: Part, summaries: dict) -> dict | None:
        """What the part (its games' summaries in ``summaries``, id -> summary as 'games --json'
        gives it) comes to against what was paid for it, or None where nothing differs (or the
        names cannot be matched): a dict with ``games``, ``settlement`` (its id), ``currency``,
        ``state`` ("changed", "voided", "unfinished" or "damaged"), and, but for a damaged game,
        ``players`` (their order), ``paid``, ``now`` (None while unfinished) and ``owed``
        (amounts, Decimal, in that order: + is owed to the player), ``payments`` (what squares it)."""
        damaged = [game for game in part.games if summaries[game].get("damaged")]
        head = {"games": list(part.games), "settlement": part.settlement["id"], "currency": part.settlement.get("currency")}
        if damaged:
            return {**head, "state": "damaged", "error": summaries[damaged[0]].get("error", "")}
        players = _players(part, summaries)
        paid = paid_for(part, self.squares, players)
        if paid is None:
            return None
        now, state = _now(part, summaries, players)
        if now is None:
            return {**head, "state": state, "players": players, "paid": paid, "now": None, "owed": None, "payments": []}
        owed = [after - before for before, after in zip(paid, now)]
        if not any(owed):
            return None
        return {**head, "state": state, "players": players, "paid": paid, "now": now, "owed": owed,
                "payments": _payments(players, owed, part, summaries)}


def _payments(players: list, amounts: list, part: Part, summaries: dict) -> list:
    """The fewest payments that clear ``amounts`` (in the order of ``players``), within who played whom."""
    from ginscore.core.fewest_payments import connected_groups, fewest_payments

    balances = dict(zip(players, amounts))
    shown = {folded(name): name for name in players}
    games_players = [[shown[folded(name)] for name in summaries[game]["players"] if folded(name) in shown] for game in part.games]
    together = [group for group in connected_groups(games_players)]
    together += [[name] for name in players if not any(name in group for group in together)]
    try:
        return list(fewest_payments(balances, together))
    except ValueError:  # a squaring (of a file changed by hand) across two groups: all as one, which adds up
        return list(fewest_payments(balances))


def change_json(change: dict) -> dict:
    """A change as JSON carries it (``settle --json``'s ``changed``, 'games --json'): amounts
    keyed by player, exact decimal strings."""
    from ginscore.core.scoring import cents

    if change["state"] == "damaged":
        return {**change, "paid": None, "now": None, "owed": None, "payments": []}  # with its "error"

    def by_player(amounts):
        return None if amounts is None else {name: cents(amount) for name, amount in zip(change["players"], amounts)}

    return {
        "games": change["games"], "settlement": change["settlement"], "currency": change["currency"], "state": change["state"],
        "paid": by_player(change["paid"]), "now": by_player(change["now"]), "owed": by_player(change["owed"]),
        "payments": [{"from": debtor, "to": creditor, "amount": cents(amount)} for debtor, creditor, amount in change["payments"]],
        "error": None,
    }


def twice_json(twice: dict) -> dict:
    """A game settled twice as JSON carries it (``settled_twice``)."""
    from ginscore.core.scoring import cents

    return {"game": twice["game"], "settlement": twice["settlement"], "also": twice["also"], "currency": twice["currency"],
            "give_back": [{"from": debtor, "to": creditor, "amount": cents(amount)} for debtor, creditor, amount in twice["give_back"]],
            "estimated": twice["estimated"]}


def squares_of(found: list) -> list:
    """The squarings of the changes ``found`` that a finished or voided game settles now, as
    'settle --record' keeps them."""
    from ginscore.core.scoring import cents

    return [
        {"settlement": change["settlement"], "games": change["games"], "currency": change["currency"],
         "owed": [[name, cents(amount)] for name, amount in zip(change["players"], change["owed"])],
         "payments": [{"from": debtor, "to": creditor, "amount": cents(amount)} for debtor, creditor, amount in change["payments"]]}
        for change in found if change["state"] in ("changed", "voided")
    ]


def settled_twice(records, summaries: dict | None = None) -> list:
    """Each game that live settlements settled more than once (on two devices apart): it
    counts in the first; ``give_back``, what the later ones paid for it (payments, Decimal), to be
    given back if both were paid. For a later settlement that kept no amount per game (an older
    ginscore), what the game comes to now stands in (``estimated``) when ``summaries`` has it."""
    from ginscore.core.scoring import exact_money

    with exact_money():
        return _settled_twice(records, summaries)


def _settled_twice(records, summaries: dict | None) -> list:
    counted = counted_in(records)
    squares = _squares(records)
    found: dict = {}
    for record in live(records):
        for game in record["games"]:
            first = counted[game]
            if first is record:
                continue
            held = found.setdefault(game, {"game": game, "settlement": first["id"], "also": [], "currency": record.get("currency"),
                                           "give_back": [], "estimated": False})
            held["also"].append(record["id"])
            part = Part(record, (game,), record.get("shares") is not None)
            if part.by_seat or len(record["games"]) == 1:
                players = [name for name, _amount in _share(part)]
                paid = paid_for(part, squares, players) or [amount for _name, amount in _share(part)]
            elif summaries and game in summaries and not summaries[game].get("damaged"):
                players = list(summaries[game]["players"])
                paid = [_decimal((summaries[game].get("money") or {}).get(name, "0")) for name in players]
                held["estimated"] = True
            else:
                continue
            held["give_back"] += _reversed(players, paid)
    return list(found.values())


def _decimal(text: str):
    from decimal import Decimal

    return Decimal(text)


def _reversed(players: list, paid: list) -> list:
    """The payments that give back what ``paid`` says each received."""
    from ginscore.core.fewest_payments import fewest_payments

    return list(fewest_payments({name: -amount for name, amount in zip(players, paid)}))


def grouped_twice(twice: list, limit: int) -> list:
    """``settled_twice`` with the games settled in the same settlements said together once
    there are more than ``limit`` of them (there may be thousands), their give-backs added up."""
    together: dict = {}
    for held in twice:
        together.setdefault((held["settlement"], tuple(held["also"])), []).append(held)
    found = []
    for games in together.values():
        if len(games) <= limit:
            found += games
            continue
        found.append({**games[0], "games": [held["game"] for held in games], "estimated": any(held["estimated"] for held in games),
                      "give_back": _added([paid for held in games for paid in held["give_back"]])})
    return found


def _added(payments: list) -> list:
    from ginscore.core.fewest_payments import fewest_payments

    balances: dict = {}
    for debtor, creditor, amount in payments:
        balances[debtor] = balances.get(debtor, 0) - amount
        balances[creditor] = balances.get(creditor, 0) + amount
    return list(fewest_payments(balances))
