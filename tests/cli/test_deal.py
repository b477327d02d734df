"""Who deals the next hand: --deal winner (the rule texts), alternate or loser (house rules of
the score-pad apps). Worked by hand, then against a reference that reads each hand's dealer
off the whole history at once instead of passing the deal on hand by hand."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.ops import actions
from ginscore.tables import get_table
from helpers import examples, play, refused

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


def reference_dealers(deal, first, hands):
    """The dealer of every hand and of the next one, each read off the hands before it:
    alternate, by the parity of its number; winner or loser, from the last hand someone won
    (a draw changes nothing); None where the history does not tell."""
    found = []
    for number in range(1, len(hands) + 2):
        before = hands[: number - 1]
        if deal == "alternate":
            dealer = None if first is None else (first if number % 2 else [p for p in PLAYERS if p != first][0])
        else:
            won = [winner for winner in before if winner is not None]
            if not won:
                dealer = first
            elif deal == "winner":
                dealer = won[-1]
            else:
                dealer = [p for p in PLAYERS if p != won[-1]][0]
        found.append(dealer)
    return found[1:]  # who deals after each hand


hand = st.one_of(
    st.tuples(st.just("knock"), st.sampled_from(PLAYERS), st.integers(1, 3), st.integers(20, 40)),
    st.tuples(st.just("gin"), st.sampled_from(PLAYERS), st.integers(0, 30)),
    st.just(("draw",)),
)


def as_hand(said) -> tuple[dict, str | None]:
    """The hand as a game stores it, and who won it (knocks here are never undercut)."""
    if said[0] == "knock":
        return {"kind": "knock", "player": said[1], "deadwood": said[2], "opponent_deadwood": said[3]}, said[1]
    if said[0] == "gin":
        return {"kind": "gin", "player": said[1], "opponent_deadwood": said[2]}, said[1]
    return {"kind": "draw"}, None


@settings(max_examples=examples(150))
@given(
    table=st.sampled_from(["standard", "hollywood"]),
    deal=st.sampled_from(["winner", "alternate", "loser"]),
    first=st.sampled_from([None, *PLAYERS]),
    said=st.lists(hand, max_size=8),
)
def test_who_deals_follows_the_reference(table, deal, first, said):
    kind = get_table(table)
    game = actions.new_game("k7f3q2ab", PLAYERS, table=table, settings={"deal": deal, "target": 1000}, dealer=first)
    winners, seen = [], []
    for words in said:
        stored, winner = as_hand(words)
        game, state = actions.record(game, stored)
        winners.append(winner)
        seen.append(state.next_dealer)
    assert seen == reference_dealers(deal, first, winners)
    assert kind.evaluate(game).next_dealer == (seen[-1] if seen else first)
