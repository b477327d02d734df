"""Who deals the next hand, as the tables work it out (ops.actions, each table's result): against a
reference that reads each hand's dealer off the whole history at once instead of passing the
deal on hand by hand."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.ops import actions
from ginscore.tables import get_table
from helpers import examples

PLAYERS = ("Ann", "Ben")


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
