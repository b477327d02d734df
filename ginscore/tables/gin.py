"""What every table of two-handed gin hands shares: the hand kinds, their checks and words,
the sheet's hand cells and the final block of one two-sided settlement (RULES.md 2 and 3).

Standard, Hollywood, three-handed and partnership games are all played as two-handed hands;
they differ in who faces whom and in how the hands add up.
"""

from __future__ import annotations

from typing import NamedTuple

from ginscore.errors import HandError
from ginscore.game import EffectiveHand
from ginscore.i18n import _, decimal, ngettext
from ginscore.rules import GIN_SETTINGS, OKLAHOMA_SETTINGS
from ginscore.rules import summary as rules_summary
from ginscore.scoring import HandScore, Settlement, check_hand, money, show_amount, show_money
from ginscore.tables.base import Chart, Field, Grid, Series, Sheet, TableKind, payment

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
        return _("draw (dead hand)")
    player = hand["player"]
    if kind == "gin":
        words = _("{player} big gin, opponent {opponent}") if score.result == "big_gin" else _("{player} gin, opponent {opponent}")
        return words.format(player=player, opponent=hand["opponent_deadwood"])
    numbers = {"player": player, "knocker": hand["deadwood"], "opponent": hand["opponent_deadwood"]}
    if score.result == "undercut":
        return _("{winner} undercuts {player} ({knocker} v {opponent})").format(winner=score.winner, **numbers)
    if score.result == "tie":
        return _("{player} knocks {knocker} v {opponent}: tie, no score").format(**numbers)
    return _("{player} knocks {knocker} v {opponent}").format(**numbers)


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
    text = _("Hand {number}: {words}").format(number=row.hand.number, words=describe_hand(row.hand.hand, score))
    if score.winner:
        # English shows the bare number (+25); Russian and Ukrainian the number with its noun
        gain = ngettext("{winner} +{points}", "{winner} +{points}", score.points)
        text += " -> " + gain.format(winner=score.winner, points=score.points)
        if score.multiplier != 1:
            text += _(" (doubled by the {upcard} upcard)").format(upcard=row.hand.hand["upcard"])
    return text


def won_at_hand(state) -> str:
    """``in progress``, or ``Alice won at hand 7``: a game won by a player at a hand."""
    if not state.finished:
        return _("in progress")
    return _("{winner} won at hand {number}").format(winner=state.winner, number=state.rows[-1].hand.number)


def totals_words(names, scores) -> str:
    """``Alice 11, Bob 80``: each player's (or side's) total."""
    return ", ".join(f"{name} {scores[name]}" for name in names)


def hand_after_the_end(game, effective, ended: str) -> HandError:
    """The error for a recorded hand that comes after the game ended (``ended``: where)."""
    return HandError(
        _("game {game}: hand {number} comes after the game ended {ended}").format(game=game.id, number=effective.number, ended=ended)
    )


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
    return [Grid(["#", _("player"), _("melds"), _("laid off"), _("deadwood")], lines, title=_("Cards"), detail=True)]


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

    return _("Game {number}: {players}").format(number=game.id, players=get_table(game.table).seats(game.players))


def sheet_lines(game, rules_words: str | None = None) -> list:
    """Who, when, the rules (``rules_words``, else the summary of the settings) and the stake."""
    rules_words = rules_words or rules_summary(game.rules)
    lines = [
        _("Started {time} UTC").format(time=game.created[:16].replace("T", " ")),
        _("Rules: {rules}").format(rules=rules_words),
    ]
    if game.stake is not None:
        lines.append(_("Stake: {money} per point").format(money=decimal(show_money(game.stake, game.currency))))
    return lines


def sheet_fields(game, rules_words: str | None = None) -> list:
    """The printed page's header: the players as the title says them, the day the game
    started, the rules in words and the stake."""
    from ginscore.tables import get_table

    stake = _("none") if game.stake is None else per_point(game.stake, game.currency)
    return [
        Field(_("Players"), get_table(game.table).seats(game.players)),
        Field(_("Date"), game.created[:10]),
        Field(_("Rules"), rules_words or rules_summary(game.rules)),
        Field(_("Stake"), stake),
    ]


def per_point(stake, currency) -> str:
    """``€0.05 per point`` (a decimal comma in Russian and Ukrainian)."""
    return _("{money} per point").format(money=decimal(show_money(stake, currency)))


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
    return [
        _("hand"), *([_("upcard")] if oklahoma else []), _("description"), _("result"), _("player"), _("winner"),
        _("points"), _("boxes"),
    ]


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


def running_chart(rows, parties, target, title: str | None = None, step: str = "hand") -> Chart:
    """One line per party through its total after each row; a box marked at each row it won."""
    title = _("Running totals") if title is None else title
    series = tuple(
        Series(name, tuple(row.totals[name] for row in rows), tuple(i for i, row in enumerate(rows) if row.score.winner == name))
        for name in parties
    )
    return Chart(title, series, target, step)


def final_record_headers() -> list:
    return [_("points"), _("boxes"), _("box points"), _("game bonus"), _("shutout"), _("total"), _("net")]


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


def final_records(final: Settlement, parties, game, label: str | None = None) -> Grid:
    money_column = [_("amount")] if game.stake is not None else []
    rows = [[name, *cells] for name, cells in zip(parties, settlement_records(final, parties, game.stake))]
    return Grid([label or _("player"), *final_record_headers(), *money_column], rows)


# The rows of the final block on a blank pad, the cells left empty to fill in (translated when drawn).
PAD_FINAL_ROWS = ("points", "boxes x {box}", "game bonus", "shutout", "total", "net", "owed")


