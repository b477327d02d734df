"""A game and its scoring, pure: the rules, the game journal and its changes, names, scoring,
statistics, the fewest payments, the sheets' data and hands entered as cards."""
