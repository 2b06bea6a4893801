"""The phone scorer as `make dist` leaves it (``dist/site``), copied to a plain static host under a
sub-path (``http://localhost:PORT/playaid/``; localhost is a secure context, as https is), in
Debian's Chromium: it scores, its service worker and app manifest are scoped to the sub-path,
no request leaves it, and once loaded it scores offline."""

from __future__ import annotations

import functools
import json
import re
import shutil
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

import pytest

# the session's Chromium (tests/conftest.py): Playwright's sync API runs one instance per process,
# and a module's own instance could still be open when another module's test starts in the same worker
from tests.web_support import PHONE, open_page, refuse_outside, wait_ready, wait_until

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
import dist  # noqa: E402  (tools/dist.py: what `make dist` runs)


class _StaticHost(SimpleHTTPRequestHandler):
    """Any static host: files as they are, with the usual types for modules, WebAssembly and
    the app manifest; no playaid code serves them."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
    }

    def log_message(self, *args):  # quiet
        pass


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    """``(base URL, host folder)``: dist/site copied to ``<host>/playaid/``, beside another page
    at the host's root, served on a free localhost port."""
    out = tmp_path_factory.mktemp("dist")
    site = dist.build_site(out)
    root = tmp_path_factory.mktemp("host")
    shutil.copytree(site, root / "playaid")
    (root / "index.html").write_text("<!doctype html><title>someone else's page</title>\n")
    httpd = ThreadingHTTPServer(("localhost", 0), functools.partial(_StaticHost, directory=str(root)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://localhost:{httpd.server_address[1]}/", root
    httpd.shutdown()
    httpd.server_close()


RECORD = (
    "window.playaid.score({game: 'rftg', variant: 'standard', ended_by: 'vp_pool',"
    " players: [{name: 'A', tableau: ['Old Earth'], chips: CHIPS}]})"
)


def test_the_dist_site_scores_offline_under_a_sub_path(browser, host):
    base, root = host
    app = base + "playaid/"
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    outside = refuse_outside(context, lambda url: url.startswith(app))
    page = open_page(browser, app, context=context)
    cards = json.loads((root / "playaid" / "data" / "form.json").read_text())["models"]["rftg"]["widgets"]["tableau"][
        "cards"
    ]
    old_earth = next(c["v"] for c in cards if c["n"] == "Old Earth")
    assert page.evaluate(RECORD.replace("CHIPS", "3"))["players"][0]["total"] == 3 + old_earth

    # the service worker and the installed app stay inside the sub-path
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == app
    wait_until(page, "navigator.serviceWorker.controller !== null")
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == app + "sw.js"
    manifest_url = page.evaluate("document.querySelector('link[rel=manifest]').href")
    assert manifest_url == app + "manifest.webmanifest"
    manifest = json.loads((root / "playaid" / "manifest.webmanifest").read_text())
    for key in ("start_url", "scope"):
        resolved = urlparse(page.evaluate(f"new URL({manifest[key]!r}, {manifest_url!r}).href"))
        assert resolved.path == "/playaid/", key

    # offline, once the page says its offline copy is complete: a reload comes from the
    # service worker and still scores
    wait_until(page, "window.playaid.status().offline.state === 'ready'")
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate(RECORD.replace("CHIPS", "5"))["players"][0]["total"] == 5 + old_earth
    assert outside == []
    assert page.problems == []
    context.close()


def test_the_dist_site_is_the_same_twice(tmp_path):
    """Two builds of the site give the same files, byte for byte (reproducible releases)."""
    first, second = dist.build_site(tmp_path / "a"), dist.build_site(tmp_path / "b")
    files = sorted(p.relative_to(first).as_posix() for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second).as_posix() for p in second.rglob("*") if p.is_file())
    assert {"index.html", "sw.js", ".nojekyll", "pyodide/pyodide.asm.wasm"} <= set(files)
    for name in files:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_two_sites_on_one_origin_keep_their_own_offline_copies(browser, host):
    """Project pages of one owner share an origin (``owner.github.io/a/``, ``.../b/``): a second
    playaid site of another version, at another sub-path, must not delete the first's offline copy."""
    base, root = host
    other = root / "other"
    if not other.exists():
        shutil.copytree(root / "playaid", other)
        worker = other / "sw.js"
        text = worker.read_text()
        version = re.search(r'const VERSION = "([0-9a-f]+)"', text).group(1)
        worker.write_text(text.replace(version, "0" * len(version)))  # another version of the site
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    pages = {}
    for name in ("playaid", "other"):
        page = open_page(browser, f"{base}{name}/", context=context)
        assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)") == f"{base}{name}/"
        wait_until(page, "window.playaid.status().offline.state === 'ready'")
        pages[name] = page
    context.set_offline(True)
    for name, page in pages.items():
        page.reload()
        wait_ready(page)
        report = page.evaluate(RECORD.replace("CHIPS", "4"))
        assert report["players"][0]["chips_vp"] == 4, name
        assert page.problems == [], name
    context.close()
