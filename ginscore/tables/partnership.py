"""Four-handed partnership gin: two sides, two card tables a round (docs/rules.md section 11).

The first and third named (A & C) play against the second and fourth (B & D). Each round is
two card tables played at once, and partners change opponents every round: odd rounds A v B and
C v D, even rounds A v D and C v B. Each table's hand scores as a two-handed hand; the side
whose card tables scored more wins the round, scores the difference and one box. The first side to
the target (125) wins the game. Each loser pays the player he faced in round 1 the whole net.
"""

from __future__ import annotations

from types import SimpleNamespace

from ginscore.base.errors import HandError, RulesError
from ginscore.base.i18n import N_, _, pN_
from ginscore.base.records import Record
from ginscore.core.game import made
from ginscore.core.names import match_player
from ginscore.core.scoring import FinalScore, final_score, score_hand
from ginscore.tables.base import game_json, hand_after_the_end, streaks_json
from ginscore.tables.kept import CardTableTaken, copied_tally
from ginscore.tables.partnership_view import PartnershipView
from ginscore.tables.payments import payment
from ginscore.tables.seats import KeptSeats, seats_json
from ginscore.tables.two_handed import PLAIN_GIN_SETTINGS, GinTable, HandRow, hand_stats, non_dealer, with_defaults

# One box a round won: the extra boxes for gin and undercut do not apply (docs/rules.md section 11).
SETTINGS = with_defaults(
    {name: spec for name, spec in PLAIN_GIN_SETTINGS.items() if name not in ("gin_boxes", "undercut_boxes")},
    target=125,
    shutout="flat:100",
)


def card_table_dealer(pair, round_number: int) -> str:
    """Who deals at a card table: the first and third named in odd rounds, the second and fourth in
    even rounds (docs/rules.md section 11). A card table pairs a player of the first side with one of the second."""
    return pair[0] if round_number % 2 == 1 else pair[1]


def side_name(members) -> str:
    return " & ".join(members)


def sides_of(players) -> tuple:
    """The two sides, each a pair of players: (A, C) and (B, D)."""
    return (players[0], players[2]), (players[1], players[3])


def pairs_of(players, round_number: int) -> tuple:
    """The pairs of players at the two card tables of a round (a player of the first side first)."""
    first, second, third, fourth = players
    if round_number % 2 == 1:
        return (first, second), (third, fourth)
    return (first, fourth), (third, second)


class Round(Record):
    number: int
    pairs: tuple  # the two pairs of players this round, one at each of its two card tables
    results: dict  # card table index -> the HandRow entered for it
    side_points: dict  # side -> points its card tables scored (once both are in)
    winner: str | None  # the side that won the round; None while open, or level
    points: int  # what the winner scored: the difference

    @property
    def complete(self) -> bool:
        return len(self.results) == 2

    def to_json(self) -> dict:
        return {
            "number": self.number,
            "tables": [list(pair) for pair in self.pairs],
            "hands": [self.results[index].hand.number if index in self.results else None for index in (0, 1)],
            "complete": self.complete,
            "side_points": dict(self.side_points),
            "winner": self.winner,
            "points": self.points,
        }


