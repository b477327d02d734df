"""'ginscore new': the hints it prints (each pastes as the command it names), the names it takes and refuses, the house rules typed as its options and said in words, a second game between the same players, and what it says when part of it cannot be written."""

from __future__ import annotations

import json
import shlex

import pytest

from helpers import game_ids, ledger_bytes, new_game, play, refused, status_json

# Names a shell would trip on: a space, quotes, redirections, a leading dash.
AWKWARD = ["Mary Ann", "-x", "<b>Bob</b>", "O'Neil \"Ace\"", "a>b"]


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


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("A\x1b[31mred", "has control characters"),  # a terminal escape, replayed on every sheet
        ("x" * 41, "is 41 characters long: a player's name has at most 40"),
    ],
)
def test_unprintable_or_overlong_names_are_refused(run, isolated_ledger, name, message):
    play(run, "new A B")
    before = ledger_bytes(isolated_ledger)
    result = run(["new", name, "Bob"])
    assert result.exit_code == 1 and message in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_names_of_any_script_and_up_to_40_characters_are_fine(run):
    play(run, ["new", "Zoë 👨‍👩‍👧", "x" * 40])


def test_new_game_saved_but_current_game_not_writable_is_reported_as_started(run, isolated_ledger, tmp_path):
    play(run, "new A B")
    (current,) = (tmp_path / "state" / "ledgers").glob("*/current")
    current.unlink()
    current.mkdir()  # this device's current game cannot be replaced, as on a full disk
    result = run("new C D")
    # the game file was written, so the command must not say that nothing changed
    assert result.exit_code == 0, result.output
    second = game_ids(run)[1]
    assert result.output.startswith(f"Game {second}: C v D")
    assert f"Game {second}: C v D" in run("status").output  # the game written last
    result = run("new E F")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"Game {game_ids(run)[2]}: E v F")


def test_summary_names_yes_no_settings_in_words(run):
    assert "Rules: oklahoma (target 150, Oklahoma Gin)." in run("new A B --rules oklahoma").output
    assert "Rules: Oklahoma Gin." in run("new A B --oklahoma").output
    assert "Rules: lay-offs on gin." in run("new A B --gin-layoffs").output  # was "gin layoffs yes"


def test_config_keys_may_be_typed_as_the_options_of_new(run):
    result = run("config set --undercut-bonus 20")  # the spelling 'ginscore new' uses
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Set undercut_bonus = 20 in ")
    result = run("config unset --undercut-bonus")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Removed undercut_bonus from ")


@pytest.mark.parametrize(
    "command", ["new Alice alice", "new Alice", "new Alice Bob --columns 5", "new Alice Bob Carol --hollywood"]
)
def test_a_refused_first_game_does_not_create_the_ledger(run, isolated_ledger, command):
    result = run(command)
    assert result.exit_code == 1, result.output
    assert not isolated_ledger.exists()  # not even the folder and its .lock


def test_a_second_game_between_the_same_players_says_the_first_is_in_progress(run):
    first = new_game(run, "new P Q")
    play(run, "knock p 1 18")
    second = play(run, "new Q P")
    assert (
        f"Game {first}, P v Q, is still in progress (P 17, Q 0): carry on with --game {first}, "
        f"or set it aside with 'ginscore void {first}'."
    ) in second.output
    assert "still in progress" not in play(run, "new P R").output  # other players: not a word
    rummy = play(run, "new P Q R --rummy", "out p q=3 r=4", "new R Q P --rummy")
    ids = game_ids(run)
    assert f"Game {ids[3]}, P v Q v R, is still in progress (P +7, Q -3, R -4): 'ginscore end {ids[3]}' ends it" in rummy.output
    started = run("new P Q --json")  # the JSON stays JSON; the word goes beside it
    assert json.loads(started.stdout)["id"] == game_ids(run)[5]
    assert f"Game {ids[1]}, Q v P, is still in progress" in started.stderr
