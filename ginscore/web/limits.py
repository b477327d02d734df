"""The server's bounds, below the application: how many connections it holds (overall and from
one address), how long a request may take to arrive, and one line instead of a traceback when
the machine runs short of files.

uvicorn's own settings do part of it (``uvicorn_settings``): the idle time of a kept-alive
connection, the size of a request's head, the listen queue. What they do not do is here, in a
subclass of uvicorn's HTTP protocol: its ``limit_concurrency`` answers 503 only once a request's
head has arrived, and nothing times out a connection whose first request never finishes, so a
neighbour's half-sent connections would hold every file the process may open.
"""

from __future__ import annotations

import collections
import sys
import time

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ginscore.base.i18n import _, ngettext

REQUEST_SECONDS = 10  # a request's head and body arrive within this, from the connection or the last answer
KEEP_ALIVE_SECONDS = 5  # an idle kept-alive connection is closed after this (uvicorn's timeout_keep_alive)
HEAD_BYTES = 16 * 1024  # the longest request head (uvicorn's h11_max_incomplete_event_size): a browser's is 1-2 KB
LISTEN_QUEUE = 1024  # connections the kernel holds until they are taken (uvicorn's backlog): they hold no file of ours
PER_ADDRESS = 64  # connections from one address: a browser opens at most 6 to a host, each of its profiles
MOST_CONNECTIONS = 512  # connections at once, and never more than half the files the process may open
FILES_KEPT = 64  # files kept for the ledger, the index and the threads, whatever the limit
ERROR_LINE_SECONDS = 10  # a problem of the event loop (a full file table) is told once in this


def connection_limit(files: int | None = None) -> int:
    """How many connections the server holds at once: ``MOST_CONNECTIONS``, or fewer when the
    process may open few files (``files``: its soft RLIMIT_NOFILE; macOS's default is 256)."""
    if files is None:
        try:
            import resource

            files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        except (ImportError, OSError, ValueError):
            files = -1
    if files is None or files < 0 or files >= 1 << 30:  # unlimited
        return MOST_CONNECTIONS
    return max(8, min(MOST_CONNECTIONS, (files - FILES_KEPT) // 2))


def uvicorn_settings() -> dict:
    """The uvicorn.Config settings that bound the server (see the module's words)."""
    return {
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "h11_max_incomplete_event_size": HEAD_BYTES,
        "backlog": LISTEN_QUEUE,
        "ws": "none",  # no WebSocket upgrade: the board has none
        "http": bounded_protocol(connection_limit(), PER_ADDRESS, REQUEST_SECONDS),
    }


def bounded_protocol(most: int, per_address: int, seconds: float):
    """uvicorn's h11 protocol, bounded: a connection beyond ``most`` at once, or beyond
    ``per_address`` from its address, is closed as soon as it is taken (a file for a moment,
    not for as long as its sender likes); a request whose head and body have not all arrived
    ``seconds`` after the connection was made or the last answer was sent is closed."""
    from_address: collections.Counter = collections.Counter()
    open_now: set = set()

    class Bounded(H11Protocol):
        address = None
        deadline = None

        def connection_made(self, transport) -> None:
            peer = transport.get_extra_info("peername")
            address = peer[0] if isinstance(peer, tuple) and peer else ""
            if len(open_now) >= most or from_address[address] >= per_address:
                transport.abort()  # closed now, its file given back; nothing was read
                return
            self.address = address
            from_address[address] += 1
            open_now.add(self)
            super().connection_made(transport)
            self.arm()

        def connection_lost(self, exc) -> None:
            if self.address is None:
                return  # one closed at once: never counted, never started
            self.disarm()
            open_now.discard(self)
            from_address[self.address] -= 1
            if from_address[self.address] <= 0:
                del from_address[self.address]
            self.address = None
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.address is None:
                return
            super().data_received(data)
            if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED):
                self.disarm()  # the whole request is in: an answer (or a live stream) may take its time

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self.conn.their_state not in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED):
                self.arm()  # the next request has the same time to arrive

        def arm(self) -> None:
            self.disarm()
            self.deadline = self.loop.call_later(seconds, self.too_slow)

        def disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def too_slow(self) -> None:
            self.deadline = None
            if self.conn.their_state not in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED) and not self.transport.is_closing():
                self.transport.abort()

    return Bounded


def quiet_loop_errors(loop, stream=None) -> None:
    """The event loop's own errors (a full file table while taking a connection, a callback
    that failed) as one line each, at most one in ``ERROR_LINE_SECONDS``, never a traceback:
    a neighbour's flood of connections must not flood the terminal too."""
    told = [0.0, 0]  # when a line was last written, how many were left unsaid since

    def handler(_loop, context) -> None:
        now = time.monotonic()
        if now - told[0] < ERROR_LINE_SECONDS:
            told[1] += 1
            return
        error = context.get("exception")
        what = getattr(error, "strerror", None) or (str(error) if error else context.get("message", ""))
        line = _("Error: {message}").format(message=_("the server: {problem}").format(problem=what))
        if told[1]:
            line += " " + ngettext("(and {count} more since)", "(and {count} more since)", told[1]).format(count=told[1])
        told[:] = [now, 0]
        print(line, file=stream or sys.stderr, flush=True)

    loop.set_exception_handler(handler)
