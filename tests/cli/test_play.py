"""'ginscore play' in the test's process (its terminal, a real pseudo-terminal, is tests/system/test_play.py's): without readline, following a new game or a rematch typed, the line after a game ends, Oklahoma's upcards, its own game, an undo right after a settlement, and the session docs/first-evening.md shows."""

from helpers import ROOT, game_ids, ledger_bytes, new_game, play, status_json


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


def test_play_undo_right_after_settle_record_takes_back_the_settlement_as_undo_does(run):
    play(run, "new Dan Eve --stake 1 --target 10", "gin dan 5")
    result = run("play", input="settle --record\nu\nq\n")
    assert "Took back settlement" in result.output


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


def test_play_of_no_such_game_is_refused_before_any_prompt(run, isolated_ledger):
    play(run, "new Alice Bob")
    before = ledger_bytes(isolated_ledger)
    result = run("play --game 99", input="k alice 4 15\n")
    assert result.exit_code == 1
    assert "there is no game '99'" in result.output
    assert "game 99>" not in result.output and "Type ?" not in result.output
    assert ledger_bytes(isolated_ledger) == before


def test_play_moves_on_to_the_current_game_when_its_game_is_voided(run):
    one, two = new_game(run, "new Ann Ben"), new_game(run, "new Cy Dee")
    session = run("play", input=f"void {two}\nk ann 4 15\n")
    assert f"Playing game {one} now." in session.output
    assert "Ann knocks 4 v 15" in session.output