class PartnershipResult(Record):
    game: object
    rows: list  # one HandRow per card table result entered
    rounds: list
    scores: dict  # side -> points
    boxes: dict  # side -> rounds won
    winner: str | None  # a side
    final: FinalScore | None
    kept_seats: tuple = ()  # base.KeptSeats: card table results played as recorded, not as the seats turn

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def sides(self) -> dict:
        return {side_name(pair): list(pair) for pair in sides_of(self.game.players)}

    @property
    def open_pairs(self) -> list:
        """The pairs at the card tables of the current round whose result is not in yet."""
        if self.finished:
            return []
        current = self.rounds[-1]
        return [pair for index, pair in enumerate(current.pairs) if index not in current.results]

    @property
    def next_dealer(self) -> None:
        """Two card tables deal at once: ``dealers`` says who deals at each open card table."""
        return None

    @property
    def dealers(self) -> list:
        """The dealer at each card table of the current round whose result is not in yet."""
        return [card_table_dealer(pair, self.rounds[-1].number) for pair in self.open_pairs]

    @property
    def first_to_play(self) -> None:
        """Two card tables play at once: ``leaders`` says who plays first at each open card table."""
        return None

    @property
    def leaders(self) -> list:
        """Who plays first at each card table of the current round whose result is not in yet: at
        each card table a two-handed hand, so the player who does not deal there."""
        return [non_dealer(pair, card_table_dealer(pair, self.rounds[-1].number)) for pair in self.open_pairs]

    def payments(self) -> list:
        """Each player of the losing side pays the player he faced in round 1 the whole net."""
        if self.final is None:
            return []
        losing = self.sides[self.final.loser]
        faced = {}
        for first, second in pairs_of(self.game.players, 1):
            faced[first], faced[second] = second, first
        paid = [payment(player, faced[player], self.final.net, self.game.stake, self.final.amount) for player in losing]
        return [entry for entry in paid if entry is not None]

    def player_stats(self) -> dict:
        pair_of = {id(row): round_.pairs[index] for round_ in self.rounds for index, row in round_.results.items()}
        stats = hand_stats(self, lambda row: pair_of[id(row)])
        winners = self.sides.get(self.winner, [])
        for name in stats:
            stats[name]["won"] = int(name in winners)
        return stats

    def placings(self) -> list:
        """The winning side, then the other: each side a team."""
        if self.final is None:
            return []
        return [[[1, self.sides[self.final.winner]], [2, self.sides[self.final.loser]]]]

    def final_json(self) -> dict | None:
        """The "final" object of ``to_json`` (and of a game's summary), made alone."""
        if self.final is None:
            return None
        return {**self.final.to_json(), "payments": [paid.to_json() for paid in self.payments()]}

    def to_json(self) -> dict:
        final = self.final_json()
        return {
            **game_json(self.game),
            "sides": self.sides,
            "hands": [row.to_json() for row in self.rows],
            "rounds": [round_.to_json() for round_ in self.rounds],
            "scores": dict(self.scores),
            "boxes": dict(self.boxes),
            "open_tables": [list(pair) for pair in self.open_pairs],
            "next_dealer": self.next_dealer,
            "dealers": self.dealers if not self.finished else [],
            "first_to_play": self.first_to_play,
            "leaders": self.leaders,
            "streaks": streaks_json(self),
            "finished": self.finished,
            "winner": self.winner,
            "final": final,
            **seats_json(self),
        }


def card_table_index(round_: Round, player: str) -> int:
    return 0 if player in round_.pairs[0] else 1


