"""The score-pad backup read into games (ginscore.exchange.scorepad): its rules mapped to
ginscore's settings, what cannot be entered said, and any game the app can hold scored as the
app scores it."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import examples
from helpers_scorepad import UNMAPPABLE, backup_data

BOUNDS = {"target": (50, 500), "ginBonus": (0, 100), "longGinBonus": (1, 100), "undercutBonus": (0, 100),
          "boxBonus": (0, 50), "gameBonus": (0, 250), "shutoutBonus": (0, 300)}  # the app's rule steppers


# (a long gin bonus of 0 is big gin off here: test_what_cannot_be_entered_is_said_and_the_rest_imported)
HANDS = st.one_of(  # (type, winner, points) as the app's score sheet takes them, each one ginscore can enter
    st.tuples(st.just("knock"), st.integers(0, 1), st.integers(1, 97)),
    st.tuples(st.just("undercut"), st.integers(0, 1), st.integers(1, 10)),
    st.tuples(st.sampled_from(["gin", "longGin"]), st.integers(0, 1), st.integers(0, 98)),
)


def app_game(rules, hands, dealer_start):
    """A game as the app stores it, scored as its src/state.js scores (applyHandToGame,
    summaryForGame), and its finals; the hands after the game was won are not played."""
    bonus = {"knock": 0, "gin": rules["ginBonus"], "longGin": rules["longGinBonus"], "undercut": rules["undercutBonus"]}
    scores, boxes, kept = [0, 0], [0, 0], []
    for number, (kind, winner, points) in enumerate(hands):
        if max(scores) >= rules["target"]:
            break
        scores[winner] += points + bonus[kind]
        boxes[winner] += 1
        kept.append({"id": f"h{number}", "deal": number + 1, "type": kind, "winner": winner, "points": points,
                     "totalThisHand": points + bonus[kind]})
    finished = max(scores) >= rules["target"]
    winner = (0 if scores[0] > scores[1] else 1) if finished else None
    finals = None
    if finished:
        loser = 1 - winner
        finals = [0, 0]
        finals[winner] = scores[winner] + rules["gameBonus"] + boxes[winner] * rules["boxBonus"]
        finals[winner] += rules["shutoutBonus"] if boxes[loser] == 0 else 0
        finals[loser] = scores[loser] + boxes[loser] * rules["boxBonus"]
    game = {"id": "g_any", "createdAt": 1785002564000, "p0Id": "p_a", "p1Id": "p_b", "scores": scores, "boxes": boxes,
            "hands": kept, "deal": len(kept) + 1, "dealerStart": dealer_start,
            "phase": "finished" if finished else "playing", "winner": winner, "rules": rules}
    return game, finals


def test_rules_map_to_ginscore_settings():
    from ginscore.exchange import scorepad

    games = {item.source: item.game for item in scorepad.plan(backup_data()).games}
    assert games[UNMAPPABLE] is None
    custom = games["g_fy1eiiqt"].rules  # target 150, gin 30, long gin 50, undercut 15, box 20, game 150, shutout 0
    assert (custom.target, custom.gin_bonus, custom.big_gin_bonus, custom.undercut_bonus) == (150, 30, 50, 15)
    assert (custom.box_bonus, custom.game_bonus, custom.shutout, custom.deal) == (20, 150, "none", "alternate")
    legacy = games["g_8iinq454"].rules  # kept no rules: the app's older defaults, undercut 10
    assert (legacy.undercut_bonus, legacy.gin_bonus, legacy.shutout, legacy.target) == (10, 25, "flat:100", 100)
    standard = games["g_3nvpbp0x"].rules
    assert (standard.undercut_bonus, standard.big_gin_bonus, standard.shutout, standard.knock_limit) == (25, 25, "flat:100", 10)


def test_what_cannot_be_entered_is_said_and_the_rest_imported():
    from ginscore.exchange import scorepad

    data = backup_data()
    games = data["store"]["games"]
    first = games[0]
    first["hands"].append(copy.deepcopy(first["hands"][0]))  # a hand after Mira reached 117
    games[1]["hands"][0]["totalThisHand"] += 5  # not what its rules give
    games[2]["p1Id"] = "p_nobody"
    games[3]["rules"] = {**games[3].get("rules", {}), "longGinBonus": 0}  # it has a long gin
    games[4]["hands"][0].update(type="knock", points=98, totalThisHand=98)
    games[5]["p1Id"] = games[5]["p0Id"]  # Theo against Theo
    games[5]["rules"]["doubleOn"] = 2  # a rule the app does not have
    data["store"]["players"].append({"id": "p_blank", "name": ""})
    games[6]["p0Id"] = "p_blank"  # a player without a name
    problems = [item.problem for item in scorepad.plan(data).games]
    causes = ["hand 7 comes after the end", "hand 1 counts 57 points", "p_nobody", "long gin bonus of 0",
              "hand 1: a knock won by 98", "named twice", "empty"]
    assert all(cause in problem for cause, problem in zip(causes, problems, strict=True)), problems
    notes = scorepad.plan(data).notes
    assert any("doubleOn" in note for note in notes)


@settings(max_examples=examples(150))
@given(st.fixed_dictionaries({key: st.integers(*bounds) for key, bounds in BOUNDS.items()}),
       st.lists(HANDS, max_size=30), st.integers(0, 1))
def test_any_game_the_app_can_hold_scores_here_as_the_app_scores_it(rules, hands, dealer_start):
    from ginscore.exchange import scorepad
    from ginscore.ops import actions

    game, finals = app_game(rules, hands, dealer_start)
    players = [{"id": "p_a", "name": "Ann"}, {"id": "p_b", "name": "Ben"}]
    plan = scorepad.plan({"kind": "gin-rummy-counter.v2", "store": {"players": players, "games": [game]}})
    made = plan.games[0].game
    assert made is not None, plan.games[0].problem
    state = actions.evaluate(made)
    assert [state.scores["Ann"], state.scores["Ben"]] == game["scores"]
    assert [state.boxes["Ann"], state.boxes["Ben"]] == game["boxes"]
    assert state.winner == (None if game["winner"] is None else ["Ann", "Ben"][game["winner"]])
    assert (None if state.final is None else [state.final.totals["Ann"], state.final.totals["Ben"]]) == finals
    if not state.finished:  # the app's dealerOf: the deal alternates from dealerStart
        assert state.next_dealer == ["Ann", "Ben"][(dealer_start + len(game["hands"])) % 2]
