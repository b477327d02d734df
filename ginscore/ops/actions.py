"""What the commands do to a game, as pure functions: Game in, new Game and its state out.

Each action re-evaluates the whole game after the change, so a change that would leave the
journal inconsistent (a hand after the end, an edit that ends the game early) is refused
before anything is written. Every question about the kind of table goes to the table.
"""

from __future__ import annotations

from ginscore.base.errors import HandError, PlayerError, RulesError, shown
from ginscore.base.i18n import N_, _, translate
from ginscore.base.text import in_words, likely_meant
from ginscore.core import changes
from ginscore.core import game as journal
from ginscore.core.game import AGAINST_RULES_APART, Game, now
from ginscore.core.names import check_new_players, folded, match_player
from ginscore.core.rules import check_setting
from ginscore.tables import all_tables, get_table
from ginscore.tables.kept import second_at_table  # light, and loaded by every command that loads this


def evaluate(game: Game):
    return get_table(game.table).evaluate(game)


def standing(game: Game) -> Game:
    """``game`` as it stands (``core.changes.standing`` says what that is), by its table: what a
    typed name is matched against and a new hand is checked with."""
    return get_table(game.table).standing(game)


def evaluate_or_refuse(updated: Game, refusal: str, **fields):
    """The state of ``updated``, a game just changed (one entry appended); if its hands can no
    longer all have been played, or the change leaves a hand after the game's end, a HandError
    of ``refusal`` (a translated message with ``{error}``) instead, so the change is refused
    before anything is written. (The same change made on another device apart, merged, keeps
    such a hand, not counted: the device that made it had not seen the end.)"""
    try:
        state = evaluate(updated)
    except HandError as error:
        raise HandError(refusal.format(error=error, **fields)) from None
    late = late_hands(updated)
    if late:  # a hand after the end kept, not counted, is what another device's change apart makes; not this one
        try:
            already = {hand.entry for hand in late_hands(updated._replace(journal=updated.journal[:-1]))}
        except HandError:
            already = set()
        made = [hand for hand in late if hand.entry not in already]
        if made:
            raise HandError(refusal.format(error=kept_aside(updated, made[0]), **fields))
    return state


def kept_aside(game: Game, hand) -> HandError:
    """The error for a change made here that would leave ``hand`` kept and not counted: after
    the game's end, or at a card table that already had its hand in that round."""
    if hand.aside == AGAINST_RULES_APART:  # the rules as they stand refuse it: say why
        try:
            get_table(game.table).check_hand(standing(game), hand.hand)
        except HandError as error:
            return error
    elif hand.aside:
        return second_at_table(game, hand)
    from ginscore.tables.base import hand_after_the_end  # the registry loads the tables when asked

    return hand_after_the_end(game, hand, _("at hand {number}").format(number=hand.number - 1))


def in_place(game: Game, updated: Game, refusal: str, **fields):
    """The state of ``updated``, ``game`` with a hand put back or put before another; refused
    (a HandError of ``refusal``, with ``{error}``) when its hands can no longer all have been
    played, when the game would now end before a later hand (one merged from another device
    too), or where the table's seats follow the hands' order and a later hand would be played
    by others than before."""
    kind = get_table(game.table)
    late_before = {hand.entry for hand in kind.late_hands(game)}
    early = None if late_before else ended_early(updated)
    if early is not None:
        ending, winner, following = early
        error = _("{winner} would have won game {game} at hand {number}, before hand {next} was played").format(
            winner=winner, game=game.id, number=ending.number, next=following.number
        )
        raise HandError(refusal.format(error=error, **fields))
    state = evaluate_or_refuse(updated, refusal, **fields)
    late = [hand for hand in kind.late_hands(updated) if hand.entry not in late_before]
    if late:
        raise HandError(refusal.format(error=kept_aside(game, late[0]), **fields))
    seats_before, seats = kind.seats_of(kind.evaluate(game)), kind.seats_of(state)
    for hand in journal.effective_hands(updated.journal):
        if hand.entry in seats_before and hand.entry in seats and seats_before[hand.entry] != seats[hand.entry]:
            error = _("game {game}: hand {number} would be played by others than those who played it (the order of the hands seats the players at a {table} game)").format(
                game=game.id, number=hand.number, table=kind.table_words()
            )
            raise HandError(refusal.format(error=error, **fields))
    return state


