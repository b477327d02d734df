"""The ``lang`` of the house-rules file, for ``i18n`` (which is told it and imports nothing of
ginscore): read without parsing the TOML file or importing ``ginscore.config`` (every command
asks, and most never need the rest of the file or the table registry config imports)."""

from __future__ import annotations

import os
import re
import sys

from ginscore.ledger import read_regular

ENV_CONFIG = "GINSCORE_CONFIG"  # as ginscore.config names it (not imported: it loads every table)
MOST_BYTES = 64 * 1024  # a house-rules file is a few lines; more is not read
_LANG_LINE = re.compile(r'^\s*lang\s*=\s*["\']([^"\'\n]*)["\']', re.M)


def default_config_path() -> str:
    """The house-rules file's default path, as ``platformdirs.user_config_path("ginscore",
    appauthor=False) / "config.toml"`` gives it, without importing platformdirs (~9 ms)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Application Support")
    else:
        base = os.environ.get("XDG_CONFIG_HOME", "").strip() or os.path.expanduser("~/.config")
    return os.path.join(base, "ginscore", "config.toml")


def house_language() -> str | None:
    """The ``lang`` of the house-rules file ($GINSCORE_CONFIG, else its default path), or
    None when there is no file, or no ``lang`` in it."""
    path = os.environ.get(ENV_CONFIG) or default_config_path()
    try:
        text = read_regular(os.path.expanduser(path), MOST_BYTES, follow=True).decode("utf-8", "replace")
    except OSError:
        return None
    if "lang" not in text:
        return None
    found = _LANG_LINE.search(text)
    return found.group(1) if found else None
