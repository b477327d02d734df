"""At the table (issue #14): help that helps, pasteable hints, honest input, the dealer,
removing and repeating games, completion and the interactive loop."""

import json
import shlex

import pytest

from helpers import ROOT, game_file, game_ids, ledger_bytes, new_game, play, refused, status_json

# Names a shell would trip on: a space, quotes, redirections, a leading dash.
AWKWARD = ["Mary Ann", "-x", "<b>Bob</b>", "O'Neil \"Ace\"", "a>b"]


# ---- help that helps ----------------------------------------------------------------------------


def test_a_mistyped_option_of_a_hand_command_is_named_with_the_one_meant(run):
    play(run, "new Alice Bob")
    line = refused(run, "knock alice 4 15 --gmae 3", "No such option: --gmae (did you mean --game?)")
    assert "unexpected extra" not in line
    refused(run, "gin bob 30 --bgi", "No such option: --bgi (did you mean --big?)")
    refused(run, "status --jsn", "No such option: --jsn (did you mean --json?)")
    refused(run, "edit 1 knock alice 4 15 --gmae 3", "(did you mean --game?)")
    assert status_json(run)["hands"] == []


def test_negative_numbers_still_reach_the_range_check(run):
    play(run, "new Alice Bob")
    refused(run, "knock alice -3 15", "deadwood")


def test_a_mistyped_command_is_named_with_the_one_meant(run):
    result = run("knok alice 4 15")
    assert result.exit_code == 2
    assert "No such command 'knok' (did you mean knock?)" in result.output
    assert "(did you mean" not in run("xyzzy").output


def test_plain_ginscore_prints_the_help_to_stdout_and_succeeds(run):
    for args in ([], ["--ledger", "somewhere"]):  # cli.main, what the console script runs
        done = run(args, prog_name="ginscore")
        assert done.exit_code == 0 and done.stderr == ""
        assert done.stdout.startswith("Usage: ginscore") and "ginscore knock alice 4 15" in done.stdout


# ---- hints that paste into a shell --------------------------------------------------------------


def after(text: str, marker: str) -> list:
    """The command a message suggests after ``marker``, split as a POSIX shell splits it."""
    assert marker in text, text
    return shlex.split(text.split(marker, 1)[1].strip())


@pytest.mark.parametrize("players", [AWKWARD[:2], AWKWARD[2:4], [AWKWARD[4], "Bob"], ["Mary Ann", "Bob", "-Cy"]])
def test_the_new_game_hint_pastes_as_the_intended_command(run, players):
    table = [] if len(players) == 2 else ["--three-handed"]
    play(run, ["new", *table, "--target", "1", "--", *players])
    play(run, ["knock", "--", players[0], "1", "20"])
    line = refused(run, "draw", "is over")
    argv = after(line, "start a new one with: ")
    dash = ["--"] if any(name.startswith("-") for name in players) else []
    assert argv == ["ginscore", "new", *table, *dash, *players]
    play(run, argv[1:])  # and it runs as the same players
    assert status_json(run)["players"] == players


def test_the_rummy_hint_and_the_cards_hint_paste_as_intended(run):
    play(run, ["new", "--rummy", "--", "-x", "Mary Ann", "<b>"])
    line = refused(run, ["out", "--", "-x", "mary=5"], "every other player is named once")
    assert after(line, "e.g.: ") == ["ginscore", "out", "--", "-x", "Mary Ann=20", "<b>=20"]
    play(run, ["new", "--", "O'Neil", "-x"])
    gin = "3s 4s 5s 6s 4h 4d 4c 7d 8d 9d"
    other = "Ah 2h 5h 9h Kh 2c Tc Jc 5d Qs"
    line = refused(run, ["knock", "o", "--cards", gin, "--opponent-cards", other], "that is gin")
    assert after(line, "record it with: ") == ["ginscore", "gin", "O'Neil", "--cards", gin, "--opponent-cards", other]
    line = refused(run, ["knock", "--cards", gin, "--opponent-cards", other, "--", "-x"], "that is gin")
    argv = after(line, "record it with: ")
    assert argv == ["ginscore", "gin", "--cards", gin, "--opponent-cards", other, "--", "-x"]
    play(run, argv[1:])


# ---- honest input -------------------------------------------------------------------------------


