"""The documentation's pages (the README, every page in docs/, CONTRIBUTING.md and
bench/README.md): every relative link and anchor resolves, and every command is in the
README's list. Their console examples, replayed, are tests/cli/test_docs.py's."""

import re
from pathlib import Path

import pytest

from helpers import ROOT
from helpers_docs import DOCS, PAGES, README, console_blocks


def test_the_pages_have_replayable_examples():
    assert len(console_blocks(README)) >= 1
    assert len(console_blocks()) >= 15


def links(text: str) -> list:
    """Every link target of a Markdown text: [words](target) and bare http(s) addresses."""
    return re.findall(r"\]\(([^)]+)\)", text) + re.findall(r"(?<!\()https?://\S+", text)


def outside_code(text: str) -> list:
    """The lines of a Markdown text, those of fenced code blocks blanked."""
    lines, fenced = [], False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        lines.append("" if fenced or line.startswith("```") else line)
    return lines


def anchors(page: Path) -> set:
    """The anchors GitHub gives the headings of ``page``: lower case, punctuation dropped,
    spaces as dashes, ``-1``, ``-2`` after a repeated one."""
    seen, found = {}, set()
    for line in outside_code(page.read_text("utf-8")):
        heading = re.match(r"#{1,6} (.*)", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            found.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
            seen[slug] = seen.get(slug, 0) + 1
    return found


def test_the_anchors_are_githubs():
    assert {"json-output", "ginscoreimport-a-score-pad-backup-imported", "languages-english-deutsch-русский-українська"} <= (
        anchors(DOCS / "json.md") | anchors(DOCS / "languages.md")
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_relative_link_and_anchor_resolves(page):
    for target in links("\n".join(outside_code(page.read_text("utf-8")))):
        if target.startswith(("http:", "https:", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        assert resolved.is_relative_to(ROOT) and resolved.exists(), (page.name, target)
        if anchor:
            assert resolved.suffix == ".md" and anchor in anchors(resolved), (page.name, target)


@pytest.mark.parametrize("page", [DOCS / "rules.md", DOCS / "glossary.md"], ids=lambda page: page.name)
def test_the_shipped_pages_never_link_out_of_the_project(page):
    """The rules are shipped with ginscore ('rules --doc') and read where there may be no network."""
    for target in links(page.read_text("utf-8")):
        assert not target.startswith(("http:", "https:", "//")), (page.name, target)


def test_the_readme_points_to_the_projects_own_rules():
    text = README.read_text("utf-8")
    assert "(docs/rules.md)" in text and "../shared" not in text and "RULES.md" not in text


def test_the_readme_is_short_and_every_page_is_in_the_index():
    assert len(README.read_text("utf-8").splitlines()) <= 300
    index = (DOCS / "README.md").read_text("utf-8")
    for page in DOCS.glob("*.md"):
        if page.name != "README.md":
            assert f"]({page.name})" in index or f"]({page.name}#" in index, page.name


def test_every_command_is_in_the_readmes_list_of_commands():

    from ginscore.cli import COMMANDS, cli

    readme = (ROOT / "README.md").read_text("utf-8")
    listing = readme.split("## Command reference", 1)[1].split("\n## ", 1)[0]
    for name in COMMANDS:
        if cli.get_command(None, name).hidden:  # not a person's command: 'merge-file' is git's merge driver
            continue
        assert f"[`{name}`](docs/reference.md#ginscore-{name})" in listing, name
