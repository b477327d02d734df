"""The fuzzer's mutations (tests/system/test_fuzz.py): each takes the fuzz folder (``ledger/``,
``cache/``, ``state/``, ``config.toml`` as tests/fuzz_ledger.py lays it out) and a
``random.Random``, changes one thing where a person, a sync tool, a crash or a bad disk could
have changed it, and returns a few words saying what, for the report of a failure.

Byte-level (bits flipped, bytes inserted, the file cut or a piece doubled) and structure-aware
(a JSON key dropped, a type swapped, a huge number or string, deep nesting, journal entries
doubled or reordered, odd Unicode in names; TOML keys and values; the SQLite index's columns,
cells, pages and side files; special files where files belong). Every choice comes from the
``random.Random`` it is given, so one seed is one mutation, always.
"""

from __future__ import annotations

import glob
import json
import os
import sqlite3
import stat

# Text that breaks parsers and printers: surrogates (as JSON escapes), right-to-left marks,
# combining marks, zero-width and control characters, NUL, newlines, emoji, other scripts.
ODD_TEXT = [
    "\ud800", "\udfff", "Ann\ud83d", "\u202eneB", "A\u0301\u0301\u0301", "\u200b", "\x00", "Ann\nBen", "\t",
    "\x1b[31mred", "😀" * 3, "Зоя", "ß", "İ", "ﬀ", "", " ", "Ann ", "ann", "ANN", "\u0085", "\u2028", "\ufeff",
    "'", '"', "\\", "{name}", "%s", "<b>&amp;</b>", "=1+1", "-", "--help", "…",
]
HUGE_NUMBERS = [2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**30, 10**400, -1, 0, 1e308, -1e-308, 0.5, 1e16]
NUMBER_TEXT = ["1e-999999", "1e999999", "9" * 40, "0." + "0" * 40 + "1", "1E+5", "-0", "NaN", "Infinity", "0x10",
               "1/3", "0,05", "1_000", " 1", "١٢", "3.25e-5", "0.05", "-13.25", "1" * 61, "0." + "1" * 61]
TOKENS = [b'"', b"{", b"}", b"[", b"]", b",", b":", b"\\u", b"\\ud800", b"\xff", b"\xc3", b"\x00", b"1e99999", b"null",
          b"-", b"\n", b"=", b"'''", b'"""', b"[[", b"#"]


def depth(rng) -> int:
    return rng.choice([30, 200, 1000, 5000, 100_000])


