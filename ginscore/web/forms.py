"""The hand form of a game's page and of a correction: its fields, named as the hand's keys in
'status --json' (``kind``, ``player``, ``deadwood``, ``opponent_deadwood``, ``big``, ``upcard``,
Rummy's ``held.NAME`` and ``rummy``, hands from cards: ``cards`` and ``opponent_cards``; a hand
forgotten: ``before``), the hand they describe, and a refusal at the field it is about.

A posted form is checked here first, in the board's words, field by field (an empty deadwood is
the deadwood field's error, never a failure of the server); then turned into the typed
parameters of the hand command of that kind and given to ``app.hands``, which builds the hand
as the command line does. A refusal from there is said in the board's words (``board_words``:
no command, no option) next to the field it names (``field_of``).
"""

from __future__ import annotations

import re
from html import escape

from ginscore.base.errors import GinscoreError, HandError
from ginscore.base.i18n import _, pgettext
from ginscore.tables import get_table

# The longest value a field of the form takes (a hand's cards are some 35 characters).
LONGEST = 200
WHOLE = re.compile(r"[0-9]{1,4}")
# An option of the command line a refusal may name, and the field of the form it is about.
OPTION_FIELDS = {"--opponent-cards": "opponent_cards", "--cards": "cards", "--melds": "cards", "--upcard": "upcard",
                 "--before": "before", "--big": "big"}
CLAUSE = re.compile(r"(: |; | \(|, e\.g\. )")


class FieldError(GinscoreError):
    """A refusal about one field of a form (``field``: its name), in the board's words."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def kinds_of(game) -> tuple:
    """The hand commands the game's table takes, as the form offers them."""
    return get_table(game.table).hand_kinds


def kind_words(kind: str) -> str:
    return {
        "knock": pgettext("hand form", "knock"),
        "gin": pgettext("hand form", "gin"),
        "draw": pgettext("hand form", "draw (dead hand)"),
        "out": pgettext("hand form", "out"),
    }.get(kind, kind)


def board_words(message: str) -> str:
    """A refusal of ``app/`` in the board's words: the parts that speak the command line (a
    command to type, an option) left out, the rest as it is."""
    parts = CLAUSE.split(message)
    kept, separator = [], ""
    for index in range(0, len(parts), 2):
        clause = parts[index]
        if "ginscore" in clause or "--" in clause:
            separator = parts[index + 1] if index + 1 < len(parts) else ""
            continue
        if kept:
            kept.append(separator)
        kept.append(clause)
        separator = parts[index + 1] if index + 1 < len(parts) else ""
    text = "".join(kept).strip(" :;,(")
    if text.count("(") < text.count(")"):
        text = text.rstrip(")")
    return text or _("this cannot be done as typed: check the form")


def field_of(message: str) -> str:
    """The field a refusal is about, by the option it names ("" for the form as a whole)."""
    for option, field in OPTION_FIELDS.items():
        if option in message:
            return field
    return ""


def whole(form: dict, name: str, message: str) -> str:
    """The field's whole number as typed (its digits), or refused at the field with ``message``."""
    value = form.get(name, "").strip()
    if not WHOLE.fullmatch(value):
        raise FieldError(name, message)
    return value


