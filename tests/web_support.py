"""Fixtures for the web scorer's browser tests: the site built once per test process into a
temporary folder, served by `playaid serve`'s server on a free port, and Debian's Chromium driven
by Playwright (never a downloaded browser). Chromium missing is a failure, not a skip: `make test`
installs it.

Import the fixtures into a test module: ``from tests.web_support import site, server, browser``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = Path(os.environ.get("PLAYAID_CHROMIUM", "/usr/bin/chromium"))
#: Screenshots go to a temporary folder (tests write nothing into the project): $PLAYAID_SCREENSHOTS,
#: else <temp>/playaid-web-screenshots. Look at them after a run.
SCREENSHOTS = Path(os.environ.get("PLAYAID_SCREENSHOTS") or Path(tempfile.gettempdir()) / "playaid-web-screenshots")
PHONE = {"width": 360, "height": 640}
#: The issue's phone: 360 x 740 with a touch screen (taps are touch events).
PHONE_TOUCH = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}

#: As the machine notes say: without the background-networking flags Chromium tries to reach
#: Google's hosts at start, which this machine's closed network refuses.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


# Each test module that imports these fixtures gets its own session-scoped copy (pytest keys
# fixtures by the module that defines them in its namespace), so the site, server and browser
# are shared here, by reference count: one build, one server, one Playwright per process
# (Playwright's sync API refuses a second one running at once).
_SHARED: dict[str, list] = {}


def _acquire(name: str, make):
    """The shared ``name`` object (made by ``make()`` -> (value, close) on first use)."""
    entry = _SHARED.get(name)
    if entry is None:
        value, close = make()
        entry = _SHARED[name] = [value, close, 0]
    entry[2] += 1
    return entry[0]


def _release(name: str) -> None:
    entry = _SHARED[name]
    entry[2] -= 1
    if entry[2] == 0:
        del _SHARED[name]
        entry[1]()


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The web scorer built from the project's content (as `playaid web` writes it)."""
    def make():
        from generator.paths import CONTENT_DIR
        from generator.web.site import build_site

        out = tmp_path_factory.mktemp("site") / "web"
        build_site(CONTENT_DIR, out)
        return out, lambda: None

    yield _acquire("site", make)
    _release("site")


@pytest.fixture(scope="session")
def server(site) -> str:
    """Base URL (``http://127.0.0.1:PORT/``) of the site, served until the session ends."""
    def make():
        from generator.web.serve import make_server

        httpd = make_server(site, "127.0.0.1", 0)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()

        def close():
            httpd.shutdown()
            httpd.server_close()
        return f"http://127.0.0.1:{httpd.server_address[1]}/", close

    yield _acquire("server", make)
    _release("server")


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium under Playwright."""
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: run `make test`, which installs Debian's chromium")

    def make():
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        b = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)

        def close():
            b.close()
            playwright.stop()
        return b, close

    yield _acquire("browser", make)
    _release("browser")


def open_page(browser, server, *, color_scheme="light", viewport=PHONE, wait_engine=True, context=None):
    """A new page on the site (in ``context``, else in a new context of its own: empty storage),
    form loaded, engine ready. Console errors and page errors are collected in ``page.problems``."""
    ctx = context or browser.new_context(viewport=viewport, color_scheme=color_scheme,
                                         service_workers="block")
    ctx.set_default_timeout(90_000)  # the machine is shared: a slow start is not a failure
    page = ctx.new_page()
    page.problems = []
    page.on("pageerror", lambda e: page.problems.append(f"page error: {e}"))
    page.on("console", lambda m: m.type == "error" and page.problems.append(f"console: {m.text}"))
    page.goto(server)
    wait_ready(page, wait_engine)
    return page


def wait_until(page, expression: str, timeout_ms: int = 90_000):
    """Wait until the JavaScript ``expression`` is truthy in the page. (Polls inside
    `page.evaluate`, whose function the DevTools protocol compiles: Playwright's
    wait_for_function and `new Function` would eval, which the site's CSP forbids.)"""
    return page.evaluate(f"""() => new Promise((resolve, reject) => {{
        const check = () => ({expression});
        const start = performance.now();
        const poll = () => {{
            let value;
            try {{ value = check(); }} catch (e) {{ value = false; }}
            if (value) resolve(true);
            else if (performance.now() - start > {timeout_ms}) reject(new Error("timed out waiting for: " + {expression!r}));
            else setTimeout(poll, 25);
        }};
        poll();
    }})""")


def wait_ready(page, wait_engine=True):
    wait_until(page, "window.playaid && window.playaid.formReady")
    page.evaluate("window.playaid.formReady")
    if wait_engine:
        page.evaluate("window.playaid.ready")


def cli_json(*args: str) -> dict:
    """What `playaid ARGS --json` prints, parsed (run from the project folder, as a user would)."""
    done = subprocess.run([sys.executable, "-m", "generator", *args, "--json"], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert done.stdout, f"no output from playaid {' '.join(args)}: {done.stderr}"
    return json.loads(done.stdout)


def screenshot(page, name: str, full_page: bool = True) -> Path:
    """Save a screenshot (the whole page, or what the screen shows) to SCREENSHOTS/NAME.png
    (look at them)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
