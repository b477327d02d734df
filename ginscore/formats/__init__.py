"""Game formats: each is a unit that knows its players, its hands and how to total them.

Adding a format (Hollywood, Oklahoma upcards, three-handed, partnership, Rummy) means adding a
module here and registering it; the ledger, the CLI and the renderer stay as they are.
"""

from __future__ import annotations

from importlib import import_module

from ginscore.errors import RulesError

# name -> "module:Class"; imported on first use so a command pays only for the format it needs
_REGISTRY = {
    "standard": "ginscore.formats.standard:StandardGin",
    "hollywood": "ginscore.formats.hollywood:HollywoodGin",
}

# Rule settings that only one format uses: any other format refuses them when given and
# stores their defaults (see GameFormat.prepare_rules).
FORMAT_SETTINGS = {
    "hollywood": ("columns", "column_target", "last_column_double"),
}


def names() -> tuple[str, ...]:
    return tuple(_REGISTRY)


def get_format(name: str):
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise RulesError(
            f"unknown game format {name!r}: this ginscore knows {', '.join(_REGISTRY)}; upgrade ginscore"
        ) from None
    module_name, class_name = target.split(":")
    return getattr(import_module(module_name), class_name)()
