"""Score sheets worth printing (issue #12), without a browser: the HTML page as parsed data,
the CSV a spreadsheet loads, the format names people type, the blank pads, --output and --open."""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser

import pytest

from helpers import (
    HOLLYWOOD_MATCH,
    PARTNERSHIP_GAME,
    RUMMY_GAME,
    STANDARD_25,
    THREE_HANDED_GAME,
    game_ids,
    ledger_bytes,
    ok,
    play,
)

GAMES = {
    "standard": STANDARD_25,
    "hollywood": HOLLYWOOD_MATCH,
    "partnership": PARTNERSHIP_GAME,
    "three-handed": THREE_HANDED_GAME,
    "rummy": RUMMY_GAME,
}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# SVG elements written self-closed (<line/>): html.parser reports them as start-and-end.
TEXT_COLUMNS = {"description", "result", "player", "winner", "upcard", "table", "columns", "closes", "sat out", "round winner", "side", "dealer"}


class Page(HTMLParser):
    """The parts of a page the tests look at, and a check that every element is closed in order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors = [], []
        self.charset = self.doctype = None
        self.title = ""
        self.series = []  # one list of series names per chart
        self.text = []
        self.attributes = []

    def handle_decl(self, decl):
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.attributes.append((tag, attrs))
        if tag == "meta" and "charset" in attrs:
            self.charset = attrs["charset"]
        if tag == "svg" and attrs.get("role") == "img":
            self.series.append([])
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        attrs = dict(attrs)
        self.attributes.append((tag, attrs))
        if tag == "path" and attrs.get("class") == "series":
            self.series[-1].append(attrs["data-name"])

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        if self.stack and self.stack[-1] == "title" and "svg" not in self.stack:
            self.title += data
        self.text.append(data)


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    return page


def sheet_of(run, played, game, fmt="html"):
    played(game)
    result = run(["sheet", "--format", fmt])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("table", GAMES)
def test_the_html_sheet_is_one_standalone_page(run, played, table):
    html = sheet_of(run, played, GAMES[table])
    page = parse(html)
    assert page.doctype.lower() == "doctype html" and page.charset == "utf-8"
    assert page.errors == [] and page.stack == []
    assert page.title.startswith(f"Game {game_ids(run)[0]}: ")
    # nothing fetched: no scripts, images, stylesheets or fonts from elsewhere
    assert not any(tag in ("script", "img", "link", "iframe") for tag, _ in page.attributes)
    assert not re.search(r"url\(|@import|https?://(?!www\.w3\.org/2000/svg)", html)
    assert "@media print" in html and "@page" in html and "size:" not in html.split("@page", 1)[1].split("}")[0]
    text = " ".join(page.text)
    assert "Date" in text and "Rules" in text and "Stake" in text
    assert re.search(r"\b20\d\d-\d\d-\d\d\b", text)  # the start date, YYYY-MM-DD


def test_html_sheet_escapes_names_and_draws_a_line_per_player(run, played):
    html = sheet_of(run, played, STANDARD_25)
    assert "<b>&" not in html and "Zoë &lt;b&gt;&amp;" in html
    page = parse(html)
    assert page.title == f"Game {game_ids(run)[0]}: Zoë <b>& v Bartholomew"
    assert page.series == [["Zoë <b>&", "Bartholomew"]]
    text = " ".join(page.text)
    assert "target 100" in text and "Net: Zoë <b>& wins by 164." in text
    assert "Bartholomew pays Zoë <b>& €8.20" in text
    assert html.count('class="box"') == 25  # every hand was won by someone: a box marked on its line


def test_hollywood_sheet_has_a_chart_per_column_each_with_both_players(run, played):
    page = parse(sheet_of(run, played, HOLLYWOOD_MATCH))
    assert page.series == [["Alice", "Bob"]] * 3
    assert "Column 3" in " ".join(page.text)


def test_partnership_and_three_handed_charts_draw_a_line_per_side_or_player(run, played):
    assert parse(sheet_of(run, played, PARTNERSHIP_GAME)).series == [["Alice & Carol", "Bob & Dave"]]


def test_three_handed_chart(run, played):
    assert parse(sheet_of(run, played, THREE_HANDED_GAME)).series == [["Ann", "Ben", "Cat"]]


def test_rummy_chart_follows_the_balances_below_zero_too(run, played):
    html = sheet_of(run, played, RUMMY_GAME)
    assert parse(html).series == [["Ann", "Ben", "Cy", "Dee"]]
    assert ">-50</text>" in html  # the axis reaches down to the lowest balance


# ---- CSV ----


def numeric_columns(rows):
    return [key for key in rows[0] if key not in TEXT_COLUMNS]

def test_the_chart_keeps_one_size_with_every_label_inside_it(run):
    """Issue 20 item 17: with one hand the chart spanned the page (its fonts oversized) and the
    target label at the top was cut off. The SVG has a fixed size, the same after 1, 3 and 25
    hands, the page's CSS never stretches it, and every label lies inside the picture."""
    sizes = set()
    commands = ["new Alice Bob", "knock alice 4 15", "knock bob 2 30", "gin alice 20", *["knock bob 1 2"] * 22]
    played = 0
    for hands in (1, 3, 25):
        play(run, *commands[played : hands + 1])
        played = hands + 1
        page = run(f"sheet --format html --game {game_ids(run)[0]}").output
        svg = re.search(r"<svg [^>]*viewBox=\"0 0 (\d+) (\d+)\"[^>]*>(.*?)</svg>", page, re.S)
        width, height = int(svg.group(1)), int(svg.group(2))
        tag = svg.group(0)[: svg.group(0).index(">")]
        assert f'width="{width}"' in tag and f'height="{height}"' in tag  # its own size, not the page's
        sizes.add((width, height))
        for x, y in re.findall(r'<text x="([\d.-]+)" y="([\d.-]+)"', svg.group(3)):
            assert 0 <= float(x) <= width and 10 <= float(y) <= height, (hands, x, y)  # a 10-unit font, inside
        assert "target 100" in svg.group(3)
    assert len(sizes) == 1
    css = page.split("<style>", 1)[1].split("</style>", 1)[0]
    assert "figure svg { display: block; max-width: 100%; height: auto; }" in css  # never stretched to the page


