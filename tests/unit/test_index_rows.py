"""The cheaper route of an index build gives what the plain one gave: a game's money without
Decimal, a summary's JSON without json.dumps, the players' totals added up in SQL, a build into
an empty index that makes its indexes after its rows (issue #35)."""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest

from ginscore.core import scoring
from ginscore.core.statistics import GREATEST, STAT_KEYS, SUMMED
from ginscore.index import index, rows, totals
from ginscore.ops import summary
from ginscore.tables.payments import Payment
from helpers import examples

NAMES = ["Ann", "Ben", "Cy", "Dee", "Zoë", "ann"]
AMOUNTS = ["12.10", "0.05", "0.00", "0.0000325", "100.00", "3.2500", "1000000.01", "7", "-2.50", "012.10", "1E+2",
           "٣.10", "2.", ".50", "0." + "1" * 70]


def test_a_game_s_money_without_decimal_is_the_exact_sum():
    """``money_of`` writes each player's net without Decimal when he is in one payment at most:
    the same text as adding the payments up exactly, for any payments (or the same error)."""
    rng = random.Random(35)
    fast = 0
    for _round in range(examples(2000)):
        players = rng.sample(NAMES[:5], rng.randint(2, 4))
        payments = []
        for _paid in range(rng.choice([0, 1, 1, 1, 2, 3])):
            payer, payee = rng.choice(players + ["Ed"] * (rng.random() < 0.05)), rng.choice(players)
            amount = rng.choice(AMOUNTS) if rng.random() < 0.5 else f"{rng.randint(0, 10**rng.randint(1, 8))}.{rng.randint(0, 99):02d}"
            payments.append(Payment(payer, payee, 1, amount))
        try:
            expected = summary._exact_money_of(players, payments)
        except (KeyError, ArithmeticError) as error:
            expected = type(error)
        try:
            found = summary.money_of(players, payments)
        except (KeyError, ArithmeticError) as error:
            found = type(error)
        assert found == expected, (players, payments)
        fast += len(payments) == 1 and payments[0].payer != payments[0].payee and expected is not KeyError
    assert fast > examples(2000) // 5  # the route without Decimal was taken often


def plain_money(net, stake):
    """``scoring.money`` as it was before it kept its context: in a local copy of the thread's."""
    from decimal import Inexact, localcontext

    if stake is None:
        return None
    with localcontext() as exact:
        exact.prec = 3 * scoring.MAX_STAKE_DIGITS
        exact.traps[Inexact] = True
        text = format(Decimal(net) * stake, "f")
    whole, _point, decimals = text.partition(".")
    return f"{whole}.{decimals:0<2}" if len(decimals) < 2 else text


def test_money_in_a_context_made_once_is_the_exact_product():
    """``money`` multiplies in a context made once: the same text as in a local copy of the
    thread's context, or the same error (a product too long to be exact), whatever the caller's
    context is; ``cents`` writes any value as before."""
    from decimal import Inexact, localcontext

    rng = random.Random(39)
    stakes = [None, Decimal("0.05"), Decimal("1"), Decimal("0.0000001"), Decimal("1E+27"), Decimal("12.5"), Decimal("-0.10"),
              Decimal("0." + "3" * 27), Decimal("9" * 28), Decimal("0.00")]
    for _round in range(examples(2000)):
        net = rng.choice([0, 1, -1, rng.randint(-10**6, 10**6), rng.randint(-10**60, 10**60), 10**90])
        stake = rng.choice(stakes) if rng.random() < 0.7 else Decimal(rng.randint(1, 10**9)).scaleb(-rng.randint(0, 30))
        results = []
        for caller in (None, scoring.exact_money(), localcontext(prec=3)):
            with caller or localcontext():
                for made in (scoring.money, plain_money):
                    try:
                        results.append(made(net, stake))
                    except Inexact:
                        results.append(Inexact)
        assert len(set(results)) == 1, (net, stake, results)
    for value in (Decimal("62.0"), Decimal("-0.4"), Decimal("1E+2"), Decimal("0.0000325"), "3.1", 7, 2.5, Decimal("-0")):
        assert scoring.cents(value) == plain_money(1, Decimal(value)), value


VALUES = [None, True, False, 0, -7, 10**20, 1.5, -0.0, float("inf"), "", "Zoë", "a\"b\\c\n\u2028", "\x00", [], {}, [1, "x"],
          {"k": [None, {"é": 2}]}]


