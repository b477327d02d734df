"""The club's ladder (issue #44): 'ladder' rates every kind of table from the ledger, in the
order the games were started whatever order their files arrived in, leaves out voided and
unfinished games, follows renames, answers a season and the chance of winning; expected
ratings are worked by hand from Glickman's formulas (tests/unit/test_ratings.py), never copied
from ginscore's output."""

import json
import math
import shutil
from datetime import datetime, timezone

import pytest

from helpers import (
    HOLLYWOOD_MATCH,
    PARTNERSHIP_GAME,
    RUMMY_GAME,
    THREE_HANDED_GAME,
    frozen_clock,
    game_ids,
    ok,
    play,
    refused,
    status_json,
)

# ginscore's default settings (core.ratings.DEFAULT: RD 250, volatility 0.02), a first game
# between two new players, by hand: phi = 250 / 173.7178 = 1.43912; g = 1 / sqrt(1 + 3 *
# 2.07107 / pi^2) = 0.78337; E = 0.5; v = 1 / (g^2 / 4) = 6.51817; the volatility stays 0.02;
# phi* = sqrt(2.07107 + 0.0004) = 1.43926; phi' = 1 / sqrt(1 / 2.07147 + 1 / 6.51817) = 1.25377,
# RD 217.80; mu' = phi'^2 * g / 2 = 0.615706: the winner 1500 + 173.7178 * 0.615706 = 1606.96,
# the loser 1393.04.
WINNER, LOSER, AFTER_ONE = 1606.96, 1393.04, 217.80


def ladder(run, *options) -> dict:
    return json.loads(ok(run, ["ladder", "--json", *options]).stdout)


def by_name(document) -> dict:
    return {entry["name"]: entry for entry in document["players"]}


def at(monkeypatch, when: datetime) -> None:
    """The game clock at ``when``, a minute further at every reading."""
    frozen_clock(monkeypatch, when)


def test_a_first_game_rates_as_worked_by_hand(run):
    """Ann's gin on 90 ends the game at once: 115 points, a box (25) and the game (100), 240,
    doubled for the shutout: 480 net points (docs/rules.md)."""
    play(run, "new Ann Ben", "gin ann 90")
    players = by_name(ladder(run))
    assert players["Ann"]["rating"] == pytest.approx(WINNER, abs=0.06)
    assert players["Ben"]["rating"] == pytest.approx(LOSER, abs=0.06)
    assert players["Ann"]["uncertainty"] == pytest.approx(AFTER_ONE, abs=0.06)
    assert (players["Ann"]["games"], players["Ann"]["wins"], players["Ben"]["wins"]) == (1, 1, 0)
    assert (players["Ann"]["net_points"], players["Ben"]["net_points"]) == (480, -480)
    assert players["Ann"]["provisional"] and players["Ann"]["rank"] is None
    assert players["Ann"]["change"] == pytest.approx(WINNER - 1500, abs=0.06)