@pytest.mark.parametrize("table", GAMES)
def test_sheet_csv_loads_as_numbers_and_its_totals_match_status(run, played, table):
    rows = list(csv.DictReader(io.StringIO(sheet_of(run, played, GAMES[table], "csv"))))
    numbers = numeric_columns(rows)
    for row in rows:
        assert None not in row and None not in row.values()  # rectangular: every row has every column
        for key in numbers:
            if key == "round points" and row["round winner"] == "" and row[key] == "":
                continue  # a hand that completes no round has no round points (issue 20)
            float(row[key])  # a bare number, never "" or "5 = 125"
    state = json.loads(run("status --json").output)
    assert len(rows) == len(state["hands"])
    for row, hand in zip(rows, state["hands"]):
        if table == "hollywood":
            totals = {name: [int(row[f"{name} column {n}"]) for n in (1, 2, 3)] for name in state["players"]}
        elif table == "rummy":
            totals, hand["totals"] = {name: int(row[f"{name} balance"]) for name in state["players"]}, hand["balances"]
        else:
            totals = {name: int(row[f"{name} total"]) for name in hand["totals"]}
        assert totals == hand["totals"]
    last = rows[-1]
    if table == "hollywood":
        assert {name: [int(last[f"{name} column {n}"]) for n in (1, 2, 3)] for name in state["players"]} == state["scores"]
    elif table == "rummy":
        assert {name: int(last[f"{name} balance"]) for name in state["players"]} == state["balances"]
    else:
        assert {name: int(last[f"{name} total"]) for name in state["scores"]} == state["scores"]


