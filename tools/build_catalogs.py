"""Build ginscore's message catalogs: extract every message from the code, and compile the
translations to the .mo files gettext reads. Standard library only; the output is the same
byte for byte from the same sources (entries sorted, no dates).

    python tools/build_catalogs.py            # write ginscore/locale/LANG/LC_MESSAGES/ginscore.mo
    python tools/build_catalogs.py --check    # fail if a .mo is not what the sources give

Sources: ``po/LANG/*.po``, one file per part of the code (tables.po, cli.po, ...), so that
people translating different parts never edit the same file. Their entries are merged; the
same message in two parts must have the same translation.

Messages are found as the string literals passed to ``_()``, ``N_()`` (a message marked where
it cannot be translated yet, such as a help text, and looked up when shown) and ``ngettext()``
in ``ginscore/`` (``messages()``); tests/test_i18n.py holds every catalog to them.
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "po"
TARGET = ROOT / "ginscore" / "locale"
LANGUAGES = ("ru", "uk")
# Russian and Ukrainian: one (1, 21, 31 ...), few (2-4, 22-24 ...), many (0, 5-20, 25-30 ...).
PLURAL_FORMS = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
)


def messages(package: Path = ROOT / "ginscore") -> dict:
    """Every message in the code: msgid -> msgid_plural (None for a plain message)."""
    found: dict = {}
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            args = node.args
            literal = [isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in args]
            if node.func.id in ("_", "N_") and args and literal[0]:
                found.setdefault(args[0].value, None)
            elif node.func.id == "ngettext" and len(args) >= 2 and all(literal[:2]):
                found[args[0].value] = args[1].value
    return found


def read_po(path: Path, plurals: dict | None = None) -> dict:
    """msgid -> translation: a string, or a list of plural forms. Fuzzy and empty entries are
    left out (gettext then shows the English). ``plurals``, when given, gets msgid ->
    msgid_plural of the plural entries (click's messages are not in the code's)."""
    entries: dict = {}
    entry: dict = {}
    field = None

    def finish():
        if "msgid" in entry and entry["msgid"] and not entry.get("fuzzy"):
            if "msgid_plural" in entry:
                forms = [entry.get(f"msgstr[{index}]", "") for index in range(3)]
                if all(forms):
                    entries[entry["msgid"]] = forms
                    if plurals is not None:
                        plurals[entry["msgid"]] = entry["msgid_plural"]
            elif entry.get("msgstr"):
                entries[entry["msgid"]] = entry["msgstr"]

    for line in path.read_text("utf-8").splitlines() + [""]:
        line = line.strip()
        if not line:
            finish()
            entry, field = {}, None
        elif line.startswith("#,") and "fuzzy" in line:
            entry["fuzzy"] = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[field] += ast.literal_eval(line)
        else:
            field, _, text = line.partition(" ")
            entry[field] = ast.literal_eval(text)
    return entries


def merged(language: str, plurals: dict | None = None) -> dict:
    entries: dict = {}
    for path in sorted((SOURCES / language).glob("*.po")):
        for msgid, translation in read_po(path, plurals).items():
            if msgid in entries and entries[msgid] != translation:
                raise SystemExit(f"{path}: {msgid!r} is translated differently in another part")
            entries[msgid] = translation
    return entries


def compile_mo(entries: dict, plurals: dict) -> bytes:
    """The .mo file of ``entries`` (msgid -> translation), in GNU gettext's format."""
    header = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {PLURAL_FORMS}\n"
    pairs = {"": header}
    for msgid, translation in entries.items():
        if isinstance(translation, list):
            key = f"{msgid}\0{plurals.get(msgid) or msgid}"
            pairs[key] = "\0".join(translation)
        else:
            pairs[msgid] = translation
    keys = sorted(pairs)
    ids = b"".join(key.encode("utf-8") + b"\0" for key in keys)
    strs = b"".join(pairs[key].encode("utf-8") + b"\0" for key in keys)
    count = len(keys)
    start = 7 * 4 + count * 16
    offsets, position = [], 0
    for key in keys:
        offsets.append((len(key.encode("utf-8")), start + position))
        position += len(key.encode("utf-8")) + 1
    values, position = [], 0
    for key in keys:
        length = len(pairs[key].encode("utf-8"))
        values.append((length, start + len(ids) + position))
        position += length + 1
    output = struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    output += b"".join(struct.pack("ii", *pair) for pair in offsets)
    output += b"".join(struct.pack("ii", *pair) for pair in values)
    return output + ids + strs


def build(check: bool = False) -> int:
    stale = []
    for language in LANGUAGES:
        plurals: dict = {}
        entries = merged(language, plurals)
        data = compile_mo(entries, {**plurals, **messages()})
        path = TARGET / language / "LC_MESSAGES" / "ginscore.mo"
        if check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(str(path))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)} ({len(entries)} messages)")
    for path in stale:
        print(f"{path} is not what po/ gives: run python tools/build_catalogs.py", file=sys.stderr)
    return 1 if stale else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the .mo files are current")
    sys.exit(build(parser.parse_args().check))


if __name__ == "__main__":
    main()
