"""The first command on a new device reads and replays every game for the summary index
(issue #45 part 6): each check still made, none made twice. A hand found acceptable as its game
loaded is not checked again by the replay that follows, wherever it stands after the hands taken
back or edited before it; a Rummy game's statistics, added up for less, come to the same; a file's
escapes, looked for by a cheaper search first, are still all read. Numbers from docs/rules.md and
RULES.md section 8: a knock scores the deadwood difference, an undercut 25 plus it; a Rummy hand
pays its winner what the others hold, doubled for a "rummy"."""

import pytest

from ginscore.base.jsonfile import Unreadable, parse_json
from ginscore.core.causal import ordered
from ginscore.ops import actions
from ginscore.tables import get_table, kept
from ginscore.tables.two_handed import GinTable
from helpers_replay import forget_replays, knock, seated


@pytest.fixture(autouse=True)
def nothing_kept():
    forget_replays()
    yield
    forget_replays()


@pytest.fixture
def checked(monkeypatch):
    """The hands the Gin tables' ``check_hand`` is asked about, in order."""
    asked = []
    plain_check = GinTable.check_hand
    monkeypatch.setattr(GinTable, "check_hand", lambda self, game, hand: asked.append(hand) or plain_check(self, game, hand))
    return asked


def test_hands_checked_as_the_game_loaded_are_not_checked_again_after_a_hand_taken_back_before_them(checked):
    game = actions.new_game("g1", ["Ann", "Bob"])
    for hand in (knock("Ann", 3, 10), knock("Bob", 2, 30), knock("Ann", 9, 4)):
        game = game.append("hand", hand=hand, seats=seated("Ann", "Bob"))
    game = game.append("void", target=game.journal[0]["id"])  # the first hand taken back
    edited = knock("Bob", 1, 30)
    game = game.append("edit", target=game.journal[1]["id"], hand=edited, seats=seated("Ann", "Bob"))
    table = get_table("standard")
    # what loading the file checked: every hand and edit, in the journal's order
    kept.passed(table, game, [entry["hand"] for entry in game.journal if entry["action"] in ("hand", "edit")])
    state = actions.evaluate(game)
    assert checked == []
    # Bob's knock as edited: 30 - 1 = 29 for Bob; Ann's 9 against Bob's 4: Bob undercuts, 25 + 5 = 30
    assert [(row.score.winner, row.score.points) for row in state.rows] == [("Bob", 29), ("Bob", 30)]


def test_a_hand_no_load_checked_is_checked_by_the_replay(checked):
    game = actions.new_game("g1", ["Ann", "Bob"])
    for hand in (knock("Ann", 3, 10), knock("Bob", 2, 30)):
        game = game.append("hand", hand=hand, seats=seated("Ann", "Bob"))
    game = game.append("void", target=game.journal[0]["id"])
    table = get_table("standard")
    kept.passed(table, game, [game.journal[0]["hand"]])  # only the hand taken back was checked
    actions.evaluate(game)
    assert checked == [game.journal[1]["hand"]]


def test_a_rummy_game_s_statistics_count_every_hand_for_everyone_and_each_winner_s_points_once():
    # RULES.md section 8, worked: A goes out, B holds 20, C 11: A +31; C goes out "rummy", A holds
    # 5, B 20, doubled: C +50. Then A goes out again, B holds 3, C 4: A +7.
    game = actions.new_game("g1", ["A", "B", "C"], table="rummy")
    for hand in ({"kind": "out", "player": "A", "losers": {"B": 20, "C": 11}},
                 {"kind": "out", "player": "C", "losers": {"A": 5, "B": 20}, "rummy": True},
                 {"kind": "out", "player": "A", "losers": {"B": 3, "C": 4}}):
        game, state = actions.record(game, hand)
    stats = state.player_stats()
    assert {name: stats[name]["hands"] for name in "ABC"} == {"A": 3, "B": 3, "C": 3}
    assert {name: stats[name]["hands_won"] for name in "ABC"} == {"A": 2, "B": 0, "C": 1}
    assert {name: stats[name]["points_won"] for name in "ABC"} == {"A": 31 + 7, "B": 0, "C": 50}
    assert {name: stats[name]["biggest_hand"] for name in "ABC"} == {"A": 31, "B": 0, "C": 50}


@pytest.mark.parametrize("text", ['{"note": "B\\ud800ob"}', '{"a": "\\n", "b": ["\\udfff"]}', '{"\\udbff": 1}'])
def test_a_lone_surrogate_anywhere_in_a_file_is_refused_whatever_else_it_escapes(text):
    with pytest.raises(Unreadable, match="lone surrogate"):
        parse_json(text.encode())


def test_a_surrogate_pair_and_other_escapes_are_read():
    assert parse_json(b'{"a": "\\ud83d\\ude00", "b": "x\\ny"}') == {"a": "\U0001f600", "b": "x\ny"}


@pytest.mark.parametrize("field", ["after", "target", "before"])
def test_an_entry_comes_after_the_entry_it_names_whatever_the_clocks(field):
    # a device three days behind names an entry of one ahead: by clocks it would come first
    first = {"id": "a1", "clock": 10_000, "device": "dev001", "after": None, "action": "hand"}
    named = {"id": "b1", "clock": 5, "device": "dev002", "after": None, "action": "hand", field: "a1"}
    assert [entry["id"] for entry in ordered([named, first])] == ["a1", "b1"]
    assert [entry["id"] for entry in ordered([{**named, field: "zz"}, first])] == ["b1", "a1"]  # names none of them: by clock


def test_a_hand_seated_under_a_name_not_heard_of_yet_is_renamed_after_hands_seated_right():
    # Ann and Bob play two hands seated right, the deal turning; another device renamed Bob to Rob
    # and recorded Rob's knock: its file with the rename has not arrived, the hand's seats say Rob
    # sits in Bob's place, so the knock is Bob's
    game = actions.new_game("g1", ["Ann", "Bob"])
    game = game.append("hand", hand=knock("Ann", 3, 10), seats=seated("Ann", "Bob"))
    game = game.append("hand", hand=knock("Bob", 2, 30), seats=[{"player": 1, "name": "Bob"}, {"player": 0, "name": "Ann"}])
    game = game.append("hand", hand=knock("Rob", 2, 30), seats=[{"player": 0, "name": "Ann"}, {"player": 1, "name": "Rob"}])
    stands = get_table("standard").standing(game)
    assert stands is not game and stands.journal[-1]["hand"]["player"] == "Bob"
    # Ann 10 - 3 = 7; Bob 30 - 2 = 28, twice
    assert [(row.score.winner, row.score.points) for row in actions.evaluate(game).rows] == [("Ann", 7), ("Bob", 28), ("Bob", 28)]
