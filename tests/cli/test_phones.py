"""Who wrote an entry besides the device (issue 42): the board runs on the laptop, so every entry
it writes is the laptop's; each phone's own carry its id (``"phone"``), and the key of the form
that wrote them (``"form"``). A phone's undo is its own, the command line's never a phone's, and
a form posted twice records nothing twice. Through ``app/``, as the board calls it."""

from __future__ import annotations

import json
import os

import pytest

from ginscore.app import hands
from ginscore.app.book import open_book
from ginscore.app.hands import AlreadyDone, Writer
from helpers import game_file, ledger_bytes, play, refused, status_json

PHONE_A, PHONE_B = Writer(phone="a1b2c3d4"), Writer(phone="e5f6a7b8")


def knock(book, game_id, player, mine, theirs, writer):
    return hands.record(book, game_id, "knock", {
        "player": player, "knocker_deadwood": str(mine), "opponent_deadwood": str(theirs),
        "cards": None, "opponent_cards": None, "melds": None, "upcard": None,
    }, writer=writer)


def test_a_phones_undo_takes_back_its_own_hand_not_the_last(run):
    # the case: phone A enters hand 1 (wrong), the laptop enters hand 2 (a draw), A undoes
    play(run, "new Katya Lena")
    book = open_book()
    game_id = book.current_id()
    knock(book, game_id, "Katya", 3, 9, PHONE_A)  # Katya: 9 - 3 = 6 points
    play(run, "draw")
    taken = hands.undo(open_book(), game_id, PHONE_A)
    assert taken.kind == "hand" and taken.concerned.hand["player"] == "Katya"
    status = status_json(run)
    # what stands: the draw alone, as hand 1; nobody has a point
    assert [hand["kind"] for hand in status["hands"]] == ["draw"]
    assert status["scores"] == {"Katya": 0, "Lena": 0}


def test_the_command_lines_undo_passes_over_a_phones_hand(run):
    play(run, "new Katya Lena", "knock Lena 2 12")  # the laptop's: Lena 12 - 2 = 10
    book = open_book()
    knock(book, book.current_id(), "Katya", 3, 9, PHONE_A)  # the phone's, after it
    play(run, "undo")  # takes back the laptop's own hand 1, not the phone's hand 2
    status = status_json(run)
    assert [hand["player"] for hand in status["hands"]] == ["Katya"]
    assert status["scores"] == {"Katya": 6, "Lena": 0}  # 9 - 3


def test_another_phone_has_nothing_of_its_own_to_undo(run):
    play(run, "new Katya Lena")
    book = open_book()
    game_id = book.current_id()
    knock(book, game_id, "Katya", 3, 9, PHONE_A)
    before = ledger_bytes(os.environ["GINSCORE_LEDGER"])
    with pytest.raises(Exception):
        hands.undo(open_book(), game_id, PHONE_B)
    assert ledger_bytes(os.environ["GINSCORE_LEDGER"]) == before
    refused(run, "undo")  # nor the laptop: the hand is the phone's, deleted by number


def test_a_form_posted_twice_records_its_hand_once(run):
    play(run, "new Katya Lena", "knock Lena 2 12")
    book = open_book()
    game_id = book.current_id()
    posted = PHONE_A._replace(form="k3y0n3t1me")
    knock(book, game_id, "Katya", 3, 9, posted)
    before = ledger_bytes(os.environ["GINSCORE_LEDGER"])
    with pytest.raises(AlreadyDone) as again:  # a double Enter, or a retry after a lost answer
        knock(open_book(), game_id, "Katya", 3, 9, posted)
    assert again.value.number == 2
    assert "already recorded as hand 2" in str(again.value)
    assert ledger_bytes(os.environ["GINSCORE_LEDGER"]) == before
    # another phone's form with another key is another hand
    knock(open_book(), game_id, "Katya", 3, 9, PHONE_B._replace(form="an0th3rk3y"))
    assert len(status_json(run)["hands"]) == 3


def test_the_phone_and_form_stand_in_the_file_and_the_log(run):
    play(run, "new Katya Lena")
    book = open_book()
    knock(book, book.current_id(), "Katya", 3, 9, PHONE_A._replace(form="k3y0n3t1me"))
    entries = json.loads(run(["log", "--json"]).output)["entries"]
    assert entries[-1]["phone"] == "a1b2c3d4" and entries[-1]["form"] == "k3y0n3t1me"
    play(run, "check")


@pytest.mark.parametrize("value", ["<script>", "", 7, "x" * 40])
def test_check_names_a_phone_that_is_no_id(run, value):
    play(run, "new Katya Lena")
    book = open_book()
    knock(book, book.current_id(), "Katya", 3, 9, PHONE_A)
    path = game_file(os.environ["GINSCORE_LEDGER"])
    data = json.loads(path.read_text())
    data["journal"][-1]["phone"] = value
    path.write_text(json.dumps(data, indent=2))
    result = run(["check"])
    assert result.exit_code == 1
    assert "phone: expected letters and digits" in result.output