def test_every_kind_of_table_is_rated(run):
    """A Hollywood column is a game; three-handed and Rummy rate the finishing order (the winner,
    then the final totals or balances); a partnership side is a team whose members move alike."""
    play(run, *HOLLYWOOD_MATCH)
    columns = status_json(run)["columns"]
    play(run, *THREE_HANDED_GAME)
    three = status_json(run)["final"]
    play(run, *PARTNERSHIP_GAME)
    play(run, *RUMMY_GAME)
    rummy = status_json(run)["final"]["balances"]
    players = by_name(ladder(run))
    won = [column["winner"] for column in columns]
    assert players["Alice"]["games"] == 3 + 1 and players["Bob"]["games"] == 3 + 1  # three columns, then the partnership
    assert players["Alice"]["wins"] == won.count("Alice") + 1  # her side won the partnership (odd rounds +22)
    # the partnership alone: two sides of new players, each member moves as a first game of two does
    sides = by_name(ladder(run, "--table", "partnership"))
    assert [round(sides[name]["rating"]) for name in ("Alice", "Carol", "Bob", "Dave")] == [round(WINNER)] * 2 + [round(LOSER)] * 2
    # three-handed: the winner first, then by total; three equal new players move the second not at all
    order = sorted(three["totals"], key=lambda name: (name != three["winner"], -three["totals"][name]))
    for table in (ladder(run, "--table", "three-handed"),):
        rated = by_name(table)
        assert [name for name in sorted(rated, key=lambda name: -rated[name]["rating"])] == order
        assert rated[order[1]]["rating"] == pytest.approx(1500, abs=0.05)
        assert rated[order[0]]["rating"] - 1500 == pytest.approx(1500 - rated[order[2]]["rating"], abs=0.1)
    rated = by_name(ladder(run, "--table", "rummy"))  # ended by the players: by their balances
    assert sorted(rated, key=lambda name: -rated[name]["rating"]) == sorted(rummy, key=lambda name: -rummy[name])
    assert set(by_name(ladder(run, "--table", "standard"))) == set()


def test_voided_and_unfinished_games_do_not_count_and_renames_follow_the_player(run):
    play(run, "new Ann Ben", "gin ann 90", "new Cy Dee", "gin cy 90")
    void = game_ids(run)[-1]
    play(run, f"void {void}", "new Ann Cy", "knock ann 2 10")  # in progress
    players = by_name(ladder(run))
    assert set(players) == {"Ann", "Ben"}
    play(run, "gin ann 90")  # Ann beats Cy, who is new: Cy counts from now
    assert by_name(ladder(run))["Cy"]["games"] == 1
    play(run, f"unvoid {void}")
    players = by_name(ladder(run))
    assert players["Dee"]["rating"] == pytest.approx(LOSER, abs=0.06) and players["Cy"]["games"] == 2
    play(run, "rename Ben Benny --all")
    renamed = by_name(ladder(run))
    assert "Ben" not in renamed and renamed["Benny"]["rating"] == pytest.approx(LOSER, abs=0.06)


def test_two_devices_that_received_the_games_in_other_orders_print_the_same_ladder(run, tmp_path, monkeypatch):
    """Two devices, one clock years ahead of the other: each plays its games, then the files
    reach two ledgers in opposite orders (each asked for the ladder in between, so that the
    second batch lands before games already rated): the same 'ladder --json', byte for byte."""
    from pathlib import Path

    sources = {}
    for device, start, games in (("one", datetime(2029, 3, 1, 20, tzinfo=timezone.utc), ("Ann Ben", "Cy Dee", "Ann Cy")),
                                 ("two", datetime(2026, 1, 5, 20, tzinfo=timezone.utc), ("Ben Cy", "Dee Ann", "Ann Ben"))):
        monkeypatch.setenv("GINSCORE_LEDGER", str(tmp_path / device))
        monkeypatch.setenv("GINSCORE_DEVICE", device)
        at(monkeypatch, start)
        for pair in games:
            first = pair.split()[0].lower()
            play(run, f"new {pair}", f"knock {first} 2 30", f"gin {first} 80")
        sources[device] = tmp_path / device
    monkeypatch.delenv("GINSCORE_DEVICE")
    printed = []
    for order in (("one", "two"), ("two", "one")):
        ledger = tmp_path / f"into-{'-'.join(order)}"
        monkeypatch.setenv("GINSCORE_LEDGER", str(ledger))
        monkeypatch.setenv("GINSCORE_CACHE", str(tmp_path / f"cache-{'-'.join(order)}"))
        for device in order:
            (ledger / "games").mkdir(parents=True, exist_ok=True)
            for path in sorted(Path(sources[device], "games").glob("*.json")):
                shutil.copy(path, ledger / "games" / path.name)
            ok(run, "ladder --json")
        printed.append(ok(run, "ladder --json --until 2030-01-01").stdout)
    assert printed[0] == printed[1]
    assert len(json.loads(printed[0])["players"]) == 4


