"""The settlement's lines (ginscore.app.settlement_words) in the board's words
(ginscore.web.evening)."""

from __future__ import annotations

import pytest


def test_a_settled_game_that_cannot_be_read_is_said_in_the_boards_words():
    pytest.importorskip("starlette")
    from ginscore.app.settlement_words import change_line as command_line
    from ginscore.web.evening import change_line

    change = {"games": ["k7f3q2ab"], "settlement": "x9m2c4d7ab", "currency": None, "state": "damaged", "error": "not valid JSON"}
    assert "'ginscore check'" in command_line(change)
    assert change_line(change) == ("Game k7f3q2ab of settlement x9m2c4d7ab cannot be read, so whether its money changed cannot be "
                                   "told: the board lists it under Damaged, with what is wrong.")
