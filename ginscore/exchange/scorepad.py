"""A score-pad backup read into ginscore games: the JSON the score-pad web app
(github.com/dennis-brutski/gin-rummy-score-pad) saves with its "Download backup", kind
``gin-rummy-counter.v2``, as ginscore games with the same players, rules and hands.

Pure: data in (the backup as parsed JSON), games out, ready for ``Book.add`` to save; nothing
here reads a file or knows about click. What the app does, as its ``src/state.js`` does it:

- A game is two players, the deal alternating from its first dealer (``dealerStart``). A hand
  is ``{type, winner, points}``: knock, gin, long gin (all 11 cards: ginscore's big gin) or
  undercut, won by player 0 or 1, and ``points`` the deadwood difference (for gin the
  opponent's deadwood) before the bonus. Every hand won is one box; the first to the target
  wins; the winner adds the game bonus, each player his boxes x box bonus, and a shutout
  (the loser won no hand) adds the shutout bonus: ginscore's ``shutout flat:N``.
- Each game keeps its rules: target, gin, long gin, undercut, box, game and shutout bonus. A
  game from before the app kept them has its older defaults (undercut 10, ``LEGACY_RULES``),
  and so has a setting missing from a game's rules, as the app's own import reads them.

The backup keeps no deadwood, only its difference: a knock is entered as the knocker's 1
against 1 + the difference (which fits every knock a hand can have), an undercut as the
knocker's 10 against 10 - the difference (likewise). Each hand is recorded with
``actions.record``, so a hand ginscore cannot have (an undercut by more than 10) is refused
as it would be at the table, and the game is then not imported at all, with the reason.

A game's id here is made from its id in the app (``game_id``), and so are its entries, their
clocks (from the game's start in the app) and the device they name (``DEVICE``): importing
the same backup again finds the game here, and two devices that import one backup each
write the same game, entry for entry, which merging keeps once.
"""

from __future__ import annotations

from datetime import datetime, timezone

from ginscore.base.errors import GinscoreError, HandError, shown
from ginscore.base.i18n import _
from ginscore.base.ids import ENTRY_ID_LENGTH, GAME_ID_LENGTH, digest
from ginscore.base.records import Record
from ginscore.core.game import Game
from ginscore.ops import actions
from ginscore.tables.base_view import totals_words

KIND = "gin-rummy-counter.v2"
DEVICE = "scorepad"  # the device the imported entries name: the same on every device importing
MAX_BACKUP_BYTES = 32 * 1024 * 1024  # the app keeps its store in the browser's 5-10 MB local storage
HAND_TYPES = ("knock", "gin", "longGin", "undercut")
# The app's rules, its name -> ginscore's setting; and its defaults, now and before it kept them
SETTINGS = {
    "target": "target",
    "ginBonus": "gin_bonus",
    "longGinBonus": "big_gin_bonus",
    "undercutBonus": "undercut_bonus",
    "boxBonus": "box_bonus",
    "gameBonus": "game_bonus",
    "shutoutBonus": "shutout",
}
DEFAULT_RULES = {"target": 100, "ginBonus": 25, "longGinBonus": 25, "undercutBonus": 25, "boxBonus": 25,
                 "gameBonus": 100, "shutoutBonus": 100}
LEGACY_RULES = {**DEFAULT_RULES, "undercutBonus": 10}
KNOCK_LIMIT = 10  # the app's: "the knocker must have ten or fewer deadwood points"
MAX_DEADWOOD = 98  # the most ten cards without a meld count (ginscore.core.scoring)


class NotABackup(GinscoreError):
    """The data is not a score-pad backup ginscore can read (another app's file, damaged)."""


class Imported(Record):
    """One game of the backup: its id in the app, the ginscore game made of it (None when it
    cannot be), and why not."""

    source: str
    game: Game | None
    problem: str | None = None


class Plan(Record):
    games: list  # of Imported, in the backup's order
    notes: list  # what was read but has no place here, one line each


def game_id(source: str) -> str:
    """The ginscore id of the game the app calls ``source``: the same on every device."""
    return digest(f"{KIND}:{source}", GAME_ID_LENGTH)


