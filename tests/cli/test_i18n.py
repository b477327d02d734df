"""ginscore in German, Russian and Ukrainian (issues #15, #22): the catalogs hold every message of the code
with the same placeholders, the language is chosen in the documented order, plural forms
agree with their numbers, whole games read in each language, and JSON stays English."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import HOLLYWOOD_MATCH, ROOT, STANDARD_25, THREE_HANDED_GAME, play, run_process, status_json

sys.path.insert(0, str(ROOT / "tools"))
import build_catalogs  # noqa: E402

LANGUAGES = ("de", "ru", "uk")
PLACEHOLDER = re.compile(r"\{([^{}]*)\}|%\((\w+)\)[sd]")


def placeholders(text: str) -> set:
    return {brace or percent for brace, percent in PLACEHOLDER.findall(text)}


# --- the catalogs --------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_the_code_is_translated_with_the_same_placeholders(language):
    code = build_catalogs.messages()
    assert len(code) > 150  # the extractor finds the messages at all
    plurals: dict = {}
    catalog = build_catalogs.merged(language, plurals)
    forms = int(build_catalogs.plural_forms(language).split(";")[0].split("=")[1])  # nplurals=N
    missing = [msgid for msgid in code if msgid not in catalog]
    assert not missing, f"not translated in {language}: {missing}"
    for msgid, plural in code.items():
        translation = catalog[msgid]
        if plural is None:
            assert isinstance(translation, str), (language, msgid, "a plain message translated as plural forms")
            assert placeholders(translation) == placeholders(msgid), (language, msgid, translation)
        else:
            assert placeholders(plural) == placeholders(msgid), (msgid, plural)
            assert isinstance(translation, list) and len(translation) == forms, (language, msgid)
            for form in translation:
                assert placeholders(form) == placeholders(msgid), (language, msgid, form)
                assert "{count}" not in msgid or "{count}" in form or "{points}" in form


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalog_entry_has_unfilled_or_mismatched_placeholders(language):
    """Every entry, click's included: a translation uses only the placeholders its English has."""
    plurals: dict = {}
    catalog = build_catalogs.merged(language, plurals)
    for msgid, translation in catalog.items():
        allowed = placeholders(msgid) | placeholders(plurals.get(msgid, ""))
        for form in translation if isinstance(translation, list) else [translation]:
            assert form.strip(), (language, msgid)
            assert placeholders(form) <= allowed, (language, msgid, form)
            if msgid not in plurals:
                assert placeholders(form) == allowed, (language, msgid, form)
            assert form.count("{") == form.count("}"), (language, msgid, form)


def test_the_code_passes_only_literals_to_the_message_functions():
    """``_(f"...")`` or ``_(text)`` hides a message from the catalogs: the extractor sees
    string literals only (``i18n.translate`` is for texts marked with ``N_`` elsewhere)."""
    wrong = []
    # name -> (how many arguments, how many of them first are the literals)
    expected = {"_": (1, 1), "N_": (1, 1), "pgettext": (2, 2), "pN_": (2, 2), "ngettext": (3, 2), "npgettext": (4, 3)}
    for path in sorted((ROOT / "ginscore").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Attribute) and node.func.attr in expected and path.name != "i18n.py":
                # ``i18n.ngettext(...)``: the extractor knows a message function by its own name only,
                # so such a message never reached the catalogs (the conflict copies' note did not)
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}: call {node.func.attr}() by its own name")
                continue
            if not isinstance(node.func, ast.Name):
                continue
            literal = [isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in node.args]
            if node.func.id in expected:
                count, literals = expected[node.func.id]
                if len(node.args) != count or not all(literal[:literals]):
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not wrong


def test_the_compiled_catalogs_are_what_the_sources_give():
    assert build_catalogs.build(check=True) == 0, "run python tools/build_catalogs.py"
    for language in LANGUAGES:
        assert (ROOT / "ginscore" / "locale" / language / "LC_MESSAGES" / "ginscore.mo").is_file()


