"""The standard two-player game to a target (RULES.md sections 2 and 3)."""

from __future__ import annotations

from typing import NamedTuple

from ginscore.errors import HandError
from ginscore.formats.base import GameFormat, Sheet, Table
from ginscore.game import EffectiveHand, effective_hands
from ginscore.render import plural
from ginscore.rules import summary as rules_summary
from ginscore.scoring import HandScore, Settlement, check_hand, score_hand, settle, show_amount, show_money

RESULT_WORDS = {
    "knock": "knock",
    "undercut": "undercut",
    "gin": "gin",
    "big_gin": "big gin",
    "draw": "draw",
    "tie": "tie, no score",
}


# Records are NamedTuples, not dataclasses: this module is on the start-up path of every
# command typed between hands (see ginscore.game).


class HandRow(NamedTuple):
    hand: EffectiveHand
    score: HandScore
    totals: dict  # every player's running total after this hand

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


def describe_hand(hand: dict, score: HandScore) -> str:
    """The hand in words, e.g. ``Alice knocks 4 v 15`` or ``Bob undercuts (Alice knocked 9 v 9)``."""
    kind = hand["kind"]
    if kind == "draw":
        return "draw (dead hand)"
    player = hand["player"]
    if kind == "gin":
        return f"{player} {'big gin' if score.result == 'big_gin' else 'gin'}, opponent {hand['opponent_deadwood']}"
    dead = f"{hand['deadwood']} v {hand['opponent_deadwood']}"
    if score.result == "undercut":
        return f"{score.winner} undercuts {player} ({dead})"
    if score.result == "tie":
        return f"{player} knocks {dead}: tie, no score"
    return f"{player} knocks {dead}"


class TwoPlayerGin(GameFormat):
    """What every two-handed gin format shares: its hands and how each one scores."""

    player_counts = (2,)

    def check_hand(self, game, hand: dict) -> None:
        check_hand(hand, game.rules)
        if hand["kind"] != "draw" and hand.get("player") not in game.players:
            raise HandError(f"no player {hand.get('player')!r} in game {game.id}")

    def opponent(self, game, player: str) -> str:
        return opponent_of(game.players, player)

    def scored_hands(self, game):
        """Yield (effective hand, its score) for every hand that counts."""
        for effective in effective_hands(game.journal):
            self.check_hand(game, effective.hand)
            hand = effective.hand
            defender = None if hand["kind"] == "draw" else self.opponent(game, hand["player"])
            yield effective, score_hand(hand, defender, game.rules)


class StandardState(NamedTuple):
    game: object
    rows: list
    scores: dict
    boxes: dict
    hands_won: dict
    winner: str | None
    final: Settlement | None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def result_phrase(self) -> str:
        if not self.finished:
            return "in progress"
        return f"{self.winner} won at hand {self.rows[-1].hand.number}"

    def totals_line(self) -> str:
        return ", ".join(f"{name} {self.scores[name]}" for name in self.game.players)

    def score_table(self) -> Table:
        """The running totals in one small table, for ``status``."""
        rows = [[name, self.scores[name], self.boxes[name]] for name in self.game.players]
        return Table(["player", "points", "boxes"], rows)

    def progress_line(self) -> str:
        return f"In progress after {plural(len(self.rows), 'hand')}, first to {self.game.rules.target}."

    def to_json(self) -> dict:
        return {
            **game_json(self.game),
            "hands": [row.to_json() for row in self.rows],
            "scores": dict(self.scores),
            "boxes": dict(self.boxes),
            "hands_won": dict(self.hands_won),
            "finished": self.finished,
            "winner": self.winner,
            "final": None if self.final is None else self.final.to_json(),
        }

    def hand_report(self) -> list:
        """What to print right after a hand was recorded."""
        lines = [hand_line(self.rows[-1]) + ".", f"Totals: {self.totals_line()}."]
        if self.finished:
            lines.append(f"Game over: {self.winner} reaches {self.game.rules.target}.")
            lines.extend(final_notes(self.final, self.game))
        return lines

    def sheet(self) -> Sheet:
        game = self.game
        players = list(game.players)
        oklahoma = game.rules.oklahoma
        headers = ["#", *(["upcard"] if oklahoma else []), "hand", "won by", "points", *players]
        rows = []
        for row in self.rows:
            rows.append(hand_cells(row, oklahoma) + [row.totals[name] for name in players])
        tables = [Table(headers, rows, title="Hands"), *cards_tables(self.rows, game)]
        notes = []
        if self.final is not None:
            tables.append(final_table(self.final, players, game.rules))
            notes = final_notes(self.final, game)
        else:
            notes = [f"In progress, first to {game.rules.target}: {self.totals_line()}."]
        return Sheet(title=sheet_title(game), lines=sheet_lines(game), tables=tables, notes=notes)


