"""The game files this process wrote, so that a hand in 'play' costs the same at hand 200 as at
hand 5: a file is written with one entry more than the last time and read back at once (by the
next entry), and neither its earlier entries' text nor their parse is made again.

``file_bytes`` writes a file from the text of each entry already written (an entry object is
never changed in place: the same object has the same text) and makes, from the same pieces, the
JSON that parsing those bytes gives (each piece parsed by ``parse_json`` with its checks, the
entries parsed before taken as they were: JSON is parsed piece by piece alike). The ledger
keeps that parse with the bytes: a file read back byte for byte as written is not parsed again;
a file changed by anything else (another device, another process, a hand) has other bytes and
is parsed whole. Imported only where a file is written (not by 'status'). Its caches need no
forgetting: an entry's text is taken only for the very object it was made from, and a text's
parse is the same in any command; they hold the entries of the file written last.

A command on the command line is a new process, with no text kept: ``note`` vouches, outside
the ledger (in this device's cache folder), for the bytes of the file written last (its name,
size and BLAKE2b digest), and ``vouched`` cuts the entries' texts out of that file when it is
read again with the very same bytes, so that a hand typed at hand 200 does not write 199 entries
anew. Its JSON is parsed and checked as always; only the writing uses the texts, and only once
they are checked against that parse (``_cut_as_parsed``): a note is a cache, and whoever can
write the cache folder can write one for any bytes. (The note once held a CRC-32, which anyone
forges in milliseconds: a file of the noted size and CRC-32 with a decoy laid out as a journal
had its decoy written as the game.)"""

from __future__ import annotations

import json
import os

try:  # BLAKE2 alone: hashlib would load OpenSSL first (6% of a hand's start-up)
    from _blake2 import blake2b
except ImportError:  # a Python built without it
    from hashlib import blake2b

from ginscore.base.jsonfile import Unreadable, canonical, parse_json
from ginscore.base.safefile import read_regular, write_unsynced

# id(entry) -> (the entry, its text in a game file's journal), for the entries of the file
# written last and their parse read back: the memory of one file, however long 'play' or the board runs
TEXTS: dict = {}
# an entry's text in the file written last -> the entry parsed from it
ENTRIES: dict = {}
# (bytes, the text of all but the journal, the journal's entries' texts) of the last few files written
PIECES: list = []
# what stands for the journal while the rest of the file is written
JOURNAL = "\x00journal\x00"
JOURNAL_TEXT = '"\\u0000journal\\u0000"'
# how a journal's entries stand in a file (two deep): what file_bytes writes and _cut cuts at
OPENING, BETWEEN, CLOSING = "[\n    ", ",\n    ", "\n  ]"
# the note's first word: how file_bytes lays a file out (two spaces, keys sorted) and how the note
# vouches (2: a BLAKE2b digest; an older note's CRC-32 is never trusted)
NOTE_LAYOUT = "written-2"


def file_bytes(data: dict, entries) -> bytes:
    """``canonical(data)``: ``data`` a game file's JSON whose journal is copies of ``entries``,
    in order; its pieces kept for ``parsed_as_written``."""
    journal = data.get("journal")
    if not journal or len(journal) != len(entries):
        return canonical(data)
    texts = [_text(entry, copied) for entry, copied in zip(entries, journal)]
    known = {id(entry): (entry, text) for entry, text in zip(entries, texts)}
    parsed = {text: ENTRIES[text] for text in texts if text in ENTRIES}
    forget()
    TEXTS.update(known)
    ENTRIES.update(parsed)
    head = canonical({**data, "journal": JOURNAL}).decode("utf-8")
    if head.count(JOURNAL_TEXT) != 1:
        return canonical(data)
    payload = head.replace(JOURNAL_TEXT, OPENING + BETWEEN.join(texts) + CLOSING).encode("utf-8")
    PIECES[:] = [(payload, head, texts), *PIECES[:3]]
    return payload


def parsed_as_written(raw: bytes):
    """``parse_json(raw)``, made from the pieces ``raw`` was written from when this process wrote
    it moments ago: the parse of the rest of the file and of each entry never parsed before
    (as deep as it stands in the file), the entries parsed before taken as they were."""
    pieces = next((kept for kept in PIECES if kept[0] == raw), None)
    if pieces is None:
        return parse_json(raw)
    try:
        parsed = parse_json(pieces[1].encode("utf-8"))
        journal = [ENTRIES.get(text) or _parsed_entry(text) for text in pieces[2]]
    except Unreadable:  # the whole file says where
        return parse_json(raw)
    parsed["journal"] = journal  # in its place among the keys
    return parsed


def _parsed_entry(text: str) -> dict:
    entry = ENTRIES[text] = parse_json(f"[[{text}]]".encode("utf-8"))[0][0]
    TEXTS[id(entry)] = (entry, text)  # written again, the entry is this text
    return entry


def _text(entry: dict, copied: dict) -> str:
    """The text of ``entry`` (``copied``, its copy in the file's JSON) in a journal, two deep."""
    known = TEXTS.get(id(entry))
    if known is not None and known[0] is entry:
        return known[1]
    return canonical(copied).decode("utf-8")[:-1].replace("\n", "\n    ")  # a newline in JSON text is always \n


