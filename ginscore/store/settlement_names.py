"""Where the settlement files are, by name only (no file parsed): what 'status', 'undo' and 'redo'
ask before anything of the settlements is read, so that a ledger whose settlements never name
the game at hand costs them no import and no parsing (``ginscore.store.settlement_files`` reads
the files)."""

from __future__ import annotations

import os
import re

from ginscore.base.safefile import read_regular

FOLDER = "settlements"
LEGACY_FILE = "settlements.json"
DEVICE_FILE = re.compile(r"^settlements\.(?P<device>[0-9a-z]{2,16})\.json$")
MAX_BYTES = 64 * 1024 * 1024


def folder_of(root: str) -> str:
    return os.path.join(root, FOLDER)


def legacy_path(root: str) -> str:
    return os.path.join(root, LEGACY_FILE)


def device_path(root: str, device: str) -> str:
    return os.path.join(folder_of(root), f"settlements.{device}.json")


def exists(root: str) -> bool:
    """Whether the ledger holds any settlement file (no file is read)."""
    return os.path.lexists(legacy_path(root)) or os.path.isdir(folder_of(root))


def mention(root: str, game_id: str) -> bool:
    """Whether any settlement file may name game ``game_id``: its id in quotes among the file's
    bytes (a game numbered before ids, which the old file wrote bare, always may). True where a
    file cannot be read: the reading says what is wrong."""
    if not exists(root):
        return False
    if game_id.isdigit():
        return True
    wanted = f'"{game_id}"'.encode("ascii")
    try:
        names = [name for name in os.listdir(folder_of(root)) if DEVICE_FILE.match(name)]
    except FileNotFoundError:
        names = []
    except OSError:
        return True
    for path in [legacy_path(root), *(os.path.join(folder_of(root), name) for name in names)]:
        try:
            if wanted in read_regular(path, MAX_BYTES):
                return True
        except FileNotFoundError:
            continue
        except OSError:
            return True
    return False


def stamp(root: str) -> str:
    """The names, modification times and sizes of the settlement files, in one string (no file
    is read): what a page made from them was made for; "" when the ledger has none."""
    paths = [legacy_path(root)]
    try:
        paths += [os.path.join(folder_of(root), name) for name in sorted(os.listdir(folder_of(root))) if DEVICE_FILE.match(name)]
    except OSError:
        pass
    parts = []
    for path in paths:
        try:
            status = os.stat(path)
        except OSError:
            continue
        parts.append(f"{os.path.basename(path)}:{status.st_mtime_ns}:{status.st_size}")
    return " ".join(parts)
