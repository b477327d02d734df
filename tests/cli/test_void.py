"""'ginscore void' and 'unvoid': a game set aside is hidden from 'games', counts in no settlement and no statistic, and leaves the current game to the newest game not voided."""

import json

from helpers import game_ids, ledger_bytes, new_game, ok, play, refused, status_json


def test_void_hides_a_game_from_games_and_unvoid_brings_it_back(run, isolated_ledger):
    one = new_game(run, "new Alice Bob")
    play(run, "knock alice 4 15")
    two = new_game(run, "new Test Game")
    play(run, f"void {two}")
    listing = json.loads(run("games --json").output)["games"]
    assert [entry["id"] for entry in listing] == [one] and listing[0]["voided"] is False
    every = json.loads(run("games --all --json").output)["games"]
    assert [(entry["id"], entry["voided"]) for entry in every] == [(one, False), (two, True)]
    assert "Test" not in run("games").output and "voided" in run("games --all").output
    assert status_json(run, "--game", two)["voided"] is True
    before = ledger_bytes(isolated_ledger)
    refused(run, f"knock test 4 15 --game {two}", f"game {two} is voided", f"ginscore unvoid {two}")
    refused(run, f"void {two}", "already voided")
    assert ledger_bytes(isolated_ledger) == before
    log = json.loads(run(f"log --game {two} --json").output)["entries"]
    assert [entry["action"] for entry in log] == ["void_game"]
    play(run, f"unvoid {two}", "knock test 4 15", "check")  # the current game again
    assert [entry["id"] for entry in json.loads(run("games --json").output)["games"]] == [one, two]
    refused(run, f"unvoid {two}", "not voided")
    refused(run, "void 9", "no game '9'")


def test_voided_is_one_function_for_settle_and_stats(run, isolated_ledger):
    from ginscore.app.book import open_book
    from ginscore.core.game import voided

    game = new_game(run, "new Alice Bob")
    play(run, f"void {game}")
    assert voided(open_book(str(isolated_ledger)).load(game).journal) is True


def test_a_voided_game_counts_in_no_settlement_and_no_statistic(run):
    first = new_game(run, "new Dan Eve --stake 1")
    play(run, "gin dan 50", "gin dan 40")
    second = new_game(run, "new Dan Eve --stake 1")
    play(run, "gin eve 90")
    both = json.loads(run("settle --json").output)
    play(run, f"void {second}")
    one = json.loads(run("settle --json").output)
    assert both["nets"]["Dan"] == "100.00" and one["nets"]["Dan"] == "580.00"  # game 1 alone
    stats = json.loads(run("stats --json").output)["players"]
    assert stats["Dan"]["games"] == 1 and stats["Eve"]["games"] == 1
    assert [entry["id"] for entry in json.loads(run("games --json").output)["games"]] == [first]
    assert [entry["id"] for entry in json.loads(run("games --last 1 --json").output)["games"]] == [first]
    play(run, f"unvoid {second}")
    assert json.loads(run("settle --json").output)["nets"] == both["nets"]


def test_after_void_the_current_game_is_the_newest_not_voided(run, tmp_path):
    one, two = new_game(run, "new Alice Bob"), new_game(run, "new Carol Dan")
    voided = play(run, f"void {two}")
    assert f"Commands without --game now act on game {one} (Alice v Bob)." in voided.output
    assert status_json(run)["id"] == one
    assert "Alice knocks" in play(run, "knock alice 4 15").output  # the next hand goes to game 1
    shown = run(f"status --game {two}")
    assert shown.output.splitlines()[0] == f"Game {two} is voided: it counts nowhere; 'ginscore unvoid {two}' brings it back."
    # without this device's current game, the game written last not voided is the same game
    (current,) = (tmp_path / "state" / "ledgers").glob("*/current")
    current.unlink()
    assert status_json(run)["id"] == one
    play(run, f"unvoid {two}")
    assert status_json(run)["id"] == two
    three = new_game(run, "new Eve Fay")
    assert three not in (one, two)  # a new game takes an id of its own
    play(run, f"void {three}", f"void {two}")
    assert status_json(run)["id"] == one
    started = run("new Gus Hal").output
    four = game_ids(run)[3]
    assert started.startswith(f"Game {four}:") and four not in (one, two, three)
    assert status_json(run)["id"] == four


def test_voiding_an_older_game_leaves_the_current_game(run):
    one, two = new_game(run, "new Alice Bob"), new_game(run, "new Carol Dan")
    assert "now act on" not in play(run, f"void {one}").output
    assert status_json(run)["id"] == two


def test_a_game_set_aside_is_voided_and_a_hand_taken_back_is_not(run):
    """'void' sets a game aside; a hand that 'undo' took out is taken back (docs/glossary.md),
    in every language: the two never share a word."""
    play(run, "new Ann Bob", "knock ann 4 15", "gin bob 20", "undo")
    words = {"en": ("taken back", "took back #2", "voided"), "de": ("zurückgenommen", "#2 zurückgenommen", "annulliert"),
             "ru": ("отменена", "отменена №2", "аннулирована"), "uk": ("скасована", "скасовано №2", "анульована")}
    logs = {code: ok(run, ["--lang", code, "log"]).output for code in words}
    play(run, "void")
    for code, (state, line, voided) in words.items():
        assert state in logs[code] and line in logs[code] and voided not in logs[code], code
        listed = ok(run, ["--lang", code, "games", "--all"]).output
        assert voided in listed and state not in listed, code


def test_void_alone_voids_the_current_game(run):
    play(run, "new Ann Bob")
    first = status_json(run)["id"]
    play(run, "new Cy Dee")
    second = status_json(run)["id"]
    output = ok(run, "void").output
    assert output.startswith(f"Voided game {second} (Cy v Dee): 'ginscore games' leaves it out;")
    assert f"Commands without --game now act on game {first} (Ann v Bob)." in output
    ok(run, "void")
    refused(run, "void", "is already voided")  # every game voided: none is current
