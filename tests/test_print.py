"""The printed page (issue #12): each HTML sheet and pad, printed by headless Chromium on
Letter and on A4, is exactly one page (pdfinfo). CI installs Chromium and poppler (.ci/run);
without them these tests skip and say why. One Chromium prints every page of the run (the
session fixture ``browser``, tests/chromium.py)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from chromium import find_browser
from helpers import HOLLYWOOD_MATCH, PARTNERSHIP_GAME, RUMMY_GAME, STANDARD_25, THREE_HANDED_GAME, game_ids

PDFINFO = shutil.which("pdfinfo")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        find_browser() is None or PDFINFO is None,
        reason="printing needs Chromium and pdfinfo (poppler-utils): .ci/run installs them, "
        "or 'apt-get install chromium poppler-utils'",
    ),
]

# A print that cannot fit the page must fail the test, whatever the browser's default paper:
# the page sets none, so each file is printed as it is (Chromium's default: Letter) and with A4
# forced, the two sizes whose intersection the page is designed for.
PAPERS = {"letter": "", "a4": "@page { size: A4; }"}


def pages(browser, tmp_path, html: str, name: str) -> dict:
    """Print ``html`` on each paper; the number of pages and the page size pdfinfo reports."""
    found = {}
    for paper, rule in PAPERS.items():
        source = tmp_path / f"{name}-{paper}.html"
        source.write_text(html.replace("</style>", f"{rule}</style>", 1), encoding="utf-8")
        pdf = tmp_path / f"{name}-{paper}.pdf"
        browser.print_pdf(source, pdf)
        info = subprocess.run([PDFINFO, str(pdf)], check=True, capture_output=True, text=True).stdout
        count = int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE).group(1))
        size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.MULTILINE).groups()
        found[paper] = (count, tuple(round(float(side)) for side in size))
    assert found["letter"][1] == (612, 792) and found["a4"][1] == (595, 842)  # the papers really differ
    return found


def test_the_browser_prints_letter_and_a4_with_one_centimetre_margins(browser, tmp_path):
    """The fixture prints as ``chromium --print-to-pdf`` did (Letter unless the page's @page
    says otherwise, 1 cm margins): measured with both, a block of 982 px fits a Letter page and
    983 px do not; on A4, 1048 and 1049. Here a dozen pixels either side, so that another
    Chromium's rounding cannot fail it, but margins of 0 or of an inch would, or A4 not taken."""
    for height, letter, a4 in ((970, 1, 1), (995, 2, 1), (1036, 2, 1), (1061, 2, 2)):
        html = f"<!doctype html><style>body {{ margin: 0 }} div {{ height: {height}px }}</style><div></div>"
        found = pages(browser, tmp_path, html, f"block-{height}")
        assert {paper: count for paper, (count, _) in found.items()} == {"letter": letter, "a4": a4}, height


@pytest.mark.parametrize(
    "name, game",
    [
        ("standard-25-hands", STANDARD_25),
        ("hollywood-3-columns", HOLLYWOOD_MATCH),
        ("partnership", PARTNERSHIP_GAME),
        ("three-handed", THREE_HANDED_GAME),
        ("rummy", RUMMY_GAME),
    ],
)
def test_each_sheet_prints_on_one_page(run, played, browser, tmp_path, name, game):
    played(game)
    html = run("sheet --format html").output
    assert {paper: count for paper, (count, _) in pages(browser, tmp_path, html, name).items()} == {"letter": 1, "a4": 1}


@pytest.mark.parametrize("flag", ["", "--hollywood", "--three-handed", "--partnership", "--rummy"])
def test_each_pad_prints_on_one_page(run, browser, tmp_path, flag):
    names = {
        "": "Alice Bob", "--three-handed": "Ann Ben Cat", "--partnership": "Alice Bob Carol Dave",
        "--rummy": "Ann Ben Cy Dee Ed Flo",
    }.get(flag, "")
    # the table's own number of rows, with names; and the most rows 'pad' allows, blank
    for arguments in ([*names.split(), *([flag] if flag else [])], [*([flag] if flag else []), "--hands", "40"]):
        result = run(["pad", *arguments, "--format", "html"])
        assert result.exit_code == 0, result.output
        found = pages(browser, tmp_path, result.output, "pad")
        assert {paper: count for paper, (count, _) in found.items()} == {"letter": 1, "a4": 1}, arguments


@pytest.mark.parametrize("game", [STANDARD_25, HOLLYWOOD_MATCH, PARTNERSHIP_GAME], ids=["standard", "hollywood", "partnership"])
def test_the_browser_html5_parser_reads_the_page_as_written(run, played, browser, tmp_path, game):
    """Chromium's own HTML5 parser (what --dump-dom prints): the charset and title land in the head, names
    stay text, and no element is moved or dropped (tables, charts and chart lines all there)."""
    played(game)
    html = run("sheet --format html").output
    source = tmp_path / "sheet.html"
    source.write_text(html, encoding="utf-8")
    dom = browser.dom(source)
    head = dom.split("</head>", 1)[0]
    game_id = game_ids(run)[0]
    assert '<meta charset="utf-8">' in head and f"<title>Game {game_id}: " in head
    for element in ("<table", "<svg", 'class="series"', "<figure", "<section"):
        assert dom.count(element) == html.count(element) > 0, element
    if game is STANDARD_25:
        assert f"<title>Game {game_id}: Zoë &lt;b&gt;&amp; v Bartholomew</title>" in head and "<b>&" not in dom
        assert dom.count('class="series"') == 2


@pytest.mark.parametrize("language", ["de", "ru", "uk"])
@pytest.mark.parametrize("name, game", [("standard-25-hands", STANDARD_25), ("hollywood-3-columns", HOLLYWOOD_MATCH)])
def test_the_sheet_in_russian_and_ukrainian_prints_on_one_page(run, played, browser, monkeypatch, tmp_path, language, name, game):
    """German, Russian and Ukrainian words are longer than English ones: the page still fits."""
    monkeypatch.setenv("GINSCORE_LANG", language)
    played(game)
    html = run("sheet --format html").output
    assert f'<html lang="{language}">' in html
    assert {paper: count for paper, (count, _) in pages(browser, tmp_path, html, f"{name}-{language}").items()} == {"letter": 1, "a4": 1}


@pytest.mark.parametrize("language", ["de", "ru", "uk"])
@pytest.mark.parametrize("flag", ["", "--hollywood", "--three-handed"])
def test_the_pad_in_russian_and_ukrainian_prints_on_one_page(run, browser, monkeypatch, tmp_path, language, flag):
    monkeypatch.setenv("GINSCORE_LANG", language)
    names = {"": "Алиса Боб", "--three-handed": "Аня Богдан Віра"}.get(flag, "")
    for arguments in ([*names.split(), *([flag] if flag else [])], [*([flag] if flag else []), "--hands", "40"]):
        result = run(["pad", *arguments, "--format", "html"])
        assert result.exit_code == 0, result.output
        assert f'<html lang="{language}">' in result.output
        found = pages(browser, tmp_path, result.output, f"pad-{language}")
        assert {paper: count for paper, (count, _) in found.items()} == {"letter": 1, "a4": 1}, arguments
