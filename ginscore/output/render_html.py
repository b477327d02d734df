"""A Sheet as one standalone HTML5 page, with its charts drawn as inline SVG.

Only ``sheet --format html`` and ``pad --format html`` import this module. The page carries
everything it needs (UTF-8 declared, CSS inline, no font, script or image fetched), so it can
be mailed, opened from a USB stick or printed years later. Print layout: ``@page`` sets the
margins and the paper asked for (A4 or Letter), so that any browser prints on it; a sheet still
fits either paper, and no table of it is split across pages. Long names wrap; a hands table
too wide for its line (two long names) is printed smaller. A pad's rows fill its page, never
lower than a pencil needs: rows that do not fit continue on a second page.
"""

from __future__ import annotations

from html import escape

from ginscore.base.i18n import _, language
from ginscore.base.paper_size import A4, CSS_SIZES, LETTER
from ginscore.base.text import text_columns

# A pad's rows: never lower than a pencil needs; printed, they grow to fill the page (its body
# is at least the page's height, less a little for a browser's rounding), up to the highest.
PAD_ROW_MIN_MM, PAD_ROW_MAX_MM = 6.3, 10  # 6 mm, a pencil's score, in rows laid out in whole pixels (a row of 6 mm may print at 5.8)
PAGE_HEIGHT_MM = {A4: 297, LETTER: 279.4}
PAGE_MARGIN_MM, PAGE_SLACK_MM = 12, 3
PAD_HEAD_ROW_MM, PAD_TITLE_MM = 6, 5  # the hands table's header rows and its title, for the most it grows to

# A hands table wider than this many characters (two long names) is printed smaller and
# tighter, so that its wrapped rows still leave room on the page for the rest; wider still (two
# names of 40 capitals W), smaller again. Wide letters count for more than one.
DENSE_WIDTH, DENSER_WIDTH, CELL_PADDING_CHARS = 110, 165, 1.5
WIDE_LETTERS, WIDE, CAPITAL = frozenset("MWmw@"), 1.5, 1.2
LONG_HEADER = 14  # characters: a longer column header (a name) wraps in a column of its own width

CSS = """
:root { --ink: #1a1a1a; --rule: #8a8a8a; --light: #d4d4d4; --head: #f0f0f0; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 1.5rem auto; padding: 0 1rem; max-width: 62rem; color: var(--ink); background: #fff;
  font: 11pt/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
        "Liberation Sans", "DejaVu Sans", sans-serif;
  overflow-wrap: anywhere;  /* a name of 40 letters and no space still fits the line; numbers never break */
}
h1 { font-size: 1.45em; margin: 0 0 .35em; }
h2 { font-size: 1em; margin: 0 0 .3em; }
dl.fields { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: .2em .8em;
  margin: 0 0 1em; }
dl.fields dt { font-weight: 600; }
dl.fields dd { margin: 0; min-width: 8em; }
.pad dl.fields dd { border-bottom: 1px solid var(--rule); min-height: 1.5em; }
.block { break-inside: avoid; page-break-inside: avoid; margin: 0 0 1em; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; break-inside: avoid;
  page-break-inside: avoid; }
th, td { border: 1px solid var(--rule); padding: .15em .5em; vertical-align: baseline; }
thead th { background: var(--head); font-weight: 600; text-align: left; }
th.n, td.n { text-align: right; overflow-wrap: normal; }
td.n { white-space: nowrap; }
thead th.long, .pad .final thead th.long { width: 9em; white-space: normal; overflow-wrap: anywhere; }
tbody th { text-align: left; font-weight: 600; background: var(--head); }
.hands table { width: 100%; }
.foot { display: flex; flex-wrap: wrap; gap: 0 1.5em; align-items: flex-start; }
.finals { display: flex; flex-wrap: wrap; gap: 0 1.2em; }
.foot { margin-top: 1.2em; }
.charts { flex: 1 1 60mm; min-width: 0; display: flex; flex-wrap: wrap; gap: .5em 1.5em; margin: 0 0 1em; }
figure { margin: 0; flex: 0 1 auto; break-inside: avoid; page-break-inside: avoid; }
figure svg { display: block; max-width: 100%; height: auto; }
figcaption { font-size: .85em; }
ul.legend { list-style: none; margin: .2em 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0 1em; }
ul.legend svg { display: inline-block; width: 2.2em; height: .8em; vertical-align: middle; }
.notes p { margin: .15em 0; }
.notes p:first-child { font-weight: 600; }
.pad .hands td, .pad .hands th { text-align: center; }
.pad .hands td { height: 7mm; padding: 0 .4em; line-height: 1; font-size: 7pt; vertical-align: middle; }
.pad .final tbody th { white-space: nowrap; }
.pad .hands table { table-layout: fixed; }
.pad .hands col.label { width: 3.2em; }
.pad .final col.cell { width: 5.5em; }
.pad .final td { height: 6.3mm; }
.pad .final thead th { height: 6mm; white-space: nowrap; }
.pad .groups th { text-align: center; height: 6mm; }
@page { margin: 12mm; }
@media print {
  body { margin: 0; padding: 0; max-width: none; font-size: 8pt; }
  h1 { font-size: 14pt; }
  th, td { padding: .05em .4em; line-height: 1.2; }
  .foot, .finals { gap: 0 .9em; }
  .foot { margin-top: .8em; }
  figure svg.one { width: 110mm; }
  figure svg.many { width: 46mm; }
  thead th, tbody th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .block { margin-bottom: .7em; }
  body.pad { display: flex; flex-direction: column; min-height: var(--page); }
  body.pad > * { flex: none; }
  body.pad > .hands { flex: 1 1 auto; display: flex; flex-direction: column; max-height: var(--most); }
  body.pad > .hands > table { flex: 1 1 auto; }
  .pad .hands td { height: var(--least); }
  .pad .hands, .pad .hands table { break-inside: auto; page-break-inside: auto; }
  .pad .hands tr { break-inside: avoid; page-break-inside: avoid; }
  .pad h1 { font-size: 12pt; }
  .pad dl.fields { margin-bottom: .5em; }
  .pad .foot { margin-top: .3em; }
  body.dense { font-size: 7pt; }
  body.dense th, body.dense td { padding: 0 .3em; line-height: 1.1; }
  body.dense figure svg.one { width: 90mm; }
  body.denser { font-size: 6pt; }
  body.denser h1 { font-size: 11pt; }
}
"""