def ended_early(game: Game) -> tuple | None:
    """(the hand that ends ``game``, the winner, the hand after it) where the game's hands go on
    after its end; None where it ends at its last hand or goes on, or a hand cannot be played
    (the evaluation says why)."""
    kind = get_table(game.table)
    standing = kind.standing(game)
    tally = kind.begin(standing)
    hands = journal.effective_hands(standing.journal)
    try:
        for index, effective in enumerate(hands[:-1]):
            kind.check_hand(standing, effective.hand)
            if kind.play(standing, tally, effective):
                return effective, kind.result(standing, tally).winner, hands[index + 1]
    except HandError:
        return None
    return None


def late_hands(game: Game) -> list:
    """The hands merged from another device that come after the game's end (and so do not count)."""
    return get_table(game.table).late_hands(game)


def view(state):
    """The words and layouts of ``state``, a game's result, as its table says them."""
    return get_table(state.game.table).view_of(state)


def refuse_ending_early(game: Game) -> None:
    """Refuse to end a game early when its table has no rule for that; the message names the
    tables that have one."""
    kind = get_table(game.table)
    if kind.can_end_early:
        return
    which = in_words(translate(table.early_end_label) for table in all_tables() if table.can_end_early)
    raise HandError(
        _(
            "game {number}: a {table} game cannot be ended early (only {tables} can); start another with: {command}"
        ).format(number=game.id, table=kind.table_words(), tables=which, command=kind.new_command(game))
    )


def refuse_if_voided(game: Game) -> None:
    if journal.voided(game.journal):
        raise HandError(
            _("game {game} is voided: bring it back with 'ginscore unvoid {game}', or pick another with --game ID").format(
                game=game.id
            )
        )


def void_game(game: Game):
    """Set a game aside (a mistaken or test game); the file and its journal stay."""
    if journal.voided(game.journal):
        raise HandError(_("game {game} is already voided ('ginscore unvoid {game}' brings it back)").format(game=game.id))
    updated = game.append("void_game")
    return updated, evaluate(updated)


def unvoid_game(game: Game):
    """Bring back a game set aside with void_game."""
    if not journal.voided(game.journal):
        raise HandError(_("game {game} is not voided: nothing to bring back").format(game=game.id))
    updated = game.append("unvoid_game")
    return updated, evaluate(updated)


def new_game(
    game_id: str,
    players,
    rules=None,
    stake=None,
    table: str = "standard",
    currency: str | None = None,
    preset: str | None = None,
    settings: dict | None = None,
    given=(),
    preset_given: bool = False,
    dealer: str | None = None,
) -> Game:
    """A game not yet saved. Its rules are ``rules`` when given (already that table's), else
    the table's defaults with ``preset`` and ``settings`` applied; ``given`` names the settings
    the user typed, which the table refuses when it does not use them; ``dealer`` is the
    player named to deal the first hand, which the table may refuse (its seats decide)."""
    kind = get_table(table)
    names = check_new_players(players)
    kind.check_players(names)
    if rules is None:
        rules = kind.rules_from(preset, settings or {}, given, preset_given)
    return Game(game_id, now(), table, names, rules, stake, currency=currency, dealer=kind.first_dealer(names, dealer))


def with_first_dealer(game: Game, winner: str | None) -> Game:
    """``game`` with its first dealer the ``winner`` of the last game between the same players,
    where its table deals that way (docs/rules.md section 14: the winner deals first in the next)."""
    if winner is None:
        return game

    # the same player, spelled as this game spells him (names match in any case)
    same = next((name for name in game.players if folded(name) == folded(winner)), None)
    return game._replace(dealer=get_table(game.table).first_dealer(game.players, None, same))


def rematch(previous) -> Game:
    """A new game (not yet saved) like the game of state ``previous``: the same players,
    table, rules, stake and currency; its winner deals first, as the table seats that."""
    old = previous.game
    players = get_table(old.table).rematch_players(old.players, previous.winner)
    kind = get_table(old.table)
    game = Game(0, now(), old.table, tuple(players), old.rules, old.stake, currency=old.currency)
    return with_first_dealer(game._replace(dealer=kind.first_dealer(game.players)), previous.winner)


def refuse_other_kind(game: Game, kind: str) -> None:
    """Refuse hand command ``kind`` (knock, gin, draw, out) where the game's table has no such
    hand, saying what it takes: before the hand's words are read, which may name nobody here."""
    get_table(game.table).refuse_other_kind(game, kind)