def pad_row_label(label: str, box) -> str:
    words = {
        "points": _("points"), "boxes x {box}": _("boxes x {box}"), "game bonus": _("game bonus"), "shutout": _("shutout"),
        "total": _("total"), "net": _("net"), "owed": _("owed"), "hands won": _("hands won"), "rummies": _("rummies"),
        "points scored": _("points scored"), "balance": _("balance"),
    }
    return words.get(label, label).format(box=box)


def pad_fields(seats: str, rules_words: str | None, stake, currency) -> list:
    """A pad's header: what the options gave, else blanks to write in."""
    stake_words = "" if stake is None else per_point(stake, currency)
    return [Field(_("Players"), seats), Field(_("Date")), Field(_("Rules"), rules_words or ""), Field(_("Stake"), stake_words)]


def pad_hands_grid(parties, hands: int, step: str = "#", columns=None) -> Grid:
    """Empty rows, one a hand: for each party (a name, or blank to write one in) a score and
    a running total."""
    columns = (_("score"), _("total")) if columns is None else columns
    headers = [step, *(column for _party in parties for column in columns)]
    groups = (("", 1), *((name, len(columns)) for name in parties))
    rows = [[number, *("" for _cell in headers[1:])] for number in range(1, hands + 1)]
    return Grid(headers, rows, title=_("Hands"), groups=groups)


def pad_final_grid(parties, rules, rows=PAD_FINAL_ROWS, title: str | None = None, groups=None) -> Grid:
    """The final block with its rows labelled and its cells empty."""
    title = _("Final") if title is None else title
    box = rules.box_bonus if rules is not None and rules.uses("box_bonus") else _("bonus")
    labels = [pad_row_label(label, box) for label in rows]
    return Grid(["", *parties], [[label, *("" for _party in parties)] for label in labels], title=title, groups=groups)


def two_sided_pad(title: str, parties, seats: str, rules, stake, currency, hands: int) -> Sheet:
    """The blank pad of a table where each party (player or side) keeps one running total;
    ``seats``: the players as the title says them, "" to write them in."""
    words = rules_summary(rules) if rules is not None else None
    return Sheet(
        title=title,
        fields=tuple(pad_fields(seats, words, stake, currency)),
        tables=(pad_hands_grid(parties, hands), pad_final_grid(parties, rules)),
    )


def final_table(final: Settlement, parties, rules, title: str | None = None) -> Grid:
    """The final block of one two-sided settlement; ``parties`` are its two players or sides."""
    title = _("Final") if title is None else title

    def per_party(values) -> list:
        return [values.get(name, 0) for name in parties]

    shutout_row = [final.shutout_extra if name == final.winner else 0 for name in parties]
    game_row = [final.game_bonus if name == final.winner else 0 for name in parties]
    rows = [
        [_("points"), *per_party(final.points)],
        [_("boxes x {box}").format(box=rules.box_bonus), *[f"{final.boxes[n]} = {final.box_points[n]}" for n in parties]],
        [_("game bonus"), *game_row],
        [_("shutout ({rule})").format(rule=rules.shutout) if final.shutout else _("shutout"), *shutout_row],
        [_("total"), *per_party(final.totals)],
    ]
    return Grid(["", *parties], rows, title=title, numeric=tuple(range(1, len(parties) + 1)))


def final_notes(final: Settlement, game, label: str | None = None, payments=None) -> list:
    """The result of one two-sided settlement in words: the shutout, the net (``label``: Net,
    Match) and who pays whom (``payments``, default: the loser pays the winner the net)."""
    winner, loser = final.winner, final.loser
    label = _("Net") if label is None else label
    notes = []
    if final.shutout:
        words = _("{loser} won no round: shutout.") if " & " in loser else _("{loser} won no hand: shutout.")
        notes.append(words.format(loser=loser))
    if final.net >= 0:
        notes.append(_("{label}: {winner} wins by {net}.").format(label=label, winner=winner, net=final.net))
    else:
        notes.append(
            _("{label}: {winner} won the game, but {loser}'s boxes outweigh it: {loser} is up {net}.").format(
                label=label, winner=winner, loser=loser, net=-final.net
            )
        )
    if payments is None:
        paid = payment(loser, winner, final.net, game.stake)
        payments = [paid] if paid else []
    notes += payment_notes(payments, game)
    return notes


def payment_notes(payments, game) -> list:
    """``At €0.01 per point, Alice pays Bob €2.39.``: one line, every payment of the settlement."""
    if game.stake is None or not payments:
        return []
    rate = decimal(show_money(game.stake, game.currency))
    owed = [
        _("{payer} pays {payee} {amount}").format(
            payer=paid.payer, payee=paid.payee, amount=decimal(show_amount(paid.amount, game.currency))
        )
        for paid in payments
    ]
    from ginscore.text import in_words

    return [_("At {rate} per point, {payments}.").format(rate=rate, payments=in_words(owed))]


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
                _(
                    "--big: game {number} is played without big gin (big gin bonus 0), so all 11 cards melded "
                    "score as gin: leave out --big"
                ).format(number=game.id)
            )

    def check_hand(self, game, hand: dict) -> None:
        check_hand(hand, game.rules)
        if hand["kind"] == "draw":
            if self.draw_names_a_player and hand.get("player") not in game.players:
                raise HandError(
                    _("in a {table} game a draw names a player at the drawn table: 'ginscore draw PLAYER'").format(
                        table=self.words()
                    )
                )
            if not self.draw_names_a_player and "player" in hand:
                raise HandError(_("a draw in a {table} game names nobody: 'ginscore draw'").format(table=self.words()))
            return
        if hand.get("player") not in game.players:
            raise HandError(_("no player {player} in game {number}").format(player=repr(hand.get("player")), number=game.id))


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
