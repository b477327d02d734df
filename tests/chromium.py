"""One headless Chromium for the whole test run, driven over the DevTools protocol.

Starting Chromium costs seconds; the print tests print some seventy pages. So one browser is
started (by the session fixture ``browser`` in conftest.py) and every page is printed in its one
tab: ``--remote-debugging-pipe`` gives the protocol on file descriptors 3 (commands in)
and 4 (replies and events out), each message JSON ended by a NUL byte. Nothing is downloaded:
this is the system's Chromium, its headless shell where that is installed.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Chromium's headless shell first (Debian's chromium-headless-shell, what Playwright runs for
# headless pages): Blink's own layout, script and printing without the browser's windows and
# their drawing, at about half the CPU a page (a board page loaded: 75-95 ms against 145-165;
# a sheet printed: 105-115 against 155-200). The whole browser where it is all there is.
SHELL = "chromium-headless-shell"
BROWSERS = (SHELL, "chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# Chromium's RenderDocument makes a new host for the document of every page loaded, even of the
# same site (what lets a browser swap documents in and out); no test looks at that, and a sheet
# loaded without it costs a third less CPU (23-32 ms against 42-49; printed, 70-88 against
# 91-97). Not for Playwright's browser: it gives its own --disable-features, which a second would
# replace, and there the gain did not show.
NO_NEW_HOST_A_PAGE = "--disable-features=RenderDocument"
# What a headless Chromium needs on a CI box or a container: no sandbox (often no user
# namespaces), no GPU, and none of the background traffic a first start would make.
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--disable-extensions", "--mute-audio", NO_NEW_HOST_A_PAGE,
)
# What ``chromium --headless --print-to-pdf --no-pdf-header-footer`` does (Chromium's headless
# command handler): backgrounds printed, the page's own @page size preferred, no header or
# footer; paper (Letter) and margins (1 cm) are the protocol's defaults, as on the command line.
# (a shell could do it, but dash's redirections take only the file descriptors 0 to 9)
PLACE_THE_PIPES = "import os, sys; os.dup2(int(sys.argv[1]), 3); os.dup2(int(sys.argv[2]), 4); os.execv(sys.argv[3], sys.argv[3:])"
PRINT = {"printBackground": True, "preferCSSPageSize": True, "displayHeaderFooter": False}


def find_browser() -> str | None:
    return next((path for path in map(shutil.which, BROWSERS) if path), None)


def is_shell(executable: str) -> bool:
    return os.path.basename(executable).startswith(SHELL)


class BrowserError(RuntimeError):
    pass


class Browser:
    """A running headless Chromium; ``print_pdf(path)`` and ``dom(path)`` load a local file and
    give what ``--print-to-pdf`` and ``--dump-dom`` would have. Every page is loaded in one tab:
    a new tab costs a new renderer process; a page here is static (no script, no storage), so
    the one before leaves nothing behind."""

    def __init__(self, executable: str, timeout: float = 60.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="ginscore-chromium-")
        self._log = tempfile.TemporaryFile()
        commands_read, self._commands = os.pipe()
        self._replies, replies_write = os.pipe()
        # A small Python puts Chromium's two pipe ends on 3 and 4 and becomes Chromium. They are
        # first moved above 9, so that neither already is 3 or 4 (placing one would close the other).
        commands_read, replies_write = (self._above_nine(fd) for fd in (commands_read, replies_write))
        self.process = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", PLACE_THE_PIPES, str(commands_read), str(replies_write),
             executable, *FLAGS, f"--user-data-dir={self.profile}", "--remote-debugging-pipe",
             # the shell opens its one page at the address it is given; the browser, as an --app window
             "data:text/html," if is_shell(executable) else "--app=data:text/html,"],
            pass_fds=(commands_read, replies_write),
            # a file, not a pipe: Chromium's chatter must never fill a pipe nobody reads
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self._log,
        )
        os.close(commands_read)
        os.close(replies_write)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict] = []
        self._session: str | None = None  # the one page (the --app window), attached at the first load
        self._loads = 0
        self._shown: tuple | None = None  # (the file, a digest of its bytes) of the page loaded for print_pdf
        self.send("Browser.getVersion")  # fails here, with Chromium's own words, if it did not start

    @staticmethod
    def _above_nine(fd: int) -> int:
        import fcntl

        moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(fd)
        return moved

    # ---- the protocol -----------------------------------------------------------------------

    def send(self, method: str, session: str | None = None, **params) -> dict:
        """Send one command and wait for its reply; events that arrive meanwhile are kept."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self._commands, data):]
        while True:
            reply = self._receive()
            if reply.get("id") == message["id"]:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self._events.append(reply)

    def wait_for(self, method: str, session: str) -> dict:
        """The first event ``method`` of ``session`` (one already received, or the next)."""
        while True:
            for event in self._events:
                if event["method"] == method and event.get("sessionId") == session:
                    self._events.remove(event)
                    return event.get("params", {})
            self._events.append(self._receive())

    def _receive(self) -> dict:
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._replies], [], [], left)[0]:
                raise BrowserError(f"Chromium gave no answer in {self.timeout:.0f} s")
            chunk = os.read(self._replies, 1 << 20)
            if not chunk:
                raise BrowserError(f"Chromium closed the pipe: {self._stderr()}")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def _stderr(self) -> str:
        if self.process.poll() is None:
            return "(still running)"
        self._log.seek(0)
        return self._log.read().decode(errors="replace")[-2000:]

    # ---- pages --------------------------------------------------------------------------------

    def _load(self, path) -> str:
        """Load the local file ``path`` in the browser's one tab and wait until it and its fonts
        have loaded; returns the tab's session. Each load has a URL of its own (a query the file
        system ignores), so a file written again under the same name is read again, never
        taken from a cache."""
        if self._session is None:
            self._session = self.send("Target.attachToTarget", targetId=self._app_window(), flatten=True)["sessionId"]
            self.send("Page.enable", self._session)
        self._loads += 1
        self._shown = None
        url = f"{Path(path).resolve().as_uri()}?load={self._loads}"
        self._events.clear()
        self.send("Page.navigate", self._session, url=url)
        loaded = f"document.readyState === 'complete' && location.href === {json.dumps(url)}"
        while True:  # a late event of the blank first page is not this page's load
            self.wait_for("Page.loadEventFired", self._session)
            if self.evaluate(loaded):
                break
        self.evaluate("document.fonts.ready.then(() => true)")
        return self._session

    def _app_window(self) -> str:
        """The target id of the one page Chromium opened (the headless shell has no windows; the
        whole browser is given ``--app``: a window without the address bar and tabs of a
        browser window, whose omnibox would otherwise be redrawn at every page loaded: a fifth
        of the CPU of printing a page; ``--app=about:blank`` opens a browser window all the
        same, hence the empty data: page). Discovery names every target there is, then each
        new one; the page may come a moment after the start."""
        self.send("Target.setDiscoverTargets", discover=True)
        while True:
            created = self.wait_for("Target.targetCreated", None)["targetInfo"]
            if created["type"] == "page":
                self.send("Target.setDiscoverTargets", discover=False)
                return created["targetId"]

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the tab (a promise is waited for)."""
        reply = self.send("Runtime.evaluate", self._session, expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in reply:
            raise BrowserError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def print_pdf(self, path, pdf, header_footer: bool = False, page_rule: str = "") -> None:
        """Print the page at ``path`` to the file ``pdf``, as ``--print-to-pdf`` would; with
        ``header_footer``, with the date, title, address and page number Chromium prints in
        the margins when asked (its print dialog's "Headers and footers"); with ``page_rule``
        (``@page { size: A4; }``), with that CSS after the page's own.

        The same bytes printed again (on another paper, with the header and footer) are not
        loaded again: loading and parsing a sheet is some two fifths of the CPU of printing it.
        The rule stands in a style element of its own at the end of the head, after every
        rule of the page, and is replaced (or emptied) at each print."""
        import base64
        import hashlib

        shown = (Path(path).resolve(), hashlib.sha256(Path(path).read_bytes()).hexdigest())
        session = self._session if shown == self._shown else self._load(path)
        self._shown = shown
        self.evaluate(
            "(() => { let rule = document.getElementById('printed-page-rule');"
            " if (!rule) { rule = document.createElement('style'); rule.id = 'printed-page-rule'; }"
            " document.head.appendChild(rule);"  # (again) the last element of the head
            f" rule.textContent = {json.dumps(page_rule)}; return document.fonts.ready.then(() => true); }})()"
        )
        data = self.send("Page.printToPDF", session, **{**PRINT, "displayHeaderFooter": header_footer})["data"]
        with open(pdf, "wb") as handle:
            handle.write(base64.b64decode(data))

    def printed_layout(self, path, width_mm: float, expression: str):
        """The value of ``expression`` in the page at ``path`` laid out as print lays it out on
        a page ``width_mm`` wide inside its margins: print media, a viewport that wide (CSS
        pixels: 96 to the inch)."""
        session = self._load(path)
        self.send("Emulation.setEmulatedMedia", session, media="print")
        width = round(width_mm * 96 / 25.4)
        self.send("Emulation.setDeviceMetricsOverride", session, width=width, height=1000, deviceScaleFactor=1, mobile=False)
        try:
            return self.evaluate(expression)
        finally:
            self.send("Emulation.clearDeviceMetricsOverride", session)
            self.send("Emulation.setEmulatedMedia", session, media="")

    def dom(self, path) -> str:
        """The page at ``path`` as the browser's HTML5 parser built it, as ``--dump-dom`` prints it
        (the doctype, then the document element's outer HTML)."""
        self._load(path)
        return self.evaluate(
            "(document.doctype ? new XMLSerializer().serializeToString(document.doctype) + '\\n' : '')"
            " + document.documentElement.outerHTML"
        )

    def close(self) -> None:
        try:
            if self.process.poll() is None:
                try:
                    self.send("Browser.close")
                except (BrowserError, OSError):
                    pass
                try:
                    self.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
        finally:
            for fd in (self._commands, self._replies):
                try:
                    os.close(fd)
                except OSError:
                    pass
            self._log.close()
            shutil.rmtree(self.profile, ignore_errors=True)
