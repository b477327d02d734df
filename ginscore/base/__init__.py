"""Foundations, below every game rule: the language (told which; imports nothing of ginscore),
errors, words of lists, commands quoted for a shell, where files live, safe reads and atomic
writes, JSON read defensively, ids, the digest of a game's bytes, this device's id, names in
ASCII, the names file syncers give conflict copies, the locale's paper, and ``Record`` (a
NamedTuple without its start-up cost)."""
