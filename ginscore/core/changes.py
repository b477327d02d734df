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

from bisect import bisect_left

from ginscore.base.i18n import _
from ginscore.base.records import Record
from ginscore.core.game import CHANGE_ACTIONS, effective_hands
from ginscore.core.names import folded
from ginscore.core.rules import Rules, describe_setting

# What marks a rename applied in a game as it stands (in memory only: never written, since
# what is written is the journal as recorded), so that reading it as it stands again changes nothing.
APPLIED = "_applied"
# What marks, likewise, a rename that changes nothing (the value: the place of the player it
# names, or None), so that a game as it stands still tells its clashes.
IDLE = "_idle"


def live_changes(journal) -> list[dict]:
    """The "rules" and "rename" entries that count (not taken back), in journal order."""
    changes: dict[str, dict] = {}
    taken_back: set[str] = set()
    for entry in journal:
        action = entry["action"]
        if action in CHANGE_ACTIONS:
            changes[entry["id"]] = entry
        elif entry.get("target") in changes:
            if action == "void":
                taken_back.add(entry["target"])
            elif action == "restore":
                taken_back.discard(entry["target"])
    return [entry for entry_id, entry in changes.items() if entry_id not in taken_back]


def changed_rules(rules: Rules, settings: dict) -> Rules:
    """``rules`` with the stored ``settings`` of a "rules" entry."""
    return Rules.of(rules.specs, {**rules.to_dict(), **settings})


def renamed_players(players, old: str, new: str) -> tuple:
    return tuple(new if name == old else name for name in players)


def standing(game, renamed_hand):
    """``game`` as it stands (docs/glossary.md), the one definition of it: its rules and players
    after every 'rules set' and 'rename' that counts, and its
    hands naming the players as they are named now. ``renamed_hand(hand, old, new)`` is the
    hand with player ``old`` named ``new`` (the table's). A game never changed is returned as it is."""
    return _standing(game, renamed_hand)[0]


def idle_renames(game) -> list[dict]:
    """The renames that count but change nothing: made on two devices apart, one names a
    player the other renamed away, or gives a name another player took meanwhile ('check').
    A rename that gave a name another player took is no longer listed once that player is
    renamed again (the clash resolved)."""
    return [change for change, _name in rename_clashes(game)]


def rename_clashes(game) -> list[tuple]:
    """(rename, the name its player has now, or None when it names nobody) of each idle rename."""
    as_it_stands, idle = _standing(game, lambda hand, old, new: hand)
    return [(change, None if place is None else as_it_stands.players[place]) for change, place in idle]


def rename_clash_lines(game) -> list:
    """What 'status' says of two players given one name on two devices apart, with the command
    that settles it."""
    from ginscore.base.shell import command  # only for a game with such a clash

    return [
        _("{player} and another player were both renamed {new} on two devices apart: {player} keeps the name {player}, "
          "and every hand stays with the player who made it; to give {player} another name: {command}").format(
            player=player, new=change["new"], command=command(["rename"], [player, "NAME"], ["--game", game.id]))
        for change, player in rename_clashes(game) if player is not None
    ]


def _standing(game, renamed_hand) -> tuple:
    if _as_recorded(game):
        return game, []
    changes = live_changes(game.journal)
    if not changes:  # a hand recorded while a rename counted that was taken back since
        journal = list(game.journal)
        return (game._replace(journal=tuple(journal)) if _name_seated(journal, game.players, renamed_hand) else game), []
    rules, players, dealer = game.rules, game.players, game.dealer
    position = {entry["id"]: index for index, entry in enumerate(game.journal)}
    journal = list(game.journal)
    renamed_to: dict[str, str] = {}  # a former name -> the name it was given
    idle: dict[str, tuple] = {}  # entry id -> (the rename, the place of the player it names, or None)
    applied: list[tuple] = []  # (the rename, the name it renamed, the name it gives)
    for change in changes:
        if change["action"] == "rules":  # the same values again on a game as it stands
            rules = changed_rules(rules, change["settings"])
            continue
        if change.get(APPLIED):  # a game already as it stands: its renames are done
            if IDLE in change:
                idle[change["id"]] = (change, change[IDLE])
            continue
        at = position[change["id"]]
        old, new = change["old"], change["new"]
        current = _named_now(old, players, renamed_to)
        if current is None or any(folded(name) == folded(new) for name in players if name != current):
            # names nobody here, or a name another player took meanwhile
            journal[at] = {**change, APPLIED: True, IDLE: None if current is None else players.index(current)}
            idle[change["id"]] = (journal[at], journal[at][IDLE])
            continue
        journal[at] = {**change, APPLIED: True}
        place = players.index(current)
        for held, (_idle, named) in list(idle.items()):  # this player renamed again: the clash is over
            if named == place:
                del idle[held]
                journal[position[held]] = {key: value for key, value in journal[position[held]].items() if key != IDLE}
        players = renamed_players(players, current, new)
        dealer = new if dealer == current else dealer
        renamed_to.update({old: new, current: new})
        applied.append((change, old, current, new))
    from ginscore.core.renaming import rename_unseated  # only for a game with a rename

    rename_unseated(journal, changes, applied, position, renamed_hand)
    _name_seated(journal, players, renamed_hand)
    return game._replace(rules=rules, players=players, dealer=dealer, journal=tuple(journal)), list(idle.values())


