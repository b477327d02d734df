"""Who deals the next hand: --deal winner (the rule texts), alternate or loser (house rules of
the score-pad apps). Worked by hand, then against a reference that reads each hand's dealer
off the whole history at once instead of passing the deal on hand by hand."""

import json

import pytest

from helpers import game_file, new_game, ok, play, refused, status_json

PLAYERS = ("Ann", "Ben")


def dealers(run) -> str | None:
    return json.loads(play(run, "status --json").output)["next_dealer"]


@pytest.mark.parametrize(
    "start, hands, expected",
    [
        # the winner deals; after a draw the same dealer again
        ("new Ann Ben --dealer ben", ["knock ann 4 15", "draw", "gin ben 10"], ["Ann", "Ann", "Ben"]),
        # the deal alternates, draws included: Ben dealt hand 1, Ann hand 2, Ben hand 3
        ("new Ann Ben --dealer ben --deal alternate", ["knock ann 4 15", "draw", "gin ann 10"], ["Ann", "Ben", "Ann"]),
        # the loser deals; after a draw the same dealer again
        ("new Ann Ben --dealer ann --deal loser", ["knock ann 4 15", "draw", "gin ann 10"], ["Ben", "Ben", "Ben"]),
        # no first dealer named: the loser is known after a won hand, an alternating deal never is
        ("new Ann Ben --deal loser", ["draw", "knock ben 2 20"], [None, "Ann"]),
        ("new Ann Ben --deal alternate", ["knock ann 4 15", "draw"], [None, None]),
        # Hollywood deals the same way
        ("new Ann Ben --hollywood --dealer ann --deal alternate", ["gin ben 3", "gin ben 4"], ["Ben", "Ann"]),
        ("new Ann Ben --hollywood --deal loser", ["gin ben 3", "draw"], ["Ann", "Ann"]),
    ],
)
def test_who_deals_next_worked_by_hand(run, start, hands, expected):
    play(run, start)
    assert [play(run, hand) and dealers(run) for hand in hands] == expected


def test_the_words_say_who_deals(run):
    out = play(run, "new Ann Ben --deal alternate").output
    assert "Rules: the deal alternates." in out
    assert "Whoever did not deal the last hand deals the next." in play(run, "knock ann 4 15").output
    assert "Rules: the loser deals." in play(run, "new Cy Dee --deal loser --dealer cy").output
    assert "Dee deals the next hand." in play(run, "knock cy 4 15").output


def test_a_game_file_holds_the_deal_only_when_it_is_not_the_winner(run, isolated_ledger):
    # so that an older ginscore, which knows no --deal, reads every game that does not use it
    play(run, "new Ann Ben", "new Cy Dee --deal loser")
    stored = [json.loads(path.read_text("utf-8"))["rules"] for path in sorted((isolated_ledger / "games").glob("*.json"))]
    assert sorted("deal" in rules for rules in stored) == [False, True]
    assert {rules.get("deal") for rules in stored} == {None, "loser"}


@pytest.mark.parametrize("start", ["new A B C --three-handed --deal loser", "new A B C D --partnership --deal alternate", "new A B --rummy --deal loser"])
def test_tables_that_seat_by_their_own_rule_refuse_the_setting(run, start):
    refused(run, start, "--deal", code=1)


def test_an_unknown_deal_is_refused(run):
    line = refused(run, "new Ann Ben --deal sometimes", code=1)
    assert "winner, alternate, loser" in line


def next_dealers(run, *commands) -> list:
    """``next_dealer`` after each command (status --json)."""
    found = []
    for command in commands:
        play(run, command)
        found.append(status_json(run)["next_dealer"])
    return found


def test_two_players_the_winner_deals_next_and_a_draw_keeps_the_dealer(run):
    created = play(run, "new Alice Bob").output
    assert "Cut for deal: the higher card chooses who deals first." in created
    assert status_json(run)["next_dealer"] is None and status_json(run)["dealer"] is None
    draw = play(run, "draw").output
    assert "Whoever dealt the last hand deals again." in draw  # nobody knows yet who that is
    assert next_dealers(run, "knock alice 4 15", "draw", "gin bob 30", "knock al 9 9", "draw") == [
        "Alice", "Alice", "Bob", "Bob", "Bob",  # 9 v 9 is Bob's undercut: Bob won it
    ]
    report = play(run, "knock bob 2 22").output
    assert "Bob deals first in the next game ('ginscore rematch')." in report
    assert status_json(run)["next_dealer"] is None


def test_the_dealer_named_at_the_start_deals_and_status_and_the_sheet_say_so(run):
    created = play(run, "new Alice Bob --dealer bo").output
    assert "Bob deals the first hand." in created
    assert status_json(run)["dealer"] == "Bob" and status_json(run)["next_dealer"] == "Bob"
    assert next_dealers(run, "draw", "knock alice 4 15") == ["Bob", "Alice"]
    assert "Alice deals the next hand." in run("status").output
    assert "Alice deals the next hand." in run("sheet").output
    refused(run, "new Alice Bob --dealer Cy", "'Cy'")


def test_a_tie_that_scores_nothing_keeps_the_dealer(run):
    play(run, "new Alice Bob --tie no-score --dealer alice")
    assert next_dealers(run, "knock bob 5 5") == ["Alice"]


