"""A game as recorded: who plays, under which rules, and its journal of actions.

The journal is the truth. It only ever grows: a hand is recorded, voided (undo), restored
(redo) or corrected (edit), and every entry keeps its timestamp. The effective hands, and
from them every total, are derived by replaying it.
"""

from __future__ import annotations

from datetime import datetime, timezone
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from ginscore.errors import HandError, PlayerError, shown
from ginscore.i18n import _
from ginscore.rules import Rules

if TYPE_CHECKING:
    from decimal import Decimal

# Records here are NamedTuples, not dataclasses: they are defined on every command's start-up
# path, and a frozen dataclass costs several times as much to define.

ACTIONS = ("hand", "void", "restore", "edit", "abandon", "resume", "void_game", "unvoid_game")
# "abandon": the players ended the game early (tables with a rule for it settle what is open;
# 'ginscore end', once 'abandon'); "resume" takes that back. Neither has a hand or a target.
STOP_ACTIONS = ("abandon", "resume")
# "void_game": the game is set aside ('ginscore void': a mistaken or test game), left out of
# listings and settlements; "unvoid_game" brings it back. Neither has a hand or a target.
GAME_ACTIONS = ("void_game", "unvoid_game")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Game(NamedTuple):
    id: int
    created: str
    table: str  # the kind of table, a name in ginscore.tables
    players: tuple[str, ...]
    rules: Rules
    stake: Decimal | None
    journal: tuple[dict, ...] = ()
    extra: dict = MappingProxyType({})  # fields a newer ginscore wrote; kept on write
    currency: str | None = None  # symbol shown with amounts, e.g. "€"; None: plain numbers
    dealer: str | None = None  # who deals the first hand, when known (else the players cut for deal)

    def append(self, action: str, **details) -> "Game":
        entry = {"seq": len(self.journal) + 1, "at": now(), "action": action, **details}
        return self._replace(journal=self.journal + (entry,))


class EffectiveHand(NamedTuple):
    number: int  # 1-based position among the hands that count
    seq: int  # journal entry that recorded it
    hand: dict  # what the players said, after any edit
    edited: bool


def effective_hands(journal) -> list[EffectiveHand]:
    """The hands that count, in order, with voids, restores and edits applied."""
    hands: dict[int, dict] = {}
    voided: set[int] = set()
    edited: set[int] = set()
    for entry in journal:
        action = entry["action"]
        if action == "hand":
            hands[entry["seq"]] = entry["hand"]
        elif action == "void":
            voided.add(entry["target"])
        elif action == "restore":
            voided.discard(entry["target"])
        elif action == "edit":
            hands[entry["target"]] = entry["hand"]
            edited.add(entry["target"])
    live = [seq for seq in sorted(hands) if seq not in voided]
    return [EffectiveHand(number, seq, hands[seq], seq in edited) for number, seq in enumerate(live, 1)]


class LogLine(NamedTuple):
    """One journal entry explained, for the log."""

    entry: dict  # as stored
    target: int | None  # the hand entry it concerns (its own seq for a hand; None for abandon/resume)
    hand: dict  # that hand as this entry left it ({} for abandon/resume)
    was: dict | None  # for an edit: the version it replaced
    number: int | None  # that hand's number among the hands that count now; None while voided


def history(journal) -> list[LogLine]:
    versions: dict[int, dict] = {}
    lines = []
    for entry in journal:
        if entry["action"] == "hand":
            target, was = entry["seq"], None
            versions[target] = entry["hand"]
        elif entry["action"] in STOP_ACTIONS or entry["action"] in GAME_ACTIONS:
            target, was = None, None
        else:
            target = entry["target"]
            was = versions.get(target)
            if entry["action"] == "edit":
                versions[target] = entry["hand"]
        lines.append((entry, target, versions.get(target, {}), was if entry["action"] == "edit" else None))
    numbers = {hand.seq: hand.number for hand in effective_hands(journal)}
    return [LogLine(entry, target, hand, was, numbers.get(target)) for entry, target, hand, was in lines]


