"""'ginscore rematch': the same players, table, rules and stake, and the winner deals."""

from helpers import game_ids, play, status_json


def test_rematch_keeps_players_table_rules_and_stake_and_the_winner_deals(run):
    play(run, "new Alice Bob --target 50 --undercut-bonus 10 --stake 0.01 --currency €", "gin bob 30")
    first = status_json(run)
    play(run, "rematch")
    second = status_json(run)
    assert second["id"] == game_ids(run)[1] != first["id"] and second["rules"]["target"] == 50
    for key in ("table", "players", "rules", "stake", "currency"):
        assert second[key] == first[key], key
    assert second["hands"] == [] and second["next_dealer"] == "Bob"
    play(run, "new A B C --three-handed --target 10", "knock b 1 20", "rematch")
    assert status_json(run)["players"] == ["C", "A", "B"] and status_json(run)["next_dealer"] == "B"
