"""The checks of a game file's fields that say how the game was started (its players, rules,
stake and currency): each problem found is appended to ``found``, named by its place in the file.
Part of the game file format (``ginscore.store.game_file``)."""

from __future__ import annotations

from ginscore.base.errors import GinscoreError, shown
from ginscore.base.i18n import _
from ginscore.base.jsontypes import value_words
from ginscore.core.names import folded, name_problem
from ginscore.core.rules import Rules
from ginscore.core.scoring import parse_currency, parse_stake
from ginscore.store.journal_format import key_text
from ginscore.tables import get_table


def check_players(players, table: str | None, found: list) -> None:
    """Names as ``new`` accepts them (the same rule), none twice, as many as the table seats."""
    if players is None:
        return
    seen = set()
    for index, name in enumerate(players):
        problem = name_problem(name) if isinstance(name, str) else _("expected a name, got {value}").format(value=value_words(name))
        if problem:
            found.append(f"players[{index}]: {problem}")
        elif folded(name) in seen:
            found.append(f"players[{index}]: " + _("{name} is named twice").format(name=shown(name, 24)))
        else:
            seen.add(folded(name))
    if table is not None:
        try:  # the table's own decision, as when the game was started
            get_table(table).check_players(players)
        except GinscoreError as error:
            found.append(f"players: {error}")


def check_rules(rules_data, settings, table, found: list) -> None:
    """Each setting valid for the game's table; a setting the table does not have is a problem
    (a newer ginscore's setting would change the scores, so it is never silently ignored)."""
    if rules_data is None or settings is None:
        return
    for name in rules_data:
        if name not in settings:
            found.append(
                f"rules.{key_text(name)}: "
                + _(
                    "not a setting of a {table} game: a newer ginscore wrote this file, "
                    "or it is damaged; upgrade ginscore or restore the file from a backup"
                ).format(table=table)
            )
    known = {key: value for key, value in rules_data.items() if key in settings}
    try:  # the usual case, in one go; only a failure is worth a setting-by-setting look
        rules_of(table, settings, known)
        return
    except (GinscoreError, TypeError):
        pass
    for name in settings:
        if name in rules_data:
            try:
                Rules.of(settings, {name: rules_data[name]})
            except GinscoreError as error:
                found.append(f"rules.{name}: {error}")
            except TypeError:  # e.g. an unhashable value where a word was expected
                found.append(f"rules.{name}: " + _("{value} is not a valid value").format(value=shown(rules_data[name], 24)))


# The rules and stakes made last, as the files store them: most games of a ledger are played
# under the same few (Rules and Decimal never change, so one is shared by every game with it).
MADE_RULES: dict = {}
MADE_STAKES: dict = {}
MOST_MADE = 64


def rules_of(table: str, settings: dict, values: dict) -> Rules:
    """``Rules.of(settings, values)`` for table ``table``, made once for the same stored
    values (of the same types: == takes 1, 1.0 and true for one another)."""
    try:
        key = (table, tuple(values.items()), tuple(map(type, values.values())))
        made = MADE_RULES.get(key)
    except TypeError:  # a list where a word belongs: made (and refused) every time
        return Rules.of(settings, values)
    if made is None:
        made = Rules.of(settings, values)
        if len(MADE_RULES) >= MOST_MADE:
            MADE_RULES.clear()
        MADE_RULES[key] = made
    return made


def stake_of(text: str):
    """``parse_stake(text)`` of a stake as a file stores it, made once for the same text."""
    made = MADE_STAKES.get(text)
    if made is None:
        made = parse_stake(text)
        if len(MADE_STAKES) >= MOST_MADE:
            MADE_STAKES.clear()
        MADE_STAKES[text] = made
    return made


def check_stake(stake, found: list) -> None:
    if not isinstance(stake, str):
        found.append("stake: " + _('expected a string such as "0.01" or null, got {value}').format(value=value_words(stake)))
        return
    try:
        stake_of(stake)
    except GinscoreError as error:
        found.append(f"stake: {error}")


def check_currency(currency, found: list) -> None:
    try:
        if not isinstance(currency, str) or parse_currency(currency) != currency:
            found.append("currency: " + _('expected a symbol such as "€" or null, got {value}').format(value=value_words(currency)))
    except GinscoreError as error:
        found.append(f"currency: {error}")
