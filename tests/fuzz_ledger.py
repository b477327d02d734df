"""The fuzzer's ledger and commands (tests/system/test_fuzz.py).

One fuzz folder, ``ROOT``: ``ledger/`` (the game files and settlements), ``cache/`` and
``state/`` (this device's index, stamp, current game, lock) and ``config.toml`` (the house
rules). ``build`` plays real games of every table into it once, and ``Snapshot`` remembers every
file with its bytes and times; ``Snapshot.restore`` puts them back before each mutated ledger,
times included, so that the summary index stays trusted and a damaged one is read as it is.

``run_commands`` runs reading commands and one writing command in this process (click's
CliRunner, like the ``run`` fixture), each under a watchdog, and returns what went wrong: the
safety net (``GinscoreGroup._unexpected``) firing, an exit status other than 0, 1 or 2, an
error line longer than ``LONGEST``, a command slower than ``SLOWEST`` seconds, a game file
changed by a reading command. ``run_forked`` does the same in a forked copy of this process,
killed after a timeout, for what may block (a FIFO, /dev/zero).
"""

from __future__ import annotations

import base64
import json
import os
import re
import shlex
import signal
import stat
import time
import traceback
import zlib

ENV_DEBUG = "GINSCORE_DEBUG"  # the safety net's line says to set it to see the traceback
LONGEST = 200  # characters in a line of error output, besides the paths of files it names
SLOWEST = float(os.environ.get("GINSCORE_FUZZ_SECONDS", "5"))
HANG = 2 * SLOWEST + 5  # seconds after which the watchdog stops a command: a hang
# a backup of the score-pad app (tests/cli/test_scorepad.py), for 'ginscore import' into a mutated ledger
SCOREPAD_BACKUP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "scorepad", "backup.json")


def play_commands(rng=None) -> list:
    """Real games of every table: stakes, currencies, hands as cards, undo, edit, delete, a
    voided game, an ended one, settlements recorded, a settled game changed and squared, one
    taken back and brought back, another taken back, house rules set."""
    return [
        "config set deal alternate",
        "new Ann Ben --stake 0.05 --currency €", "knock ann 3 20", "gin ben 12", "undo", "knock ben 2 30",
        "edit 1 knock ann 2 25", "draw", "delete 3", "gin ann 30", "gin ann 40",
        "settle --record",
        "edit 1 knock ann 2 24", "settle --record", "undo", "redo",  # a settled game changed: squared, taken back, brought back
        "new Zoë Ann --hollywood --stake 1/10 --gin-bonus-at close --sweep double", "knock zo 1 19", "gin ann 10", "draw",
        "knock ann 2 20",
        "new Ann Ben Cat --three-handed --stake 0.02", "knock ann 3 20", "gin cat 12", "knock ben 4 9", "draw",
        "new Alice Bob Carol Dave --partnership --stake 0.10 --currency CHF", "knock alice 2 20", "knock carol 5 9",
        "new Ann Ben Cy Dee --rummy --stake 0.1", "out ann ben=20 cy=11 dee=5", "out cy ann=5 ben=30 dee=12 --rummy", "end",
        "settle --record", "undo",
        "new Ann Ben --deal loser --target 50 --stake 0.0000001", "knock ann 2 20", "gin ann 22",
        "new Ann Ben --rules oklahoma", "knock ann 2 20 --upcard 3s",
        "new Eve Dan", "draw",
        ["knock", "eve", "--cards", "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--opponent-cards", "Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s"],
        "new Alcie Bob --stake 0.05", "knock alcie 2 20", "rules set gin-bonus 30", "rename alcie Alice", "gin alice 10",
        "rules set target 150", "undo", "rename bob Rob --all",
        "new Ann Ben", "void CURRENT",
        "new Ann Ben Cat --three-handed", "knock ann 3 20",
        "games",
    ]


