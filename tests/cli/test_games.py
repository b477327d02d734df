"""'ginscore games': every game left in progress marked and named, and Oklahoma named wherever a game's kind is (games, its JSON, the exports, completion)."""

import json
import os

from helpers import game_ids, new_game, ok, play


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


def test_each_game_lists_its_own_amount_in_its_own_currency(run):
    """A listing writes each amount once and says it again (RowWords): the same amount in
    another currency, or in none, is written anew."""
    # each game: A knocks 4 v 15 (11 to A), B gins v 90 (25 + 90 = 115 to B); B wins 115 + 100
    # game + 25 box - (11 + 25 box) = 204 points, at 0.1 a point 20.40
    for players, currency in (("A B", " --currency €"), ("C D", " --currency $"), ("E F", "")):
        first, second = players.split()
        play(run, f"new {players} --stake 0.1{currency}", f"knock {first.lower()} 4 15", f"gin {second.lower()} 90")
    euro, dollar, bare = game_ids(run)
    listing = ok(run, "games").stdout
    money = {line.split()[0]: line for line in listing.splitlines()[2:5]}
    assert "€20.40" in money[euro] and "$20.40" in money[dollar]
    assert "20.40" in money[bare] and "€" not in money[bare] and "$" not in money[bare]
