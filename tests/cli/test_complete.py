"""Shell completion (ginscore.cli.complete): the players of the game, game ids and whose game each is, presets, formats, languages, choices and config keys, and never a failure on a missing or broken ledger."""

from helpers import game_file, game_ids, new_game, play


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


def test_completion_of_formats_languages_choices_and_the_games_to_void(run):
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
