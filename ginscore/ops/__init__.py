"""What the commands do to a game (pure): actions; a hand put in its place; a hand from the words
typed, for every shell; undo and redo; what a game comes to; an evening's money; recorded
settlements against the games as they stand now; the ladder and the evening's pairings as data."""
