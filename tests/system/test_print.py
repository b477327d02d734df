"""The printed page (issues #12 and #34): each HTML sheet and pad, printed by headless Chromium on
Letter and on A4, is exactly one page (pdfinfo); the paper the page asks for is the paper
printed; long names wrap or shrink and nothing is cut off; a pad's rows are at least 6 mm. CI installs Chromium and poppler (.ci/run);
without them these tests skip and say why. One Chromium prints every page of the run (the
session fixture ``browser``, tests/chromium.py)."""

from __future__ import annotations

import html as html_module
import json
import re
import shutil
import subprocess

import pytest

from chromium import find_browser
from helpers import HOLLYWOOD_MATCH, PARTNERSHIP_GAME, RUMMY_GAME, STANDARD_25, THREE_HANDED_GAME, game_ids, ok

PDFINFO, PDFTOTEXT = shutil.which("pdfinfo"), shutil.which("pdftotext")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        find_browser() is None or PDFINFO is None or PDFTOTEXT is None,
        reason="printing needs Chromium, pdfinfo and pdftotext (poppler-utils): .ci/run installs them, "
        "or 'apt-get install chromium poppler-utils'",
    ),
]

# A sheet asks for its paper (--paper, the house-rules file, the locale) but is designed for the
# intersection of both: each file is printed with each size forced (a rule after the page's own).
PAPERS = {"letter": "@page { size: letter; }", "a4": "@page { size: A4; }"}
SIZES = {"a4": (595, 842), "letter": (612, 792)}  # points, as pdfinfo reports them
CONTENT_MM = {"a4": (210 - 24, 297 - 24), "letter": (215.9 - 24, 279.4 - 24)}  # inside the 12 mm margins
MM_PER_POINT = 25.4 / 72


def pages(browser, tmp_path, html: str, name: str, header_footer: bool = False) -> dict:
    """Print ``html`` on each paper; the number of pages and the page size pdfinfo reports."""
    found = {}
    source = tmp_path / f"{name}.html"
    source.write_text(html, encoding="utf-8")
    for paper, rule in PAPERS.items():
        pdf = tmp_path / f"{name}-{paper}.pdf"
        browser.print_pdf(source, pdf, header_footer=header_footer, page_rule=rule)  # a rule after the page's own
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
    for header_footer in (False, True):
        found = pages(browser, tmp_path, html, name, header_footer)
        assert {paper: count for paper, (count, _) in found.items()} == {"letter": 1, "a4": 1}, header_footer




def long_names_25(first: str, second: str) -> list:
    """A 25-hand game of two long names: 12 knocks each (5 v 9, 3 v 10), then the first's gin."""
    return [
        ["new", first, second, "--stake", "0.05", "--currency", "€"],
        *(["knock", first[:4], "5", "9"], ["knock", second[:4], "3", "10"]) * 12,
        ["gin", first[:4], "50"],
    ]


# Two names of 40 characters, the most 'new' takes: one without a space to wrap at; and the
# widest letters there are.
LONG_NAMES = {
    "long": ("Wolfeschlegelsteinhausenbergerdorffvoral", "Bartholomew Maximilian Featherstonehaugh"),
    "wide": ("W" * 40, "MMMMMMMMMM MMMMMMMMMM MMMMMMMMMM MMMMMMM"),
}
# A partnership game of 12 rounds, over: each round Alice & Carol +1 (4 against 3), until
# Carol's gin of 98 in round 12.
PARTNERSHIP_12 = [
    "new Alice Bob Carol Dave --partnership --stake 0.10",
    *("knock alice 5 9", "knock dave 5 8", "knock dave 5 8", "knock carol 5 9") * 5,
    "knock alice 5 9", "knock dave 5 8", "gin carol 98", "knock alice 5 9",
]


