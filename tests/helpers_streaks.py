"""The most hands a player won in a row, found by brute force over the hand sequence (the
reference of tests/cli/test_streaks.py and tests/unit/test_streaks.py)."""



def brute_force_streak(hands, name) -> int:
    """The most hands ``name`` won in a row, by trying every stretch of the hands: a stretch
    counts when every hand in it won by somebody among those who faced ``name`` went to him
    (hands won by nobody, or won at a table he did not sit at, are passed over)."""
    best_run = 0
    for start in range(len(hands)):
        for end in range(start, len(hands)):
            stretch = [(winner, played) for winner, played in hands[start:end + 1] if winner is not None and name in played]
            if stretch and all(winner == name for winner, _played in stretch):
                best_run = max(best_run, len(stretch))
    return best_run