BUILD_ELSEWHERE = """
import sys
sys.path.insert(0, "tools")
import build_catalogs
sys.stdout.buffer.write(repr((build_catalogs.template(), *map(build_catalogs.catalog, build_catalogs.LANGUAGES))).encode())
"""


def test_the_build_is_reproducible():
    """Built again in another process, with another order of its sets and dicts of strings (another
    hash seed), the template and every .mo file are the same bytes."""
    seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-c", BUILD_ELSEWHERE], env=env, cwd=ROOT, capture_output=True, check=True)
    here = (build_catalogs.template(), *map(build_catalogs.catalog, build_catalogs.LANGUAGES))
    assert ast.literal_eval(done.stdout.decode()) == here
    assert build_catalogs.catalog("ru") == build_catalogs.catalog("ru")


# --- plural forms ---------------------------------------------------------------------------

POINTS = {
    "de": {1: "Punkt", 2: "Punkte", 5: "Punkte", 11: "Punkte", 21: "Punkte", 22: "Punkte"},
    "ru": {1: "очко", 2: "очка", 5: "очков", 11: "очков", 21: "очко", 22: "очка"},
    "uk": {1: "очко", 2: "очки", 5: "очок", 11: "очок", 21: "очко", 22: "очки"},
}
HANDS = {
    "en": {1: "hand", 2: "hands", 5: "hands", 11: "hands", 21: "hands", 22: "hands"},
    "de": {1: "Spiel", 2: "Spiele", 5: "Spiele", 11: "Spiele", 21: "Spiele", 22: "Spiele"},
    "ru": {1: "сдача", 2: "сдачи", 5: "сдач", 11: "сдач", 21: "сдача", 22: "сдачи"},
    "uk": {1: "здача", 2: "здачі", 5: "здач", 11: "здач", 21: "здача", 22: "здачі"},
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("points", [1, 2, 5, 11, 21, 22])
def test_a_hand_report_says_the_points_with_their_noun(run, monkeypatch, language, points):
    monkeypatch.setenv("GINSCORE_LANG", language)
    play(run, "new Ann Ben")
    result = play(run, f"knock ann 1 {1 + points}")
    assert f"-> Ann +{points} {POINTS[language][points]}." in result.output


@pytest.mark.parametrize("points", [1, 2, 5, 22])
def test_english_hand_reports_keep_the_bare_number(run, points):
    play(run, "new Ann Ben")
    assert f"Hand 1: Ann knocks 1 v {1 + points} -> Ann +{points}.\n" in play(run, f"knock ann 1 {1 + points}").output


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
@pytest.mark.parametrize("count", [1, 2, 5, 11, 21, 22])
def test_the_hands_played_are_counted_in_words(run, monkeypatch, language, count):
    play(run, "new Ann Ben", *["draw"] * count)
    monkeypatch.setenv("GINSCORE_LANG", language)
    line = play(run, "status").output.strip().splitlines()[-1]
    if language == "en":
        assert line.startswith(f"In progress after {count} {HANDS['en'][count]}, first to 100.")
    else:
        assert f"({count} {HANDS[language][count]})" in line


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_settle_command_counts_games_and_payments_in_words(run, monkeypatch, language):
    play(run, "new Ann Ben --stake 0.05", "gin ann 60", "gin ann 60")
    monkeypatch.setenv("GINSCORE_LANG", language)
    game_id = status_json(run)["id"]
    output = play(run, "settle").output
    game = {"de": "1 Partie: ", "ru": "1 игра: ", "uk": "1 гра: "}[language] + game_id
    payment = {"de": "(1 Zahlung,", "ru": "(1 платёж,", "uk": "(1 платіж,"}[language]
    assert game in output and payment in output


# --- the language's order ------------------------------------------------------------------


def choose(monkeypatch, tmp_path, flag=None, env=None, house=None, **locale):
    from ginscore.base import i18n
    from ginscore.settings.house_lang import house_language

    for variable in ("GINSCORE_LANG", *i18n.LOCALE_VARIABLES):
        monkeypatch.delenv(variable, raising=False)
    config = tmp_path / "house.toml"
    config.write_text("" if house is None else f'lang = "{house}"\n', "utf-8")
    monkeypatch.setenv("GINSCORE_CONFIG", str(config))
    if env is not None:
        monkeypatch.setenv("GINSCORE_LANG", env)
    for variable, value in locale.items():
        monkeypatch.setenv(variable, value)
    i18n.read_house_language_with(house_language)  # as the CLI tells it
    i18n.set_language(flag)
    return i18n.language()


def test_the_flag_comes_first_then_the_variable_then_the_file_then_the_locale(monkeypatch, tmp_path):
    assert choose(monkeypatch, tmp_path, "uk", "ru", "ru", LANG="ru_RU.UTF-8") == "uk"
    assert choose(monkeypatch, tmp_path, None, "uk", "ru", LANG="ru_RU.UTF-8") == "uk"
    assert choose(monkeypatch, tmp_path, None, None, "uk", LANG="ru_RU.UTF-8") == "uk"
    assert choose(monkeypatch, tmp_path, None, None, None, LANG="uk_UA.UTF-8") == "uk"
    assert choose(monkeypatch, tmp_path) == "en"
    assert choose(monkeypatch, tmp_path, "EN") == "en"
    assert choose(monkeypatch, tmp_path, None, "ru_RU") == "ru"
    assert choose(monkeypatch, tmp_path, "de", "ru", LANG="uk_UA.UTF-8") == "de"


def test_the_locale_variables_are_read_as_gettext_reads_them(monkeypatch, tmp_path):
    # LANGUAGE first (a list, best first), then LC_ALL, LC_MESSAGES, LANG; installed or not
    assert choose(monkeypatch, tmp_path, LANGUAGE="fr:uk:ru", LANG="ru_RU.UTF-8") == "uk"
    assert choose(monkeypatch, tmp_path, LANGUAGE="de:uk:ru", LANG="ru_RU.UTF-8") == "de"
    assert choose(monkeypatch, tmp_path, LANG="de_DE.UTF-8") == "de"
    assert choose(monkeypatch, tmp_path, LC_ALL="de_AT@euro", LANG="ru_RU.UTF-8") == "de"
    assert choose(monkeypatch, tmp_path, LC_ALL="ru_RU.KOI8-R", LANG="uk_UA.UTF-8") == "ru"
    assert choose(monkeypatch, tmp_path, LC_MESSAGES="uk_UA@euro", LANG="en_GB.UTF-8") == "uk"
    assert choose(monkeypatch, tmp_path, LANGUAGE="fr", LANG="ru_RU.UTF-8") == "ru"
    assert choose(monkeypatch, tmp_path, LC_ALL="C", LANG="ru_RU.UTF-8") == "en"
    assert choose(monkeypatch, tmp_path, LANG="fr_FR.UTF-8") == "en"  # no catalog: English
    assert choose(monkeypatch, tmp_path, LANG="ru") == "ru"


@pytest.mark.parametrize(
    "setup, args, where",
    [
        ({}, "--lang xx status", "--lang: unknown language 'xx'"),
        ({"GINSCORE_LANG": "fr"}, "status", "GINSCORE_LANG: unknown language 'fr'"),
        ({"house": "fr"}, "status", "lang in the house-rules file: unknown language 'fr'"),
    ],
)
def test_an_unknown_language_given_on_purpose_is_a_one_line_error(run, monkeypatch, tmp_path, setup, args, where):
    if "GINSCORE_LANG" in setup:
        monkeypatch.setenv("GINSCORE_LANG", setup["GINSCORE_LANG"])
    if "house" in setup:
        monkeypatch.delenv("GINSCORE_LANG")
        (tmp_path / "config.toml").write_text(f'lang = "{setup["house"]}"\n', "utf-8")
    result = run(args)
    assert result.exit_code == 1
    assert result.output == f"Error: {where}: use en, de, ru or uk\n"


def test_an_unknown_language_in_a_real_process_is_one_line_too(isolated_ledger):
    result = run_process("--lang klingon games")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == "Error: --lang: unknown language 'klingon': use en, de, ru or uk\n"


def test_a_german_locale_speaks_german(run, monkeypatch):
    """German is a language like the others (issue #22): its catalogs and nothing else. The
    locale picks it, and the hand report reads in German."""
    from ginscore.base import i18n

    play(run, "new Ann Ben")
    monkeypatch.delenv("GINSCORE_LANG")
    for variable in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert play(run, "knock ann 2 9").output == (
        "Spiel 1: Ann klopft mit 2 gegen 9 -> Ann +7 Punkte.\nStand: Ann 7, Ben 0.\nAnn gibt das nächste Spiel.\n"
    )
    assert "Hand 2: Ann knocks 2 v 9" in play(run, "--lang en knock ann 2 9").output


def test_config_set_lang_is_checked_and_then_spoken(run, monkeypatch):
    result = run("config set lang xx")
    assert result.exit_code == 1 and "unknown language 'xx'" in result.output
    play(run, "config set lang RU", "new Ann Ben")
    assert 'lang = "ru"' in (Path(os.environ["GINSCORE_CONFIG"])).read_text("utf-8")
    monkeypatch.delenv("GINSCORE_LANG")
    assert "Сдача 1: Ann стучит: 2 против 9 -> Ann +7 очков." in play(run, "knock ann 2 9").output
    assert "Hand 2:" in play(run, "--lang en knock ann 2 9").output


def test_the_house_rules_file_is_found_without_ginscore_config(monkeypatch, tmp_path):
    from ginscore.base import i18n, paths
    from ginscore.settings import house_lang

    monkeypatch.delenv("GINSCORE_CONFIG")
    monkeypatch.delenv("GINSCORE_LANG")
    for variable in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    path = Path(paths.default_config_path())
    path.parent.mkdir(parents=True)
    path.write_text('preset = "classic"\nlang = "uk"\n', "utf-8")
    i18n.read_house_language_with(house_lang.house_language)
    i18n.set_language(None)
    assert i18n.language() == "uk"


@pytest.mark.parametrize("xdg", [None, "", "{tmp}/xdg"])
def test_the_default_config_path_is_platformdirs_own(monkeypatch, tmp_path, xdg):
    import platformdirs

    from ginscore.base import paths

    monkeypatch.setenv("HOME", str(tmp_path))
    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg.format(tmp=tmp_path))
    expected = platformdirs.user_config_path("ginscore", appauthor=False) / "config.toml"
    assert Path(paths.default_config_path()) == expected