def plan(data) -> Plan:
    """The games of the backup ``data`` (parsed JSON); NotABackup when it is not one."""
    store = check_backup(data)
    names = {player["id"]: player["name"] for player in store["players"]}
    notes = []
    wanted = store.get("rules")
    if isinstance(wanted, dict) and {key: wanted.get(key) for key in DEFAULT_RULES} != DEFAULT_RULES:
        notes.append(
            _("The score-pad app's rules for new games ({rules}) are not imported: ginscore starts new games "
              "with its own rules and the house-rules file ('ginscore config').").format(rules=rules_words(wanted))
        )
    games = []
    for game in store["games"]:
        unknown = sorted(set(game.get("rules") or {}) - set(SETTINGS))
        notes += [
            _("score-pad game {source}: its rule {rule} has no ginscore setting: left out, as the app leaves it out").format(
                source=game["id"], rule=shown(rule))
            for rule in unknown
        ]
        try:
            games.append(Imported(game["id"], build(game, names)))
        except GinscoreError as error:
            games.append(Imported(game["id"], None, str(error)))
    return Plan(games, notes)


def rules_words(rules: dict) -> str:
    """The app's rules where they differ from its defaults, in its own names: ``target 150``."""
    return ", ".join(f"{key} {shown(rules.get(key))}" for key in DEFAULT_RULES if rules.get(key) != DEFAULT_RULES[key])


def settings_of(rules) -> dict:
    """The ginscore settings of a game's rules in the app (None: a game from before it kept
    them); what the app cannot change is fixed: the deal alternates, knock on 10 or less."""
    values = {**LEGACY_RULES, **{key: value for key, value in (rules or {}).items() if key in SETTINGS}}
    settings = {SETTINGS[key]: value for key, value in values.items() if key != "shutoutBonus"}
    bonus = values["shutoutBonus"]
    settings.update(shutout=f"flat:{bonus}" if bonus else "none", deal="alternate", knock_limit=KNOCK_LIMIT)
    return settings


def build(game: dict, names: dict) -> Game:
    """The ginscore game of one game of the backup, every hand recorded and checked; a
    GinscoreError (in words) when it cannot be entered as the app scored it."""
    source = game["id"]
    missing = next((key for key in ("p0Id", "p1Id") if game[key] not in names), None)
    if missing:
        raise HandError(_("its player {player} is not among the backup's players").format(player=shown(game[missing])))
    players = (names[game["p0Id"]], names[game["p1Id"]])
    settings = settings_of(game.get("rules"))
    made = actions.new_game(game_id(source), players, settings=settings, given=set(settings))
    clock = game["createdAt"]
    if clock + len(game["hands"]) > LAST_MOMENT:  # a hand's clock is the start plus its number
        raise HandError(_("its start time ({clock} ms after 1970) is past the year 9999, which ginscore cannot write as a date").format(clock=clock))
    made = made._replace(created=moment(clock), clock=clock, dealer=made.players[game["dealerStart"]], device=DEVICE)
    state = actions.evaluate(made)
    if made.rules.big_gin_bonus == 0 and any(hand["type"] == "longGin" for hand in game["hands"]):
        raise HandError(
            _("it has a long gin, with a long gin bonus of 0: ginscore plays such a game without big gin, "
              "so that hand cannot be entered")
        )
    for number, hand in enumerate(game["hands"], 1):
        if state.finished:
            raise HandError(
                _("hand {number} comes after the end of the game ({winner} reached {target} at hand {end})").format(
                    number=number, winner=state.winner, target=made.rules.target, end=number - 1)
            )
        try:
            made, state = actions.record(made, hand_of(hand, made.players))
        except HandError as error:
            raise HandError(_("hand {number}: {error}").format(number=number, error=error)) from None
        made = pinned(made, source, number)
        scored = state.rows[-1].score.points
        if scored != hand["totalThisHand"]:
            raise HandError(
                _("hand {number} counts {theirs} points in the backup, but {ours} under the game's rules").format(
                    number=number, theirs=hand["totalThisHand"], ours=scored)
            )
    check_outcome(game, state)
    return made._replace(device="")