@pytest.mark.parametrize("table", GAMES)
def test_status_csv_is_the_final_block_one_row_per_party(run, played, table):
    played(GAMES[table])
    rows = list(csv.DictReader(io.StringIO(run("status --format csv").output)))
    state = json.loads(run("status --json").output)
    for row in rows:
        for key in numeric_columns(rows):
            float(row[key])
    parties = {"partnership": 2, "hollywood": 6, "three-handed": 3, "standard": 2, "rummy": 4}[table]
    assert len(rows) == parties
    assert sum(int(row["net"]) for row in rows) == 0  # what one pays another collects
    if table == "standard":
        assert {row["player"]: int(row["total"]) for row in rows} == state["final"]["totals"]
        assert {row["player"]: row["amount"] for row in rows} == {"Zoë <b>&": "8.20", "Bartholomew": "-8.20"}
    if table == "hollywood":
        nets = [int(row["net"]) for row in rows if row["player"] == state["final"]["winner"]]
        assert sum(nets) == state["final"]["net"]


def test_csv_makes_formula_like_text_inert_and_keeps_negative_numbers(run):
    play(run, ["new", "=HYPERLINK(1)", "@Bob"], ["knock", "=", "4", "15"], ["gin", "@", "98"])
    sheet = run("sheet --format csv").output
    assert "'=HYPERLINK(1)" in sheet and "'@Bob" in sheet
    assert not re.search(r"(^|,)[=@+]", sheet, re.MULTILINE)
    final = list(csv.reader(io.StringIO(run("status --format csv").output)))
    assert final[1][0] == "'=HYPERLINK(1)" and int(final[1][-1]) < 0  # the loser's net: a bare -N


def test_status_csv_in_progress_is_the_running_totals(run):
    play(run, "new A B", "knock a 4 15")
    assert run("status --format csv").output.splitlines() == ["player,points,boxes", "A,11,1", "B,0,0"]


# ---- format names ----


@pytest.mark.parametrize("command", ["sheet", "status", "games", "log", "rules", "config", "settle", "stats"])
def test_format_names_people_type(run, command):
    play(run, "new A B", "knock a 4 15")
    assert run([command, "--format", "md"]).output == run([command, "--format", "markdown"]).output
    assert run([command, "--format", "markdown"]).output == run([command, "--format", "github"]).output
    assert run([command, "--format", "text"]).output == run([command]).output
    assert run([command, "--format", "JSON"]).output == run([command, "--json"]).output
    refused = run([command, "--format", "latex"])
    assert refused.exit_code == 1 and refused.output.count("\n") == 1 and "LaTeX is not offered" in refused.output


def test_status_text_format_is_a_table(run):
    play(run, "new A B", "knock a 4 15")
    result = run("status --format text")
    assert result.exit_code == 0 and re.search(r"^A +11 +1$", result.output, re.MULTILINE)


def test_status_and_sheet_align_a_final_block_alike_and_text_is_the_default(run):
    """Issue 20 item 18: the final block's numbers right-aligned in status as in sheet, and
    status --format text is plain status, byte for byte."""
    play(run, *STANDARD_25)
    status = run("status").output
    assert status == run("status --format text").output
    final = status.split("Final\n", 1)[1].split("\n\n", 1)[0].splitlines()
    width = len(final[0])  # the header ends with the last name: every row ends there too
    assert final[0].endswith("Bartholomew") and all(len(row) == width for row in final[2:]), final
    assert re.search(r"^total +548 +384$", status, re.MULTILINE)


def test_stats_right_aligns_every_player_and_prints_averages_with_one_decimal(run):
    # Ann: ten knocks of 10 -> average 10.0; Cy: 12 and 95 -> 53.5 (never "10" beside "53.5")
    play(run, "new Ann Ben", *["knock ann 1 11"] * 10, "new Cy Dee", "knock cy 1 13", "gin cy 70")
    lines = run("stats").output.splitlines()
    header = lines[0]
    average = next(line for line in lines if line.startswith("average hand won"))
    assert "10.0" in average.split() and not re.search(r" 10( |$)", average)
    for line in lines[2:]:
        if line.startswith(("games ", "hands ", "knocks ")):
            assert len(line) == len(header), (line, header)  # the last player's column ends with its name


