"""The evening's pairings (issue #44) through the command line: a club night of rounds, pairings in
progress, newcomers and the printed page."""

import json

from helpers import ok, play


def test_a_club_night_of_rounds_seats_the_winners_together(run):
    """Four new players (equal ratings, seated by name): round 1 Ann v Ben and Cy v Dee; Ann and
    Cy win; round 2 puts the two winners together, and the two losers; after round 2 the
    evening is over and says tonight's scores."""
    first = json.loads(ok(run, "pairings Ann Ben Cy Dee --rounds 2 --json").stdout)
    assert first["round"] == 1 and sorted(map(sorted, first["tables"])) == [["Ann", "Ben"], ["Cy", "Dee"]]
    play(run, "new Ann Ben", "gin ann 90", "new Cy Dee", "gin cy 90")
    second = json.loads(ok(run, "pairings Ann Ben Cy Dee --rounds 2 --json").stdout)
    assert second["round"] == 2 and sorted(map(sorted, second["tables"])) == [["Ann", "Cy"], ["Ben", "Dee"]]
    assert second["scores"] == {"Ann": 1, "Ben": 0, "Cy": 1, "Dee": 0} and second["met_before"] == []
    play(run, "new Ann Cy", "gin cy 90", "new Ben Dee", "gin ben 90")
    over = json.loads(ok(run, "pairings Ann Ben Cy Dee --rounds 2 --json").stdout)
    assert over["round"] is None and over["tables"] == []
    text = ok(run, "pairings Ann Ben Cy Dee --rounds 2").stdout
    assert "All 2 rounds are played" in text and "Tonight: Cy 2/2, Ann 1/2, Ben 1/2, Dee 0/2." in text


def test_pairings_in_progress_newcomers_and_the_printed_page(run):
    play(run, "new Ann Ben", "gin ann 90", "new Cy Dee", "knock cy 2 10")
    document = json.loads(ok(run, "pairings Ann Ben Cy Dee Zoe --json").stdout)
    assert document["in_progress"][0]["players"] == ["Cy", "Dee"] and len(document["sitting_out"]) == 1
    html = ok(run, "pairings Ann Ben Cy Dee Zoe --format html").stdout
    assert "<html" in html and "Zoe" in html and "Still in progress" in html
