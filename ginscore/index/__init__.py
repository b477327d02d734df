"""The summary index: a cache of every game's summary outside the ledger, and the questions asked of it."""
