"""The summary index, a SQLite cache of every game's summary outside the ledger (its tables and
columns are its layout, ``layout.LAYOUT``; each new index a copy of an empty one), and the
questions asked of it: every value checked as it is read back (``cached``), a game's rows, the
stamp, the totals, the history, the ladder's ratings, the settled set, what 'check' found (the
index vouches for the bytes it read), an index made from another of the same games (a
ledger moved or copied, a cache folder that cannot be written), and a new device's sketch of
it, its newest games read first."""
