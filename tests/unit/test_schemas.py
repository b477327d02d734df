"""The JSON Schemas shipped in ginscore/schemas/ (issue 21): valid draft 2020-12, package data, and
docs/json.md names every key they hold."""

import re

from jsonschema import Draft202012Validator

from helpers import ROOT
from helpers_schemas import SCHEMAS, schema_of

JSON_PAGE = ROOT / "docs" / "json.md"


def readme_sections() -> dict:
    """docs/json.md cut at its '## `ginscore.NAME`' headings: name -> text."""
    section = JSON_PAGE.read_text(encoding="utf-8")
    parts = re.split(r"^## `ginscore\.([a-z-]+)`.*$", section, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def schema_words(schema) -> tuple:
    """(every property name, every enum or const string) anywhere in ``schema``; the keys of the
    parts it shares with the game's schema (its ``final``) are documented there, and the rule
    settings in docs/house-rules.md's Settings."""
    keys, values = set(), set()

    def walk(node):
        if isinstance(node, dict):
            for key in node.get("properties", {}):
                keys.add(key)
            for value in [*node.get("enum", []), *([node["const"]] if "const" in node else [])]:
                if isinstance(value, str):
                    values.add(value)
            for item in node.values():
                walk(item)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    defs = schema.get("$defs", {})
    settings = set(defs.get("rules", {}).get("properties", {}))  # the rule settings: docs/house-rules.md's Settings
    walk({key: value for key, value in schema.items() if key != "$defs"})
    game = schema_of("game")["$defs"]
    shared = {name for name, value in defs.items() if schema["$id"] != "urn:ginscore:schema:game:1" and game.get(name) == value}
    walk({name: value for name, value in defs.items() if name not in ("rules", "differences", *shared)})
    elsewhere = schema_words(schema_of("game")) if shared else (set(), set())
    return keys - {"schema", "schema_version"}, values | settings | elsewhere[0] | elsewhere[1]


def test_every_schema_is_a_valid_draft_2020_12_schema():
    from ginscore.output.json_contract import DOCUMENTS

    assert sorted(path.stem for path in SCHEMAS.glob("*.json")) == sorted(DOCUMENTS)
    for name, kind in DOCUMENTS.items():
        schema = schema_of(name)
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["properties"]["schema"] == {"const": f"ginscore.{name}"}
        assert schema["properties"]["schema_version"]["pattern"] == f"^{kind.major}\\.[0-9]+$"


def test_the_json_page_documents_every_key_of_every_schema_and_no_other():
    from ginscore.cli import COMMANDS
    from ginscore.output.json_contract import DOCUMENTS

    sections = readme_sections()
    assert sorted(sections) == sorted(DOCUMENTS)
    for name, text in sections.items():
        keys, values = schema_words(schema_of(name))  # besides them, a section names commands
        documented = set(re.findall(r"`([a-z][a-z0-9_]*)`", text))
        assert keys - documented == set(), (name, "in the schema, not in docs/json.md", sorted(keys - documented))
        assert documented - keys - values - set(COMMANDS) == set(), (name, "in docs/json.md, not in the schema", sorted(documented - keys - values))


def test_the_schemas_are_package_data():
    """``pip install .`` carries ginscore/schemas/*.json (pyproject's package-data, MANIFEST.in)."""
    import fnmatch

    root = SCHEMAS.parent.parent
    text = (root / "pyproject.toml").read_text("utf-8")
    listed = re.search(r'\[tool\.setuptools\.package-data\][^\[]*ginscore = \[([^\]]+)\]', text).group(1)
    patterns = re.findall(r'"([^"]+)"', listed)
    for path in SCHEMAS.glob("*.json"):
        assert any(fnmatch.fnmatch(f"schemas/{path.name}", pattern) for pattern in patterns), path.name
    assert "include ginscore/schemas/*.json" in (root / "MANIFEST.in").read_text("utf-8")