class PartnershipGin(GinTable):
    name = "partnership"
    flag = "--partnership"
    label = pN_("table name", "partnership")
    description = N_("Four players in two sides, A & C v B & D: two tables a round, game to 125.")
    player_counts = (4,)
    teams = True
    seats_turn = True  # partners change opponents every round
    settings = SETTINGS
    draw_names_a_player = True
    pad_hands = 15  # rounds: a game to 125 rarely takes more

    view = PartnershipView

    def side_names(self, players) -> list:
        """The two sides' names, ``A & C`` and ``B & D``."""
        return [side_name(pair) for pair in sides_of(players)]

    def seats(self, players) -> str:
        return _(" v ").join(side_name(pair) for pair in sides_of(players))

    def goal(self, rules) -> str:
        return _("partnership, first side to {target}").format(target=rules.target)

    def first_dealer(self, players, named=None, previous_winner=None):
        """The seats decide: the first and third named deal at their card tables in round 1."""
        if named is not None:
            if match_player(players, named) not in (players[0], players[2]):
                raise RulesError(
                    _(
                        "--dealer: in a partnership game the first and third named ({first} and {third}) "
                        "deal at their tables in odd rounds, the others in even rounds: name the players in the "
                        "order they sit instead"
                    ).format(first=players[0], third=players[2])
                )
        return None

    def check_next_hand(self, game, state, hand: dict) -> None:
        current = state.rounds[-1]
        index = card_table_index(current, hand["player"])
        if index in current.results:
            first, second = current.pairs[index]
            waiting = _(" v ").join(current.pairs[1 - index])
            raise HandError(
                _(
                    "the table {first} v {second} is already in for round {number}: enter {waiting} "
                    "first (or correct the entry with 'ginscore edit')"
                ).format(first=first, second=second, number=current.number, waiting=waiting)
            )

    def seats_of(self, state) -> dict:
        """A hand's round and card table decide who played it and which round it counts in."""
        return {row.hand.entry: (played.number, played.pairs[index]) for played in state.rounds for index, row in played.results.items()}

    def next_seats(self, state) -> tuple:
        """The pairs at the two card tables of the current round, each a player of the first side first."""
        return tuple(name for pair in state.rounds[-1].pairs for name in pair)

    def tally_copy(self, tally):
        """The round in play copied too: ``play`` enters each card table's hand in it."""
        copied = copied_tally(tally)
        copied.current = tally.current._replace(results=dict(tally.current.results))
        return copied

    def start(self, game):
        players = game.players
        sides = self.side_names(players)
        return SimpleNamespace(
            sides=sides,
            side_of={member: side_name(pair) for pair in sides_of(players) for member in pair},
            scores={side: 0 for side in sides},
            boxes={side: 0 for side in sides},
            rows=[],
            rounds=[],
            winner=None,
            current=Round(1, pairs_of(players, 1), {}, {}, None, 0),
        )

    def after_the_end(self, game, effective, tally) -> HandError:
        return hand_after_the_end(game, effective, _("in round {number}").format(number=tally.current.number - 1))

    def play(self, game, tally, effective) -> bool:
        hand, current = effective.hand, tally.current
        recorded = self.recorded_seats(game, effective)
        index = card_table_index(current, hand["player"])
        kept = None
        if recorded:  # the card table it was played at as recorded, whatever a change before it did to the round
            arranged = (tuple(recorded[:2]), tuple(recorded[2:]))
            if any(tally.side_of[first] == tally.side_of[second] for first, second in arranged):
                raise HandError(_("game {game}: hand {number} records seats that are not this game's players").format(
                    game=game.id, number=effective.number))
            pair = arranged[card_table_index(Round(0, arranged, {}, {}, None, 0), hand["player"])]
            if pair != current.pairs[index]:
                kept = KeptSeats(effective.number, pair, current.pairs[index])
                if current.results:  # the other card table is in: only this one as recorded
                    arranged = tuple(pair if at == index else other for at, other in enumerate(current.pairs))
                current = current._replace(pairs=arranged)
                index = card_table_index(current, hand["player"])
        if index in current.results:  # the tally unchanged: a hand recorded apart is set aside (kept.CardTableTaken)
            raise CardTableTaken(
                _("game {game}: hand {number} enters the table {table} a second time in round {round}").format(
                    game=game.id, number=effective.number, table=_(" v ").join(current.pairs[index]), round=current.number
                )
            )
        if kept is not None:
            tally.kept_seats.append(kept)
        pair = current.pairs[index]
        opponent = None if hand["kind"] == "draw" else (pair[1] if pair[0] == hand["player"] else pair[0])
        score = score_hand(hand, opponent, game.rules)
        if len(current.results) == 1:  # the other card table is in: this hand closes the round
            current = close_round(current, [*(row.score for row in current.results.values()), score], tally.side_of, tally.sides)
            if current.winner:
                tally.scores[current.winner] += current.points
                tally.boxes[current.winner] += 1
                if tally.scores[current.winner] >= game.rules.target:
                    tally.winner = current.winner
        row = made(HandRow, (effective, score, dict(tally.scores), opponent))  # every field: core.game.made
        tally.rows.append(row)
        current.results[index] = row
        if current.complete:
            tally.rounds.append(current)
            number = current.number + 1
            current = Round(number, pairs_of(game.players, number), {}, {}, None, 0)
        tally.current = current
        return tally.winner is not None

    def result(self, game, tally) -> PartnershipResult:
        winner, sides, rounds = tally.winner, tally.sides, tally.rounds
        if winner is None:
            rounds.append(tally.current)
        final = None
        if winner is not None:
            loser = sides[1] if winner == sides[0] else sides[0]
            rounds_won = tally.boxes[loser] > 0
            final = final_score(winner, loser, tally.scores, tally.boxes, rounds_won, game.rules, game.stake)
        return PartnershipResult(game, tally.rows, rounds, tally.scores, tally.boxes, winner, final)


def close_round(current: Round, card_table_scores, side_of, sides) -> Round:
    """The round with both card tables in: each side's card table points, and who won it by how much."""
    points = {side: 0 for side in sides}
    for score in card_table_scores:
        if score.winner:
            points[side_of[score.winner]] += score.points
    first, second = sides
    difference = points[first] - points[second]
    winner = None if difference == 0 else (first if difference > 0 else second)
    return current._replace(side_points=points, winner=winner, points=abs(difference))
