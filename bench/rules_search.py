"""Benchmark figures of the rules search (`playaid rules`, the phone's Rules tab); part of
`make bench` (bench/build.py prints them with the others). Asserts nothing.

Queries: every question of tests/rules_questions.yaml and every prefix of it as typed letter by
letter (what the Rules tab searches while a player types), in order.

Figures:
  - answers (bench/rules_quality.py): the share of questions whose first result, and whose first
    three, cite an expected rulebook section, for the fresh reader's tune and held-out halves
    (bench/questions/; tuned on tune only) and the old 77 (tests/rules_questions.yaml), per game;
    beside the same figures for $RULES_BENCH_AGAINST (a git ref, default main; none: skip)
                                              (target: held-out >= 60 % first, >= 80 % in three)
  - index: built from content (ms); entries; JSON size raw / gzip (what the page downloads)
  - search start-up: preparing the index for searching (`RulesIndex`), paid once per process
  - per query after start-up, in this process (the command line's core): median / p95 / max
                                                                                (target < 50 ms)
  - `playaid rules` as a whole process (cached index): median of 5 runs
  - in the page (headless Chromium, 360 px): the first answer after the engine is ready (the
    Worker prepares the index), then each query's round trip through the Worker: median / p95 /
    max over the same queries                                                   (target < 50 ms)
"""

from __future__ import annotations

import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "bench") not in sys.path:
    sys.path.insert(0, str(ROOT / "bench"))


def queries() -> list[str]:
    """Each question of the question set, preceded by its prefixes as typed."""
    from generator.reader.yaml_io import MAX_CONTENT_BYTES, load_file

    asked = load_file(ROOT / "tests" / "rules_questions.yaml", max_bytes=MAX_CONTENT_BYTES)[0].data
    out = []
    for q in asked:
        text = q["ask"]
        out += [text[:n] for n in range(1, len(text) + 1)]
    return out


def _spread(times_ms: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times_ms)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.95)], ordered[-1]


def core_figures(index: dict, typed: list[str]) -> dict:
    from generator.rulesearch.api import Rules
    from generator.rulesearch.text import stem

    stem.cache_clear()
    start = time.perf_counter()
    rules = Rules(index)
    prepare = (time.perf_counter() - start) * 1000
    times = []
    for q in typed:
        t = time.perf_counter()
        rules.search(q, None, 8)
        times.append((time.perf_counter() - t) * 1000)
    return {"prepare": prepare, "query": _spread(times)}


def cli_seconds(repeat: int = 5) -> float:
    """Median wall time of `playaid rules ...` (the cache made by a first run)."""
    command = [sys.executable, "-m", "generator", "rules", "do", "defense", "awards", "count", "for", "GR"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=True)
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=True)
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def page_figures(site: Path, typed: list[str]) -> dict:
    """The first answer after the engine is ready, and each query's round trip in the page."""
    from playwright.sync_api import sync_playwright

    from tests.web_support import CHROMIUM, CHROMIUM_ARGS, serving

    with serving(site) as url:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            page = browser.new_context(viewport={"width": 360, "height": 640}).new_page()
            page.goto(url)
            page.evaluate("window.playaid.ready")
            first = page.evaluate("""async () => { const t = performance.now();
                await window.playaid.rules("repulse value 4 players"); return performance.now() - t; }""")
            times = page.evaluate(
                """async (typed) => { const times = [];
                for (const q of typed) { const t = performance.now(); await window.playaid.rules(q);
                  times.push(performance.now() - t); }
                return times; }""",
                typed,
            )
            browser.close()
    return {"first": first, "query": _spread(times)}


def figures() -> list[tuple[str, str, str]]:
    """Rows (name, value, note) for bench/build.py's table."""
    from generator.checks.load import load_content
    from generator.compile.rules_index import build_rules_index
    from generator.paths import CONTENT_DIR
    from generator.web.site import build_site

    content = load_content(CONTENT_DIR)
    start = time.perf_counter()
    index = build_rules_index(content)
    built = (time.perf_counter() - start) * 1000
    body = json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode()
    typed = queries()
    core = core_figures(index, typed)
    cli = cli_seconds()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "web"
        build_site(CONTENT_DIR, site)
        page = page_figures(site, typed)
    n = len(typed)
    from rules_quality import rows as quality_rows  # right first / in the first three, per set

    against = os.environ.get("RULES_BENCH_AGAINST", "main")
    quality = quality_rows(against=against if against != "none" else None)
    return quality + [
        (
            "rules: index built from content",
            f"{built:.0f} ms",
            f"{len(index['entries'])} entries; {len(body) / 1e3:.0f} kB JSON, {len(gzip.compress(body)) / 1e3:.0f} kB gzip",
        ),
        ("rules: search start-up (prepare the index)", f"{core['prepare']:.0f} ms", "once per process"),
        (
            "rules: query after start-up (median / p95 / max)",
            "{:.1f} / {:.1f} / {:.1f} ms".format(*core["query"]),
            f"{n} queries: the question set, letter by letter (target < 50 ms)",
        ),
        ("rules: `playaid rules` whole process", f"{cli:.2f} s", "median of 5, cached index"),
        ("rules: page, first answer after engine ready", f"{page['first']:.0f} ms", "the Worker prepares the index"),
        (
            "rules: page, query round trip (median / p95 / max)",
            "{:.1f} / {:.1f} / {:.1f} ms".format(*page["query"]),
            f"{n} queries through the Worker, Pyodide (target < 50 ms)",
        ),
    ]


if __name__ == "__main__":
    for name, value, note in figures():
        print(f"{name:<50}  {value:>22}  {note}")
