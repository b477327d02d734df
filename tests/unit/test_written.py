"""A game file written from the texts of the entries written before (ginscore.store.written): the
same bytes and parse as a whole write."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.base.jsonfile import canonical, parse_json
from ginscore.store import written
from helpers import examples

VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**40, 10**40), st.floats(allow_nan=False), st.text(max_size=4),
              st.sampled_from([0, 1, 1.0, True, "\x00", "\u2028", "é"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=3)),
    max_leaves=8,
)


CHANGES = st.lists(st.tuples(st.sampled_from(["add", "add", "add", "read back", "equal, other types", "drop"]), VALUES), min_size=1, max_size=25)


@settings(max_examples=examples(200), deadline=None)
@given(CHANGES)
def test_a_file_written_from_kept_texts_has_the_bytes_and_the_parse_of_a_whole_write(changes):
    """``written.file_bytes`` writes the bytes of ``jsonfile.canonical``, and
    ``written.parsed_as_written`` reads them back as ``parse_json`` does (the same values of the
    same types, the keys in the same order, or the same error), however entries come and go,
    are read back, or come again equal with other types (1, 1.0, true)."""

    from ginscore.base.jsonfile import Unreadable, canonical, parse_json
    from ginscore.store import written

    written.forget()
    entries: list = []
    for number, (change, value) in enumerate(changes):
        if change == "add":
            entries.append({"id": f"e{number}", "action": "hand", "hand": value, "clock": number})
        elif change == "drop" and entries:
            entries.pop(0)
        elif change == "equal, other types" and entries:
            entries[-1] = {**entries[-1], "clock": float(entries[-1]["clock"]) if number % 2 else True}
        data = {"file_format": "ginscore", "id": "k7f3q2ab", "zz": value, "journal": [dict(entry) for entry in entries]}
        payload = written.file_bytes(data, entries)
        assert payload == canonical(data)
        try:
            whole = parse_json(payload)
        except Unreadable as error:
            with pytest.raises(Unreadable) as raised:
                written.parsed_as_written(payload)
            assert str(raised.value) == str(error)
            continue
        parsed = written.parsed_as_written(payload)
        assert json.dumps(parsed) == json.dumps(whole) and repr(parsed) == repr(whole)
        if change == "read back":
            entries = list(parsed["journal"])


@pytest.mark.parametrize("note", ["", "[x", 'a \\" quote'])
def test_a_cut_between_other_places_than_the_entries_is_not_used(note):
    """A journal laid out by hand so that ',\\n    {' falls inside an entry and not between two:
    the texts cut there are not the entries, whatever the note says; told by the brackets where
    no text holds one or an escape, else by parsing each text."""
    first = '{"action":"hand","id":"a","list":[1,\n    {}],"note":"%s"},{"action":"hand","id":"b"}' % note
    raw = ('{\n  "journal": [\n    ' + first + '\n  ],\n  "x": 1\n}\n').encode("utf-8")
    data = parse_json(raw)
    assert len(data["journal"]) == 2 and written._cut(raw.decode("utf-8"))[1].startswith('{"action":"hand","id":"a","list":[1,\n    {')
    assert written._cut_as_parsed(raw, data) is None
    laid_out = canonical(data)  # as ginscore writes it: each entry's own text
    assert written._cut_as_parsed(laid_out, data) == [written._text(entry, entry) for entry in data["journal"]]
