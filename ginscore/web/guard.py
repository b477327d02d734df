"""What 'ginscore serve' refuses before a page is made, as an ASGI middleware over every scope: a
Host it does not serve (DNS rebinding) or not strictly a host and its port, a request without
the LAN token, a write from another site or another port (Origin, Referer), a body past its
limit as it streams in; and the headers every answer carries (Content-Security-Policy and its
friends). A WebSocket handshake, or any scope but HTTP, is refused whole.

The LAN token comes in a fragment (``/#token=…``: no request, log or history entry holds it),
which the page's ``enter.js`` posts to ``/enter`` for a cookie; an address with ``?token=``
(typed by hand) is still taken, and answered with a redirect to the address without it.

Each phone gets its own form token: a random cookie of its own (``ginscore_phone_PORT``), signed
with the board's key (``secret.Secret.form_token``); the forms' field is checked where a form is
read (``app.posted``). Cookies are named after the port: two boards on one machine share a
browser's cookies (cookies know no ports) and must not overwrite each other's.
"""

from __future__ import annotations

import hmac
import re
import secrets
import sys
from html import escape
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.datastructures import MutableHeaders
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response

from ginscore.base.errors import printable, unexpected
from ginscore.base.i18n import N_, _

# Nothing but the page's own script, stylesheets and the inline SVG charts; no frame, no
# form to another place, no plug-in. The printable sheet (one inline <style>) has its own.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
PRINT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"
LARGEST_BODY = 16 * 1024  # bytes, counted as they stream in (chunked or not): a hand's form is a few hundred
TOKEN_DAYS = 1  # a phone keeps the token's cookie for a club night
OPEN_WITHOUT_TOKEN = ("/static/enter.js",)  # the script that trades the fragment for the cookie
PHONE = re.compile(r"[A-Za-z0-9_-]{32}")
LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
HOST = re.compile(rf"(?:\[(?P<v6>[0-9a-f:.]{{2,45}})\]|(?P<name>{LABEL}(?:\.{LABEL})*)\.?)(?::(?P<port>[0-9]{{1,5}}))?")


class BodyTooLarge(Exception):
    """A request's body went past ``LARGEST_BODY`` as it came in."""


def token_cookie(port) -> str:
    return f"ginscore_token_{port}"


def phone_cookie(port) -> str:
    return f"ginscore_phone_{port}"


def parse_host(header: str | None):
    """(host name lowercase, port or None) of a Host header or an Origin's netloc, strictly: a
    name of letters, digits, dots and hyphens, or an IPv6 address in brackets, and a port of
    digits; None for anything else (``localhost:8801@evil.example``, spaces, a user)."""
    found = HOST.fullmatch((header or "").strip().lower())
    if found is None:
        return None
    port = int(found["port"]) if found["port"] else None
    if port is not None and not 0 < port < 65536:
        return None
    return found["v6"] or found["name"], port


def host_name(header: str) -> str:
    """The host name of a Host header, lowercase, without its port ("" when it is no host)."""
    parsed = parse_host(header)
    return parsed[0] if parsed else ""


def same(given: str | None, secret: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode("utf-8", "replace"), secret.encode("utf-8"))


def within_board(path: str) -> str:
    """``path`` as a place on this board to send a browser to: never ``//other.host/`` or
    ``/\\other.host`` (which a browser reads as another site)."""
    return "/" + path.lstrip("/\\")