def test_stats_of_a_club_is_a_row_per_player_and_of_four_a_column_each(run):
    """A club's stats reads down the players (issue #45): more than four players are a row each,
    by name, with every figure in its column; four or fewer stand side by side as before."""
    play(run, "new Eve Dan", "gin eve 90", "new Cy Ann", "knock ann 2 30", "gin ann 90")
    play(run, "new Ben Fay --stake 0.5 --currency €", "gin fay 90")  # Fay 90 + 25 + 100 + 25 = 240, shutout x2 = 480
    lines = run("stats").output.splitlines()
    assert lines[0].split()[:4] == ["player", "games", "games", "won"]  # the figures' labels head the columns
    players = [line.split()[0] for line in lines[2:]]
    assert players == ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay"]
    fay = lines[2 + players.index("Fay")].split()
    assert fay[1:5] == ["1", "1", "1", "1"] and "€240.00" in fay  # a game, won, a hand, won; 480 points at 0.5
    four = run("stats --player ann --player cy --player dan --player eve").output.splitlines()
    assert sorted(four[0].split()) == ["Ann", "Cy", "Dan", "Eve"] and four[2].split()[:2] == ["games", "1"]


def test_markdown_puts_each_header_and_footer_line_in_its_own_paragraph(run):
    """Issue 20 item 20: lines that follow each other run together into one paragraph on GitHub."""
    play(run, *STANDARD_25)
    for command in ("sheet --format md", "status --format md", "pad Alice Bob --format md"):
        lines = run(command).output.splitlines()
        for first, second in zip(lines, lines[1:]):
            if first.strip() and second.strip() and not first.startswith("|") and not set(second) <= {"="}:
                assert second.startswith("|"), (command, first, second)


def test_unknown_format_names_the_usual_ones_not_a_list_of_38(run):
    play(run, "new A B")
    result = run("sheet --format word")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "text (the default), markdown (or md), csv, html or json" in result.output
    assert "mediawiki" not in result.output


# ---- the terminal sheet ----


def test_hollywood_text_sheet_aligns_closed_columns_like_open_ones(run, played):
    played(HOLLYWOOD_MATCH)
    lines = run("sheet").output.splitlines()
    header = next(line for line in lines if line.startswith("  #  hand"))
    rows = [line for line in lines if re.match(r"^ *\d+  ", line)][: len(HOLLYWOOD_MATCH) - 1]
    # every total column ends where its header ends: right-aligned, closed cells and marks included
    for name in ("Alice 1", "Alice 2", "Alice 3", "Bob 1", "Bob 2", "Bob 3"):
        start = header.index(name)
        end = start + len(name)
        for row in rows:
            if row[start:end].strip():
                assert row[end - 1] != " " and (len(row) == end or row[end] == " "), (name, row)
    assert any("—" in row for row in rows) and any("*" in row for row in rows)


# ---- pads ----

PADS = ["", "--hollywood", "--three-handed", "--partnership", "--rummy"]


