"""The words and layouts every view of two-handed gin hands shares: a hand in words, its cells
on the sheet and in the CSV, the cards typed, the running chart, and the final block of one
two-sided final score (docs/rules.md sections 2 and 4)."""

from __future__ import annotations

from ginscore.base.i18n import _, ngettext
from ginscore.core.rules import summary as rules_summary
from ginscore.core.scoring import FinalScore
from ginscore.core.sheets import Chart, Grid, Series, Sheet
from ginscore.tables.base_view import amount_cell, pad_fields, pad_final_grid, pad_hands_grid, payment_notes
from ginscore.tables.payments import payment


def describe_hand(hand: dict, score) -> str:
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
    from ginscore.core.card_hands import card_sentences  # the card solver, only for hands typed as cards

    return [f"{line}." for line in card_sentences(row.hand.hand, row.opponent, symbols)]


def hand_line(row, where: str | None = None) -> str:
    """``Hand 3: Alice knocks 4 v 15 -> Alice +11``, for the report after a hand; ``where`` it
    was played, if said: ``Hand 3 (round 2, Ann v Dee): ...``."""
    score = row.score
    words = describe_hand(row.hand.hand, score)
    if where is None:
        text = _("Hand {number}: {words}").format(number=row.hand.number, words=words)
    else:
        text = _("Hand {number} ({where}): {words}").format(number=row.hand.number, where=where, words=words)
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


def cards_grids(rows) -> list:
    """For the hands entered as cards, a grid of their melds, lay-offs and deadwood cards, two
    lines a hand (who went out, then the opponent); no grid when there is no such hand."""
    entered = [row for row in rows if "cards" in row.hand.hand]
    if not entered:
        return []
    from ginscore.core.card_hands import card_parts  # the card solver, only for hands typed as cards

    lines = []
    for row in entered:
        hand = row.hand.hand
        parts = card_parts(hand)
        lines.append([row.hand.number, hand["player"], parts["knocker_melds"], "", parts["knocker_deadwood"]])
        lines.append(["", row.opponent, parts["opponent_melds"], parts["layoffs"], parts["opponent_deadwood"]])
    return [Grid(["#", _("player"), _("melds"), _("laid off"), _("deadwood")], lines, title=_("Cards"), detail=True)]


def hand_cells(row, oklahoma: bool) -> list:
    """The sheet's cells that tell a hand: number, upcard (Oklahoma), what happened, who won, points."""
    hand = row.hand.hand
    cells = [row.hand.number]
    if oklahoma:
        doubled = " x2" if row.score.multiplier != 1 else ""
        cells.append(hand.get("upcard", "") + doubled)
    points = row.score.points if row.score.winner else ""
    return cells + [describe_hand(hand, row.score), row.score.winner or "", points]


def csv_hand_headers(oklahoma: bool) -> list:
    """The columns of a hand in the CSV: numbers in their own columns, the words beside them."""
    return [
        _("hand"), *([_("upcard")] if oklahoma else []), _("description"), _("result"), _("player"), _("winner"),
        _("points"), _("boxes"),
    ]


def csv_hand(row, oklahoma: bool) -> list:
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


def csv_final_headers() -> list:
    return [_("points"), _("boxes"), _("box points"), _("game bonus"), _("shutout"), _("total"), _("net")]


def csv_final_cells(final: FinalScore, parties, stake) -> list:
    """The final block of one two-sided final score as CSV rows, one per party: its numbers,
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


def csv_final(final: FinalScore, parties, game, label: str | None = None) -> Grid:
    """The final block of one two-sided final score for CSV, a row per party."""
    money_column = [_("amount")] if game.stake is not None else []
    rows = [[name, *cells] for name, cells in zip(parties, csv_final_cells(final, parties, game.stake))]
    return Grid([label or _("player"), *csv_final_headers(), *money_column], rows)


def two_sided_pad(title: str, parties, seats: str, rules, stake, currency, hands: int) -> Sheet:
    """The blank pad of a table where each party (player or side) keeps one running total;
    ``seats``: the players as the title says them, "" to write them in."""
    words = rules_summary(rules) if rules is not None else None
    return Sheet(
        title=title,
        fields=tuple(pad_fields(seats, words, stake, currency)),
        grids=(pad_hands_grid(parties, hands), pad_final_grid(parties, rules)),
    )


def final_grid(final: FinalScore, parties, rules, title: str | None = None) -> Grid:
    """The final block of one two-sided final score; ``parties`` are its two players or sides."""
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


def final_notes(final, game, label: str | None = None, payments=None, sides: bool = False) -> list:
    """The result of one two-sided final score in words: the shutout, the net (``label``: Net,
    Match) and who pays whom (``payments``, default: the loser pays the winner the net).
    ``sides``: the two parties are partnership sides, ``Alice & Carol``, so the verbs are plural."""
    winner, loser = final.winner, final.loser
    label = _("Net") if label is None else label
    notes = []
    if final.shutout:
        words = _("{loser} won no round: shutout.") if sides else _("{loser} won no hand: shutout.")
        notes.append(words.format(loser=loser))
    if final.net >= 0:
        words = _("{label}: {side} win by {net}.") if sides else _("{label}: {winner} wins by {net}.")
        notes.append(words.format(label=label, winner=winner, side=winner, net=final.net))
    elif sides:
        notes.append(
            _("{label}: {side} won the game, but the boxes of {other} outweigh it: {other} are up {net}.").format(
                label=label, side=winner, other=loser, net=-final.net
            )
        )
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
