"""Each kind of table, a unit: its seats, settings and hands, the result it replays a game into
and the payments it hands the settlement, and its view (every word and layout); what the last
replays found (``kept``), a hand's kept seats; ``__init__.py`` is the registry (pure).

"Table" is the word for the kind of game being scored (two-handed, Hollywood, three-handed,
partnership, Rummy); "format" is only ever the output format (``--format csv``). Adding a table
is one module with a ``Table`` subclass (and its view) and one line in ``TABLES``: ``new`` gets
its flag; the ledger, the game file format's checks, the CLI and the renderer ask it everything else.
"""

from __future__ import annotations

from importlib import import_module

from ginscore.base.errors import RulesError
from ginscore.base.i18n import _

# name -> "module:Class"; a module is imported on first use, so a command pays only for the
# table it scores. The name is the flag on 'new' (--hollywood) and what a game file stores.
TABLES = {
    "standard": "ginscore.tables.standard:StandardGin",
    "hollywood": "ginscore.tables.hollywood:HollywoodGin",
    "three-handed": "ginscore.tables.three_handed:ThreeHandedGin",
    "partnership": "ginscore.tables.partnership:PartnershipGin",
    "rummy": "ginscore.tables.rummy:RummyTable",
}
DEFAULT_TABLE = "standard"
_loaded: dict = {}


def names() -> tuple[str, ...]:
    return tuple(TABLES)


def get_table(name: str):
    """The Table registered as ``name``."""
    if name in _loaded:
        return _loaded[name]
    try:
        target = TABLES[name]
    except KeyError:
        raise RulesError(
            _("unknown kind of table {name}: this ginscore knows {names}; upgrade ginscore").format(
                name=repr(name), names=", ".join(TABLES)
            )
        ) from None
    module_name, class_name = target.split(":")
    # a table does not import this registry: it is given it, to name the tables that would fit
    _loaded[name] = getattr(import_module(module_name), class_name)(all_tables)
    return _loaded[name]


def all_tables() -> list:
    return [get_table(name) for name in TABLES]


def all_settings() -> dict:
    """Every rule setting of every table, name -> Setting (the first table to declare a name
    gives its description): the options of 'new' and the keys of the house-rules file."""
    settings: dict = {}
    for table in all_tables():
        for name, spec in table.settings.items():
            settings.setdefault(name, spec)
    return settings
