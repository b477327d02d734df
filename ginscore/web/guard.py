"""What 'ginscore serve' refuses before a page is made, as an ASGI middleware: a Host it does
not serve (DNS rebinding), a request without the LAN token, a write from another site; and
the headers every answer carries (Content-Security-Policy and its friends).

The CSRF token of the forms is checked where a form is read (``app.posted``): the middleware
never reads a body.
"""

from __future__ import annotations

import hmac
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse

from ginscore.base.i18n import N_

# Nothing but the page's own script, stylesheets and the inline SVG charts; no frame, no
# form to another place, no plug-in. The printable sheet (one inline <style>) has its own.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
PRINT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"
TOKEN_COOKIE = "ginscore_token"
CSRF_COOKIE = "ginscore_csrf"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def host_name(header: str) -> str:
    """The host name of a Host header (or of an Origin's netloc), lowercase, without its port:
    ``[::1]:8765`` -> ``::1``, ``Board.local.:80`` -> ``board.local``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    return header.rsplit(":", 1)[0].rstrip(".") if header.count(":") == 1 else header.rstrip(".")


def same(given: str | None, secret: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode("utf-8", "replace"), secret.encode("utf-8"))


class Guard:
    """The middleware: ``hosts`` the host names served, ``token`` the LAN token (None on the
    loopback address), ``csrf`` the forms' token, set as a same-site cookie on every page;
    ``say(request, message)`` gives a message (``N_``) in the reader's language."""

    def __init__(self, app, hosts, token: str | None, csrf: str, say):
        self.app = app
        self.say = say
        self.hosts = {name.lower() for name in hosts}
        self.token = token
        self.csrf = csrf

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        refusal = self.refusal(request)
        if isinstance(refusal, PlainTextResponse):  # its words in the reader's language
            refusal = PlainTextResponse(await self.say(request, refusal.body.decode("utf-8")), status_code=refusal.status_code)
        if refusal is not None:
            await self.with_headers(refusal)(scope, receive, send)
            return
        await self.app(scope, receive, self.sending(send, request))

    def refusal(self, request):
        if host_name(request.headers.get("host", "")) not in self.hosts:
            return PlainTextResponse(N_("This server does not answer to that host name."), status_code=403)
        if request.method not in ("GET", "HEAD", "POST"):
            return PlainTextResponse(N_("Only GET and POST are served."), status_code=405)
        if self.token is not None:
            given = request.query_params.get("token")
            if given is not None:
                if not same(given, self.token):
                    return PlainTextResponse(N_("Wrong token: open the address 'ginscore serve' printed."), status_code=403)
                # the token moves into a cookie; the address without it is what stays in the history
                rest = urlencode([(key, value) for key, value in parse_qsl(request.url.query) if key != "token"])
                response = RedirectResponse(request.url.path + (f"?{rest}" if rest else ""), status_code=303)
                # lax, not strict: a link opened from a chat app (another site) must still arrive
                # with it after this redirect; what guards the forms is the CSRF token
                response.set_cookie(TOKEN_COOKIE, self.token, httponly=True, samesite="lax", max_age=24 * 3600)
                return response
            if not same(request.cookies.get(TOKEN_COOKIE), self.token):
                return PlainTextResponse(
                    N_("This board needs its token: open the address (or scan the code) 'ginscore serve --lan' printed."),
                    status_code=401,
                )
        if request.method == "POST" and not self.same_site(request):
            return PlainTextResponse(N_("A form from another site is refused."), status_code=403)
        return None

    def same_site(self, request) -> bool:
        """Whether a POST comes from a page of this server, as far as the browser says: its
        Origin one of our host names, and Sec-Fetch-Site not cross-site. (The CSRF token decides.)"""
        if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return False
        origin = request.headers.get("origin")
        if origin is None:
            return True
        return origin != "null" and host_name(urlsplit(origin).netloc) in self.hosts

    def sending(self, send, request):
        csrf_missing = not same(request.cookies.get(CSRF_COOKIE), self.csrf)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                self.add_headers(headers)
                if csrf_missing and headers.get("content-type", "").startswith("text/html"):
                    headers.append("set-cookie", f"{CSRF_COOKIE}={self.csrf}; HttpOnly; Path=/; SameSite=Strict")
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
