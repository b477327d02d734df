"""Starting and stopping 'ginscore serve': the socket, the address printed (and its QR code on
the LAN), uvicorn until Ctrl-C or SIGTERM.

The socket is bound here, before uvicorn runs, so that the address printed is the one that
answers (port 8765, or the next free one; ``--port 0``: any free port) and a client that
connects as soon as it is printed waits in the queue instead of being refused.
"""

from __future__ import annotations

import errno
import secrets
import socket
import sys

from ginscore.base import i18n
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _

DEFAULT_PORT = 8765
PORTS_TRIED = 20  # 8765 busy: the next free one, up to 8784
LOOPBACK = "127.0.0.1"
EVERYWHERE = "0.0.0.0"
STOP_SECONDS = 1  # how long a stop waits for the open boards' streams before closing them


def is_loopback(host: str) -> bool:
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bound_socket(host: str, port: int | None) -> socket.socket:
    """A listening socket on ``host``: ``port``, or without one the first free of 8765 and the
    next ones; refused in one line when none is free or the address is not this machine's."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    ports = [port] if port is not None else list(range(DEFAULT_PORT, DEFAULT_PORT + PORTS_TRIED))
    problem = None
    for candidate in ports:
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host.strip("[]"), candidate))
            sock.listen(128)
        except OSError as error:
            sock.close()
            problem = error
            continue
        sock.set_inheritable(True)
        return sock
    where = f"{host}:{ports[0]}" if len(ports) == 1 else f"{host}:{ports[0]}-{ports[-1]}"
    if getattr(problem, "errno", None) in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
        raise GinscoreError(
            _("cannot listen on {where}: {host} is not an address of this machine; leave --host out, or give one of its own").format(
                where=where, host=host
            )
        )
    raise GinscoreError(
        _("cannot listen on {where}: {reason}; give another --port (0: any free one)").format(
            where=where, reason=getattr(problem, "strerror", None) or problem
        )
    )


def lan_address() -> str | None:
    """This machine's address on the local network (the one its default route leaves from), or
    None without a network. Connecting a UDP socket sends nothing."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only looked up
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") or address == EVERYWHERE else address


def served_names(bind: str, lan: str | None) -> set:
    """The host names the server answers to: the loopback names, the address it is bound to,
    and on the LAN this machine's address and names."""
    names = {"localhost", "127.0.0.1", "::1"}
    if bind not in (EVERYWHERE, "::"):
        names.add(bind.strip("[]").lower())
    else:
        host = socket.gethostname().lower()
        names.update({host, f"{host}.local", socket.getfqdn().lower()})
    if lan:
        names.add(lan)
    return names


def url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def serve(root, host: str | None, port: int | None, lan: bool, echo, opener=None) -> None:
    """Serve the ledger at ``root`` until Ctrl-C or SIGTERM. ``echo`` prints a line;
    ``opener(url)`` opens the browser (--open)."""
    import uvicorn

    from ginscore.web.app import build

    bind = host or (EVERYWHERE if lan else LOOPBACK)
    sock = bound_socket(bind, port)
    actual_port = sock.getsockname()[1]
    open_to_others = not is_loopback(bind)
    token = secrets.token_urlsafe(18) if open_to_others else None
    lan_ip = lan_address() if bind in (EVERYWHERE, "::") else None
    shown_host = lan_ip or (LOOPBACK if bind in (EVERYWHERE, "::") else bind)
    url = f"http://{url_host(shown_host)}:{actual_port}/" + (f"?token={token}" if token else "")
    echo(url)
    if token:
        import segno

        echo(_("Anyone on the network who opens this address (or scans this code) can enter hands; keep it among the players."))
        code = segno.make(url, error="m")
        try:  # half blocks, two rows of the code a line; a terminal without them gets ANSI colours
            "▀▄█".encode(getattr(sys.stdout, "encoding", None) or "ascii")
            code.terminal(out=sys.stdout, compact=True)
        except (LookupError, UnicodeEncodeError):
            code.terminal(out=sys.stdout)
        sys.stdout.flush()
    echo(_("Serving the ledger {folder}; Ctrl-C stops.").format(folder=root))
    server = None

    def stopping() -> bool:
        return server is not None and server.should_exit

    app = build(root, i18n.language(), served_names(bind, lan_ip), token, secrets.token_urlsafe(24), stopping)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=STOP_SECONDS,
        server_header=False, proxy_headers=False,
    )
    server = uvicorn.Server(config)
    if opener is not None:
        import threading

        threading.Thread(target=opener, args=(url,), daemon=True).start()
    # uvicorn stops on SIGINT and SIGTERM, then raises the signal again for the handler it
    # found: this one, so that a stop is a stop (exit status 0, "Stopped."), not a death by signal
    import signal

    for caught in (signal.SIGINT, signal.SIGTERM):
        signal.signal(caught, lambda number, frame: None)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    echo(_("Stopped."))
