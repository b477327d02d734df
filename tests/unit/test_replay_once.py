"""A game is replayed for less and to the same answers (issue #35), in the pure core: a hand
checked as the game loaded is not checked again, a payment's amount is the settlement's own, the
statistics of a pair are those of any table's hands, and the records made for every hand have
every field."""

from decimal import Decimal

import pytest

from ginscore.core.scoring import money
from ginscore.ops import actions
from ginscore.tables import get_table, kept
from ginscore.tables.two_handed import GinTable, hand_stats
from helpers_replay import game_of, knock, seated


def test_a_hand_checked_as_the_game_loaded_is_not_checked_again(monkeypatch):
    checked = []
    plain_check = GinTable.check_hand
    monkeypatch.setattr(GinTable, "check_hand", lambda self, game, hand: checked.append(hand) or plain_check(self, game, hand))
    table = get_table("standard")
    game = game_of(knock("Ann", 3, 10), knock("Bob", 2, 30), knock("Ann", 9, 4))
    hands = [entry["hand"] for entry in game.journal]
    kept.passed(table, game, hands[:2])  # what loading the file checked: the first two
    state = actions.evaluate(game)
    assert checked == [hands[2]] and [row.score.result for row in state.rows] == ["knock", "knock", "undercut"]
    # an equal game read again: the same hands need no check either
    checked.clear()
    kept.REPLAYED.clear()
    kept.passed(table, game, hands)
    assert actions.evaluate(game._replace(journal=tuple(dict(entry) for entry in game.journal))) == state
    assert checked == []
    # a game with other rules checks every hand again
    kept.passed(table, game, hands)
    actions.evaluate(game._replace(rules=game.rules.with_changes(undercut_bonus=20)))
    assert checked == hands


@pytest.mark.parametrize("loser_boxes_outweigh", [False, True])
def test_a_payment_is_the_net_times_the_stake_whoever_pays(loser_boxes_outweigh):
    stake = Decimal("0.05")
    if loser_boxes_outweigh:
        # To 120, 50 a box: Bob wins seven knocks of 1 point, Ann a gin of 25 + 98 = 123 and the
        # game: Ann 123 + 100 + 50 = 273, Bob 7 + 7 x 50 = 357; the winner pays Bob 84.
        rules = actions.new_game("x", ["Ann", "Bob"]).rules.with_changes(box_bonus=50, target=120)
        hands = [knock("Bob", 1, 2)] * 7 + [{"kind": "gin", "player": "Ann", "opponent_deadwood": 98}]
        game = game_of(*hands, stake=stake)._replace(rules=rules)
        payer, payee, points = "Ann", "Bob", 357 - 273
    else:
        game = game_of(knock("Ann", 3, 98), knock("Ann", 3, 98), stake=stake)
        # Ann 95 + 95 = 190 and two boxes, Bob none: shut out, doubled (190 + 100 + 50) x 2
        payer, payee, points = "Bob", "Ann", 2 * (190 + 100 + 50)
    state = actions.evaluate(game)
    assert state.finished
    assert [(paid.payer, paid.payee, paid.points, paid.amount) for paid in state.payments()] == [(payer, payee, points, money(points, stake))]
    assert state.final_json()["payments"] == [paid.to_json() for paid in state.payments()]
    assert (state.final.net < 0) is loser_boxes_outweigh


def test_a_pair_s_statistics_are_those_of_every_hand_played_by_both():
    draw = {"kind": "draw"}
    gin = {"kind": "gin", "player": "Bob", "opponent_deadwood": 12}
    game = game_of(knock("Ann", 3, 10), draw, knock("Ann", 9, 4), gin, knock("Bob", 5, 5), knock("Ann", 2, 40))
    state = actions.evaluate(game)
    stats = state.player_stats()
    assert stats == {name: {**counts, "won": 0} for name, counts in hand_stats(state, lambda row: game.players).items()}
    # Ann knocks 3 v 10 (7), Bob undercuts her 9 v 4 (25 + 5), gins (25 + 12), Ann undercuts
    # his 5 v 5 (a tie is an undercut: 25), then knocks 2 v 40 (38); nobody has 100 yet
    assert stats["Ann"] == {
        "won": 0, "hands": 6, "hands_won": 3, "gins": 0, "big_gins": 0, "undercuts_given": 1, "undercuts_suffered": 1,
        "knocks": 3, "points_won": 7 + 25 + 38, "biggest_hand": 38, "hand_streak": 2, "card_knocks": 0,
        "card_knock_deadwood": 0, "held_back": 0, "net_points": 0,  # unfinished: nothing settled
    }
    assert stats["Bob"] == {
        "won": 0, "hands": 6, "hands_won": 2, "gins": 1, "big_gins": 0, "undercuts_given": 1, "undercuts_suffered": 1,
        "knocks": 1, "points_won": 30 + 37, "biggest_hand": 37, "hand_streak": 2, "card_knocks": 0,
        "card_knock_deadwood": 0, "held_back": 0, "net_points": 0,  # unfinished: nothing settled
    }


def test_the_records_made_for_every_hand_have_every_field():
    # core.game.made makes them with every field given: a field added to one of these records
    # must be given there too (a record made short reads its new field as an error)
    from ginscore.core.game import EffectiveHand, effective_hands
    from ginscore.core.scoring import HandScore, score_hand
    from ginscore.tables.two_handed import HandRow

    draw, gin = {"kind": "draw"}, {"kind": "gin", "player": "Bob", "opponent_deadwood": 12}
    game = game_of(knock("Ann", 3, 10), draw, knock("Ann", 9, 4), gin, knock("Bob", 5, 5))
    game = game.append("edit", target=game.journal[0]["id"], hand=knock("Ann", 2, 10), seats=seated("Ann", "Bob"))
    hands = effective_hands(game.journal)
    assert hands[0].edited and all(len(hand) == len(EffectiveHand._fields) for hand in hands)
    rules = game.rules.with_changes(tie="no-score")
    for hand in [counted.hand for counted in hands] + [knock("Ann", 5, 5)]:
        assert len(score_hand(hand, "Bob", rules)) == len(HandScore._fields)
    rows = actions.evaluate(game).rows
    assert len(rows) == 5 and all(len(row) == len(HandRow._fields) and len(row.score) == len(HandScore._fields) for row in rows)


@pytest.mark.parametrize("table_name", ["standard", "hollywood", "three-handed", "partnership", "rummy"])
def test_every_table_s_rows_have_every_field(table_name):
    # each table's play makes its rows with core.game.made, every field given (as above)
    players = {"three-handed": ["Ann", "Bob", "Cy"], "partnership": ["Ann", "Bob", "Cy", "Dee"], "rummy": ["Ann", "Bob", "Cy"]}
    names = players.get(table_name, ["Ann", "Bob"])
    table, game = get_table(table_name), actions.new_game("k7f3q2ab", names, table=table_name)
    for number in range(6):
        seats = table.next_seats(actions.evaluate(game))
        if table_name == "rummy":
            out = seats[number % 3]
            hand = {"kind": "out", "player": out, "losers": {name: 10 for name in names if name != out}}
        else:  # at a partnership's table the two card tables take turns: the first and the third seat
            hand = knock(seats[(number % 2) * (2 if table_name == "partnership" else 1)], 2, 9)
        game, state = actions.record(game, hand)
    assert len(state.rows) == 6 and all(len(row) == len(type(row)._fields) for row in state.rows)
    assert [row.hand.number for row in state.rows] == [1, 2, 3, 4, 5, 6]
