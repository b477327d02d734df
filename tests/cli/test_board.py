"""The board's start form (ginscore/web/views/board.py) from a phone, asked in the test's
process (tests/helpers_board.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from helpers_board import Phone, board, errors  # noqa: E402


@pytest.mark.parametrize(("players", "said"), [
    ("Ann", "three-handed is for 3 players, and 1 is named"),
    ("Ann, Ben", "three-handed is for 3 players, and 2 are named"),
])
def test_a_start_form_with_too_few_players_counts_them_in_words(isolated_ledger, players, said):
    # Found by a random search of the board: "three-handed is for 3 players, and 1 are named".
    phone = Phone(board())
    try:
        text = phone.send("/", "/games", players=players, table="three-handed")
    finally:
        phone.close()
    assert [error.split(";")[0] for error in errors(text)] == [said]
    assert not isolated_ledger.exists() or not any((isolated_ledger / "games").glob("*.json"))  # nothing written
