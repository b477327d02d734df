"""The house-rules file: defaults for new games, and the language of the house for the start-up."""
