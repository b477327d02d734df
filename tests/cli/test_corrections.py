"""The board's corrections from a phone (ginscore/web/views/corrections.py and the Undo of a
game's page, web/views/game.py), asked in the test's process (tests/helpers_board.py): what
the page says a correction did is what the ledger reads afterwards, and its buttons name what
they do."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from helpers import play, status_json

pytest.importorskip("starlette")

from helpers_board import Phone, board, errors, said  # noqa: E402


@pytest.fixture
def phone():
    made = Phone(board())
    yield made
    made.close()


def first_entry(run) -> str:
    return json.loads(run(["log", "--json"]).output)["entries"][0]["id"]


def test_a_phones_undo_and_redo_of_its_deletion_say_what_they_did(run, phone):
    # Found by a random search of the board: a phone deleted hand 1 and pressed Undo; the hand
    # came back, and the page said "Took back hand 1."; its Redo deleted the hand again, and the
    # page said "Hand 1 is back", naming the hand that had moved up in its place.
    play(run, "new Dee Xe", "knock dee 2 10", "gin xe 44")  # Dee 10 - 2 = 8; Xe 25 + 44 = 69
    game = f"/games/{status_json(run)['id']}"
    entry = first_entry(run)
    deleted = phone.send(f"{game}/delete?hand=1&entry={entry}", f"{game}/delete")
    assert said(deleted) == ["Deleted hand 1: the later hands moved up one.", "Totals: Dee 0, Xe 69."]
    undone = phone.send(game, f"{game}/undo")
    assert said(undone) == ["Hand 1 is back: Dee knocks 2 v 10.", "Totals: Dee 8, Xe 69."]
    assert [hand["player"] for hand in status_json(run)["hands"]] == ["Dee", "Xe"]
    redone = phone.send(game, f"{game}/redo")
    assert said(redone)[0] == "Deleted hand 1: the later hands moved up one."
    assert [hand["player"] for hand in status_json(run)["hands"]] == ["Xe"]


def test_a_phones_correction_of_a_hand_with_hands_after_it_is_taken_back_as_a_correction(run, phone):
    # Found by the same search: after a phone corrected hand 1 (the laptop's, with hand 2 after
    # it), its page offered to delete hand 1 instead of an Undo, and an Undo said "Took back
    # hand 1." while the hand stayed, saying again what it said before.
    play(run, "new Dee Xe", "knock dee 2 10", "gin xe 44")
    game = f"/games/{status_json(run)['id']}"
    corrected = phone.send(f"{game}/correct?hand=1", f"{game}/edit", kind="knock", player="Dee", deadwood="5", opponent_deadwood="30")
    assert said(corrected) == ["Corrected hand 1: Dee knocks 5 v 30.", "Totals: Dee 25, Xe 69."]  # 30 - 5 = 25
    assert "delete it instead" not in corrected
    assert "Take back your correction of hand 1" in corrected
    undone = phone.send(game, f"{game}/undo")
    assert said(undone) == ["Took back your correction of hand 1: it says Dee knocks 2 v 10 again.", "Totals: Dee 8, Xe 69."]
    assert [(hand["player"], hand["deadwood"]) for hand in status_json(run)["hands"][:1]] == [("Dee", 2)]
    redone = phone.send(game, f"{game}/redo")
    assert said(redone) == ["Corrected hand 1: Dee knocks 5 v 30.", "Totals: Dee 25, Xe 69."]
    assert not errors(redone)


def test_a_phones_own_hand_with_hands_after_it_is_still_offered_to_delete(run, phone):
    # what the board does by design, kept: a hand of this phone's is not undone from under the
    # hands after it; the page offers to delete it, after asking
    play(run, "new Dee Xe")
    game = f"/games/{status_json(run)['id']}"
    phone.send(game, f"{game}/hand", kind="knock", player="Dee", deadwood="2", opponent_deadwood="10")
    play(run, "gin xe 44")
    assert "Your last hand, hand 1 (Dee knocks 2 v 10), has hands after it: delete it instead" in phone.page(game)


@pytest.mark.parametrize("hand", ["9" * 5000, "²", "٣", "-1", "3.0"])
def test_the_page_that_asks_before_a_deletion_takes_only_a_hands_number(run, phone, capsys, hand):
    # Found by a random search of the board: a hand of 5,000 digits, or "²" (a digit to Python's
    # isdigit, not to int), in the address of the page that asks before a deletion made the
    # server fail (500, and "unexpected error" on the laptop's terminal); "٣" (an Arabic 3)
    # asked to delete hand 3, which no form takes.
    play(run, "new Dee Xe", "knock dee 2 10", "gin xe 44", "draw")
    game = f"/games/{status_json(run)['id']}"
    phone.page(game)  # the phone is at the table: the board knows its cookie
    status, headers, _text = phone.get(f"{game}/delete?hand={quote(hand)}")  # as a browser sends it
    assert (status, headers.get("location")) == (303, game)
    assert said(phone.page(game)) == ["Choose a hand of the sheet to correct."]
    assert "unexpected" not in capsys.readouterr().err


def test_the_undo_of_a_finished_game_asks_without_promising_to_open_it(run, phone):
    # Noticed by the random search of the board: once the game was over, the page that asks
    # before a phone's Undo said "Take back your last entry and open it again?" whatever that
    # entry was; a correction of an early hand leaves the game over (the last gin ended it).
    play(run, "new Dee Xe --target 50", "knock dee 2 10", "gin xe 44")  # Xe 25 + 44 = 69: over
    game = f"/games/{status_json(run)['id']}"
    phone.send(f"{game}/correct?hand=1", f"{game}/edit", kind="knock", player="Dee", deadwood="5", opponent_deadwood="30")
    asked = phone.page(f"{game}/undo")
    assert "open it again" not in asked
    assert "The game is over. Take back your last entry? If it ended the game, the game opens again." in asked
    undone = phone.send(f"{game}/undo", f"{game}/undo")
    assert said(undone)[0] == "Took back your correction of hand 1: it says Dee knocks 2 v 10 again."
    assert status_json(run)["finished"] is True  # still over, as the page did not promise otherwise
