"""A game as it stands: as started, with the changes made since applied in journal order.

Two journal entries change the game itself rather than add a hand: "rules" ('ginscore rules
set': ``settings``, setting name -> stored value) and "rename" ('ginscore rename': ``old``,
``new``). Either can be taken back by a "void" that names it ('undo' right after), and
brought back by a "restore" ('redo'). A rules change counts for every hand, those before it
too (every hand is scored again under the rules as they stand); a rename changes the player's
name in the players, the first dealer and every hand that names the old one (a hand recorded
after it names the new name, unless its device had not seen the rename yet: merged while apart)
until a later rename gives the old name to a player again. How a hand names its players is the
table's business: ``standing`` takes the table's ``renamed_hand``.

Everything that scores or shows a game reads it as it stands (the tables' evaluation does),
so that nothing else needs to know that a game was changed.
"""

from __future__ import annotations

from typing import NamedTuple

from ginscore.game import CHANGE_ACTIONS, effective_hands
from ginscore.i18n import _
from ginscore.names import folded
from ginscore.rules import Rules, describe_setting

# What marks a rename applied in a game as it stands (in memory only: never written, since
# what is written is the journal as recorded), so that reading it as it stands again changes nothing.
APPLIED = "_applied"


def live_changes(journal) -> list[dict]:
    """The "rules" and "rename" entries that count (not voided), in journal order."""
    changes: dict[str, dict] = {}
    voided: set[str] = set()
    for entry in journal:
        action = entry["action"]
        if action in CHANGE_ACTIONS:
            changes[entry["id"]] = entry
        elif entry.get("target") in changes:
            if action == "void":
                voided.add(entry["target"])
            elif action == "restore":
                voided.discard(entry["target"])
    return [entry for entry_id, entry in changes.items() if entry_id not in voided]


def changed_rules(rules: Rules, settings: dict) -> Rules:
    """``rules`` with the stored ``settings`` of a "rules" entry."""
    return Rules.of(rules.specs, {**rules.to_dict(), **settings})


def renamed_players(players, old: str, new: str) -> tuple:
    return tuple(new if name == old else name for name in players)


def standing(game, renamed_hand):
    """``game`` as it stands: its rules and players after every change that counts, and its
    hands naming the players as they are named now. ``renamed_hand(hand, old, new)`` is the
    hand with player ``old`` named ``new`` (the table's). A game never changed is returned as it is."""
    return _standing(game, renamed_hand)[0]


def idle_renames(game) -> list[dict]:
    """The renames that count but change nothing: made on two devices apart, one names a
    player the other renamed away, or gives a name another player took meanwhile ('check')."""
    return _standing(game, lambda hand, old, new: hand)[1]


def _standing(game, renamed_hand) -> tuple:
    changes = live_changes(game.journal)
    idle: list[dict] = []
    if not changes:
        return game, idle
    rules, players, dealer = game.rules, game.players, game.dealer
    position = {entry["id"]: index for index, entry in enumerate(game.journal)}
    journal = list(game.journal)
    renamed_to: dict[str, str] = {}  # a former name -> the name it was given
    for change in changes:
        if change["action"] == "rules":  # the same values again on a game as it stands
            rules = changed_rules(rules, change["settings"])
            continue
        if change.get(APPLIED):  # a game already as it stands: its renames are done
            continue
        journal[position[change["id"]]] = {**change, APPLIED: True}
        old, new = change["old"], change["new"]
        current = _named_now(old, players, renamed_to)
        if current is None or any(folded(name) == folded(new) for name in players if name != current):
            idle.append(change)  # names nobody here, or a name another player took meanwhile
            continue
        players = renamed_players(players, current, new)
        dealer = new if dealer == current else dealer
        renamed_to.update({old: new, current: new})
        for index in _named_by(changes, change, position, len(journal)):
            entry = journal[index]
            if entry["action"] in ("hand", "edit"):
                for name in dict.fromkeys((old, current)):
                    entry = {**entry, "hand": renamed_hand(entry["hand"], name, new)}
                journal[index] = entry
    return game._replace(rules=rules, players=players, dealer=dealer, journal=tuple(journal)), idle


def _named_now(old: str, players, renamed_to: dict) -> str | None:
    """The player a rename of ``old`` renames: ``old`` itself, or, where two devices renamed the
    player while apart, the name the earlier rename gave (the later rename wins, on every
    device alike); None when it names nobody of the game."""
    seen = set()
    while old not in players and old in renamed_to and old not in seen:
        seen.add(old)
        old = renamed_to[old]
    return old if old in players else None


def _named_by(changes, rename, position, length) -> range | list:
    """Where in the journal a hand may name the player ``rename`` renamed by the old name: every
    entry before it, and after it those recorded on a device that had not seen it yet (merged
    while apart), up to the next rename that gives the old name to a player again."""
    at = position[rename["id"]]
    reused = [
        position[later["id"]] for later in changes
        if later["action"] == "rename" and later["new"] == rename["old"] and position[later["id"]] > at
    ]
    return range(min(reused, default=length))


class RulesChange(NamedTuple):
    at_hand: int  # the number of the hand that came next when the rules were changed
    settings: dict  # setting name -> stored value

    def to_json(self) -> dict:
        return {"at_hand": self.at_hand, "settings": dict(self.settings)}


def rules_changes(journal) -> list[RulesChange]:
    """The rules changes that count, each at the hand that came next when it was made (the
    hands numbered as they count now)."""
    changes = [entry for entry in live_changes(journal) if entry["action"] == "rules"]
    if not changes:
        return []
    position = {entry["id"]: index for index, entry in enumerate(journal)}
    hands = [position[hand.entry] for hand in effective_hands(journal)]  # in the order played
    # the hand after the last one recorded before it: a hand put before another later comes
    # where it was played, whenever it was recorded
    return [
        RulesChange(1 + max((number for number, at in enumerate(hands, 1) if at < position[change["id"]]), default=0), change["settings"])
        for change in changes
    ]


def last_change(journal) -> dict | None:
    """The change entry 'undo' takes back: the latest that counts, when no hand that counts was
    recorded after it."""
    changes = live_changes(journal)
    if not changes:
        return None
    hands = effective_hands(journal)
    position = {entry["id"]: index for index, entry in enumerate(journal)}
    latest = changes[-1]
    if hands and max(position[hand.entry] for hand in hands) > position[latest["id"]]:
        return None
    return latest


def rules_change_lines(game) -> list:
    """``Rules changed at hand 3: gin bonus 20.``: the rules changes that count, those made
    at one hand in one line."""
    at_hand: dict[int, dict] = {}
    for change in rules_changes(game.journal):
        at_hand.setdefault(change.at_hand, {}).update(change.settings)
    return [
        _("Rules changed at hand {number}: {settings}.").format(
            number=number,
            settings=", ".join(describe_setting(game.rules.specs[name], value) for name, value in settings.items()),
        )
        for number, settings in at_hand.items()
    ]
