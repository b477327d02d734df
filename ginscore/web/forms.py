"""The hand form of a game's page: its fields, named as the hand's keys in 'status --json'
(``kind``, ``player``, ``deadwood``, ``opponent_deadwood``, ``big``, ``upcard``, Rummy's
``held.NAME`` and ``rummy``, hands from cards: ``cards`` and ``opponent_cards``), and the hand
they describe.

A posted form is turned into the typed parameters of the hand command of that kind and given
to the same builder the command line uses (``ginscore.cli.play.hand_builder``): a hand entered
here is checked, refused and recorded exactly as ``ginscore knock alice 4 15`` would be.
"""

from __future__ import annotations

from html import escape

from ginscore.base.errors import HandError
from ginscore.base.i18n import _, pgettext
from ginscore.tables import get_table

# The longest value a field of the form takes (a hand's cards are some 35 characters).
LONGEST = 200


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


def hand_parameters(game, form: dict) -> tuple:
    """(the hand command, its typed parameters as the command line passes them) for the posted
    ``form`` (field -> text) of a hand in ``game`` (as it stands). Refuses a kind of hand the
    table does not take and a field too long to be a hand."""
    for name, value in form.items():
        if len(value) > LONGEST:
            raise HandError(_("the field {field} is too long to be part of a hand").format(field=name[:40]))
    kind = form.get("kind", "").strip().lower()
    if kind not in kinds_of(game):
        raise HandError(
            _("choose what happened: {kinds}").format(kinds=", ".join(kind_words(each) for each in kinds_of(game)))
        )
    player = form.get("player", "").strip()
    upcard = given(form, "upcard")
    if upcard is not None:
        from ginscore.core.scoring import parse_upcard

        upcard = parse_upcard(upcard)
    cards, opponent_cards = given(form, "cards"), given(form, "opponent_cards")
    if kind == "knock":
        return kind, {
            "player": player, "knocker_deadwood": given(form, "deadwood"), "opponent_deadwood": given(form, "opponent_deadwood"),
            "cards": cards, "opponent_cards": opponent_cards, "melds": given(form, "melds"), "upcard": upcard,
        }
    if kind == "gin":
        return kind, {
            "player": player, "opponent_deadwood": given(form, "opponent_deadwood"), "big": form.get("big") == "true",
            "cards": cards, "opponent_cards": opponent_cards, "upcard": upcard,
        }
    if kind == "draw":  # only at a partnership table does a draw name the player whose table it was
        named = player if player and get_table(game.table).name == "partnership" else None
        return kind, {"player": named, "upcard": upcard}
    held = [f"{name[len('held.'):]}={value.strip()}" for name, value in form.items() if name.startswith("held.") and value.strip()]
    return kind, {"player": player, "held": tuple(held), "rummy": form.get("rummy") == "true"}


def given(form: dict, name: str) -> str | None:
    """The field's text, or None when it was left empty (as an option not typed)."""
    value = form.get(name, "").strip()
    return value or None


def hand_form(game, csrf: str, values: dict) -> str:
    """The form for the next hand of ``game`` (as it stands); ``values`` refills it after an error."""
    kinds = kinds_of(game)
    chosen = values.get("kind") or kinds[0]
    rows = [f'<form method="post" action="/games/{escape(game.id)}/hand" class="hand">',
            f'<input type="hidden" name="csrf" value="{escape(csrf)}">',
            f'<fieldset class="choices"><legend>{escape(_("What happened"))}</legend>']
    for kind in kinds:
        checked = " checked" if kind == chosen else ""
        rows.append(f'<label class="choice"><input type="radio" name="kind" value="{kind}"{checked}> {escape(kind_words(kind))}</label>')
    rows.append("</fieldset>")
    rummy = "out" in kinds
    legend = _("Who went out") if rummy else _("Who knocked, went gin or (partnership) drew")
    rows.append(f'<fieldset class="choices"><legend>{escape(legend)}</legend>')
    for player in game.players:
        checked = " checked" if values.get("player") == player else ""
        rows.append(
            f'<label class="choice"><input type="radio" name="player" value="{escape(player)}"{checked}> {escape(player)}</label>'
        )
    rows.append("</fieldset>")
    if rummy:
        rows.append(f'<fieldset><legend>{escape(_("What each other player held (points, or cards: K,7,3)"))}</legend>')
        for player in game.players:
            field = f"held.{player}"
            rows.append(number_field(field, player, values, numeric=False))
        rows.append("</fieldset>")
        rows.append(check_field("rummy", _("Rummy: out all at once (payments double)"), values))
    else:
        rows.append(number_field("deadwood", _("Knocker's deadwood"), values))
        rows.append(number_field("opponent_deadwood", _("Opponent's deadwood (after lay-offs)"), values))
        rows.append(check_field("big", _("Big gin (all 11 cards)"), values))
        if getattr(game.rules, "oklahoma", False):
            rows.append(number_field("upcard", _("Upcard (e.g. 7h, 10s, Kd)"), values, numeric=False))
        rows.append(f'<details><summary>{escape(_("Or give both hands as cards"))}</summary>')
        rows.append(number_field("cards", _("Cards of the player who went out"), values, numeric=False))
        rows.append(number_field("opponent_cards", _("The opponent's 10 cards"), values, numeric=False))
        rows.append("</details>")
    rows.append(f'<button type="submit" class="primary">{escape(_("Record the hand"))}</button>')
    rows.append("</form>")
    return "\n".join(rows)


def number_field(name: str, label: str, values: dict, numeric: bool = True) -> str:
    mode = ' inputmode="numeric" pattern="-?[0-9]*"' if numeric else ""
    value = escape(values.get(name, ""))
    return (
        f'<label class="field"><span>{escape(label)}</span>'
        f'<input name="{escape(name)}" value="{value}"{mode} autocomplete="off" maxlength="{LONGEST}"></label>'
    )


def check_field(name: str, label: str, values: dict) -> str:
    checked = " checked" if values.get(name) == "true" else ""
    return f'<label class="choice wide"><input type="checkbox" name="{name}" value="true"{checked}> {escape(label)}</label>'
