"""The paper a printed page is laid out for: A4 or US Letter.

Chosen, first found first: ``--paper``, the house-rules file's ``paper``, then the locale. The
locale is read as the C library reads it for LC_PAPER: ``LC_ALL``, else ``LC_PAPER``, else
``LANG``; a value that names no country (``C``, ``POSIX``, ``C.UTF-8``) is passed over. Its
country decides: Letter in the countries below, A4 everywhere else, and A4 when no variable
names a country (the C library's own paper for the C and POSIX locales).
"""

from __future__ import annotations

import os

A4, LETTER = "a4", "letter"
PAPERS = (A4, LETTER)
# What ``@page { size: ... }`` says for each paper.
CSS_SIZES = {A4: "A4", LETTER: "letter"}
# The countries whose everyday paper is US Letter: CLDR's supplemental paperSize data (BZ CA CL
# CO CR GT MX NI PA PH PR SV US VE), glibc's LC_PAPER of its locales (adds BO), and the
# Dominican Republic.
LETTER_COUNTRIES = frozenset("BO BZ CA CL CO CR DO GT MX NI PA PH PR SV US VE".split())
LOCALE_VARIABLES = ("LC_ALL", "LC_PAPER", "LANG")
# Spellings a user may type for each paper.
ALIASES = {"a4": A4, "letter": LETTER, "us-letter": LETTER, "us_letter": LETTER, "usletter": LETTER}


def parse_paper(text) -> str | None:
    """``a4`` or ``letter`` for a paper as typed (``A4``, ``Letter``, ``US-Letter``), else None."""
    return ALIASES.get(text.strip().lower()) if isinstance(text, str) else None


def country_of(value: str) -> str | None:
    """The country of a locale such as ``en_US.UTF-8`` or ``de_DE@euro``: ``US``, ``DE``;
    None for one without (``C.UTF-8``, ``POSIX``, ``de``)."""
    name = value.split(".", 1)[0].split("@", 1)[0]
    _language, _, country = name.replace("-", "_").partition("_")
    country = country.upper()
    return country if len(country) == 2 and country.isascii() and country.isalpha() else None


def locale_paper(environ=None) -> str:
    """The paper of the user's locale: Letter in a Letter country, else A4."""
    environ = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        country = country_of(environ.get(variable) or "")
        if country:
            return LETTER if country in LETTER_COUNTRIES else A4
    return A4
