"""What every table of two-handed gin hands shares: the hand kinds, their checks and words,
the sheet's hand cells and the final block of one two-sided settlement (RULES.md 2 and 3).

Standard, Hollywood, three-handed and partnership games are all played as two-handed hands;
they differ in who faces whom and in how the hands add up.
"""

from __future__ import annotations

from typing import NamedTuple

from ginscore.errors import HandError
from ginscore.game import EffectiveHand
from ginscore.rules import GIN_SETTINGS, OKLAHOMA_SETTINGS
from ginscore.rules import summary as rules_summary
from ginscore.scoring import HandScore, Settlement, check_hand, money, show_amount, show_money
from ginscore.tables.base import Chart, Field, Grid, Series, Sheet, TableKind, payment

RESULT_WORDS = {
    "knock": "knock",
    "undercut": "undercut",
    "gin": "gin",
    "big_gin": "big gin",
    "draw": "draw",
    "tie": "tie, no score",
}
HAND_FIELDS = {
    "kind": str,
    "player": str,
    "deadwood": int,
    "opponent_deadwood": int,
    "big": bool,
    "upcard": str,
    "cards": dict,
}
# The gin settings of tables that are not Oklahoma (three-handed, partnership).
PLAIN_GIN_SETTINGS = {name: spec for name, spec in GIN_SETTINGS.items() if name not in OKLAHOMA_SETTINGS}


def with_defaults(settings: dict, **defaults) -> dict:
    """``settings`` with some defaults changed: a table's own defaults (partnership: 125)."""
    return {name: spec._replace(default=defaults[name]) if name in defaults else spec for name, spec in settings.items()}


# Records are NamedTuples, not dataclasses: this module is on the start-up path of every
# command typed between hands (see ginscore.game).


class HandRow(NamedTuple):
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


def describe_hand(hand: dict, score: HandScore) -> str:
    """The hand in words, e.g. ``Alice knocks 4 v 15`` or ``Bob undercuts Alice (9 v 9)``."""
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


def card_lines(row, symbols: bool) -> list:
    """For a hand typed as cards, both hands in words (melds, lay-offs, deadwood), printed
    before the hand's line; nothing for a hand typed as numbers."""
    if "cards" not in row.hand.hand:
        return []
    from ginscore.card_hands import card_sentences

    return [f"{line}." for line in card_sentences(row.hand.hand, row.opponent, symbols)]


def hand_line(row) -> str:
    """``Hand 3: Alice knocks 4 v 15 -> Alice +11``, for the report after a hand."""
    score = row.score
    text = f"Hand {row.hand.number}: {describe_hand(row.hand.hand, score)}"
    if score.winner:
        text += f" -> {score.winner} +{score.points}"
        if score.multiplier != 1:
            text += f" (doubled by the {row.hand.hand['upcard']} upcard)"
    return text


def won_at_hand(state) -> str:
    """``in progress``, or ``Alice won at hand 7``: a game won by a player at a hand."""
    if not state.finished:
        return "in progress"
    return f"{state.winner} won at hand {state.rows[-1].hand.number}"


def totals_words(names, scores) -> str:
    """``Alice 11, Bob 80``: each player's (or side's) total."""
    return ", ".join(f"{name} {scores[name]}" for name in names)


def hand_after_the_end(game, effective, ended: str) -> HandError:
    """The error for a recorded hand that comes after the game ended (``ended``: where)."""
    return HandError(f"game {game.id}: hand {effective.number} comes after the game ended {ended}")


def opponent_of(players, player: str) -> str:
    """The other player of a pair; refuses anything but a pair, where "the other" has no meaning."""
    if len(players) != 2 or player not in players:
        raise ValueError(f"opponent_of needs a pair holding {player!r}, got {players!r}")
    return players[1] if players[0] == player else players[0]


def cards_tables(rows) -> list:
    """For the hands entered as cards, a table of their melds, lay-offs and deadwood cards, two
    lines a hand (who went out, then the opponent); no table when there is no such hand."""
    entered = [row for row in rows if "cards" in row.hand.hand]
    if not entered:
        return []
    from ginscore.card_hands import card_parts

    lines = []
    for row in entered:
        hand = row.hand.hand
        parts = card_parts(hand)
        lines.append([row.hand.number, hand["player"], parts["knocker_melds"], "", parts["knocker_deadwood"]])
        lines.append(["", row.opponent, parts["opponent_melds"], parts["layoffs"], parts["opponent_deadwood"]])
    return [Grid(["#", "player", "melds", "laid off", "deadwood"], lines, title="Cards", detail=True)]


