"""Issue #20, the command line's rough edges: a second game between the same players, a voided
current game, 'play --game' of no game, every --help, completion, the wrong kind of hand,
typos and the first dealer across kinds of table."""

import json

import pytest

from helpers import game_ids, ledger_bytes, new_game, play, status_json

LANGUAGES = ("en", "de", "ru", "uk")


def every_command():
    from ginscore.cli import cli

    return [(name, cli.get_command(None, name)) for name in cli.list_commands(None)]


def example_lines(help_text: str) -> list:
    """The lines of a help text's \\b blocks (click prints them as they are), stripped."""
    lines, inside = [], False
    for line in help_text.splitlines():
        if line.strip() == "\b":
            inside = True
        elif not line.strip():
            inside = False
        elif inside:
            lines.append(line.strip())
    return lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_help_prints_its_examples_one_per_line(run, language):
    from ginscore.base import i18n

    checked = 0
    for name, command in [("", None), *every_command()]:
        result = run(["--lang", language, *([name] if name else []), "--help"])
        assert result.exit_code == 0, (name, result.output)
        assert "\\b" not in result.output and "\b" not in result.output, (name, language, result.output)
        i18n.set_language(language)
        from ginscore.cli import cli

        text = (command or cli).help
        printed = {line.strip() for line in result.output.splitlines()}
        for line in example_lines(text):
            assert line in printed, (name, language, line, result.output)
            checked += 1
    assert checked > 40


def test_play_of_no_such_game_is_refused_before_any_prompt(run, isolated_ledger):
    play(run, "new Alice Bob")
    before = ledger_bytes(isolated_ledger)
    result = run("play --game 99", input="k alice 4 15\n")
    assert result.exit_code == 1
    assert "there is no game '99'" in result.output
    assert "game 99>" not in result.output and "Type ?" not in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_the_winner_deals_first_only_after_a_game_of_the_same_table(run):
    """Bob won a standard game: a Hollywood match of the same two cuts for deal, another
    standard game has Bob deal; a Rummy game after three-handed gin among the same three does
    not name the three-handed winner."""
    from helpers import THREE_HANDED_GAME

    first = new_game(run, "new Alice Bob")
    play(run, "gin bob 90")
    hollywood = play(run, "new Alice Bob --hollywood")
    assert "won game" not in hollywood.output
    assert status_json(run)["dealer"] is None
    again = play(run, "new Alice Bob")
    assert f"(Bob won game {first}, the last between these players.)" in again.output
    assert status_json(run)["dealer"] == "Bob"
    play(run, *THREE_HANDED_GAME)
    assert status_json(run)["winner"] == "Ben"
    rummy = play(run, "new Ann Ben Cat --rummy")
    assert "won game" not in rummy.output
    assert status_json(run)["dealer"] == "Ann"  # Rummy's own rule: the first named deals


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


def test_games_marks_and_names_every_game_left_in_progress(run):
    play(run, "new P Q", "knock p 1 18", "new A B --hollywood", "new C D", "gin c 90", "new E F")
    one, two, three, four = game_ids(run)
    listing = play(run, "games").output
    states = {line.split()[0]: line for line in listing.splitlines()[2:6]}
    assert "unfinished" in states[one] and "unfinished" in states[two]
    assert " finished" in states[three] and "in progress" in states[four]
    assert f"Also still in progress: games {one} (P v Q), {two} (A v B)" in listing
    assert f"Game {two} can also be ended as it stands: 'ginscore end {two}'." in listing
    last = play(run, "games --last 1").output  # found even when the listing leaves them out
    assert f"Also still in progress: games {one} (P v Q), {two} (A v B)" in last
    assert "still in progress" not in play(run, "games --unsettled").output
    play(run, f"void {one}", f"void {two}")
    assert "still in progress" not in play(run, "games").output


def test_completion_of_formats_languages_choices_and_the_games_to_void(run):
    from cli.test_at_the_table import completions

    play(run, "new Alice Bob", "new Carol Dan", "new Eve Fay")
    one, two, three = game_ids(run)
    play(run, f"void {two}")
    assert {"text", "markdown", "md", "json", "csv", "html", "github"} <= set(completions("games --format"))
    assert completions("sheet --format", "m")[:2] == ["markdown", "md"]
    assert completions("pad --format", "j")[0] == "json"
    assert completions("--lang") == ["en", "de", "ru", "uk"] and completions("--lang", "r") == ["ru"]
    assert completions("new A B --tie") == ["undercut", "knocker", "no-score"]
    assert completions("stats --table", "h") == ["hollywood"]
    assert completions("void") == [three, one]
    assert completions("unvoid") == [two]


def test_a_hand_of_the_wrong_kind_says_what_the_game_takes(run, isolated_ledger):
    first = new_game(run, "new Ann Ben")
    play(run, "knock ann 4 15")
    before = ledger_bytes(isolated_ledger)
    wrong = run("out z max=3")
    assert wrong.exit_code == 1
    assert wrong.output.strip() == (
        f"Error: 'out' is for Rummy games; game {first} is a standard game: record its hands with "
        "'ginscore knock Ann 4 15', 'ginscore gin Ben 30' and 'ginscore draw'"
    )
    assert "'out' is for Rummy games" in run("edit 1 out ann ben=3").output
    play(run, "new Cy Dee Eve Fay --partnership")
    assert "'ginscore draw Cy'" in run("out cy dee=3").output
    play(run, "new Gus Hal Ivy --rummy")
    assert "a Rummy game has no 'knock' hand" in run("knock zed 4 15").output
    assert run(f"knock ann 4 --game {first}").output.startswith(  # the player typed, not alice
        "Error: give both deadwoods, the knocker's and the opponent's: 'ginscore knock ann 4 15'"
    )
    assert "'ginscore gin ben 30'" in run(f"gin ben --game {first}").output
    after = ledger_bytes(isolated_ledger)
    assert {path: after[path] for path in before} == before  # the first game's file is as it was


def test_typos_get_the_command_they_were_meant_for(run):
    result = run("stauts")
    assert result.exit_code == 2
    assert "(did you mean status?)" in result.output  # a swap of two letters, not 'stats'
    assert "(did you mean knock?)" in run("knok").output
    play(run, "new Ann Ben")
    session = run("play", input="kk ann 4 15\nstauts\n")
    assert "Error: No such command 'kk' (did you mean k?)" in session.output
    assert "(did you mean status?)" in session.output


def test_an_empty_date_range_and_an_unknown_player_are_said(run, isolated_ledger):
    play(run, "new Ann Ben", "gin ann 90")
    for command in ("settle", "stats", "games"):
        result = run(f"{command} --since yesterday --until 2020-01-01")
        assert result.exit_code == 1
        assert "no game can be in that range" in result.output and result.output.count("\n") == 1
    assert play(run, "games --since today --until today").output.count("Ann v Ben") == 1
    stranger = run(["stats", "--vs", "Ann", "Zed"])
    assert stranger.exit_code == 1
    assert stranger.output == "Error: no player 'Zed' in any finished game: 'ginscore stats' lists every player\n"
    assert "no player 'Zed'" in run(["stats", "--player", "zed"]).output.replace("'zed'", "'Zed'")
    assert play(run, "stats --vs ann BEN").output.split()[:2] == ["Ann", "Ben"]


def test_play_moves_on_to_the_current_game_when_its_game_is_voided(run):
    one, two = new_game(run, "new Ann Ben"), new_game(run, "new Cy Dee")
    session = run("play", input=f"void {two}\nk ann 4 15\n")
    assert f"Playing game {one} now." in session.output
    assert "Ann knocks 4 v 15" in session.output