def abandoned(journal) -> bool:
    """Whether the players stopped this game early and have not taken that back."""
    stopped = False
    for entry in journal:
        if entry["action"] in STOP_ACTIONS:
            stopped = entry["action"] == "abandon"
    return stopped


def voided(journal) -> bool:
    """Whether the game was set aside with 'ginscore void' and not brought back: such a game is
    left out of 'games' (unless asked for) and of every settlement and statistic."""
    state = False
    for entry in journal:
        if entry["action"] in GAME_ACTIONS:
            state = entry["action"] == "void_game"
    return state


def undo(game: Game) -> tuple[Game, EffectiveHand]:
    """Void the last effective hand; it stays in the journal."""
    hands = effective_hands(game.journal)
    if not hands:
        raise HandError(_("game {game} has no hand to undo").format(game=game.id))
    last = hands[-1]
    return game.append("void", target=last.seq), last


def redoable(journal) -> int | None:
    """The hand that redo would restore: the latest voided one, if nothing was recorded since."""
    pending: list[int] = []
    for entry in journal:
        action = entry["action"]
        if action == "hand":
            pending.clear()
        elif action == "void":
            pending.append(entry["target"])
        elif action == "restore" and entry["target"] in pending:
            pending.remove(entry["target"])
    return pending[-1] if pending else None


def redo(game: Game) -> tuple[Game, EffectiveHand]:
    """Restore the hand the last undo voided; returns it as it now counts."""
    target = redoable(game.journal)
    if target is None:
        raise HandError(
            _("game {game} has nothing to redo: redo only restores hands undone since the last recorded hand").format(
                game=game.id
            )
        )
    updated = game.append("restore", target=target)
    restored = next(hand for hand in effective_hands(updated.journal) if hand.seq == target)
    return updated, restored


def edit(game: Game, number: int, hand: dict) -> tuple[Game, EffectiveHand]:
    """Correct effective hand ``number``; the original stays in the journal."""
    hands = effective_hands(game.journal)
    if not 1 <= number <= len(hands):
        if not hands:
            raise HandError(_("game {game} has no hands to edit").format(game=game.id))
        raise HandError(
            _("game {game} has hands 1 to {last}; there is no hand {number}").format(
                game=game.id, last=len(hands), number=number
            )
        )
    before = hands[number - 1]
    if before.hand == hand:
        raise HandError(_("hand {number} of game {game} already says that: nothing to change").format(number=number, game=game.id))
    return game.append("edit", target=before.seq, hand=hand), before


