"""The language ginscore speaks: English, German, Russian or Ukrainian (issues #15, #22).

Every text a person reads goes through ``_`` (one message) or ``ngettext`` (a message whose
noun agrees with a number: Russian and Ukrainian have three forms, 1 очко, 2 очка, 5 очков;
German two, 1 Punkt, 5 Punkte).
Messages are written in English in the code, with ``{named}`` placeholders filled by
``.format(...)`` *after* translation, so a translator can move them:

    _("Hand {number}: {words}").format(number=..., words=...)
    ngettext("{count} hand", "{count} hands", count).format(count=count)

A short word that means two things gets a context, so that each sense has its own entry in
the catalogs (``msgctxt``): ``pgettext("sheet column", "rummy")`` (a hand went out all at
once) is not ``pN_("table name", "rummy")`` (the kind of table). A text written when a module
is imported (a command's or an option's help) is a ``LazyText``, made with ``N_`` (or ``pN_``),
and translated when it is shown.

JSON keys and values and the ledger never go through here: they stay English, ``english()``
where JSON is built from translatable words.

The language is chosen, first found first: ``--lang`` (``set_language``), ``$GINSCORE_LANG``,
``lang`` in the house-rules file (read by the function given to ``read_house_language_with``:
this module imports no other ginscore module), then the locale variables the way gettext reads
them (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, whether or not that locale is
installed), and English. An unknown language given on purpose (the first three) is an error;
a locale ginscore has no catalog for is English.

English costs nothing at start-up: no catalog is read. Another language reads one compiled
catalog (``ginscore/locale/LANG/LC_MESSAGES/ginscore.mo``) on first use. Adding a language is
its catalogs (``po/LANG/``), built: ``LANGUAGES`` lists the folders of ``ginscore/locale/``.
"""

from __future__ import annotations

import os

LOCALE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")


def _spoken(folder: str = LOCALE) -> tuple:
    """English, then every language whose compiled catalog folder ``locale/LANG/`` is installed,
    sorted: one directory listing at import (no file is read), so a language is its catalogs."""
    try:
        names = os.listdir(folder)
    except OSError:  # no catalogs installed: English only
        names = []
    return ("en", *sorted(name for name in names if name.isalpha() and name.islower() and name != "en"))


# Every language ginscore speaks, English first: the folders of ginscore/locale/ (built from po/LANG/).
LANGUAGES = _spoken()
ENV_LANG = "GINSCORE_LANG"
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_chosen: str | None = None  # set by --lang
_catalog = None  # the gettext catalog of the language in use, once loaded; False for English
_house_language = None  # a function giving the house-rules file's lang (or None), told by the CLI
# click's modules that translate their own words (Usage, Options, Error, ...) with gettext.
CLICK_MODULES = (
    "core", "decorators", "exceptions", "formatting", "parser", "types", "termui", "utils", "shell_completion",
)


class UnknownLanguage(Exception):
    """A language given on purpose (--lang, $GINSCORE_LANG, the house-rules file) that
    ginscore has no catalog for; ``str()`` is the one line to print."""


def set_language(code: str | None, where: str = "--lang") -> None:
    """Use language ``code`` (given by ``where``, which an error names), or None to choose
    again from the environment."""
    global _chosen, _catalog
    _chosen = None
    _catalog = None
    if code is not None:
        _chosen = checked(code, where)


def read_house_language_with(reader) -> None:
    """Tell where the house-rules file's ``lang`` comes from: ``reader()`` gives it (a string,
    or None when the file has none). Called only when neither --lang nor $GINSCORE_LANG chose,
    the first time a message is translated; None forgets the file."""
    global _house_language, _catalog
    _house_language = reader
    _catalog = None


def checked(code: str, where: str) -> str:
    word = str(code).strip().lower().replace("_", "-").split("-")[0]
    if word not in LANGUAGES:
        global _catalog
        _catalog = _load(locale_language())  # the error speaks the locale's language
        raise UnknownLanguage(
            _("{where}: unknown language {code}: use {languages}").format(
                where=where, code=shortened(str(code), quoted=True), languages=language_list()
            )
        )
    return word


SHORT = 60  # characters of a quoted value a message shows


def shortened(text, limit: int = SHORT, quoted: bool = False) -> str:
    """``text`` as a message quotes it: whole when it is at most ``limit`` characters long,
    else its first ``limit`` characters, an ellipsis and its length. Every message that quotes a
    value from a file, the command line or the environment quotes it through this, so that an
    error stays one short line whatever the input (a name or a language of 60,000 characters).
    ``quoted``: the part shown as Python's ``repr`` writes it (in quotes, escapes written out)."""
    text = str(text)
    if len(text) <= limit and not (quoted and len(repr(text)) > limit + 2):
        return repr(text) if quoted else text
    start = quoted_start(text, limit) if quoted else text[:limit]
    return ngettext("{start}... ({count} character)", "{start}... ({count} characters)", len(text)).format(
        start=start, count=len(text)
    )


