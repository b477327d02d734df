"""A game and its scoring, pure: settings and presets; players' names; a game's journal and a
game as it stands, its changes, their causal order and what 'undo' takes back on one device;
one hand's and one game's score, stakes; the statistics; the fewest payments; a score sheet as
data; hands entered as cards; where each hand stands; renames; what several devices recorded
apart; the log's lines and the deleted hands; the ladder's ratings and the evening's pairings."""