# --- click's own words ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "language, words",
    [
        ("de", ["Aufruf: ", "Optionen:", "Befehle:", "Diese Hilfe zeigen und beenden.", "Sprache: en, de, ru oder uk"]),
        ("ru", ["Использование: ", "Параметры:", "Команды:", "Показать это сообщение и выйти.", "Язык: en, de, ru или uk"]),
        ("uk", ["Використання: ", "Параметри:", "Команди:", "Показати це повідомлення й вийти.", "Мова: en, de, ru або uk"]),
    ],
)
def test_click_speaks_the_language_and_english_again_afterwards(run, language, words):
    output = play(run, f"--lang {language} --help").output
    for word in words:
        assert word in output
    english = play(run, "--help").output
    assert "Usage: " in english and "Show this message and exit." in english


def test_usage_errors_are_in_the_language(run):
    result = run("--lang ru knock")
    assert result.exit_code == 2
    assert result.output == "Ошибка: Не хватает аргумента 'ИГРОК'. (см. 'cli knock --help')\n"  # cli: CliRunner's name
    result = run("--lang uk --bogus")
    assert result.output == "Помилка: Немає такого параметра: --bogus (див. 'cli --help')\n"
    result = run("--lang=ru knok")
    assert result.output.startswith("Ошибка: Нет такой команды 'knok' (может быть, knock?)")