def test_a_season_counts_its_own_games_and_the_change_over_it(run, monkeypatch):
    """Ann beats Ben in January, and twice in March; the season of March counts two games each,
    and the change over it is the rating at its end less the rating before it began."""
    for when in (datetime(2026, 1, 10, 20, tzinfo=timezone.utc), datetime(2026, 3, 10, 20, tzinfo=timezone.utc),
                 datetime(2026, 3, 17, 20, tzinfo=timezone.utc)):
        at(monkeypatch, when)
        play(run, "new Ann Ben", "gin ann 90")
    season = by_name(ladder(run, "--since", "2026-03-01", "--until", "2026-03-31"))
    before = by_name(ladder(run, "--until", "2026-02-28"))
    after = by_name(ladder(run, "--until", "2026-03-31"))
    assert (season["Ann"]["games"], season["Ann"]["wins"], season["Ben"]["games"]) == (2, 2, 0 + 2)
    assert season["Ann"]["net_points"] == 2 * 480 and season["Ben"]["net_points"] == -2 * 480
    assert before["Ann"]["rating"] == pytest.approx(WINNER, abs=0.06)  # one game by then
    assert season["Ann"]["change"] == pytest.approx(after["Ann"]["rating"] - before["Ann"]["rating"], abs=0.11)
    assert season["Ann"]["last_played"] == "2026-03-17" and before["Ann"]["last_played"] == "2026-01-10"
    assert ladder(run, "--since", "2026-04-01")["players"] == []
    assert "No rated games match" in ok(run, "ladder --since 2026-04-01").stdout


def test_the_chance_of_winning_is_glickos_expected_score(run):
    """For two: 1 / (1 + 10^(-g(sqrt(RD1^2 + RD2^2)) * (r1 - r2) / 400)), g(phi) = 1 / sqrt(1 +
    3 phi^2 / pi^2) with phi in Glicko-2's unit (173.7178 points), worked here from the ratings
    the ladder prints; for three, the chances sum to 1 and follow the ratings."""
    play(run, "new Ann Ben", "gin ann 90", "new Ann Cy", "gin ann 90", "new Ben Cy", "gin ben 90")
    players = by_name(ladder(run))
    ann, ben = players["Ann"], players["Ben"]
    phi = math.hypot(ann["uncertainty"], ben["uncertainty"]) / 173.7178
    g = 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)
    expected = 1 / (1 + 10 ** (-g * (ann["rating"] - ben["rating"]) / 400))
    chances = ladder(run, "--versus", "ann", "BEN")["win_probability"]
    assert chances["Ann"] == pytest.approx(expected, abs=0.001) and chances["Ben"] == pytest.approx(1 - expected, abs=0.001)
    three = ladder(run, "--versus", "Ann", "Ben", "Cy")
    assert sum(three["win_probability"].values()) == pytest.approx(1, abs=0.001)
    assert three["win_probability"]["Ann"] > three["win_probability"]["Ben"] > three["win_probability"]["Cy"]
    assert [entry["name"] for entry in three["players"]] == ["Ann", "Ben", "Cy"]
    text = ok(run, "ladder --versus Ann Ben").stdout
    assert "Chance of winning a game between them: Ann" in text


def test_the_ladder_in_every_format(run):
    play(run, "new Ann <b>Ben</b>", "gin ann 90")
    html = ok(run, "ladder --format html").stdout
    assert "<svg" in html and "&lt;b&gt;Ben&lt;/b&gt;" in html and "<b>Ben" not in html
    csv = ok(run, "ladder --format csv").stdout.splitlines()
    assert csv[0].split(",")[:3] == ["#", "player", "rating"] and len(csv) == 3
    markdown = ok(run, "ladder --format markdown").stdout
    assert "\\<b\\>Ben\\</b\\>" in markdown
    text = ok(run, "ladder").stdout
    assert "Provisional: fewer than 10 rated games." in text and "1607" in text


