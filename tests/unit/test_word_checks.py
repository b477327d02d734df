"""The checks that read Russian and Ukrainian output as a person would (tests/helpers_ru_uk.py) can
fail: they catch the sentences of issue 20."""

from __future__ import annotations

import re

import pytest

from helpers import ROOT
from helpers_ru_uk import (
    NAMES,
    allowed_words,
    declension_problems,
    latin_leftovers,
)


def test_the_checks_catch_the_sentences_of_the_issue():
    """The sentences issue #20 quoted are caught; their rewordings pass."""
    ru, uk = NAMES["ru"], NAMES["uk"]
    for text in ("Маша платит Борис €9,00", "Маша выиграл", "(Борис выиграла игру 7)", "Маша не выиграл ни одной сдачи",
                 "у Маша 20", "коробки Маши перевешивают", "в сдаче 3 назван Олег", "Борису"):
        assert declension_problems(text, "ru", ru), text
    for text in ("Олена платить Тарас", "чекаємо на Віра — Богдан", "скільки було на руках у Богдан і Віра",
                 "Олена виграв", "Віра вийшов", "для Тарас"):
        assert declension_problems(text, "uk", uk), text
    for text in ("Маша → Борис: 9,00 €", "Платит: Маша; получает: Борис", "выигрыш: Маша", "Маша стучит: 4 против 15",
                 "Следующую сдачу сдаёт Олег.", "Маша: ни одной выигранной сдачи — сухая.", "Итог: Борис выигрывает 238."):
        assert not declension_problems(text, "ru", ru), text
    for text in ("Олена → Тарас: 9,00 €", "виграш: Віра", "Коло 1: ще не записана здача Віра — Богдан (роздає Віра)."):
        assert not declension_problems(text, "uk", uk), text


def test_the_english_check_can_fail():
    allowed = allowed_words(NAMES["ru"])
    assert latin_leftovers("Алиса v Олег (not in yet)", allowed) == ["v", "not", "in", "yet"]
    assert latin_leftovers("Использование: ginscore knock [OPTIONS] PLAYER", allowed) == ["OPTIONS", "PLAYER"]
    assert latin_leftovers("  1  сдача  knock Маша 4 15 --upcard 7h  5s-7s K,7,3", allowed) == []


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_knocker_is_said_with_the_knock_words_only(language):
    """Russian "стук, стучит, стучащий", Ukrainian "стук, стукає, той, хто стукає"
    (docs/glossary.md), never the borrowed "нок", "нокер"."""
    for path in (ROOT / "po" / language).glob("*.po"):
        translations = [line for line in path.read_text("utf-8").splitlines() if line.startswith(("msgstr", '"'))]
        assert not [line for line in translations if re.search(r"(?<!\w)нок", line, re.IGNORECASE)], path
