"""The documentation's console examples are run: each console block of the README, of every page in
docs/ and of CONTRIBUTING.md is replayed in a fresh ledger, and what ginscore prints must be
what the page shows."""

import re
import shlex

import pytest

from helpers import frozen_clock
from helpers_docs import console_blocks

SHOWN_CONFIG = "/home/ann/.config/ginscore/config.toml"


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


@pytest.mark.parametrize(
    "page, block", console_blocks(), ids=lambda item: item.splitlines()[0][2:40] if "\n" in item else item
)
def test_readme_console_example(run, tmp_path, monkeypatch, page, block):
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
        assert normal(output.rstrip("\n").splitlines()) == normal(expected), (page, " ".join(words))