def _as_recorded(game) -> bool:
    """Whether ``game`` stands as it was recorded: no rules change or rename in its journal (one
    taken back included), and every hand's seats name its players as the game does, so that
    ``_name_seated`` would change nothing. Most games, told in one pass (every game is replayed
    as it stands); any other is worked out below."""
    players, last_seats = game.players, None
    named_right: list = []  # the seats found naming the players (the deal turns among a few)
    for entry in game.journal:
        action = entry["action"]
        if action in CHANGE_ACTIONS:
            return False
        seats = entry.get("seats")
        if seats and seats is not last_seats and seats != last_seats:  # most hands have the seats of the hand before
            if action not in ("hand", "edit"):
                return False
            if seats not in named_right:
                if any(seat["name"] != players[seat["player"]] for seat in seats):
                    return False
                named_right.append(seats)
            last_seats = seats
    return True


def _named_now(old: str, players, renamed_to: dict) -> str | None:
    """The player a rename of ``old`` renames: ``old`` itself, or, where two devices renamed the
    player while apart, the name the earlier rename gave (the later rename wins, on every
    device alike); None when it names nobody of the game. The chain of names followed is
    shortened to its end, so that a long list of renames is read in linear time."""
    seen: list[str] = []
    while old not in players and old in renamed_to and old not in seen:
        seen.append(old)
        old = renamed_to[old]
    if old not in players:
        return None
    for name in seen:
        renamed_to[name] = old
    return old


def _name_seated(journal: list, players, renamed_hand) -> bool:
    """Name the players of each hand recorded with its seats as they are named now: each seat
    says which player (by place) had which name then, so a rename made later, or on another
    device, renames exactly that player, whatever names the others took. True if one changed."""
    changed = False
    last_seats = mapping = named_seats = None  # most hands of a game have the seats of the hand before
    for index, entry in enumerate(journal):
        seats = entry.get("seats") if entry["action"] in ("hand", "edit") else None
        if not seats:
            continue
        if seats != last_seats:  # equal seats give equal names (players[True] is players[1])
            last_seats = seats
            mapping = {seat["name"]: players[seat["player"]] for seat in seats if seat["name"] != players[seat["player"]]}
            named_seats = [{**seat, "name": players[seat["player"]]} for seat in seats] if mapping else None
        if mapping:
            from ginscore.core.renaming import named_as  # only for a game with a rename

            hand = entry["hand"]
            try:  # no name of the hand renamed: the hand as it is (named_as reads texts and the keys of objects)
                untouched = mapping.keys().isdisjoint(hand.values())
            except TypeError:  # an object among them (cards): its keys may name a player
                untouched = False
            journal[index] = {**entry, "hand": hand if untouched else named_as(hand, mapping, renamed_hand), "seats": list(named_seats)}
            changed = True
    return changed


def rules_as_they_stood(game):
    """index -> the rules of ``game`` after the "rules" entries before that journal index that
    counted then (made, not taken back yet); asked in increasing order of index, in one pass."""
    journal, live, made = game.journal, {}, {}  # live: the rules entries that count, by id
    state = {"next": 0, "rules": game.rules}

    def rules_at(index: int):
        while state["next"] < index:
            entry = journal[state["next"]]
            target = entry.get("target")
            if entry["action"] == "rules":
                made[entry["id"]] = live[entry["id"]] = entry
                state["rules"] = changed_rules(state["rules"], entry["settings"])
            elif (entry["action"] == "void" and target in live) or (entry["action"] == "restore" and target in made):
                live.pop(target) if entry["action"] == "void" else live.setdefault(target, made[target])
                state["rules"] = game.rules
                for kept in made:  # in journal order
                    if kept in live:
                        state["rules"] = changed_rules(state["rules"], made[kept]["settings"])
            state["next"] += 1
        return state["rules"]

    return rules_at


class RulesChange(Record):
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
    played = [position[hand.entry] for hand in effective_hands(journal)]  # in the order played
    # the hand after the last one recorded before it: a hand put before another later comes
    # where it was played, whenever it was recorded. By position, the highest number so far:
    recorded = sorted((at, number) for number, at in enumerate(played, 1))
    at_positions, highest = [at for at, _number in recorded], []
    for _at, number in recorded:
        highest.append(max(number, highest[-1] if highest else 0))
    changed = []
    for change in changes:
        count = bisect_left(at_positions, position[change["id"]])
        changed.append(RulesChange(1 + (highest[count - 1] if count else 0), change["settings"]))
    return changed


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
