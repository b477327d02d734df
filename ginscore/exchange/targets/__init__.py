"""The export targets: each is a module with a ``Target`` subclass (``targets.base``) that knows
its file's suffix, how it writes a commodity and an account, and the text of the export.

Adding a target is one module and one line in ``TARGETS``: ``export --to`` takes it, lists it
in its help (and so in docs/reference.md) and completes it; ``ginscore.exchange.export`` asks
the target everything else. The registry
imports no target: a module is imported on first use, and the command line lists the names
without loading one (the group's --help imports the command modules).
"""

from __future__ import annotations

from importlib import import_module

# name -> "module:Class", in the order the help lists them. The name is what --to takes.
TARGETS = {
    "hledger": "ginscore.exchange.targets.hledger:Hledger",
    "ledger": "ginscore.exchange.targets.ledger:Ledger",
    "beancount": "ginscore.exchange.targets.beancount:Beancount",
    "csv": "ginscore.exchange.targets.csv:Csv",
}
_loaded: dict = {}


def names() -> tuple[str, ...]:
    return tuple(TARGETS)


def get_target(name: str):
    """The Target registered as ``name``, or None for a name no target has."""
    if name not in _loaded:
        if name not in TARGETS:
            return None
        module_name, class_name = TARGETS[name].split(":")
        _loaded[name] = getattr(import_module(module_name), class_name)()
    return _loaded[name]
