"""What the commands do to a game (pure): actions, a game's summary, the evening's money."""
