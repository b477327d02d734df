"""Write CONTRIBUTING.md's table of the layers from the code itself: one row per package of
``PACKAGES`` in tests/unit/test_layers.py (lowest first, the order the imports must go), its
modules from the files in the package, and what they hold from the first paragraph of the
package's docstring (``ginscore/PACKAGE/__init__.py``). Only the table, between its two marker
lines, is written; the rest of the page is edited by hand.

    python tools/build_contributing.py            # write the table into CONTRIBUTING.md
    python tools/build_contributing.py --check    # fail if the table is not what the code gives

tests/unit/test_contributing.py runs the check. Standard library only: the packages are read as
files (their docstrings parsed, nothing imported), so that a package that does not import
still gets its row.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "CONTRIBUTING.md"
LAYERS = ROOT / "tests" / "unit" / "test_layers.py"
BEGIN = "<!-- The table is written by tools/build_contributing.py from tests/unit/test_layers.py's PACKAGES and each package's docstring: edit those, then run it. -->"
END = "<!-- end of the written table -->"
VIEW = "_view"  # a table's view, named after its table: listed beside it


def packages() -> tuple:
    """``PACKAGES`` of the layering test, lowest first, read from its source."""
    for node in ast.parse(LAYERS.read_text("utf-8")).body:
        if isinstance(node, ast.Assign) and [getattr(target, "id", None) for target in node.targets] == ["PACKAGES"]:
            return ast.literal_eval(node.value)
    raise SystemExit(f"{LAYERS.relative_to(ROOT)} has no PACKAGES")


def holds(folder: Path) -> str:
    """The first paragraph of the package's docstring, on one line, with Markdown's backticks."""
    docstring = ast.get_docstring(ast.parse((folder / "__init__.py").read_text("utf-8"))) or ""
    first = docstring.split("\n\n")[0]
    return " ".join(first.split()).replace("``", "`").replace("|", "\\|")


def modules(folder: Path) -> str:
    """The package's modules by name (a table's view beside its table: ``base`` + ``base_view``),
    then each package inside it with its modules."""
    names = sorted(path.stem for path in folder.glob("*.py") if path.stem != "__init__")
    words = [f"`{name}` + `{name}{VIEW}`" if name + VIEW in names else f"`{name}`" for name in names if not name.endswith(VIEW)]
    words += [f"`{name}`" for name in names if name.endswith(VIEW) and name[: -len(VIEW)] not in names]
    for inner in sorted(path.parent for path in folder.glob("*/__init__.py")):
        words.append(f"`{inner.name}/` ({modules(inner)})")
    return ", ".join(words)


def table() -> str:
    rows = ["| package | modules | what they hold |", "|---|---|---|"]
    for name in packages():
        folder = ROOT / "ginscore" / name
        rows.append(f"| `{name}/` | {modules(folder)} | {holds(folder)} |")
    return "\n".join(rows)


def build(page: str) -> str:
    """``page`` with the text between the markers replaced by the table."""
    if page.count(BEGIN) != 1 or page.count(END) != 1 or page.index(BEGIN) > page.index(END):
        raise SystemExit(f"{TARGET.name} needs the two marker lines, once each, in order:\n{BEGIN}\n{END}")
    before, rest = page.split(BEGIN)
    return f"{before}{BEGIN}\n{table()}\n{END}{rest.split(END, 1)[1]}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if CONTRIBUTING.md's table is not what the code gives")
    checking = parser.parse_args(argv).check
    page = TARGET.read_text("utf-8")
    written = build(page)
    stale = written != page
    if stale and checking:
        print(f"the table of the layers in {TARGET.name} is not what the code gives: run python tools/build_contributing.py", file=sys.stderr)
    elif stale:
        TARGET.write_text(written, "utf-8")
        print(f"wrote the table of the layers in {TARGET.name}")
    return int(stale and checking)

if __name__ == "__main__":
    sys.exit(main())
