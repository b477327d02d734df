"""``Record``: a NamedTuple written as ``typing.NamedTuple`` writes one, for less start-up.

``class Hand(Record):`` with annotated fields, defaults and methods makes the same class as
``class Hand(NamedTuple):`` does: a ``collections.namedtuple`` (a tuple: it unpacks, compares,
hashes and pickles alike, with ``_replace``, ``_asdict`` and ``_fields``) carrying the class's
docstring and methods. What it leaves out is the checking of each annotation that
``typing.NamedTuple`` does as the class is defined: under ``from __future__ import
annotations`` every annotation is a string, and typing compiles each one into a ``ForwardRef``.
That and typing's second class made half the cost of a record: the seventeen records on
``status``'s path took about 11 M instructions (a twentieth of its start-up) as NamedTuples.
The annotations are kept as written, for the reader; nothing evaluates them.
"""

from __future__ import annotations

from collections import namedtuple

# What a record may not define, as typing.NamedTuple refuses them: namedtuple's own.
_PROHIBITED = frozenset(
    ("__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make", "_replace", "_asdict", "_source")
)
_SPECIAL = frozenset(("__module__", "__qualname__", "__annotations__"))


class _RecordType(type):
    def __new__(cls, typename, bases, namespace):
        if not bases:  # Record itself
            return super().__new__(cls, typename, bases, namespace)
        if bases != (Record,):
            raise TypeError("a Record inherits from Record alone")
        fields = namespace.get("__annotations__", {})
        defaults = []
        for field in fields:
            if field in namespace:
                defaults.append(namespace[field])
            elif defaults:
                raise TypeError(f"non-default field {field!r} follows a default one in {typename}")
        made = namedtuple(typename, fields, defaults=defaults, module=namespace["__module__"])
        made.__qualname__ = namespace.get("__qualname__", typename)
        for key, value in namespace.items():
            if key in _PROHIBITED:
                raise AttributeError(f"a Record cannot define {key}")
            if key not in _SPECIAL and key not in fields:
                setattr(made, key, value)
        made.__annotations__ = dict(fields)
        return made


class Record(metaclass=_RecordType):
    """Inherit from this as from ``typing.NamedTuple``: the class made is a namedtuple."""

    __slots__ = ()
