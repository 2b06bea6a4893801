"""Benchmark figures of the web scorer (`playaid web`), in headless Debian Chromium; part of
`make bench` (bench/build.py prints them with the others). Asserts nothing.

Figures (median of ``repeat`` page loads, each in a new browser context: empty caches):
  - form usable: navigation start to the form drawn from data/form.json   (target < 1 s)
  - engine ready, cold: navigation start to Pyodide + the scoring core loaded (target < 5 s)
  - engine ready, warm: the same, on a second visit served by the service worker
  - rescore after ready: `playaid.score(record)` for examples/rftg-invasion.yaml, round trip
    through the Worker (median of 50)                                     (target < 50 ms)
  - site size, raw and gzip (what a first visit downloads; the service worker keeps it)
"""

from __future__ import annotations

import gzip
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _until(page, expression: str) -> None:
    """Wait for a truthy JavaScript expression, polling inside one evaluate (the site's CSP
    forbids the eval that Playwright's wait_for_function uses)."""
    page.evaluate(f"""() => new Promise((resolve, reject) => {{
        const start = performance.now();
        const poll = () => ({expression}) ? resolve(true)
            : performance.now() - start > 120000 ? reject(new Error("timed out"))
            : setTimeout(poll, 10);
        poll();
    }})""")


def _mark(page, name: str) -> float:
    """ms from navigation start to the performance mark ``name`` (waits for it)."""
    _until(page, f"performance.getEntriesByName('{name}').length > 0")
    return page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime")


def site_size(site: Path) -> tuple[int, int, int]:
    """(files, bytes, gzip bytes) of every file a visit can fetch."""
    files = [p for p in site.rglob("*") if p.is_file() and not p.name.startswith(".")]
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), compresslevel=6)) for p in files)
    return len(files), raw, packed


def measure(site: Path, repeat: int = 3) -> dict:
    """Load the site ``repeat`` times cold (and once warm after each) and time the figures."""
    from playwright.sync_api import sync_playwright

    from generator.web.serve import make_server

    httpd = make_server(site, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    record = (ROOT / "examples" / "rftg-invasion.yaml").read_text(encoding="utf-8")
    form, cold, warm, rescore = [], [], [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(repeat):
                context = browser.new_context(viewport={"width": 360, "height": 640})
                page = context.new_page()
                page.goto(url)
                form.append(_mark(page, "playaid-form-ready"))
                cold.append(_mark(page, "playaid-engine-ready"))
                page.evaluate("navigator.serviceWorker.ready")
                _until(page, "navigator.serviceWorker.controller !== null")
                page.close()
                page = context.new_page()  # a second visit: files from the service worker
                page.goto(url)
                warm.append(_mark(page, "playaid-engine-ready"))
                parsed = page.evaluate("([t]) => window.playaid.score(t).then(() => "
                                       "import('./js/records.js')).then(m => m.parseRecordText(t))"
                                       ".then(r => r.value)", [record])
                rescore += page.evaluate("""async (record) => {
                    const times = [];
                    for (let i = 0; i < 50; i++) {
                        const t = performance.now();
                        await window.playaid.score(record);
                        times.push(performance.now() - t);
                    }
                    return times;
                }""", parsed)
                context.close()
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return {"form": statistics.median(form), "cold": statistics.median(cold),
            "warm": statistics.median(warm), "rescore": statistics.median(rescore),
            "rescore_p95": sorted(rescore)[int(len(rescore) * 0.95)]}


def figures(repeat: int = 3) -> list[tuple[str, str, str]]:
    """Rows (name, value, note) for bench/build.py's table."""
    from generator.paths import CONTENT_DIR
    from generator.web.site import build_site

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "web"
        build_site(CONTENT_DIR, site)
        files, raw, packed = site_size(site)
        t = measure(site, repeat)
    return [
        ("web: form usable (cold load)", f"{t['form'] / 1000:.2f} s", "target < 1 s"),
        ("web: engine ready, cold / warm", f"{t['cold'] / 1000:.2f} / {t['warm'] / 1000:.2f} s",
         "cold target < 5 s; warm = second visit from the service worker"),
        ("web: rescore after ready (median / p95)", f"{t['rescore']:.1f} / {t['rescore_p95']:.1f} ms",
         "3-player invasion record, via the Worker (target < 50 ms)"),
        ("web: site size, raw / gzip", f"{raw / 1e6:.1f} / {packed / 1e6:.1f} MB",
         f"{files} files (Pyodide's WebAssembly is most of it)"),
    ]


if __name__ == "__main__":
    for name, value, note in figures():
        print(f"{name:<42}  {value:>16}  {note}")
