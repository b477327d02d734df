"""The language (ginscore.base.i18n): lazy texts, a word of two senses, plural forms."""

import pytest

from ginscore.base import i18n


@pytest.mark.parametrize(
    ("code", "forms"),
    [
        ("ru", {1: "1 сдача", 2: "2 сдачи", 5: "5 сдач", 11: "11 сдач", 21: "21 сдача", 24: "24 сдачи"}),
        ("uk", {1: "1 здача", 3: "3 здачі", 5: "5 здач", 12: "12 здач", 31: "31 здача", 22: "22 здачі"}),
    ],
)
def test_plural_forms(lang, code, forms):
    lang(code)
    for count, words in forms.items():
        assert i18n.ngettext("{count} hand", "{count} hands", count).format(count=count) == words


def test_a_help_text_is_translated_each_time_it_is_shown(lang):
    """One lazy text for every help (``N_`` gives an ``i18n.LazyText``): an option keeps it as
    given and shows it in the language in use, whichever that is by then."""
    from ginscore.cli.translated import Option

    option = Option(["--game"], help=i18n.N_("Print JSON (see docs/json.md)."))
    lang("ru")
    assert option.help == "Вывести JSON (см. docs/json.md)."
    lang("uk")
    assert option.help == "Вивести JSON (див. docs/json.md)."
    lang("en")
    assert option.help == "Print JSON (see docs/json.md)."


def test_a_lazy_text_is_english_as_a_string_and_fills_its_fields_after_translation(lang):
    text = i18n.N_("Language: {languages} (default: $GINSCORE_LANG, the house-rules file, the locale).").format(
        languages=i18n.language_list
    )
    assert text == "Language: en, de, ru or uk (default: $GINSCORE_LANG, the house-rules file, the locale)."
    lang("ru")
    assert i18n.translate(text) == "Язык: en, de, ru или uk (по умолчанию: $GINSCORE_LANG, файл домашних правил, локаль)."
    assert str(text).startswith("Language: en, de, ru or uk")  # as a str it stays English


def test_a_word_of_two_senses_has_one_entry_per_sense(lang):
    """"rummy" is the kind of table and a sheet column (went out all at once): two entries."""
    lang("ru")
    assert i18n.pgettext("sheet column", "rummy") == "рамми"
    assert i18n.translate(i18n.pN_("table name", "rummy")) == "рамми"
    assert i18n.pgettext("no such context", "rummy") == "rummy"