def test_big_gin_with_big_gin_off_is_refused_not_dropped(run, isolated_ledger):
    play(run, "new Alice Bob --big-gin-bonus 0")
    before = ledger_bytes(isolated_ledger)
    refused(run, "gin bob 30 --big", "--big", "without big gin", "leave out --big")
    assert ledger_bytes(isolated_ledger) == before
    play(run, "gin bob 30")
    refused(run, "edit 1 gin bob 30 --big", "leave out --big")
    play(run, "new Alice Bob", "gin bob 30 --big")
    assert status_json(run)["hands"][0]["result"] == "big_gin"


# ---- the dealer (RULES.md sections 3, 7 and 8) --------------------------------------------------


def next_dealers(run, *commands) -> list:
    """``next_dealer`` after each command (status --json)."""
    found = []
    for command in commands:
        play(run, command)
        found.append(status_json(run)["next_dealer"])
    return found


def test_two_players_the_winner_deals_next_and_a_draw_keeps_the_dealer(run):
    created = play(run, "new Alice Bob").output
    assert "Cut for deal: the higher card chooses who deals first." in created
    assert status_json(run)["next_dealer"] is None and status_json(run)["dealer"] is None
    draw = play(run, "draw").output
    assert "Whoever dealt the last hand deals again." in draw  # nobody knows yet who that is
    assert next_dealers(run, "knock alice 4 15", "draw", "gin bob 30", "knock al 9 9", "draw") == [
        "Alice", "Alice", "Bob", "Bob", "Bob",  # 9 v 9 is Bob's undercut: Bob won it
    ]
    report = play(run, "knock bob 2 22").output
    assert "Bob deals first in the next game ('ginscore rematch')." in report
    assert status_json(run)["next_dealer"] is None


def test_the_dealer_named_at_the_start_deals_and_status_and_the_sheet_say_so(run):
    created = play(run, "new Alice Bob --dealer bo").output
    assert "Bob deals the first hand." in created
    assert status_json(run)["dealer"] == "Bob" and status_json(run)["next_dealer"] == "Bob"
    assert next_dealers(run, "draw", "knock alice 4 15") == ["Bob", "Alice"]
    assert "Alice deals the next hand." in run("status").output
    assert "Alice deals the next hand." in run("sheet").output
    refused(run, "new Alice Bob --dealer Cy", "'Cy'")


def test_a_tie_that_scores_nothing_keeps_the_dealer(run):
    play(run, "new Alice Bob --tie no-score --dealer alice")
    assert next_dealers(run, "knock bob 5 5") == ["Alice"]


def test_hollywood_deals_like_two_players(run):
    play(run, "new Alice Bob --hollywood --dealer alice")
    assert next_dealers(run, "knock bob 1 10", "draw", "gin alice 5") == ["Bob", "Bob", "Alice"]


def test_three_handed_the_player_who_sits_out_deals(run):
    # RULES.md 7's worked game: C sits out first, then B, A, B.
    created = play(run, "new A B C --three-handed").output
    assert "Next hand: A v B; C sits out and deals." in created
    assert status_json(run)["next_dealer"] == "C"
    assert next_dealers(run, "knock a 2 20", "draw", "gin c 12", "knock c 5 30") == ["B", "B", "A", "B"]
    report = play(run, "gin c 15").output
    assert "C deals first in the next game" in report
    refused(run, "new A B C --three-handed --dealer a", "sits out deals", "C")
    play(run, "new A B C --three-handed --dealer c")


def test_partnership_first_and_third_deal_in_odd_rounds(run):
    created = play(run, "new A B C D --partnership").output
    assert "Round 1: A v B and C v D to play (A and C deal)." in created
    data = status_json(run)
    assert data["next_dealer"] is None and data["dealers"] == ["A", "C"]
    play(run, "knock c 3 15")
    assert status_json(run)["dealers"] == ["A"]
    report = play(run, "knock a 4 20").output
    assert "Round 2: A v D and C v B to play (D and B deal)." in report
    assert status_json(run)["dealers"] == ["D", "B"]
    play(run, "draw b")  # a drawn table is not replayed: round 2 waits for A v D only
    assert status_json(run)["dealers"] == ["D"]
    play(run, "knock a 3 10")
    assert status_json(run)["dealers"] == ["A", "C"]  # round 3 is odd again
    refused(run, "new A B C D --partnership --dealer b", "first and third named")


