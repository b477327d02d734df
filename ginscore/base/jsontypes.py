"""What a JSON value is, in the words of a message: the checks of every file ginscore reads
ask a value for its JSON type ("a whole number", "a list") and quote it short."""

from __future__ import annotations

import json

from ginscore.base.i18n import _


def field(data: dict, key: str, expected: type, place: str, found: list):
    """``data[key]`` if present and of the ``expected`` type; otherwise note the problem in
    ``found`` (``place.key: ...``) and return None."""
    where = f"{place}.{key}" if place else key
    if key not in data:
        found.append(f"{where}: " + _("missing"))
        return None
    value = data[key]
    if not is_of_type(value, expected):
        found.append(f"{where}: " + _("expected {kind}, got {value}").format(kind=type_words(expected), value=value_words(value)))
        return None
    return value


def is_of_type(value, expected: type) -> bool:
    # bool is a subclass of int in Python, but true is not a number of points
    return type(value) is expected if expected in (int, bool) else isinstance(value, expected)


def type_words(expected: type) -> str:
    """A JSON type in words: ``a whole number``, ``a list``."""
    return {int: _("a whole number"), str: _("a string"), list: _("a list"), dict: _("an object"), bool: _("true or false")}[expected]


def value_words(value) -> str:
    """A value as a message shows it: scalars as written in JSON (cut to 40 characters),
    containers by their type."""
    if isinstance(value, dict):
        return _("an object")
    if isinstance(value, list):
        return _("a list")
    # escaped in full when it holds what a terminal would act on (json leaves C1 controls raw)
    printable = not isinstance(value, str) or value.isprintable()
    text = json.dumps(value, ensure_ascii=not printable)
    return text if len(text) <= 40 else text[:37] + "..."
