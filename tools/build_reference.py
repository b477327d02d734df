"""Write the command reference, ``docs/reference.md``, from the click commands themselves: for
ginscore and each of its commands (and the commands of any group, walked the same way), the
usage line, the help text and every option with its help, in English, as ``--help`` prints
them. Written, never edited by hand, so that it cannot drift from the commands.

    python tools/build_reference.py            # write docs/reference.md
    python tools/build_reference.py --check    # fail if docs/reference.md is not what the commands give

tests/unit/test_reference.py runs the check, and holds the first paragraph of every command's
``--help`` to stand in the page word for word. Standard library and click only, as the catalogs'
build (tools/build_catalogs.py) is; CONTRIBUTING.md says why a script of our own and not cog.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "reference.md"
sys.path.insert(0, str(ROOT))  # the checkout's ginscore, installed or not

HEADER = """\
# Command reference

<!-- Written by tools/build_reference.py from the commands themselves: do not edit by hand.
     After changing a command's help, run: python tools/build_reference.py -->

Every command of ginscore as `ginscore COMMAND --help` prints it, in English: the usage line,
the help text with its examples, and the options. What the commands share (the current game,
`--game ID`, player names, `--json` and `--format`, errors) is in
[Commands: what they share](commands.md); the languages `--help` also speaks are in
[Languages](languages.md).
"""


def paragraphs(help_text: str) -> list:
    """A help text as click shows it, cut into paragraphs: (verbatim, lines). A paragraph that
    starts with click's ``\\b`` keeps its lines (examples); any other is one flowing line."""
    text = inspect.cleandoc(help_text).split("\f", 1)[0]
    found = []
    for block in text.split("\n\n"):
        lines = block.split("\n")
        if lines[0].strip() == "\b":
            found.append((True, lines[1:]))
        elif block.strip():
            found.append((False, [" ".join(line.strip() for line in lines)]))
    return found


def render_help(help_text: str) -> list:
    out = []
    for verbatim, lines in paragraphs(help_text):
        if verbatim:
            out += ["```text", *(line.rstrip() for line in lines), "```", ""]
        else:
            out += [lines[0], ""]
    return out


def cell(text: str) -> str:
    return text.replace("|", "\\|")


def command_section(command, ctx, path: str) -> list:
    import click

    out = [f"## `{path}`", "", "```text", "Usage: " + " ".join([path, *command.collect_usage_pieces(ctx)]), "```", ""]
    out += render_help(command.help or "")
    # the options, as --help lists them (an argument is in the usage line)
    records = [param.get_help_record(ctx) for param in command.get_params(ctx) if isinstance(param, click.Option)]
    records = [record for record in records if record]
    if records:
        out += ["| option | what it does |", "|---|---|"]
        out += [f"| `{cell(names)}` | {cell(' '.join(help.split()))} |" for names, help in records]
        out.append("")
    if isinstance(command, click.Group):
        names = [name for name in command.list_commands(ctx) if not command.get_command(ctx, name).hidden]
        out += ["Commands: " + ", ".join(f"[`{name}`](#{anchor(f'{path} {name}')})" for name in names) + ".", ""]
        for name in names:
            sub = command.get_command(ctx, name)
            out += command_section(sub, click.Context(sub, info_name=name, parent=ctx), f"{path} {name}")
    return out


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading made of words, spaces and dashes."""
    return heading.lower().replace(" ", "-")


def build() -> str:
    from ginscore.base import i18n
    from ginscore.cli import cli

    i18n.set_language("en")
    i18n.install_click()
    ctx = cli.context_class(cli, info_name="ginscore", **cli.context_settings)
    lines = [HEADER, *command_section(cli, ctx, "ginscore")]
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if docs/reference.md is not what the commands give")
    args = parser.parse_args(argv)
    text = build()
    if args.check:
        if not TARGET.exists() or TARGET.read_text("utf-8") != text:
            print(f"{TARGET.relative_to(ROOT)} is not what the commands give: run python tools/build_reference.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, "utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