def test_rummy_the_deal_passes_left_and_with_two_the_winner_deals(run):
    play(run, "new Ann Ben Cy --rummy --dealer ben")
    assert status_json(run)["next_dealer"] == "Ben"
    assert next_dealers(run, "out ann ben=5 cy=5", "out ann ben=5 cy=5", "out ben ann=5 cy=5") == ["Cy", "Ann", "Ben"]
    play(run, "new Ann Ben --rummy")
    assert status_json(run)["next_dealer"] == "Ann"  # the first named, as before
    assert next_dealers(run, "out ben ann=5", "out ben ann=5") == ["Ben", "Ben"]


def test_the_winner_of_the_last_game_between_the_same_players_deals_first(run):
    first = new_game(run, "new Alice Bob --target 10")
    play(run, "gin bob 10")
    play(run, "new Cy Dee")  # other players: they cut
    assert status_json(run)["next_dealer"] is None
    created = play(run, "new bob ALICE").output  # the same two, in any order and case
    assert f"bob won game {first}" in created  # why he deals (the dealer's own line: the test above)
    assert status_json(run)["dealer"] == "bob"
    play(run, "new Alice Bob --dealer alice")  # named wins over the last game
    assert status_json(run)["next_dealer"] == "Alice"


# ---- removing and repeating ---------------------------------------------------------------------


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


def test_rematch_keeps_players_table_rules_and_stake_and_the_winner_deals(run):
    play(run, "new Alice Bob --target 50 --undercut-bonus 10 --stake 0.01 --currency €", "gin bob 30")
    first = status_json(run)
    play(run, "rematch")
    second = status_json(run)
    assert second["id"] == game_ids(run)[1] != first["id"] and second["rules"]["target"] == 50
    for key in ("table", "players", "rules", "stake", "currency"):
        assert second[key] == first[key], key
    assert second["hands"] == [] and second["next_dealer"] == "Bob"
    play(run, "new A B C --three-handed --target 10", "knock b 1 20", "rematch")
    assert status_json(run)["players"] == ["C", "A", "B"] and status_json(run)["next_dealer"] == "B"


# ---- ginscore play (the pseudo-terminal test is tests/system/test_play.py) --------------------------


def test_play_without_readline_loses_only_completion(run, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "readline", None)  # "import readline" now fails
    entries = "new Alice Bob\nk al 4 15\nbg bob 12\nu\nredo\nst\n?\nplay\nk 'al\nq\n"
    result = run("play", input=entries)
    assert result.exit_code == 0, result.output
    assert "Hand 1: Alice knocks 4 v 15 -> Alice +11." in result.output
    assert "Undid hand 2" in result.output and "Redid hand 2" in result.output
    assert "bg PLAYER D" in result.output and "already" in result.output and "close the quote" in result.output
    assert [hand["result"] for hand in status_json(run)["hands"]] == ["knock", "big_gin"]


def test_play_follows_a_new_game_and_a_rematch_typed(run):
    """Issue 34 item 3: piped input is not asked a question (the line after the game's last
    hand is the entry it was meant as); the session says so and how to get a rematch."""
    result = run("play", input="new Ann Ben --target 10\nk ann 1 20\nrematch\nk ben 1 20\nq\n")
    assert result.exit_code == 0, result.output
    second = game_ids(run)[1]
    assert "No rematch asked: input is not a terminal; type 'rematch' to start one." in result.output
    assert "[y/N]" not in result.output and f"Game {second}: Ann v Ben" in result.output
    assert status_json(run)["id"] == second and status_json(run)["hands"][0]["player"] == "Ben"


def test_play_reads_the_line_after_a_game_ends_as_the_entry_it_is(run):
    """Issue 34 item 3: the rematch question swallowed the next hand as its "no"."""
    first = new_game(run, "new Ann Ben --target 10")
    result = run("play", input="k ann 1 20\nnew Cy Dee\nk cy 4 15\nq\n")
    assert result.exit_code == 0, result.output
    assert game_ids(run)[1] != first and [hand["player"] for hand in status_json(run)["hands"]] == ["Cy"]
    assert "Error" not in result.output