# Lines told apart in colour and, printed in black and white, by their dashes and markers.
COLOURS = ("#1f5fa8", "#c0392b", "#2e7d32", "#7b3fa0", "#b26a00", "#00838f")
DASHES = ("", "7 3", "2 2.5", "9 3 2 3", "4 2", "1 3")
MARKERS = ("circle", "square", "diamond", "triangle", "circle", "square")


def page(sheet, pad: bool = False, paper: str | None = None) -> str:
    """The whole page, for ``paper`` (a4 or letter: its ``@page`` size) or, without, for
    either. A pad's empty rows fill the page, never lower than a pencil needs."""
    title = escape(sheet.title)
    body = sheet_body(sheet, pad)
    grids = list(sheet.grids)
    style = CSS
    kind = "pad" if pad else "sheet"
    width = 0 if pad or not grids else natural_width(grids[0])
    if width > DENSE_WIDTH:
        kind += " dense denser" if width > DENSER_WIDTH else " dense"
    if paper:
        style += f"@page {{ size: {CSS_SIZES[paper]}; }}\n"
    if pad:
        style += pad_heights(grids[0], paper)
    return "\n".join([*page_head(title, f"<style>{style}</style>"), f'<body class="{kind}">', *body, "</body>", "</html>"])


def page_head(title: str, *more: str) -> list:
    """A page's lines up to its body: the language, UTF-8, a phone's width, ``title`` (escaped
    already) and ``more`` (its style or the links to it)."""
    return [
        "<!DOCTYPE html>",
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}</title>",
        *more,
        "</head>",
    ]


def sheet_body(sheet, pad: bool = False) -> list:
    """The page's body, as a list of HTML pieces: the sheet's title and fields, its grids,
    charts and notes (the board of 'ginscore serve' shows a game's sheet with it)."""
    title = escape(sheet.title)
    body = [f"<header><h1>{title}</h1>", fields_html(sheet.fields), "</header>"]
    grids = list(sheet.grids)
    main, foot = grids[:1], grids[1:]
    main += [grid for grid in foot if grid.detail]
    foot = [grid for grid in foot if not grid.detail]
    body += [grid_block(grid, "hands" if index == 0 else "detail", pad) for index, grid in enumerate(main)]
    charts = "".join(chart_figure(chart, len(sheet.charts)) for chart in sheet.charts)
    finals = "".join(grid_block(grid, "final", pad) for grid in foot)
    if finals or charts:
        body.append('<div class="foot">')
        if finals:
            body.append(f'<div class="finals">{finals}</div>')
        if charts:
            body.append(f'<div class="charts">{charts}</div>')
        body.append("</div>")
    if sheet.notes:
        body.append('<footer class="notes block">' + "".join(f"<p>{escape(note)}</p>" for note in sheet.notes) + "</footer>")
    return body


