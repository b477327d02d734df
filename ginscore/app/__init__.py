"""The application both shells call: ``Book``, the one way into the storage (lock, load, change,
write, tell the index; its questions of the index); the use cases, one function each (start, rematch, end, void, rename,
rules set; record, edit, delete, restore, undo, redo; the export's games); a game's state, view
and stage (in progress, over, voided, settled, changed since) for the shells to render; checking
a whole ledger and what it says of a game; the money of recorded settlements; the settlement's
view and the lines both shells say; the evening and the club's ladder."""
