"""The ladder's rating model (ginscore.core.ratings) against published and hand-worked numbers,
never against its own output: Glickman's worked example of Glicko-2, a first game worked out
by hand from his formulas, and what the model's extensions (tables of more, sides, time away)
must do by their definition. The ratings bench's small form is here too (issue #44)."""


import pytest

from ginscore.core import ratings


def test_a_first_game_between_two_new_players_by_hand():
    """Glickman's settings (1500, RD 350, volatility 0.06), one game won, worked by hand:
    phi = 350 / 173.7178 = 2.01476; g = 1 / sqrt(1 + 3 * 2.01476^2 / pi^2) = 0.66907;
    E = 0.5; v = 1 / (g^2 * 0.25) = 8.9356; the volatility stays 0.0600 (delta^2 = 8.936 is
    below phi^2 + v = 12.995: it moves in the fifth place); phi* = sqrt(4.05926 + 0.0036) =
    2.01565; phi' = 1 / sqrt(1 / 4.06284 + 1 / 8.9356) = 1.67121, RD 290.32; mu' = phi'^2 *
    g * 0.5 = 0.93434, rating 1500 + 173.7178 * 0.93434 = 1662.31; the loser 1337.69."""
    table: dict = {}
    after = ratings.play(table, [(1, ("ann",)), (2, ("ben",))], 0, ratings.GLICKO2)
    assert after["ann"].rating == pytest.approx(1662.31, abs=0.02)
    assert after["ben"].rating == pytest.approx(1337.69, abs=0.02)
    assert after["ann"].uncertainty == pytest.approx(290.32, abs=0.02)
    assert (after["ann"].games, after["ann"].wins, after["ben"].wins) == (1, 1, 0)


def test_a_side_of_two_new_players_moves_as_one_player_would():
    """A partnership side of two new players plays with their mean (1500) and the root mean
    square of their deviations (350): against another such side, each member moves as in a
    first game of two, 1662.31 and 1337.69 (above), whatever the multiplayer weight (two sides)."""
    for settings in (ratings.GLICKO2, ratings.GLICKO2._replace(multiplayer=1.0)):
        after = ratings.play({}, [(1, ("ann", "cy")), (2, ("ben", "dee"))], 0, settings)
        assert [round(after[key].rating, 2) for key in ("ann", "cy", "ben", "dee")] == [1662.31, 1662.31, 1337.69, 1337.69]


def test_three_new_players_the_middle_one_stays_put_and_the_ends_mirror():
    """Three equal players: the second beat one and lost to one, his expected score 1 of 2:
    his rating does not move; the first gains exactly what the last loses (by symmetry)."""
    after = ratings.play({}, [(1, ("a",)), (2, ("b",)), (3, ("c",))], 0, ratings.DEFAULT)
    assert after["b"].rating == pytest.approx(1500, abs=1e-9)
    assert after["a"].rating - 1500 == pytest.approx(1500 - after["c"].rating, abs=1e-9)
    assert after["a"].rating > 1500 and after["a"].wins == 1 and after["b"].wins == 0


def test_a_table_of_more_counts_as_the_weight_says():
    """With multiplayer 1 a table of three counts as much as one game of two: the first of three
    equal players gains less than with multiplayer 0, where each of the two he beat is a game."""
    one_game = ratings.play({}, [(1, ("a",)), (2, ("b",)), (3, ("c",))], 0, ratings.GLICKO2._replace(multiplayer=1.0))
    two_games = ratings.play({}, [(1, ("a",)), (2, ("b",)), (3, ("c",))], 0, ratings.GLICKO2)
    assert 1500 < one_game["a"].rating < two_games["a"].rating


def test_a_level_table_moves_nobody_and_counts_no_win():
    after = ratings.play({}, [(1, ("a",)), (1, ("b",))], 0, ratings.DEFAULT)
    assert after["a"].rating == pytest.approx(1500) and after["a"].wins == after["b"].wins == 0