def environment(root: str) -> dict:
    return {
        "GINSCORE_LEDGER": os.path.join(root, "ledger"),
        "GINSCORE_CONFIG": os.path.join(root, "config.toml"),
        "GINSCORE_STATE": os.path.join(root, "state"),
        "GINSCORE_CACHE": os.path.join(root, "cache"),
        "GINSCORE_DEVICE": "fuzz",
        "GINSCORE_LANG": "en",
    }


def invoke(args):
    from click.testing import CliRunner

    from ginscore.cli import cli

    return CliRunner().invoke(cli, args, catch_exceptions=False)


def build(root: str) -> list:
    """Play ``play_commands`` into ``root`` (the environment already pointing there, with a
    frozen clock); returns the ids of the games, oldest first."""
    current = None
    for command in play_commands():
        args = shlex.split(command) if isinstance(command, str) else command
        args = [current if arg == "CURRENT" else arg for arg in args]
        result = invoke(args)
        assert result.exit_code == 0, (args, result.output)
        status = invoke(["status", "--json"])
        current = json.loads(status.output)["id"] if status.exit_code == 0 else current
    listing = json.loads(invoke(["games", "--all", "--json"]).output)
    return [game["id"] for game in listing["games"]]


class Snapshot:
    """Every folder and file under a root with its bytes, link target and times."""

    def __init__(self, root: str):
        self.root = root
        self.entries = []  # (relative path, kind, data, mtime_ns), parents before children
        for folder, folders, files in os.walk(root):
            for name in sorted(folders) + sorted(files):
                path = os.path.join(folder, name)
                info = os.lstat(path)
                relative = os.path.relpath(path, root)
                if stat.S_ISLNK(info.st_mode):
                    self.entries.append((relative, "link", os.readlink(path), info.st_mtime_ns))
                elif stat.S_ISDIR(info.st_mode):
                    self.entries.append((relative, "dir", None, info.st_mtime_ns))
                elif stat.S_ISREG(info.st_mode):
                    with open(path, "rb") as handle:
                        self.entries.append((relative, "file", handle.read(), info.st_mtime_ns))
                else:
                    self.entries.append((relative, "fifo", None, info.st_mtime_ns))

    def restore(self, root: str | None = None) -> None:
        """Make ``root`` (default: where it was taken) hold every entry and nothing else, times
        too. An entry still as it was (its kind, size and time: nothing but this method sets a
        time back) is kept, the rest removed and written again: most of a ledger is untouched."""
        root = root or self.root
        wanted = {relative: (kind, data, mtime) for relative, kind, data, mtime in self.entries}
        self._prune(root, root, wanted)
        for relative, kind, data, mtime in self.entries:
            path = os.path.join(root, relative)
            if os.path.lexists(path):
                continue
            if kind == "dir":
                os.mkdir(path)
            elif kind == "file":
                with open(path, "wb") as handle:
                    handle.write(data)
            elif kind == "link":
                os.symlink(data, path)
            else:
                os.mkfifo(path)
            if kind != "dir":
                os.utime(path, ns=(mtime, mtime), follow_symlinks=False)
        for relative, kind, _, mtime in reversed(self.entries):  # children before the folder they are in
            if kind == "dir":
                os.utime(os.path.join(root, relative), ns=(mtime, mtime))

    def _prune(self, root: str, folder: str, wanted: dict) -> None:
        import shutil

        for entry in os.scandir(folder):
            relative = os.path.relpath(entry.path, root)
            kind, data, mtime = wanted.get(relative, (None, None, None))
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISDIR(info.st_mode):
                if kind == "dir":
                    self._prune(root, entry.path, wanted)
                    continue
                shutil.rmtree(entry.path)
                continue
            same = (
                (kind == "file" and stat.S_ISREG(info.st_mode) and info.st_size == len(data) and info.st_mtime_ns == mtime)
                or (kind == "link" and stat.S_ISLNK(info.st_mode) and os.readlink(entry.path) == data)
                or (kind == "fifo" and stat.S_ISFIFO(info.st_mode))
            )
            if not same:
                os.unlink(entry.path)

    def to_json(self, key: str) -> list:
        """The entries as a fixture keeps them, this ledger's key (in the cache and state
        folders' names) written as LEDGER; a file's bytes compressed (zlib) in base64."""
        return [
            {"path": relative.replace(key, "LEDGER"), "kind": kind, "mtime": mtime,
             **({"data": base64.b64encode(zlib.compress(data, 9)).decode("ascii")} if kind == "file" else {}),
             **({"target": data} if kind == "link" else {})}
            for relative, kind, data, mtime in self.entries
        ]

    @classmethod
    def from_json(cls, root: str, entries: list, key: str) -> Snapshot:
        snapshot = cls.__new__(cls)
        snapshot.root = root
        snapshot.entries = [
            (entry["path"].replace("LEDGER", key), entry["kind"],
             zlib.decompress(base64.b64decode(entry["data"])) if entry["kind"] == "file" else entry.get("target"),
             entry["mtime"])
            for entry in entries
        ]
        return snapshot