@pytest.mark.parametrize("flag", PADS)
def test_text_pad_fits_80_columns_with_a_row_per_hand_and_a_final_block(run, flag):
    result = run(["pad", *([flag] if flag else []), "--hands", "12"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "Players: ____" in result.output and "Date:    ____" in result.output
    assert re.search(r"^\|\s+12 \|", result.output, re.MULTILINE) and not re.search(r"^\|\s+13 \|", result.output, re.MULTILINE)
    labels = ("points", "game bonus", "shutout", "total", "net", "owed", "boxes x bonus")
    if flag == "--rummy":
        labels = ("hands won", "rummies", "points scored", "balance", "owed")
    for label in labels:
        assert f"| {label}" in result.output, label


def test_pad_header_is_filled_from_the_options(run):
    result = run("pad Alice Bob --stake 0.10 --currency € --rules seed-004")
    assert result.exit_code == 0, result.output
    assert "Players: Alice v Bob" in result.output and "Stake:   €0.1 per point" in result.output
    assert "Rules:   twenties (undercut bonus 20, box bonus 20)" in result.output
    assert "| boxes x 20" in result.output and "Alice" in result.output.split("Hands", 1)[1]


def test_pad_with_long_names_still_fits_80_columns(run):
    long = ["Bartholomew Featherstonehaugh-Smythe", "Maximilian Alexander von Hohenberg"]
    result = run(["pad", *long, "--hollywood"])
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80


@pytest.mark.parametrize("flag", PADS)
def test_html_pad_is_a_page_with_the_rows_and_labels(run, flag):
    result = run(["pad", *([flag] if flag else []), "--format", "html"])
    assert result.exit_code == 0, result.output
    page = parse(result.output)
    assert page.errors == [] and page.charset == "utf-8" and page.title.endswith("score sheet")
    assert "owed" in page.text


def test_pad_refuses_wrong_players_bad_options_and_writes_nothing(run, tmp_path):
    target = tmp_path / "pad.html"
    for arguments in (
        ["pad", "Alice", "-o", str(target)],
        ["pad", "A", "B", "C", "--partnership", "-o", str(target)],
        ["pad", "--format", "pdf", "-o", str(target)],
        ["pad", "--hollywood", "--three-handed", "-o", str(target)],
        ["pad", "--hands", "0", "-o", str(target)],
        ["pad", "--stake", "lots", "-o", str(target)],
        ["pad", "--columns", "4", "-o", str(target)],  # a Hollywood setting on a standard pad
    ):
        result = run(arguments)
        assert result.exit_code != 0 and result.output.count("\n") == 1 and result.output.startswith("Error:"), arguments
    assert not target.exists()


def test_pad_chooses_its_table_through_the_flags_of_new(run):
    from ginscore.tables import all_tables

    helptext = run("pad --help").output
    for kind in all_tables():
        if kind.flag:
            assert kind.flag in helptext


# ---- --output and --open ----


def test_output_writes_the_file_and_says_where(run, played, tmp_path, isolated_ledger):
    played(STANDARD_25)
    before = ledger_bytes(isolated_ledger)
    target = tmp_path / "out" / "sheet.html"
    target.parent.mkdir()
    result = run(["sheet", "--format", "html", "--output", str(target)])
    assert result.exit_code == 0 and result.output == f"Wrote {target}\n"
    assert target.read_text(encoding="utf-8") == run("sheet --format html").output
    assert [p.name for p in target.parent.iterdir()] == ["sheet.html"]  # no temporary file left
    assert ledger_bytes(isolated_ledger) == before
    csv_file = tmp_path / "hands.csv"
    assert run(["sheet", "--format", "csv", "-o", str(csv_file)]).exit_code == 0
    assert csv_file.read_text(encoding="utf-8").startswith("hand,description")


def test_output_to_a_missing_folder_is_one_line(run, tmp_path):
    play(run, "new A B")
    result = run(["sheet", "-o", str(tmp_path / "nowhere" / "x.txt")])
    assert result.exit_code == 1 and result.output.count("\n") == 1 and "nothing was written" in result.output


def test_a_bad_format_with_output_writes_nothing(run, tmp_path):
    play(run, "new A B")
    target = tmp_path / "x.html"
    assert run(["sheet", "--format", "latex", "-o", str(target)]).exit_code == 1
    assert not target.exists()


def test_open_launches_the_file(run, tmp_path, monkeypatch):
    from ginscore.cli import options

    opened = []
    monkeypatch.setattr(options, "launch", lambda path: opened.append(path) or True)
    play(run, "new A B", "knock a 4 15")
    target = tmp_path / "s.html"
    result = run(["sheet", "--format", "html", "-o", str(target), "--open"])
    assert result.exit_code == 0 and opened == [str(target)]
    result = run(["pad", "--format", "html", "--open"])  # no --output: a temporary file
    assert result.exit_code == 0 and opened[1].endswith(".html") and "<!DOCTYPE html>" in open(opened[1]).read()


def test_open_without_a_browser_says_so_and_where_the_file_is(run, tmp_path, monkeypatch):
    """Issue 20 item 22: xdg-open's own noise stays off the terminal, the exit is not 0 and the
    page written is named, to be opened by hand."""
    import os
    import stat

    tools = tmp_path / "bin"
    tools.mkdir()
    opener = tools / "xdg-open"
    opener.write_text("#!/bin/sh\necho 'xdg-open: no method available for opening' >&2\nexit 3\n")
    opener.chmod(opener.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    result = run("pad --format html --open")
    assert result.exit_code == 1 and "no method available" not in result.output
    path = re.search(r"no browser was found to open it: the file is (\S+\.html)$", result.output, re.MULTILINE).group(1)
    assert os.path.isfile(path) and "<!DOCTYPE html>" in open(path, encoding="utf-8").read()
    os.remove(path)


def test_log_of_a_hand_typed_as_cards_wraps_to_the_terminal(run, monkeypatch):
    """Issue 20 item 22: a hand typed as cards said in one line ran to about 220 characters."""
    play(run, "new A B")
    play(run, ["knock", "a", "--cards", "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--opponent-cards", "Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s"])
    for width in (80, 100):
        monkeypatch.setenv("COLUMNS", str(width))
        lines = run("log").output.splitlines()
        assert max(map(len, lines)) < width and any("deadwood Ac 8d = 9)" in line for line in lines)
    assert "deadwood Ac 8d = 9)" in run("log --format csv").output.splitlines()[1]  # a spreadsheet's cell stays whole


def test_games_json_entries_carry_the_final_object_of_status_json(run):
    """Issue 20 item 22 and 21: the same ``final`` as status --json; the top-level payments only
    in the 1.x shape asked for with --json-version 1."""
    for commands in (STANDARD_25, HOLLYWOOD_MATCH, PARTNERSHIP_GAME, THREE_HANDED_GAME, RUMMY_GAME):
        play(run, *commands)
        status = json.loads(run("status --json").output)
        entry = json.loads(run("games --json").output)["games"][-1]
        assert entry["id"] == status["id"] and entry["final"] == status["final"] and entry["final"] is not None
        assert "payments" not in entry
        old = json.loads(run("games --json --json-version 1").output)[-1]
        assert old["payments"] == status["final"]["payments"] and old["final"] == status["final"]
    play(run, "new A B")
    assert json.loads(run("games --json").output)["games"][-1]["final"] is None  # in progress
    assert json.loads(run("games --json --json-version 1").output)[-1]["payments"] == []


# ---- start-up: printing costs nothing between hands ----


@pytest.mark.parametrize("lang", ["en", "de", "ru", "uk"])
def test_every_pad_takes_what_new_takes_with_equal_cells_a_pen_fits(run, lang):
    """Issue 20 item 21: a Hollywood text pad with --columns 5 cut "they" to "th…" in 3-character
    cells, and Russian refused 5 columns. Every column count new takes is drawn (in parts one
    under the other when a line cannot hold them), every header whole, every cell to write in
    as wide as the others and room for "4 = 100"."""
    for columns in range(1, 11):
        others = [[], ["--partnership"], ["--rummy"], ["Annabelle", "Bartholomew", "Cy", "Dee", "Evangeline", "Fyodor", "--rummy"]]
        for flags in (["--hollywood", "--columns", str(columns)], *(others if columns == 1 else [])):
            result = run(["--lang", lang, "pad", *flags, "--hands", "3"])
            assert result.exit_code == 0, (flags, result.output)
            lines = result.output.splitlines()
            assert max(map(len, lines)) <= 80 and "…" not in result.output, flags
            for line in lines:
                if line.startswith("| 1 |"):  # a hand's row: its cells all as wide, 9 at least
                    cells = {len(cell) for cell in line.strip("|").split("|")[1:]}
                    assert len(cells) == 1 and cells.pop() >= 9, (flags, line)
            assert "<colgroup>" in run(["--lang", lang, "pad", *flags, "--format", "html"]).output


def test_html_pad_cells_are_all_as_wide_and_the_final_ones_take_a_written_score(run):
    css = run("pad --hollywood --format html").output.split("<style>", 1)[1]
    assert ".pad .hands table { table-layout: fixed; }" in css and ".pad .final col.cell { width: 5.5em; }" in css


def test_pad_takes_the_format_names_people_type(run):
    markdown = run("pad Alice Bob --hands 3 --format md")
    assert markdown.exit_code == 0 and "| Alice score" in markdown.output and "|   3 |" in markdown.output
    assert markdown.output == run("pad Alice Bob --hands 3 --format markdown").output
    data = json.loads(run("pad Alice Bob --hands 3 --format json").output)
    assert data["fields"][0] == {"label": "Players", "value": "Alice v Bob"} and len(data["tables"][0]["rows"]) == 3
    assert json.loads(run("pad Alice Bob --format json --json-version 1").output)["fields"]["Players"] == "Alice v Bob"
    rows = list(csv.reader(io.StringIO(run("pad --hands 3 --format csv").output)))
    assert rows[0] == ["#", "score", "total", "score", "total"] and len(rows) == 4
    assert run("pad --format TEXT").output == run("pad").output


def test_sheet_prints_number_like_names_as_typed(run):
    play(run, "new 1e5 007", "knock 1e 4 15", "knock 00 4 15")
    for fmt in ("simple", "github"):
        result = run(["sheet", "--format", fmt])
        assert result.exit_code == 0, result.output
        hands = [line for line in result.output.splitlines() if "knocks" in line]
        assert "100000" not in result.output  # tabulate read the name 1e5 as a number
        assert "1e5" in hands[0].split("knocks", 1)[1]  # the won-by cell, not only the hand text
        assert "007" in hands[1].split("knocks", 1)[1]
    html = run(["sheet", "--format", "html"]).output
    assert "100000" not in html and "<td>1e5</td>" in html and "<td>007</td>" in html


def test_sheet_as_html_is_html_throughout_with_names_escaped(run):
    play(run, ["new", "<b>A&", "Bob"], ["gin", "<", "98"])  # 25 + 98 = 123: over, Bob shut out
    (game,) = game_ids(run)
    html = run("sheet --format html").output
    assert html.startswith("<!DOCTYPE html>") and f"<title>Game {game}: &lt;b&gt;A&amp; v Bob</title>" in html
    assert f"<h1>Game {game}: &lt;b&gt;A&amp; v Bob</h1>" in html
    assert "<h2>Final</h2><table>" in html
    assert "<p>Net: &lt;b&gt;A&amp; wins by 496.</p>" in html  # 2 x (123 + 100 + 25)
    assert "=====" not in html and "<b>" not in html


def test_the_sheet_says_its_start_time_is_utc(run):
    play(run, "new A B")
    started = [line for line in run("sheet").output.splitlines() if line.startswith("Started ")]
    assert len(started) == 1 and started[0].endswith(" UTC")  # stored and shown in UTC, as 'log' says


def test_the_won_by_column_says_the_winner(run):
    play(run, "new Ann Bob", "gin ann 20")
    assert "победитель" in ok(run, ["--lang", "ru", "sheet"]).output
    assert "переможець" in ok(run, ["--lang", "uk", "sheet"]).output


def test_the_rummy_sheet_shows_the_cards_typed_and_signed_balances(run):
    play(run, "new Ann Bob Cy --rummy", "out ann bob=K,7,3 cy=12", "out cy ann=5 bob=Q,J --rummy", "end")
    sheet = ok(run, "sheet").output
    assert "Bob pays Ann 20 (K 7 3), Cy pays Ann 12" in sheet
    assert "Bob pays Cy 40 (Q J); doubled for rummy" in sheet
    final = sheet.split("Final")[1].split("Settlement")[0]
    ann = next(line for line in final.splitlines() if line.startswith("Ann"))
    assert ann.split()[4] == "+22"  # as status and the balances line write it
    status = ok(run, "status").output
    assert "+22" in status and "Balances: Ann +22, Bob -60, Cy +38." in status
