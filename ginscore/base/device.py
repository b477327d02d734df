"""This device's id: the name under which it writes its own file of each game, so that no file
of the ledger has two writers. Made once, at the first write, and kept in this device's state
folder (never in the ledger, which other devices share); $GINSCORE_DEVICE names one instead.
"""

from __future__ import annotations

import os

from ginscore.base import paths
from ginscore.base.errors import LedgerError
from ginscore.base.i18n import _
from ginscore.base.ids import DEVICE_ID, DEVICE_ID_LENGTH, digest
from ginscore.base.safefile import atomic_write, make_folder, read_regular, reason

FILE = "device-id"
_known: dict[str, str] = {}  # state folder -> id, once read in this process


def device_id() -> str:
    """This device's id, made and kept on first use."""
    named = os.environ.get(paths.ENV_DEVICE, "").strip()
    if named:
        if not DEVICE_ID.match(named):
            raise LedgerError(
                _("{variable} is {value}: a device id is 2 to 16 lowercase letters and digits, e.g. {example}").format(
                    variable=paths.ENV_DEVICE, value=repr(named), example="kitchen2"
                )
            )
        return named
    folder = paths.state_root()
    if folder not in _known:
        _known[folder] = _read_or_make(folder)
    return _known[folder]


def _read_or_make(folder: str) -> str:
    path = os.path.join(folder, FILE)
    try:
        kept = read_regular(path, 64).decode("ascii", "replace").strip()
    except FileNotFoundError:
        kept = None  # a first write on this device: its id is made below
    except OSError as error:
        kept = reason(error)
    if kept is not None:
        if DEVICE_ID.match(kept):
            return kept
        # Damaged: a new id in its place would make this device a stranger to its own files
        # (each command another "device"), so a person puts the old id back or chooses one.
        raise LedgerError(
            _("this device's id file {path} is damaged: write this device's id in it (the DEVICE of its files "
              "games/game-ID.DEVICE.json), or remove it to make a new one").format(path=path)
        )
    # Unique without asking anyone: the moment, the process and bytes from the system's
    # random source; a device that ever held the id keeps it.
    made = digest(f"{os.urandom(16).hex()}:{os.getpid()}:{id(folder)}", DEVICE_ID_LENGTH)
    try:
        make_folder(folder)
        atomic_write(path, f"{made}\n".encode("ascii"), unique=True, in_ledger=False)
    except (LedgerError, OSError) as error:
        raise LedgerError(
            _("cannot keep this device's id in {path} ({reason}): set {variable} to a name for this device, e.g. {example}").format(
                path=path, reason=reason(error) if isinstance(error, OSError) else error, variable=paths.ENV_DEVICE, example="kitchen2"
            )
        ) from None
    return made
