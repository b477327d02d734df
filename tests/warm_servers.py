"""``ginscore serve`` in a real process of its own, forked from a Python that has imported the
board already: a server started with ``python -m ginscore serve`` spends most of its start-up
CPU (some 0.25 s of 0.3 s) importing click, Starlette, uvicorn, asyncio and ginscore, and the
board's tests start some fifty servers. One such Python a worker (started at the first server
asked for, ended with the run) forks a child for each server: its own process, session,
environment, working folder and standard streams, running ``ginscore.cli.main`` as ``python -m
ginscore`` does, signalled and waited for as any. Its exit status comes back through the Python
that forked it, so ``WarmProcess`` answers as ``subprocess.Popen`` does (pid, poll, wait,
send_signal, kill, returncode, stdout, stderr).

For the tests of the board as a server; a test about what a new Python imports, or that needs
``Popen``'s other options, starts ``python -m ginscore`` itself.
"""

from __future__ import annotations

import atexit
import json
import os
import socket
import subprocess
import sys
import threading

# The Python that forks: imports what a server imports, then for each request (a line of JSON
# and three descriptors: stdin, stdout, stderr) forks a child and says its pid; says each
# child's exit status when it ends. It ends when the socket closes (the test run ended).
FORKER = r"""
import array, json, os, signal, socket, sys, importlib, pkgutil, select
control = socket.socket(fileno=int(sys.argv[1]))
import ginscore.cli, ginscore.web
for package in (ginscore.cli, ginscore.web):
    for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(found.name)
for name in ("uvicorn.protocols.http.h11_impl", "uvicorn.protocols.http.httptools_impl", "uvicorn.lifespan.on",
             "uvicorn.loops.auto", "uvicorn.loops.asyncio", "segno"):
    try:
        importlib.import_module(name)
    except ImportError:
        pass
# what every server shares with this Python, set aside from the collector (as Python's gc.freeze
# advises before a fork): a child's collections then neither walk it nor copy each page they touch
import gc
gc.collect()
gc.freeze()
wake_read, wake_write = os.pipe()
os.set_blocking(wake_write, False)
signal.set_wakeup_fd(wake_write)
signal.signal(signal.SIGCHLD, lambda *_: None)
children = set()
buffer = b""

def reap():
    for pid in list(children):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            children.discard(pid)
            control.sendall(json.dumps({"exited": pid, "code": os.waitstatus_to_exitcode(status)}).encode() + b"\n")

def serve(request, fds):
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            control.close()
            os.close(wake_read); os.close(wake_write)
            for target, fd in enumerate(fds):
                os.dup2(fd, target)
                os.close(fd)
            if request["new_session"]:
                os.setsid()
            os.chdir(request["cwd"])
            os.environ.clear()
            os.environ.update(request["env"])
            sys.argv = ["ginscore", *request["args"]]
            from ginscore.cli import main
            try:
                main()
                code = 0
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
            except BaseException:
                import traceback
                traceback.print_exc()
                code = 1
            import atexit
            atexit._run_exitfuncs()
        finally:
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except Exception:
                    pass
            os._exit(code)
    for fd in fds:
        os.close(fd)
    children.add(pid)
    control.sendall(json.dumps({"started": pid}).encode() + b"\n")

while True:
    readable = select.select([control, wake_read], [], [])[0]
    if wake_read in readable:
        os.read(wake_read, 512)
        reap()
    if control in readable:
        message, fds, _flags, _address = socket.recv_fds(control, 65536, 3)
        if not message:
            break
        buffer += message
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            serve(json.loads(line), fds)
            fds = []
    reap()
"""


class Forker:
    """The worker's one forking Python, started when first asked for."""

    def __init__(self):
        ours, theirs = socket.socketpair()
        self.process = subprocess.Popen([sys.executable, "-c", FORKER, str(theirs.fileno())], pass_fds=(theirs.fileno(),))
        theirs.close()
        self.control = ours
        self.lock = threading.Lock()
        self.started: list = []
        self.started_ready = threading.Condition()
        self.exits: dict = {}
        self.exited = threading.Condition()
        threading.Thread(target=self._listen, daemon=True).start()
        atexit.register(self.close)

    def _listen(self):
        buffer = b""
        while True:
            chunk = self.control.recv(65536)
            if not chunk:
                with self.exited:
                    self.exits.setdefault("closed", True)
                    self.exited.notify_all()
                with self.started_ready:
                    self.started.append(None)
                    self.started_ready.notify_all()
                return
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                message = json.loads(line)
                if "started" in message:
                    with self.started_ready:
                        self.started.append(message["started"])
                        self.started_ready.notify_all()
                else:
                    with self.exited:
                        self.exits[message["exited"]] = message["code"]
                        self.exited.notify_all()

    def start(self, args: list, new_session: bool):
        """(pid, stdout's and stderr's reading ends) of a new server child."""
        stdin = os.open(os.devnull, os.O_RDONLY)
        out_read, out_write = os.pipe()
        err_read, err_write = os.pipe()
        request = {"args": args, "env": dict(os.environ), "cwd": os.getcwd(), "new_session": new_session}
        try:
            with self.lock:
                socket.send_fds(self.control, [json.dumps(request).encode() + b"\n"], [stdin, out_write, err_write])
                with self.started_ready:
                    while not self.started:
                        if not self.started_ready.wait(30):
                            raise RuntimeError("the forking Python did not start a server in 30 s")
                    pid = self.started.pop(0)
        finally:
            for fd in (stdin, out_write, err_write):
                os.close(fd)
        if pid is None:
            raise RuntimeError(f"the forking Python has stopped (exit status {self.process.poll()})")
        return pid, out_read, err_read

    def exit_code(self, pid: int, timeout: float | None):
        """The child's exit status (as Popen's returncode), waiting at most ``timeout`` seconds
        (None: for good); None if it is still running then."""
        with self.exited:
            self.exited.wait_for(lambda: pid in self.exits or "closed" in self.exits, timeout)
            return self.exits.get(pid)

    def close(self):
        # shutdown, not only close: the listening thread is inside recv on this socket, and a
        # socket closed under a pending recv stays open in the kernel, so the forking Python
        # never read its end and the run waited the full 10 s below for it at every exit
        for end in (lambda: self.control.shutdown(socket.SHUT_RDWR), self.control.close):
            try:
                end()
            except OSError:
                pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


_forker: list = []


def forker() -> Forker:
    if not _forker or _forker[0].process.poll() is not None:
        _forker[:] = [Forker()]
    return _forker[0]


class WarmProcess:
    """``ginscore ARGS`` in a child of the forking Python, answering as ``subprocess.Popen``
    (with text=True, stdout and stderr piped, stdin from /dev/null)."""

    def __init__(self, args: list, start_new_session: bool = False):
        self._forker = forker()
        self.args = ["ginscore", *args]
        self.pid, out_read, err_read = self._forker.start(list(args), start_new_session)
        self.stdin = None
        self.stdout = open(out_read, encoding="utf-8", errors="replace")
        self.stderr = open(err_read, encoding="utf-8", errors="replace")
        self.returncode = None

    def poll(self):
        if self.returncode is None:
            self.returncode = self._forker.exit_code(self.pid, 0)
        return self.returncode

    def wait(self, timeout: float | None = None):
        if self.returncode is None:
            self.returncode = self._forker.exit_code(self.pid, timeout)
            if self.returncode is None:
                raise subprocess.TimeoutExpired(self.args, timeout)
        return self.returncode

    def send_signal(self, sig) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        import signal

        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        import signal

        self.send_signal(signal.SIGKILL)
