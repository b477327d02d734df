"""What every table of two-handed gin hands shares as data: the hand kinds and their checks,
a scored hand's row, who faced whom, and the players' statistics (docs/rules.md sections 2 and 4).

Standard, Hollywood, three-handed and partnership games are all played as two-handed hands;
they differ in who faces whom and in how the hands add up. Their words are in
``two_handed_view``.
"""

from __future__ import annotations

from ginscore.base.errors import HandError
from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.base.shell import command
from ginscore.base.text import in_words
from ginscore.core.game import EffectiveHand
from ginscore.core.rules import GIN_SETTINGS, TWO_PLAYER_SETTINGS
from ginscore.core.scoring import HandScore, check_hand, score_hand
from ginscore.core.statistics import blank as blank_stats
from ginscore.core.statistics import hand_streaks
from ginscore.tables.base import Table

HAND_FIELDS = {
    "kind": str,
    "player": str,
    "deadwood": int,
    "opponent_deadwood": int,
    "big": bool,
    "upcard": str,
    "cards": dict,
}
# The gin settings of the tables with more than two players (three-handed, partnership): not
# Oklahoma, and who deals is the table's own rule.
PLAIN_GIN_SETTINGS = {name: spec for name, spec in GIN_SETTINGS.items() if name not in TWO_PLAYER_SETTINGS}


def with_defaults(settings: dict, **defaults) -> dict:
    """``settings`` with some defaults changed: a table's own defaults (partnership: 125)."""
    return {name: spec._replace(default=defaults[name]) if name in defaults else spec for name, spec in settings.items()}


# Records are NamedTuples (base.records.Record), not dataclasses: this module is on the start-up
# path of every command typed between hands (see ginscore.core.game).

DRAWN = HandScore("draw", None, 0, 0)  # what every draw scores, under any rules (``score_hand``)


class HandRow(Record):
    hand: EffectiveHand
    score: HandScore
    totals: dict  # every player's (or side's) running total after this hand
    opponent: str | None = None  # who the player who went out faced; None for a draw

    def to_json(self) -> dict:
        hand = self.hand.hand
        row = {
            "number": self.hand.number,
            "result": self.score.result,
            "winner": self.score.winner,
            "points": self.score.points,
            "boxes": self.score.boxes,
            "kind": hand["kind"],
            "player": hand.get("player"),
            "opponent": self.opponent,
            "deadwood": hand.get("deadwood"),
            "opponent_deadwood": hand.get("opponent_deadwood"),
            "totals": dict(self.totals),
            "edited": self.hand.edited,
        }
        for optional in ("upcard", "cards"):
            if optional in hand:
                row[optional] = hand[optional]
        if self.score.multiplier != 1:
            row["multiplier"] = self.score.multiplier
        return row


def count_hand(tally, score, target: int) -> None:
    """Add one hand's ``score`` to a game's running ``tally`` (its ``scores``, ``boxes`` and
    ``hands_won``), and make its winner the game's once he reaches ``target``."""
    winner = score.winner
    if not winner:
        return
    scores = tally.scores
    scores[winner] += score.points
    tally.boxes[winner] += score.boxes
    tally.hands_won[winner] += 1
    if scores[winner] >= target:
        tally.winner = winner


def next_dealer(rules, players, dealer: str | None, winner: str | None) -> str | None:
    """Who deals after a hand that ``dealer`` dealt (None: not known, the players cut for deal)
    and ``winner`` won (None: a draw), under the game's ``deal`` setting: the winner (docs/rules.md
    section 3), the loser, or the other player (the deal alternates, draws included). After a
    draw the same dealer deals again, unless the deal alternates."""
    if rules.deal == "alternate":
        return None if dealer is None else opponent_of(players, dealer)
    if winner is None:
        return dealer
    return winner if rules.deal == "winner" else opponent_of(players, winner)


def non_dealer(players, dealer: str | None) -> str | None:
    """Who plays first in a hand of two: the player who did not deal (docs/rules.md section 14:
    seed 000, "the non-dealer makes the first move"; seed 002, the dealer's opponent has the
    first say on the upcard); None while the dealer is not known."""
    return None if dealer is None else opponent_of(players, dealer)


def opponent_of(players, player: str) -> str:
    """The other player of a pair; refuses anything but a pair, where "the other" has no meaning."""
    if len(players) != 2 or player not in players:
        raise ValueError(f"opponent_of needs a pair holding {player!r}, got {players!r}")
    return players[1] if players[0] == player else players[0]


