"""Hands entered as cards: knock and gin with --cards/--opponent-cards (issue #6).

Every expected number is worked out by hand in the comments: deadwood counts ace 1, 2-10 face
value, J Q K 10 (RULES.md section 1); scores by RULES.md section 2.
"""

import json

import pytest

from helpers import game_file, ledger_bytes, ok, refused
from helpers_cards import AGAINST_FIVES, FIVES_TO_SEVENS, knock, status

# Worked example from the issue: K = 10; the defender lays off 8s 9s on 5s-7s and 8c 7c on
# 9c-Jc, melds the four 2s and keeps Ac 8d = 1 + 8 = 9.
KNOCKER = "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd"
DEFENDER = "Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s"
# Gin: 3s-6s, 4h 4d 4c, 7d-9d.
GIN = "3s 4s 5s 6s 4h 4d 4c 7d 8d 9d"
# No meld among them: 1 + 2 + 5 + 9 + 10 + 2 + 10 + 10 + 5 + 10 = 64.
NOTHING = "Ah 2h 5h 9h Kh 2c Tc Jc 5d Qs"
# No meld either: 2 + 7 + 10 + 6 + 10 + 10 + 10 + 9 + 2 + 1 = 67; of these, 2s and 7s fit the
# gin's 3s-6s run and 6d and Td its 7d-9d run: 25, leaving 42 after lay-offs.
FITS_THE_GIN = "2s 7s Td 6d Kh Qc Jh 9c 2c Ah"
BIG_GIN = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js"
# 3h 4h 5h is his only meld; Qs would extend the big gin's run, were lay-offs allowed:
# Qh Kh 8c 8d 9d Qs Kd = 10 + 10 + 8 + 8 + 9 + 10 + 10 = 65.
AGAINST_BIG_GIN = "3h 4h 5h Qh Kh 8c 8d 9d Qs Kd"


def gin(player, cards, opponent, *extra):
    return ["gin", player, "--cards", cards, "--opponent-cards", opponent, *extra]


def cards_of(text):
    return frozenset(text.split())


def melds_of(melds):
    return {cards_of(meld) for meld in melds}


def layoffs_of(layoffs):
    return {cards_of(laid["onto"]): laid["cards"] for laid in layoffs}


# ---- worked examples --------------------------------------------------------------------


def test_undercut_after_layoffs_scores_21_with_undercut_bonus_20(run):
    ok(run, "new Alice Bob --undercut-bonus 20")
    ok(run, knock("alice", KNOCKER, DEFENDER))
    # D = 9 <= K = 10: undercut, Bob scores (10 - 9) + 20 = 21.
    hand = status(run)["hands"][0]
    assert (hand["result"], hand["winner"], hand["points"]) == ("undercut", "Bob", 21)
    assert (hand["deadwood"], hand["opponent_deadwood"]) == (10, 9)
    cards = hand["cards"]
    assert cards_of(cards["knocker"]) == cards_of(KNOCKER)
    assert cards_of(cards["opponent"]) == cards_of(DEFENDER)
    assert melds_of(cards["knocker_melds"]) == melds_of(["5s 6s 7s", "9c Tc Jc", "Ks Kc Kd"])
    assert melds_of(cards["opponent_melds"]) == melds_of(["2s 2c 2d 2h"])
    # Run lay-offs are played nearest first: 8s before 9s, 8c before 7c.
    assert layoffs_of(cards["layoffs"]) == {cards_of("5s 6s 7s"): "8s 9s", cards_of("9c Tc Jc"): "8c 7c"}
    assert "melds_stated" not in cards


def test_the_arrangement_used_is_printed(run):
    ok(run, "new Alice Bob --undercut-bonus 20")
    lines = ok(run, knock("alice", KNOCKER, DEFENDER)).stdout.splitlines()
    assert lines[0] == "Alice lays 5♠ 6♠ 7♠ | 9♣ 10♣ J♣ | K♠ K♦ K♣, deadwood J♦ = 10."
    assert lines[1] == "Bob melds 2♠ 2♥ 2♦ 2♣, lays off 8♠ 9♠ on 5♠-7♠ and 8♣ 7♣ on 9♣-J♣, deadwood A♣ 8♦ = 9."


