"""Build ginscore's message catalogs: extract every message from the code into the template
``po/ginscore.pot``, merge it into the translations with GNU ``msgmerge``, and compile the
translations to the .mo files gettext reads. The template and the .mo files are the same byte
for byte from the same sources (entries sorted, no dates).

    python tools/build_catalogs.py            # write po/ginscore.pot and ginscore/locale/LANG/LC_MESSAGES/ginscore.mo
    python tools/build_catalogs.py --check    # fail if the template or a .mo is not what the sources give
    python tools/build_catalogs.py --merge    # msgmerge the template into every po/LANG/PART.po (GNU gettext)

Sources: ``po/LANG/*.po``, one file per part of the code (``PARTS``: tables.po, pages.po, ...),
so that people translating different parts never edit the same file. Their entries are merged
when compiled; the same message in two parts must have the same translation. Each language's
plural rule is the ``Plural-Forms`` of its files' headers; its code is its folder's name.

Messages are found as the string literals passed to ``_()``, ``N_()`` (a help text written
when a module is imported, translated when shown), ``ngettext()``, and, for a word of several
senses, with a context first: ``pgettext()``, ``pN_()``, ``npgettext()``, in ``ginscore/``
(``extract()``); click's own words that ginscore translates are ``CLICK_MESSAGES``.
tests/cli/test_i18n.py holds every catalog to them. Standard library only, but for ``--merge``.
"""

from __future__ import annotations

import argparse
import ast
import functools
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "po"
TEMPLATE = SOURCES / "ginscore.pot"
TARGET = ROOT / "ginscore" / "locale"
# The languages: the folders of po/ (each built into ginscore/locale/LANG/, whose folders are
# i18n.LANGUAGES); English is the code's own.
LANGUAGES = tuple(sorted(path.name for path in SOURCES.iterdir() if path.is_dir() and path.name.isalpha()))
CONTEXT = "\x04"  # between a message's context and its msgid, in a key (as in a .mo file)
# Which po/LANG/PART.po holds a message: the part of the code that uses it (po/README.md).
PARTS = ("click", "commands", "core", "pages", "tables")
PAGES = {
    "ginscore/output/render.py", "ginscore/output/render_html.py", "ginscore/settings/config.py", "ginscore/cli/__init__.py",
    "ginscore/cli/show.py", "ginscore/cli/listing.py", "ginscore/cli/evening.py", "ginscore/cli/loop.py",
}
CLICK = "click"  # the location of click's own words
# click's own words (Usage, Options, Error, ...) that ginscore translates, as click writes them
# (msgid, msgid_plural): click looks them up in ginscore's catalog (i18n.install_click).
CLICK_MESSAGES = (
    ("%(prog)s, version %(version)s", None),
    ("Aborted!", None),
    ("Choose from:\n\t{choices}", None),
    ("Commands", None),
    ("Confirm the action without prompting.", None),
    ("Could not open file {filename!r}: {message}", None),
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    ("Do you want to continue?", None),
    ("Error: {message}", None),
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    ("Invalid value for {param_hint}: {message}", None),
    ("Invalid value: {message}", None),
    ("Missing argument", None),
    ("Missing command.", None),
    ("Missing option", None),
    ("Missing parameter", None),
    ("Missing parameter: {param_name}", None),
    ("No such command {name!r}.", None),
    ("No such option {name!r}.", None),
    ("Option {name!r} does not take a value.", None),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    ("Options", None),
    ("Show the version and exit.", None),
    ("Show this message and exit.", None),
    ("Try '{command} {option}' for help.", None),
    ("Usage:", None),
    ("default: {default}", None),
    ("deprecated", None),
    ("directory", None),
    ("env var: {var}", None),
    ("file", None),
    ("path", None),
    ("{name} {filename!r} does not exist.", None),
    ("{name} {filename!r} is a directory.", None),
    ("{name} {filename!r} is a file.", None),
    ("{name} {filename!r} is not readable.", None),
    ("{name} {filename!r} is not writable.", None),
    ("{value!r} does not match the format {format}.", "{value!r} does not match the formats {formats}."),
    ("{value!r} is not a valid {number_type}.", None),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    ("{value} is not in the range {range}.", None),
)
# The message functions: name -> (index of the context or None, index of the msgid, of the plural or None)
FUNCTIONS = {
    "_": (None, 0, None),
    "N_": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
    "pN_": (0, 1, None),
    "npgettext": (0, 1, 2),
}


