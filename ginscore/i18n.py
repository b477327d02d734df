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
ENV_CONFIG = "GINSCORE_CONFIG"  # as ginscore.config names it (not imported: it is heavy)
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_chosen: str | None = None  # set by --lang
_catalog = None  # the gettext catalog of the language in use, once loaded; False for English
# click's modules that translate their own words (Usage, Options, Error, ...) with gettext.
CLICK_MODULES = (
    "core", "decorators", "exceptions", "formatting", "parser", "types", "termui", "utils", "shell_completion",
)


class UnknownLanguage(Exception):
    """A language given on purpose (--lang, $GINSCORE_LANG, the house-rules file) that
    ginscore has no catalog for; ``str()`` is the one line to print."""


def set_language(code: str | None) -> None:
    """Use language ``code`` (from --lang), or None to choose again from the environment."""
    global _chosen, _catalog
    _chosen = None
    _catalog = None
    if code is not None:
        _chosen = checked(code, "--lang")


def checked(code: str, where: str) -> str:
    word = str(code).strip().lower().replace("_", "-").split("-")[0]
    if word not in LANGUAGES:
        global _catalog
        _catalog = _load(locale_language())  # the error speaks the locale's language
        raise UnknownLanguage(
            _("{where}: unknown language {code}: use en, ru or uk").format(where=where, code=repr(str(code)))
        )
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
        return checked(from_file, _("lang in the house-rules file"))
    return locale_language()


def locale_language() -> str:
    """The language of the locale variables, read the way gettext reads them (the first set
    of LANGUAGE, LC_ALL, LC_MESSAGES, LANG; LANGUAGE may list several, best first), whether
    or not that locale is installed; English when ginscore has no catalog for it."""
    for variable in LOCALE_VARIABLES:
        value = os.environ.get(variable)
        if value:
            for name in value.split(":"):
                code = name.split(".")[0].split("@")[0].replace("_", "-").split("-")[0].lower()
                if code in LANGUAGES:
                    return code
                if code in ("c", "posix"):
                    return "en"
            if variable != "LANGUAGE":
                return "en"
    return "en"


def default_config_path() -> str:
    """The house-rules file's default path, as ``platformdirs.user_config_path("ginscore",
    appauthor=False) / "config.toml"`` gives it, without importing platformdirs (~9 ms)."""
    import sys

    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Application Support")
    else:
        base = os.environ.get("XDG_CONFIG_HOME", "").strip() or os.path.expanduser("~/.config")
    return os.path.join(base, "ginscore", "config.toml")


def house_language() -> str | None:
    """The ``lang`` of the house-rules file, read without parsing the whole TOML file (every
    command asks, and most never need the rest of it)."""
    path = os.environ.get(ENV_CONFIG) or default_config_path()
    try:
        from ginscore.safefile import read_regular

        text = read_regular(os.path.expanduser(path), 64 * 1024, follow=True).decode("utf-8", "replace")
    except OSError:
        return None
    if "lang" not in text:
        return None
    import re

    found = re.search(r'^\s*lang\s*=\s*["\']([^"\'\n]*)["\']', text, re.M)
    return found.group(1) if found else None


def _load(code: str):
    """The catalog of language ``code``; False for English (or a catalog missing from the install)."""
    if code == "en":
        return False
    import gettext

    folder = os.path.join(os.path.dirname(__file__), "locale")
    try:
        return gettext.translation("ginscore", folder, languages=[code])
    except OSError:  # a catalog missing from the install: English, rather than nothing
        return False


def _translations():
    global _catalog
    if _catalog is None:
        _catalog = False  # while choosing: an error on the way is worded in English
        _catalog = _load(language())
    return _catalog


def install_click() -> None:
    """Make click's own words (Usage:, Options:, Error:, ...) speak the language in use: click
    looks them up with the standard library's ``gettext``/``ngettext``, bound in each of its
    modules, so those names are pointed at ginscore's catalog (its ``click.po`` entries).
    Nothing is done for English, beyond undoing an earlier language of the same process."""
    import sys

    catalog = _translations()
    for name in CLICK_MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is None:
            continue
        if catalog:
            if hasattr(module, "_"):
                module._ = catalog.gettext
            if hasattr(module, "ngettext"):
                module.ngettext = catalog.ngettext
        elif getattr(module, "_", None) is not None and getattr(module._, "__self__", None) is not None:
            import gettext

            module._ = gettext.gettext
            if hasattr(module, "ngettext"):
                module.ngettext = gettext.ngettext


def _(message: str) -> str:
    catalog = _translations()
    return catalog.gettext(message) if catalog else message


def N_(message: str) -> str:
    """Mark a message for the catalog where it cannot be translated yet (a help text written
    when the module is imported); ``translate`` looks it up when it is shown."""
    return message


def translate(message: str | None) -> str | None:
    """The translation of a message marked with ``N_`` (or of any text, which stays as it is
    when the catalog does not hold it)."""
    if not message:
        return message
    catalog = _translations()
    return catalog.gettext(message) if catalog else message


def ngettext(singular: str, plural: str, count: int) -> str:
    catalog = _translations()
    if catalog:
        return catalog.ngettext(singular, plural, count)
    return singular if count == 1 else plural


def decimal(text: str) -> str:
    """A number or an amount of money as the language writes it in text: a decimal comma in
    Russian and Ukrainian (€0,05); never for JSON or CSV."""
    if not _translations() or "." not in text:
        return text
    import re

    return re.sub(r"(?<=[0-9])\.(?=[0-9])", ",", text)


class english:
    """``with english(): ...``: English for the time of the block, whatever the language in
    use: for texts that must not change with the language (JSON built from translatable data,
    such as the fields of 'pad --json')."""

    def __enter__(self):
        global _catalog
        self.saved = _catalog
        _catalog = False
        return self

    def __exit__(self, *exc):
        global _catalog
        _catalog = self.saved
        return False