def test_play_takes_oklahoma_upcards_as_the_last_word(run):
    """Issue 34 item 3: k PLAYER K D CARD, g PLAYER D CARD, bg, d CARD, d PLAYER CARD."""
    result = run("play", input="new Ann Ben --rules oklahoma\nk an 6 15 7h\nd 4d\ng ben 20 10c\nbg ann 3 Qd\n?\nq\n")
    assert result.exit_code == 0, result.output
    hands = status_json(run)["hands"]
    assert [(hand["result"], hand.get("upcard")) for hand in hands] == [
        ("knock", "7h"), ("draw", "4d"), ("gin", "Tc"), ("big_gin", "Qd")
    ]
    assert "Oklahoma: the upcard last (k al 6 15 7h, g bob 30 Ks, d 4d)." in result.output


def test_play_aims_at_its_own_game(run):
    first = new_game(run, "new Ann Ben")
    play(run, "new Cy Dee")
    result = run(f"play --game {first}", input="k an 4 15\nq\n")
    assert "Ann knocks 4 v 15" in result.output
    assert len(status_json(run, "--game", first)["hands"]) == 1 and status_json(run)["hands"] == []


# ---- shell completion ---------------------------------------------------------------------------


def completions(args: str, incomplete: str = "") -> list:
    from click.shell_completion import ShellComplete

    from ginscore.cli import cli

    complete = ShellComplete(cli, {}, "ginscore", "_GINSCORE_COMPLETE")
    return [item.value for item in complete.get_completions(args.split(), incomplete)]


def test_completion_of_players_games_presets_formats_and_config_keys(run):
    first, second = new_game(run, "new Alice Bob"), new_game(run, "new Ann Ben Cy --rummy")
    assert completions("knock") == ["Ann", "Ben", "Cy"]
    assert completions(f"knock --game {first}", "al") == ["Alice"]
    assert completions(f"knock --game {first[:4]}", "al") == ["Alice"]  # a unique beginning is the game
    assert completions("gin", "B") == ["Ben"] and completions("draw", "c") == ["Cy"]
    assert completions("out ann", "b") == ["Ben="]
    assert completions("status --game") == [second, first] and completions("void") == [second, first]
    assert completions("new --rules", "t") == ["twenties"] and "pagat" in completions("rules")
    assert completions("sheet --format", "git") == ["github"]
    assert completions("config set", "undercut") == ["undercut_bonus", "undercut_boxes"]
    assert completions("new Dee Eve --dealer", "e") == ["Eve"]
    assert "--three-handed" in completions("new", "--th") and completions("", "kn") == ["knock"]


def test_completion_never_fails_on_a_missing_or_broken_ledger(run, isolated_ledger):
    assert completions("knock") == [] and completions("status --game") == []
    play(run, "new Alice Bob")
    game_file(isolated_ledger).write_text("{broken", "utf-8")
    assert completions("knock") == []


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


def test_play_undo_right_after_settle_record_takes_back_the_settlement_as_undo_does(run):
    play(run, "new Dan Eve --stake 1 --target 10", "gin dan 5")
    result = run("play", input="settle --record\nu\nq\n")
    assert "Took back settlement" in result.output


def test_a_first_dealer_in_a_game_file_must_be_one_of_its_players(run, isolated_ledger):
    play(run, "new Alice Bob --dealer alice")
    path = game_file(isolated_ledger)
    data = json.loads(path.read_text("utf-8"))
    assert data["dealer"] == "Alice"
    data["dealer"] = "Mallory"
    path.write_text(json.dumps(data), "utf-8")
    result = run("check")
    assert result.exit_code == 1 and "dealer: expected the name of one of the players" in result.output


def test_the_docs_session_at_the_table_is_what_play_prints(run):
    import re

    readme = (ROOT / "docs" / "first-evening.md").read_text("utf-8")
    block = readme.split("## At the table", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    entries = re.findall(r"game [0-9a-z]+> ([^\n]*)\n", block)
    shown = re.sub(r"(game [0-9a-z]+> )[^\n]*\n", r"\1", block).replace("$ ginscore play\n", "")
    game = new_game(run, "new Alice Bob --dealer bob")
    result = run("play", input="".join(f"{entry}\n" for entry in entries))
    # the id is made on the device, so the page's session shows one of its own
    readme_id = re.search(r"game ([0-9a-z]+)> ", block).group(1)
    assert re.sub(rf"\b{game}\b", readme_id, result.output) == shown