def hand_of(hand: dict, players) -> dict:
    """The hand as ginscore records it (``ginscore.tables.two_handed.HAND_FIELDS``)."""
    kind, points = hand["type"], hand["points"]
    winner = players[hand["winner"]]
    other = players[1 - hand["winner"]]
    if kind in ("gin", "longGin"):
        return {"kind": "gin", "player": winner, "opponent_deadwood": points, **({"big": True} if kind == "longGin" else {})}
    if kind == "knock":
        if not 1 <= points <= MAX_DEADWOOD - 1:
            raise HandError(
                _("a knock won by {points} cannot be entered: a knock wins by 1 to {most} "
                  "(the knocker holds 1 to {limit}, the defender at most {deadwood})").format(
                    points=points, most=MAX_DEADWOOD - 1, limit=KNOCK_LIMIT, deadwood=MAX_DEADWOOD)
            )
        return {"kind": "knock", "player": winner, "deadwood": 1, "opponent_deadwood": 1 + points}
    if points > KNOCK_LIMIT:
        raise HandError(
            _("an undercut by {points} cannot be entered: the knocker holds at most {limit}, "
              "so an undercut wins by at most {limit} before its bonus").format(points=points, limit=KNOCK_LIMIT)
        )
    return {"kind": "knock", "player": other, "deadwood": KNOCK_LIMIT, "opponent_deadwood": KNOCK_LIMIT - points}


def pinned(game: Game, source: str, number: int) -> Game:
    """``game`` with its last entry, hand ``number``, made the same on every device: its id
    from the app's game, its clock the game's start plus the hand's number."""
    *before, entry = game.journal
    clock = game.clock + number
    entry = {**entry, "id": digest(f"{KIND}:{source}:{number}", ENTRY_ID_LENGTH), "clock": clock, "device": DEVICE,
             "after": before[-1]["id"] if before else None, "at": moment(clock)}
    return game._replace(journal=(*before, entry))


# The last millisecond of the year 9999: a later time cannot be written as a date.
LAST_MOMENT = 253402300799999