def game_json(game) -> dict:
    """The keys every table's JSON starts with: the game as it was set up. ``format`` is the
    old name of ``table``, kept for programs written before there were several tables."""
    from ginscore.game import voided

    return {
        "id": game.id,
        "table": game.table,
        "format": game.table,
        "created": game.created,
        "players": list(game.players),
        "rules": game.rules.to_dict(),
        "stake": None if game.stake is None else str(game.stake),
        "currency": game.currency,
        "dealer": game.dealer,  # who dealt the first hand, when known
        "voided": voided(game.journal),  # set aside with 'ginscore void'
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
    from ginscore.tables import get_table

    return f"Game {game.id}: {get_table(game.table).seats(game.players)}"


def sheet_lines(game, rules_words: str | None = None) -> list:
    """Who, when, the rules (``rules_words``, else the summary of the settings) and the stake."""
    rules_words = rules_words or rules_summary(game.rules)
    lines = [f"Started {game.created[:16].replace('T', ' ')} UTC", f"Rules: {rules_words}"]
    if game.stake is not None:
        lines.append(f"Stake: {show_money(game.stake, game.currency)} per point")
    return lines


def sheet_fields(game, rules_words: str | None = None) -> list:
    """The printed page's header: the players as the title says them, the day the game
    started, the rules in words and the stake."""
    from ginscore.tables import get_table

    return [
        Field("Players", get_table(game.table).seats(game.players)),
        Field("Date", game.created[:10]),
        Field("Rules", rules_words or rules_summary(game.rules)),
        Field("Stake", "none" if game.stake is None else f"{show_money(game.stake, game.currency)} per point"),
    ]


def game_sheet(game, rules_words: str | None = None, lead=(), **parts) -> Sheet:
    """A game's Sheet: its title, the header lines (``lead`` first) and the printed page's
    fields from the game and ``rules_words``; ``parts``: the tables, notes, charts, records."""
    return Sheet(
        title=sheet_title(game),
        lines=[*lead, *sheet_lines(game, rules_words)],
        fields=sheet_fields(game, rules_words),
        **parts,
    )


def record_headers(oklahoma: bool) -> list:
    """The columns of a hand in the CSV: numbers in their own columns, the words beside them."""
    return ["hand", *(["upcard"] if oklahoma else []), "description", "result", "player", "winner", "points", "boxes"]


def hand_record(row, oklahoma: bool) -> list:
    """A hand as CSV cells: a draw scores 0 points and 0 boxes (numbers, never blanks)."""
    hand, score = row.hand.hand, row.score
    won = score.winner is not None
    return [
        row.hand.number,
        *([hand.get("upcard", "")] if oklahoma else []),
        describe_hand(hand, score),
        score.result,
        hand.get("player") or "",
        score.winner or "",
        score.points if won else 0,
        score.boxes if won else 0,
    ]


def running_chart(rows, parties, target, title: str = "Running totals", step: str = "hand") -> Chart:
    """One line per party through its total after each row; a box marked at each row it won."""
    series = tuple(
        Series(name, tuple(row.totals[name] for row in rows), tuple(i for i, row in enumerate(rows) if row.score.winner == name))
        for name in parties
    )
    return Chart(title, series, target, step)


FINAL_RECORD_HEADERS = ["points", "boxes", "box points", "game bonus", "shutout", "total", "net"]


def amount_cell(points: int, stake):
    """``points`` x the stake as a number cell (a Decimal, so CSV writes it bare: -2.39)."""
    from decimal import Decimal

    return Decimal(money(points, stake))


def settlement_records(final: Settlement, parties, stake) -> list:
    """The final block of one two-sided settlement as CSV rows, one per party: its numbers,
    then its net (+ collects, - pays) and, with a stake, that net in money."""
    rows = []
    for name in parties:
        won = name == final.winner
        net = final.net if won else -final.net
        rows.append(
            [
                final.points.get(name, 0),
                final.boxes.get(name, 0),
                final.box_points.get(name, 0),
                final.game_bonus if won else 0,
                final.shutout_extra if won else 0,
                final.totals.get(name, 0),
                net,
                *([amount_cell(net, stake)] if stake is not None else []),
            ]
        )
    return rows


def final_records(final: Settlement, parties, game, label: str = "player") -> Grid:
    money_column = ["amount"] if game.stake is not None else []
    rows = [[name, *cells] for name, cells in zip(parties, settlement_records(final, parties, game.stake))]
    return Grid([label, *FINAL_RECORD_HEADERS, *money_column], rows)


# The rows of the final block on a blank pad, the cells left empty to fill in.
PAD_FINAL_ROWS = ("points", "boxes x {box}", "game bonus", "shutout", "total", "net", "owed")


def pad_fields(seats: str, rules_words: str | None, stake, currency) -> list:
    """A pad's header: what the options gave, else blanks to write in."""
    stake_words = "" if stake is None else f"{show_money(stake, currency)} per point"
    return [Field("Players", seats), Field("Date"), Field("Rules", rules_words or ""), Field("Stake", stake_words)]


def pad_hands_grid(parties, hands: int, step: str = "#", columns=("score", "total")) -> Grid:
    """Empty rows, one a hand: for each party (a name, or blank to write one in) a score and
    a running total."""
    headers = [step, *(column for _ in parties for column in columns)]
    groups = (("", 1), *((name, len(columns)) for name in parties))
    rows = [[number, *("" for _ in headers[1:])] for number in range(1, hands + 1)]
    return Grid(headers, rows, title="Hands", groups=groups)


def pad_final_grid(parties, rules, rows=PAD_FINAL_ROWS, title: str = "Final", groups=None) -> Grid:
    """The final block with its rows labelled and its cells empty."""
    box = rules.box_bonus if rules is not None and rules.uses("box_bonus") else "bonus"
    labels = [label.format(box=box) for label in rows]
    return Grid(["", *parties], [[label, *("" for _ in parties)] for label in labels], title=title, groups=groups)


def two_sided_pad(title: str, parties, seats: str, rules, stake, currency, hands: int) -> Sheet:
    """The blank pad of a table where each party (player or side) keeps one running total;
    ``seats``: the players as the title says them, "" to write them in."""
    words = rules_summary(rules) if rules is not None else None
    return Sheet(
        title=title,
        fields=tuple(pad_fields(seats, words, stake, currency)),
        tables=(pad_hands_grid(parties, hands), pad_final_grid(parties, rules)),
    )


def final_table(final: Settlement, parties, rules, title: str = "Final") -> Grid:
    """The final block of one two-sided settlement; ``parties`` are its two players or sides."""

    def per_party(values) -> list:
        return [values.get(name, 0) for name in parties]

    shutout_row = [final.shutout_extra if name == final.winner else 0 for name in parties]
    game_row = [final.game_bonus if name == final.winner else 0 for name in parties]
    rows = [
        ["points", *per_party(final.points)],
        [f"boxes x {rules.box_bonus}", *[f"{final.boxes[n]} = {final.box_points[n]}" for n in parties]],
        ["game bonus", *game_row],
        [f"shutout ({rules.shutout})" if final.shutout else "shutout", *shutout_row],
        ["total", *per_party(final.totals)],
    ]
    return Grid(["", *parties], rows, title=title, numeric=tuple(range(1, len(parties) + 1)))


def final_notes(final: Settlement, game, label: str = "Net", payments=None) -> list:
    """The result of one two-sided settlement in words: the shutout, the net (``label``: Net,
    Match) and who pays whom (``payments``, default: the loser pays the winner the net)."""
    winner, loser = final.winner, final.loser
    notes = []
    if final.shutout:
        notes.append(f"{loser} won no {'round' if ' & ' in loser else 'hand'}: shutout.")
    if final.net >= 0:
        notes.append(f"{label}: {winner} wins by {final.net}.")
    else:
        notes.append(f"{label}: {winner} won the game, but {loser}'s boxes outweigh it: {loser} is up {-final.net}.")
    if payments is None:
        paid = payment(loser, winner, final.net, game.stake)
        payments = [paid] if paid else []
    notes += payment_notes(payments, game)
    return notes


def payment_notes(payments, game) -> list:
    """``At €0.01 per point, Alice pays Bob €2.39.``: one line, every payment of the settlement."""
    if game.stake is None or not payments:
        return []
    rate = show_money(game.stake, game.currency)
    owed = [f"{paid.payer} pays {paid.payee} {show_amount(paid.amount, game.currency)}" for paid in payments]
    from ginscore.render import in_words

    return [f"At {rate} per point, {in_words(owed)}."]


class GinTable(TableKind):
    """A table whose hands are two-handed gin hands: knock, gin, big gin, draw."""

    settings = GIN_SETTINGS
    hand_kinds = ("knock", "gin", "draw")
    hand_fields = HAND_FIELDS
    draw_names_a_player = False  # partnership: a draw says which table it was

    def cards_words(self, hand: dict) -> str:
        from ginscore.card_hands import cards_words

        return cards_words(hand)

    def card_problems(self, cards: dict) -> list:
        from ginscore.card_hands import card_problems

        return card_problems(cards)

    def check_entry(self, game, hand: dict) -> None:
        # A hand entered as cards says big gin by its 11 cards, and with big gin off they
        # score as gin (README: Typing the cards); only the typed flag claims what cannot be.
        if hand.get("big") and "cards" not in hand and not game.rules.big_gin_bonus:
            raise HandError(
                f"--big: game {game.id} is played without big gin (big gin bonus 0), so all 11 cards melded "
                "score as gin: leave out --big"
            )

    def check_hand(self, game, hand: dict) -> None:
        check_hand(hand, game.rules)
        if hand["kind"] == "draw":
            if self.draw_names_a_player and hand.get("player") not in game.players:
                raise HandError(
                    f"in a {self.name} game a draw names a player at the drawn table: 'ginscore draw PLAYER'"
                )
            if not self.draw_names_a_player and "player" in hand:
                raise HandError(f"a draw in a {self.name} game names nobody: 'ginscore draw'")
            return
        if hand.get("player") not in game.players:
            raise HandError(f"no player {hand.get('player')!r} in game {game.id}")


def blank_stats() -> dict:
    """Every per-player statistic of one game, at zero (the README defines each)."""
    return {
        "won": 0, "hands": 0, "hands_won": 0, "gins": 0, "big_gins": 0, "undercuts_given": 0,
        "undercuts_suffered": 0, "knocks": 0, "points_won": 0, "biggest_hand": 0,
        "card_knocks": 0, "card_knock_deadwood": 0, "held_back": 0,
    }


def hand_stats(state, hand_players) -> dict:
    """Each player's statistics over a gin game's hands: ``hand_players(row)`` names who played
    each hand (a draw has no winner to tell it)."""
    stats = {name: blank_stats() for name in state.game.players}
    for row in state.rows:
        for name in hand_players(row):
            stats[name]["hands"] += 1
        hand, score = row.hand.hand, row.score
        if hand["kind"] == "knock":
            knocker = stats[hand["player"]]
            knocker["knocks"] += 1
            if score.result == "undercut":
                knocker["undercuts_suffered"] += 1
                stats[score.winner]["undercuts_given"] += 1
            if "cards" in hand:
                knocker["card_knocks"] += 1
                knocker["card_knock_deadwood"] += hand["deadwood"]
                knocker["held_back"] += held_back_melds(hand)
        if score.winner:
            winner = stats[score.winner]
            winner["hands_won"] += 1
            winner["points_won"] += score.points
            winner["biggest_hand"] = max(winner["biggest_hand"], score.points)
            winner["gins"] += score.result == "gin"
            winner["big_gins"] += score.result == "big_gin"
    return stats


def pair_stats(state) -> dict:
    """Each player's statistics over a game of one pair, who both play every hand."""
    players = state.game.players
    stats = hand_stats(state, lambda row: players)
    for name in stats:
        stats[name]["won"] = int(state.winner == name)
    return stats


def held_back_melds(hand: dict) -> bool:
    """Whether a knocker typed as cards kept melds back: laid them so as to hold more deadwood
    than his best arrangement (to spoil the defender's lay-offs)."""
    if not hand["cards"].get("melds_stated"):
        return False
    from ginscore.cards import parse_cards
    from ginscore.melds import deadwood

    return hand["deadwood"] > deadwood(parse_cards(hand["cards"]["knocker"]))