def random_summary(rng) -> dict:
    """A summary shaped as ``summarize`` gives it, with values of every kind JSON has, the
    statistics most often whole numbers in order (the route without the encoder), now and then not."""
    made = {key: rng.choice(VALUES) for key in rows_keys(rng)}
    stats = {}
    for name in rng.sample(NAMES, rng.randint(0, 3)):
        counts = {key: rng.randint(-5, 10**rng.randint(1, 12)) for key in STAT_KEYS}
        roll = rng.random()
        if roll < 0.1:
            counts[rng.choice(STAT_KEYS)] = rng.choice([True, False, 2.0])  # not an int: the encoder writes it
        elif roll < 0.15:
            counts = dict(reversed(list(counts.items())))  # another order
        elif roll < 0.2:
            counts["extra"] = 1
        stats[name] = counts
    made.update(created="2026-12-05T07:40:00+00:00", table="standard", finished=rng.random() < 0.5,
                voided=rng.random() < 0.1, currency=rng.choice([None, "€"]),
                money=rng.choice([None, {name: rng.choice(AMOUNTS[:8]) for name in stats}]),
                placings=rng.choice([[], [[[1, list(stats)[:1] or ["Zoé"]], [2, ["Ann"]]]]]))
    if "players" in made:
        made["players"] = list(stats)  # the names of the statistics, as summarize gives them
    if rng.random() < 0.9:
        made["stats"] = stats  # the last key, as summarize writes it
    else:
        made = {"stats": stats, **made}
    return made


def rows_keys(rng) -> list:
    return ["id", "format", "variant", "players", "hands", "winner", "net", "amount", "final", "payments", "stake"][: rng.randint(0, 11)]


# what a listing reads of a summary (cached.LISTED), in the order a summary holds them
LISTED = ("id", "created", "table", "variant", "players", "hands", "finished", "winner", "net", "amount", "payments", "stake",
          "currency", "money", "voided")


def plain_rows(game_id, made, place, files):
    """``rows.rows`` as it was written before it skipped the encoder: the reference."""
    placings = made.get("placings")
    # what each seat comes to, for the settled set: a finished game for a stake, not voided
    paid = None
    if made["money"] is not None and made["finished"] and not made["voided"] and isinstance(made.get("players"), list):
        paid = json.dumps([made["money"].get(name) for name in made["players"]], ensure_ascii=False)
    game_row = (game_id, files, place, made["created"], made["table"], int(made["finished"]), int(made["voided"]), None,
                json.dumps(made, ensure_ascii=False), json.dumps(placings, ensure_ascii=False) if placings else None,
                paid, None, None, None, json.dumps({key: made[key] for key in LISTED if key in made}, ensure_ascii=False))
    money, currency = made["money"] or {}, made["currency"] or ""
    player_rows = [
        (game_id, place, name, name.casefold(), *map(int, map(stats.__getitem__, STAT_KEYS)), money.get(name),
         totals.micro(money.get(name)), currency)
        for name, stats in made["stats"].items()
    ]
    return game_row, player_rows


def test_a_game_s_rows_hold_the_summary_as_json_dumps_writes_it():
    """The statistics written without the encoder, the rest by the encoder made once: the
    summary's text is json.dumps's, byte for byte, and the players' rows as before."""
    rng = random.Random(36)
    for _round in range(examples(1000)):
        made = random_summary(rng)
        assert rows.rows("g1", made, None, "place", "files") == plain_rows("g1", made, "place", "files"), made
    for value in VALUES:
        assert rows.summary_text(value) == json.dumps(value, ensure_ascii=False)


