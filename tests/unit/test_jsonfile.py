"""A key given twice in a game file is found by the quick count of keys (jsonfile.parse_json:
the parser's objects against the '":' left when spaces and letters are taken out) as
surely as by the exact parse that looks at every object's pairs."""

from __future__ import annotations

import json
import random

import pytest

from ginscore.base import jsonfile

# keys and texts that move the count: a colon or quote inside, spaces before a colon, escapes
AWKWARD = ["a", "b", "a:", ":a", "note: 5", "1" * 31, "x1" * 40, '"', '":', 'x" :', "20:15", "a b", "\\", "ü", " ", "", "k\t"]


def document(rng: random.Random, depth: int):
    if depth == 0 or rng.random() < 0.3:
        return rng.choice([1, 2.5, None, True, *AWKWARD])
    if rng.random() < 0.4:
        return [document(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(AWKWARD): document(rng, depth - 1) for _ in range(rng.randint(0, 4))}


def written(rng: random.Random, value) -> str:
    """``value`` as JSON text, at random with a key of an object given twice, and with spaces,
    tabs and newlines around its colons and commas."""
    if isinstance(value, list):
        return "[" + ",".join(written(rng, item) for item in value) + "]"
    if not isinstance(value, dict):
        return json.dumps(value, ensure_ascii=rng.random() < 0.5)
    pairs = list(value.items())
    if pairs and rng.random() < 0.3:
        pairs.insert(rng.randrange(len(pairs) + 1), rng.choice(pairs))  # the same key again
    space = rng.choice(["", " ", "\n  ", "\t", "\r\n"])
    return "{" + ",".join(f"{json.dumps(key)}{space}:{rng.choice(['', ' '])}{written(rng, item)}" for key, item in pairs) + "}"


def strict(text: str):
    return json.loads(text, object_pairs_hook=jsonfile._unique_keys)


@pytest.mark.parametrize("seed", range(4))
def test_a_key_twice_is_refused_and_every_other_document_read_as_the_exact_parse_reads_it(seed):
    rng = random.Random(seed)
    for _ in range(400):
        text = written(rng, document(rng, 4))
        try:
            expected = strict(text)
        except jsonfile.Unreadable:
            with pytest.raises(jsonfile.Unreadable, match="appears twice"):
                jsonfile.parse_json(text.encode())
        else:
            assert jsonfile.parse_json(text.encode()) == expected


def test_a_key_twice_with_a_text_that_holds_what_the_count_counts():
    # the second "a" hides behind a '":' inside a text: counted keys equal the count, if the
    # count did not take the spaces out (the key before the colon would go uncounted)
    text = '{"a" : 1, "a" : 2, "b": "x\\":"}'
    with pytest.raises(jsonfile.Unreadable, match="appears twice"):
        jsonfile.parse_json(text.encode())
    assert jsonfile.parse_json(b'{"a" : 1, "c" : 2, "b": "x\\":"}') == {"a": 1, "c": 2, "b": 'x":'}


def test_digits_among_letters_are_read_and_a_long_number_refused():
    # spaces and letters are out of the scan, so these digits meet in a run of 40: the number hooks read them
    assert jsonfile.parse_json(('{"note": "' + "x1" * 40 + '"}').encode()) == {"note": "x1" * 40}
    with pytest.raises(jsonfile.Unreadable, match="31 digits"):
        jsonfile.parse_json(('{"deadwood": ' + "9" * 31 + "}").encode())
    assert jsonfile.parse_json(('{"deadwood": ' + "9" * 30 + "}").encode()) == {"deadwood": int("9" * 30)}


def nesting(value) -> int:
    """How deep lists and objects nest: an independent, recursive count."""
    if isinstance(value, dict):
        return 1 + max((nesting(item) for item in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((nesting(item) for item in value), default=0)
    return 0


def nested_document(rng: random.Random, depth: int):
    """Lists and objects nested ``depth`` deep, alternating at random, with brackets, quotes and
    backslashes in keys and texts (which the byte scan must not count)."""
    if depth == 0:
        return rng.choice(["a[", "]]", "{x}", 'q"[', "\\[", 1, None, "plain", "ü[", '\\"[', "\\\\"])
    kids = [nested_document(rng, depth - 1)] + [rng.choice(["[", "x", "}", 5, [], {}, ['\\"]']]) for _ in range(rng.randint(0, 2))]
    rng.shuffle(kids)
    if rng.random() < 0.5:
        return kids
    return {f"k{number}{rng.choice(['', '[', '}', chr(34), chr(92)])}": kid for number, kid in enumerate(kids)}


@pytest.mark.parametrize("seed", range(4))
def test_the_byte_scan_alone_tells_a_document_nested_too_deep(seed):
    # {[{[...]}]} lost two levels a step in the old scan (a walk of the parsed document caught it)
    rng = random.Random(seed)
    for _ in range(150):
        document = nested_document(rng, rng.randint(60, 68))
        raw = json.dumps(document, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 2])).encode()
        deep = nesting(document) > jsonfile.MAX_DEPTH
        if deep:
            with pytest.raises(jsonfile.Unreadable, match="nested more than 64 deep"):
                jsonfile.parse_json(raw)
        else:
            assert jsonfile.parse_json(raw) == document


def test_alternating_nesting_65_deep_is_refused_and_64_read():
    for quote in ("", '\\"'):  # no escape: the quick way of taking strings out; one: the exact split
        for depth, refused in ((64, False), (65, True)):
            text = '"' + quote + '"'
            for level in range(depth):
                text = f'{{"k{quote}": {text}}}' if level % 2 else f"[{text}]"
            if refused:
                with pytest.raises(jsonfile.Unreadable):
                    jsonfile.parse_json(text.encode())
            else:
                assert nesting(jsonfile.parse_json(text.encode())) == depth
