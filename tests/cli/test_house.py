"""House rules through the command line: presets on scripted games, shutout and tie rules,
Oklahoma upcards, 'ginscore rules' and the house-rules file ('ginscore config').

Every expected number is worked by hand in the comments next to it.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from helpers import ROOT, ledger_bytes, new_game, ok, play, refused

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib


def status(run, *extra):
    return json.loads(ok(run, ["status", "--json", *extra]).output)


@pytest.fixture
def config_file(tmp_path):
    """The house-rules file conftest points GINSCORE_CONFIG at."""
    return tmp_path / "config.toml"


# ---- each preset on a short scripted game -------------------------------------------------

MIXED = ["knock alice 4 15", "knock alice 9 9", "gin bob 30", "draw", "knock bob 2 22"]
SHUTOUT = ["knock alice 2 14", "knock alice 2 10", "knock alice 5 40", "knock alice 1 21", "knock alice 3 28"]

PRESET_GAMES = [
    # standard: Alice +11; tie -> Bob undercuts +25; gin 25 + 30 = 55 (80); draw; Bob +20 (100).
    # Bob 100 + 3 x 25 + 100 = 275; Alice 11 + 25 = 36; net 239.
    ("standard", MIXED, [11, 25, 55, 0, 20], {"Bob": 275, "Alice": 36}, 239),
    # seed-000: no shutout here, so the same as standard.
    ("classic", MIXED, [11, 25, 55, 0, 20], {"Bob": 275, "Alice": 36}, 239),
    # seed-000 shutout, hands 12 + 8 + 35 + 20 + 25 = 100: 2 x (100 + 100) + 5 x 25 = 525.
    ("classic", SHUTOUT, [12, 8, 35, 20, 25], {"Alice": 525, "Bob": 0}, 525),
    # seed-000-variant: Alice +11; tie -> Bob +10; gin 20 + 30 = 50 (60); Bob 42 - 2 = 40 (100).
    # Bob 100 + 3 x 20 + 100 = 260; Alice 11 + 20 = 31; net 229.
    ("classic-variant", MIXED[:3] + ["knock bob 2 42"], [11, 10, 50, 40], {"Bob": 260, "Alice": 31}, 229),
    # its shutout doubles before boxes of 20: 2 x 200 + 5 x 20 = 500.
    ("classic-variant", SHUTOUT, [12, 8, 35, 20, 25], {"Alice": 500, "Bob": 0}, 500),
    # seed-004: Alice +11; tie -> Bob +20; gin +55 (75); draw; +20 (95); +5 (100).
    # Bob 100 + 4 x 20 + 100 = 280; Alice 11 + 20 = 31; net 249.
    ("twenties", MIXED + ["knock bob 3 8"], [11, 20, 55, 0, 20, 5], {"Bob": 280, "Alice": 31}, 249),
    # seed-004 shutout, "the difference is doubled": 2 x (100 + 100 + 5 x 20) = 600.
    ("twenties", SHUTOUT, [12, 8, 35, 20, 25], {"Alice": 600, "Bob": 0}, 600),
    # pagat: Alice +11; tie -> Bob +10; gin 20 + 30 = 50 (60); +40 (100).
    # Bob 100 + 3 x 20 + 100 = 260; Alice 31; net 229.
    ("pagat", MIXED[:3] + ["knock bob 2 42"], [11, 10, 50, 40], {"Bob": 260, "Alice": 31}, 229),
    # pagat shutout doubles the game bonus: 100 + 200 + 5 x 20 = 400.
    ("pagat", SHUTOUT, [12, 8, 35, 20, 25], {"Alice": 400, "Bob": 0}, 400),
]


@pytest.mark.parametrize("preset, commands, points, totals, net", PRESET_GAMES)
def test_each_preset_on_a_scripted_game(run, preset, commands, points, totals, net):
    ok(run, f"new Alice Bob --rules {preset}")
    play(run, *commands)
    state = status(run)
    assert [hand["points"] for hand in state["hands"]] == points
    assert state["finished"]
    assert state["final"]["totals"] == totals
    assert state["final"]["net"] == net


def test_oklahoma_preset_on_a_scripted_game(run):
    ledger = os.environ["GINSCORE_LEDGER"]
    created = ok(run, "new Alice Bob --rules oklahoma")
    assert "first to 150" in created.output
    ok(run, "knock alice 4 15 --upcard 7h")  # limit 7: Alice +11
    before = ledger_bytes(ledger)
    refused = run("knock alice 8 20 --upcard 7h")
    assert refused.exit_code == 1
    assert "knock limit of 7, set by the 7h upcard" in refused.output
    assert ledger_bytes(ledger) == before
    ok(run, "knock alice 6 9 --upcard Kc")  # face card: limit 10, Alice +3 (14)
    ok(run, "knock bob 5 5 --upcard 5s")  # tie: Alice undercuts, spade doubles the score: 2 x 25 = 50 (64)
    ok(run, "gin bob 30 --upcard 9s")  # 2 x (30 + 25) = 110
    refused = run("knock alice 1 5 --upcard Ad")
    assert refused.exit_code == 1 and "only gin" in refused.output
    ok(run, "gin alice 20 --upcard Ad")  # 20 + 25 = 45 (109)
    ok(run, "draw --upcard 4d")
    ok(run, "knock bob 3 43 --upcard 3d")  # Bob +40: 150, game over
    state = status(run)
    assert [hand["points"] for hand in state["hands"]] == [11, 3, 50, 110, 45, 0, 40]
    assert [hand["upcard"] for hand in state["hands"]] == ["7h", "Kc", "5s", "9s", "Ad", "4d", "3d"]
    assert [hand.get("multiplier", 1) for hand in state["hands"]] == [1, 1, 2, 2, 1, 1, 1]
    assert state["rules"]["oklahoma"] is True and state["rules"]["target"] == 150
    # Bob 150 + 2 x 25 + 100 = 300; Alice 109 + 4 x 25 = 209; net 91
    assert state["final"]["totals"] == {"Bob": 300, "Alice": 209}
    assert state["final"]["net"] == 91


def test_oklahoma_sheet_shows_each_upcard(run):
    play(run, "new Alice Bob --oklahoma", "knock alice 3 10 --upcard 10h", "gin bob 5 --upcard K♠")
    sheet = ok(run, "sheet --format csv").output
    rows = sheet.splitlines()
    assert rows[0].startswith("hand,upcard,description")
    assert rows[1].startswith("1,Th,") and rows[2].startswith("2,Ks,")
    # gin against 5 on a spade, spade-double score: 2 x (5 + 25) = 60
    assert status(run)["hands"][1]["points"] == 60


@pytest.mark.parametrize(
    "command, message",
    [
        ("knock alice 3 10", "give the hand's upcard with --upcard"),
        ("draw", "--upcard"),
        ("knock alice 3 10 --upcard 1x", "--upcard '1x' is not one card"),
        ("knock alice 3 10 --upcard", "requires an argument"),
        ("gin alice 3 --upcard 7h,8h", "not one card"),
    ],
)
def test_bad_oklahoma_hands_write_nothing(run, command, message):
    ok(run, "new Alice Bob --rules oklahoma")
    before = ledger_bytes(os.environ["GINSCORE_LEDGER"])
    result = run(command)
    assert result.exit_code != 0
    assert message in result.output
    assert ledger_bytes(os.environ["GINSCORE_LEDGER"]) == before


@pytest.mark.parametrize("command", ["knock alice 3 10 --upcard 7h", "gin bob 10 --upcard 7h", "draw --upcard 7h"])
def test_upcard_on_a_non_oklahoma_game_is_refused(run, command):
    ok(run, "new Alice Bob")
    before = ledger_bytes(os.environ["GINSCORE_LEDGER"])
    result = run(command)
    assert result.exit_code == 1
    assert "not Oklahoma Gin" in result.output and "leave out --upcard" in result.output
    assert ledger_bytes(os.environ["GINSCORE_LEDGER"]) == before


# ---- shutout modes and tie rules through the command line ---------------------------------

# RULES.md's worked example (hands 12, 8, 35, 20, 25; box 25; game 100), plus the two modes it
# does not list: double-hands 2 x 100 + 100 + 125 = 425, flat:100 325 + 100 = 425.
@pytest.mark.parametrize(
    "mode, total",
    [("double-game-bonus", 425), ("double-total", 650), ("double-before-boxes", 525), ("none", 325),
     ("double-hands", 425), ("flat:100", 425)],
)
def test_each_shutout_mode_through_the_cli(run, mode, total):
    ok(run, f"new A B --shutout {mode}")
    play(run, *[command.replace("alice", "a") for command in SHUTOUT])
    final = status(run)["final"]
    assert final["shutout"] is True
    assert final["totals"] == {"A": total, "B": 0}
    assert final["shutout_extra"] == total - 325


@pytest.mark.parametrize(
    "tie, winner, points, boxes",
    [("undercut", "B", 25, {"A": 0, "B": 1}), ("knocker", "A", 0, {"A": 1, "B": 0}), ("no-score", None, 0, {"A": 0, "B": 0})],
)
def test_each_tie_rule_through_the_cli(run, tie, winner, points, boxes):
    play(run, f"new A B --tie {tie}", "knock a 9 9")
    state = status(run)
    assert (state["hands"][0]["winner"], state["hands"][0]["points"]) == (winner, points)
    assert state["boxes"] == boxes


def test_a_zero_point_tie_won_by_the_knocker_is_a_hand_won_so_no_shutout(run):
    # tie rule knocker: B wins hand 1 with 0 points and a box, so A's win is not a shutout.
    play(run, "new A B --tie knocker", "knock b 5 5", *[c.replace("alice", "a") for c in SHUTOUT])
    final = status(run)["final"]
    # A 100 + 5 x 25 + 100 = 325; B 0 + 25 = 25
    assert final["shutout"] is False
    assert final["totals"] == {"A": 325, "B": 25}


# ---- new: options, validation, summary ----------------------------------------------------


def test_new_prints_the_preset_and_what_differs(run):
    assert "Rules: twenties (undercut bonus 20, box bonus 20)." in ok(run, "new A B --rules twenties").output
    # the old name still works, and says the preset's new name
    assert "Rules: twenties (undercut bonus 20, box bonus 20)." in ok(run, "new A B --rules seed-004").output
    changed = ok(run, "new A B --rules Pagat --target 150").output
    assert "Rules: pagat with changes (target 150, gin bonus 20, undercut bonus 10, box bonus 20" in changed
    assert "Rules: standard rules." in ok(run, "new A B").output


def test_every_setting_is_an_option_on_new(run):
    ok(
        run,
        "new A B --target 250 --knock-limit 7 --gin-bonus 20 --big-gin-bonus 50 --undercut-bonus 15 "
        "--tie no-score --box-bonus 20 --gin-boxes 2 --undercut-boxes 2 --game-bonus 200 --shutout flat:100 "
        "--gin-layoffs --oklahoma --ace-upcard one --spade-double all",
    )
    assert status(run)["rules"] == {
        **status(run)["rules"],
        "target": 250, "knock_limit": 7, "gin_bonus": 20, "big_gin_bonus": 50, "undercut_bonus": 15,
        "tie": "no-score", "box_bonus": 20, "gin_boxes": 2, "undercut_boxes": 2, "game_bonus": 200,
        "shutout": "flat:100", "gin_layoffs": True, "oklahoma": True, "ace_upcard": "one", "spade_double": "all",
    }


@pytest.mark.parametrize(
    "options, message",
    [
        ("--target 0", "--target must be a whole number from 1"),
        ("--target ten", "--target"),
        ("--knock-limit 11", "--knock-limit"),
        ("--gin-bonus -1", "--gin-bonus"),
        ("--big-gin-bonus x", "--big-gin-bonus"),
        ("--undercut-bonus 2.5", "--undercut-bonus"),
        ("--box-bonus 1001", "--box-bonus"),
        ("--game-bonus ''", "--game-bonus"),
        ("--gin-boxes 11", "--gin-boxes"),
        ("--undercut-boxes -1", "--undercut-boxes"),
        ("--tie defender", "--tie must be one of undercut, knocker, no-score"),
        ("--shutout triple", "--shutout"),
        ("--shutout flat:lots", "--shutout"),
        ("--ace-upcard eleven", "--ace-upcard"),
        ("--spade-double twice", "--spade-double"),
        ("--rules house", "unknown rules preset 'house'"),
        ("--stake 0", "stake '0' is not positive"),
        ("--currency 'a b'", "currency 'a b' is not a symbol"),
    ],
)
def test_bad_settings_create_no_game(run, options, message):
    import shlex

    ledger = os.environ["GINSCORE_LEDGER"]
    result = run(["new", "A", "B", *shlex.split(options)])
    assert result.exit_code == 1
    assert message in result.output
    assert ledger_bytes(ledger) == {}


# ---- ginscore rules -----------------------------------------------------------------------


def test_rules_of_a_preset(run):
    shown = json.loads(ok(run, "rules pagat --json").output)
    assert shown["source"] == "preset" and shown["preset"] == "pagat"
    assert shown["differences"] == {"gin_bonus": 20, "undercut_bonus": 10, "box_bonus": 20, "shutout": "double-game-bonus"}
    assert shown["rules"]["gin_bonus"] == 20 and shown["rules"]["target"] == 100
    table = ok(run, "rules pagat --format csv").output.splitlines()
    assert table[0] == "setting,option,value,default"
    assert "undercut_bonus,'--undercut-bonus,10,25" in table  # a leading - is a formula to a spreadsheet
    assert "target,'--target,100," in table


def test_rules_of_a_game_and_of_the_defaults(run):
    game = new_game(run, "new A B --rules seed-004 --target 150")
    shown = json.loads(ok(run, f"rules --game {game} --json").output)
    assert shown["source"] == "game" and shown["game"] == game
    assert shown["differences"] == {"target": 150, "undercut_bonus": 20, "box_bonus": 20}
    defaults = json.loads(ok(run, "rules --json").output)
    assert defaults["source"] == "defaults" and defaults["differences"] == {}
    assert f"Game {game}, A v B: target 150, undercut bonus 20, box bonus 20" in ok(run, f"rules --game {game}").output
    assert "undercut_bonus,'--undercut-bonus,20,25" in ok(run, f"rules --game {game} --format csv").output


def test_rules_list(run):
    listing = json.loads(ok(run, "rules --list --json").output)["presets"]
    assert [entry["name"] for entry in listing] == ["standard", "classic", "classic-variant", "twenties", "pagat", "oklahoma"]
    assert all(entry["follows"] for entry in listing)
    assert "twenties" in ok(run, "rules --list").output


@pytest.mark.parametrize("command, code", [("rules house", 1), ("rules pagat --game 1", 2), ("rules --list pagat", 2)])
def test_rules_refuses_bad_requests(run, command, code):
    assert run(command).exit_code == code


# ---- the house-rules file -----------------------------------------------------------------


def test_config_without_a_file(run, config_file):
    shown = ok(run, "config").output
    assert str(config_file) in shown and "not created yet" in shown
    data = json.loads(ok(run, "config --json").output)
    assert data["path"] == str(config_file) and data["exists"] is False and data["file"] == {}
    assert data["effective"]["rules"]["undercut_bonus"] == 25
    ok(run, "new A B")
    assert not config_file.exists()


def test_config_set_and_unset(run, config_file):
    ok(run, "config set undercut-bonus 20")
    ok(run, "config set preset Seed-004")
    ok(run, "config set stake 1/100")
    ok(run, ["config", "set", "currency", "€"])
    ok(run, "config set gin_layoffs yes")
    assert tomllib.loads(config_file.read_text("utf-8")) == {
        "preset": "twenties", "undercut_bonus": 20, "gin_layoffs": True, "stake": "0.01", "currency": "€",
    }
    data = json.loads(ok(run, "config --json").output)
    assert data["exists"] is True
    assert data["effective"]["preset"] == "twenties" and data["effective"]["rules"]["box_bonus"] == 20
    assert "from" in ok(run, "config").output
    ok(run, "config unset undercut_bonus")
    assert "undercut_bonus" not in tomllib.loads(config_file.read_text("utf-8"))
    assert "not set" in ok(run, "config unset undercut_bonus").output


def test_new_takes_its_defaults_from_the_file(run):
    for command in ("config set preset seed-004", "config set target 150", "config set stake 0.01"):
        ok(run, command)
    ok(run, ["config", "set", "currency", "€"])
    ok(run, "new Alice Bob")
    state = status(run)
    assert (state["rules"]["target"], state["rules"]["undercut_bonus"], state["rules"]["box_bonus"]) == (150, 20, 20)
    assert state["stake"] == "0.01" and state["currency"] == "€"


def test_currency_is_shown_with_amounts(run):
    ok(run, ["config", "set", "currency", "€"])
    play(run, "new Alice Bob --stake 0.01", *MIXED)
    sheet = ok(run, "sheet").output
    assert "€0.01" in sheet and "€2.39" in sheet  # net 239 (standard game above); the words: test_qa_blackbox
    ok(run, "new Alice Bob --stake 2 --currency CHF")
    assert status(run)["currency"] == "CHF"


def test_command_line_options_override_the_file(run):
    play(run, "config set preset pagat", "config set undercut_bonus 15", "config set stake 0.5")
    ok(run, "new A B --undercut-bonus 5 --stake 1")
    state = status(run)
    # the file's preset still applies under the option: pagat's gin bonus 20, box 20
    assert (state["rules"]["undercut_bonus"], state["rules"]["gin_bonus"], state["rules"]["box_bonus"]) == (5, 20, 20)
    assert state["stake"] == "1"


def test_rules_on_the_command_line_replaces_the_files_preset_and_settings(run):
    play(run, "config set preset pagat", "config set undercut_bonus 15", "config set stake 0.5")
    ok(run, "new A B --rules seed-004")
    state = status(run)
    assert (state["rules"]["undercut_bonus"], state["rules"]["gin_bonus"], state["rules"]["box_bonus"]) == (20, 25, 20)
    assert state["stake"] == "0.5"  # stake and currency are not rules: the file's still apply
    ok(run, "new A B --rules standard --target 50")
    rules = status(run)["rules"]
    assert (rules["target"], rules["undercut_bonus"], rules["gin_bonus"]) == (50, 25, 25)


def test_the_file_never_changes_an_existing_game(run):
    ledger = os.environ["GINSCORE_LEDGER"]
    play(run, "config set undercut_bonus 20", "config set stake 0.01", "config set target 50")
    play(run, "new A B", "knock a 4 15")  # A +11
    rules_before = status(run)["rules"]
    files_before = ledger_bytes(ledger)
    play(run, "config set undercut_bonus 10", "config set preset pagat", "config set stake 5", "config unset target")
    assert ledger_bytes(ledger) == files_before
    assert status(run)["rules"] == rules_before
    ok(run, "knock a 9 5")  # undercut under the game's own rules: 4 + 20 = 24, not 4 + 10
    state = status(run)
    assert state["hands"][1]["points"] == 24
    assert state["rules"]["target"] == 50 and state["stake"] == "0.01"
    ok(run, "new A B")  # a new game takes the file as it is now
    assert status(run)["rules"]["undercut_bonus"] == 10


@pytest.mark.parametrize(
    "key, value, message",
    [
        ("targt", "3", "targt: unknown key"),
        ("rules", "house", "preset must be one of the presets"),
        ("target", "0", "target must be a whole number from 1"),
        ("target", "-3", "target must be a whole number"),
        ("undercut-bonus", "lots", "undercut_bonus must be a whole number"),
        ("tie", "defender", "tie must be one of"),
        ("shutout", "flat:x", "shutout must be one of"),
        ("gin_layoffs", "perhaps", "gin_layoffs must be true or false"),
        ("preset", "house", "preset must be one of the presets"),
        ("stake", "0", "stake '0' is not positive"),
        ("stake", "1/3", "no exact decimal value"),
        ("stake", "1e30", "more than 28 digits"),  # was a traceback
        ("currency", "a b", "currency 'a b' is not a symbol"),
        ("currency", "", "is not a symbol"),
    ],
)
def test_bad_config_values_write_nothing(run, config_file, key, value, message):
    result = run(["config", "set", key, value])
    assert result.exit_code == 1 and message in result.output
    assert not config_file.exists()
    ok(run, "config set target 150")
    before = config_file.read_bytes()
    result = run(["config", "set", key, value])
    assert result.exit_code == 1 and message in result.output
    assert config_file.read_bytes() == before


DAMAGED = [
    ("target = \n", "line 1"),
    ("target = 150\ntarget = 100\n", "line 2"),
    ('preset = "pagat"\n[extra\n', "line 2"),
]


@pytest.mark.parametrize("text, place", DAMAGED)
def test_a_damaged_file_is_reported_and_never_overwritten(run, config_file, text, place):
    config_file.write_text(text, "utf-8")
    for command in ("config", "new A B", "rules", "config set target 5", "config unset target"):
        result = run(command)
        assert result.exit_code == 1, command
        assert str(config_file) in result.output and "not valid TOML" in result.output and place in result.output
    assert config_file.read_text("utf-8") == text
    assert ledger_bytes(os.environ["GINSCORE_LEDGER"]) == {}


def test_a_bad_value_in_the_file_names_the_file_and_key_and_set_repairs_it(run, config_file):
    config_file.write_text('target = 0\ncolour = "red"\n', "utf-8")
    result = run("new A B")
    assert result.exit_code == 1 and f"{config_file}: target must be a whole number" in result.output
    repaired = ok(run, "config set target 100").output
    assert "still needs fixing" in repaired and "colour: unknown key" in repaired
    assert "New games: standard rules." in ok(run, "config unset colour").output
    assert tomllib.loads(config_file.read_text("utf-8")) == {"target": 100}
    ok(run, "new A B")


def test_config_set_refuses_to_rewrite_a_table_it_cannot_write(run, config_file):
    text = 'target = 100\n[players]\nalice = "A"\n'
    config_file.write_text(text, "utf-8")
    result = run("config set target 150")
    assert result.exit_code == 1 and "players holds dict data" in result.output
    assert config_file.read_text("utf-8") == text


def test_a_file_with_only_comments_is_empty_defaults(run, config_file):
    config_file.write_text("# our table\n", "utf-8")
    assert json.loads(ok(run, "config --json").output)["file"] == {}


def test_rules_doc_prints_the_rules_reference_and_the_help_points_at_it(run):
    """Issue 20 item 14: the reference is shown by ginscore itself, not by a path of the checkout."""
    with open(os.path.join(ROOT, "docs", "rules.md"), encoding="utf-8") as handle:
        reference = handle.read()
    shown = run("rules --doc")
    assert shown.exit_code == 0 and shown.output.rstrip("\n") == reference.rstrip("\n")
    assert run("rules --doc --list").exit_code == 2  # one thing at a time
    helped = run("rules --help").output
    assert "docs/rules.md" not in helped and "ginscore rules --doc" in helped


def test_config_shows_the_lang_key_and_suggests_the_keys_a_prefix_begins(run, isolated_ledger):
    """Issue 20 item 22: every key of the file is shown, lang included; a key cut short gets
    the keys it begins."""
    assert re.search(r"^lang +none *$", run("config").output, re.MULTILINE)
    assert run("config --json").exit_code == 0 and json.loads(run("config --json").output)["effective"]["lang"] is None
    refused = run("config set und 20")
    assert refused.exit_code == 1 and refused.output.count("\n") == 1
    assert "did you mean 'undercut_bonus', 'undercut_boxes'?" in refused.output
    assert "did you mean 'gin_bonus'?" in run("config set gin_bonsu 20").output  # a slip of the fingers
    play(run, "config set lang uk")
    assert re.search(r"^lang +uk +", run("--lang en config").output, re.MULTILINE)


def test_config_set_reports_a_yes_no_setting_as_the_config_table_shows_it(run):
    result = run("config set gin_layoffs yes")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Set gin_layoffs = yes in ")  # was Python's "True"
    assert re.search(r"^gin_layoffs +yes +file$", run("config").output, re.MULTILINE)


def test_rules_and_config_say_what_a_column_target_of_0_means(run):
    assert re.search(r"^column_target +0 \(the target, 100\) +standard$", run("config").output, re.M)
    game = new_game(run, "new A B --hollywood --target 150")
    assert re.search(r"^column_target +--column-target +150 +0 \(the target, 150\)$", run(f"rules --game {game}").output, re.M)


def test_settings_presets_and_keys_suggest_what_was_meant(run, isolated_ledger):
    play(run, "new Alice Bob")
    refused(run, "rules set targte 150", "Error: no setting 'targte': did you mean target?")
    refused(run, "rules set colour 3", "no setting 'colour': the settings of a standard game are target,")  # nothing near
    refused(run, "rules pagt", "unknown rules preset 'pagt': did you mean pagat? (see 'ginscore rules --list')")
    refused(run, "new Ann Ben --rules twentys", "did you mean twenties?")
    refused(run, "config set preset twentys", "preset: unknown preset 'twentys'; did you mean twenties?")
    refused(run, "config set targte 150", "did you mean 'target'?")
