"""Starting and stopping 'ginscore serve': the socket, the addresses printed (on the LAN each of
this machine's, the default route's first, each with its QR code), the board's secret, the
ledger's watcher and uvicorn (bounded: ``web.limits``) until Ctrl-C or SIGTERM.

The socket is bound here, before uvicorn runs, so that the address printed is the one that
answers (port 8765, or the next free one; ``--port 0``: any free port) and a client that
connects as soon as it is printed waits in the queue instead of being refused.
"""

from __future__ import annotations

import errno
import socket
import sys

from ginscore.base import i18n
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _
from ginscore.web.limits import LISTEN_QUEUE, quiet_loop_errors, uvicorn_settings

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
    next ones; refused in one line when none is free or the address is not this machine's.
    Made as a TCP socket by name (``IPPROTO_TCP``): asyncio sets TCP_NODELAY only on those, and
    without it every answer on a kept-alive connection waits some 40 ms for the client's ACK."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    ports = [port] if port is not None else list(range(DEFAULT_PORT, DEFAULT_PORT + PORTS_TRIED))
    problem = None
    for candidate in ports:
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host.strip("[]"), candidate))
            sock.listen(LISTEN_QUEUE)
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
    """This machine's address on the network its default route leaves by, or None without a
    network. Connecting a UDP socket sends nothing."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only looked up
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") or address == EVERYWHERE else address


def interface_addresses() -> list:
    """This machine's IPv4 addresses: on Linux each interface's, asked of the kernel
    (SIOCGIFADDR); elsewhere those its host name resolves to."""
    found = []
    if sys.platform.startswith("linux"):
        import fcntl
        import struct

        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            for _number, name in socket.if_nameindex():
                try:
                    answer = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name.encode("utf-8", "replace")[:15]))
                except OSError:
                    continue  # an interface without an IPv4 address
                found.append(socket.inet_ntoa(answer[20:24]))
        except OSError:
            pass
        finally:
            probe.close()
    else:
        try:
            found = [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
        except OSError:
            pass
    return found


def lan_addresses(found, default: str | None) -> list:
    """The addresses the phones may reach this machine at: ``default`` (the default route's)
    first, then the others of ``found`` in their order; no loopback, link-local or
    unspecified address, each once."""
    import ipaddress

    chosen = []
    for address in ([default] if default else []) + list(found):
        try:
            parsed = ipaddress.ip_address(address)
        except ValueError:
            continue
        if parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified or address in chosen:
            continue
        chosen.append(address)
    return chosen


def served_names(bind: str, addresses) -> set:
    """The host names the server answers to: the loopback names, the address it is bound to,
    and on every address this machine's addresses and names."""
    names = {"localhost", "127.0.0.1", "::1"}
    if bind not in (EVERYWHERE, "::"):
        names.add(bind.strip("[]").lower())
    else:
        host = socket.gethostname().lower()
        names.update({host, f"{host}.local", socket.getfqdn().lower()})
    names.update(addresses)
    return names


def url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def serve(root, host: str | None, port: int | None, lan: bool, echo, opener=None, new_token: bool = False) -> None:
    """Serve the ledger at ``root`` until Ctrl-C or SIGTERM. ``echo`` prints a line;
    ``opener(url)`` opens the browser (--open); ``new_token``: a new secret, so a new token."""
    import asyncio

    import uvicorn

    from ginscore.web.app import build
    from ginscore.web.live import Watcher, kernel_watcher
    from ginscore.web.secret import board_secret

    secret = board_secret(renew=new_token)
    bind = host or (EVERYWHERE if lan else LOOPBACK)
    sock = bound_socket(bind, port)
    actual_port = sock.getsockname()[1]
    open_to_others = not is_loopback(bind)
    token = secret.token if open_to_others else None
    everywhere = bind in (EVERYWHERE, "::")
    addresses = lan_addresses(interface_addresses(), lan_address()) if everywhere else []
    shown = addresses or [LOOPBACK if everywhere else bind]
    # the token after '#': a browser never sends it, so it is in no request, log or history entry
    # (the page trades it for a cookie and drops it from the address)
    urls = [f"http://{url_host(address)}:{actual_port}/" + (f"#token={token}" if token else "") for address in shown]
    for url in urls:
        echo(url)
        if token:
            show_code(url)
    if token:
        echo(_("Anyone on the network who opens this address (or scans this code) can enter hands; keep it among the players."))
    echo(_("Serving the ledger {folder}; Ctrl-C stops.").format(folder=root))
    server = None

    def stopping() -> bool:
        return server is not None and server.should_exit

    watcher = Watcher(str(root), kernel_watcher())
    app = build(root, i18n.language(), served_names(bind, addresses), token, secret, watcher)
    config = uvicorn.Config(
        app, log_level="error", access_log=False, lifespan="off", timeout_graceful_shutdown=STOP_SECONDS,
        server_header=False, proxy_headers=False, **uvicorn_settings(),
    )
    server = uvicorn.Server(config)
    if opener is not None:
        import threading

        threading.Thread(target=opener, args=(urls[0],), daemon=True).start()
    # uvicorn stops on SIGINT and SIGTERM, then raises the signal again for the handler it
    # found: this one, so that a stop is a stop (exit status 0, "Stopped."), not a death by signal
    import signal

    for caught in (signal.SIGINT, signal.SIGTERM):
        signal.signal(caught, lambda number, frame: None)

    async def serving() -> None:
        quiet_loop_errors(asyncio.get_running_loop())
        watching = asyncio.ensure_future(watcher.run(stopping))
        try:
            await server.serve(sockets=[sock])
        finally:
            watcher.stop()
            watching.cancel()

    try:
        asyncio.run(serving())
    finally:
        sock.close()
    echo(_("Stopped."))


def show_code(url: str) -> None:
    """``url`` as a QR code in the terminal, for the phones to scan."""
    import segno

    code = segno.make(url, error="m")
    try:  # half blocks, two rows of the code a line; a terminal without them gets ANSI colours
        "▀▄█".encode(getattr(sys.stdout, "encoding", None) or "ascii")
        code.terminal(out=sys.stdout, compact=True)
    except (LookupError, UnicodeEncodeError):
        code.terminal(out=sys.stdout)
    sys.stdout.flush()
