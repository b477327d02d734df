"""Where ginscore keeps things, and the names of the environment variables that move them: one
place for both (the pipx way), so that no module spells a variable or a default folder itself.

Paths are plain strings and ``os.path``: pathlib alone would add ~4 ms to every command's
start-up. platformdirs (~9 ms) is imported only when a default folder is really needed.
"""

from __future__ import annotations

import os

from ginscore.base.ids import digest

APP = "ginscore"
ENV_LEDGER = "GINSCORE_LEDGER"  # the ledger folder
ENV_CONFIG = "GINSCORE_CONFIG"  # the house-rules file
ENV_LANG = "GINSCORE_LANG"  # the language; i18n, which imports nothing of ginscore, spells it too (a test holds them equal)
ENV_LOCK_TIMEOUT = "GINSCORE_LOCK_TIMEOUT"  # seconds to wait for the ledger's lock
ENV_DEBUG = "GINSCORE_DEBUG"  # show the traceback of an unexpected error
ENV_STATE = "GINSCORE_STATE"  # this device's own folder: its id, and each ledger's lock and current game
ENV_CACHE = "GINSCORE_CACHE"  # this device's caches of each ledger (the summary index)
ENV_DEVICE = "GINSCORE_DEVICE"  # this device's id in file names (default: made once, kept in the state folder)
CONFIG_NAME = "config.toml"


def ledger_root() -> str:
    """Where the ledger lives: $GINSCORE_LEDGER, else the platform's user data folder."""
    configured = os.environ.get(ENV_LEDGER)
    if configured:
        return os.path.expanduser(configured)
    import platformdirs  # only when no path was given: it costs ~9 ms at start-up

    return os.path.join(platformdirs.user_data_dir(APP, appauthor=False), "ledger")


def config_path() -> str:
    """The house-rules file: $GINSCORE_CONFIG, else ``config.toml`` in the user config folder."""
    configured = os.environ.get(ENV_CONFIG)
    if configured:
        return os.path.expanduser(configured)
    return default_config_path()


def default_config_path() -> str:
    """The house-rules file's default path, as ``platformdirs.user_config_path("ginscore",
    appauthor=False) / "config.toml"`` gives it, without importing platformdirs: the language
    is read from that file by every command, and most never need platformdirs."""
    import sys

    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Application Support")
    else:
        base = os.environ.get("XDG_CONFIG_HOME", "").strip() or os.path.expanduser("~/.config")
    return os.path.join(base, APP, CONFIG_NAME)


# What is not data stays out of the ledger folder, which a syncer or git shares between devices:
# the lock, the current game and the caches are this device's own, kept per ledger under a
# folder named after the ledger's real path.


def _platform_folder(kind: str) -> str:
    """The user state ("state") or cache ("cache") folder of ginscore, as platformdirs names
    it (user_state_dir, user_cache_dir), without importing platformdirs on every command."""
    import sys

    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
        return os.path.join(base, APP, "Cache") if kind == "cache" else os.path.join(base, APP)
    if sys.platform == "darwin":
        folder = "~/Library/Caches" if kind == "cache" else "~/Library/Application Support"
        return os.path.join(os.path.expanduser(folder), APP)
    variable, default = ("XDG_CACHE_HOME", "~/.cache") if kind == "cache" else ("XDG_STATE_HOME", "~/.local/state")
    base = os.environ.get(variable, "").strip() or os.path.expanduser(default)
    return os.path.join(base, APP)


def state_root() -> str:
    """This device's own folder: $GINSCORE_STATE, else the user state folder."""
    configured = os.environ.get(ENV_STATE)
    return os.path.expanduser(configured) if configured else _platform_folder("state")


def cache_root() -> str:
    """This device's caches: $GINSCORE_CACHE, else the user cache folder."""
    configured = os.environ.get(ENV_CACHE)
    return os.path.expanduser(configured) if configured else _platform_folder("cache")


def ledger_key(root: str) -> str:
    """The name of a ledger's own folder in the state and cache folders: a digest of its real
    path (two paths to one folder are one ledger), after its last part for a person reading."""
    real = os.path.realpath(root)
    tail = "".join(char if char.isascii() and char.isalnum() else "-" for char in os.path.basename(real))[:24]
    return f"{tail or 'ledger'}-{digest(real, 13)}"


def kept_place(path: str, ledger: str) -> tuple | None:
    """(what, where) when a file written at ``path`` would land in a place ginscore keeps for
    itself, else None. ``what``: "ledger" (the folder ``ledger``), "state" or "cache" (this
    device's folders), "house-rules" (the file itself) or "config" (ginscore's own config
    folder); "linked" is added for a hard link of a file there (("ledger", "linked"), ...). Told
    through symbolic links and '..' (the real path), and by the folders' identity (device and
    inode) from the path up, so that another name of the same folder (a bind mount, another case
    on a file system that ignores it) is told too; a hard link is looked for only where the file
    has more than one name. ``where``: the place, as configured."""
    import stat

    places = [
        ("ledger", ledger), ("state", state_root()), ("cache", cache_root()),
        ("house-rules", config_path()), ("config", os.path.dirname(default_config_path())),
    ]
    real = os.path.realpath(path)
    known: dict = {}  # (device, inode) of each place that exists -> (what, where)
    for what, where in places:
        place = os.path.realpath(where)
        if real == place or real.startswith(place.rstrip(os.sep) + os.sep):
            return what, where
        try:
            status = os.stat(place)
        except OSError:
            continue
        known.setdefault((status.st_dev, status.st_ino), (what, where))
    folder = real
    while True:
        try:
            status = os.stat(folder)
        except OSError:
            status = None
        if status is not None and (status.st_dev, status.st_ino) in known:
            return known[(status.st_dev, status.st_ino)]
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    try:
        status = os.stat(real)
    except OSError:
        return None
    if stat.S_ISREG(status.st_mode) and status.st_nlink > 1:
        for what, where in places:
            if _holds(os.path.realpath(where), status):
                return what + " linked", where
    return None


def _holds(place: str, status) -> bool:
    """Whether ``place`` (a file, or a folder and everything below it) is or holds the file of
    ``status``, by its device and inode (links not followed)."""
    if not os.path.isdir(place):
        try:
            found = os.stat(place)
        except OSError:
            return False
        return (found.st_dev, found.st_ino) == (status.st_dev, status.st_ino)
    folders = [place]
    while folders:
        try:
            with os.scandir(folders.pop()) as entries:
                for entry in entries:
                    if entry.inode() == status.st_ino and entry.stat(follow_symlinks=False).st_dev == status.st_dev:
                        return True
                    if entry.is_dir(follow_symlinks=False):
                        folders.append(entry.path)
        except OSError:
            continue
    return False
