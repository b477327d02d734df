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

from ginscore.app.questions import Questions, summarized
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


class Book(Questions):
    def __init__(self, ledger, saved: list | None = None):
        self.ledger = ledger
        ledger.choose_current = self._carried_on
        self.saved = [] if saved is None else saved
        self.notes: list[str] = []  # lines for standard error: the summary index found damaged and rebuilt
        self.progress = None  # progress(done, total): how far a long reading of the games into the index has come (a shell's to show)
        # a command that shows only the newest games ('games --last N'): a new device's index may be a sketch
        # (``index.sketched``), ``unread`` its games not read yet
        self.newest_only, self.unread = False, 0

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
        from ginscore.index.sketched import carried_on
        from ginscore.store.carry_on import from_index

        return self.ask(from_index, carried_on)

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
