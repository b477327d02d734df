"""Games and money to and from other programs: the accounting exports and their text, a score-pad
backup read into games."""
