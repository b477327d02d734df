"""What 'check' and the notes say of a game (ginscore.app.game_notes), as words."""

from __future__ import annotations

DAY_MS = 24 * 3600 * 1000


def test_how_far_ahead_rounds_to_the_nearest_hour_day_and_year():
    from ginscore.app.game_notes import ahead_words

    hour, day = 3600 * 1000, DAY_MS
    # nearest, not cut down: 29.5 hours are 30 (half up); 2 days less a second are 2 days
    assert ahead_words(29 * hour + hour // 2) == "30 hours"
    assert ahead_words(47 * hour + hour // 2 - 1) == "47 hours"
    assert ahead_words(2 * day - 1000) == "2 days"
    assert ahead_words(364 * day + day // 2 - 1) == "364 days"
    assert ahead_words(int(1.5 * 365.2425 * day) - 1000) == "1 year"  # 547.86 days less a second
    assert ahead_words(int(1.5 * 365.2425 * day) + 1000) == "2 years"
    assert ahead_words(int(1000.4 * 365.2425 * day)) == "1000 years"
    assert ahead_words(int(1000.6 * 365.2425 * day)) == "more than 1000 years"
