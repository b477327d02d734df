"""The index build's reading of untrusted files (issue #35): the quicker checks decide exactly
what the slower ones they replace decided."""

from __future__ import annotations

import json
import random

import pytest

from ginscore.base import jsonfile


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