def ledger_state(root: str) -> dict:
    """The files of the ledger folder (the truth: game files, settlements) as they are now,
    special files and links by what they are, never opened."""
    found = {}
    for folder, folders, files in os.walk(os.path.join(root, "ledger")):
        for name in folders + files:
            path = os.path.join(folder, name)
            info = os.lstat(path)
            if stat.S_ISREG(info.st_mode):
                with open(path, "rb") as handle:
                    found[path] = handle.read()
            elif stat.S_ISLNK(info.st_mode):
                found[path] = ("link", os.readlink(path))
            elif not stat.S_ISDIR(info.st_mode):
                found[path] = ("special", info.st_mode)
    return found


class Hang(BaseException):
    """The watchdog's alarm: a command ran past its time (a BaseException, which the safety
    net does not catch)."""


def _alarm(signum, frame):
    raise Hang()


def reads(game_ids: list, rng) -> list:
    """Every reading command, with a game and options picked by ``rng``."""
    game = rng.choice(game_ids)
    fmt = rng.choice(["text", "md", "csv", "html", "json", "grid"])
    return [
        ["status"], ["status", "--json"], ["status", "--game", game, "--format", fmt], ["games"],
        ["games", "--all", "--json"], ["games", "--unsettled", "--format", fmt], ["games", "--player", "Zoë", "--last", "3"],
        ["stats"], ["stats", "--json"], ["stats", "--vs", "Ann", "Ben"], ["stats", "--table", "rummy", "--format", fmt],
        ["settle"], ["settle", "--all", "--json"], ["settle", "--player", "Ann", "--currency", "€"],
        ["check"], ["check", "--json"], ["log"], ["log", "--game", game, "--json"], ["log", "--game", game, "--format", fmt],
        ["sheet"], ["sheet", "--game", game], ["sheet", "--format", "html", "--game", game], ["sheet", "--format", "csv"],
        ["sheet", "--json", "--game", game], ["export", "--to", rng.choice(["hledger", "ledger", "beancount", "csv"]), "--all"],
        ["export", "--to", "csv", "--as", "Ann"], ["rules", "--game", game], ["config"], ["config", "--json"],
    ]


def writes(game_ids: list, rng) -> list:
    game = rng.choice(game_ids)
    return [
        ["knock", "ann", "3", "20"], ["knock", "ann", "1", "30", "--game", game], ["gin", "ben", "12", "--game", game],
        ["draw"], ["undo"], ["undo", "--game", game], ["settle", "--record"], ["new", "Ann", "Ben"], ["void", game],
        ["edit", "1", "draw", "--game", game], ["delete", "1", "--game", game], ["rematch"], ["end", "--game", game],
        ["rules", "set", "gin-bonus", "20", "--game", game], ["rename", "Ann", "Anna", "--all"], ["redo", "--game", game],
        ["import", SCOREPAD_BACKUP], ["restore", "1", "--game", game], ["draw", "--before", "1", "--game", game],
    ]


def commands_for(game_ids: list, rng, count: int = 2) -> list:
    """``count`` reading commands and, for one ledger in four, a writing command last."""
    chosen = rng.sample(reads(game_ids, rng), count)
    if rng.random() < 0.25:
        chosen.append(["WRITE", *rng.choice(writes(game_ids, rng))])
    return chosen


