"""The locale's paper (ginscore.base.paper_size)."""

from __future__ import annotations

import pytest

from ginscore.base.paper_size import A4, LETTER, country_of, locale_paper


@pytest.mark.parametrize(
    "environ, paper",
    [
        ({"LANG": "en_US.UTF-8"}, LETTER),
        ({"LANG": "de_DE.UTF-8"}, A4),
        ({"LANG": "en_GB.UTF-8"}, A4),
        ({"LANG": "fr_CA.UTF-8"}, LETTER),
        ({"LANG": "es_MX"}, LETTER),
        ({"LANG": "es_ES@euro"}, A4),
        ({"LANG": "fil_PH.UTF-8"}, LETTER),
        ({"LANG": "es_CL.UTF-8"}, LETTER),
        ({"LANG": "ru_RU.UTF-8"}, A4),
        ({"LANG": "en_AU.UTF-8"}, A4),
        # LC_PAPER is the user's answer for paper alone; LC_ALL overrides both, as setlocale reads them
        ({"LANG": "en_US.UTF-8", "LC_PAPER": "en_GB.UTF-8"}, A4),
        ({"LANG": "de_DE.UTF-8", "LC_PAPER": "en_US.UTF-8"}, LETTER),
        ({"LANG": "de_DE.UTF-8", "LC_PAPER": "de_DE.UTF-8", "LC_ALL": "en_US.UTF-8"}, LETTER),
        # a value with no country is passed over: scripts set LC_ALL=C
        ({"LANG": "en_US.UTF-8", "LC_ALL": "C"}, LETTER),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "C.UTF-8", "LC_PAPER": "POSIX"}, LETTER),
        ({"LANG": "C.UTF-8"}, A4),
        ({"LANG": "de"}, A4),
        ({"LANG": ""}, A4),
        ({}, A4),  # no locale at all: A4, the C library's paper for the C locale
    ],
)
def test_the_locale_chooses_the_paper(environ, paper):
    assert locale_paper(environ) == paper


def test_a_locale_s_country():
    assert [country_of(value) for value in ("en_US.UTF-8", "de_DE@euro", "pt_BR", "C.UTF-8", "POSIX", "de", "en-us", "x_USA")] == [
        "US", "DE", "BR", None, None, None, "US", None
    ]