class GinTable(Table):
    """A table whose hands are two-handed gin hands: knock, gin, big gin, draw."""

    settings = GIN_SETTINGS
    hand_kinds = ("knock", "gin", "draw")
    hand_fields = HAND_FIELDS

    def cards_words(self, hand: dict) -> str:
        from ginscore.core.card_hands import cards_words  # the card solver, only for hands typed as cards

        return cards_words(hand)

    def card_problems(self, cards: dict) -> list:
        from ginscore.core.card_hands import card_problems

        return card_problems(cards)

    def check_entry(self, game, hand: dict) -> None:
        # A hand entered as cards says big gin by its 11 cards, and with big gin off they
        # score as gin (docs/cards.md: Recording a hand from the cards); only the typed flag claims what cannot be.
        if hand.get("big") and "cards" not in hand and not game.rules.big_gin_bonus:
            raise HandError(
                _(
                    "--big: game {number} is played without big gin (big gin bonus 0), so all 11 cards melded "
                    "score as gin: leave out --big"
                ).format(number=game.id)
            )

    def check_hand(self, game, hand: dict) -> None:
        if hand.get("kind") == "out":
            raise HandError(
                _("'out' is for Rummy games; game {number} is a {table} game: record its hands with {commands}").format(
                    number=game.id, table=self.table_words(), commands=self.hand_examples(game)
                )
            )
        check_hand(hand, game.rules)
        if hand["kind"] == "draw":
            if "cards" in hand:  # cards show who laid what: a draw has no knocker (a file changed by hand)
                raise HandError(_("a draw has no cards: only a knock or a gin is entered as cards"))
            if self.draw_names_a_player and hand.get("player") not in game.players:
                raise HandError(
                    _("in a {table} game a draw names a player at the drawn table: 'ginscore draw PLAYER'").format(
                        table=self.table_words()
                    )
                )
            if not self.draw_names_a_player and "player" in hand:
                raise HandError(_("a draw in a {table} game names nobody: 'ginscore draw'").format(table=self.table_words()))
            return
        if hand.get("player") not in game.players:
            raise HandError(_("no player {player} in game {number}").format(player=repr(hand.get("player")), number=game.id))


    def hand_examples(self, game) -> str:
        """The hand commands of this game, with its own players: 'ginscore knock Ann 4 15', ..."""
        first, second = game.players[0], game.players[1]
        drawn = [first] if self.draw_names_a_player else []
        examples = (command(["knock"], [first, 4, 15]), command(["gin"], [second, 30]), command(["draw"], drawn))
        return in_words(f"'{example}'" for example in examples)


class TwoPlayerGin(GinTable):
    """What every two-handed gin table of one pair shares: they face each other every hand."""

    player_counts = (2,)

    def score(self, game, effective):
        """The hand's score and who the player who went out faced (None for a draw)."""
        hand = effective.hand
        if hand["kind"] == "draw":
            return DRAWN, None
        defender = opponent_of(game.players, hand["player"])
        return score_hand(hand, defender, game.rules), defender


def hand_stats(state, hand_players=None) -> dict:
    """Each player's statistics over a gin game's hands: ``hand_players(row)`` names who played
    each hand (a draw has no winner to tell it); None where both players of a pair play every hand."""
    players = state.game.players
    rows = state.rows
    stats = {name: blank_stats() for name in players}
    if hand_players is None:
        for name in players:
            stats[name]["hands"] = len(rows)
        played = [(row.score.winner, players) for row in rows]  # (winner, who played) of each hand, for the streaks
    else:
        played = []
        for row in rows:
            who = hand_players(row)  # asked once a hand
            played.append((row.score.winner, who))
            for name in who:
                stats[name]["hands"] += 1
    for row in rows:
        hand, score = row.hand.hand, row.score
        winner = score.winner
        if hand["kind"] == "knock":
            knocker = stats[hand["player"]]
            knocker["knocks"] += 1
            if score.result == "undercut":
                knocker["undercuts_suffered"] += 1
                stats[winner]["undercuts_given"] += 1
            if "cards" in hand:
                knocker["card_knocks"] += 1
                knocker["card_knock_deadwood"] += hand["deadwood"]
                knocker["held_back"] += held_back_melds(hand)
        if winner:
            counts, points = stats[winner], score.points
            counts["hands_won"] += 1
            counts["points_won"] += points
            if points > counts["biggest_hand"]:
                counts["biggest_hand"] = points
            result = score.result
            if result == "gin":
                counts["gins"] += 1
            elif result == "big_gin":
                counts["big_gins"] += 1
    for name, longest in hand_streaks(played, players).items():
        stats[name]["hand_streak"] = longest
    return stats


def pair_stats(state) -> dict:
    """Each player's statistics over a game of one pair, who both play every hand."""
    stats = hand_stats(state)
    for name in stats:
        stats[name]["won"] = int(state.winner == name)
    return stats


def held_back_melds(hand: dict) -> bool:
    """Whether a knocker typed as cards kept melds back: laid them so as to hold more deadwood
    than his best arrangement (to spoil the defender's lay-offs)."""
    if not hand["cards"].get("melds_stated"):
        return False
    from ginscore.cards.cards import parse_cards  # the card solver, only for hands typed as cards
    from ginscore.cards.melds import deadwood

    return hand["deadwood"] > deadwood(parse_cards(hand["cards"]["knocker"]))