def test_without_melds_the_knocker_lays_sets_and_wins_2(run):
    ok(run, "new Alice Bob")
    ok(run, knock("alice", FIVES_TO_SEVENS, AGAINST_FIVES))
    # As sets, nothing can be laid off (the defender has no 5, 6 or 7 of s, c, d); he melds
    # 4s 4c 4d, 5h 6h 7h, 8s 8c 8d and keeps 3s: D = 3, K = 1 (As). Alice scores 3 - 1 = 2.
    hand = status(run)["hands"][0]
    assert (hand["result"], hand["points"]) == ("knock", 2)
    assert melds_of(hand["cards"]["knocker_melds"]) == melds_of(["5s 5c 5d", "6s 6c 6d", "7s 7c 7d"])
    assert hand["cards"]["layoffs"] == []


def test_stated_runs_let_the_defender_lay_off_everything(run):
    ok(run, "new Alice Bob")
    result = ok(run, knock("alice", FIVES_TO_SEVENS, AGAINST_FIVES, "--melds", "5s 6s 7s | 5c 6c 7c / 5d 6d 7d"))
    # As runs, 4s then 3s go onto 5s-7s, 4c onto 5c-7c, 4d onto 5d-7d; 5h 6h 7h and 8s 8c 8d
    # are melds: D = 0 <= K = 1, undercut: Bob scores (1 - 0) + 25 = 26.
    hand = status(run)["hands"][0]
    assert (hand["result"], hand["winner"], hand["points"]) == ("undercut", "Bob", 26)
    cards = hand["cards"]
    assert cards["knocker_melds"] == ["5s 6s 7s", "5c 6c 7c", "5d 6d 7d"]  # as stated, in order
    assert cards["melds_stated"] is True
    assert layoffs_of(cards["layoffs"]) == {
        cards_of("5s 6s 7s"): "4s 3s",
        cards_of("5c 6c 7c"): "4c",
        cards_of("5d 6d 7d"): "4d",
    }
    assert "(as stated)" in result.stdout


def test_stated_sets_give_the_same_as_the_best_choice(run):
    ok(run, "new Alice Bob")
    ok(run, knock("alice", FIVES_TO_SEVENS, AGAINST_FIVES, "--melds", "5s 5c 5d | 6s 6c 6d | 7s 7c 7d"))
    hand = status(run)["hands"][0]
    assert (hand["deadwood"], hand["opponent_deadwood"], hand["points"]) == (1, 3, 2)


def test_gin_with_cards(run):
    ok(run, "new Alice Bob")
    result = ok(run, gin("bob", GIN, NOTHING))
    # 25 + 64 = 89
    assert "Bob lays 3♠ 4♠ 5♠ 6♠ | 4♥ 4♦ 4♣ | 7♦ 8♦ 9♦: gin." in result.stdout
    assert "Alice has no meld, deadwood A♥ 2♥ 5♥ 9♥ K♥ 2♣ 10♣ J♣ 5♦ Q♠ = 64." in result.stdout
    hand = status(run)["hands"][0]
    assert (hand["result"], hand["points"], hand["opponent_deadwood"]) == ("gin", 89, 64)


def test_no_layoffs_on_gin_by_default(run):
    ok(run, "new Alice Bob")
    ok(run, gin("alice", GIN, FITS_THE_GIN))
    hand = status(run)["hands"][0]
    # 25 + 67: the cards that would fit stay deadwood
    assert (hand["opponent_deadwood"], hand["points"]) == (67, 92)
    assert hand["cards"]["layoffs"] == []


def test_layoffs_on_gin_when_the_game_allows_them(run):
    ok(run, "new Alice Bob --gin-layoffs")
    ok(run, gin("alice", GIN, FITS_THE_GIN))
    hand = status(run)["hands"][0]
    # 2s and 7s onto 3s-6s, 6d and Td onto 7d-9d: 67 - 25 = 42; 25 + 42 = 67
    assert (hand["opponent_deadwood"], hand["points"]) == (42, 67)
    laid = layoffs_of(hand["cards"]["layoffs"])
    assert {meld: cards_of(text) for meld, text in laid.items()} == {
        cards_of("3s 4s 5s 6s"): cards_of("2s 7s"),
        cards_of("7d 8d 9d"): cards_of("6d Td"),
    }


