"""The JSON Schemas shipped in ginscore/schemas/, read for the contract's tests
(tests/unit/test_schemas.py, tests/cli/test_json_schemas.py)."""

import json

from helpers import ROOT

SCHEMAS = ROOT / "ginscore" / "schemas"


def schema_of(name: str) -> dict:
    return json.loads((SCHEMAS / f"{name}.json").read_text(encoding="utf-8"))