def reference_rebuild(connection, keys: set) -> None:
    """``totals.rebuild`` as it was before SQL added the sums up: every figure in Python."""
    keys = sorted(keys)
    connection.execute(f"DELETE FROM totals WHERE folded IN ({', '.join('?' for _ in keys)})", keys)
    mine: dict = {}
    found_rows = connection.execute(
        f"""SELECT {totals._ROW} FROM players p WHERE p.game_id IN (SELECT id FROM games
            WHERE {totals.counted_game("games")}) ORDER BY p.folded, p.position""")
    for place, key, name, *stats, money, currency, game_id in found_rows:
        if key not in keys:
            continue
        stats = dict(zip(STAT_KEYS, stats))
        found = mine.setdefault(key, {"folded": key, "games": 0, **dict.fromkeys(STAT_KEYS, 0), "amounts": {},
                                      "longest_streak": 0, "current_streak": 0, "hand_streak_game": "", "dirty": 0})
        found["games"] += 1
        for stat in SUMMED:
            found[stat] += stats[stat]
        if money is not None:
            found["amounts"][currency] = found["amounts"].get(currency, Decimal("0")) + Decimal(money)
        if stats["hand_streak"] > found["hand_streak"]:
            found["hand_streak_game"] = game_id
        for stat in GREATEST:
            found[stat] = max(found[stat], stats[stat])
        found["current_streak"] = found["current_streak"] + 1 if stats["won"] else 0
        found["longest_streak"] = max(found["longest_streak"], found["current_streak"])
        found["last_game"], found["player"] = place, name
    for found in mine.values():
        found["money"] = json.dumps({currency: format(amount, "f") for currency, amount in found.pop("amounts").items()},
                                    ensure_ascii=False)
    connection.executemany(f"INSERT INTO totals VALUES ({', '.join('?' for _ in totals.COLUMNS)})",
                           [[found[column] for column in totals.COLUMNS] for found in mine.values()])


def random_index(rng, games: int):
    """An index in memory with ``games`` games' rows: finished or not, set aside, damaged; each
    player's figures, money in two currencies with any number of decimals, at random."""
    connection = index.memory_index()
    for number in range(games):
        game_id = f"g{number:03d}"
        place = f"2026-{rng.randint(1, 12):02d}|{number:016d}"  # the same month for many: the order is the place
        finished, voided, damaged = rng.random() < 0.8, rng.random() < 0.1, None if rng.random() < 0.95 else "bad"
        connection.execute("INSERT INTO games (id, files, position, created, table_kind, finished, voided, damaged, summary, "
                           "placings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (game_id, "", place, "", "standard", int(finished), int(voided), damaged, "{}", None))
        currency = rng.choice(["", "€"])
        for name in rng.sample(NAMES[:5], rng.randint(1, 3)):
            figures = [rng.randint(0, 1) if key == "won" else rng.randint(0, 9) for key in STAT_KEYS]
            amount = rng.choice([None, "12.10", "-12.10", "0.0000325", "-3", f"{rng.randint(-999, 999)}.{rng.randint(0, 99):02d}"])
            connection.execute(rows._PLAYER_ROW, (game_id, place, name, name.casefold(), *figures, amount, totals.micro(amount), currency))
    return connection


@pytest.mark.parametrize("build", ["named", "many", None])
def test_the_totals_added_up_in_sql_are_the_ones_python_added_up(build):
    """``totals.rebuild`` adds the sums and greatest figures up in SQL and follows the runs,
    the money and the newest game in Python: the totals the plain loop wrote, to the byte, for
    every player or a few; over a build's own rows (``build``) told which games do not count,
    by name or, past 500 of them, by reading the games (the players then read in another order)."""
    rng = random.Random(37)
    for _round in range(examples(60)):
        connection = random_index(rng, rng.randint(1, 40))
        keys = {row[0] for row in connection.execute("SELECT folded FROM players")}
        keys = set(rng.sample(sorted(keys), rng.randint(1, len(keys)))) if rng.random() < 0.3 else keys
        uncounted = [game_id for (game_id,) in connection.execute(f"SELECT id FROM games WHERE NOT ({totals.counted_game('games')})")]
        uncounted = {"named": uncounted, "many": uncounted + [f"none{number}" for number in range(501)], None: None}[build]
        totals.rebuild(connection, keys, uncounted)
        found = sorted(connection.execute("SELECT * FROM totals"))
        connection.execute("DELETE FROM totals")
        reference_rebuild(connection, keys)
        assert found == sorted(connection.execute("SELECT * FROM totals"))
        connection.close()


def test_totals_refuse_a_text_where_a_count_was():
    """A damaged index (a text in a player's count) is refused as Python's sums refused it,
    so that the index is rebuilt from the files; a player not asked for is not looked at."""
    connection = random_index(random.Random(38), 20)
    connection.execute("UPDATE players SET hands = 'many' WHERE folded = 'ann'")
    keys = {row[0] for row in connection.execute("SELECT folded FROM players")}
    with pytest.raises(TypeError):
        totals.rebuild(connection, keys)
    totals.rebuild(connection, keys - {"ann"})
    assert {row[0] for row in connection.execute("SELECT folded FROM totals")} == keys - {"ann"}