def checked_new_hand(game: Game, hand: dict) -> tuple:
    """(the game's table, its state) once ``hand`` is found fit to be recorded in ``game``: the
    game neither voided nor over, the hand's words and entry right for the game as it stands
    (its players now); where it goes is for the caller to check."""
    refuse_if_voided(game)
    kind = get_table(game.table)
    state = kind.evaluate(game)
    kind.refuse_if_finished(state.game, state)  # the game as it stands: its players now
    kind.check_hand(state.game, hand)
    kind.check_entry(state.game, hand)
    return kind, state


def record(game: Game, hand: dict):
    kind, state = checked_new_hand(game, hand)
    kind.check_next_hand(state.game, state, hand)
    players = state.game.players  # as named now, in the places of the game as started
    seats = [{"player": players.index(name), "name": name} for name in kind.next_seats(state)]
    updated = game.append("hand", hand=hand, seats=seats)
    return updated, kind.evaluate(updated)


def seats_now(game: Game, entry_id: str) -> dict:
    """The "seats" an edit of hand entry ``entry_id`` records: the hand's, named as they are
    now (a hand from before seats: none, and the edit names players as ginscore always read them)."""
    seats = next((entry.get("seats") for entry in game.journal if entry["id"] == entry_id), None)
    if not seats:
        return {}
    players = standing(game).players
    return {"seats": [{"player": seat["player"], "name": players[seat["player"]]} for seat in seats]}


def undo_hand(game: Game, number: int, reason: str | None = None):
    """Take back hand ``number`` wherever it stands (one of a hand entered twice on two devices;
    with ``reason="delete"``, 'ginscore delete', which 'undo' takes back); it stays in the
    journal, the later hands move up one and are scored again. Refused when a later hand could
    then not have been played (a player who would have sat it out, a hand after the new end)."""
    refuse_if_voided(game)
    updated, undone = journal.undo_hand(game, number, **({"reason": reason} if reason else {"by": "undo"}))
    refusal = _(
        "hand {number} stays: without it, {error} (hands renumbered); correct the later hands first with 'ginscore edit'"
    )
    return updated, evaluate_or_refuse(updated, refusal, number=number), undone


def abandon(game: Game):
    """End a game early under its table's rule for that (Hollywood: the open columns are
    settled as they stand); refused for a finished game and for tables without such a rule."""
    refuse_if_voided(game)
    kind = get_table(game.table)
    state = kind.evaluate(game)
    kind.refuse_if_finished(state.game, state)  # the game as it stands: its players now
    refuse_ending_early(state.game)
    updated = game.append("abandon")
    return updated, kind.evaluate(updated)


def edit(game: Game, number: int, hand: dict):
    """Correct hand ``number``; returns the game, its state and the EffectiveHand as it was."""
    refuse_if_voided(game)
    kind = get_table(game.table)
    kind.check_hand(standing(game), hand)
    kind.check_entry(standing(game), hand)
    hands = journal.effective_hands(game.journal)
    target = hands[number - 1].entry if 1 <= number <= len(hands) else None
    if target is not None and any(late.entry == target and not late.aside for late in late_hands(game)):  # it would change nothing
        raise HandError(
            _("hand {number} of game {game} comes after the end and does not count: correcting it changes nothing; correct "
              "the hand that ends the game, or 'ginscore delete {number}'").format(number=number, game=game.id)
        )
    updated, before = journal.edit(game, number, hand, **(seats_now(game, target) if target else {}))
    # the correction can end the game before hands recorded after it
    refusal = _(
        "{error} if hand {number} is corrected that way: take back the later hands first "
        "('ginscore undo'), then correct hand {number}"
    )
    return updated, evaluate_or_refuse(updated, refusal, number=number), before


def change_words(change: dict) -> str:
    """A "rules" or "rename" entry in words: ``gin-bonus 20``, ``Alcie -> Alice``."""
    if change["action"] == "rename":
        return f"{change['old']} -> {change['new']}"
    return ", ".join(f"{setting_words(name)} {value}" for name, value in change["settings"].items())


def setting_words(name: str) -> str:
    """A setting as 'rules set' takes it: ``gin-bonus``."""
    return name.replace("_", "-")


