"""The names file syncers give conflict copies (ginscore.base.syncnames)."""

import time

from ginscore.base.syncnames import conflict_copy, unplaced_copy


def test_a_name_that_matches_nothing_is_refused_at_once():
    """A run of dashes and letters could be cut into OneDrive marks in exponentially many ways."""
    started = time.monotonic()
    for name in ("game-abc.dev" + "-a" * 120 + "!.json", "game-abc.dev" + " 1" * 120 + "!.json"):
        assert conflict_copy(name) is None
        assert unplaced_copy(name) is not None  # named like a copy of a game file: check reports it
    assert time.monotonic() - started < 1


def test_the_pattern_takes_another_files_name(tmp_path):
    """The settlements' files are folded with the same names (a base pattern of their own)."""
    base = r"settlement-[0-9a-z]+\.[0-9a-z]+"
    assert conflict_copy("settlement-abc.dev (conflicted copy 2026-12-04 101010).json", base).group("base") == "settlement-abc.dev"
    assert conflict_copy("game-abc.dev 2.json", base) is None
    assert unplaced_copy("settlement-abc.dev (copy).json", base).group("base") == "settlement-abc.dev"