def test_ten_games_make_a_rating_established_and_ranked(run):
    for _game in range(10):
        play(run, "new Ann Ben", "gin ann 90")
    play(run, "new Ann Cy", "gin cy 90")
    players = ladder(run)["players"]
    assert [(entry["name"], entry["rank"], entry["provisional"]) for entry in players] == [
        ("Ann", 1, False), ("Ben", 2, False), ("Cy", None, True)]


def test_refusals_say_what_to_do(run):
    play(run, "new Ann Ben", "gin ann 90")
    refused(run, "ladder --table nine", "--table", "standard")
    refused(run, "ladder Ann Ben", "--versus")
    refused(run, "ladder --versus Ann", "two players")
    refused(run, "ladder --versus Ann ann", "two players")
    refused(run, "ladder --versus Ann Zed", "no player 'Zed' on this ladder")
    refused(run, "ladder --player Zed", "'Zed'")
    refused(run, "ladder --format nope", "--format")
    refused(run, "pairings Ann", "two or more")
    refused(run, "pairings Ann ann Ben", "once")
    refused(run, "pairings Ann Ben --table nine", "--table")
    refused(run, "pairings Ann Ben --since someday", "not a date")


def test_the_boards_ladder_page_seats_tonight_and_escapes_every_name(run):
    """The board's /ladder (ginscore.web.views.ladder): tonight's tables for the names in its form and
    the ladder, every name escaped; the board links to it."""
    pytest.importorskip("starlette")
    from ginscore.app.book import open_book
    from ginscore.web.views.ladder import ladder_page, ladder_part

    play(run, "new Ann Ben", "gin ann 90")
    live = ladder_part(open_book(), ["Ann", "<b>Cy</b>", "Ben", "Dee"], "standard")
    assert "&lt;b&gt;Cy&lt;/b&gt;" in live and "<b>Cy" not in live and "Tonight&#x27;s tables" in live
    assert live.count("<tr") == 1 + 2 + 1 + 2  # two tables, then the ladder's two players
    page = ladder_page(live, ["Ann", "<b>Cy</b>"], "standard", "?here=Ann")
    assert 'data-live="/ladder/live?here=Ann"' in page and 'value="Ann, &lt;b&gt;Cy&lt;/b&gt;"' in page


def test_the_ratings_go_back_only_for_a_game_they_count(run, monkeypatch):
    """The ratings kept in the index are cut back when a game they count (or would count) is
    written at or before the last one rated, and only then: a game in progress, older than the
    games rated, whose row 'check' renews, leaves them standing; an older game finishing makes
    them go back to it, and the ladder is then the one a fresh index gives."""
    import sqlite3

    from ginscore.app.book import open_book
    from ginscore.index import index

    at(monkeypatch, datetime(2026, 5, 1, 20, tzinfo=timezone.utc))
    play(run, "new Ann Cy", "knock ann 2 10")  # stays in progress, the oldest game
    old = status_json(run)["id"]
    at(monkeypatch, datetime(2026, 5, 2, 20, tzinfo=timezone.utc))
    play(run, "new Ann Ben", "gin ann 90", "new Ben Cy", "gin ben 90")
    ladder(run)
    path = index.index_path(open_book().ledger)

    def stale() -> str:
        with sqlite3.connect(path) as connection:
            return connection.execute("SELECT stale_from FROM rating_caches WHERE kind = ''").fetchone()[0]

    assert stale() == "~"
    ok(run, "check")
    ok(run, f"knock ann 2 10 --game {old}")
    assert stale() == "~"  # a game in progress rates nothing: nothing to go back for
    ok(run, f"gin ann 90 --game {old}")
    assert stale().startswith("2026-05-01")  # it finished: the ratings go back to it
    kept = ladder(run)
    assert stale() == "~"
    import shutil as copying

    copying.rmtree(open_book().ledger.cache_dir)
    assert ladder(run) == kept and by_name(kept)["Cy"]["games"] == 2