@pytest.mark.parametrize("rules", ["", "--gin-layoffs"])
def test_big_gin_with_eleven_cards_never_allows_layoffs(run, rules):
    ok(run, f"new Alice Bob {rules}".split())
    ok(run, gin("alice", BIG_GIN, AGAINST_BIG_GIN))
    # 31 + 65 = 96: Qs does not go onto the run, even where gin allows lay-offs
    hand = status(run)["hands"][0]
    assert (hand["result"], hand["opponent_deadwood"], hand["points"]) == ("big_gin", 65, 96)
    assert hand["cards"]["layoffs"] == []


@pytest.mark.parametrize("layoffs, deadwood", [("--no-gin-layoffs", 65), ("--gin-layoffs", 55)])
def test_with_big_gin_off_eleven_melded_cards_are_gin_and_follow_its_layoff_rule(run, layoffs, deadwood):
    ok(run, f"new Alice Bob --big-gin-bonus 0 {layoffs}".split())
    ok(run, gin("alice", BIG_GIN, AGAINST_BIG_GIN))
    hand = status(run)["hands"][0]
    # big gin off: ordinary gin, 25 + D. Where gin allows lay-offs, Qs goes onto the run's Js:
    # 65 - 10 = 55, so 25 + 55 = 80; otherwise 25 + 65 = 90.
    assert (hand["result"], hand["opponent_deadwood"], hand["points"]) == ("gin", deadwood, 25 + deadwood)


def test_big_flag_is_accepted_with_eleven_cards(run):
    ok(run, "new Alice Bob")
    ok(run, gin("alice", BIG_GIN, AGAINST_BIG_GIN, "--big"))
    assert status(run)["hands"][0]["points"] == 96


