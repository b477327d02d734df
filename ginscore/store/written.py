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
parse is the same in any command; they hold the entries of the file written last."""

from __future__ import annotations

from ginscore.base.jsonfile import Unreadable, canonical, parse_json

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
    payload = head.replace(JOURNAL_TEXT, "[\n    " + ",\n    ".join(texts) + "\n  ]").encode("utf-8")
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


def forget() -> None:
    TEXTS.clear()
    ENTRIES.clear()
