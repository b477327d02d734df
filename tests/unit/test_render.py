"""Tables that start as fast as JSON (issue 35): the plain grid ``output.render.simple_grid``
draws is tabulate's "simple" byte for byte (what it cannot draw left to tabulate), and JSON is
written and printed with the same bytes as ``json.dumps``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from ginscore.base.text import text_columns
from ginscore.output import render
from helpers import FIXTURES, examples

# ---- the default text table without tabulate, byte for byte as tabulate draws it ----

TEXTS = st.one_of(
    st.sampled_from(["", " ", "Alice", " Bob ", "1e5", "007", "-3", "True", "12.50", "+4", "Алиса", "Jörg", "…", "1,000"]),
    st.text(st.characters(min_codepoint=0x20, max_codepoint=0x52F), max_size=8),
)
CELLS = st.one_of(TEXTS, st.integers(-10**6, 10**6), st.none())


def tabulated(headers, rows, numeric=None) -> str:
    """What render.grid drew with tabulate before it drew the default style itself."""
    colalign = None if numeric is None else ["right" if column in numeric else "left" for column in range(len(headers))]
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=text_columns(headers, rows) or False, colalign=colalign)


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(1, 5).flatmap(lambda width: st.tuples(
    st.lists(TEXTS, min_size=width, max_size=width),
    st.lists(st.lists(CELLS, min_size=width, max_size=width), max_size=6),
    st.one_of(st.none(), st.sets(st.integers(0, width - 1)).map(tuple)),
)))
def test_the_default_table_is_tabulates_simple_byte_for_byte(table):
    headers, rows, numeric = table
    drawn = render.simple_grid(headers, rows, text_columns(headers, rows), numeric)
    if drawn is not None:  # None: a cell it leaves to tabulate
        assert drawn == tabulated(headers, rows, numeric)
    assert render.grid(headers, rows, numeric=numeric) == tabulated(headers, rows, numeric)


def test_the_default_table_leaves_what_it_cannot_draw_to_tabulate():
    for headers, rows in (
        (["a", "b"], [["x", 1.5]]),  # a float: tabulate's number format
        (["a", "b"], [["x", True]]),
        (["a", "b"], [["two\nlines", 1]]),
        (["a", "b"], [["漢字", 1]]),  # two columns wide where wcwidth is installed
        (["a", "b"], [["e\u0301", 1]]),  # a combining accent
        (["a", "b"], [["x"]]),  # a short row
    ):
        assert render.simple_grid(headers, rows, text_columns(headers, rows)) is None
        assert render.grid(headers, rows) == tabulated(headers, rows)
    assert render.simple_grid(["player", "net"], [["Alice", 12], ["Bob", -12]], []) == (
        "player      net\n--------  -----\nAlice        12\nBob         -12"
    )


def test_narrow_tells_every_character_as_the_pattern_does():
    """render.narrow answers printable ASCII without the pattern (compiled only for the rest)."""
    import re

    pattern = re.compile(render._NARROW)
    for code in range(0x10000):
        character = chr(code)
        assert render.narrow(character) == (pattern.fullmatch(character) is not None), hex(code)
    for string in ("", "Alice", "Jörg 12", "a\tb", "a\n", "Алиса…", "x\u0301", "漢", " ~"):
        assert render.narrow(string) == (pattern.fullmatch(string) is not None), string


# ---- the game file written by the C encoder, the same bytes as json.dumps(indent=2) ----


def old_canonical(data) -> bytes:
    import json

    return (json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")


def test_every_fixture_file_is_written_with_the_same_bytes_as_before():
    import json
    import pathlib

    from ginscore.base.jsonfile import canonical

    checked = 0
    for path in sorted(pathlib.Path(FIXTURES).rglob("*.json")):
        try:
            data = json.loads(path.read_bytes())
        except ValueError:  # a damaged file kept as a fixture
            continue
        assert canonical(data) == old_canonical(data), path
        checked += 1
    assert checked > 20
    for value in (1, 1.5, float("nan"), float("-inf"), True, None, "x\u2028\"\x00é", {}, [], {"a": {}}, {"a": [[1], []]},
                  (1, 2), {True: 1}, {2.5: [True]}, {"a": "\x00", "b": [1, {"c": "\x00"}]}, ["\x00", [1]]):
        assert canonical(value) == old_canonical(value), value


JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=examples(200), deadline=None)
@given(JSON_VALUES)
def test_any_json_is_written_with_the_same_bytes_as_before(value):
    from ginscore.base.jsonfile import canonical

    assert canonical(value) == old_canonical(value)


# ---- long lists in one line: the first few named, the others counted ----


@settings(max_examples=examples(200), deadline=None)
@given(JSON_VALUES)
def test_any_json_is_printed_with_the_same_text_as_before(value):
    import json

    assert render.to_json(value) == json.dumps(value, indent=2, ensure_ascii=False)