def folded(name: str) -> str:
    """A name as compared: NFC (an é typed as e + accent equals the é key) and casefolded."""
    if name.isascii():  # the usual case needs no unicodedata
        return name.casefold()
    import unicodedata

    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def match_player(players, name: str, game_id: int | None = None) -> str:
    """Resolve a typed name: case-insensitive, and a unique prefix is enough. ``game_id``
    names the game in the error, since the game acted on may not be the one the user meant."""
    wanted = folded(name.strip())
    if not wanted:
        raise PlayerError(_("give a player's name: one of {players}").format(players=", ".join(players)))
    exact = [player for player in players if folded(player) == wanted]
    if exact:
        return exact[0]
    matches = [player for player in players if folded(player).startswith(wanted)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise PlayerError(
            _("{name} could be {matches}: type more of the name").format(name=shown(name), matches=_(" or ").join(matches))
        )
    if game_id is None:
        raise PlayerError(
            _("no player {name} in this game: the players are {players}").format(name=shown(name), players=", ".join(players))
        )
    raise PlayerError(
        _(
            "no player {name} in game {game}: its players are {players} "
            "(for another game add --game ID; 'ginscore games' lists them)"
        ).format(name=shown(name), game=game_id, players=", ".join(players))
    )


MAX_NAME_LENGTH = 40


# Unicode categories a name may not hold: control characters (a terminal escape), format
# characters (zero-width spaces and joiners, bidirectional overrides: "Bob" and "Bob" + U+200B
# would be two players who look the same), lone surrogates (what invalid UTF-8 on the command
# line becomes; they cannot even be printed) and line/paragraph separators (a line break).
_REFUSED_CATEGORIES = ("Cc", "Cf", "Cs", "Zl", "Zp")


def _refused(category: str) -> str:
    """What a character of a refused category is, for the message."""
    return {
        "Cc": _("control characters"),
        "Cf": _("invisible formatting characters"),
        "Cs": _("invalid text, a lone surrogate (from bytes that are not UTF-8)"),
        "Zl": _("a line separator"),
        "Zp": _("a paragraph separator"),
    }[category]


def _joins(name: str, index: int, category) -> bool:
    """Whether the joiner at ``index`` does visible work: a zero-width joiner inside an emoji
    sequence (👨‍👩‍👧), or a zero-width non-joiner between two letters of a script that
    needs it (Persian, the Indic scripts: category Lo or a combining mark). Elsewhere, between
    Latin letters or at an end, it only makes two names look alike, and is refused."""
    if not 0 < index < len(name) - 1:
        return False
    before, after = category(name[index - 1]), category(name[index + 1])
    if name[index] == "\u200d":  # after a symbol, a skin tone (Sk) or the emoji selector U+FE0F (Mn)
        return after == "So" and (before in ("So", "Sk") or name[index - 1] == "\ufe0f")
    if name[index] == "\u200c":
        return before in ("Lo", "Mn", "Mc") and after in ("Lo", "Mn", "Mc")
    return False


def name_problem(name) -> str | None:
    """Why ``name`` is not a player's name as ``new`` accepts it, or None. The game file's
    check uses the same rule, so a name that got in by hand is caught as the typed one is."""
    if not isinstance(name, str) or not name.strip():
        return _("a player's name cannot be empty: e.g. 'ginscore new Alice Bob'")
    if name.isascii():  # the usual case needs no unicodedata
        bad = next((char for char in name if ord(char) < 0x20 or ord(char) == 0x7F), None)
        category = "Cc"
    else:
        import unicodedata

        bad = next(
            (
                char
                for index, char in enumerate(name)
                if unicodedata.category(char) in _REFUSED_CATEGORIES and not _joins(name, index, unicodedata.category)
            ),
            None,
        )
        category = unicodedata.category(bad) if bad else ""
    if bad is not None:
        return _("{name} has {what} (U+{code}): give a player's name as plain text").format(
            name=repr(name[:MAX_NAME_LENGTH]), what=_refused(category), code=f"{ord(bad):04X}"
        )
    if len(name) > MAX_NAME_LENGTH:
        return _(
            "{name}... is {length} characters long: a player's name has at most "
            "{most}, so that it fits on the sheet; use a shorter name or a nickname"
        ).format(name=repr(name[:20]), length=len(name), most=MAX_NAME_LENGTH)
    return None


def check_new_players(names) -> tuple[str, ...]:
    """The names as a game stores them: spaces collapsed, in NFC (so that the same name typed
    on two keyboards is one player), each checked by ``name_problem``, none twice."""
    cleaned = tuple(" ".join(str(name).split()) for name in names)
    for name in cleaned:
        problem = name_problem(name)
        if problem:
            raise PlayerError(problem)
    if not all(name.isascii() for name in cleaned):
        import unicodedata

        cleaned = tuple(unicodedata.normalize("NFC", name) for name in cleaned)
    seen: dict[str, str] = {}
    for name in cleaned:
        if folded(name) in seen:
            raise PlayerError(_("{name} is named twice: every player needs a different name").format(name=repr(name)))
        seen[folded(name)] = name
    return cleaned