def test_numeric_forms_still_work(run):
    ok(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    ok(run, "gin bob 30 --big")
    hands = status(run)["hands"]
    assert [(hand["result"], hand["points"]) for hand in hands] == [("knock", 11), ("big_gin", 61)]
    assert all("cards" not in hand for hand in hands)


def test_card_symbols_and_commas_are_accepted(run):
    ok(run, "new Alice Bob --undercut-bonus 20")
    ok(run, knock("alice", "5♠ 6♠ 7♠, 9♣ 10♣ J♣, K♠ K♣ K♦ J♦", "ac,2s,2C,2d,2h,7c,8s,8c,8d,9s"))
    hand = status(run)["hands"][0]
    assert hand["cards"]["knocker"] == KNOCKER and hand["points"] == 21


# ---- refusals: one line, non-zero exit, ledger unchanged ---------------------------------


@pytest.fixture
def game(run, isolated_ledger):
    ok(run, "new Alice Bob")
    return isolated_ledger


def test_numbers_and_cards_together_are_refused(run, game):
    refused(run, ["knock", "alice", "4", "15", "--cards", KNOCKER, "--opponent-cards", DEFENDER], "not both")
    refused(run, ["gin", "alice", "30", "--cards", GIN, "--opponent-cards", NOTHING], "not both")


def test_neither_numbers_nor_cards_is_refused(run, game):
    refused(run, ["knock", "alice"], "as numbers", "--cards")
    refused(run, ["gin", "alice"], "as numbers", "--cards")
    refused(run, ["knock", "alice", "4"], "both deadwoods")


def test_only_one_hand_of_cards_is_refused(run, game):
    refused(run, ["knock", "alice", "--cards", KNOCKER], "--cards needs --opponent-cards")
    refused(run, ["knock", "alice", "--opponent-cards", DEFENDER], "--opponent-cards needs --cards")
    refused(run, ["gin", "alice", "--cards", GIN], "--cards needs --opponent-cards")


def test_melds_without_cards_is_refused(run, game):
    refused(run, ["knock", "alice", "4", "15", "--melds", "5s 6s 7s"], "--melds goes with --cards")


def test_a_knock_that_is_gin_is_refused(run, game):
    message = refused(run, knock("alice", GIN, NOTHING), "Alice's best deadwood is 0", "gin")
    assert "ginscore gin Alice" in message


def test_a_knock_that_is_big_gin_is_refused(run, game):
    refused(run, knock("alice", BIG_GIN, AGAINST_BIG_GIN), "big gin", "ginscore gin Alice")


def test_a_knock_with_eleven_cards_asks_for_the_ten_kept(run, game):
    # KNOCKER + Qd: discarding a 10-point card leaves 10 at best
    refused(run, knock("alice", KNOCKER + " Qd", DEFENDER), "10 Alice kept")


def test_a_knock_over_the_limit_is_refused(run, game):
    # 3s-6s and 4h 4d 4c meld; 7d 8d Kh = 25 > 10
    refused(run, knock("alice", "3s 4s 5s 6s 4h 4d 4c 7d 8d Kh", NOTHING.replace("Kh", "Ks")),
            "best deadwood is 25", "knock limit of 10")


def test_a_knock_over_the_game_knock_limit_is_refused(run, isolated_ledger):
    ok(run, "new Alice Bob --knock-limit 7")
    refused(run, knock("alice", KNOCKER, DEFENDER))  # 10 over the game's 7


def test_oklahoma_upcard_sets_the_limit(run, isolated_ledger):
    ok(run, "new Alice Bob --rules oklahoma")
    refused(run, knock("alice", KNOCKER, DEFENDER, "--upcard", "7h"),
            "best deadwood is 10", "knock limit of 7", "7h upcard")
    refused(run, knock("alice", KNOCKER, DEFENDER, "--upcard", "Ah"), "only gin")
    refused(run, knock("alice", KNOCKER, DEFENDER), "--upcard")
    # The 2s upcard allows K = 1 and doubles the hand: (3 - 1) x 2 = 4 with the sets.
    ok(run, knock("alice", FIVES_TO_SEVENS, AGAINST_FIVES, "--upcard", "2s"))
    assert status(run)["hands"][0]["points"] == 4


def test_illegal_stated_melds_are_refused(run, game):
    refused(run, knock("alice", KNOCKER, DEFENDER, "--melds", "5s 6s 7s | 9c Tc"), "--melds", "not a meld")
    refused(run, knock("alice", KNOCKER, DEFENDER, "--melds", "5s 6s 7s | Ks Kc Kd Jd"), "not a meld")


def test_stated_melds_must_be_his_cards(run, game):
    refused(run, knock("alice", KNOCKER, DEFENDER, "--melds", "5s 6s 7s | Kh Kc Kd"), "Kh", "not in the hand")


def test_stated_melds_over_the_limit_are_refused(run, game):
    # 5s 6s 7s | 9c Tc Jc leaves Ks Kc Kd Jd = 40
    refused(run, knock("alice", KNOCKER, DEFENDER, "--melds", "5s 6s 7s | 9c Tc Jc"),
            "deadwood is 40", "leave out --melds")


def test_a_card_in_both_hands_is_refused(run, game):
    refused(run, knock("alice", KNOCKER, DEFENDER.replace("8d", "Jd")), "Jd is in both")
    refused(run, gin("alice", GIN, NOTHING.replace("Qs", "4c")), "4c is in both")


def test_bad_card_text_names_the_option_and_token(run, game):
    refused(run, knock("alice", KNOCKER.replace("Jd", "Jx"), DEFENDER), "--cards", "'Jx' is not a card")
    refused(run, knock("alice", KNOCKER, DEFENDER + " Qd"), "--opponent-cards", "expected 10 cards, got 11")
    refused(run, knock("alice", KNOCKER, DEFENDER.replace("8d", "8s")), "'8s' appears twice")
    refused(run, knock("alice", "5s 6s 7s", DEFENDER), "--cards", "expected 10 or 11 cards, got 3")


def test_gin_that_is_not_gin_is_refused(run, game):
    refused(run, gin("alice", KNOCKER, DEFENDER), "not gin", "ginscore knock Alice")
    refused(run, gin("alice", "3s 4s 5s 6s 4h 4d 4c 7d 8d Kh", NOTHING.replace("Kh", "Ks")), "not gin", "check the cards")
    refused(run, gin("alice", GIN, NOTHING, "--big"), "--big", "has 10")
    # 11 cards that are gin after a discard are not big gin
    refused(run, gin("alice", GIN + " Th", NOTHING), "not big gin", "discarding Th")
    refused(run, gin("alice", KNOCKER + " Qd", DEFENDER), "not big gin")


def test_a_finished_game_refuses_a_card_hand(run, game):
    ok(run, "gin alice 80")  # 25 + 80 = 105: Alice reaches 100
    refused(run, knock("bob", KNOCKER, DEFENDER), "is over")


# ---- the stored cards in status, sheet, log; edit ------------------------------------------


def test_sheet_shows_a_cards_table_and_status_does_not(run):
    ok(run, "new Alice Bob --undercut-bonus 20")
    ok(run, "knock alice 4 15")
    ok(run, knock("alice", KNOCKER, DEFENDER))
    sheet = ok(run, "sheet").stdout
    assert "Cards" in sheet.splitlines()
    lines = sheet.splitlines()
    rows = [line.split() for line in lines[lines.index("Cards"):]]
    alice = next(row for row in rows if row[:2] == ["2", "Alice"])
    bob = rows[rows.index(alice) + 1]
    assert " ".join(alice) == "2 Alice 5s 6s 7s | 9c Tc Jc | Ks Kd Kc Jd = 10"
    assert " ".join(bob) == "Bob 2s 2h 2d 2c 8s 9s on 5s-7s and 8c 7c on 9c-Jc Ac 8d = 9"
    assert not any(row[:2] == ["1", "Alice"] for row in rows)  # the numeric hand has no cards
    csv = ok(run, "sheet --format csv").stdout
    assert csv.startswith("hand,") and "melds" not in csv  # CSV is the hands alone: the cards are in --json
    assert "Cards" not in ok(run, "status").stdout


def test_sheet_without_card_hands_has_no_cards_table(run):
    ok(run, "new Alice Bob")
    ok(run, "knock alice 4 15")
    assert "Cards" not in ok(run, "sheet").stdout


def test_log_shows_cards_melds_and_layoffs(run):
    ok(run, "new Alice Bob")
    ok(run, knock("alice", FIVES_TO_SEVENS, AGAINST_FIVES, "--melds", "5s 6s 7s | 5c 6c 7c | 5d 6d 7d"))
    log = ok(run, "log").stdout
    assert "knock Alice 1 0 (Alice lays 5s 6s 7s | 5c 6c 7c | 5d 6d 7d (as stated), deadwood As = 1;" in log
    assert "lays off 4s 3s on 5s-7s, 4c on 5c-7c and 4d on 5d-7d, deadwood 0)" in log
    entry = json.loads(ok(run, "log --json").stdout)["entries"][0]
    assert entry["hand"]["cards"]["melds_stated"] is True
    assert "4d on 5d-7d" in entry["text"]


def test_hollywood_sheet_shows_the_cards_too(run):
    ok(run, "new Alice Bob --hollywood --undercut-bonus 20")
    ok(run, knock("alice", KNOCKER, DEFENDER))
    assert "Ac 8d = 9" in ok(run, "sheet").stdout
    assert status(run)["hands"][0]["cards"]["opponent"] == DEFENDER


def test_edit_takes_the_card_form(run, isolated_ledger):
    ok(run, "new Alice Bob --undercut-bonus 20")
    ok(run, "knock alice 4 15")
    result = ok(run, ["edit", "1", *knock("alice", KNOCKER, DEFENDER)])
    assert "now: knock Alice 10 9 (Alice lays" in result.stdout
    hand = status(run)["hands"][0]
    assert (hand["result"], hand["points"], hand["edited"]) == ("undercut", 21, True)
    refused(run, ["edit", "1", *knock("alice", GIN, NOTHING)], "that is gin")


def test_a_damaged_cards_record_is_reported_by_check(run, isolated_ledger):
    ok(run, "new Alice Bob")
    ok(run, knock("alice", FIVES_TO_SEVENS, AGAINST_FIVES))
    path = game_file(isolated_ledger)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["journal"][0]["hand"]["cards"]["knocker_melds"][0] = "5s 6s 8s"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = ledger_bytes(isolated_ledger)
    result = run("check")
    assert result.exit_code == 1
    assert "journal[0].hand.cards.knocker_melds[0]: '5s 6s 8s' is not a meld" in result.stdout
    assert run("status").exit_code == 1
    assert ledger_bytes(isolated_ledger) == before
