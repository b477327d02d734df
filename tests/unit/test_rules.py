"""Rule settings, presets, the shutout modes, tie rules and Oklahoma Gin, in the pure core.

Expected numbers come from RULES.md or are worked by hand in the comments; the property tests
compare against a slow reference implementation of RULES.md sections 2, 3 and 6 written here.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.base.errors import GinscoreError, HandError, RulesError
from ginscore.core.rules import PRESETS, STANDARD, Rules, build_rules, parse_setting, preset_rules, summary
from ginscore.core.scoring import check_hand, final_score, score_hand
from ginscore.ops import actions
from helpers import examples

# ---- the shutout modes on RULES.md's worked example -------------------------------------

# A wins five hands of 12, 8, 35, 20, 25 (100 points), B nothing; box 25, game 100.
WORKED = {
    "double-game-bonus": 425,  # RULES.md
    "double-total": 650,  # RULES.md
    "double-before-boxes": 525,  # RULES.md
    "none": 325,  # RULES.md
    "double-hands": 425,  # 2 x 100 + 100 + 5 x 25
    "flat:100": 425,  # 100 + 100 + 125 + 100
    "flat:0": 325,
}


@pytest.mark.parametrize("mode, winner_total", WORKED.items())
def test_each_shutout_mode_on_the_worked_example(mode, winner_total):
    final = final_score("A", "B", {"A": 100, "B": 0}, {"A": 5, "B": 0}, False, Rules(shutout=mode), None)
    assert final.shutout
    assert final.totals == {"A": winner_total, "B": 0}
    assert final.net == winner_total
    assert final.shutout_extra == winner_total - 325


# The worked example gives 425 three ways; with 105 points (hands 12, 8, 35, 20, 30) they part:
# plain 105 + 100 + 125 = 330.
PARTED = {
    "double-total": 660,  # 2 x 330
    "double-before-boxes": 535,  # 2 x 205 + 125
    "double-game-bonus": 430,  # 105 + 200 + 125
    "double-hands": 435,  # 210 + 100 + 125
    "flat:100": 430,
    "flat:50": 380,
    "none": 330,
}


@pytest.mark.parametrize("mode, winner_total", PARTED.items())
def test_each_shutout_mode_doubles_its_own_part(mode, winner_total):
    final = final_score("A", "B", {"A": 105, "B": 0}, {"A": 5, "B": 0}, False, Rules(shutout=mode), None)
    assert final.totals["A"] == winner_total


@pytest.mark.parametrize("mode", WORKED)
def test_no_shutout_when_the_loser_won_a_hand(mode):
    # A 100 points, 4 boxes; B 26 points, 1 box: A 100 + 100 + 100 = 300, B 26 + 25 = 51
    final = final_score("A", "B", {"A": 100, "B": 26}, {"A": 4, "B": 1}, True, Rules(shutout=mode), None)
    assert not final.shutout
    assert final.totals == {"A": 300, "B": 51}
    assert final.net == 249


# ---- tie rules --------------------------------------------------------------------------


def knock(player, knocker, opponent, upcard=None):
    hand = {"kind": "knock", "player": player, "deadwood": knocker, "opponent_deadwood": opponent}
    if upcard:
        hand["upcard"] = upcard
    return hand


def gin(player, opponent, upcard=None, big=False):
    hand = {"kind": "gin", "player": player, "opponent_deadwood": opponent}
    if big:
        hand["big"] = True
    if upcard:
        hand["upcard"] = upcard
    return hand


@pytest.mark.parametrize(
    "tie, result, winner, points, boxes",
    [
        ("undercut", "undercut", "B", 25, 1),  # all seeds: the defender gets the bonus
        ("knocker", "knock", "A", 0, 1),  # the knocker wins the hand, 0 points
        ("no-score", "tie", None, 0, 0),  # the hand scores nothing
    ],
)
def test_each_tie_rule(tie, result, winner, points, boxes):
    score = score_hand(knock("A", 9, 9), "B", Rules(tie=tie))
    assert (score.result, score.winner, score.points, score.boxes) == (result, winner, points, boxes)


def test_tie_rule_does_not_touch_an_undercut_with_a_lower_defender():
    for tie in ("undercut", "knocker", "no-score"):
        score = score_hand(knock("A", 9, 4), "B", Rules(tie=tie, undercut_bonus=10))
        assert (score.winner, score.points) == ("B", 15)


def test_extra_boxes_for_gin_and_undercut():
    rules = Rules(gin_boxes=3, undercut_boxes=2)
    assert score_hand(gin("A", 5), "B", rules).boxes == 3
    assert score_hand(knock("A", 5, 3), "B", rules).boxes == 2
    assert score_hand(knock("A", 3, 5), "B", rules).boxes == 1


def test_big_gin_bonus_setting():
    assert score_hand(gin("A", 10, big=True), "B", Rules(big_gin_bonus=50)).points == 60
    off = score_hand(gin("A", 10, big=True), "B", Rules(big_gin_bonus=0))
    assert (off.result, off.points) == ("gin", 35)


def test_knock_limit_setting():
    check_hand(knock("A", 5, 9), Rules(knock_limit=5))
    with pytest.raises(HandError, match="knock limit of 5"):
        check_hand(knock("A", 6, 9), Rules(knock_limit=5))
    with pytest.raises(HandError, match="only gin"):
        check_hand(knock("A", 1, 9), Rules(knock_limit=0))


# ---- Oklahoma -----------------------------------------------------------------------------

OKLAHOMA = preset_rules("oklahoma")


@pytest.mark.parametrize(
    "upcard, limit", [("7h", 7), ("2c", 2), ("Td", 10), ("Jh", 10), ("Qc", 10), ("Kd", 10), ("9s", 9)]
)
def test_the_upcard_sets_the_knock_limit(upcard, limit):
    check_hand(knock("A", limit, 40, upcard), OKLAHOMA)
    with pytest.raises(HandError, match=f"knock limit of {limit}, set by the {upcard} upcard"):
        check_hand(knock("A", limit + 1, 40, upcard), OKLAHOMA)


def test_an_ace_upcard_allows_only_gin_by_default():
    with pytest.raises(HandError, match="ace, so only gin"):
        check_hand(knock("A", 1, 40, "Ah"), OKLAHOMA)
    check_hand(gin("A", 40, "Ah"), OKLAHOMA)


def test_ace_upcard_one_allows_a_knock_on_1():
    rules = OKLAHOMA.with_changes(ace_upcard="one")
    check_hand(knock("A", 1, 40, "Ah"), rules)
    with pytest.raises(HandError, match="knock limit of 1"):
        check_hand(knock("A", 2, 40, "Ah"), rules)


def test_oklahoma_hands_need_an_upcard_and_others_refuse_one():
    with pytest.raises(HandError, match="--upcard"):
        check_hand(knock("A", 3, 40), OKLAHOMA)
    with pytest.raises(HandError, match="--upcard"):
        check_hand({"kind": "draw"}, OKLAHOMA)
    with pytest.raises(HandError, match="not Oklahoma"):
        check_hand(knock("A", 3, 40, "7h"), STANDARD)
    with pytest.raises(HandError, match="stored as one card"):
        check_hand(knock("A", 3, 40, "10h"), OKLAHOMA)


# (spade_double, hand, expected points, expected boxes), by hand:
SPADES = [
    # knock 3 v 10 on 7s: difference 7
    ("off", knock("A", 3, 10, "7s"), 7, 1),
    ("points", knock("A", 3, 10, "7s"), 14, 1),
    ("score", knock("A", 3, 10, "7s"), 14, 1),
    ("all", knock("A", 3, 10, "7s"), 14, 2),
    # undercut 6 v 4 on 6s: difference 2, bonus 25
    ("off", knock("A", 6, 4, "6s"), 27, 1),
    ("points", knock("A", 6, 4, "6s"), 29, 1),
    ("score", knock("A", 6, 4, "6s"), 54, 1),
    ("all", knock("A", 6, 4, "6s"), 54, 2),
    # gin against 20 on Ks: bonus 25
    ("off", gin("A", 20, "Ks"), 45, 1),
    ("points", gin("A", 20, "Ks"), 65, 1),
    ("score", gin("A", 20, "Ks"), 90, 1),
    ("all", gin("A", 20, "Ks"), 90, 2),
]


@pytest.mark.parametrize("mode, hand, points, boxes", SPADES)
def test_a_spade_upcard_doubles_what_the_setting_says(mode, hand, points, boxes):
    score = score_hand(hand, "B", OKLAHOMA.with_changes(spade_double=mode))
    assert (score.points, score.boxes) == (points, boxes)


def test_a_non_spade_upcard_doubles_nothing():
    rules = OKLAHOMA.with_changes(spade_double="all")
    score = score_hand(gin("A", 20, "Kh"), "B", rules)
    assert (score.points, score.boxes, score.multiplier) == (45, 1, 1)


# ---- settings and presets -----------------------------------------------------------------


def test_presets_follow_their_sources():
    expected = {
        "standard": {},
        "classic": {"shutout": "double-before-boxes"},
        "classic-variant": {
            "shutout": "double-before-boxes", "undercut_bonus": 10, "gin_bonus": 20, "box_bonus": 20,
            "gin_layoffs": True,
        },
        "twenties": {"undercut_bonus": 20, "box_bonus": 20},
        "pagat": {"gin_bonus": 20, "undercut_bonus": 10, "box_bonus": 20, "shutout": "double-game-bonus"},
        "oklahoma": {"oklahoma": True, "target": 150},
    }
    assert PRESETS == expected
    assert preset_rules("seed-004").box_bonus == 20


def test_individual_settings_override_the_preset():
    rules = build_rules("seed-004", {"undercut_bonus": "15", "gin_layoffs": "yes"})
    assert (rules.undercut_bonus, rules.box_bonus, rules.gin_layoffs) == (15, 20, True)


@pytest.mark.parametrize(
    "name, value, expected",
    [
        ("target", " 150 ", 150),
        ("shutout", "Flat:0100", "flat:100"),
        ("shutout", "DOUBLE-HANDS", "double-hands"),
        ("tie", "No-Score", "no-score"),
        ("gin_layoffs", "on", True),
        ("oklahoma", "no", False),
    ],
)
def test_typed_values_are_normalised(name, value, expected):
    assert parse_setting(name, value) == expected


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("target", "0", "--target must be a whole number from 1"),
        ("target", "x", "--target"),
        ("target", "²", "--target"),
        ("knock_limit", "11", "--knock-limit must be a whole number from 0 to 10"),
        ("undercut_bonus", "-5", "--undercut-bonus"),
        ("undercut_bonus", "2.5", "--undercut-bonus"),
        ("gin_boxes", "11", "--gin-boxes"),
        ("tie", "defender", "--tie must be one of undercut, knocker, no-score"),
        ("shutout", "triple", "--shutout must be one of"),
        ("shutout", "flat:", "--shutout"),
        ("shutout", "flat:-1", "--shutout"),
        ("shutout", "flat:N", "--shutout"),
        ("shutout", "flat:²", "--shutout"),
        ("gin_layoffs", "maybe", "--gin-layoffs must be true or false"),
        ("ace_upcard", "eleven", "--ace-upcard"),
        ("spade_double", "twice", "--spade-double"),
        ("colour", "red", "unknown rule setting 'colour'"),
    ],
)
def test_bad_values_are_refused_naming_the_option(name, value, message):
    with pytest.raises(RulesError, match=message):
        build_rules(None, {name: value})


def test_unknown_preset_lists_the_presets():
    with pytest.raises(RulesError, match="twenties"):
        build_rules("house")


@pytest.mark.parametrize("changes", [{"target": "100"}, {"shutout": "Double-Total"}, {"oklahoma": 1}])
def test_a_stored_snapshot_must_be_in_stored_form(changes):
    with pytest.raises(RulesError):
        Rules(**changes)


def test_summary_names_the_preset_and_the_differences():
    assert summary(STANDARD) == "standard rules"
    assert summary(preset_rules("seed-004")) == "twenties (undercut bonus 20, box bonus 20)"
    changed = build_rules("seed-004", {"target": "150"})
    assert summary(changed, "seed-004") == "twenties with changes (target 150, undercut bonus 20, box bonus 20)"
    assert summary(Rules(big_gin_bonus=0)) == "big gin off"


# ---- properties over random settings and random hands -------------------------------------

UPCARDS = [rank + suit for rank in "A23456789TJQK" for suit in "shdc"]
PLAYERS = ("Ann", "Ben")

rules_strategy = st.builds(
    Rules,
    target=st.integers(1, 250),
    knock_limit=st.integers(0, 10),
    gin_bonus=st.integers(0, 60),
    big_gin_bonus=st.integers(0, 60),
    undercut_bonus=st.integers(0, 40),
    tie=st.sampled_from(["undercut", "knocker", "no-score"]),
    box_bonus=st.integers(0, 40),
    gin_boxes=st.integers(0, 3),
    undercut_boxes=st.integers(0, 3),
    game_bonus=st.integers(0, 200),
    shutout=st.one_of(
        st.sampled_from(["double-total", "double-before-boxes", "double-game-bonus", "double-hands", "none"]),
        st.integers(0, 300).map(lambda n: f"flat:{n}"),
    ),
    gin_layoffs=st.booleans(),
    oklahoma=st.booleans(),
    ace_upcard=st.sampled_from(["gin-only", "one"]),
    spade_double=st.sampled_from(["off", "points", "score", "all"]),
)

hand_strategy = st.one_of(
    st.builds(knock, st.sampled_from(PLAYERS), st.integers(1, 10), st.integers(0, 98), st.sampled_from(UPCARDS)),
    st.builds(gin, st.sampled_from(PLAYERS), st.integers(0, 98), st.sampled_from(UPCARDS), st.booleans()),
    st.builds(lambda upcard: {"kind": "draw", "upcard": upcard}, st.sampled_from(UPCARDS)),
)


def reference_limit(hand, rules):
    if not rules.oklahoma:
        return rules.knock_limit
    rank = hand["upcard"][0]
    if rank == "A":
        return 1 if rules.ace_upcard == "one" else 0
    return 10 if rank in "TJQK" else int(rank)


def reference_hand(hand, rules):
    """(winner, points, boxes) of one hand by RULES.md sections 2 and 6."""
    if hand["kind"] == "draw":
        return None, 0, 0
    spade = rules.oklahoma and hand["upcard"][1] == "s"
    deadwood_factor = 2 if spade and rules.spade_double != "off" else 1
    bonus_factor = 2 if spade and rules.spade_double in ("score", "all") else 1
    box_factor = 2 if spade and rules.spade_double == "all" else 1
    player = hand["player"]
    other = PLAYERS[1 - PLAYERS.index(player)]
    theirs = hand["opponent_deadwood"]
    if hand["kind"] == "gin":
        bonus = rules.big_gin_bonus if hand.get("big") and rules.big_gin_bonus else rules.gin_bonus
        return player, deadwood_factor * theirs + bonus_factor * bonus, box_factor * rules.gin_boxes
    mine = hand["deadwood"]
    if mine < theirs:
        return player, deadwood_factor * (theirs - mine), box_factor
    if mine == theirs and rules.tie == "knocker":
        return player, 0, box_factor
    if mine == theirs and rules.tie == "no-score":
        return None, 0, 0
    points = deadwood_factor * (mine - theirs) + bonus_factor * rules.undercut_bonus
    return other, points, box_factor * rules.undercut_boxes


def reference_totals(points, boxes, won, winner, rules):
    """Final totals by the table in RULES.md section 3."""
    loser = PLAYERS[1 - PLAYERS.index(winner)]
    hand_points, bonus, box_points = points[winner], rules.game_bonus, boxes[winner] * rules.box_bonus
    total = hand_points + bonus + box_points
    if won[loser] == 0:
        total = {
            "double-total": 2 * (hand_points + bonus + box_points),
            "double-before-boxes": 2 * (hand_points + bonus) + box_points,
            "double-game-bonus": hand_points + 2 * bonus + box_points,
            "double-hands": 2 * hand_points + bonus + box_points,
            "none": total,
        }.get(rules.shutout) or total + int(rules.shutout.split(":")[1])
    return {winner: total, loser: points[loser] + boxes[loser] * rules.box_bonus}


def without_upcard(hand, rules):
    return hand if rules.oklahoma else {key: value for key, value in hand.items() if key != "upcard"}


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(rules_strategy, st.lists(hand_strategy, max_size=40))
def test_random_rules_and_hands_match_the_reference(rules, hands):
    game = actions.new_game(1, PLAYERS, rules)
    state = actions.evaluate(game)
    points = {name: 0 for name in PLAYERS}
    boxes, won = dict(points), dict(points)
    winner = None
    for hand in hands:
        if winner is not None:
            break
        hand = without_upcard(hand, rules)
        if hand.get("big") and not rules.big_gin_bonus:  # --big without big gin is refused (issue #14)
            with pytest.raises(HandError):
                actions.record(game, hand)
            continue
        if hand["kind"] == "knock" and hand["deadwood"] > reference_limit(hand, rules):
            with pytest.raises(HandError):
                actions.record(game, hand)
            continue
        game, state = actions.record(game, hand)
        hand_winner, gained, gained_boxes = reference_hand(hand, rules)
        if hand_winner is not None:
            points[hand_winner] += gained
            boxes[hand_winner] += gained_boxes
            won[hand_winner] += 1
            if points[hand_winner] >= rules.target:
                winner = hand_winner
    assert (state.scores, state.boxes, state.winner) == (points, boxes, winner)
    if winner is None:
        assert state.final is None
        return
    final = state.final
    assert final.totals == reference_totals(points, boxes, won, winner, rules)
    assert final.net == final.totals[final.winner] - final.totals[final.loser]
    assert min(final.totals.values()) >= 0


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(rules_strategy)
def test_a_rules_snapshot_round_trips(rules):
    assert Rules.from_dict(rules.to_dict()) == rules
    assert build_rules(None, {key: str(value) for key, value in rules.to_dict().items()}) == rules


def test_every_domain_error_is_a_ginscore_error():
    assert issubclass(RulesError, GinscoreError) and issubclass(HandError, GinscoreError)


def test_a_setting_a_table_does_not_use_reads_as_its_standard_default_and_stays_unused():
    # a three-handed game is not Oklahoma: its rules read oklahoma and spade_double as the
    # standard defaults (RULES.md: off), yet hold, compare and store only its own settings
    from ginscore.tables import get_table

    specs = get_table("three-handed").settings
    rules = Rules.of(specs, {"target": 150})
    assert "oklahoma" not in specs and "spade_double" not in specs
    assert rules.oklahoma is False and rules.spade_double == STANDARD.spade_double
    assert not rules.uses("oklahoma") and "oklahoma" not in rules.to_dict() and "oklahoma" not in rules.stored()
    assert rules == Rules.of(specs, {"target": 150}) and rules != Rules.of(specs, {"target": 100})
    with pytest.raises(AttributeError):
        rules.no_such_setting