def moment(clock: int) -> str:
    """A time in milliseconds as ginscore writes times."""
    return datetime.fromtimestamp(clock // 1000, timezone.utc).isoformat(timespec="seconds")


def check_outcome(game: dict, state) -> None:
    """Refuse a game whose totals, boxes or result in the backup are not what its hands give."""
    players = state.game.players
    ours = [state.scores[name] for name in players], [state.boxes[name] for name in players]
    if list(ours) != [game["scores"], game["boxes"]]:
        raise HandError(
            _("the backup gives it {theirs} points and {their_boxes} boxes, its hands {ours} and {our_boxes}").format(
                theirs=totals_words(players, dict(zip(players, game["scores"]))),
                their_boxes=totals_words(players, dict(zip(players, game["boxes"]))),
                ours=totals_words(players, state.scores), our_boxes=totals_words(players, state.boxes))
        )
    theirs = players[game["winner"]] if game["phase"] == "finished" and game["winner"] is not None else None
    if (game["phase"] == "finished") != state.finished or theirs != state.winner:
        said = _("won by {winner}").format(winner=theirs) if theirs else _("in progress")
        raise HandError(_("the backup says it is {said}, but its hands say otherwise").format(said=said))


# ---- the shape of a backup ---------------------------------------------------------------------

def check_backup(data) -> dict:
    """The store of the backup ``data``, its shape checked; NotABackup saying where it is wrong."""
    if not isinstance(data, dict) or "kind" not in data:
        raise NotABackup(_("it has no kind: a score-pad backup is an object of kind {kind}").format(kind=KIND))
    if data["kind"] != KIND:
        raise NotABackup(_("its kind is {kind}, not {wanted}").format(kind=shown(data["kind"]), wanted=KIND))
    store = _field(data, "store", dict, "")
    players = _field(store, "players", list, "store")
    for index, player in enumerate(players):
        place = f"store.players[{index}]"
        _object(player, place)
        _field(player, "id", str, place)
        _field(player, "name", str, place, empty=True)  # a game of a player without a name is not imported
    ids = [player["id"] for player in players]
    if len(set(ids)) != len(ids):
        raise NotABackup(_("store.players: two players have the id {id}").format(id=shown(next(i for i in ids if ids.count(i) > 1))))
    games = _field(store, "games", list, "store")
    for index, game in enumerate(games):
        _check_game(game, f"store.games[{index}]")
    sources = [game["id"] for game in games]
    if len(set(sources)) != len(sources):
        raise NotABackup(_("store.games: two games have the id {id}").format(id=shown(next(i for i in sources if sources.count(i) > 1))))
    if store.get("rules") is not None:
        _object(store["rules"], "store.rules")
    return store


def _check_game(game, place: str) -> None:
    _object(game, place)
    _field(game, "id", str, place)
    for key in ("p0Id", "p1Id"):
        _field(game, key, str, place)
    _number(game, "createdAt", place, 0, 2**53)
    for key in ("scores", "boxes"):
        pair = _field(game, key, list, place)
        if len(pair) != 2 or not all(_whole(value) for value in pair):
            raise NotABackup(_("{place}: expected two whole numbers, got {value}").format(place=f"{place}.{key}", value=shown(pair)))
    if game.get("dealerStart") not in (0, 1):
        raise NotABackup(_("{place}: expected 0 or 1, got {value}").format(place=f"{place}.dealerStart", value=shown(game.get("dealerStart"))))
    if game.get("phase") not in ("playing", "finished"):
        raise NotABackup(_("{place}: expected playing or finished, got {value}").format(place=f"{place}.phase", value=shown(game.get("phase"))))
    if "winner" not in game:  # the app writes null while a game is in progress: a game without it is not the app's
        raise NotABackup(_("{place}: missing").format(place=f"{place}.winner"))
    if game["winner"] not in (0, 1, None):
        raise NotABackup(_("{place}: expected 0, 1 or null, got {value}").format(place=f"{place}.winner", value=shown(game.get("winner"))))
    rules = game.get("rules")
    if rules is not None:
        _object(rules, f"{place}.rules")
        for key in SETTINGS:
            if key in rules:
                _number(rules, key, f"{place}.rules", 0, 10**6)
    for number, hand in enumerate(_field(game, "hands", list, place)):
        where = f"{place}.hands[{number}]"
        _object(hand, where)
        if hand.get("type") not in HAND_TYPES:
            raise NotABackup(_("{place}: expected one of {kinds}, got {value}").format(
                place=f"{where}.type", kinds=", ".join(HAND_TYPES), value=shown(hand.get("type"))))
        if hand.get("winner") not in (0, 1):
            raise NotABackup(_("{place}: expected 0 or 1, got {value}").format(place=f"{where}.winner", value=shown(hand.get("winner"))))
        _number(hand, "points", where, 0, MAX_DEADWOOD)
        _number(hand, "totalThisHand", where, 0, 10**6)


def _whole(value) -> bool:
    return type(value) is int or type(value) is float and value.is_integer()


def _object(value, place: str) -> None:
    if not isinstance(value, dict):
        raise NotABackup(_("{place}: expected an object, got {value}").format(place=place, value=shown(value)))


def _field(data: dict, key: str, kind: type, place: str, empty: bool = False):
    where = f"{place}.{key}" if place else key
    if key not in data:
        raise NotABackup(_("{place}: missing").format(place=where))
    value = data[key]
    if not isinstance(value, kind) or kind is str and not value and not empty:
        words = {dict: _("an object"), list: _("a list"), str: _("a text")}[kind]
        raise NotABackup(_("{place}: expected {kind}, got {value}").format(place=where, kind=words, value=shown(value)))
    return value


def _number(data: dict, key: str, place: str, lowest: int, highest: int) -> int:
    """A whole number from ``lowest`` to ``highest`` (JSON has no integers: 12.0 is 12),
    stored back as an int."""
    value = data.get(key)
    if not _whole(value) or type(value) is bool or not lowest <= value <= highest:
        raise NotABackup(_("{place}: expected a whole number from {lowest} to {highest}, got {value}").format(
            place=f"{place}.{key}", lowest=lowest, highest=highest, value=shown(value)))
    data[key] = int(value)
    return data[key]
