"""Benchmark figures of the web scorer (`playaid web`), in headless Debian Chromium; part of
`make bench` (bench/build.py prints them with the others). Asserts nothing.

Every figure comes from one run, side by side, so they share the machine's load (the sites'
order is reversed every other round). Each round:
  1. the floor: a blank page that only runs a bare ``loadPyodide()`` of the same Pyodide (its
     own files as npm ships them, lock file included), in a new browser context;
  2. a first visit to the site through `playaid serve`'s server, in a new context (empty caches):
     navigation start to "engine ready" (Pyodide + the scoring core, checked), the bytes the
     server sent until then, and until the offline copy is complete;
  3. a second visit in the same context (the service worker's copy and the memory snapshot made
     by the first): navigation start to "engine ready", and the bytes the server sent.
Figures are medians over the rounds. Targets (issues 18, 31): second visit <= 0.5 x the first;
first visit <= 1.3 x the floor; first visit <= 7 MB transferred; second visit 0 bytes of files;
at most 20 MB kept on the device (navigator.storage.estimate(), after the first visit and after
the second, which adds the browser's code cache of the scripts). Every figure is given for this
tree and, measured in the same rounds, for the previous main (`bench/baseline.py`; run alone:
``bench/web_scorer.py [ROUNDS] [--baseline REF|none]``).
Also: form usable (cold), rescore after ready (median of 50 round trips through the Worker), and
the site's size raw and as sent compressed.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "bench"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

FLOOR_PAGE = """<!doctype html><title>bare loadPyodide</title><script type="module" src="floor.js"></script>"""
FLOOR_SCRIPT = """import { loadPyodide } from "./pyodide/pyodide.mjs";
loadPyodide().then(() => performance.mark("floor-ready"));
"""
#: How long a wait for the page may take (ms): a cold Pyodide start on a loaded machine.
WAIT_MS = 300_000


def _mark(page, name: str) -> float:
    """ms from navigation start to the performance mark ``name`` (waits for it, up to `WAIT_MS`;
    the time is the mark's own, not when the wait saw it)."""
    from tests.web_support import wait_until

    wait_until(page, f"performance.getEntriesByName('{name}').length > 0", timeout_ms=WAIT_MS)
    return page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime")


class Counter:
    """Bytes and responses a server sent, headers and bodies apart (shared by its threads)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.headers = self.body = self.responses = 0
            self.paths: list[tuple[str, int]] = []

    def snapshot(self) -> dict:
        with self.lock:
            return {
                "bytes": self.headers + self.body,
                "body": self.body,
                "responses": self.responses,
                "paths": list(self.paths),
            }


def counting_server(directory: Path, counter: Counter):
    """`playaid serve`'s own server for ``directory`` on a free loopback port, every byte it
    writes counted (the first write of a response is its status line and headers)."""
    from generator.web.serve import make_server

    httpd = make_server(directory, "127.0.0.1", 0)

    class Counting(httpd.RequestHandlerClass):
        def setup(self):
            super().setup()
            raw, outer = self.wfile, self

            class Writer:
                def write(self, data):
                    with counter.lock:
                        if outer._first_write:
                            counter.headers += len(data)
                            counter.responses += 1
                            counter.paths.append((outer.path, 0))
                            outer._first_write = False
                        else:
                            counter.body += len(data)
                            path, n = counter.paths[-1]
                            counter.paths[-1] = (path, n + len(data))
                    return raw.write(data)

                def __getattr__(self, name):
                    return getattr(raw, name)

            self.wfile = Writer()

        def handle_one_request(self):
            self._first_write = True
            super().handle_one_request()

    httpd.RequestHandlerClass = Counting
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def floor_site(folder: Path) -> Path:
    """A blank page running a bare ``loadPyodide()`` over npm's Pyodide files (with the same
    precompressed copies the site gets, so both are sent alike)."""
    from generator.compile.compile_rules import cache_dir
    from generator.web import packages
    from generator.web.compress import gzip_copy

    (folder / "pyodide").mkdir(parents=True)
    (folder / "index.html").write_text(FLOOR_PAGE)
    (folder / "floor.js").write_text(FLOOR_SCRIPT)
    for name in (*packages.PYODIDE_FILES, packages.PYODIDE_LOCK):
        data = (packages.NODE_MODULES / "pyodide" / name).read_bytes()
        (folder / "pyodide" / name).write_bytes(data)
        packed = gzip_copy(f"pyodide/{name}", data, cache_dir())
        if packed:
            (folder / "pyodide" / f"{name}.gz").write_bytes(packed)
    return folder


def _visit_pair(browser, url: str, counter: Counter, runs: dict, record: str) -> None:
    """One first visit and one second visit of the site at ``url`` (see the module docstring),
    their figures appended to ``runs``."""
    from tests.web_support import snapshot_kept, wait_until

    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    counter.reset()
    page.goto(url)
    runs["form"].append(_mark(page, "playaid-form-ready"))
    runs["cold"].append(_mark(page, "playaid-engine-ready"))
    runs["cold_bytes"].append(counter.snapshot())
    wait_until(page, "window.playaid.status().offline.state === 'ready'", timeout_ms=WAIT_MS)
    runs["offline_bytes"].append(counter.snapshot())
    # written after "ready": the second visit starts from it (else it would be a cold start)
    assert snapshot_kept(page) is not None, "the engine's memory snapshot was not saved in 60 s"
    runs["stored"].append(page.evaluate("navigator.storage.estimate().then(e => e.usage)"))
    page.close()

    page = context.new_page()  # a second visit: the service worker's copy
    counter.reset()
    page.goto(url)
    runs["warm"].append(_mark(page, "playaid-engine-ready"))
    runs["from"].append(page.evaluate("window.playaid.status().engine.from"))
    wait_until(page, "window.playaid.status().offline.state === 'ready'", timeout_ms=WAIT_MS)
    time.sleep(0.5)  # the browser's own update check of sw.js, if any
    runs["warm_bytes"].append(counter.snapshot())
    parsed = page.evaluate(
        "(t) => import('./js/records.js').then(m => m.parseRecordText(t)).then(r => r.value)", record
    )
    runs["rescore"] += page.evaluate(
        """async (record) => {
        const times = [];
        for (let i = 0; i < 50; i++) {
            const t = performance.now();
            await window.playaid.score(record);
            times.push(performance.now() - t);
        }
        return times;
    }""",
        parsed,
    )
    # by now the browser has written its code cache of the scripts the second visit ran (about 1 MB)
    runs["stored_warm"].append(page.evaluate("navigator.storage.estimate().then(e => e.usage)"))
    context.close()


def measure(sites: list[Path], floor: Path, repeat: int = 3) -> list[dict]:
    """Run ``repeat`` rounds (see the module docstring), each the floor then every site in turn
    (so all share the machine's load); per site: medians, and the last round's counts."""
    from playwright.sync_api import sync_playwright

    from tests.web_support import CHROMIUM, CHROMIUM_ARGS

    counters = [Counter() for _ in sites]
    floor_counter = Counter()
    servers = [counting_server(site, counter) for site, counter in zip(sites, counters)]
    floor_httpd = counting_server(floor, floor_counter)
    urls = [f"http://127.0.0.1:{httpd.server_address[1]}/" for httpd in servers]
    floor_url = f"http://127.0.0.1:{floor_httpd.server_address[1]}/"
    record = (ROOT / "examples" / "rftg-invasion.yaml").read_text(encoding="utf-8")
    floors: list[float] = []
    runs = [
        {
            k: []
            for k in (
                "form",
                "cold",
                "warm",
                "cold_bytes",
                "offline_bytes",
                "warm_bytes",
                "rescore",
                "from",
                "stored",
                "stored_warm",
            )
        }
        for _ in sites
    ]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for round_ in range(repeat):
                context = browser.new_context()
                page = context.new_page()
                page.goto(floor_url)
                floors.append(_mark(page, "floor-ready"))
                context.close()
                # the sites in turn, the order reversed every other round: the one just after the
                # floor came out slower, round after round (the floor's teardown, 2026-12-06)
                turn = list(zip(urls, counters, runs))
                for url, counter, side in turn if round_ % 2 == 0 else turn[::-1]:
                    _visit_pair(browser, url, counter, side, record)
            browser.close()
    finally:
        for server in (*servers, floor_httpd):
            server.shutdown()
            server.server_close()
    median = statistics.median
    return [
        {
            "floor": median(floors),
            "form": median(r["form"]),
            "cold": median(r["cold"]),
            "warm": median(r["warm"]),
            "warm_from": r["from"],
            "cold_bytes": median(x["bytes"] for x in r["cold_bytes"]),
            "offline_bytes": median(x["bytes"] for x in r["offline_bytes"]),
            "requests": median(x["responses"] for x in r["offline_bytes"]),
            "stored": median(r["stored"]),
            "stored_warm": median(r["stored_warm"]),
            "warm_body": max(x["body"] for x in r["warm_bytes"]),
            "warm_bytes": max(x["bytes"] for x in r["warm_bytes"]),
            "warm_paths": r["warm_bytes"][-1]["paths"],
            "rescore": median(r["rescore"]),
            "rescore_p95": sorted(r["rescore"])[int(len(r["rescore"]) * 0.95)],
        }
        for r in runs
    ]


def site_size(site: Path) -> tuple[int, int, int]:
    """(files, bytes, bytes as sent) of the files a visit can fetch: the ``.gz`` copy where the
    site has one (what a server that sends them transfers), else the file."""
    files = [p for p in site.rglob("*") if p.is_file() and not p.name.startswith(".") and p.suffix != ".gz"]
    raw = sum(p.stat().st_size for p in files)
    sent = sum(
        (p.with_name(p.name + ".gz") if p.with_name(p.name + ".gz").is_file() else p).stat().st_size for p in files
    )
    return len(files), raw, sent


def _baseline_site(tree: Path, out: Path) -> Path | None:
    """The site as the baseline's tree writes it (its own `playaid web`, its own content), or None
    when that fails."""
    import subprocess

    from baseline import env_for

    if not (tree / "node_modules").exists():  # a fresh worktree: the front-end packages are this tree's
        (tree / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    done = subprocess.run(
        [sys.executable, "-m", "generator", "web", "--out", str(out)],
        cwd=tree,
        env=env_for(tree),
        capture_output=True,
        text=True,
    )
    if done.returncode or not (out / "index.html").is_file():
        print(f"bench/web_scorer.py: the baseline's site was not built: {done.stderr.strip()[-300:]}", file=sys.stderr)
        return None
    return out


def _rows(t: dict, files: int, raw: int, sent: int) -> list[tuple[str, str, str]]:
    mb = 1e6
    return [
        ("web: form usable (first visit)", f"{t['form'] / 1000:.2f} s", "target < 1 s"),
        ("web: bare loadPyodide() (the floor)", f"{t['floor'] / 1000:.2f} s", "blank page, same Pyodide, first visit"),
        (
            "web: engine ready, first visit",
            f"{t['cold'] / 1000:.2f} s = {t['cold'] / t['floor']:.2f} x floor",
            "target <= 1.3 x the floor",
        ),
        (
            "web: engine ready, second visit",
            f"{t['warm'] / 1000:.2f} s = {t['warm'] / t['cold']:.2f} x first",
            f"target <= 0.5 x; started from: {', '.join(sorted(set(t['warm_from'])))}",
        ),
        (
            "web: first visit transferred",
            f"{t['cold_bytes'] / mb:.2f} / {t['offline_bytes'] / mb:.2f} MB",
            "until engine ready / until the offline copy is complete (target <= 7 MB)",
        ),
        ("web: first visit requests", f"{t['requests']:.0f}", "until the offline copy is complete"),
        (
            "web: kept on the device",
            f"{t['stored'] / mb:.1f} / {t['stored_warm'] / mb:.1f} MB",
            "navigator.storage.estimate() once the copy and the snapshot are kept / after the second visit, "
            "with the browser's code cache (target <= 20 MB)",
        ),
        (
            "web: second visit transferred",
            f"{t['warm_body']} B of files",
            f"{t['warm_bytes']} B in all: {', '.join(f'{p} ({n} B)' for p, n in t['warm_paths']) or 'no request'}",
        ),
        (
            "web: rescore after ready (median / p95)",
            f"{t['rescore']:.1f} / {t['rescore_p95']:.1f} ms",
            "3-player invasion record, via the Worker (target < 50 ms)",
        ),
        (
            "web: site size, raw / as sent",
            f"{raw / mb:.1f} / {sent / mb:.1f} MB",
            f"{files} files; compressed copies where they save >= 10 %",
        ),
    ]


def figures(repeat: int = 3, baseline: str | None = "default") -> list[tuple[str, str, str]]:
    """Rows (name, value, note) for bench/build.py's table: this tree's figure, and in the note
    the baseline's beside it (`bench/baseline.py`: main from a branch, HEAD~1 on main; None: no
    baseline), both measured in the same rounds."""
    from generator.paths import CONTENT_DIR
    from generator.web.site import build_site

    from baseline import checkout, default_ref, describe

    ref = default_ref() if baseline == "default" else baseline
    with tempfile.TemporaryDirectory() as tmp, checkout(ref) as tree:
        sites = [Path(tmp) / "web"]
        build_site(CONTENT_DIR, sites[0])
        other = _baseline_site(tree, Path(tmp) / "baseline") if tree else None
        if other:
            sites.append(other)
        sizes = [site_size(site) for site in sites]
        got = measure(sites, floor_site(Path(tmp) / "floor"), repeat)
    rows = _rows(got[0], *sizes[0])
    if len(got) > 1:
        beside = _rows(got[1], *sizes[1])
        rows = [
            (name, value, f"{describe(ref)}: {then}; {note}")
            for (name, value, note), (_n, then, _x) in zip(rows, beside)
        ]
    return rows


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("repeat", nargs="?", type=int, default=3, help="rounds (default 3)")
    ap.add_argument(
        "--baseline",
        default="default",
        metavar="REF",
        help="git ref measured beside this tree (default: main, or HEAD~1 on main; none: no baseline)",
    )
    args = ap.parse_args()
    for name, value, note in figures(args.repeat, None if args.baseline == "none" else args.baseline):
        print(f"{name:<42}  {value:>24}  {note}")