def locale(monkeypatch, value: str) -> None:
    for variable in ("LC_ALL", "LC_PAPER"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", value)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_paper_asked_for_is_the_paper_printed(run, played, browser, tmp_path, monkeypatch, paper):
    """--paper is written into the page (@page size), so the browser prints on it whatever its
    own default (Chromium's: Letter): pdfinfo's size, on one page, sheet and pad."""
    played(STANDARD_25)
    locale(monkeypatch, "de_DE.UTF-8" if paper == "letter" else "en_US.UTF-8")  # the option over the locale
    for command in ("sheet --format html", "pad --hollywood --format html"):
        count, size, _words = printed(browser, tmp_path, ok(run, f"{command} --paper {paper}").output, "asked")
        assert (count, size) == (1, SIZES[paper]), command


@pytest.mark.parametrize("language, paper", [("de_DE.UTF-8", "a4"), ("en_US.UTF-8", "letter"), ("es_MX.UTF-8", "letter"), ("en_GB.UTF-8", "a4")])
def test_without_paper_the_locale_decides(run, played, browser, tmp_path, monkeypatch, language, paper):
    played(STANDARD_25)
    locale(monkeypatch, language)
    for command in ("sheet --format html", "pad --format html"):
        count, size, _words = printed(browser, tmp_path, ok(run, command).output, "locale")
        assert (count, size) == (1, SIZES[paper]), command


def test_the_house_rules_paper_is_printed(run, played, browser, tmp_path, monkeypatch):
    played(STANDARD_25)
    locale(monkeypatch, "en_US.UTF-8")
    ok(run, "config set paper a4")
    count, size, _words = printed(browser, tmp_path, ok(run, "sheet --format html").output, "house")
    assert (count, size) == (1, SIZES["a4"])


CELLS_RIGHT = (
    "JSON.stringify([document.documentElement.scrollWidth, "
    "Math.max(...[...document.querySelectorAll('body *')].map(element => element.getBoundingClientRect().right))])"
)


@pytest.mark.parametrize("names", ["long", "wide"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_names_of_40_characters_print_on_one_page_with_nothing_cut_off(run, played, browser, tmp_path, paper, names):
    """A 25-hand game of two 40-character names: one page on each paper, with and without
    Chromium's header and footer; every cell inside the page's content box as print lays it out
    (nothing runs past the right edge); every column's numbers in the printed text."""
    first, second = LONG_NAMES[names]
    assert len(first) == len(second) == 40
    played(long_names_25(first, second))
    html = ok(run, f"sheet --format html --paper {paper}").output
    width_mm, _height = CONTENT_MM[paper]
    source = tmp_path / "long.html"
    source.write_text(html, encoding="utf-8")
    scroll_width, right = json.loads(browser.printed_layout(source, width_mm, CELLS_RIGHT))
    assert scroll_width <= round(width_mm * 96 / 25.4) and right <= width_mm * 96 / 25.4 + 0.5, (scroll_width, right)
    for header_footer in (False, True):
        count, size, words = printed(browser, tmp_path, html, f"long-{paper}", header_footer=header_footer)
        assert (count, size) == (1, SIZES[paper]), header_footer
        text = [word[0] for word in words[0]]
        # hand 25's running totals, each player's total and net in the final block; the names' words
        assert {"123", "84", "548", "384", "164."} <= set(text), header_footer
        assert set(second.split()) <= set(text)
        margin = 12 / MM_PER_POINT  # the page's words (not Chromium's header and footer, in the margins) end inside it
        inside = [x_max for _text, _x, y_min, x_max, y_max in words[0] if y_min > margin and y_max < SIZES[paper][1] - margin]
        assert max(inside) <= SIZES[paper][0] - margin + 1, max(inside)
    # laid out for one paper, it still fits the other
    assert {other: count for other, (count, _) in pages(browser, tmp_path, html, "long-forced").items()} == {"letter": 1, "a4": 1}


def test_the_12_round_partnership_sheet_prints_on_one_a4_page_with_header_and_footer(run, played, browser, tmp_path):
    played(PARTNERSHIP_12)
    assert "round 12" in ok(run, "sheet").output
    html = ok(run, "sheet --format html --paper a4").output
    for header_footer in (False, True):
        count, size, _words = printed(browser, tmp_path, html, "partnership-12", header_footer=header_footer)
        assert (count, size) == (1, SIZES["a4"]), header_footer


PAD_NAMES = {
    "": "Alice Bob", "--hollywood": "Alice Bob", "--three-handed": "Ann Ben Cat", "--partnership": "Alice Bob Carol Dave",
    "--rummy": "Ann Ben Cy Dee Ed Flo",
}


def printed(browser, tmp_path, html: str, name: str, header_footer: bool = False) -> tuple:
    """Print ``html`` as it is (its own paper): the number of pages, the page size in points
    and the words of each page with their boxes in points (pdftotext -bbox)."""
    source, pdf = tmp_path / f"{name}.html", tmp_path / f"{name}.pdf"
    source.write_text(html, encoding="utf-8")
    browser.print_pdf(source, pdf, header_footer=header_footer)
    info = subprocess.run([PDFINFO, str(pdf)], check=True, capture_output=True, text=True).stdout
    count = int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE).group(1))
    size = tuple(round(float(side)) for side in re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.MULTILINE).groups())
    boxes = subprocess.run([PDFTOTEXT, "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    words = [
        [(html_module.unescape(text), *map(float, box)) for *box, text in WORD.findall(page)]
        for page in boxes.split("<page ")[1:]
    ]
    return count, size, words


WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def row_heights_mm(words: list, rows: int) -> list:
    """The printed height of each row of a pad's hands table, from the PDF: the distance from
    the top of each row's number (the first column: the leftmost word "1", "2", ...) to the next
    one's on the same page."""
    tops = []
    for page, page_words in enumerate(words):
        for number in range(1, rows + 1):
            found = [(x_min, y_min) for text, x_min, y_min, _x, _y in page_words if text == str(number)]
            if found:
                tops.append((number, page, min(found)))
    leftmost = min(x for _n, _p, (x, _y) in tops)
    column = {number: (page, y) for number, page, (x, y) in tops if abs(x - leftmost) < 12}
    assert sorted(column) == list(range(1, rows + 1)), sorted(column)  # every row printed, its number in the first column
    return [
        (column[number + 1][1] - column[number][1]) * MM_PER_POINT
        for number in range(1, rows)
        if column[number + 1][0] == column[number][0]
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flag", ["", "--hollywood", "--three-handed", "--partnership", "--rummy"])
def test_each_pad_prints_on_one_page_of_its_paper_with_rows_a_pencil_can_write_in(run, browser, tmp_path, flag, paper):
    """The table's own number of rows, with names and blank: one page of the paper asked for,
    every row at least 6 mm high as printed (the Hollywood pad's were 3.7 mm), the page used
    (the last line of the final block in the page's lowest quarter)."""
    for arguments in ([*PAD_NAMES[flag].split(), *([flag] if flag else [])], [*([flag] if flag else [])]):
        result = run(["pad", *arguments, "--format", "html", "--paper", paper])
        assert result.exit_code == 0, result.output
        count, size, words = printed(browser, tmp_path, result.output, "pad", header_footer=True)
        assert (count, size) == (1, SIZES[paper]), arguments
        rows = 15 if flag == "--partnership" else 25
        heights = row_heights_mm(words, rows)
        assert len(heights) == rows - 1 and min(heights) >= 6.0, (arguments, heights)
        lowest = max(y_max for text, _x, _y, _x_max, y_max in words[0] if not text.startswith(("file:", "1/")))
        assert lowest > 0.75 * SIZES[paper][1], (arguments, lowest)


@pytest.mark.parametrize("flag", ["", "--hollywood", "--partnership", "--rummy"])
def test_a_pad_of_40_rows_keeps_rows_of_6_mm_on_two_pages(run, browser, tmp_path, flag):
    """The most rows 'pad' allows do not fit one page at 6 mm: they continue on a second page
    (no row split between the two), never lower."""
    result = run(["pad", *([flag] if flag else []), "--hands", "40", "--format", "html", "--paper", "a4"])
    assert result.exit_code == 0, result.output
    count, size, words = printed(browser, tmp_path, result.output, "pad-40")
    assert count == 2 and size == SIZES["a4"]
    heights = row_heights_mm(words, 40)
    assert len(heights) == 38 and min(heights) >= 6.0, heights


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
    for paper in ("a4", "letter"):
        result = run(["pad", *names.split(), *([flag] if flag else []), "--format", "html", "--paper", paper])
        assert result.exit_code == 0, result.output
        assert f'<html lang="{language}">' in result.output
        count, size, words = printed(browser, tmp_path, result.output, f"pad-{language}")
        assert (count, size) == (1, SIZES[paper]) and min(row_heights_mm(words, 25)) >= 6.0, paper
