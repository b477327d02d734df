"""The ladder's rating model (ginscore.core.ratings) against published and hand-worked numbers,
never against its own output: Glickman's worked example of Glicko-2, what the model's extensions
must do by their definition, and the ratings bench's small form (issue #44)."""

import math
import os
import sys

import pytest

from ginscore.core import ratings
from helpers import ROOT

BENCH = os.path.join(ROOT, "bench")


def test_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system" (2013): a player rated 1500, RD 200, volatility
    0.06, tau 0.5, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300) in one
    period: 1464.06, RD 151.52, volatility 0.05999 (his figures, rounded as he gives them)."""
    player = ratings.from_points(1500, 200, 0.06)
    results = [((rating - 1500) / ratings.SCALE, deviation / ratings.SCALE, score, 1.0)
               for rating, deviation, score in ((1400, 30, 1), (1550, 100, 0), (1700, 300, 0))]
    mu, phi, sigma = ratings.rated_period(player, results, 0.5)
    assert ratings.BASE + ratings.SCALE * mu == pytest.approx(1464.06, abs=0.02)
    assert ratings.SCALE * phi == pytest.approx(151.52, abs=0.01)
    assert sigma == pytest.approx(0.05999, abs=0.00001)


def test_win_probability_is_elos_for_certain_players_and_fair_among_equals():
    """Two players 200 apart, both nearly certain (RD 0.01): Elo's 1 / (1 + 10^(-200/400)) =
    0.75975; Glicko's g over RD 200 and 200 (sqrt(2) * 200 = 282.84 points, phi 1.62817,
    g = 1 / sqrt(1 + 3 * 2.65094 / pi^2) = 0.74416) shrinks it to 1 / (1 + 10^(-0.74416 * 200 /
    400)) = 1 / (1 + 0.42453) = 0.70199. Three equal players: a third each."""
    strong, weak = ratings.from_points(1700, 0.01, 0.06), ratings.from_points(1500, 0.01, 0.06)
    assert ratings.win_probability([[strong], [weak]])[0] == pytest.approx(0.75975, abs=1e-4)
    strong, weak = ratings.from_points(1700, 200, 0.06), ratings.from_points(1500, 200, 0.06)
    assert ratings.win_probability([[strong], [weak]])[0] == pytest.approx(0.70199, abs=1e-4)
    assert ratings.win_probability([[weak], [weak], [weak]]) == pytest.approx([1 / 3] * 3)


def test_time_away_widens_the_uncertainty_up_to_a_new_players():
    """daily_deviation c: after d days away RD is sqrt(RD^2 + c^2 * d): 60 and c 5 after 100 days
    is sqrt(3600 + 2500) = 78.10; never more than a new player's."""
    settings = ratings.DEFAULT._replace(daily_deviation=5.0)
    player = ratings.from_points(1600, 60, 0.02, day=1000)
    assert ratings.aged(player, 1100, settings).uncertainty == pytest.approx(78.10, abs=0.01)
    assert ratings.aged(player, 100_000, settings).uncertainty == pytest.approx(settings.deviation)
    assert ratings.aged(player, 1000, settings).uncertainty == pytest.approx(60)


@pytest.mark.slow
def test_the_bench_in_small_form_ginscore_predicts_at_least_as_well_as_the_others():
    """bench/bench_ratings.py, two clubs of each kind for 80 weeks: ginscore's default has the
    lowest mean log-loss over the held-out games of Elo, Glicko-2, plain win rates (and OpenSkill
    with its defaults, where the package is installed), and no system beats the true strengths."""
    sys.path.insert(0, BENCH)
    try:
        import bench_ratings as bench
    finally:
        sys.path.remove(BENCH)
    made = bench.systems()
    results = bench.table(2, 80, made)
    ours = bench.mean_loss(results, "ginscore (default)")
    for name in made:
        assert ours <= bench.mean_loss(results, name) + 1e-12, name
        for kind in bench.KINDS:
            assert results[(kind, "truth")][0] <= results[(kind, name)][0] + 0.002, (kind, name)
    assert bench.mean_loss(results, "truth") < ours
    assert all(math.isfinite(value) for pair in results.values() for value in pair)


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
