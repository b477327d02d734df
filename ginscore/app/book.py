"""The application service over one ledger: every command that reads or changes games goes
through a ``Book``. A change is always the same five steps: lock, load, change (a pure
function of ``ginscore.ops.actions``), write, then tell the summary index what changed. Reading
commands ask it for games, summaries and totals; it hands the index the one function that
reads a game file into a summary, so that the index never reads or evaluates a game itself.

What reads a game (``status``) needs only this module and the ledger: the summary index is
imported by the methods that write or query it, and the queries of the index, checking and the
settlements file by the methods that use them, so that ``status`` does not load the index and a
hand does not load the queries.

``saved`` lists the game files this Book wrote, so that a failure afterwards (standard output full)
can say that the change was made and must not be entered again.
"""

from __future__ import annotations

import os
from contextlib import contextmanager

from ginscore.base import jsonfile
from ginscore.base.errors import GinscoreError
from ginscore.base.safefile import NotDurable
from ginscore.core.game import Game, next_clock, now_ms, voided
from ginscore.core.names import folded
from ginscore.ops import actions
from ginscore.store import game_file, journal_format, ledger
from ginscore.store.ledger import Ledger, parse_name
from ginscore.tables import kept as replays


def forget_reads() -> None:
    """Forget what this process parsed, decoded, replayed and wrote (the CLI, before a command of
    its own): the caches that spare 'play' a second reading of its game between two entries."""
    for cache in (ledger.PARSED, ledger.DECODED, ledger.MERGED, ledger.WRITTEN, journal_format.CHECKED, game_file.HANDS_CHECKED,
                  replays.REPLAYED, replays.STOOD, replays.PASSED, replays.TALLIES):
        cache.clear()
    jsonfile.WRITTEN.clear()


def last_game_between(book, players, table: str):
    """The summary (``games --json`` entry) of the newest finished game of kind ``table`` among
    exactly ``players``, in any order and case, or None; voided and damaged games do not count:
    the winner deals first only in the next game of the same table and the same players. Asked
    of the summary index, so it costs the same after ten years of games."""
    # the games all of them played in, the newest first; the first with nobody else wins
    found = book.summaries(selection(players=tuple(players), table=table, finished_only=True))
    wanted = sorted(folded(name) for name in players)
    return next((entry for entry in reversed(found) if sorted(map(folded, entry["players"])) == wanted), None)


def open_book(root=None, saved: list | None = None) -> "Book":
    """The Book of the ledger folder ``root`` (default: $GINSCORE_LEDGER, else the user data
    folder), its game files read and written with ginscore's own file format."""
    return Book(Ledger(root, game_file), saved)


def selection(**parts):
    """Which games a question of the summary index is about (a ``history.Selection``; every
    part optional: since, until, players, ids, table, finished_only, unfinished_only,
    hide_voided)."""
    from ginscore.index.history import Selection

    return Selection(**parts)


def saved_game_ids(paths) -> list:
    """The ids of the games whose files ``paths`` are, in order, once each ("?" for a name that
    is no game file's)."""
    names = [parse_name(os.path.basename(path)) for path in paths]
    return list(dict.fromkeys(name[0] if name else "?" for name in names))


def merge_files(base: str, ours: str, theirs: str) -> bool:
    """git's merge driver for one file of the ledger: a settlements file's union
    (``settlement_merging.merge_file``), else a game file's (``merging.merge_file``), written to
    ``ours``; False when they are not one game, or an entry is held in both with other content."""
    from ginscore.store.merging import merge_file
    from ginscore.store.settlement_merging import merge_file as settlements_union

    merged = settlements_union(ours, theirs)
    return merge_file(game_file, base, ours, theirs) if merged is None else merged


def summarized(game) -> tuple:
    """(the summary of ``game``, when it ended or None while in progress): what the index keeps of it."""
    summarize, ended_at = _reading()[3:]
    state = actions.evaluate(game)
    return summarize(state), ended_at(state) if state.finished else None


_READING: list = []  # what _reading imported


def _reading() -> tuple:
    """(of_game, index, Facts, summarize, ended_at): what reading a game into the index needs, imported at the
    first game read (not at start-up) and kept: an import costs a microsecond, a first command reads thousands."""
    if not _READING:
        from ginscore.base.content import of_game
        from ginscore.index import index
        from ginscore.index.rows import Facts
        from ginscore.ops.summary import ended_at, summarize
        _READING.append((of_game, index, Facts, summarize, ended_at))
    return _READING[0]