def document(title: str, blocks) -> str:
    """A command's printed output as one whole page: its title, then each block, every value
    escaped (``render.html_page``)."""
    body = [f"<h1>{escape(title)}</h1>"]
    for kind, content in blocks:
        body.append(content if kind == "html" else f"<{kind}>{escape(content)}</{kind}>")
    return "\n".join([*page_head(escape(title), f"<style>{CSS}</style>"), '<body class="report">', *body, "</body>", "</html>"])


def pad_heights(hands, paper: str | None) -> str:
    """The printed pad's heights: its body at least the page's (Letter's without a paper, the
    lower), its hands table at most as high as rows of ``PAD_ROW_MAX_MM``."""
    page_mm = PAGE_HEIGHT_MM[paper or LETTER] - 2 * PAGE_MARGIN_MM - PAGE_SLACK_MM
    head_rows = 1 + bool(hands.groups)
    most_mm = PAD_TITLE_MM + head_rows * PAD_HEAD_ROW_MM + len(hands.rows) * PAD_ROW_MAX_MM
    return f".pad {{ --page: {page_mm:.1f}mm; --least: {PAD_ROW_MIN_MM}mm; --most: {most_mm:.1f}mm; }}\n"


def natural_width(grid) -> float:
    """About how many characters wide the grid is when no cell wraps: each column's longest
    cell (a long header wraps, so counts as LONG_HEADER) and its padding."""
    longest = [min(text_width(str(header)), LONG_HEADER) for header in grid.headers]
    for row in grid.rows:
        longest = [max(width, text_width(str(value))) for width, value in zip(longest, row)]
    return sum(longest) + CELL_PADDING_CHARS * len(longest)


def text_width(text: str) -> float:
    """About how many average characters wide ``text`` prints."""
    return sum(WIDE if char in WIDE_LETTERS else CAPITAL if char.isupper() else 1 for char in text)


def fields_html(fields) -> str:
    if not fields:
        return ""
    items = "".join(f"<dt>{escape(field.label)}</dt><dd>{escape(field.value)}</dd>" for field in fields)
    return f'<dl class="fields">{items}</dl>'


def numeric_columns(grid) -> set:
    """The columns to right-align: as the grid says, else those holding only numbers."""
    if grid.numeric is not None:
        return set(grid.numeric)
    text = set(text_columns(grid.headers, grid.rows))
    return {column for column in range(len(grid.headers)) if column not in text}


def grid_block(grid, kind: str, pad: bool = False) -> str:
    """A grid as a titled HTML table that is never split across pages. In a final block (its first header
    empty) the first cell of a row labels it. A pad's columns to write in are all as wide
    (its CSS sizes the ``col`` elements): "we" as "they", "+/-" as "sum"."""
    numbers = numeric_columns(grid)
    labelled = grid.headers and grid.headers[0] == "" and kind == "final"

    def cell(tag: str, value, column: int) -> str:
        classes = ["n"] if column in numbers else []
        if tag == "th" and len(str(value)) > LONG_HEADER:
            classes.append("long")  # a name: it wraps in a column of its own width
        css = f' class="{" ".join(classes)}"' if classes else ""
        scope = ' scope="col"' if tag == "th" else ""
        return f"<{tag}{css}{scope}>{escape(str(value))}</{tag}>"

    head = []
    if grid.groups:
        spans = "".join(
            f'<th colspan="{span}" scope="colgroup">{escape(str(label))}</th>' for label, span in grid.groups
        )
        head.append(f'<tr class="groups">{spans}</tr>')
    head.append("<tr>" + "".join(cell("th", value, column) for column, value in enumerate(grid.headers)) + "</tr>")
    rows = []
    for row in grid.rows:
        cells = []
        for column, value in enumerate(row):
            if column == 0 and labelled:
                cells.append(f'<th scope="row">{escape(str(value))}</th>')
            else:
                cells.append(cell("td", value, column))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    title = f"<h2>{escape(grid.title)}</h2>" if grid.title else ""
    return (
        f'<section class="block {kind}">{title}<table>{columns_html(len(grid.headers)) if pad else ""}<thead>{"".join(head)}</thead>'
        f'<tbody>{"".join(rows)}</tbody></table></section>'
    )


def columns_html(count: int) -> str:
    """The columns of a pad's table: the labels, then ``count - 1`` cells to write in."""
    return '<colgroup><col class="label">' + '<col class="cell">' * (count - 1) + "</colgroup>"