def odd_value(rng, like=None):
    """A value to put where ``like`` was: another type, a huge or odd one, deep nesting."""
    choice = rng.randrange(12)
    if choice == 0:
        return rng.choice([None, True, False, [], {}, "", 0])
    if choice == 1:
        return rng.choice(HUGE_NUMBERS)
    if choice == 2:
        return rng.choice(NUMBER_TEXT)
    if choice == 3:
        return rng.choice(ODD_TEXT) * rng.choice([1, 2, 50])
    if choice == 4:
        return rng.choice("xЖ😀\ud800") * rng.choice([61, 201, 5000, 70_000])
    if choice == 5:
        if rng.random() < 0.2:  # an integer past Python's 4,300-digit limit for int(), as JSON text
            return Raw(rng.choice(["9" * 5000, "-" + "1" * 4400, "1" + "0" * 400 + ".5", "1e99999999"]))
        return Nested(depth(rng), rng.choice("[{"))
    if isinstance(like, bool) or like is None:
        return rng.choice([0, 1, "true", "null", [like]])
    if isinstance(like, int):
        return rng.choice([like + 1, like - 1, -like, like * 10**rng.randrange(1, 40), str(like), float(like) if abs(like) < 10**300 else -like, [like]])
    if isinstance(like, float):
        return rng.choice([int(like), str(like), float("nan"), float("inf")])
    if isinstance(like, str):
        return rng.choice([like + rng.choice(ODD_TEXT), like * 3, like[: len(like) // 2], like.upper(), [like], {like: like},
                           rng.choice(NUMBER_TEXT), len(like)])
    if isinstance(like, list):
        return rng.choice([like * 2, like[::-1], like[1:], {str(i): v for i, v in enumerate(like)}, [like], like[:1] * 500])
    if isinstance(like, dict):
        return rng.choice([list(like.values()), list(like), {**like, "extra": like}, {k: None for k in like}, [like]])
    return None


class Raw:
    """JSON text written into the document as is: what json.dumps would refuse or recurse on."""

    def __init__(self, text: str):
        self.text = text


class Nested(Raw):
    """Deep nesting."""

    def __init__(self, levels: int, opener: str):
        super().__init__(("[" * levels + "]" * levels) if opener == "[" else ('{"a":' * levels + "1" + "}" * levels))


def places(data, path=()):
    """Every (path, value) in a parsed JSON document."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from places(value, (*path, index))


def at(data, path):
    for step in path:
        data = data[step]
    return data


def mutate_json(data, rng) -> str:
    """One structure-aware change to a parsed JSON document (in place); says what."""
    spots = [(path, value) for path, value in places(data) if path]
    journal = data.get("journal") if isinstance(data, dict) else None
    if isinstance(journal, list) and journal and rng.random() < 0.3:
        return mutate_journal(journal, rng)
    if isinstance(data, dict) and isinstance(data.get("players"), list) and rng.random() < 0.15:
        index = rng.randrange(len(data["players"]) or 1)
        name = rng.choice(ODD_TEXT) * rng.choice([1, 1, 3, 100])
        if data["players"]:
            data["players"][index] = name
        return f"players[{index}] = {name[:20]!r}"
    if not spots:
        return "nothing to change"
    path, value = rng.choice(spots)
    parent = at(data, path[:-1])
    if rng.random() < 0.3:
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
        return f"dropped {path}"
    parent[path[-1]] = new = odd_value(rng, value)
    return f"{path} = {shown(new)}"


def mutate_journal(journal: list, rng) -> str:
    choice = rng.randrange(7)
    if choice == 6:  # a hand's seats gone odd: the first seated hand half the time (it is checked apart)
        seated = [entry for entry in journal if isinstance(entry, dict) and "seats" in entry]
        if seated:
            entry = seated[0] if rng.random() < 0.5 else rng.choice(seated)
            entry["seats"] = rng.choice([None, None, odd_value(rng, entry["seats"])])
            return f"journal entry seats = {shown(entry['seats'])}"
    if choice == 0:
        index = rng.randrange(len(journal))
        journal.insert(rng.randrange(len(journal) + 1), json.loads(json.dumps(journal[index])))
        return f"journal[{index}] doubled"
    if choice == 1:
        rng.shuffle(journal)
        return "journal shuffled"
    if choice == 2 and len(journal) > 1:
        i, j = rng.sample(range(len(journal)), 2)
        journal[i], journal[j] = journal[j], journal[i]
        return f"journal[{i}] <-> [{j}]"
    entry = rng.choice(journal)
    if not isinstance(entry, dict):
        return "journal entry not an object"
    ids = [e.get("id") for e in journal if isinstance(e, dict)]
    key = rng.choice(["after", "target", "id", "action", "hand", "clock", "at", "device"])
    entry[key] = rng.choice([*ids, None, "zzzzzzzzzz", odd_value(rng, entry.get(key))])
    return f"journal entry {key} = {shown(entry[key])}"


def shown(value) -> str:
    if isinstance(value, Raw):
        return f"raw {value.text[:12]}... ({len(value.text)})"
    text = repr(value)
    return text if len(text) < 40 else f"{text[:30]}... ({len(text)})"


def dump_json(data, rng) -> bytes:
    nested = []

    def default(value):
        if isinstance(value, Raw):
            nested.append(value.text)
            return f"@@NESTED{len(nested) - 1}@@"
        raise TypeError(type(value))

    text = json.dumps(data, indent=rng.choice([None, 2]), ensure_ascii=rng.random() < 0.5, default=default)
    for number, piece in enumerate(nested):
        text = text.replace(f'"@@NESTED{number}@@"', piece)
    return text.encode("utf-8", "surrogatepass")


def mutate_bytes(data: bytes, rng) -> tuple:
    """Bits flipped, bytes inserted, the file cut or a piece doubled."""
    data = bytearray(data)
    choice = rng.randrange(5)
    where = rng.randrange(len(data) + 1)
    if choice == 0 and data:
        for _ in range(rng.randint(1, 8)):
            spot = rng.randrange(len(data))
            data[spot] ^= 1 << rng.randrange(8)
        return bytes(data), "bits flipped"
    if choice == 1:
        piece = rng.choice(TOKENS) * rng.choice([1, 1, 2, 100]) if rng.random() < 0.7 else rng.randbytes(rng.randint(1, 16))
        data[where:where] = piece
        return bytes(data), f"inserted {shown(piece)} at {where}"
    if choice == 2:
        return bytes(data[:where]), f"cut at {where}"
    if choice == 3:
        end = min(len(data), where + rng.randint(1, 200))
        del data[where:end]
        return bytes(data), f"bytes {where}:{end} removed"
    end = min(len(data), where + rng.randint(1, 400))
    data[end:end] = data[where:end]
    return bytes(data), f"bytes {where}:{end} doubled"


def plain(path: str) -> bool:
    """Whether ``path`` is a plain file, not a link (to /dev/zero?), FIFO or folder: the only
    kind a mutation reads or writes, which would block or never end on the others."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return False


def read(path: str) -> bytes:
    """The bytes of plain file ``path``; OSError for anything else (an earlier mutation put a
    special file there), which makes the mutation skipped."""
    if not plain(path):
        raise OSError(f"not a plain file: {path}")
    with open(path, "rb") as handle:
        return handle.read()


def write(path: str, data: bytes, rng, keep_folder_time: bool | None = None) -> None:
    """Write ``data`` over ``path``: in place (the folder's time kept, as an editor that
    rewrites a file does), or as a new file moved over it (as a sync tool does)."""
    if keep_folder_time is None:
        keep_folder_time = rng.random() < 0.5
    if os.path.lexists(path) and not plain(path):
        raise OSError(f"not a plain file: {path}")
    if keep_folder_time or not os.path.exists(path):
        with open(path, "wb") as handle:
            handle.write(data)
    else:
        with open(path + ".new", "wb") as handle:
            handle.write(data)
        os.replace(path + ".new", path)


def game_files(root: str) -> list:
    return sorted(glob.glob(os.path.join(root, "ledger", "games", "*.json")))


def cache_dir(root: str) -> str:
    found = glob.glob(os.path.join(root, "cache", "ledgers", "*"))
    return found[0] if found else os.path.join(root, "cache", "ledgers", "none")


def state_dir(root: str) -> str:
    found = glob.glob(os.path.join(root, "state", "ledgers", "*"))
    return found[0] if found else os.path.join(root, "state", "ledgers", "none")


def json_file(path: str, rng) -> str:
    data = read(path)
    try:
        document = json.loads(data) if rng.random() >= 0.3 else None
    except (ValueError, RecursionError):  # an earlier mutation broke it: bytes, then
        document = None
    if document is None:
        data, what = mutate_bytes(data, rng)
        write(path, data, rng)
        return f"{os.path.basename(path)}: {what}"
    what = [mutate_json(document, rng) for _ in range(rng.choice([1, 1, 1, 2, 4]))]
    write(path, dump_json(document, rng), rng)
    return f"{os.path.basename(path)}: {'; '.join(what)}"


def game_file(root: str, rng) -> str:
    return json_file(rng.choice(game_files(root)), rng)


def settlements(root: str, rng) -> str:
    path = os.path.join(root, "ledger", "settlements", "settlements.fuzz.json")  # GINSCORE_DEVICE is "fuzz"
    if rng.random() < 0.4:
        document = json.loads(read(path))
        record = rng.choice(document["entries"])
        field = rng.choice(["nets", "payments", "games", "id", "currency", "after", "at", "clock", "device", "action", "target",
                            "shares", "squares"])
        value = record.get(field)
        if field == "nets" and isinstance(value, dict):
            value[rng.choice(list(value))] = rng.choice(NUMBER_TEXT)
        elif field == "payments" and value:
            value[0]["amount"] = rng.choice([*NUMBER_TEXT, 5, None])
        elif field == "shares" and isinstance(value, dict) and value:  # a game's amounts: one changed, or a seat more
            money = value[rng.choice(list(value))]
            if rng.random() < 0.5:
                money[rng.randrange(len(money))][1] = rng.choice(NUMBER_TEXT)
            else:
                money.append(["Zed", "0.00"])  # a seat more than the game has: read by name, not by seat
        elif field == "squares" and value:  # what squared a game: the settlement it names, or a player's amount
            square = value[0]
            if rng.random() < 0.5:
                square["settlement"] = odd_value(rng, square.get("settlement"))
            else:
                square["owed"][0][1] = rng.choice(NUMBER_TEXT)
        else:
            record[field] = odd_value(rng, value)
        write(path, dump_json(document, rng), rng)
        return f"settlements.fuzz.json: {field}"
    return json_file(path, rng)


CONFIG_KEYS = ["stake", "currency", "lang", "target", "deal", "preset", "knock_limit", "gin_bonus", "shutout", "columns",
               "sweep", "gin_bonus_at", "tie", "oklahoma", "box_bonus", "x" * 500, "stak", "ütf", "a.b", '"quoted key"']
TOML_VALUES = ['"0.05"', '"1e-999999"', '"' + "9" * 40 + '"', "5", "-1", "1e308", "inf", "nan", "true", "[]", "{}",
               '"' + "ж" * 500 + '"', '"\\ud800"', "9" * 5000, "1979-05-27", '"de"', '"xx"', '"alternate"', "[1, [2]]",
               "[" * 2000 + "]" * 2000, '"""multi\nline"""', "'single'", '"\\u0000"', '"€"', '"none"', "0x10", "1_0"]


def config(root: str, rng) -> str:
    path = os.path.join(root, "config.toml")
    data = read(path) if os.path.lexists(path) else b""
    if rng.random() < 0.3:
        data, what = mutate_bytes(data, rng)
    else:
        key, value = rng.choice(CONFIG_KEYS), rng.choice(TOML_VALUES)
        line = f"{key} = {value}\n"
        if rng.random() < 0.2:
            line = f"[{rng.choice(['table', 'stake', 'a.b'])}]\n" + line
        data += line.encode("utf-8", "surrogatepass")
        what = f"{key[:20]} = {value[:30]}"
    write(path, data, rng)
    return f"config.toml: {what}"


INDEX_COLUMNS = {
    "games": ["id", "files", "position", "created", "table_kind", "finished", "voided", "damaged", "summary"],
    "players": ["game_id", "position", "player", "folded", "money", "money_micro", "currency"],
    "meta": ["key", "value"],
}
CELLS = ["x'ff'", "x'00ff'", "CAST(x'ff80' AS TEXT)", "9223372036854775807", "-9223372036854775808", "1e308", "-1", "0",
         "NULL", "''", "'{}'", "'[]'", "'null'", "substr({col}, 1, length({col}) / 2)", "{col} || 'x'", "'" + "x" * 5000 + "'",
         "'1e999999'", "'-0'", "2", "0.5", "'abc'", "{col} + 1", "'{\"id\": 1}'"]


def index(root: str, rng) -> str:
    """The summary index: a cell, a column, a table or a page changed, or another file put there."""
    folder = cache_dir(root)
    path = os.path.join(folder, "index.sqlite3")
    if not plain(path):
        return "no index"
    choice = rng.randrange(10)
    if choice in (0, 1, 2, 3, 4, 7) and not sides_plain(path):  # SQLite here would block on a FIFO
        choice = 6
    if choice < 5:
        return index_sql(path, rng)
    data = read(path)
    if choice == 5:
        page = 4096 * rng.randrange(max(1, len(data) // 4096))
        data = data[:page] + rng.randbytes(rng.choice([1, 16, 4096])) + data[page + 16:]
        what = f"page at {page} garbled"
    elif choice == 6:
        data, what = mutate_bytes(data, rng)
    elif choice == 7:
        what = "foreign database"
        os.remove(path)
        connection = sqlite3.connect(path)
        connection.executescript(rng.choice([
            "CREATE TABLE games (id INTEGER, name TEXT); INSERT INTO games VALUES (1, 'x');",
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema', 'other');",
            "CREATE TABLE t (a); PRAGMA user_version = 7;",
        ]))
        connection.close()
        return f"index: {what}"
    elif choice == 8:
        data, what = rng.choice([b"", b"SQLite format 3\x00", b"not a database\n" * 100, read(game_files(root)[0])]), "replaced"
    else:
        return side_file(folder, rng)
    write(path, data, rng)
    return f"index: {what}"


def sides_plain(path: str) -> bool:
    """Whether every side file SQLite may open beside ``path`` is missing or a plain file."""
    for tail in ("-journal", "-wal", "-shm"):
        try:
            if not stat.S_ISREG(os.lstat(path + tail).st_mode):
                return False
        except FileNotFoundError:
            continue
    return True


def index_sql(path: str, rng) -> str:
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        generation = connection.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
        table = rng.choice(list(INDEX_COLUMNS))
        column = rng.choice(INDEX_COLUMNS[table])
        choice = rng.randrange(8)
        if choice < 4:
            cell = rng.choice(CELLS).format(col=column)
            where = "" if rng.random() < 0.3 else f" WHERE rowid = (SELECT rowid FROM {table} ORDER BY random() LIMIT 1)"
            if table == "meta" and rng.random() < 0.7:
                where = f" WHERE key = '{rng.choice(['schema', 'generation'])}'"
            connection.execute(f"UPDATE OR IGNORE {table} SET {column} = {cell}{where}")
            what = f"{table}.{column} = {cell[:30]}"
        elif choice == 4:
            connection.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
            what = f"dropped {table}.{column}"
        elif choice == 5:
            statement = rng.choice([f"DROP TABLE {table}", f"DELETE FROM {table}", "DROP INDEX games_position",
                                    f"ALTER TABLE {table} ADD COLUMN extra BLOB", f"ALTER TABLE {table} RENAME TO old",
                                    "PRAGMA journal_mode = WAL", "PRAGMA user_version = 99",
                                    f"INSERT INTO {table} SELECT * FROM {table} LIMIT 1"])
            connection.execute(statement)
            what = statement
        else:
            rows = connection.execute("SELECT rowid FROM games").fetchall()
            connection.execute(f"DELETE FROM games WHERE rowid = {rng.choice(rows)[0]}" if rows else "DELETE FROM games")
            what = "a game's row removed"
        if generation is not None and rng.random() < 0.8:  # as the stamp knows it: trusted, and wrong
            connection.execute("UPDATE OR IGNORE meta SET value = ? WHERE key = 'generation'", generation)
    except sqlite3.Error as error:
        what = f"sql failed: {error}"
    finally:
        connection.close()
    return f"index: {what}"


def side_file(folder: str, rng) -> str:
    """Something where SQLite keeps its rollback journal, write-ahead log or shared memory."""
    name = "index.sqlite3" + rng.choice(["-journal", "-wal", "-shm"])
    path = os.path.join(folder, name)
    kind = rng.choice(["garbage", "empty", "fifo", "dir", "link", "dangling"])
    return special(path, kind, rng) or f"{name}: {kind}"


def special(path: str, kind: str, rng) -> str | None:
    """Put a special file (or a file's bytes) at ``path``; None when done."""
    if os.path.isdir(path) and not os.path.islink(path):
        import shutil

        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    if kind == "garbage":
        open(path, "wb").write(rng.randbytes(rng.choice([1, 100, 5000])))
    elif kind == "empty":
        open(path, "wb").close()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        os.mkdir(path)
        open(os.path.join(path, "inside.json"), "wb").close()
    elif kind == "link":
        # relative inside the fuzz folder, so that a fixture's link means the same where it is replayed
        os.symlink(rng.choice(["/dev/zero", "/dev/null", os.path.basename(path), ".", "../config.toml"]), path)
    elif kind == "dangling":
        os.symlink("nowhere", path)
    return None


def special_place(root: str, rng) -> str:
    """A FIFO, a link, a folder or nothing where ginscore keeps a file of its own."""
    places = [*game_files(root), os.path.join(root, "ledger", "settlements", "settlements.fuzz.json"), os.path.join(root, "config.toml"),
              os.path.join(root, "ledger", "games"), os.path.join(cache_dir(root), "index.sqlite3"),
              os.path.join(cache_dir(root), "index-stamp"), os.path.join(cache_dir(root), "devices"),
              os.path.join(state_dir(root), "current"), os.path.join(state_dir(root), "lock"),
              os.path.join(root, "state", "device-id"), os.path.join(root, "ledger", "games", "game-zzzzzzzz.other.json")]
    path = rng.choice(places)
    kind = rng.choice(["fifo", "dir", "link", "dangling", "empty", "garbage", "gone"])
    if kind == "gone":
        if os.path.isdir(path) and not os.path.islink(path):
            import shutil

            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.remove(path)
    else:
        special(path, kind, rng)
    return f"{os.path.relpath(path, root)}: {kind}"


def names(root: str, rng) -> str:
    """A game file under another name: an odd id, a huge number, another device, a copy."""
    import shutil

    source = rng.choice(game_files(root))
    if not plain(source):  # shutil would copy a link to /dev/zero for ever
        raise OSError(f"not a plain file: {source}")
    name = rng.choice(["game-99999999999999999999.json", f"game-{2**63}.json", "game-000001.json", "game-1.json",
                       "game-0.json", "game--1.json", "game-abc.xyz.json", "game-" + "a" * 300 + ".json",
                       "game-k94e4x4n.other.json", "game-\u00e9t\u00e9.json", "game-12345678.fuzz.json.tmp",
                       ".game-x.json", "game-pg86p68v.fuzz.json"])
    target = os.path.join(os.path.dirname(source), name)
    (shutil.move if rng.random() < 0.5 else shutil.copy2)(source, target)
    return f"{os.path.basename(source)} -> {name[:40]}"


def state_files(root: str, rng) -> str:
    path = rng.choice([os.path.join(cache_dir(root), "index-stamp"), os.path.join(state_dir(root), "current"),
                       os.path.join(cache_dir(root), "devices"), os.path.join(root, "state", "device-id")])
    data = read(path) if os.path.lexists(path) else b""
    if rng.random() < 0.5:
        data, what = mutate_bytes(data, rng)
    else:
        data, what = rng.choice([b"9" * 30, b"-1 -1\n", b"0 0", b"\xff", b"a" * 10000, b"1 2 3", b"zzzzzzzz", b""]), "replaced"
    write(path, data, rng)
    return f"{os.path.relpath(path, root)}: {what}"


# Where the mutations go, and how often: game files most, as they are the truth.
MUTATIONS = [(game_file, 40), (settlements, 8), (config, 10), (index, 20), (special_place, 8), (names, 5), (state_files, 5)]
_WEIGHTED = [mutation for mutation, weight in MUTATIONS for _ in range(weight)]


def mutate(root: str, rng) -> list:
    """One to three mutations of the fuzz folder; what each did."""
    done = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        try:
            done.append(rng.choice(_WEIGHTED)(root, rng))
        except (OSError, ValueError, IndexError, KeyError, TypeError, AttributeError, RecursionError, sqlite3.Error) as error:  # a place an earlier one removed
            done.append(f"skipped: {type(error).__name__}")
    return done


def risky(done: list) -> bool:
    """Whether a mutation may make a command block (a FIFO, /dev/zero): run it in a fork."""
    return any("fifo" in what or "link" in what for what in done)
