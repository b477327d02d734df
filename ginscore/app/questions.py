"""The ``Book``'s questions of the summary index (``ginscore.index``): a game file read into its
summary (the one function the index is handed, so that it never reads a game itself), and every
question a command asks of the games, their players and the settled set. A mixin of ``Book``,
which holds the ledger, the notes and the progress it reads."""

from __future__ import annotations

from contextlib import contextmanager

from ginscore.ops import actions


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


class Questions:
    """What ``Book`` asks of the summary index (``self.ledger``, ``self.notes``, ``self.progress``,
    ``self.newest_only`` and ``self.unread`` are the Book's)."""

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

    def sketch_file(self, game_id: str):
        """(created, position) of a game from the head of its first file alone, or None
        (``store.game_heads``): its row in a sketched index (``index.sketched``)."""
        from ginscore.store.game_heads import started

        head = started(self.ledger, game_id)
        return None if head is None else (head[0], _reading()[1].position(game_id, *head))

    @contextmanager
    def summary_index(self, newest=None):
        """The summary index, brought up to date with the game files, open for questions
        (``newest``: what a sketch of it must have read, ``index.current``)."""
        from ginscore.index import index

        connection = index.current(self.ledger, self.summarize_file, self.notes, progress=self.progress, newest=newest)
        if newest is not None:
            self.unread = newest.unread
        try:
            yield connection
        finally:
            connection.close()

    def ask(self, question, wanted=None):
        """``question(connection)`` asked of the summary index. An index that turns out damaged or
        foreign while it answers (any SQLite error, a value of the wrong type, stored JSON cut
        short) is thrown away, rebuilt from the game files with a note, and asked again: the
        answer is the one a fresh index gives. ``wanted(connection)``: the games of a sketch the
        question needs read whole (``sketched.Newest``); without it, and in a command that shows
        more than the newest games, the index is made whole first."""
        from ginscore.index import index
        from ginscore.index.sketched import Newest

        def newest():
            return Newest(self.sketch_file, wanted) if wanted is not None or self.newest_only else None

        with self.summary_index(newest()) as connection:
            try:
                return question(connection)
            except index.damage_errors() as error:
                damage = error
        index.discard(self.ledger, self.notes, damage)
        with self.summary_index(newest()) as connection:
            return question(connection)

    def refresh_index(self) -> None:
        """Bring the summary index up to date with the files now (after files came in whole)."""
        self.ask(lambda connection: None)

    def summaries(self, selection, last: int | None = None, listed: bool = False) -> list:
        """The summaries (``games --json`` entries) of the ``history.Selection`` of games,
        oldest first; ``listed``: only what a listing reads of each (``history.each_summary``)."""
        from ginscore.index import history

        return self.ask(lambda connection: history.summaries(self.ledger, connection, selection, self.summarize_file, last, listed),
                        self._newest(selection, last))

    def _newest(self, selection, last: int | None):
        """``ask``'s ``wanted`` of the ``last`` newest games of ``selection``, where a sketch may answer."""
        from ginscore.index import sketched

        if not self.newest_only:
            return None
        # the games left in progress among those read (what a listing names under its rows) a
        # sketch can tell; any other question needs every game: the index made whole, then asked
        if last is None or not sketched.sketchable(selection):
            self.newest_only = self.newest_only and last is None and selection.unfinished_only
            return None
        return sketched.newest_of(selection, last)

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
                                                                     listed=listed)), self._newest(selection, last))

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