def key(context: str | None, msgid: str) -> str:
    """A message's key: its msgid, after its context and CONTEXT when it has one."""
    return msgid if context is None else f"{context}{CONTEXT}{msgid}"


def part_of(location: str) -> str:
    if location == CLICK:
        return "click"
    if location.startswith("ginscore/tables/"):
        return "tables"
    if location in PAGES or location.startswith("ginscore/web/"):
        return "pages"
    if location.startswith("ginscore/cli/"):
        return "commands"
    return "core"


@functools.lru_cache(maxsize=None)
def messages_in(source: str) -> tuple:
    """The messages of one module's source: (context, msgid, msgid_plural) in the order found.
    Kept for each source text: parsing is most of the build's time, and the tests build often."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            continue
        wanted = [index for index in FUNCTIONS[node.func.id] if index is not None]
        args = node.args
        if len(args) <= max(wanted) or not all(
            isinstance(args[index], ast.Constant) and isinstance(args[index].value, str) for index in wanted
        ):
            continue  # not a message (tests/cli/test_i18n.py holds the code to literals)
        found.append(tuple(None if index is None else args[index].value for index in FUNCTIONS[node.func.id]))
    return tuple(found)


def extract(package: Path = ROOT / "ginscore") -> dict:
    """Every message: key -> (msgid_plural or None, the sorted files that use it)."""
    found: dict = {}

    def add(context, msgid, plural, location):
        entry = found.setdefault(key(context, msgid), [plural, set()])
        entry[0] = entry[0] or plural
        entry[1].add(location)

    for path in sorted(package.rglob("*.py")):
        location = path.relative_to(ROOT).as_posix()
        for context, msgid, plural in messages_in(path.read_text("utf-8")):
            add(context, msgid, plural, location)
    for msgid, plural in CLICK_MESSAGES:
        add(None, msgid, plural, CLICK)
    return {name: (plural, sorted(locations)) for name, (plural, locations) in found.items()}


def messages() -> dict:
    """Every message of ginscore's code (click's left out): key -> msgid_plural (None for a
    plain message)."""
    return {name: plural for name, (plural, locations) in extract().items() if locations != [CLICK]}


def quoted(text: str) -> str:
    """``text`` as a PO string: one line, or ``""`` and a line after each ``\\n`` (as msgmerge writes it)."""

    def line(part: str) -> str:
        escaped = part.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t").replace("\b", "\\b")
        return f'"{escaped}"'

    pieces = text.splitlines(keepends=True)
    if len(pieces) <= 1:
        return line(text)
    return '""\n' + "\n".join(line(piece) for piece in pieces)


TEMPLATE_HEADER = (
    "# ginscore's messages: the template of every po/LANG/PART.po (written by tools/build_catalogs.py).\n"
    'msgid ""\nmsgstr ""\n'
    '"Project-Id-Version: ginscore\\n"\n'
    '"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Content-Transfer-Encoding: 8bit\\n"\n'
    '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"\n'
)


def template(found: dict | None = None, part: str | None = None) -> str:
    """The .pot text of the messages ``found`` (``extract()``), or of those of one ``part``."""
    found = extract() if found is None else found
    blocks = [TEMPLATE_HEADER]
    for name in sorted(found, key=lambda name: (name.split(CONTEXT)[-1], name)):
        plural, locations = found[name]
        if part is not None and part not in {part_of(location) for location in locations}:
            continue
        context, _, msgid = name.rpartition(CONTEXT)
        lines = [f"#: {' '.join(locations)}"]
        if context:
            lines.append(f"msgctxt {quoted(context)}")
        lines.append(f"msgid {quoted(msgid)}")
        if plural is None:
            lines.append('msgstr ""')
        else:
            lines += [f"msgid_plural {quoted(plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def read_po(path: Path, plurals: dict | None = None, header: dict | None = None) -> dict:
    """key -> translation: a string, or a list of plural forms. Fuzzy, obsolete and untranslated
    entries are left out (gettext then shows the English). ``plurals``, when given, gets key ->
    msgid_plural of the plural entries; ``header``, the fields of the file's header."""
    entries, found_plurals, found_header = _po_read(path.read_text("utf-8"))
    if plurals is not None:
        plurals.update(found_plurals)
    if header is not None:
        header.update(found_header)
    return dict(entries)


