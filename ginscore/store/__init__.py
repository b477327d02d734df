"""The ledger on disk: game files, their format, merging, backups and the settlements file."""
