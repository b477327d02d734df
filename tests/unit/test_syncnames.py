"""The names file syncers give conflict copies (ginscore.base.syncnames)."""

from ginscore.base.syncnames import conflict_copy, unplaced_copy
from helpers import cpu_seconds


def test_a_name_that_matches_nothing_is_refused_at_once():
    """A run of dashes and letters could be cut into OneDrive marks in exponentially many ways:
    a name of 120 such pairs must cost about ten times one of 12 (linear; quadratic would be a
    hundred, exponential never ends). A ratio, never an absolute time: the machine may be busy."""

    def refuse(pairs: int) -> None:
        for name in ("game-abc.dev" + "-a" * pairs + "!.json", "game-abc.dev" + " 1" * pairs + "!.json"):
            for _ in range(50):  # enough work to measure at 12 pairs
                assert conflict_copy(name) is None
                assert unplaced_copy(name) is not None  # named like a copy of a game file: check reports it

    short, long = cpu_seconds(lambda: refuse(12), rounds=3), cpu_seconds(lambda: refuse(120), rounds=3)
    assert long / short < 30, f"12 pairs: {short:.4f} s, 120 pairs: {long:.4f} s"


def test_the_pattern_takes_another_files_name(tmp_path):
    """The settlements' files are folded with the same names (a base pattern of their own)."""
    base = r"settlement-[0-9a-z]+\.[0-9a-z]+"
    assert conflict_copy("settlement-abc.dev (conflicted copy 2026-12-04 101010).json", base).group("base") == "settlement-abc.dev"
    assert conflict_copy("game-abc.dev 2.json", base) is None
    assert unplaced_copy("settlement-abc.dev (copy).json", base).group("base") == "settlement-abc.dev"