def note(note_path: str, path: str, payload: bytes) -> None:
    """Vouch for ``payload``, the bytes just written to ``path`` (a lost or stale note only
    costs the next write its texts)."""
    try:
        write_unsynced(note_path, _vouching(path, payload))
    except OSError:
        pass


def vouched(note_path: str, path: str, parsed_files: list) -> None:
    """Keep the texts of the entries of the file at ``path`` as it was read (``parsed_files``:
    (path, bytes, JSON) of the files read last) when ``note`` vouched for those very bytes:
    written by ginscore's own ``file_bytes``, so each entry's text is the one ``_text`` makes."""
    raw, data = next(((raw, data) for read, raw, data in parsed_files if read == path), (b"", None))
    journal = data.get("journal") if type(data) is dict else None
    if not journal or type(journal) is not list or (TEXTS.get(id(journal[0])) or (None,))[0] is journal[0]:
        return  # nothing to cut, or its texts kept already (written by this process)
    try:
        if read_regular(note_path, 400) != _vouching(path, raw):  # a folder, FIFO or link there: refused
            return
    except OSError:
        return
    texts = _cut_as_parsed(raw, data)
    if texts is not None:
        TEXTS.update({id(entry): (entry, text) for entry, text in zip(journal, texts)})


def _vouching(path: str, payload: bytes) -> bytes:
    # the layout's version first: a ginscore that writes its files otherwise trusts no older note
    digest = blake2b(payload, digest_size=32).hexdigest()
    return f"{NOTE_LAYOUT} {os.path.basename(path)} {len(payload)} {digest}\n".encode("utf-8")


def _cut_as_parsed(raw: bytes, data: dict) -> list | None:
    """The texts of the journal's entries in ``raw`` (``_cut``), when they are exactly the
    journal ``data`` (the parse of ``raw``) holds, else None: the rest of the file, the journal
    put back as the stand-in ``file_bytes`` writes, parses to the rest of ``data`` (so the cut
    is the top-level journal, not a look-alike inside another field), and each text is one
    whole entry (``_each_an_entry``), so that the n texts are the n entries, in order."""
    cut = _cut(raw.decode("utf-8"))
    if cut is None:
        return None
    head, body = cut
    texts = body.split(BETWEEN + "{")  # every entry opens with its brace
    texts[1:] = ["{" + text for text in texts[1:]]
    journal = data["journal"]
    if len(texts) != len(journal):
        return None
    try:
        if json.loads(head) != {**data, "journal": JOURNAL} or not _each_an_entry(body, texts, journal):
            return None
    except (ValueError, RecursionError):  # a cut that is no JSON: not the journal parsed
        return None
    return texts


def _each_an_entry(body: str, texts: list, journal: list) -> bool:
    """Whether each of ``texts``, the journal's text ``body`` cut at ',\\n    {', is one whole
    entry. No cut falls inside a JSON text (no text holds a raw newline), so each falls between
    two entries exactly when the brackets before it close all they open: the body's brackets,
    each cut marked by a NUL (no JSON text holds one raw), with every innermost pair taken away
    level by level, leave the marks alone. Told so at C speed where no text holds a bracket or an
    escape (every file ginscore writes but for a name or note with one: told as ``jsonfile``
    tells it); else by parsing each text and comparing it with its entry (7 million instructions
    at hand 200, where the brackets cost a quarter of that)."""
    if "\\" not in body:
        kept = body.encode("utf-8").replace(BETWEEN_BYTES, b"\x00{").translate(None, _NOT_BRACKETS_QUOTES_OR_NUL)
        if kept.count(b'""') * 2 == kept.count(b'"'):  # each quote one of an adjacent pair: no text holds a bracket
            brackets = kept.replace(b'""', b"")
            while True:
                shorter = brackets.replace(b"[]", b"").replace(b"{}", b"")
                if len(shorter) == len(brackets):
                    return brackets == b"\x00" * (len(texts) - 1)
                brackets = shorter
    return json.loads("[[" + "],[".join(texts) + "]]") == [[entry] for entry in journal]


BETWEEN_BYTES = (BETWEEN + "{").encode("ascii")  # a cut, as bytes
_NOT_BRACKETS_QUOTES_OR_NUL = bytes(range(256)).translate(None, b'[]{}"\x00')


def _cut(text: str) -> tuple | None:
    """(the file's text with the journal's entries cut out and the stand-in in their place, the
    text of the entries) in a file ``file_bytes`` wrote: after the journal's key at the top
    level, each entry after ',\\n    ' (an entry's own lines are indented deeper; a newline
    inside a JSON text is written \\n), up to the journal's closing bracket."""
    key = '\n  "journal": '
    start = text.find(key + OPENING)
    end = text.find(CLOSING, start)
    if start < 0 or end < 0:
        return None
    return text[:start + len(key)] + JOURNAL_TEXT + text[end + len(CLOSING):], text[start + len(key + OPENING):end]


def forget() -> None:
    TEXTS.clear()
    ENTRIES.clear()
