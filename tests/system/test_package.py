"""The package as 'pip install' copies it (the built_package fixture): what it ships."""

import os

import pytest

from helpers import ROOT


def test_the_build_ships_docs_rules_md_in_the_package(built_package):
    """docs/rules.md stays the one source: the package's build step copies it into the package
    (setup.py), where 'rules --doc' of an installed ginscore reads it."""
    assert not os.path.exists(os.path.join(ROOT, "ginscore", "rules.md"))  # no second copy to keep
    with open(os.path.join(ROOT, "docs", "rules.md"), "rb") as source, open(built_package / "ginscore" / "rules.md", "rb") as shipped:
        assert shipped.read() == source.read()
    with open(os.path.join(ROOT, "MANIFEST.in"), encoding="utf-8") as manifest:
        assert "include docs/rules.md" in manifest.read()  # a source distribution carries it to the build


@pytest.mark.slow
def test_the_build_puts_the_csv_rules_file_in_the_package(built_package):
    """What 'pip install' copies: package data (pyproject.toml) and the sdist's MANIFEST.in."""
    shipped = built_package / "ginscore" / "data" / "ginscore-export.csv.rules"
    with open(os.path.join(ROOT, "ginscore", "data", "ginscore-export.csv.rules"), "rb") as source:
        assert shipped.read_bytes() == source.read()
    with open(os.path.join(ROOT, "MANIFEST.in"), encoding="utf-8") as manifest:
        assert "include ginscore/data/*.rules" in manifest.read()
