"""ginscore in Russian and Ukrainian (issue #15, part B): errors, help texts and the output of
'rules', 'check', 'log' and the hand commands are translated, JSON stays English, and the
plural forms agree with the number (1 сдача, 2 сдачи, 5 сдач). The language's module alone:
tests/unit/test_i18n.py."""

import json

import pytest

from helpers import game_file


@pytest.mark.parametrize(
    ("code", "words"),
    [("ru", "ещё нет игр"), ("uk", "ще немає ігор")],
)
def test_no_game_yet(run, lang, code, words):
    lang(code)
    result = run("knock alice 4 15")
    assert result.exit_code == 1
    assert words in result.output
    assert "'ginscore new Alice Bob'" in result.output  # commands stay English


@pytest.mark.parametrize(
    ("code", "deadwood"),
    [("ru", "непарные карты стучащего (12) больше предела для стука в этой сдаче, 10"), ("uk", "непарні карти того, хто стукає (12)")],
)
def test_hand_errors(run, lang, code, deadwood):
    run("new Alice Bob")
    lang(code)
    result = run("knock alice 12 30")
    assert result.exit_code == 1
    assert deadwood in result.output
    result = run("knock zed 4 15")
    assert {"ru": "нет игрока 'zed'", "uk": "немає гравця 'zed'"}[code] in result.output


def test_hand_report_lines_and_undo(run, lang):
    run("new Alice Bob")
    run("knock alice 4 15")
    game = json.loads(run("status --json").output)["id"]
    lang("ru")
    result = run("undo")
    assert result.exit_code == 0
    assert result.output.startswith(f"Сдача 1 игры {game} отменена: knock Alice 4 15.")
    lang("uk")
    result = run("redo")
    assert f"Здачу 1 гри {game} повернуто: knock Alice 4 15." in result.output


@pytest.mark.parametrize(
    ("code", "title", "follows"),
    [
        ("ru", "Наборы правил", "сухая удваивает премию за партию"),
        ("uk", "Набори правил", "гра всуху подвоює призові за гру"),
    ],
)
def test_rules_list(run, lang, code, title, follows):
    lang(code)
    result = run("rules --list")
    assert result.exit_code == 0
    assert result.output.startswith(title)
    assert follows in result.output
    assert "pagat" in result.output  # preset names stay English words


def test_rules_summary_and_json(run, lang):
    lang("ru")
    text = run("rules twenties").output
    assert text.startswith("Набор правил twenties: текст о Голливуде")
    assert "настройка" in text and "--undercut-bonus" in text
    data = json.loads(run("rules twenties --json").output)
    assert data["follows"] == "the Hollywood text: undercut and box bonuses of 20"  # JSON is English
    assert data["summary"] == "twenties (undercut bonus 20, box bonus 20)"


def test_setting_errors(run, lang):
    lang("uk")
    result = run("new Alice Bob --undercut-bonus lots")
    assert result.exit_code == 1
    assert "--undercut-bonus: потрібне ціле число від 0 до 1000, а дано 'lots'" in result.output
    lang("ru")
    result = run("new Alice Bob --rules nope")
    assert "неизвестный набор правил 'nope'" in result.output


@pytest.mark.parametrize("code", ["de", "ru", "uk"])
def test_help_is_translated_when_shown(run, lang, code):
    """Help texts are functions called when the help is shown: the language chosen after the
    commands were defined (as --lang is) still gives them."""
    run("knock --help")  # the module is imported, its help read, in English
    lang(code)
    text = run("knock --help").output
    assert {"de": "SPIELER hat mit RESTPUNKTE_KLOPFER geklopft", "ru": "ИГРОК стучит", "uk": "ГРАВЕЦЬ стукає"}[code] in text
    assert {"de": "Die Partie, auf die der Befehl wirkt", "ru": "Игра, к которой относится команда", "uk": "Гра, до якої належить команда"}[code] in text
    assert "ginscore knock alice 4 15" in text
    text = run("new --help").output
    assert {"de": "Punkte, mit denen die Partie gewonnen ist.", "ru": "Очки, выигрывающие игру.", "uk": "Очки, що виграють гру."}[code] in text


def test_check_and_log(run, lang, isolated_ledger):
    run("new Alice Bob")
    run("knock alice 4 15")
    run("gin bob 20")
    run("undo")
    game = json.loads(run("status --json").output)["id"]
    lang("ru")
    result = run("check")
    assert result.exit_code == 0
    assert result.output.endswith(": 1 игра, 1 сдача, проблем нет.\n")
    text = run("log").output
    assert f"Игра {game}: Alice — Bob, 3 записи" in text
    assert "отменена №2: gin Bob 20" in text
    data = json.loads(run("log --json").output)
    assert data["entries"][2]["text"] == "took back #2: gin Bob 20"  # JSON is English
    game_file(isolated_ledger).write_text("{}", "utf-8")
    result = run("check")
    assert result.exit_code == 1
    assert "file_format: нет (в игре ginscore там 'ginscore-game'): это не файл игры ginscore" in result.output
    assert "1 проблема в файлах игр (1 из 1)" in result.output
    data = json.loads(run("check --json").output)
    assert data["problems"][0]["problem"].startswith("file_format: missing")


def test_english_is_unchanged(run, lang):
    lang("en")
    assert run("rules --list").output.startswith("Presets (use one with 'ginscore new A B --rules NAME')")
    assert "no games in" in run("knock alice 4 15").output
