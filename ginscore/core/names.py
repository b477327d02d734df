"""A player's name: how names compare (``folded``), how a typed name finds its player
(``match_player``), and which names a game takes (``name_problem``, ``check_new_players``)."""

from __future__ import annotations

from functools import lru_cache

from ginscore.base.errors import PlayerError, shown
from ginscore.base.i18n import _, quoted_start, shortened


def folded(name: str) -> str:
    """A name as compared: NFC (an é typed as e + accent equals the é key) and casefolded."""
    if name.isascii():  # the usual case needs no unicodedata
        return name.casefold()
    return _folded_unicode(name)


@lru_cache(maxsize=1024)  # a club's few names, met at every game a first command reads
def _folded_unicode(name: str) -> str:
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


# Characters of other categories that show nothing, so "Bob" and "Bob" + one of them would be two
# players who look the same: Unicode's default-ignorable fillers and selectors outside Cf (the
# combining grapheme joiner, the Hangul and Khmer fillers, the Mongolian and variation selectors)
# and the blank Braille pattern. A variation selector after a symbol (an emoji's U+FE0F) shows
# the symbol as it is meant, and stays.
_FILLERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0")
_SELECTORS = (("\ufe00", "\ufe0f"), ("\U000e0100", "\U000e01ef"))


def _filler(name: str, index: int, category) -> bool:
    char = name[index]
    if char in _FILLERS:
        return True
    if any(low <= char <= high for low, high in _SELECTORS):
        return index == 0 or category(name[index - 1]) not in ("So", "Sk")
    return False


def _refused(category: str) -> str:
    """What a character of a refused category is, for the message."""
    return {
        "Cc": _("control characters"),
        "Cf": _("invisible formatting characters"),
        "Cs": _("invalid text, a lone surrogate (from bytes that are not UTF-8)"),
        "Zl": _("a line separator"),
        "Zp": _("a paragraph separator"),
        "filler": _("an invisible filler character"),
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


# The names found right last: a club's few hundred names are each met in thousands of games and
# hands when an index is built (only a name with no problem is kept: the message is in the
# reader's language)
_RIGHT: dict = {}
KEPT_NAMES = 4096


def name_problem(name) -> str | None:
    """Why ``name`` is not a player's name as ``new`` accepts it, or None. The game file's
    check uses the same rule, so a name that got in by hand is caught as the typed one is."""
    if type(name) is str and name in _RIGHT:
        return None
    problem = _name_problem(name)
    if problem is None and type(name) is str:
        if len(_RIGHT) >= KEPT_NAMES:
            _RIGHT.clear()
        _RIGHT[name] = True
    return problem


def _name_problem(name) -> str | None:
    if not isinstance(name, str) or not name.strip():
        return _("a player's name cannot be empty: e.g. 'ginscore new Alice Bob'")
    if name.isascii():  # the usual case needs no unicodedata
        bad = next((char for char in name if ord(char) < 0x20 or ord(char) == 0x7F), None)
        category = "Cc"
    else:
        import unicodedata

        category = unicodedata.category
        at = next(
            (
                index
                for index, char in enumerate(name)
                if (category(char) in _REFUSED_CATEGORIES and not _joins(name, index, category)) or _filler(name, index, category)
            ),
            None,
        )
        bad = None if at is None else name[at]
        category = "" if at is None else category(bad) if category(bad) in _REFUSED_CATEGORIES else "filler"
    if bad is not None:
        return _("{name} has {what} (U+{code}): give a player's name as plain text").format(
            name=shortened(name, 20, quoted=True), what=_refused(category), code=f"{ord(bad):04X}"
        )
    if len(name) > MAX_NAME_LENGTH:
        return _(
            "{name}... is {length} characters long: a player's name has at most "
            "{most}, so that it fits on the sheet; use a shorter name or a nickname"
        ).format(name=quoted_start(name, 20), length=len(name), most=MAX_NAME_LENGTH)
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
