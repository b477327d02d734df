"""The README's console examples are run: each ``console`` block whose commands are ginscore's
(and ``cat`` of the house-rules file) is replayed in a fresh ledger, and what ginscore prints
must be what the README shows. Blocks that leave commands out (``...``) or run other programs
(benchmarks, pip) are not replayable and are skipped by name."""

import re
import shlex
from pathlib import Path

import pytest

from helpers import frozen_clock

README = Path(__file__).resolve().parent.parent / "README.md"
SHOWN_CONFIG = "/home/ann/.config/ginscore/config.toml"


def console_blocks() -> list:
    text = README.read_text("utf-8")
    blocks = re.findall(r"```console\n(.*?)```", text, re.S)
    return [block for block in blocks if replayable(block)]


def replayable(block: str) -> bool:
    commands = [line[2:] for line in block.splitlines() if line.startswith("$ ")]
    if not commands or any(line.strip() == "..." for line in block.splitlines()):
        return False
    return all(command.startswith(("ginscore ", "cat ~/.config/ginscore")) for command in commands)


def steps(block: str) -> list:
    """(command words, expected output lines) for each ``$`` line of a block."""
    found = []
    for line in block.splitlines():
        if line.startswith("$ "):
            found.append((shlex.split(line[2:], comments=True), []))
        elif found:
            found[-1][1].append(line)
    return found


def normal(lines) -> list:
    """Lines with what differs from run to run (dates and times) written the same way."""
    return [re.sub(r"\d{4}-\d\d-\d\d( \d\d:\d\d)?", "<date>", line).rstrip() for line in lines]


def test_the_readme_has_replayable_examples():
    assert len(console_blocks()) >= 5


@pytest.mark.parametrize("block", console_blocks(), ids=lambda block: block.splitlines()[0][2:40])
def test_readme_console_example(run, tmp_path, monkeypatch, block):
    frozen_clock(monkeypatch)  # with one device id: the same game ids as the README shows
    monkeypatch.setenv("GINSCORE_DEVICE", "readme")
    config = tmp_path / "config.toml"
    monkeypatch.setenv("GINSCORE_CONFIG", str(config))
    for words, expected in steps(block):
        head = None
        if words[-3:-1] == ["|", "head"]:  # '... | head -3': the first lines only
            words, head = words[:-3], int(words[-1].lstrip("-"))
        if words[0] == "cat":
            output = config.read_text("utf-8")
        else:
            output = run(words[1:]).output.replace(str(config), SHOWN_CONFIG)
        if head is not None:
            output = "\n".join(output.splitlines()[:head])
        assert normal(output.rstrip("\n").splitlines()) == normal(expected), " ".join(words)


DOCS = README.parent / "docs"


def links(text: str) -> list:
    """Every link target of a Markdown text: [words](target) and bare http(s) addresses."""
    return re.findall(r"\]\(([^)]+)\)", text) + re.findall(r"(?<!\()https?://\S+", text)


@pytest.mark.parametrize("page", sorted(DOCS.glob("*.md")), ids=lambda page: page.name)
def test_the_docs_never_link_out_of_the_project(page):
    for target in links(page.read_text("utf-8")):
        assert not target.startswith(("http:", "https:", "//")), (page.name, target)
        if not target.startswith("#"):
            resolved = (page.parent / target.split("#")[0]).resolve()
            assert resolved.is_relative_to(README.parent) and resolved.exists(), (page.name, target)


def test_the_readme_points_to_the_projects_own_rules():
    text = README.read_text("utf-8")
    assert "(docs/rules.md)" in text and "../shared" not in text and "RULES.md" not in text
