"""The language ginscore speaks: English, Russian or Ukrainian (issue #15).

Every text a person reads goes through ``_`` (one message) or ``ngettext`` (a message whose
noun agrees with a number: Russian and Ukrainian have three forms, 1 очко, 2 очка, 5 очков).
Messages are written in English in the code, with ``{named}`` placeholders filled by
``.format(...)`` *after* translation, so a translator can move them:

    _("Hand {number}: {words}").format(number=..., words=...)
    ngettext("{count} hand", "{count} hands", count).format(count=count)

JSON keys and values and the ledger never go through here: they stay English.

The language is chosen, first found first: ``--lang`` (``set_language``), ``$GINSCORE_LANG``,
``lang`` in the house-rules file, then the locale variables the way gettext reads them
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, whether or not that locale is installed),
and English. An unknown language given on purpose (the first three) is an error; a locale
ginscore has no catalog for is English.

English costs nothing at start-up: no catalog is read. Another language reads one compiled
catalog (``ginscore/locale/LANG/LC_MESSAGES/ginscore.mo``) on first use.
"""

from __future__ import annotations

import os

LANGUAGES = ("en", "ru", "uk")
ENV_LANG = "GINSCORE_LANG"
_chosen: str | None = None  # set by --lang
_catalog = None  # the gettext catalog of the language in use, once loaded; False for English


def set_language(code: str | None) -> None:
    """Use language ``code`` (from --lang), or None to choose again from the environment."""
    global _chosen, _catalog
    _chosen = None if code is None else checked(code, "--lang")
    _catalog = None


def checked(code: str, where: str) -> str:
    word = code.strip().lower().replace("_", "-").split("-")[0]
    if word not in LANGUAGES:
        from ginscore.errors import GinscoreError

        raise GinscoreError(f"{where}: unknown language {code!r}: use en, ru or uk")
    return word


def language() -> str:
    """The language in use, as chosen by the rules in the module's docstring."""
    if _chosen is not None:
        return _chosen
    configured = os.environ.get(ENV_LANG)
    if configured:
        return checked(configured, ENV_LANG)
    from_file = house_language()
    if from_file:
        return checked(from_file, "lang in the house-rules file")
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            for name in value.split(":"):  # LANGUAGE may list several, best first
                code = name.split(".")[0].split("@")[0].replace("_", "-").split("-")[0].lower()
                if code in LANGUAGES:
                    return code
                if code in ("c", "posix"):
                    return "en"
            if variable != "LANGUAGE":
                return "en"
    return "en"


def house_language() -> str | None:
    """The ``lang`` of the house-rules file, read without parsing the whole TOML file (every
    command asks, and most never need the rest of it)."""
    from ginscore.config import ENV_CONFIG

    path = os.environ.get(ENV_CONFIG)
    if not path:
        return None  # the platform's config folder is looked up only by the commands that use it
    try:
        from ginscore.ledger import read_regular

        text = read_regular(os.path.expanduser(path), 64 * 1024, follow=True).decode("utf-8", "replace")
    except OSError:
        return None
    import re

    found = re.search(r'^\s*lang\s*=\s*"([^"\n]*)"', text, re.M)
    return found.group(1) if found else None


def _translations():
    global _catalog
    if _catalog is None:
        code = language()
        _catalog = False
        if code != "en":
            import gettext

            folder = os.path.join(os.path.dirname(__file__), "locale")
            try:
                _catalog = gettext.translation("ginscore", folder, languages=[code])
            except OSError:  # a catalog missing from the install: English, rather than nothing
                _catalog = False
    return _catalog


def _(message: str) -> str:
    catalog = _translations()
    return catalog.gettext(message) if catalog else message


def ngettext(singular: str, plural: str, count: int) -> str:
    catalog = _translations()
    if catalog:
        return catalog.ngettext(singular, plural, count)
    return singular if count == 1 else plural
