"""Games and money to and from other programs: exports for accounting tools, score-pad backups."""
