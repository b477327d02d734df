"""ginscore: a command-line scorekeeper for Gin Rummy played with real cards."""

__version__ = "0.1.0"
