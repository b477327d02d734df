"""The browser the board's tests share: one Chromium, driven by Playwright, for each worker's
whole run (registered as a plugin by conftest.py). Starting Playwright's driver and a Chromium
costs more than a second of CPU; test_web, test_web_server and test_board_phones each started
their own. A test's pages live in contexts of their own (``browser.new_context()``), closed
after it, so the one before leaves nothing behind. The system's Chromium: nothing is downloaded.
"""

from __future__ import annotations

import shutil

import pytest

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]


@pytest.fixture(scope="session")
def playwright_chromium():
    """The worker's one Chromium under Playwright, closed at the end of the run; the tests that
    ask for it skip when there is no Chromium or no Playwright."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        pytest.skip("needs the system's Chromium ('apt-get install chromium'); no browser is downloaded")
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs Playwright: pip install '.[test]'")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def chromium(playwright_chromium):
    """The shared browser, for one test: whatever pages the test left open are closed after it
    (a board left following a server that has stopped would go on asking it)."""
    yield playwright_chromium
    for context in playwright_chromium.contexts:
        context.close()