def run_commands(root: str, commands: list, unexpected: list) -> list:
    """Run each command, in order; the failures seen, as one line each. ``unexpected`` is the
    list the patched safety net appends to (tests/system/test_fuzz.py patches it)."""
    failures = []
    before = ledger_state(root)
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for command in commands:
            writing = command[0] == "WRITE"
            args = command[1:] if writing else command
            del unexpected[:]
            started = time.monotonic()
            signal.setitimer(signal.ITIMER_REAL, HANG)
            try:
                result = invoke(args)
            except Hang:
                failures.append(f"{shlex.join(args)}: no answer in {HANG:.0f} s")
                continue
            except Exception as error:  # noqa: BLE001 - past the safety net itself
                failures.append(f"{shlex.join(args)}: escaped {type(error).__name__}: {error!s:.300}")
                continue
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            elapsed = time.monotonic() - started
            problems = judge(root, result, elapsed, unexpected, listing=args == ["check"])
            failures.extend(f"{shlex.join(args)}: {problem}" for problem in problems)
            if not writing:
                after = ledger_state(root)
                if after != before:
                    changed = sorted(path for path in set(before) | set(after) if before.get(path) != after.get(path))
                    failures.append(f"{shlex.join(args)}: changed {', '.join(os.path.relpath(p, root) for p in changed)}")
                    before = after
    finally:
        signal.signal(signal.SIGALRM, previous)
    return failures


def judge(root: str, result, elapsed: float, unexpected: list, listing: bool = False) -> list:
    """What is wrong with one command's ``result``; ``listing``: its output lists problems
    (``check``), each line held to the length of an error line."""
    problems = []
    for error in unexpected:
        problems.append(f"the safety net caught {error}")
    if not unexpected and ENV_DEBUG in result.stderr:  # its line names the variable in every language
        problems.append(f"the safety net's line without the safety net: {result.stderr.strip()[:200]}")
    if result.exit_code not in (0, 1, 2):
        problems.append(f"exit status {result.exit_code}")
    paths = re.compile(re.escape(root) + r"[^\s:;,'\"]*")
    for line in (result.stderr + result.stdout if listing else result.stderr).splitlines():
        if len(paths.sub("PATH", line)) > LONGEST:
            problems.append(f"an error line of {len(line)} characters: {line[:150]}...")
            break
    if elapsed > SLOWEST:
        problems.append(f"took {elapsed:.1f} s")
    return problems


def patched_safety_net(unexpected: list):
    """A replacement for ``GinscoreGroup._unexpected`` that notes the error (its type, words
    and where it was raised) in ``unexpected`` before doing what the original does."""
    from ginscore.cli import GinscoreGroup

    original = GinscoreGroup._unexpected

    def noted(self, error, args, saved):
        frames = traceback.extract_tb(error.__traceback__)
        where = " < ".join(f"{os.path.basename(f.filename)}:{f.lineno}" for f in reversed(frames[-3:]))
        unexpected.append(f"{type(error).__name__}: {str(error)[:200]} at {where}")
        return original(self, error, args, saved)

    return noted


def run_forked(root: str, commands: list, unexpected: list, timeout: float) -> list:
    """``run_commands`` in a forked copy of this process, killed after ``timeout`` seconds."""
    import select

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            os.close(read_end)
            answer = run_commands(root, commands, unexpected)
            with os.fdopen(write_end, "w", encoding="utf-8") as pipe:
                json.dump(answer, pipe)
        except BaseException:  # noqa: BLE001 - the child never returns into pytest
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        answered = select.select([pipe], [], [], timeout)[0]
        data = pipe.read() if answered else b""
        if not answered:
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    if not answered:
        return [f"{' ; '.join(map(shlex.join, commands))}: no answer in {timeout:.0f} s (a hang)"]
    try:
        return json.loads(data.decode("utf-8"))
    except ValueError:
        return ["the forked run died without an answer"]