def test_hollywood_deals_like_two_players(run):
    play(run, "new Alice Bob --hollywood --dealer alice")
    assert next_dealers(run, "knock bob 1 10", "draw", "gin alice 5") == ["Bob", "Bob", "Alice"]


def test_three_handed_the_player_who_sits_out_deals(run):
    # RULES.md 7's worked game: C sits out first, then B, A, B.
    created = play(run, "new A B C --three-handed").output
    assert "Next hand: A v B; C sits out and deals." in created
    assert status_json(run)["next_dealer"] == "C"
    assert next_dealers(run, "knock a 2 20", "draw", "gin c 12", "knock c 5 30") == ["B", "B", "A", "B"]
    report = play(run, "gin c 15").output
    assert "C deals first in the next game" in report
    refused(run, "new A B C --three-handed --dealer a", "sits out deals", "C")
    play(run, "new A B C --three-handed --dealer c")


def test_partnership_first_and_third_deal_in_odd_rounds(run):
    created = play(run, "new A B C D --partnership").output
    assert "Round 1: A v B and C v D to play (A and C deal)." in created
    data = status_json(run)
    assert data["next_dealer"] is None and data["dealers"] == ["A", "C"]
    play(run, "knock c 3 15")
    assert status_json(run)["dealers"] == ["A"]
    report = play(run, "knock a 4 20").output
    assert "Round 2: A v D and C v B to play (D and B deal)." in report
    assert status_json(run)["dealers"] == ["D", "B"]
    play(run, "draw b")  # a drawn table is not replayed: round 2 waits for A v D only
    assert status_json(run)["dealers"] == ["D"]
    play(run, "knock a 3 10")
    assert status_json(run)["dealers"] == ["A", "C"]  # round 3 is odd again
    refused(run, "new A B C D --partnership --dealer b", "first and third named")


def test_rummy_the_deal_passes_left_and_with_two_the_winner_deals(run):
    play(run, "new Ann Ben Cy --rummy --dealer ben")
    assert status_json(run)["next_dealer"] == "Ben"
    assert next_dealers(run, "out ann ben=5 cy=5", "out ann ben=5 cy=5", "out ben ann=5 cy=5") == ["Cy", "Ann", "Ben"]
    play(run, "new Ann Ben --rummy")
    assert status_json(run)["next_dealer"] == "Ann"  # the first named, as before
    assert next_dealers(run, "out ben ann=5", "out ben ann=5") == ["Ben", "Ben"]


def test_the_winner_of_the_last_game_between_the_same_players_deals_first(run):
    first = new_game(run, "new Alice Bob --target 10")
    play(run, "gin bob 10")
    play(run, "new Cy Dee")  # other players: they cut
    assert status_json(run)["next_dealer"] is None
    created = play(run, "new bob ALICE").output  # the same two, in any order and case
    assert f"bob won game {first}" in created  # why he deals (the dealer's own line: the test above)
    assert status_json(run)["dealer"] == "bob"
    play(run, "new Alice Bob --dealer alice")  # named wins over the last game
    assert status_json(run)["next_dealer"] == "Alice"


def test_a_first_dealer_in_a_game_file_must_be_one_of_its_players(run, isolated_ledger):
    play(run, "new Alice Bob --dealer alice")
    path = game_file(isolated_ledger)
    data = json.loads(path.read_text("utf-8"))
    assert data["dealer"] == "Alice"
    data["dealer"] = "Mallory"
    path.write_text(json.dumps(data), "utf-8")
    result = run("check")
    assert result.exit_code == 1 and "dealer: expected the name of one of the players" in result.output


def test_the_winner_deals_first_only_after_a_game_of_the_same_table(run):
    """Bob won a standard game: a Hollywood match of the same two cuts for deal, another
    standard game has Bob deal; a Rummy game after three-handed gin among the same three does
    not name the three-handed winner."""
    from helpers import THREE_HANDED_GAME

    first = new_game(run, "new Alice Bob")
    play(run, "gin bob 90")
    hollywood = play(run, "new Alice Bob --hollywood")
    assert "won game" not in hollywood.output
    assert status_json(run)["dealer"] is None
    again = play(run, "new Alice Bob")
    assert f"(Bob won game {first}, the last between these players.)" in again.output
    assert status_json(run)["dealer"] == "Bob"
    play(run, *THREE_HANDED_GAME)
    assert status_json(run)["winner"] == "Ben"
    rummy = play(run, "new Ann Ben Cat --rummy")
    assert "won game" not in rummy.output
    assert status_json(run)["dealer"] == "Ann"  # Rummy's own rule: the first named deals


def test_edit_and_undo_of_a_hand_say_who_deals_next(run):
    play(run, "new Ann Bob", "knock ann 4 15", "knock bob 2 20")
    edited = ok(run, "edit 2 knock ann 3 20").output
    assert edited.rstrip().endswith("Ann deals the next hand.")
    undone = ok(run, "undo --hand 2").output
    assert undone.rstrip().endswith("Ann deals the next hand.")


def test_the_partnership_game_over_says_who_deals_first_next_game(run):
    play(run, "new A B C D --partnership")
    ok(run, "gin a 80")
    last = ok(run, "gin c 80")  # 105 at each table: the side reaches 125 in round 1
    assert "A and C deal first at their tables in the next game ('ginscore rematch')." in last.output.splitlines()
