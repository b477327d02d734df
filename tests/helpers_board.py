"""A phone at the board in the test's process: the board's application (``web.app.build``, its
guard included) asked through ASGI directly, with no server, socket or browser, for the tests
of what a page says after a form (tests/cli/). A phone keeps its own cookies, as a browser does,
so two phones are two cookie jars. What needs a real server (its limits, a hang, the live
stream, Chromium) stays in tests/system/test_board*.py."""

from __future__ import annotations

import asyncio
import os
import re
from html import unescape
from urllib.parse import urlencode, urlsplit

HOST, PORT = "127.0.0.1", 8765


def board():
    """The board's application over this test's ledger (``GINSCORE_LEDGER``), on the loopback
    address: no LAN token."""
    from ginscore.web.app import build
    from ginscore.web.live import Watcher
    from ginscore.web.secret import Secret

    root = os.environ["GINSCORE_LEDGER"]
    return build(root, "en", {"localhost"}, None, Secret("k" * 43), Watcher(root))


class Phone:
    """A browser on a phone: ``get(path)`` and ``post(path, fields)`` answer (status, headers,
    text); ``send(page, action, **fields)`` posts the form of ``page`` that posts to ``action``
    with its own hidden fields (its key, the entry it was made for) and ``fields``, follows the
    redirect and answers the page it lands on."""

    def __init__(self, app, language: str = "en"):
        self.app = app
        self.language = language
        self.cookies: dict = {}
        self.loop = asyncio.new_event_loop()

    def close(self) -> None:
        self.loop.close()

    def request(self, method: str, path: str, body: bytes = b"") -> tuple:
        parts = urlsplit(path)
        headers = [(b"host", f"{HOST}:{PORT}".encode()), (b"accept-language", self.language.encode())]
        if self.cookies:
            headers.append((b"cookie", "; ".join(f"{name}={value}" for name, value in self.cookies.items()).encode()))
        if method == "POST":
            headers += [(b"content-type", b"application/x-www-form-urlencoded"), (b"content-length", str(len(body)).encode()),
                        (b"origin", f"http://{HOST}:{PORT}".encode())]
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
                 "path": parts.path, "raw_path": parts.path.encode(), "query_string": parts.query.encode(), "root_path": "",
                 "headers": headers, "server": (HOST, PORT), "client": (HOST, 40000)}
        messages = [{"type": "http.request", "body": body, "more_body": False}]
        sent = []

        async def receive():
            return messages.pop(0) if messages else {"type": "http.disconnect"}

        async def send(message):
            sent.append(message)

        self.loop.run_until_complete(self.app(scope, receive, send))
        start = sent[0]
        answered = {}
        for name, value in start["headers"]:
            name, value = name.decode("latin-1"), value.decode("latin-1")
            if name == "set-cookie":
                cookie, _sep, _rest = value.partition(";")
                key, _eq, kept = cookie.partition("=")
                self.cookies[key.strip()] = kept.strip()
            answered[name] = value
        text = b"".join(message.get("body", b"") for message in sent[1:]).decode("utf-8")
        return start["status"], answered, text

    def get(self, path: str) -> tuple:
        return self.request("GET", path)

    def post(self, path: str, fields: dict) -> tuple:
        return self.request("POST", path, urlencode(fields).encode("utf-8"))

    def page(self, path: str) -> str:
        status, _headers, text = self.get(path)
        assert status == 200, (path, status, text[:300])
        return text

    def send(self, page: str, action: str, **fields) -> str:
        status, headers, text = self.post(action, {**hidden_fields(self.page(page), action), **fields})
        assert status == 303, (action, status, text[:300])
        return self.page(headers["location"])


def hidden_fields(text: str, action: str) -> dict:
    """The hidden fields of the form of ``text`` that posts to ``action``."""
    form = re.search(rf'<form method="post" action="{re.escape(action)}"[^>]*>(.*?)</form>', text, re.S)
    assert form is not None, f"no form posts to {action}"
    return {name: unescape(value) for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(1))}


def said(text: str) -> list:
    """The lines a page says the change did (its ``said`` box), as a phone reads them."""
    box = re.search(r'<div class="said" role="status">(.*?)</div>', text, re.S)
    return [unescape(line) for line in re.findall(r"<p>(.*?)</p>", box.group(1))] if box else []


def errors(text: str) -> list:
    """The errors a page shows (beside their fields, or atop a form)."""
    return [unescape(line) for line in re.findall(r'<p class="error"[^>]*>(.*?)</p>', text, re.S)]