def setting_named(kind, typed: str) -> str:
    """The setting of table ``kind`` that ``typed`` names (``gin-bonus``, ``--gin-bonus``,
    ``gin_bonus``); refused, naming them, when it names none of its settings."""
    name = typed.strip().lower().lstrip("-").replace("-", "_")
    if name in kind.settings:
        return name
    owners = [table.table_words() for table in all_tables() if name in table.settings]
    if owners:
        raise RulesError(
            _("{setting} is not a setting of a {table} game (only of {tables} games): its settings are {settings}").format(
                setting=shown(typed), table=kind.table_words(), tables=in_words(owners),
                settings=", ".join(map(setting_words, kind.settings)),
            )
        )
    meant = likely_meant(setting_words(name), map(setting_words, kind.settings), most=1)
    if meant:
        raise RulesError(_("no setting {setting}: did you mean {choice}?").format(setting=shown(typed), choice=meant[0]))
    raise RulesError(
        _("no setting {setting}: the settings of a {table} game are {settings}").format(
            setting=shown(typed), table=kind.table_words(), settings=", ".join(map(setting_words, kind.settings))
        )
    )


# Settings a game cannot change once a hand is in, and why.
FIXED_ONCE_PLAYED = {
    "oklahoma": N_("each Oklahoma hand's knock limit comes from its upcard, which the hands recorded so far do not all have"),
}


def set_rules(game: Game, typed: str, value):
    """'ginscore rules set': the game with a "rules" entry setting ``typed`` (a setting as
    its option names it) to ``value``, and its state, every hand scored again under the new
    rules. Refused for a game over or voided, a setting the table does not have, a value it
    does not take, and a change that would have ended the game (or reached a target) before now."""
    refuse_if_voided(game)
    kind = get_table(game.table)
    state = kind.evaluate(game)
    kind.refuse_if_finished(state.game, state)  # the game as it stands: its players now
    name = setting_named(kind, typed)
    label = setting_words(name)
    stored = check_setting(name, value, label, specs=kind.settings)
    rules = state.game.rules
    if getattr(rules, name) == stored:
        raise RulesError(_("game {game} already has {setting} {value}: nothing to change").format(game=game.id, setting=label, value=stored))
    if name in FIXED_ONCE_PLAYED and state.rows:
        raise RulesError(
            _("{setting} cannot change once a hand is recorded: {why}; start a new game with it").format(
                setting=label, why=translate(FIXED_ONCE_PLAYED[name])
            )
        )
    new_rules = changes.changed_rules(rules, {name: stored})  # settings that clash are refused here
    reached = kind.target_reached(state, new_rules)
    if reached is not None:
        raise RulesError(
            _("{player} already has {score} points: with {setting} {value} the target would have been reached before now; "
              "give more than {score}").format(player=reached[0], score=reached[1], setting=label, value=stored)
        )
    updated = game.append("rules", settings={name: stored})
    refusal = _("with {setting} {value}, {error}: the rules stay as they are")
    changed = evaluate_or_refuse(updated, refusal, setting=label, value=stored)
    if changed.finished:
        raise RulesError(
            _("with {setting} {value}, game {game} would have ended at hand {number}, the last one: the rules stay as they are").format(
                setting=label, value=stored, game=game.id, number=len(changed.rows)
            )
        )
    return updated, changed


def rename(game: Game, old: str, new: str):
    """'ginscore rename': the game with a "rename" entry naming player ``old`` (as the game
    names him now, in any case, or a unique start of it, as every command takes a name) ``new``,
    and its state. Refused when ``old`` is not a player of the game or could be two, ``new`` is
    not a name ``new`` would take, or another player has it."""
    now_standing = standing(game)
    players = now_standing.players
    found = match_player(players, " ".join(old.split()), game.id)
    (cleaned,) = check_new_players([new])
    other = next((name for name in players if name != found and folded(name) == folded(cleaned)), None)
    if other is not None:
        raise PlayerError(
            _("game {game} has a player {other} already: give {name} a name no other player of the game has").format(
                game=game.id, other=other, name=found
            )
        )
    if cleaned == found:
        raise PlayerError(_("{name} is already named that in game {game}: nothing to change").format(name=found, game=game.id))
    updated = game.append("rename", old=found, new=cleaned)
    return updated, evaluate_or_refuse(updated, _("{error} after the rename: nothing changed"))