def axis(low: int, high: int) -> tuple:
    """The y axis: round numbers at or beyond ``low`` (0 or below) and ``high``, at least one
    step apart, and the step between its lines (at most about six)."""
    span = max(high - low, 1)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000):
        if span / step <= 6:
            break
    bottom = (low // step) * step
    return bottom, max(-(-high // step) * step, bottom + step), step  # never a flat axis (a Rummy game before its first hand)


def chart_figure(chart, count: int) -> str:
    """One chart as an inline SVG in a figure: a line per series from 0 through its running
    totals, a marker on each box (hand won), the target as a dashed line across."""
    # One size whatever the number of hands (the page's CSS never stretches it): 480 x 210 px
    # on screen, 110 mm wide in print; side by side (a Hollywood match), 320 x 190 and 46 mm.
    width, height = (480, 210) if count == 1 else (320, 190)
    left, right, top_margin, bottom = 40, 14, 18, 26  # room inside the picture for every label
    plot_w, plot_h = width - left - right, height - top_margin - bottom
    steps = max((len(series.totals) for series in chart.series), default=0)
    values = [value for series in chart.series for value in series.totals if value is not None]
    low, top, tick = axis(min([*values, 0]), max([*values, chart.target or 0, 0]))

    def x(index: int) -> float:  # index 0: the start, before the first hand
        return left + plot_w * index / max(steps, 1)

    def y(value: int) -> float:
        return top_margin + plot_h * (top - value) / (top - low)

    label = f"{chart.title}: " + "; ".join(
        f"{series.name} {next((v for v in reversed(series.totals) if v is not None), 0)}" for series in chart.series
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{"one" if count == 1 else "many"}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(label)}" font-size="10" font-family="inherit">',
        f"<title>{escape(label)}</title>",
    ]
    for value in range(low, top + 1, tick):
        parts.append(
            f'<line x1="{left}" y1="{y(value):.1f}" x2="{width - right}" y2="{y(value):.1f}" '
            f'stroke="{"#999" if value == 0 else "#e2e2e2"}" stroke-width="1"/>'
            f'<text x="{left - 4}" y="{y(value) + 3.5:.1f}" text-anchor="end" fill="#444">{value}</text>'
        )
    every = 1 if steps <= 15 else 5
    for index in range(0, steps + 1, every):
        parts.append(f'<text x="{x(index):.1f}" y="{height - bottom + 13}" text-anchor="middle" fill="#444">{index}</text>')
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 3}" text-anchor="middle" fill="#444">{escape(step_word(chart.step))}</text>'
    )
    if chart.target:
        parts.append(
            f'<line class="target" x1="{left}" y1="{y(chart.target):.1f}" x2="{width - right}" y2="{y(chart.target):.1f}" '
            f'stroke="#555" stroke-width="1" stroke-dasharray="5 3"/>'
            f'<text x="{left + 4}" y="{y(chart.target) - 4:.1f}" fill="#333">{escape(_("target {target}").format(target=chart.target))}</text>'
        )
    for number, series in enumerate(chart.series):
        colour, dash = COLOURS[number % len(COLOURS)], DASHES[number % len(DASHES)]
        points, path, pen_down = [(0, 0), *((i + 1, v) for i, v in enumerate(series.totals))], [], False
        for index, value in points:
            if value is None:
                pen_down = False
                continue
            path.append(f"{'L' if pen_down else 'M'}{x(index):.1f} {y(value):.1f}")
            pen_down = True
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<path class="series" data-name="{escape(series.name)}" d="{" ".join(path)}" fill="none" '
            f'stroke="{colour}" stroke-width="2" stroke-linejoin="round"{dashes}/>'
        )
        for index in series.boxes:
            value = series.totals[index]
            if value is not None:
                parts.append(marker(MARKERS[number % len(MARKERS)], x(index + 1), y(value), colour, "box"))
    parts.append("</svg>")
    legend = "".join(legend_item(number, series.name) for number, series in enumerate(chart.series))
    legend += f"<li>{_swatch(marker('circle', 14, 5, '#555', ''))} {escape(_('box (hand won)'))}</li>"
    return (
        f'<figure class="chart">{"".join(parts)}<figcaption>{escape(chart.title)}'
        f'<ul class="legend">{legend}</ul></figcaption></figure>'
    )


