"""Issue 34 items 4 to 6: errors that point at the mistake ("did you mean" below the top level,
a player left out, a player and a number typed together), Oklahoma named wherever a game's
kind is, completion saying whose game each id is, and the hledger CSV rules file shipped
with the package."""

import json
import os

from helpers import ROOT, new_game, ok, play, refused

# ---- a first word that is no player; a player and a number typed together ------------------------


def test_a_player_left_out_is_said_and_the_players_named(run, isolated_ledger):
    play(run, "new Alice Bob")
    refused(run, "knock 4 15",
            "Error: '4' is no player: give the player first, as in 'ginscore knock Alice 4 15' (the players: Alice, Bob)")
    refused(run, "gin 30", "'30' is no player", "'ginscore gin Alice 30'")
    refused(run, "knock 4", "'4' is no player")
    result = run("play", input="k 4 15\nq\n")
    assert "'4' is no player" in result.output and "4 4 15" not in result.output


def test_a_player_called_like_a_number_is_still_told_what_is_missing(run, isolated_ledger):
    play(run, "new 4 Bob")
    refused(run, "knock 4 15", "give both deadwoods, the knocker's and the opponent's: 'ginscore knock 4 4 15'")


def test_a_player_and_a_number_typed_together_are_said_so(run, isolated_ledger):
    play(run, "new Alice Bob")
    refused(run, "gin bo30", "'bo30' runs a player and a number together: put a space between them, as in 'ginscore gin bo 30'")
    refused(run, "knock al4 15", "as in 'ginscore knock al 4 15'")
    result = run("play", input="g bo30\nq\n")
    assert "runs a player and a number together" in result.output and "gin bo30 30" not in result.output


# ---- did you mean: settings, presets, keys, group commands, kinds of hand ------------------------


def test_settings_presets_and_keys_suggest_what_was_meant(run, isolated_ledger):
    play(run, "new Alice Bob")
    refused(run, "rules set targte 150", "Error: no setting 'targte': did you mean target?")
    refused(run, "rules set colour 3", "no setting 'colour': the settings of a standard game are target,")  # nothing near
    refused(run, "rules pagt", "unknown rules preset 'pagt': did you mean pagat? (see 'ginscore rules --list')")
    refused(run, "new Ann Ben --rules twentys", "did you mean twenties?")
    refused(run, "config set preset twentys", "preset: unknown preset 'twentys'; did you mean twenties?")
    refused(run, "config set targte 150", "did you mean 'target'?")


def test_commands_of_a_group_suggest_what_was_meant(run, isolated_ledger):
    refused(run, "config sett target 150", "Error: No such command 'sett' (did you mean set?)", code=2)
    refused(run, "config unst target", "(did you mean unset?)", code=2)
    line = refused(run, "config bogus", "Error: No such command 'bogus' (see ", code=2)
    assert "did you mean" not in line
    play(run, "new Alice Bob")
    refused(run, "rules sett target 150", "No such command 'sett' (did you mean set?)")


def test_kinds_of_hand_suggest_what_was_meant(run, isolated_ledger):
    play(run, "new Alice Bob", "knock alice 4 15")
    refused(run, "edit 1 knok alice 2 8", "got 'knok' (did you mean knock?)")
    result = run("play", input="knok al 4 15\ngni bob 30\nq\n")
    assert "No such command 'knok' (did you mean knock?)" in result.output
    assert "No such command 'gni' (did you mean gin?)" in result.output


# ---- Oklahoma named; completion says whose game -----------------------------------------------


def test_games_games_json_exports_and_completion_name_oklahoma(run, isolated_ledger):
    import jsonschema

    from ginscore.cli.schema import SCHEMAS

    okla = new_game(run, "new Ann Bob --rules oklahoma --target 10 --stake 1")
    play(run, "gin ann 20 --upcard 9h")
    hollywood = new_game(run, "new Cy Dee --hollywood --oklahoma")
    plain = new_game(run, "new Ed Fay")
    listing = ok(run, "games").stdout
    assert f"{okla}  " in listing and "Oklahoma" in listing.split(okla)[1].splitlines()[0]
    assert "hollywood, Oklahoma" in listing.split(hollywood)[1].splitlines()[0]
    assert "standard" in listing.split(plain)[1].splitlines()[0]
    document = json.loads(ok(run, "games --json").stdout)
    with open(os.path.join(SCHEMAS, "games.json"), encoding="utf-8") as handle:
        jsonschema.validate(document, json.load(handle))
    assert document["schema_version"] == "2.2"
    found = {entry["id"]: (entry["table"], entry["variant"]) for entry in document["games"]}
    assert found == {okla: ("standard", "oklahoma"), hollywood: ("hollywood", "oklahoma"), plain: ("standard", None)}
    journal = ok(run, "export --to hledger").stdout
    assert "Bob pays Ann for 340 points (Ann v Bob, Oklahoma)" in journal  # (20 + 25 gin + 100 game + 25 box) x 2, a shutout

    from click.shell_completion import ShellComplete

    from ginscore.cli import cli

    complete = ShellComplete(cli, {}, "ginscore", "_GINSCORE_COMPLETE")
    items = {item.value: item.help for item in complete.get_completions(["status", "--game"], "")}
    assert items == {
        plain: "Ed v Fay, standard, in progress",
        hollywood: "Cy v Dee, hollywood, Oklahoma, in progress",
        okla: "Ann v Bob, Oklahoma, finished",
    }
    play(run, f"void {hollywood}")
    assert [(item.value, item.help) for item in complete.get_completions(["unvoid"], "")] == [
        (hollywood, "Cy v Dee, hollywood, Oklahoma, voided")
    ]
    assert "(Ann — Bob, Оклахома)" in ok(run, "--lang ru export --to hledger").stdout


# ---- the CSV rules file ships ---------------------------------------------------------------------


def test_the_csv_rules_file_is_printed_written_and_alone(run, isolated_ledger, tmp_path):
    from ginscore.cli.exports import exporting_rules

    with open(os.path.join(ROOT, "ginscore", "data", "ginscore-export.csv.rules"), encoding="utf-8") as handle:
        shipped = handle.read()
    assert exporting_rules() == shipped and ok(run, "export --csv-rules").stdout == shipped
    target = tmp_path / "ginscore.csv.rules"
    ok(run, ["export", "--csv-rules", "-o", str(target)])
    assert target.read_text("utf-8") == shipped
    refused(run, "export --csv-rules --to csv",
            "Error: --csv-rules takes only --output FILE: the rules are the same for every export", code=2)
    refused(run, "export --csv-rules --all", "--csv-rules takes only --output FILE", code=2)
    assert not os.path.exists(os.path.join(ROOT, "docs", "ginscore-export.csv.rules"))  # one copy, in the package