class Guard:
    """The middleware: ``hosts`` the host names served, ``token`` the LAN token (None on the
    loopback address), ``secret`` the board's (``secret.Secret``: the forms' key);
    ``say(request, message)`` gives a message (``N_``) in the reader's language."""

    def __init__(self, app, hosts, token: str | None, secret, say):
        self.app = app
        self.say = say
        self.hosts = {name.lower() for name in hosts}
        self.token = token
        self.secret = secret

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            if scope["type"] == "websocket":  # closed before it is accepted: the server answers 403
                await send({"type": "websocket.close", "code": 1008})
            return
        port = (scope.get("server") or (None, None))[1]
        request = Request(scope)
        phone = request.cookies.get(phone_cookie(port), "")
        fresh = not PHONE.fullmatch(phone)
        if fresh:  # a phone new to this board (or its cookie gone): a cookie of its own
            phone = secrets.token_urlsafe(24)
        scope["ginscore.form_token"] = self.secret.form_token(phone)
        scope["ginscore.fresh_phone"] = fresh
        scope["ginscore.phone"] = self.secret.phone_id(phone)
        refusal = await self.refusal(request, port, receive, phone)
        if refusal is not None:
            await self.with_headers(refusal)(scope, receive, send)
            return
        body = Body(request)
        sending = self.sending(send, port, phone if fresh else None, body)
        try:
            await self.app(scope, body.limited(receive), sending)
        except (BodyTooLarge, ClientDisconnect):
            pass  # answered already (413), or nobody left to answer
        except Exception as error:  # noqa: BLE001 - one line, never a traceback
            print(printable(_("Error: {message}").format(message=unexpected(error))), file=sys.stderr, flush=True)

    async def refusal(self, request, port, receive, phone):
        """The answer that refuses ``request``, or None to let it through."""
        scope = request.scope
        if not self.our_host(request.headers.get("host"), scope, port):
            return await self.words(request, N_("This server does not answer to that host name."), 403)
        if request.method not in ("GET", "HEAD", "POST"):
            return await self.words(request, N_("Only GET and POST are served."), 405)
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > LARGEST_BODY):
            return await self.words(request, N_("the form is too large"), 413, close=True)
        if request.method == "POST" and not self.same_site(request, port):
            return await self.words(request, N_("A form from another site is refused."), 403, close=True)
        if self.token is None or request.url.path in OPEN_WITHOUT_TOKEN:
            return None
        given = request.query_params.get("token")
        if request.url.path == "/enter" and request.method == "POST":
            try:
                fields = dict(parse_qsl((await read_body(receive)).decode("utf-8", "replace")))
            except (BodyTooLarge, ClientDisconnect):
                return await self.words(request, N_("the form is too large"), 413, close=True)
            given, place = fields.get("token", ""), within_board(fields.get("next", "/"))
        else:
            rest = urlencode([(key, value) for key, value in parse_qsl(request.url.query) if key != "token"])
            place = within_board(request.url.path) + (f"?{rest}" if rest else "")
        if given is not None:
            if not same(given, self.token):
                return await self.words(request, N_("Wrong token: open the address the board printed on the laptop, or scan its code."), 403)
            # the token into a cookie, and the phone a new form token with it; the address
            # without it is what stays in the history
            response = RedirectResponse(place, status_code=303)
            # lax, not strict: a link opened from a chat app (another site) must still arrive
            # with it after this redirect; what guards the forms is the form token
            response.set_cookie(token_cookie(port), self.token, httponly=True, samesite="lax", max_age=TOKEN_DAYS * 24 * 3600)
            response.set_cookie(phone_cookie(port), secrets.token_urlsafe(24), httponly=True, samesite="strict")
            return response
        if same(request.cookies.get(token_cookie(port)), self.token):
            return None
        return await self.needs_token(request)

    async def words(self, request, message: str, status: int, close: bool = False) -> Response:
        headers = {"connection": "close"} if close else None
        return PlainTextResponse(await self.say(request, message), status_code=status, headers=headers)

    async def needs_token(self, request) -> Response:
        """401: a page that takes the token (from the address's fragment, by its script, or typed)."""
        message = N_("This board needs its token: open the address the board printed on the laptop, or scan its code.")
        if request.method != "GET" or request.url.path.startswith(("/static/", "/events")) or "/live" in request.url.path:
            return await self.words(request, message, 401)
        words = [escape(await self.say(request, text)) for text in (message, N_("Token"), N_("Open the board"))]
        page = (
            '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>ginscore</title><script src="/static/enter.js" defer></script></head><body>'
            f'<p>{words[0]}</p><form method="post" action="/enter" id="enter">'
            f'<input type="hidden" name="next" value="{escape(within_board(request.url.path))}">'
            f'<label>{words[1]} <input name="token" type="password" autocomplete="off"></label> '
            f'<button type="submit">{words[2]}</button></form></body></html>'
        )
        return HTMLResponse(page, status_code=401)

    def our_host(self, header: str | None, scope, port, default_port: int = 80) -> bool:
        """Whether ``header`` (a Host, or an Origin's netloc) names this server: one of its names,
        or the very address the connection came to, and its port."""
        parsed = parse_host(header)
        if parsed is None:
            return False
        name, given_port = parsed
        if (given_port or default_port) != port:
            return False
        return name in self.hosts or name == (scope.get("server") or ("",))[0]

    def same_site(self, request, port) -> bool:
        """Whether a POST comes from a page of this board, as far as the browser says: its
        Origin (else its Referer) this server's host and port, and Sec-Fetch-Site not
        cross-site. Neither header: the form token decides."""
        if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return False
        for header in ("origin", "referer"):
            given = request.headers.get(header)
            if given is None:
                continue
            try:
                parts = urlsplit(given)
            except ValueError:
                return False
            return parts.scheme == "http" and self.our_host(parts.netloc, request.scope, port)
        return True

    def sending(self, send, port, new_phone: str | None, body):
        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                self.add_headers(headers)
                if new_phone is not None and headers.get("content-type", "").startswith("text/html"):
                    headers.append("set-cookie", f"{phone_cookie(port)}={new_phone}; HttpOnly; Path=/; SameSite=Strict")
                if body.unread():  # answered before the body was all in: the rest is not read
                    headers["connection"] = "close"
            await send(message)

        return send_with_headers

    def with_headers(self, response):
        self.add_headers(response.headers)
        return response

    @staticmethod
    def add_headers(headers) -> None:
        if "content-security-policy" not in headers:
            headers["content-security-policy"] = CSP
        headers["x-content-type-options"] = "nosniff"
        headers["referrer-policy"] = "same-origin"  # no-referrer would make a form's Origin "null"
        headers["x-frame-options"] = "DENY"
        headers["cross-origin-opener-policy"] = "same-origin"
        headers["cross-origin-resource-policy"] = "same-origin"
        if "cache-control" not in headers:
            headers["cache-control"] = "no-store"


class Body:
    """A request's body as the application reads it, counted: past ``LARGEST_BODY`` the read
    raises ``BodyTooLarge`` (nothing more is taken in: uvicorn stops reading the socket)."""

    def __init__(self, request):
        headers = request.headers
        self.expected = "transfer-encoding" in headers or headers.get("content-length", "0") not in ("0", "")
        self.seen = 0
        self.done = False

    def unread(self) -> bool:
        return self.expected and not self.done

    def limited(self, receive):
        async def counted():
            message = await receive()
            if message["type"] == "http.request":
                self.seen += len(message.get("body", b""))
                if self.seen > LARGEST_BODY:
                    raise BodyTooLarge()
                self.done = not message.get("more_body", False)
            return message

        return counted


async def read_body(receive) -> bytes:
    """A whole body of at most ``LARGEST_BODY`` bytes (``BodyTooLarge`` past it)."""
    parts, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            raise ClientDisconnect()
        parts.append(message.get("body", b""))
        size += len(parts[-1])
        if size > LARGEST_BODY:
            raise BodyTooLarge()
        if not message.get("more_body", False):
            return b"".join(parts)