def hand_parameters(game, form: dict) -> tuple:
    """(the hand command, its typed parameters as the command line passes them) for the posted
    ``form`` (field -> text) of a hand in ``game`` (as it stands), each field checked in the
    board's words first."""
    for name, value in form.items():
        if len(value) > LONGEST:
            raise FieldError(name if name in FIELDS else "", _("the field {field} is too long to be part of a hand").format(field=name[:40]))
    kind = form.get("kind", "").strip().lower()
    if kind not in kinds_of(game):
        raise FieldError("kind", _("choose what happened: {kinds}").format(kinds=", ".join(kind_words(each) for each in kinds_of(game))))
    player = form.get("player", "").strip()
    if kind != "draw" and not player:
        raise FieldError("player", {"knock": _("choose who knocked"), "gin": _("choose who went gin"), "out": _("choose who went out")}[kind])
    upcard = given(form, "upcard")
    if upcard is not None:
        from ginscore.core.scoring import parse_upcard

        try:
            upcard = parse_upcard(upcard)
        except HandError:
            raise FieldError("upcard", _("the upcard is one card, rank then suit: 7h, 10s, Kd or A♠")) from None
    cards, opponent_cards = given(form, "cards"), given(form, "opponent_cards")
    if cards and not opponent_cards:
        raise FieldError("opponent_cards", _("give the opponent's 10 cards too: they decide the lay-offs and his deadwood"))
    if opponent_cards and not cards:
        raise FieldError("cards", _("give the cards of the player who went out too"))
    if kind == "knock":
        numbers = (None, None) if cards else (
            whole(form, "deadwood", _("give the deadwood of the player who knocked: a whole number, 0 or more")),
            whole(form, "opponent_deadwood", _("give the opponent's deadwood after lay-offs: a whole number, 0 or more")),
        )
        return kind, {
            "player": player, "knocker_deadwood": numbers[0], "opponent_deadwood": numbers[1],
            "cards": cards, "opponent_cards": opponent_cards, "melds": None, "upcard": upcard,
        }
    if kind == "gin":
        caught = None if cards else whole(form, "opponent_deadwood", _("give the deadwood of the player caught: a whole number, 0 or more"))
        return kind, {
            "player": player, "opponent_deadwood": caught, "big": form.get("big") == "true",
            "cards": cards, "opponent_cards": opponent_cards, "upcard": upcard,
        }
    if kind == "draw":  # a draw names a player only where it says at whose card table it was (partnership)
        named = player if player and get_table(game.table).draw_names_a_player else None
        return kind, {"player": named, "upcard": upcard}
    held = [f"{name[len('held.'):]}={value.strip()}" for name, value in form.items()
            if name.startswith("held.") and value.strip() and name[len("held."):] != player]
    return kind, {"player": player, "held": tuple(held), "rummy": form.get("rummy") == "true"}


def before_of(form: dict) -> int | None:
    """The hand a hand forgotten was played before (``before``), or None when it is the next."""
    if not form.get("before", "").strip():
        return None
    return int(whole(form, "before", _("give the number of the hand it was played before, as on the sheet")))


def given(form: dict, name: str) -> str | None:
    """The field's text, or None when it was left empty (as an option not typed)."""
    value = form.get(name, "").strip()
    return value or None


FIELDS = ("kind", "player", "deadwood", "opponent_deadwood", "big", "upcard", "cards", "opponent_cards", "rummy", "before")


def values_of(hand: dict) -> dict:
    """The form's values for a hand as recorded (an edit starts from them)."""
    values = {"kind": hand.get("kind", ""), "player": str(hand.get("player", ""))}
    for key in ("deadwood", "opponent_deadwood", "upcard"):
        if key in hand:
            values[key] = str(hand[key])
    for key in ("big", "rummy"):
        if hand.get(key):
            values[key] = "true"
    for name, points in (hand.get("held") or {}).items():
        values[f"held.{name}"] = str(points)
    return values


