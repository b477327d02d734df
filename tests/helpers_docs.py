"""The pages of the documentation (the README, CONTRIBUTING.md, bench/README.md, docs/) and their
``console`` blocks, for the tests of links (tests/unit/test_docs.py) and of the examples
replayed (tests/cli/test_docs.py)."""

import re
from pathlib import Path

from helpers import ROOT

README = ROOT / "README.md"


DOCS = ROOT / "docs"


# the pages whose examples are replayed and whose links must resolve
PAGES = [README, ROOT / "CONTRIBUTING.md", ROOT / "bench" / "README.md", *sorted(DOCS.glob("*.md"))]


def console_blocks(page: Path = None) -> list:
    """(page name, block) for each replayable console block of ``page``, or of every page."""
    found = []
    for each in [page] if page else PAGES:
        blocks = re.findall(r"```console\n(.*?)```", each.read_text("utf-8"), re.S)
        found += [(each.relative_to(ROOT).as_posix(), block) for block in blocks if replayable(block)]
    return found


def replayable(block: str) -> bool:
    commands = [line[2:] for line in block.splitlines() if line.startswith("$ ")]
    if not commands or any(line.strip() == "..." for line in block.splitlines()):
        return False
    if len(commands) == len(block.splitlines()):  # commands to type, no output: a list, not a session
        return False
    return all(command.startswith(("ginscore ", "cat ~/.config/ginscore")) for command in commands)