def ratings_chart(series: list, title: str) -> str:
    """The ratings of a few players over time as an inline SVG in a figure (the ladder's
    ``--format html``): ``series`` are (name, [(position, rating)]), a line each, by date."""
    from datetime import date

    width, height, left, right, top_margin, bottom = 640, 260, 46, 14, 18, 30
    plot_w, plot_h = width - left - right, height - top_margin - bottom
    days = [date.fromisoformat(position[:10]).toordinal() for _name, steps in series for position, _rating in steps]
    values = [rating for _name, steps in series for _position, rating in steps]
    if not days:
        return ""
    first, last = min(days), max(max(days), min(days) + 1)
    low, top, tick = axis(int(min(values)) // 50 * 50, int(max(values)) + 1)

    def x(day: int) -> float:
        return left + plot_w * (day - first) / (last - first)

    def y(value: float) -> float:
        return top_margin + plot_h * (top - value) / (top - low)

    label = f"{title}: " + "; ".join(f"{name} {round(steps[-1][1])}" for name, steps in series if steps)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="one" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             f'role="img" aria-label="{escape(label)}" font-size="10" font-family="inherit"><title>{escape(label)}</title>']
    for value in range(low, top + 1, tick):
        parts.append(f'<line x1="{left}" y1="{y(value):.1f}" x2="{width - right}" y2="{y(value):.1f}" stroke="#e2e2e2" stroke-width="1"/>'
                     f'<text x="{left - 4}" y="{y(value) + 3.5:.1f}" text-anchor="end" fill="#444">{value}</text>')
    for day in (first, last):
        parts.append(f'<text x="{x(day):.1f}" y="{height - bottom + 14}" text-anchor="middle" fill="#444">'
                     f'{date.fromordinal(day).isoformat()}</text>')
    for number, (name, steps) in enumerate(series):
        colour, dash = COLOURS[number % len(COLOURS)], DASHES[number % len(DASHES)]
        by_day: dict = {}
        for position, rating in steps:  # a day's last rating: a point a day, whatever the games
            by_day[date.fromisoformat(position[:10]).toordinal()] = rating
        path = " ".join(f"{'L' if index else 'M'}{x(day):.1f} {y(rating):.1f}" for index, (day, rating) in enumerate(by_day.items()))
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<path class="series" data-name="{escape(name)}" d="{path}" fill="none" stroke="{colour}" stroke-width="2"'
                     f' stroke-linejoin="round"{dashes}/>')
        for day, rating in list(by_day.items())[-1:]:
            parts.append(marker(MARKERS[number % len(MARKERS)], x(day), y(rating), colour, "last"))
    parts.append("</svg>")
    legend = "".join(legend_item(number, name) for number, (name, _steps) in enumerate(series))
    return f'<figure class="chart">{"".join(parts)}<figcaption>{escape(title)}<ul class="legend">{legend}</ul></figcaption></figure>'


def step_word(step: str) -> str:
    """What a chart's x axis counts, in words."""
    return {"hand": _("hand"), "round": _("round")}.get(step, step)


def legend_item(number: int, name: str) -> str:
    colour, dash = COLOURS[number % len(COLOURS)], DASHES[number % len(DASHES)]
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    line = f'<line x1="0" y1="5" x2="28" y2="5" stroke="{colour}" stroke-width="2"{dashes}/>'
    return f"<li>{_swatch(line + marker(MARKERS[number % len(MARKERS)], 14, 5, colour, ''))} {escape(name)}</li>"


def _swatch(content: str) -> str:
    return f'<svg viewBox="0 0 28 10" aria-hidden="true">{content}</svg>'


def marker(shape: str, cx: float, cy: float, colour: str, css: str) -> str:
    """A small filled shape; the shape tells the lines apart on a black-and-white print."""
    kind = f' class="{css}"' if css else ""
    paint = f'fill="{colour}" stroke="#fff" stroke-width="0.8"'
    if shape == "square":
        return f'<rect{kind} x="{cx - 3:.1f}" y="{cy - 3:.1f}" width="6" height="6" {paint}/>'
    if shape == "diamond":
        return f'<path{kind} d="M{cx:.1f} {cy - 4:.1f}L{cx + 4:.1f} {cy:.1f}L{cx:.1f} {cy + 4:.1f}L{cx - 4:.1f} {cy:.1f}Z" {paint}/>'
    if shape == "triangle":
        return f'<path{kind} d="M{cx:.1f} {cy - 4:.1f}L{cx + 4:.1f} {cy + 3:.1f}L{cx - 4:.1f} {cy + 3:.1f}Z" {paint}/>'
    return f'<circle{kind} cx="{cx:.1f}" cy="{cy:.1f}" r="3.3" {paint}/>'