@functools.lru_cache(maxsize=None)
def _po_read(text: str) -> tuple:
    """(entries, plurals, header) of a .po file's text, as ``read_po`` gives them. Kept for each
    text, as ``messages_in`` is: the tests read each catalog a dozen times."""
    entries: dict = {}
    plurals: dict = {}
    header: dict = {}
    entry: dict = {}
    field = None

    def finish():
        if entry.get("msgid") == "":
            for row in entry.get("msgstr", "").splitlines():
                name, _, value = row.partition(":")
                header[name.strip()] = value.strip()
        if not entry.get("msgid") or entry.get("fuzzy"):
            return
        name = key(entry.get("msgctxt"), entry["msgid"])
        if "msgid_plural" in entry:
            forms = [entry[field] for field in sorted(entry, key=lambda field: (len(field), field)) if field.startswith("msgstr[")]
            if forms and all(forms):
                entries[name] = forms
                plurals[name] = entry["msgid_plural"]
        elif entry.get("msgstr"):
            entries[name] = entry["msgstr"]

    for line in text.splitlines() + [""]:
        line = line.strip()
        if not line:
            finish()
            entry, field = {}, None
        elif line.startswith("#,") and "fuzzy" in line:
            entry["fuzzy"] = True
        elif line.startswith("#"):  # a comment, a location, or an obsolete entry (#~)
            continue
        elif line.startswith('"'):
            entry[field] += unquoted(line)
        else:
            field, _, text = line.partition(" ")
            entry[field] = unquoted(text)
    return entries, plurals, header


def unquoted(text: str) -> str:
    """A PO string's text. Most have no escape, and are their text between the quotes; the rest
    are read as Python reads a string (its escapes are C's, as PO's), which costs a parse each:
    some 130,000 a test run."""
    inner = text[1:-1]
    if len(text) >= 2 and text[0] == text[-1] == '"' and "\\" not in inner and '"' not in inner:
        return inner
    return ast.literal_eval(text)


def merged(language: str, plurals: dict | None = None, header: dict | None = None) -> dict:
    """Every translation of ``language``, its parts merged: key -> translation."""
    entries: dict = {}
    for path in sorted((SOURCES / language).glob("*.po")):
        fields: dict = {}
        for name, translation in read_po(path, plurals, fields).items():
            if name in entries and entries[name] != translation:
                raise SystemExit(f"{path}: {name!r} is translated differently in another part")
            entries[name] = translation
        if header is not None:
            if "Plural-Forms" in header and fields.get("Plural-Forms", header["Plural-Forms"]) != header["Plural-Forms"]:
                raise SystemExit(f"{path}: its Plural-Forms is not that of the other parts")
            header.update(fields)
    return entries


def plural_forms(language: str) -> str:
    """The plural rule of ``language``, as its catalogs' headers give it."""
    header: dict = {}
    merged(language, header=header)
    if not header.get("Plural-Forms"):
        raise SystemExit(f"po/{language}: no Plural-Forms in the header of its .po files")
    return header["Plural-Forms"]