def hand_fields(game, values: dict, error=None, more=()) -> list:
    """The fields of a hand of ``game``; ``values`` fill them; ``error`` (a ``Note``) stands at
    its field, or atop them when it names none of those shown (``more``: the form's others)."""
    kinds = kinds_of(game)
    chosen = values.get("kind") or kinds[0]
    field = error.field if error is not None else None
    rummy, oklahoma = "out" in kinds, getattr(game.rules, "oklahoma", False)
    shown = {"kind", "player", *more, *(("rummy",) if rummy else ("deadwood", "opponent_deadwood", "big", "cards", "opponent_cards")),
             *(("upcard",) if oklahoma and not rummy else ())}
    at_top = error is not None and error.message and field not in shown and not (rummy and field.startswith("held."))
    rows = [error_line(error.message, "form")] if at_top else []
    rows.append(f'<fieldset class="choices kinds"><legend>{escape(_("What happened"))}</legend>')
    for kind in kinds:
        checked = " checked" if kind == chosen else ""
        rows.append(f'<label class="choice"><input type="radio" name="kind" value="{kind}"{checked}> {escape(kind_words(kind))}</label>')
    rows.append(said_at(error, "kind") + "</fieldset>")
    draw_named = get_table(game.table).draw_names_a_player
    legend = _("Who went out") if rummy else (_("Who knocked, went gin or drew") if draw_named else _("Who knocked or went gin"))
    rows.append(f'<fieldset class="choices players{"" if draw_named else " not-draw"}"><legend>{escape(legend)}</legend>')
    for player in game.players:
        checked = " checked" if values.get("player") == player else ""
        rows.append(f'<label class="choice"><input type="radio" name="player" value="{escape(player)}"{checked}> {escape(player)}</label>')
    rows.append(said_at(error, "player") + "</fieldset>")
    if at_top:
        error = None  # said atop
    if rummy:
        rows.append(f'<fieldset class="held"><legend>{escape(_("What each player caught held (points, or cards: K,7,3)"))}</legend>')
        for player in game.players:
            rows.append(text_field(f"held.{player}", player, values, error, numeric=False, css="held-of", data=player))
        rows.append("</fieldset>")
        rows.append(check_field("rummy", _("Rummy: out all at once (payments double)"), values))
        return rows
    rows.append(text_field("deadwood", _("Deadwood of the player who knocked"), values, error, css="only-knock"))
    rows.append(text_field("opponent_deadwood", (_("Opponent's deadwood (after lay-offs)"), _("Deadwood of the player caught")),
                           values, error, css="only-knock-gin"))
    rows.append(check_field("big", _("Big gin (all 11 cards)"), values, css="only-gin"))
    if oklahoma:
        rows.append(text_field("upcard", _("Upcard (e.g. 7h, 10s, Kd)"), values, error, numeric=False))
    opened = " open" if field in ("cards", "opponent_cards") or values.get("cards") else ""
    rows.append(f'<details class="only-knock-gin"{opened}><summary>{escape(_("Or give both hands as cards"))}</summary>')
    rows.append(text_field("cards", _("Cards of the player who went out"), values, error, numeric=False))
    rows.append(text_field("opponent_cards", _("The opponent's 10 cards"), values, error, numeric=False))
    rows.append("</details>")
    return rows


def hand_form(game, hidden: str, values: dict, error=None, count: int = 0) -> str:
    """The form for the next hand of ``game`` (as it stands); ``hidden`` its token and key
    fields; ``count`` the hands so far (a hand forgotten is put before one of them)."""
    rows = [f'<form method="post" action="/games/{escape(game.id)}/hand" class="hand" id="hand">', hidden,
            *hand_fields(game, values, error, ("before",) if count else ())]
    if count:
        opened = " open" if values.get("before") else ""
        rows.append(f'<details{opened}><summary>{escape(_("A hand forgotten? Put it before a hand"))}</summary>')
        rows.append(text_field("before", _("Before hand number"), values, error))
        rows.append("</details>")
    rows.append(f'<button type="submit" class="primary">{escape(_("Record the hand"))}</button>')
    rows.append("</form>")
    return "\n".join(rows)


def error_line(message: str, field: str) -> str:
    return f'<p class="error" role="alert" id="error-{escape(field)}">{escape(message)}</p>'


def said_at(error, field: str) -> str:
    """The error of ``error`` (a ``Note``) when it is about ``field``, else nothing."""
    if error is None or not error.message or error.field != field:
        return ""
    return error_line(error.message, field)


def text_field(name: str, label, values: dict, error=None, numeric: bool = True, css: str = "", data: str = "") -> str:
    """A text field; ``label`` one text, or (under knock, under gin) two that the chosen kind picks."""
    mode = ' inputmode="numeric"' if numeric else ""
    value = escape(values.get(name, ""))
    if isinstance(label, tuple):
        words = f'<span class="for-knock">{escape(label[0])}</span><span class="for-gin">{escape(label[1])}</span>'
    else:
        words = f"<span>{escape(label)}</span>"
    said = said_at(error, name)
    invalid = ' aria-invalid="true"' if said else ""
    classes = f' class="field {css}"' if css else ' class="field"'
    held = f' data-player="{escape(data)}"' if data else ""
    return (f'<label{classes}{held}>{words}'
            f'<input name="{escape(name)}" value="{value}"{mode}{invalid} autocomplete="off" maxlength="{LONGEST}">{said}</label>')


def check_field(name: str, label: str, values: dict, css: str = "") -> str:
    checked = " checked" if values.get(name) == "true" else ""
    return (f'<label class="choice wide {css}"><input type="checkbox" name="{name}" value="true"{checked}> '
            f"{escape(label)}</label>")