def hand_line(row) -> str:
    """``Hand 3: Alice knocks 4 v 15 -> Alice +11``, for the report after a hand."""
    score = row.score
    text = f"Hand {row.hand.number}: {describe_hand(row.hand.hand, score)}"
    if score.winner:
        text += f" -> {score.winner} +{score.points}"
        if score.multiplier != 1:
            text += f" (doubled by the {row.hand.hand['upcard']} upcard)"
    return text


def opponent_of(players, player: str) -> str:
    """The other player of a two-handed game."""
    return next(name for name in players if name != player)


def cards_tables(rows, game) -> list:
    """For the hands entered as cards, a table of their melds, lay-offs and deadwood cards, two
    lines a hand (who went out, then the opponent); no table when there is no such hand."""
    entered = [row.hand for row in rows if "cards" in row.hand.hand]
    if not entered:
        return []
    from ginscore.card_hands import card_parts

    lines = []
    for effective in entered:
        hand = effective.hand
        parts = card_parts(hand)
        opponent = opponent_of(game.players, hand["player"])
        lines.append([effective.number, hand["player"], parts["knocker_melds"], "", parts["knocker_deadwood"]])
        lines.append(["", opponent, parts["opponent_melds"], parts["layoffs"], parts["opponent_deadwood"]])
    return [Table(["#", "player", "melds", "laid off", "deadwood"], lines, title="Cards", detail=True)]


def game_json(game) -> dict:
    """The keys every format's JSON starts with: the game as it was set up."""
    return {
        "id": game.id,
        "format": game.format,
        "created": game.created,
        "players": list(game.players),
        "rules": game.rules.to_dict(),
        "stake": None if game.stake is None else str(game.stake),
        "currency": game.currency,
    }


def hand_cells(row, oklahoma: bool) -> list:
    """The sheet's cells that tell a hand: number, upcard (Oklahoma), what happened, who won, points."""
    hand = row.hand.hand
    cells = [row.hand.number]
    if oklahoma:
        doubled = " x2" if row.score.multiplier != 1 else ""
        cells.append(hand.get("upcard", "") + doubled)
    points = row.score.points if row.score.winner else ""
    return cells + [describe_hand(hand, row.score), row.score.winner or "", points]


def sheet_title(game) -> str:
    return f"Game {game.id}: {' v '.join(game.players)}"


def sheet_lines(game) -> list:
    lines = [f"Started {game.created[:16].replace('T', ' ')} UTC", f"Rules: {rules_summary(game.rules)}"]
    if game.stake is not None:
        lines.append(f"Stake: {show_money(game.stake, game.currency)} per point")
    return lines


def final_table(final: Settlement, players, rules) -> Table:
    def per_player(values) -> list:
        return [values.get(name, 0) for name in players]

    shutout_row = [final.shutout_extra if name == final.winner else 0 for name in players]
    game_row = [final.game_bonus if name == final.winner else 0 for name in players]
    rows = [
        ["points", *per_player(final.points)],
        [f"boxes x {rules.box_bonus}", *[f"{final.boxes[n]} = {final.box_points[n]}" for n in players]],
        ["game bonus", *game_row],
        [f"shutout ({rules.shutout})" if final.shutout else "shutout", *shutout_row],
        ["total", *per_player(final.totals)],
    ]
    return Table(["", *players], rows, title="Final")


def final_notes(final: Settlement, game) -> list:
    winner, loser = final.winner, final.loser
    notes = []
    if final.shutout:
        notes.append(f"{loser} won no hand: shutout.")
    if final.net >= 0:
        notes.append(f"Net: {winner} wins by {final.net}.")
    else:
        notes.append(f"Net: {winner} won the game, but {loser}'s boxes outweigh it: {loser} is up {-final.net}.")
    if final.amount is not None:
        payer, payee = (loser, winner) if final.net >= 0 else (winner, loser)
        amount = final.amount.lstrip("-")
        rate, amount = show_money(game.stake, game.currency), show_amount(amount, game.currency)
        notes.append(f"At {rate} per point, {payer} pays {payee} {amount}.")
    return notes


class StandardGin(TwoPlayerGin):
    name = "standard"

    def evaluate(self, game) -> StandardState:
        scores = {name: 0 for name in game.players}
        boxes = dict(scores)
        hands_won = dict(scores)
        rows, winner = [], None
        for effective, score in self.scored_hands(game):
            if winner is not None:
                raise HandError(
                    f"game {game.id}: hand {effective.number} comes after the game ended at hand "
                    f"{effective.number - 1}"
                )
            if score.winner:
                scores[score.winner] += score.points
                boxes[score.winner] += score.boxes
                hands_won[score.winner] += 1
                if scores[score.winner] >= game.rules.target:
                    winner = score.winner
            rows.append(HandRow(effective, score, dict(scores)))
        final = None
        if winner is not None:
            loser = self.opponent(game, winner)
            final = settle(winner, loser, scores, boxes, hands_won[loser] > 0, game.rules, game.stake)
        return StandardState(game, rows, scores, boxes, hands_won, winner, final)