# --- whole games ------------------------------------------------------------------------------

WORDS = {
    "de": {"hand": "Spiel", "totals": "Stand:", "game": "Partie {game}:", "hands": "Spiele", "bonus": "Partiebonus",
           "net": "Saldo:", "match": "Match", "per": "pro Punkt", "stake": "Einsatz", "v": " – "},
    "ru": {"hand": "Сдача", "totals": "Счёт:", "game": "Игра {game}:", "hands": "Сдачи", "bonus": "премия за партию",
           "net": "Итог:", "match": "Матч", "per": "за очко", "stake": "Ставка", "v": " — "},
    "uk": {"hand": "Здача", "totals": "Рахунок:", "game": "Гра {game}:", "hands": "Здачі", "bonus": "призові за гру",
           "net": "Підсумок:", "match": "Матч", "per": "за очко", "stake": "Ставка", "v": " — "},
}
ENGLISH_LEFTOVERS = ("Hand ", "Totals", "deals the", "Game over", "knocks", " pays ", "per point", "Match over", "column ")


def commands(game):
    return [command.split() if isinstance(command, str) else command for command in game]


def assert_no_english(text: str, *allowed):
    for word in ENGLISH_LEFTOVERS:
        if word not in allowed:
            assert word not in text, (word, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_standard_game_in_the_language(run, monkeypatch, language):
    words = WORDS[language]
    game = commands(STANDARD_25)
    play(run, game[0])
    monkeypatch.setenv("GINSCORE_LANG", language)
    reports = [play(run, command).output for command in game[1:]]
    first, last = reports[0], reports[-1]
    assert first.startswith(f"{words['hand']} 1: Zoë <b>& ")
    assert f"{words['totals']} Zoë <b>& 4, Bartholomew 0." in first
    assert_no_english("".join(reports))
    assert {"de": "Partie vorbei", "ru": "Игра окончена", "uk": "Гру закінчено"}[language] in last
    pays = {"de": "Bei 0,05\u00a0€ pro Punkt: Bartholomew zahlt "}.get(language, "По 0,05\u00a0€ за очко: Bartholomew → Zoë <b>&: ")
    assert pays in last
    sheet = play(run, "sheet").output
    title = words["game"].format(game=status_json(run)["id"])
    assert sheet.startswith(f"{title} Zoë <b>&{words['v']}Bartholomew\n")
    for word in (words["hands"], words["bonus"], words["net"], f"{words['stake']}: 0,05\u00a0€ {words['per']}"):
        assert word in sheet
    assert_no_english(sheet)
    final = play(run, "status").output
    assert words["bonus"] in final and words["net"] in final


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hollywood_match_in_the_language(run, monkeypatch, language):
    words = WORDS[language]
    game = commands(HOLLYWOOD_MATCH)
    play(run, game[0])
    monkeypatch.setenv("GINSCORE_LANG", language)
    reports = "".join(play(run, command).output for command in game[1:])
    assert {"de": " in Spalte 1.", "ru": " в колонку 1.", "uk": " у колонку 1."}[language] in reports
    assert {"de": "Spalte 1 schließt", "ru": "Колонка 1 закрыта", "uk": "Колонка 1 закрита"}[language] in reports
    assert {"de": "Match vorbei (jede Spalte ist geschlossen).", "ru": "Матч окончен (все колонки закрыты).", "uk": "Матч закінчено (усі колонки закриті)."}[language] in reports
    assert_no_english(reports)
    sheet = play(run, "sheet").output
    assert {"de": "Hollywood, 3 Spalten bis 100", "ru": "Голливуд, 3 колонки до 100", "uk": "Голлівуд, 3 колонки до 100"}[language] in sheet
    assert words["match"] in sheet and words["bonus"] in sheet
    assert_no_english(sheet)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_three_handed_game_in_the_language(run, monkeypatch, language):
    words = WORDS[language]
    game = commands(THREE_HANDED_GAME)
    play(run, game[0])
    monkeypatch.setenv("GINSCORE_LANG", language)
    reports = [play(run, command).output for command in game[1:]]
    assert {"de": "Nächstes Spiel: Ann gegen Cat; Ben setzt aus und gibt.", "ru": "Следующая сдача: Ann — Cat; Ben отсиживает и сдаёт.", "uk": "Наступна здача: Ann — Cat; Ben пропускає і роздає."}[language] in reports[0]
    last = reports[-1]
    assert {"de": "Abrechnung: ", "ru": "Расчёт: ", "uk": "Розрахунок: "}[language] in last and words["net"] in last
    assert_no_english("".join(reports))
    sheet = play(run, "sheet").output
    assert words["hands"] in sheet and {"de": "ausgesetzt", "ru": "отсидка", "uk": "пропуск"}[language] in sheet
    assert_no_english(sheet)


@pytest.mark.parametrize("game", [STANDARD_25, HOLLYWOOD_MATCH, THREE_HANDED_GAME], ids=["standard", "hollywood", "three"])
def test_json_and_csv_numbers_are_the_same_in_every_language(run, monkeypatch, game):
    play(run, *commands(game))
    english = {args: play(run, args).output for args in ("status --json", "sheet --json", "games --json")}
    csv_english = play(run, "sheet --format csv").output
    for language in LANGUAGES:
        monkeypatch.setenv("GINSCORE_LANG", language)
        for args, text in english.items():
            assert play(run, args).output == text
            json.loads(text)
        csv_text = play(run, "sheet --format csv").output
        assert csv_text.count("\n") == csv_english.count("\n")
        assert [line.count(",") for line in csv_text.splitlines()[1:]] == [line.count(",") for line in csv_english.splitlines()[1:]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_html_sheet_and_pad_say_their_language(run, monkeypatch, language):
    play(run, *commands(STANDARD_25))
    monkeypatch.setenv("GINSCORE_LANG", language)
    page = play(run, "sheet --format html").output
    assert f'<html lang="{language}">' in page and WORDS[language]["hands"] in page
    pad = play(run, "pad --format html").output
    assert f'<html lang="{language}">' in pad
    assert play(run, "--lang en sheet --format html").output.count('<html lang="en">') == 1


# --- start-up ---------------------------------------------------------------------------------

LOAD = """
import time, click, ginscore.cli
from ginscore.base import i18n
best = 1e9
for _ in range(5):
    i18n.set_language(None)
    started = time.perf_counter()
    i18n._translations(); i18n.install_click(); i18n._("Hands")
    best = min(best, time.perf_counter() - started)
print(best * 1000)
"""


def test_loading_a_catalog_costs_a_few_milliseconds_at_most(isolated_ledger):
    """status and a hand command import click (and so gettext) anyway; what a language adds is
    choosing it and reading one .mo file. Measured in a fresh process, best of five."""
    costs = {}
    for language in ("en", *LANGUAGES):
        env = {**os.environ, "GINSCORE_LANG": language}
        out = subprocess.run([sys.executable, "-c", LOAD], env=env, capture_output=True, text=True, check=True, cwd=ROOT)
        costs[language] = float(out.stdout)
    assert costs["en"] < 1.0, costs
    assert all(costs[language] - costs["en"] < 5.0 for language in LANGUAGES), costs


def test_the_catalogs_are_package_data():
    """``pip install .`` carries the .mo files (checked by hand in a fresh venv for issue #15)."""
    import fnmatch

    text = (ROOT / "pyproject.toml").read_text("utf-8")
    listed = re.search(r'\[tool\.setuptools\.package-data\][^\[]*ginscore = \[([^\]]+)\]', text).group(1)
    patterns = re.findall(r'"([^"]+)"', listed)
    found = [path.relative_to(ROOT / "ginscore").as_posix() for path in (ROOT / "ginscore" / "locale").rglob("*.mo")]
    assert sorted(found) == sorted(name for name in found if any(fnmatch.fnmatch(name, pattern) for pattern in patterns))
    assert len(found) == len(LANGUAGES)


# --- the catalogs as GNU gettext reads them (issue #18) -----------------------------------------

GETTEXT = shutil.which("msgfmt") and shutil.which("msgmerge") and shutil.which("msgcat")
needs_gettext = pytest.mark.skipif(not GETTEXT, reason="GNU gettext (msgfmt, msgmerge) is not installed")
PO_FILES = sorted((ROOT / "po").glob("*/*.po"))
# Short words of two senses, each sense with its context (msgctxt): the code uses no other.
SENSES = {
    "rummy": ("table name", "sheet column"),
    "standard": ("table name", "rules"),
    "table": ("kind of table", "partnership"),
    "file": ("value from",),  # click's own "file" (a kind of path) is the one without a context
}


@needs_gettext
@pytest.mark.parametrize("path", PO_FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_msgfmt_accepts_every_catalog(path):
    done = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert [line for line in done.stderr.splitlines() if "'\\b' escape sequence" not in line] == []


def test_the_template_is_what_the_extractor_writes():
    assert (ROOT / "po" / "ginscore.pot").read_text("utf-8") == build_catalogs.template(), "run python tools/build_catalogs.py"


def test_the_template_holds_every_message_of_every_catalog():
    template = set(build_catalogs.extract())
    for path in PO_FILES:
        assert set(build_catalogs.read_po(path)) <= template, path


def test_no_catalog_has_a_fuzzy_or_obsolete_entry():
    for path in PO_FILES:
        text = path.read_text("utf-8")
        assert "#, fuzzy" not in text and "\n#~" not in text, path


@needs_gettext
def test_msgmerge_of_the_template_changes_no_catalog(tmp_path):
    """``tools/build_catalogs.py --merge`` (msgmerge) on a copy of po/: every file as it is,
    so nothing is new, fuzzy or obsolete for a translator."""
    shutil.copytree(ROOT / "po", tmp_path / "po")
    build_catalogs.merge(tmp_path / "po")
    for path in PO_FILES:
        assert (tmp_path / "po" / path.parent.name / path.name).read_text("utf-8") == path.read_text("utf-8"), path


def test_a_word_of_two_senses_has_a_context_for_each():
    found = build_catalogs.extract()
    catalogs = {language: build_catalogs.merged(language) for language in LANGUAGES}
    for word, contexts in SENSES.items():
        for context in contexts:
            name = build_catalogs.key(context, word)
            assert name in found, name
            for language, catalog in catalogs.items():
                assert name in catalog, (language, name)
        locations = found.get(word, (None, []))[1]
        assert all(location == build_catalogs.CLICK for location in locations), (word, locations)


def test_the_plural_rule_is_read_from_the_catalog_header(tmp_path, monkeypatch):
    """A new language is its catalogs (and its code in i18n.LANGUAGES): its plural rule is its own."""
    import gettext

    assert build_catalogs.plural_forms("ru").startswith("nplurals=3;")
    folder = tmp_path / "po" / "de"
    folder.mkdir(parents=True)
    (folder / "core.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "{count} hand"\nmsgid_plural "{count} hands"\nmsgstr[0] "{count} Spiel"\nmsgstr[1] "{count} Spiele"\n',
        "utf-8",
    )
    monkeypatch.setattr(build_catalogs, "SOURCES", tmp_path / "po")
    assert build_catalogs.plural_forms("de") == "nplurals=2; plural=(n != 1);"
    mo = tmp_path / "de.mo"
    mo.write_bytes(build_catalogs.catalog("de"))
    with open(mo, "rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    assert [catalog.ngettext("{count} hand", "{count} hands", n) for n in (1, 2, 5)] == ["{count} Spiel", *["{count} Spiele"] * 2]


def test_the_languages_are_listed_once():
    from ginscore.base import i18n

    assert build_catalogs.LANGUAGES == tuple(code for code in i18n.LANGUAGES if code != "en") == LANGUAGES
    assert sorted(path.name for path in (ROOT / "po").iterdir() if path.is_dir()) == sorted(LANGUAGES)


def test_i18n_imports_no_ginscore_module():
    """i18n is told its language (and where the house-rules file's lang comes from): it reads nothing of ginscore."""
    tree = ast.parse((ROOT / "ginscore" / "base" / "i18n.py").read_text("utf-8"))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    imported += [node.module or "." for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and (node.level or node.module)]
    assert not [name for name in imported if name.startswith(("ginscore", "."))], imported
