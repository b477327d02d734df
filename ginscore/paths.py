"""Where ginscore keeps things, and the names of the environment variables that move them: one
place for both (the pipx way), so that no module spells a variable or a default folder itself.

Paths are plain strings and ``os.path``: pathlib alone would add ~4 ms to every command's
start-up. platformdirs (~9 ms) is imported only when a default folder is really needed.
"""

from __future__ import annotations

import os

APP = "ginscore"
ENV_LEDGER = "GINSCORE_LEDGER"  # the ledger folder
ENV_CONFIG = "GINSCORE_CONFIG"  # the house-rules file
ENV_LANG = "GINSCORE_LANG"  # the language; i18n, which imports nothing of ginscore, spells it too (a test holds them equal)
ENV_LOCK_TIMEOUT = "GINSCORE_LOCK_TIMEOUT"  # seconds to wait for the ledger's lock
ENV_DEBUG = "GINSCORE_DEBUG"  # show the traceback of an unexpected error
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