def compile_mo(entries: dict, plurals: dict, rule: str) -> bytes:
    """The .mo file of ``entries`` (key -> translation), in GNU gettext's format; ``rule`` is
    the language's Plural-Forms."""
    header = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {rule}\n"
    pairs = {"": header}
    for name, translation in entries.items():
        if isinstance(translation, list):
            pairs[f"{name}\0{plurals.get(name) or name.split(CONTEXT)[-1]}"] = "\0".join(translation)
        else:
            pairs[name] = translation
    keys = sorted(pairs)
    ids = b"".join(name.encode("utf-8") + b"\0" for name in keys)
    strs = b"".join(pairs[name].encode("utf-8") + b"\0" for name in keys)
    count = len(keys)
    start = 7 * 4 + count * 16
    offsets, position = [], 0
    for name in keys:
        offsets.append((len(name.encode("utf-8")), start + position))
        position += len(name.encode("utf-8")) + 1
    values, position = [], 0
    for name in keys:
        length = len(pairs[name].encode("utf-8"))
        values.append((length, start + len(ids) + position))
        position += length + 1
    output = struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    output += b"".join(struct.pack("ii", *pair) for pair in offsets)
    output += b"".join(struct.pack("ii", *pair) for pair in values)
    return output + ids + strs


def catalog(language: str) -> bytes:
    """The .mo file of ``language``, from its po/LANG/*.po."""
    plurals: dict = {}
    entries = merged(language, plurals)
    return compile_mo(entries, {**messages(), **plurals}, plural_forms(language))


def build(check: bool = False) -> int:
    stale = []
    text = template()
    if check:
        if not TEMPLATE.exists() or TEMPLATE.read_text("utf-8") != text:
            stale.append(str(TEMPLATE))
    else:
        TEMPLATE.write_text(text, "utf-8")
        print(f"wrote {TEMPLATE.relative_to(ROOT)}")
    for language in LANGUAGES:
        data = catalog(language)
        path = TARGET / language / "LC_MESSAGES" / "ginscore.mo"
        if check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(str(path))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)}")
    if check and TARGET.is_dir():  # a built language whose sources are gone (i18n would still offer it)
        stale += [str(path) for path in sorted(TARGET.iterdir()) if path.is_dir() and path.name not in LANGUAGES]
    for path in stale:
        print(f"{path} is not what the sources give: run python tools/build_catalogs.py", file=sys.stderr)
    return 1 if stale else 0


def merge(folder: Path = SOURCES) -> None:
    """``msgmerge --update`` every ``folder/LANG/PART.po`` with the part of the template its
    part of the code uses; a message new to a part takes the translation another part of the
    same language has (``--compendium``), exactly, never a guess. msgmerge marks a changed
    message fuzzy and keeps a removed one as obsolete (#~), for the translator to settle."""
    tools = {name: shutil.which(name) for name in ("msgmerge", "msgcat")}
    if not all(tools.values()):
        raise SystemExit("--merge needs GNU gettext's msgmerge and msgcat (apt-get install gettext)")
    found = extract()
    with tempfile.TemporaryDirectory() as scratch:
        for part in PARTS:
            (Path(scratch) / f"{part}.pot").write_text(template(found, part), "utf-8")
        for language in LANGUAGES:
            files = sorted((folder / language).glob("*.po"))
            compendium = Path(scratch) / f"{language}.po"
            gettext_tool([tools["msgcat"], "--use-first", "-o", str(compendium), *map(str, files)])
            for part in PARTS:
                target = folder / language / f"{part}.po"
                gettext_tool(
                    [tools["msgmerge"], "--quiet", "--update", "--backup=none", "--no-wrap",
                     f"--compendium={compendium}", str(target), str(Path(scratch) / f"{part}.pot")]
                )


def gettext_tool(command: list) -> None:
    """Run a GNU gettext tool; its warnings about click's \\b (a paragraph click must not
    rewrap, meant in the help texts) are left out, the others shown."""
    done = subprocess.run(command, capture_output=True, text=True)
    for line in done.stderr.splitlines():
        if "'\\b' escape sequence" not in line:
            print(line, file=sys.stderr)
    done.check_returncode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the template and the .mo files are current")
    parser.add_argument("--merge", action="store_true", help="msgmerge the template into every po/LANG/PART.po")
    arguments = parser.parse_args()
    if arguments.merge:
        merge()
        return
    sys.exit(build(arguments.check))


if __name__ == "__main__":
    main()
