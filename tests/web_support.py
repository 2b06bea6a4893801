"""Fixtures for the web scorer's browser tests: the site built once per test process into a
temporary folder, served by `playaid serve`'s server on a free port, and Debian's Chromium driven
by Playwright (never a downloaded browser). Chromium missing is a failure, not a skip: `make test`
installs it.

The fixtures (``site``, ``server``, ``browser``, ``api_page``) reach every test module through
tests/conftest.py; the helpers below are imported where they are used: a phone page (`phone`), a
record pasted (`paste`, `paste_example`), totals shown (`scored`, `totals`), the layout and
axe-core checks (`measure`, `axe_problems`), the engine's kept memory snapshot (`snapshot_kept`).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from contextlib import ExitStack, contextmanager
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
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


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


@contextmanager
def serving(folder: Path):
    """`playaid serve`'s server for ``folder`` on a free loopback port, in a thread: yields its
    base URL (``http://127.0.0.1:PORT/``); shut down and closed on leaving."""
    from generator.web.serve import make_server

    httpd = make_server(folder, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def server(site) -> str:
    """Base URL (``http://127.0.0.1:PORT/``) of the site, served until the session ends."""

    def make():
        stack = ExitStack()  # closed by the last module to release the server
        return stack.enter_context(serving(site)), stack.close

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


@pytest.fixture(scope="module")
def api_page(browser, server):
    """One page on the site (`open_page`) shared by a module's tests, closed after them."""
    page = open_page(browser, server)
    yield page
    page.context.close()


def open_page(browser, server, *, color_scheme="light", viewport=PHONE, wait_engine=True, context=None):
    """A new page on the site (in ``context``, else in a new context of its own: empty storage),
    form loaded, engine ready. Console errors and page errors are collected in ``page.problems``."""
    ctx = context or browser.new_context(viewport=viewport, color_scheme=color_scheme, service_workers="block")
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
    done = subprocess.run(
        [sys.executable, "-m", "generator", *args, "--json"], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert done.stdout, f"no output from playaid {' '.join(args)}: {done.stderr}"
    return json.loads(done.stdout)


def screenshot(page, name: str, full_page: bool = True) -> Path:
    """Save a screenshot (the whole page, or what the screen shows) to SCREENSHOTS/NAME.png
    (look at them)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def phone(browser, server, *, width: int = PHONE_TOUCH["viewport"]["width"], scheme: str = "light", context=None):
    """A page (`open_page`) on the issue's phone: a new context, touch, ``width`` x 740 px, empty
    storage, colour scheme ``scheme``; or in ``context`` when given."""
    context = context or browser.new_context(
        **{**PHONE_TOUCH, "viewport": {**PHONE_TOUCH["viewport"], "width": width}},
        color_scheme=scheme,
        service_workers="block",
    )
    return open_page(browser, server, context=context)


def paste(page, text: str):
    """Paste ``text`` into the page's Paste dialog and load it (it opens in its game's tab)."""
    page.click("[data-action=paste]")
    page.fill("#paste-text", text)
    page.click("#paste-load")
    wait_until(page, "!document.getElementById('dialog-paste').open")  # read off the page, then loaded


def paste_example(page, name: str):
    """Paste examples/NAME.yaml into the page."""
    paste(page, (REPO / "examples" / f"{name}.yaml").read_text(encoding="utf-8"))


def _total_shown(i) -> str:
    """JavaScript: true once player ``i``'s total (a JavaScript expression) shows a number."""
    return f"/^-?\\d+/.test(document.getElementById('p' + ({i}) + '-total')?.textContent || '')"


def scored(page, i: int):
    """Wait until player ``i``'s total shows a number."""
    wait_until(page, _total_shown(i))


def totals(page, count: int) -> list[int]:
    """The totals of players 0 to ``count - 1`` as shown, once every one shows a number."""
    wait_until(page, f"[...Array({count}).keys()].every(i => {_total_shown('i')})")
    return [int(re.match(r"-?\d+", page.locator(f"#p{i}-total").inner_text()).group()) for i in range(count)]


def fill_example(page):
    """The invasion example pasted into the RftG pad, its three totals shown."""
    paste_example(page, "rftg-invasion")
    totals(page, 3)


def measure(page) -> dict:
    """Page width against the screen, controls smaller than 44 px, number boxes without the
    numeric keyboard, and text cut off: placeholders wider than their box, hints wider than
    their field."""
    return page.evaluate(MEASURE_SCRIPT)


MEASURE_SCRIPT = """() => {
    const small = [], cut = [];
    const shown = (el) => el.getBoundingClientRect().width && !el.closest('[hidden]');
    for (const el of document.querySelectorAll('button, select, input:not([type=checkbox]):not([type=file]), summary, [role=option]')) {
        const r = el.getBoundingClientRect();
        if (!shown(el)) continue;
        if (r.height < 44 || r.width < 44) small.push(`${el.tagName}#${el.id} ${r.width}x${r.height}`);
    }
    for (const box of document.querySelectorAll('input[type=checkbox]')) {
        const r = (box.closest('label') || box).getBoundingClientRect();  // the label is the target
        if (shown(box) && r.height < 44) small.push(`checkbox #${box.id} ${r.height}`);
    }
    const ctx = document.createElement('canvas').getContext('2d');
    for (const input of document.querySelectorAll('input[placeholder]:not([placeholder=""])')) {
        if (!shown(input)) continue;
        const style = getComputedStyle(input);
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (ctx.measureText(input.placeholder).width > room) cut.push(`placeholder of #${input.id}: ${input.placeholder}`);
    }
    for (const el of document.querySelectorAll('.hint, label, .finding')) {
        if (shown(el) && el.scrollWidth > el.clientWidth + 1) cut.push(`${el.className || el.tagName} ${el.textContent}`);
    }
    const numbers = [...document.querySelectorAll('input[pattern]')].filter(i => i.inputMode !== 'numeric').map(i => i.id);
    return {scroll: document.documentElement.scrollWidth, width: innerWidth, small, numbers, cut};
}"""


def axe_problems(page, within: str = "document", label: str = "") -> list[str]:
    """axe-core's serious and critical violations in ``within`` (a JavaScript expression for the
    element or document checked), one line each, each starting with ``label: `` when given.
    The page's context needs ``bypass_csp=True`` (axe-core is added as a script tag)."""
    from generator.web.packages import axe_core

    page.add_script_tag(path=str(axe_core()))
    result = page.evaluate(f"axe.run({within}, {{resultTypes: ['violations']}})")
    prefix = f"{label}: " if label else ""
    return [
        f"{prefix}{v['id']} ({v['impact']}): {v['help']} {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def refuse_outside(context, inside) -> list[str]:
    """Abort every request of the browser ``context`` whose URL ``inside(url)`` rejects (the
    page sees a network error). Returns the list the refused URLs are added to."""
    outside: list[str] = []

    def guard(route):
        if inside(route.request.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    return outside


def snapshot_kept(page):
    """The engine version the device's kept memory snapshot claims (Cache Storage
    "playaid-engine", web/engine-worker.js), waiting up to 60 s until one is kept; None if none."""
    return page.evaluate("""async () => {
        for (let i = 0; i < 600; i++) {
            const hit = await (await caches.open("playaid-engine")).match(new URL("engine-snapshot", location.href).href);
            if (hit) return hit.headers.get("X-Engine-Version");
            await new Promise((r) => setTimeout(r, 100));
        }
        return null;
    }""")
