"""The browsers the tests share (registered as a plugin by conftest.py): ``browser``, the
Chromium that prints pages (tests/chromium.py, over the DevTools protocol), and ``chromium``,
the one Playwright drives for the board's tests. Each is started when a test first needs it
and closed as soon as this worker goes on to a module none of whose tests needs it (a module's
tests run together: conftest.longest_first), so a run starts each about once a worker: starting Playwright's driver and a Chromium costs more than a second of CPU (test_web,
test_web_server and test_board_phones each started their own), and a browser left open costs
some 40 ms of CPU a second doing nothing. A test's pages live in contexts of their own, closed
after it, so the one before leaves nothing behind. The system's Chromium, its headless shell
where that is installed (tests/chromium.find_browser): nothing is downloaded.
"""

from __future__ import annotations

import pytest

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]

SHARED = ("browser", "chromium")
_open: dict = {}  # fixture name -> (the browser, what closes it), while one is open
_used_in: dict = {}  # a test module's path -> the names of SHARED its tests use


def pytest_collection_modifyitems(items):
    for item in items:
        _used_in.setdefault(item.path, set()).update(name for name in SHARED if name in item.fixturenames)


def shared(name: str, start):
    """The open browser of fixture ``name``, started with ``start()`` -> (browser, close) if none is."""
    if name not in _open:
        _open[name] = start()
    return _open[name][0]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    yield  # after the test's own fixtures are torn down (they close its pages)
    for name in list(_open):
        if nextitem is None or name not in _used_in.get(nextitem.path, ()):
            _browser, close = _open.pop(name)
            close()


@pytest.fixture
def browser():
    """The headless Chromium that prints pages (tests/chromium.py); the tests that ask for it
    skip when there is none."""
    import chromium

    def start():
        executable = chromium.find_browser()
        if executable is None:
            pytest.skip("needs Chromium: .ci/run installs it, or 'apt-get install chromium'")
        running = chromium.Browser(executable)
        return running, running.close

    return shared("browser", start)


@pytest.fixture
def chromium():
    """The Chromium Playwright drives; whatever pages the test left open are closed after it
    (a board left following a server that has stopped would go on asking it). The tests that
    ask for it skip when there is no Chromium or no Playwright."""

    from chromium import find_browser  # the fixture's own name hides the module's

    def start():
        executable = find_browser()
        if executable is None:
            pytest.skip("needs the system's Chromium ('apt-get install chromium'); no browser is downloaded")
        sync_api = pytest.importorskip("playwright.sync_api", reason="needs Playwright: pip install '.[test]'")
        playwright = sync_api.sync_playwright().start()
        try:
            launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        except BaseException:
            playwright.stop()
            raise

        def close():
            try:
                launched.close()
            finally:
                playwright.stop()

        return launched, close

    running = shared("chromium", start)
    yield running
    for context in running.contexts:
        context.close()
