"""The ledger on disk: the game files, their format and fields, each file checked on its own;
this device's clock; the files this process wrote, read back for less; merging another ledger;
backups; recorded settlements, their files and names, their entries from elsewhere, and what
the commands between hands ask of them; the game a device carries on; when a game was started,
from the head of its file."""
