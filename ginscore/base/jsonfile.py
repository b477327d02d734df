"""JSON read defensively, for every file ginscore reads as untrusted input (game files, the
settlements file): limited depth and number sizes, and a key given twice is an error (json
keeps the last silently, and the next write would drop the first). Errors are ``Unreadable``,
whose message says where and why."""

from __future__ import annotations

import json
import re

from ginscore.base.errors import shown
from ginscore.base.i18n import _

MAX_DEPTH = 64  # a game file nests 6 deep; the json module's own limit is a RecursionError
MAX_NUMBER_DIGITS = 30  # no count in a game comes near; int() of 5,000 digits is an error


class Unreadable(Exception):
    """A file's bytes are not a JSON document; the message says where and why."""


def parse_json(raw: bytes):
    """The JSON document in ``raw``, read defensively: limited depth and number sizes, and a
    key given twice is an error (json keeps the last silently, and the next write would drop
    the first).

    Number sizes are checked by a C-speed scan of the bytes (digits as ``0``, spaces and
    letters taken out, a run of 31 of them anywhere); only a file with one (a long number, or a
    text with that many digits among its letters) is parsed with the exact, slower number hooks.
    """
    if not raw or raw.isspace():  # as raw.strip() would be empty, without a copy
        raise Unreadable(_("the file is empty"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Unreadable(_("not UTF-8 text (byte {byte})").format(byte=error.start)) from None
    # one pass at C speed: spaces out, every ASCII digit and letter as 0: brackets, quotes, colons,
    # backslashes and other punctuation stand as they are, and a number of 31 digits is a run of
    # 31 zeros (as is a run of letters and digits that long: only then are numbers parsed exactly)
    punctuation = raw.translate(_ALPHANUMERIC_AS_ZERO, _SPACES)
    long_numbers = b"0" * (MAX_NUMBER_DIGITS + 1) in punctuation
    if _nested_too_deep(raw, punctuation):
        raise Unreadable(_("lists or objects nested more than {most} deep: not a game file ginscore wrote").format(most=MAX_DEPTH))
    # parsed, so valid JSON: the byte scan above told its depth exactly. A key given twice is
    # told without the parser's pairs (a third of its time): each key's closing quote and its
    # colon meet once spaces are taken out, so at least as many '":' as keys; if the objects
    # hold as many keys as that, none was given twice. Else (a key twice, or a text holding
    # '":' once spaces are out: an escaped quote before a colon) the exact, slower way says.
    # (Letters stand as zeros, not taken out: a setting's "flat:100" is no key.)
    data, keys = _loads(text, long_numbers, counted=True)
    if keys != punctuation.count(b'":'):
        data = _loads(text, long_numbers)
    # \ud800 unpaired: no UTF-8 can write it back. A backslash is looked for first, one byte
    # (memchr, and a game file rarely holds one), before its escape (a slower search)
    if b"\\" in punctuation and b"\\u" in raw and _ESCAPED_SURROGATE.search(raw) and _lone_surrogate(data):
        raise Unreadable(_("a lone surrogate ({escape}) in its text: no file ginscore writes holds one").format(escape="\\udXXX"))
    return data


_ESCAPED_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")


def _lone_surrogate(data) -> bool:
    """Whether a text anywhere in ``data`` (a key or a value) holds a surrogate: JSON's escapes
    can write one alone (``\\ud800``); a pair of them is read as the one character it stands for."""
    level = [data]
    while level:
        below = []
        for item in level:
            if type(item) is str:
                if any("\ud800" <= char <= "\udfff" for char in item):
                    return True
            elif type(item) is dict:
                below += list(item.keys()) + list(item.values())
            elif type(item) is list:
                below += item
        level = below
    return False


def _nested_too_deep(raw: bytes, punctuation: bytes) -> bool:
    """Whether lists or objects nest more than ``MAX_DEPTH`` deep, told from the bytes before
    anything is parsed (a file of 7 MB nested 500 deep would take seconds and hundreds of MB to
    parse): strings taken out, only the brackets kept, then the innermost pairs taken away level
    by level, all at C speed. Exact for any document the parser then accepts, so nothing walks
    the parsed document again. ``punctuation``: ``raw`` without spaces, its letters and digits as 0.

    Strings are taken out cheaply where no string holds a bracket or an escape (every file
    ginscore writes, but for a name or note with one): only brackets and quotes kept, each
    string is then an adjacent pair of quotes. Were a string to hold a bracket, the first such
    string's opening quote would be left over (the run of quotes before it starts with an
    opening one and is odd: the quotes are then not all in adjacent pairs), and the exact split
    below decides."""
    brackets = None
    if b"\\" not in punctuation:
        kept = punctuation.translate(None, _NOT_BRACKETS_OR_QUOTES)  # every bracket of ``raw``
        if kept.count(b"[") + kept.count(b"{") <= MAX_DEPTH:
            return False
        if kept.count(b'""') * 2 == kept.count(b'"'):  # each quote one of an adjacent pair: no string holds a bracket
            brackets = kept.translate(None, b'"')
    elif punctuation.count(b"[") + punctuation.count(b"{") <= MAX_DEPTH:
        return False
    if brackets is None:
        outside_strings = b"".join(raw.replace(b"\\\\", b"").replace(b'\\"', b"").split(b'"')[::2])
        brackets = outside_strings.translate(None, _NOT_BRACKETS)
    for level in range(1, MAX_DEPTH + 1):  # a level a time: "{[]}" loses its "[]" first, its "{}" only next time
        shorter = brackets.replace(b"[]", b".").replace(b"{}", b".").replace(b".", b"")
        if len(shorter) == len(brackets):
            return False  # unbalanced, if anything is left: the parser says where
        brackets = shorter
        # what is left nests no deeper than it has opening brackets (a game file: after one level)
        if level + brackets.count(b"[") + brackets.count(b"{") <= MAX_DEPTH:
            return False
    return True


_NOT_BRACKETS = bytes(range(256)).translate(None, b"[]{}")  # made at C speed: on every command's start-up path
_NOT_BRACKETS_OR_QUOTES = _NOT_BRACKETS.translate(None, b'"')
_SPACES = b" \t\n\r"  # what JSON takes for white space


# the ASCII digits and letters as 0 (made at C speed: on every command's start-up path)
_ALPHANUMERIC_AS_ZERO = bytes(range(48)) + b"0" * 10 + bytes(range(58, 65)) + b"0" * 26 + bytes(range(91, 97)) + b"0" * 26 + bytes(range(123, 256))


def _loads(text: str, long_numbers: bool, counted: bool = False):
    """The document in ``text``: with ``counted``, (the document, how many keys its objects
    hold), a key given twice counted once; else a key given twice is an error."""
    hooks = {"parse_int": _whole_number, "parse_float": _number} if long_numbers else {}
    try:
        if not counted:
            return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_constant, **hooks)
        sizes: list = []

        def object_made(made: dict) -> dict:
            sizes.append(len(made))
            return made

        return json.loads(text, object_hook=object_made, parse_constant=_constant, **hooks), sum(sizes)
    except Unreadable:
        raise
    except json.JSONDecodeError as error:
        cut_short = error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated")
        ending = _(": the file ends too early, was it cut short?") if cut_short else ""
        raise Unreadable(
            _("not valid JSON: {error} (line {line}, column {column}){ending}").format(
                error=error.msg, line=error.lineno, column=error.colno, ending=ending
            )
        ) from None
    except RecursionError:  # json's C scanner gives up about a thousand levels deep
        raise Unreadable(
            _("lists or objects nested more than {most} deep: not a game file ginscore wrote").format(most=MAX_DEPTH)
        ) from None
    except ValueError as error:  # the limits should make this unreachable
        raise Unreadable(_("not JSON ginscore can read ({error})").format(error=str(error)[:80])) from None


def _unique_keys(pairs):
    data = dict(pairs)
    if len(data) != len(pairs):
        seen = set()
        twice = next(key for key, _value in pairs if key in seen or seen.add(key))
        raise Unreadable(
            _(
                "the key {key} appears twice in one object: which one is meant cannot be told, "
                "so the file is damaged (or was merged by hand)"
            ).format(key=shown(twice))
        )
    return data


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise Unreadable(
            _("a number of {count} digits ({start}...): no number in a game file is that long").format(
                count=len(text), start=text[:12]
            )
        )
    return int(text)


def _number(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS + 10:
        raise Unreadable(
            _("a number {count} characters long ({start}...): no number in a game file is that long").format(
                count=len(text), start=text[:12]
            )
        )
    return float(text)


def _constant(text: str):
    raise Unreadable(_("{text} is not a JSON number, and no game file holds it").format(text=text))


def remembered(kept: list, key, raw: bytes, make, most: int = 4):
    """``make(key, raw)``, or what it made for the same ``key`` and the same bytes ``raw`` among
    the last ``most`` it made (``kept``: a list of (key, raw, made), newest first)."""
    for kept_key, kept_raw, made in kept:
        if kept_key == key and kept_raw == raw:
            return made
    made = make(key, raw)
    kept[:] = [(key, raw, made), *kept[: most - 1]]
    return made


# What the pure-Python encoder (json.dumps with indent) writes, from the C encoder: every
# container holding only numbers, text, true, false and null is written by it in one call, its
# items separated by a comma and the line's indentation.
NUL, STANDS_IN = "\x00", '"\\u0000"'
# A game file is written again with one entry more: the text of the entries written last (entry
# id -> (the entry, its indentation, its text)) is used again for an equal entry (an entry is
# never changed in place; a changed one is written anew).
WRITTEN: dict = {}
MOST_WRITTEN = 20000
_FLAT: dict = {}
encode_text = json.encoder.encode_basestring


def canonical(data) -> bytes:
    """A file's bytes: sorted keys, two spaces of indentation, so that two devices writing the
    same data write the same bytes: exactly ``json.dumps(data, indent=2, ensure_ascii=False,
    sort_keys=True) + "\\n"``, a few times faster (that uses the pure-Python encoder)."""
    parts: list = []
    _indented(data, parts, "\n", True)
    parts.append("\n")
    return "".join(parts).encode("utf-8")


def indented(data, depth: int = 0) -> str:
    """Exactly ``json.dumps(data, indent=2, ensure_ascii=False)`` (keys in their order), from the
    C encoder: the JSON documents the commands print (``depth`` levels in: an entry of a list
    written piece by piece)."""
    parts: list = []
    _container(data, parts, "\n" + "  " * depth, False)
    return "".join(parts)


def _flat(newline: str, sort_keys: bool):
    """The C encoder (``json.dumps(..., separators=(",\\n  ...", ": "))`` without its checks of
    arguments), made once for each depth; the pure-Python one where Python has no C encoder."""
    encode = _FLAT.get((newline, sort_keys))
    if encode is None:
        made = json.JSONEncoder(ensure_ascii=False, sort_keys=sort_keys, separators=("," + newline, ": "))
        if json.encoder.c_make_encoder is None:
            encode = made.iterencode
        else:
            encode = json.encoder.c_make_encoder(
                None, made.default, json.encoder.encode_basestring, None, ": ", "," + newline, sort_keys, False, True
            )
        _FLAT[(newline, sort_keys)] = encode
    return encode


def _indented(value, parts: list, newline: str, sort_keys: bool) -> None:
    """``value`` as json.dumps(indent=2) writes it at the depth ``newline`` gives; a journal's
    entry written before (the same id, the same repr: 1, 1.0 and true differ) is not encoded again."""
    if sort_keys and isinstance(value, dict) and type(value.get("id")) is str:
        kept, shown = WRITTEN.get(value["id"]), repr(value)
        if kept is not None and kept[1] == newline and kept[0] == shown:
            parts.append(kept[2])
            return
        if len(WRITTEN) >= MOST_WRITTEN:
            WRITTEN.clear()
        text: list = []
        _container(value, text, newline, sort_keys)
        WRITTEN[value["id"]] = (shown, newline, "".join(text))
        parts += text
        return
    _container(value, parts, newline, sort_keys)


def _container(value, parts: list, newline: str, sort_keys: bool) -> None:
    """A container is written by the C encoder in one call, each container inside it standing in
    as the text "\\u0000" (a NUL), then put in its place."""
    inner = newline + "  "
    if isinstance(value, dict) and value:
        items = sorted(value.items()) if sort_keys else value.items()
        inside = [item for _key, item in items if isinstance(item, (dict, list, tuple)) and item]
        flat = {key: NUL if isinstance(item, (dict, list, tuple)) and item else item for key, item in value.items()}
        opening, closing = "{", "}"
    elif isinstance(value, (list, tuple)) and value:
        inside = [item for item in value if isinstance(item, (dict, list, tuple)) and item]
        flat = [NUL if isinstance(item, (dict, list, tuple)) and item else item for item in value]
        opening, closing = "[", "]"
    else:  # a number, text, true, false, null, or an empty container
        parts.append("".join(_flat(newline, sort_keys)(value, 0)))
        return
    pieces = "".join(_flat(inner, sort_keys)(flat, 0))[1:-1].split(STANDS_IN)
    if len(pieces) != len(inside) + 1:  # a NUL of its own in the data: the pure-Python encoder
        parts.append(json.dumps(value, indent=2, ensure_ascii=False, sort_keys=sort_keys).replace("\n", newline))
        return
    parts += [opening, inner, pieces[0]]
    for item, piece in zip(inside, pieces[1:]):
        _indented(item, parts, inner, sort_keys)
        parts.append(piece)
    parts += [newline, closing]