def quoted_start(text: str, limit: int = SHORT) -> str:
    """``repr`` of the longest start of ``text`` whose repr is at most ``limit`` characters
    between its quotes: a character repr escapes (U+FEFF is ``\\ufeff``) counts as many as
    it takes, so that 40 invisible characters do not make a line of 240."""
    count = min(len(text), limit)
    while count > 1 and len(repr(text[:count])) > limit + 2:
        count -= max(1, (len(repr(text[:count])) - limit - 2) // 10)
    return repr(text[:count])


def language_list() -> str:
    """``en, de, ru or uk``: the languages, for a message."""
    return ", ".join(LANGUAGES[:-1]) + _(" or ") + LANGUAGES[-1]


def language() -> str:
    """The language in use, as chosen by the rules in the module's docstring."""
    if _chosen is not None:
        return _chosen
    configured = os.environ.get(ENV_LANG)
    if configured:
        return checked(configured, ENV_LANG)
    from_file = _house_language() if _house_language is not None else None
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


def _load(code: str):
    """The catalog of language ``code``; False for English (or a catalog missing from the install)."""
    if code == "en":
        return False
    import gettext

    try:
        return gettext.translation("ginscore", LOCALE, languages=[code])
    except OSError:  # a catalog missing from the install: English, rather than nothing
        return False


def _translations():
    global _catalog
    if _catalog is None:
        _catalog = False  # while choosing: an error on the way is worded in English
        _catalog = _load(language())
    return _catalog


def install_click() -> None:
    """Make click's own words (Usage:, Options:, Error:, ...) speak the language in use.

    click offers no hook for its language: it looks its words up with the standard library's
    ``gettext``/``ngettext``, bound as ``_`` and ``ngettext`` in each of its modules when click
    is imported. So this one function points those names at ginscore's catalog (its
    ``click.po`` entries, whose msgids are click's), and puts the standard library's back for
    English (undoing an earlier language of the same process, as tests run many). Nothing
    else in ginscore touches click's modules."""
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


def ngettext(singular: str, plural: str, count: int) -> str:
    catalog = _translations()
    if catalog:
        return catalog.ngettext(singular, plural, count)
    return singular if count == 1 else plural


def pgettext(context: str, message: str) -> str:
    """``_`` for a word of several senses: ``context`` says which (the catalog's msgctxt)."""
    catalog = _translations()
    return catalog.pgettext(context, message) if catalog else message


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    catalog = _translations()
    if catalog:
        return catalog.npgettext(context, singular, plural, count)
    return singular if count == 1 else plural


class LazyText(str):
    """A message translated when it is shown, for a text written when a module is imported
    (before --lang is read), such as a command's or an option's help. As a ``str`` it is the
    English text, so it can be passed and compared as one; ``translated()`` (or ``translate``)
    gives it in the language in use. ``cli.options`` shows every help text this way.

    ``format(**fields)`` gives a LazyText filled after translation; a field given as a
    function is called when the text is shown (a list worded in the language of that moment)."""

    def __new__(cls, message: str, context: str | None = None, fields: dict | None = None):
        english = message.format(**{key: _shown(value, False) for key, value in fields.items()}) if fields else message
        text = super().__new__(cls, english)
        text.message, text.context, text.fields = message, context, fields
        return text

    def format(self, *args, **fields):  # noqa: A003 - str.format, lazily
        if args:
            raise TypeError("a LazyText is filled with named fields only")
        return LazyText(self.message, self.context, {**(self.fields or {}), **fields})

    def translated(self) -> str:
        text = _looked_up(self.context, self.message)
        return text.format(**{key: _shown(value, True) for key, value in self.fields.items()}) if self.fields else text


def _shown(value, translating: bool):
    if callable(value):
        if translating:
            return value()
        with english():
            return value()
    if isinstance(value, LazyText):
        return value.translated() if translating else str.__str__(value)
    return value


def N_(message: str) -> LazyText:
    """Mark a message for the catalog where it cannot be translated yet (a help text written
    when the module is imported): it is translated when shown."""
    return LazyText(message)


def pN_(context: str, message: str) -> LazyText:
    """``N_`` for a word of several senses (see ``pgettext``)."""
    return LazyText(message, context)


def translate(message: str | None) -> str | None:
    """The text of a ``LazyText`` in the language in use; any other text is looked up in the
    catalog as it is (and stays as it is when the catalog does not hold it)."""
    if not message:
        return message
    if isinstance(message, LazyText):
        return message.translated()
    return _looked_up(None, message)


def _looked_up(context: str | None, message: str) -> str:
    """``message`` (of ``context``) in the catalog of the language in use, for a text that is
    not a literal of the code (a marked text, shown later)."""
    catalog = _translations()
    if not catalog:
        return message
    return catalog.pgettext(context, message) if context else catalog.gettext(message)


# Languages that write an amount's currency after the number, with a no-break space between
# (``0,05 €``, ``0,05 ₽``, ``0,05 ₴``): German, Russian and Ukrainian; English writes it first (``€0.05``).
CURRENCY_AFTER = ("de", "ru", "uk")
NO_BREAK_SPACE = "\u00a0"


def money_text(sign: str, digits: str, currency: str) -> str:
    """An amount with its currency as the language in use writes it in text: ``€0.05`` and
    ``CHF 3.25`` in English, ``0,05\u00a0€`` in German, Russian and Ukrainian (the number first,
    a no-break space, a decimal comma); never for JSON or CSV."""
    if _translations() and language() in CURRENCY_AFTER:
        return decimal(f"{sign}{digits}{NO_BREAK_SPACE}{currency}")
    gap = " " if currency[-1].isalnum() else ""
    return decimal(f"{sign}{currency}{gap}{digits}")


def decimal(text: str) -> str:
    """A number or an amount of money as the language writes it in text: a decimal comma in
    German, Russian and Ukrainian (€0,05); never for JSON or CSV."""
    if not _translations() or "." not in text:
        return text
    import re

    return re.sub(r"(?<=[0-9])\.(?=[0-9])", ",", text)


class english:
    """``with english(): ...``: English for the time of the block, whatever the language in
    use: for texts that must not change with the language (JSON built from translatable data,
    such as the fields of 'pad --json', a problem 'check --json' lists, the text of a
    'log --json' entry). The one way ginscore forces English."""

    def __enter__(self):
        global _catalog
        self.saved = _catalog
        _catalog = False
        return self

    def __exit__(self, *exc):
        global _catalog
        _catalog = self.saved
        return False