class Book:
    def __init__(self, ledger, saved: list | None = None):
        self.ledger = ledger
        ledger.choose_current = self._carried_on
        self.saved = [] if saved is None else saved
        self.notes: list[str] = []  # lines for standard error: the summary index found damaged and rebuilt
        self.progress = None  # progress(done, total): how far a long reading of the games into the index has come (a shell's to show)

    # ---- games -------------------------------------------------------------------------------

    def load(self, game_id: str | None = None) -> Game:
        return self.ledger.load(game_id)

    def state(self, game_id: str | None = None):
        """The evaluated state of game ``game_id`` (default: the current game)."""
        return actions.evaluate(self.ledger.load(game_id))

    def standing(self, game_id: str | None = None) -> Game:
        """Game ``game_id`` (default: the current game) as it stands (``actions.standing``)."""
        return actions.standing(self.ledger.load(game_id))

    def current_id(self) -> str:
        return self.ledger.current_id()

    def resolve(self, game_id: str | None) -> str:
        """The id of game ``game_id`` (default: the current game); refused when there is none."""
        return self.ledger.resolve(game_id)

    def game_ids(self) -> list[str]:
        return self.ledger.game_ids()

    @property
    def root(self) -> str:
        """The ledger folder."""
        return self.ledger.root

    def waiting_copies(self) -> int:
        """How many conflict copies a file syncer left for 'check' to fold in."""
        return self.ledger.waiting_copies()

    def _carried_on(self) -> str | None:
        """The game a device that started none carries on, from the summary index: the game in
        progress started last, else the game started last (see ``carry_on.from_index``)."""
        from ginscore.store.carry_on import from_index

        return self.ask(from_index)

    def change(self, game_id: str | None, change, phone: str = "", form: str = ""):
        """Lock, load the game, ``change(game)`` -> (new game, *more), write it, tell the index;
        returns the whole result. A change that raises leaves the files untouched. The entries
        the change adds are this device's (``Game.device``), and on the board the phone's that
        posted it and its form's (``Game.phone``, ``Game.form``)."""
        from ginscore.store.device_clock import last_clock  # only what writes: 'status' reads no clock

        with self.ledger.locked():
            game = self.ledger.load(game_id)._replace(device=self.ledger.device, floor=last_clock(self.ledger.clock_path),
                                                      phone=phone, form=form)
            result = change(game)
            self._write(result[0], game)
        return result

    def start(self, game: Game) -> Game:
        """Save a new game under a new id, made on this device (making the ledger folder if
        need be); it becomes this device's current game."""
        from ginscore.store.device_clock import last_clock

        with self.ledger.locked(create=True):
            clock = next_clock(now_ms(), (last_clock(self.ledger.clock_path), self._last_start()))
            game = game._replace(id=self.ledger.new_id(clock), clock=clock, device=self.ledger.device)
            self._write(game, None)
        return game

    def add(self, game: Game):
        """Save ``game``, made elsewhere under an id of its own (an imported game), as this
        device's file, unless a game of that id is here already: that game is returned then,
        else None. The current game stays what it was."""
        with self.ledger.locked(create=True):
            if self.ledger.files_of(game.id):
                return self.ledger.load(game.id)
            self._write(game._replace(device=self.ledger.device), None, current=False)
        return None

    def _last_start(self) -> int:
        """The start clock of the game this device started last, so that a clock set back never
        starts a game before it."""
        own = self.ledger.own_current()
        try:
            return self.ledger.load(own).clock if own is not None else 0
        except GinscoreError:
            return 0

    def _write(self, game: Game, previous: Game | None, current: bool = True) -> None:
        from ginscore.index import index

        stamp = index.before_save(self.ledger)
        try:
            path = self.ledger.save(game, new=previous is None, current=current)
        except NotDurable:  # in place, only its durability is in doubt: the index is told
            self._tell_index(game, previous, stamp)
            raise
        self._tell_index(game, previous, stamp)
        self.saved.append(path)

    def _tell_index(self, game: Game, previous: Game | None, stamp) -> None:
        """Give the index the summary of ``game`` just written; never fails the write."""
        if stamp is None:  # the index is already stale: the next reader rebuilds it
            return
        from ginscore.index import index

        try:
            state = actions.evaluate(game)  # the change's own replays, kept (tables.base._play_all)
            changed = (
                previous is None
                or state.finished
                or actions.evaluate(previous).finished
                or voided(game.journal) != voided(previous.journal)  # 'void' and 'unvoid' change the listing
                or state.game.players != actions.standing(previous).players  # 'rename' too
            )
            facts = None
            if changed:  # else only the stamp is renewed
                from ginscore.base.content import of_game
                from ginscore.index.rows import Facts

                summary, ended = summarized(game)
                facts = Facts(ended, of_game(self.ledger, game.id))
            index.after_save(self.ledger, game.id, summary if changed else None, changed, stamp,
                             index.position(game.id, game.created, game.clock), facts)
        except Exception:  # noqa: BLE001 - a cache must never fail the write it follows
            return

    # ---- summaries, through the index -----------------------------------------------------------

    def summarize_file(self, game_id: str) -> tuple:
        """(summary, None, position, facts) for a game whose files load, else (None, its problem in
        words, position, facts); see ``index.position`` and ``index.rows.Facts``."""
        of_game, index, Facts = _reading()[:3]
        try:
            game = self.ledger.load(game_id)
            summary, ended = summarized(game)
            checked = None
            if summary["finished"]:  # a game in progress is read again by each listing: a check replays it anyway
                from ginscore.app.game_notes import checked_of

                # what a check of these bytes finds, for 'check' to say again while they are the same
                checked = checked_of(self.ledger, game, actions.evaluate(game))
            return summary, None, index.position(game_id, game.created, game.clock), Facts(ended, of_game(self.ledger, game_id), checked)
        except Exception as error:  # noqa: BLE001 - one game's damage is that game's problem
            return None, self.ledger.damage(game_id, error), index.position(game_id, None), Facts(None, of_game(self.ledger, game_id))

    @contextmanager
    def summary_index(self):
        """The summary index, brought up to date with the game files, open for questions."""
        from ginscore.index import index

        connection = index.current(self.ledger, self.summarize_file, self.notes, progress=self.progress)
        try:
            yield connection
        finally:
            connection.close()

    def ask(self, question):
        """``question(connection)`` asked of the summary index. An index that turns out damaged or
        foreign while it answers (any SQLite error, a value of the wrong type, stored JSON cut
        short) is thrown away, rebuilt from the game files with a note, and asked again: the
        answer is the one a fresh index gives."""
        from ginscore.index import index

        with self.summary_index() as connection:
            try:
                return question(connection)
            except index.damage_errors() as error:
                damage = error
        index.discard(self.ledger, self.notes, damage)
        with self.summary_index() as connection:
            return question(connection)

    def refresh_index(self) -> None:
        """Bring the summary index up to date with the files now (after files came in whole)."""
        self.ask(lambda connection: None)

    def summaries(self, selection, last: int | None = None, listed: bool = False) -> list:
        """The summaries (``games --json`` entries) of the ``history.Selection`` of games,
        oldest first; ``listed``: only what a listing reads of each (``history.each_summary``)."""
        from ginscore.index import history

        return self.ask(lambda connection: history.summaries(self.ledger, connection, selection, self.summarize_file, last, listed))

    def indexed_ids(self, selection) -> list:
        """The ids of the selected games and of the damaged ones, as the summary index last saw
        them (``history.indexed_ids``): no game file is read."""
        from ginscore.index import history

        return self.ask(lambda connection: history.indexed_ids(connection, selection))

    def with_summaries(self, selection, take, last: int | None = None, listed: bool = False):
        """``take(summaries)`` of the ``history.Selection``'s summaries, oldest first, handed out
        one at a time (whole-ledger commands stay flat in memory); ``take`` may be called again
        from the start when the index turns out damaged halfway, so it writes nothing before
        it has seen the last one. Returns what ``take`` returns."""
        from ginscore.index import history

        return self.ask(lambda connection: take(history.each_summary(self.ledger, connection, selection, self.summarize_file, last,
                                                                     listed=listed)))

    def with_ended(self, selection, take):
        """``with_summaries``, each summary handed out with when its game ended (None while in
        progress): (summary, ended) pairs, what an export needs of a game without reading it."""
        from ginscore.index import history

        return self.ask(lambda connection: take(history.each_summary(self.ledger, connection, selection, self.summarize_file, ended=True,
                                                                     listed=True)))

    def with_ratings(self, kind: str, take):
        """``take(reader)`` with the ladder's ratings of ``kind`` (a table's name, "" for every
        table) brought up to date with the games (``index.ladder``): ``reader`` answers
        ``player_ratings``, ``season`` and ``history``. ``take`` may be called again, as
        ``with_summaries`` says."""
        from ginscore.index import ladder

        def question(connection):
            ladder.brought_up(connection, kind)
            return take(ladder.Reader(connection, kind))

        return self.ask(question)

    def games_with(self, name: str) -> list:
        """The ids of the games player ``name`` plays in, as the summary index says (``history.games_with``)."""
        from ginscore.index import history

        return self.ask(lambda connection: history.games_with(connection, name))

    def player_totals(self, selection) -> list:
        from ginscore.index import history

        return self.ask(lambda connection: history.player_totals(connection, selection))

    def may_be_settled(self, game_id: str) -> bool:
        """Whether a settlement may name game ``game_id`` (cheap: the files' bytes are searched,
        none parsed)."""
        from ginscore.store.settlement_names import mention

        return mention(self.ledger.root, game_id, self.ledger.cache_dir)

    def settled_games(self) -> set:
        """The ids of the games settled with 'settle --record' (and not taken back); a settlement
        file that cannot be read is left out ('settle' and 'check' name it)."""
        from ginscore.app.accounts import settled_index
        from ginscore.index.settled import counted

        return set(settled_index(self, counted) or ())

    def chosen_games(self, selection, game_ids, unsettled) -> tuple:
        """(the summaries of the finished games chosen, oldest first; whether some were left out as
        settled before), as 'settle' and 'export' choose them."""
        chosen = self.summaries(selection._replace(ids=tuple(game_ids), finished_only=True))
        settled = self.settled_games()
        if not unsettled:
            return chosen, False
        return [entry for entry in chosen if entry["id"] not in settled], bool(settled)

    # ---- the whole ledger -------------------------------------------------------------------------

    def check(self) -> dict:
        """Every problem of every file of the ledger, as plain data (see ``ginscore.app.checks``)."""
        from ginscore.app import checks

        return checks.check_ledger(self.ledger)

    def settlements_stamp(self) -> str:
        """The settlement files' names, times and sizes (none read): what a page that says which
        games are settled was made for."""
        from ginscore.store.settlement_names import signature

        return signature(self.ledger.root)

    def has_settlements(self) -> bool:
        """Whether the ledger has settlements (cheap: no file is read)."""
        from ginscore.store.settlement_names import exists

        return exists(self.ledger.root)

    def backup(self, destination=None) -> tuple:
        """A copy of the whole ledger (``ginscore.store.backup``): (where, the files copied relative to the
        ledger folder, a warning or None, the damaged games, those of them not copied whole)."""
        from ginscore.index import history, index
        from ginscore.store.backup import backup

        def vouched(game_id, files) -> bool:  # the index read, never mended: each file is read once
            try:
                return history.sound_as_filed(connection, game_id, files)
            except index.damage_errors():
                return False

        try:
            connection = index.connect(self.ledger, rebuild=False) if os.path.isdir(self.ledger.games_dir) else None
        except (OSError, *index.damage_errors()):  # no index to ask: every game's bytes are checked
            connection = None
        try:
            target, files, warning, damaged = backup(self.ledger, destination, vouched if connection else None)
        finally:
            if connection is not None:
                connection.close()
        copied = {name for name in files if name.startswith("games/")}
        left_out = [
            game_id for game_id in damaged
            if any(f"games/{os.path.basename(path)}" not in copied for path in self.ledger.files_of(game_id))
        ]
        return target, files, warning, damaged, left_out

    def merge_folder(self, folder: str) -> dict:
        """Fold the games and settlements of the ledger folder ``folder`` in
        (``merging.merge_folder``, ``settlement_merging.merge_folder``), then bring the summary
        index up to date."""
        from ginscore.index import index
        from ginscore.store import settlement_merging
        from ginscore.store.merging import merge_folder

        with self.ledger.locked(create=True):
            stamp, written = index.before_save(self.ledger), []
            report = merge_folder(self.ledger, folder, written)  # refuses a folder that holds no ledger
            report["settlements"], problems = settlement_merging.merge_folder(self.ledger, folder)
            report["problems"] += problems
            told = index.after_merge(self.ledger, stamp, written, self.summarize_file)  # only what came in
        if not told:
            self.refresh_index()
        return report

    # ---- settlements: 'undo' and 'redo' without --game (see ``settlements.take_back``) -------------

    def take_back_settlement(self, wanted: str | None = None):
        """Take back settlement ``wanted`` (its id or a beginning of it), any device's; without
        it, this device's newest, if nothing was recorded in its current game since; None when
        'undo' means a hand. A settlement file another device wrote that cannot be read never
        stops 'undo'."""
        from ginscore.store import settlements

        return settlements.take_back(self.ledger, wanted)

    def restore_settlement(self):
        """Bring back the settlement this device's last 'undo' took back, if nothing was recorded
        since; None when 'redo' means a hand."""
        from ginscore.store import settlements

        return settlements.bring_back(self.ledger)
