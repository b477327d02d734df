"""The board under load (issue #43): how soon a hand typed at the command line shows on every open
board, how many requests a second the server answers, and what a change costs the server's CPU,
with 1 game in progress, 100 in progress, and 10,000 finished games (and one in progress).

For each ledger it starts ``ginscore serve`` (the loopback address), opens ``--boards`` boards as
board.js is one (the event stream, and on each event the live part asked again on a kept-alive
connection), then records ``--hands`` hands with ``ginscore knock`` (a process each) and times,
from the moment each command has exited, until every board shows that hand: p50 and p95 over
every (hand, board). The server's CPU (user + system, /proc) over those hands, divided by their
number, is the CPU of a change (one render shared by every board, and their answers). Then
requests a second: one client, and ten at once, each on one kept-alive connection, asking the
board's live part (``/live``) and a static file for two seconds each.

    python bench/bench_board.py [--boards 24] [--hands 20] [--ledgers 1,100,10000]
    python bench/bench_board.py --checkout /path/to/other/checkout   # its server, the same load

Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from bench_scale import EVENING, finished_game, write_games


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def environment(root: str, checkout: str | None) -> dict:
    env = dict(os.environ, GINSCORE_LEDGER=os.path.join(root, "ledger"), GINSCORE_STATE=os.path.join(root, "state"),
               GINSCORE_CACHE=os.path.join(root, "cache"), GINSCORE_CONFIG=os.path.join(root, "config.toml"), GINSCORE_LANG="en",
               GINSCORE_DEVICE="bench")
    if checkout:
        env["PYTHONPATH"] = checkout
    os.makedirs(env["GINSCORE_STATE"], exist_ok=True)  # the processes' working folder: not a checkout, whose ginscore 'python -m' would take
    return env


def ginscore(env: dict, *words) -> str:
    done = subprocess.run([sys.executable, "-m", "ginscore", *words], env=env, capture_output=True, text=True, timeout=600,
                          cwd=env["GINSCORE_STATE"])
    assert done.returncode == 0, done.stderr
    return done.stdout


def build(finished: int, playing: int, env: dict) -> list:
    """A ledger of ``finished`` finished games (written as files, as bench_scale writes them) and
    ``playing`` games in progress (started with 'ginscore new'); the ids in progress."""
    if finished:
        rng = random.Random(finished)
        write_games(env["GINSCORE_LEDGER"], finished, "bench1", finished_game("bench", EVENING, rng), rng)
    ids = [ginscore(env, "new", f"P{number}", f"Q{number}", "--target", "10000").split()[1].rstrip(":") for number in range(playing)]
    ginscore(env, "games", "--json")  # the summary index, built once
    return ids


class Board:
    def __init__(self, port: int):
        self.port = port
        self.stream = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.stream.request("GET", "/events", headers={"Host": f"127.0.0.1:{port}"})
        self.events = self.stream.getresponse()
        self.events.readline()
        self.fetcher = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.shown = self.fetch()

    def fetch(self) -> str:
        self.fetcher.request("GET", "/live", headers={"Host": f"127.0.0.1:{self.port}"})
        return self.fetcher.getresponse().read().decode("utf-8")

    def until(self, wanted: str) -> float:
        while wanted not in self.shown:
            line = self.events.readline()
            if line.startswith(b"data:"):
                self.shown = self.fetch()
        return time.monotonic()


def rate(port: int, path: str, clients: int, seconds: float = 2.0) -> float:
    counts = [0] * clients
    stop = time.monotonic() + seconds

    def client(number):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < stop:
            connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
            connection.getresponse().read()
            counts[number] += 1
        connection.close()

    threads = [threading.Thread(target=client, args=(number,)) for number in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(counts) / seconds


def measure(name: str, finished: int, playing: int, boards: int, hands: int, checkout: str | None) -> dict:
    root = tempfile.mkdtemp(prefix="bench-board-")
    try:
        env = environment(root, checkout)
        ids = build(finished, playing, env)
        server = subprocess.Popen([sys.executable, "-m", "ginscore", "serve", "--port", "0"], env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, cwd=env["GINSCORE_STATE"])
        url = server.stdout.readline().strip()
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        opened = [Board(port) for _ in range(boards)]
        game = ids[len(ids) // 2]
        latencies, cpu = [], cpu_seconds(server.pid)
        for number in range(1, hands + 1):
            wanted = f"after {number} hand"
            done = {}
            threads = [threading.Thread(target=lambda b=board: done.__setitem__(b, b.until(wanted))) for board in opened]
            for thread in threads:
                thread.start()
            ginscore(env, "knock", f"P{len(ids) // 2}", "1", "30", "--game", game)
            recorded = time.monotonic()
            for thread in threads:
                thread.join(60)
            latencies += [max(0.0, at - recorded) for at in done.values()]
        cpu_a_change = (cpu_seconds(server.pid) - cpu) / hands
        for board in opened:
            board.stream.close()
            board.fetcher.close()
        rates = {(path, clients): rate(port, path, clients) for path in ("/live", "/static/board.css") for clients in (1, 10)}
        server.terminate()
        server.wait(10)
        latencies.sort()
        return {"name": name, "p50": statistics.median(latencies) * 1000, "p95": latencies[int(len(latencies) * 0.95) - 1] * 1000,
                "cpu": cpu_a_change * 1000, "rates": rates}
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--ledgers", default="1,100,10000", help="1: one game in progress; 100: a hundred; 10000: finished games and one")
    parser.add_argument("--checkout", help="serve with the ginscore of this checkout (PYTHONPATH)")
    options = parser.parse_args()
    shapes = {"1": ("1 in progress", 0, 1), "100": ("100 in progress", 0, 100), "10000": ("10,000 finished + 1", 10000, 1)}
    print(f"{options.boards} boards, {options.hands} hands a ledger; latency from the command's exit to each board showing the hand")
    print(f"{'ledger':22} {'p50 ms':>8} {'p95 ms':>8} {'CPU/change ms':>14} {'/live 1':>9} {'/live 10':>9} {'static 1':>9} {'static 10':>9}")
    for key in options.ledgers.split(","):
        name, finished, playing = shapes[key]
        found = measure(name, finished, playing, options.boards, options.hands, options.checkout)
        rates = found["rates"]
        print(f"{name:22} {found['p50']:8.1f} {found['p95']:8.1f} {found['cpu']:14.1f} {rates['/live', 1]:9.0f} {rates['/live', 10]:9.0f} "
              f"{rates['/static/board.css', 1]:9.0f} {rates['/static/board.css', 10]:9.0f}", flush=True)


if __name__ == "__main__":
    main()
