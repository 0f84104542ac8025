"""Browser tests: Playwright driving Debian's Chromium against a live ASGI server."""

import contextlib
import os
import shutil

import pytest

from tests.e2e.server import ROOT, LiveServer

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")
    if not path:
        pytest.fail("Chromium is needed for the browser tests: apt-get install chromium "
                    "(or set CHROMIUM_PATH). Never let Playwright download its own.")
    return path


@pytest.fixture(autouse=True)
def _live_server_helper():
    """Switch off pytest-django's helper of the same name: for any test that uses a fixture called
    `live_server` it opens a test database in this process (which fails inside Playwright's event
    loop) and expects pytest-django's server object. Ours is a separate process with its own database."""


@pytest.fixture(scope="session")
def live_server():
    if not (ROOT / "frontend" / "dist" / "index.html").exists():
        pytest.fail("The frontend is not built: run `make test` (or `make frontend`).")
    server, urls = LiveServer.start()
    yield urls[0]
    server.stop()


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_FLAGS, headless=True)
        yield browser
        browser.close()


@contextlib.contextmanager
def pages_on(browser, base_url: str):
    """Makes pages in fresh browser contexts (separate cookies) on `base_url`, each optionally signed in
    with an ApiClient's session and CSRF cookies; closes them at the end, and fails if any page had an
    uncaught error."""
    contexts = []
    errors: list[str] = []

    def make(viewport=None, *, has_touch: bool = False, cookies_of=None):
        context = browser.new_context(base_url=base_url, accept_downloads=True, has_touch=has_touch,
                                      viewport=viewport or {"width": 1024, "height": 768})
        context.set_default_timeout(10_000)
        if cookies_of is not None:
            context.add_cookies([{"name": cookie.name, "value": cookie.value, "url": base_url}
                                 for cookie in cookies_of.jar])
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


@pytest.fixture
def new_page(browser, live_server):
    """Pages in fresh browser contexts (separate cookies), closed after the test. An uncaught
    error in any of the pages fails the test."""
    with pages_on(browser, live_server) as make:
        yield make


@pytest.fixture
def page_as(browser, live_server):
    """A page in a fresh browser context signed in as an ApiClient's user: it takes the client's
    session and CSRF cookies, so the slow parts (sign-up, roster, sign-in) can go through the API."""
    with pages_on(browser, live_server) as make:
        yield lambda client, viewport=None: make(viewport, cookies_of=client)
