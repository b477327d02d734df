"""The settled set the summary index keeps (``ginscore.index.settled``) answers as every settlement
file read does (the plain route it replaces, kept here as the reference): which settlement each
game counts in, which settled games changed since and what squares them, which were settled
twice, what an evening's 'settle' chooses; on random evenings of games settled, corrected,
voided, squared, taken back and brought back, asked of the index kept through the changes and of
a fresh one."""

from __future__ import annotations

import json
import random
import shutil

from helpers import examples


def plain_evening(book, selection, game_ids, unsettled: bool) -> dict:
    """What 'settle' chose and found before the settled set was kept: every settlement read."""
    from ginscore.app.accounts import held
    from ginscore.ops import squaring

    found = held(book)
    live = squaring.LiveSettlements(found.records)
    ids = tuple(game_ids)
    counted = book.summaries(selection._replace(ids=ids, finished_only=True, with_damaged=True))
    counted = [entry for entry in counted if not entry.get("damaged")]
    known = {entry["id"] for entry in counted}
    rest = [game for game in live.counted if game not in known and (not ids or game in ids)]
    others = [entry for entry in book.summaries(selection._replace(ids=tuple(rest), finished_only=False, hide_voided=False))
              if not entry.get("damaged")] if rest else []
    settled = {entry["id"]: entry for entry in [*counted, *others] if entry["id"] in live.counted}
    chosen = [entry["id"] for entry in counted if entry["id"] not in live.counted] if unsettled else [e["id"] for e in counted]
    return {"chosen": chosen, "some_settled": unsettled and bool(live.counted),
            "changes": [squaring.change_json(change) for change in live.changes(settled)],
            "twice": [squaring.twice_json(held) for held in squaring.settled_twice(found.records, settled)],
            "problems": found.problems, "seen": found.seen()}


def kept_evening(book, selection, game_ids, unsettled: bool) -> dict:
    from ginscore.app.accounts import evening
    from ginscore.ops import squaring

    found = evening(book, selection, game_ids, unsettled)
    return {"chosen": [entry["id"] for entry in found.chosen], "some_settled": found.some_settled,
            "changes": [squaring.change_json(change) for change in found.changes],
            "twice": [squaring.twice_json(held) for held in found.twice], "problems": found.problems, "seen": found.seen}


def plain_listing(book, summaries: dict) -> dict:
    """game id -> (its settlement, its change as JSON) as 'games' said it with every settlement read."""
    from ginscore.app.accounts import held
    from ginscore.ops import squaring

    live = squaring.LiveSettlements(held(book).records)
    groups = {}
    for change in live.changes(summaries):
        if len(change["games"]) > 1:
            groups.update(dict.fromkeys(change["games"], change))
    found = {}
    for game_id, entry in summaries.items():
        record, part = live.counted.get(game_id), live.by_game.get(game_id)
        change = None if part is None else groups.get(game_id) if len(part.games) > 1 else live.change(part, {game_id: entry})
        found[game_id] = (None if record is None else record["id"], None if change is None else squaring.change_json(change))
    return found


def kept_listing(book, summaries: dict) -> dict:
    from ginscore.app.accounts import listing
    from ginscore.ops import squaring

    view = listing(book, list(summaries))
    found = {}
    for game_id, entry in summaries.items():
        change = view.change(entry)
        found[game_id] = (view.settlement(game_id), None if change is None else squaring.change_json(change))
    return found


def compare(run, ledger) -> None:
    from ginscore.app.book import open_book, selection

    book = open_book(str(ledger))
    summaries = {entry["id"]: entry for entry in book.summaries(selection(hide_voided=False)) if not entry.get("damaged")}
    assert kept_listing(book, summaries) == plain_listing(book, summaries)
    for chosen, ids, unsettled in ((selection(), (), True), (selection(), (), False), (selection(players=("ann",)), (), True),
                                   (selection(), tuple(list(summaries)[:2]), False)):
        assert kept_evening(book, chosen, ids, unsettled) == plain_evening(book, chosen, ids, unsettled), (chosen, ids, unsettled)


PLAYERS = [("ann", "ben"), ("ann", "cy"), ("ben", "cy"), ("ann", "ben", "cy")]


def test_the_kept_settled_set_answers_as_every_settlement_read(run, isolated_ledger, tmp_path, monkeypatch):
    rng = random.Random(45)
    for _evening in range(examples(12)):
        games: list = []
        settlements: list = []
        settled: list = []  # the games settled so far: corrected, voided and taken back more often
        for _step in range(rng.randint(15, 40)):
            roll = rng.random()
            if roll < 0.3 or len(games) < 2:
                players = rng.choice(PLAYERS)
                rummy = ["--rummy"] if len(players) == 3 else []
                stake = ["--stake", rng.choice(["0.10", "0.05"])] if rng.random() < 0.85 else []
                made = run(["new", *players, *rummy, *stake, "--json"])
                game_id = json.loads(made.stdout)["id"]
                games.append((game_id, players))
                winner = rng.choice(players)
                if rummy:
                    run(["out", winner, *(f"{name}={rng.randint(1, 40)}" for name in players if name != winner), "--game", game_id])
                    if rng.random() < 0.8:
                        run(["end", "--game", game_id])
                elif rng.random() < 0.85:
                    run(["gin", winner, "90", "--game", game_id])
                continue
            game_id, players = rng.choice(settled if settled and rng.random() < 0.7 else games)
            if roll < 0.45:
                words = ["settle", "--record", "--json"] + (["--all"] if rng.random() < 0.1 else [])
                if rng.random() < 0.5:
                    words += [word for game, _players in rng.sample(games, min(len(games), 3)) for word in ("--game", game)]
                result = run(words)
                if result.exit_code == 0:
                    answer = json.loads(result.stdout)
                    settlements += [answer["settlement_id"]] if answer["settlement_id"] else []
                    settled += [(game, players) for game, players in games if game in answer["games"]]
            elif roll < 0.6 and len(players) == 2:  # a settled game corrected: its money changes
                run(["edit", "1", "gin", rng.choice(players), str(rng.randint(20, 99)), "--game", game_id])
            elif roll < 0.67:
                run([rng.choice(["void", "unvoid"]), game_id])
            elif roll < 0.72:
                run(["delete", "1", "--game", game_id])
            elif roll < 0.77:
                run(["undo", "--game", game_id])
            elif roll < 0.84 and settlements:
                run(["undo", "--settlement", rng.choice(settlements)])
            elif roll < 0.88:
                run(["redo"])
            elif roll < 0.92:
                run(["rename", rng.choice(players), rng.choice(["Anna", "Benno", "Cyd"]), "--game", game_id])
            else:
                compare(run, isolated_ledger)
        compare(run, isolated_ledger)
        with monkeypatch.context() as patched:  # a fresh index: the settled set made from the files at once
            patched.setenv("GINSCORE_CACHE", str(tmp_path / f"fresh{_evening}"))
            compare(run, isolated_ledger)
        shutil.rmtree(isolated_ledger)
