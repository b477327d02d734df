"""'ginscore play' driven through a pseudo-terminal, as a player types at it (issue #14): a
whole game of short entries with an undo, a Tab completion, Ctrl-C mid-game and Ctrl-D; the
ledger it leaves is the one the same game entered as one-shot commands leaves."""

import json
import os
import re
import select
import signal
import sys
import time

import pytest

from helpers import ROOT

pty = pytest.importorskip("pty")
if not os.path.exists(f"/proc/{os.getpid()}/wchan"):  # Terminal.interrupt sees the session idle there
    pytest.skip("needs /proc/PID/wchan (Linux)", allow_module_level=True)
# every test here drives a real interactive session
pytestmark = pytest.mark.slow


class Terminal:
    """A child process on a pseudo-terminal: type into it, wait for what it prints."""

    def __init__(self, *args, env=None):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the pty is its controlling terminal, so Ctrl-C is SIGINT
            # ... received as a shell gives it to a command it starts, however pytest was started
            # (a job started in the background by a script ignores SIGINT, and exec keeps that)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, "-m", "ginscore", *args], env)
        self.seen = ""

    def expect(self, pattern: str, timeout: float = 10.0) -> str:
        """Read until ``pattern`` (a regex) appears in what was printed since the last match."""
        deadline = time.monotonic() + timeout
        while True:
            match = re.search(pattern, self.seen)
            if match:
                before, self.seen = self.seen[: match.end()], self.seen[match.end() :]
                return before
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"timed out waiting for {pattern!r}; printed: {self.seen!r}")
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:  # the child is gone
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the session ended waiting for {pattern!r}; printed: {self.seen!r}")
                self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode("utf-8"))

    def interrupt(self, timeout: float = 10.0) -> None:
        """Ctrl-C, once readline is idle again: CPython's readline loop notices a signal only
        when it interrupts its wait for a key, so a Ctrl-C that lands while it is still
        echoing the last key would wait for the next one (as a person's Ctrl-C never does).
        Idle is what the kernel says the child waits in (/proc/PID/wchan): select or poll, on
        the terminal; no fixed sleep, however loaded the machine."""
        deadline = time.monotonic() + timeout
        while not waiting_for_a_key(self.pid):
            if time.monotonic() > deadline:
                raise AssertionError(f"the session never waited for a key; printed: {self.seen!r}")
            select.select([], [], [], 0.002)  # look again in a moment
        self.type("\x03")

    def wait(self, timeout: float = 10.0) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
            try:  # keep draining so the child never blocks on a full terminal
                if select.select([self.fd], [], [], 0.05)[0]:
                    self.seen += os.read(self.fd, 4096).decode("utf-8", "replace")
            except OSError:
                pass
        os.kill(self.pid, 9)
        raise AssertionError("the session did not end")


def normalized(ledger) -> dict:
    """Every game file without what differs between two runs: the times, and what is made
    from the clock (the game's id, in its file's name too, and each entry's id, which the
    entries after it and an edit or undo name: each becomes its place in the journal)."""
    games = {}
    folder = os.path.join(ledger, "games")
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), encoding="utf-8") as handle:
            data = json.load(handle)
        game_id = data.pop("id")
        data.pop("created")
        data.pop("clock")
        places = {entry["id"]: f"entry {number}" for number, entry in enumerate(data["journal"], 1)}
        for entry in data["journal"]:
            for made in ("at", "clock"):
                entry.pop(made)
            entry["id"] = places[entry["id"]]
            for link in ("after", "target"):
                if entry.get(link) is not None:
                    entry[link] = places.get(entry[link], entry[link])
        games[name.replace(game_id, "GAME")] = data
    return games


PROMPT = r"game [0-9a-z]+> "


def waiting_for_a_key(pid: int) -> bool:
    """Whether process ``pid`` sleeps in select or poll (readline between two keys)."""
    with open(f"/proc/{pid}/wchan", encoding="ascii") as wchan:
        where = wchan.read()
    return "select" in where or "poll" in where


def test_a_whole_game_at_the_table_leaves_the_ledger_one_shot_commands_leave(run, tmp_path):
    env = {**os.environ, "GINSCORE_CONFIG": str(tmp_path / "config.toml"), "TERM": "dumb", "PYTHONPATH": ROOT}
    ledger = str(tmp_path / "at-the-table")
    table = Terminal("--ledger", ledger, "play", env=env)
    table.expect(r"No game yet")
    table.expect(r"ginscore> ")
    table.type("new Alice Bob --target 100\n")
    assert "Cut for deal" in table.expect(PROMPT)
    table.type("k al 4 15\n")
    assert "Alice +11" in table.expect(PROMPT) 
    table.type("g b\t30\n")  # Tab completes Bob's name
    assert "Bob gin, opponent 30 -> Bob +55" in table.expect(PROMPT)
    table.type("d\n")
    assert "Bob deals the next hand." in table.expect(PROMPT)
    table.type("u\n")
    assert "Undid hand 3" in table.expect(PROMPT)
    table.type("k al 25 3")
    table.expect("k al 25 3")  # echoed: readline holds it
    table.interrupt()  # Ctrl-C: the half-typed entry is dropped
    table.expect("line cancelled")
    table.expect(PROMPT)
    table.type("knok al 4 15\n")
    assert "did you mean knock?" in table.expect(PROMPT)
    table.type("bg bob 12\n")
    assert "Bob big gin, opponent 12 -> Bob +43" in table.expect(PROMPT)
    table.type("s\n")
    assert "Bob big gin, opponent 12" in table.expect(PROMPT)
    table.type("ginscore knock bob 2 22\n")  # a whole command line works too
    table.expect(r"Rematch.*\[y/N\] ")
    table.type("k al 4 15\n")  # a hand typed out of habit is no answer: asked again (issue 34 item 3)
    assert "'k al 4 15' is no answer" in table.expect(r"Rematch.*\[y/N\] ")
    table.type("n\n")
    table.expect(PROMPT)
    table.type("\x04")  # Ctrl-D leaves
    table.expect("Bye")
    assert table.wait() == 0

    one_shot = str(tmp_path / "one-shot")
    for line in ["new Alice Bob --target 100", "knock al 4 15", "gin bob 30", "draw", "undo", "gin bob 12 --big",
                 "knock bob 2 22"]:
        done = run(["--ledger", one_shot, *line.split()])  # in this process: the same commands, no start-up
        assert done.exit_code == 0, done.output
    assert normalized(ledger) == normalized(one_shot)


def test_ctrl_c_twice_leaves_and_keeps_every_hand(run, tmp_path):
    env = {**os.environ, "GINSCORE_CONFIG": str(tmp_path / "config.toml"), "TERM": "dumb", "PYTHONPATH": ROOT}
    ledger = str(tmp_path / "ledger")
    assert run(["--ledger", ledger, "new", "Ann", "Ben", "--dealer", "ben"]).exit_code == 0
    table = Terminal("--ledger", ledger, "play", env=env)
    assert "Ben deals the first hand" in table.expect(PROMPT)
    table.type("k ann 3 20\n")
    table.expect(PROMPT)
    table.type("g be")
    table.expect("g be")
    table.interrupt()
    table.expect("line cancelled")
    table.expect(PROMPT)
    table.interrupt()  # again, on an empty line: leave
    table.expect("Bye")
    assert table.wait() == 0
    status = run(["--ledger", ledger, "status", "--json"])
    assert [hand["kind"] for hand in json.loads(status.stdout)["hands"]] == ["knock"]
