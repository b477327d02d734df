"""The ``lang`` of the house-rules file, for ``i18n`` (which is told it and imports nothing of
ginscore): read without parsing the TOML file or importing ``ginscore.settings.config`` (every command
asks, and most never need the rest of the file or the table registry config imports)."""

from __future__ import annotations

import re

from ginscore.base.paths import config_path
from ginscore.base.safefile import read_regular

MOST_BYTES = 64 * 1024  # a house-rules file is a few lines; more is not read
# Compiled (by re's own cache) only when there is a file to read: not on every start-up.
_LANG_LINE = r'^\s*lang\s*=\s*["\']([^"\'\n]*)["\']'


def house_language() -> str | None:
    """The ``lang`` of the house-rules file ($GINSCORE_CONFIG, else its default path), or
    None when there is no file, or no ``lang`` in it."""
    try:
        text = read_regular(config_path(), MOST_BYTES, follow=True).decode("utf-8", "replace")
    except OSError:
        return None
    if "lang" not in text:
        return None
    found = re.search(_LANG_LINE, text, re.M)
    return found.group(1) if found else None
