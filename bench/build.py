"""Benchmark of the build pipeline and the RftG score calculator; prints figures, asserts nothing.

Run: make bench   (or .venv/bin/python bench/build.py [--records N])

Figures, in one run on this machine:
  1. full build, cold (empty output folder: fonts fitted by search), default --jobs
  2. full build, warm (--force, same inputs: fitted sizes reused), default --jobs
  3. no-op rebuild and its ratio to the cold full build          (target <= 5 %)
  4. --jobs 2 vs --jobs 1 (both forced and warm)                 (target <= 0.6 x)
  5. our serial warm build of the HTML aids vs bare WeasyPrint rendering the same final HTML
     in the same process (the floor)                             (target <= 1.15 x)
  6. scoring throughput in process, over generated batches: RftG (target >= 10,000 records/s),
     the Xia campaign and a game scored from its model alone (bench/scoring.py)
  7. whole-process start-up of the command line beside `python -c pass`, a no-op build, and one
     `playaid score` call on 1,000 records, beside the previous main (bench/startup.py)
  8. the web scorer in headless Chromium: form usable, engine ready cold and warm, rescore after
     ready, site size raw and gzip (bench/web_scorer.py)
  9. the phone pad: keystrokes and taps to enter a 12-card tableau, and over 40 random
     tableaux (bench/web_entry.py)                                (target <= 25)
  10. `playaid watch`: a saved edit to one card's text until it is in the card's PDF
     (bench/watch_latency.py)                                   (target <= 1.5 s)
 11. peak memory of one `playaid score` call on 1,000 and 10,000 records, text and --json
     (bench/batch_memory.py; flat: records are scored and printed one at a time)
 11b. a batch of 10,000 RftG records (YAML files, JSON files, one JSON Lines file) beside the
     scoring core's in-process rate on the same records, and beside the previous main
     (bench/batch.py)                                   (target >= half the core's rate)
 12. the rules search: index size, start-up, each query on the command line's core and through
     the page's Worker, letter by letter (bench/rules_search.py)  (target < 50 ms a query)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)

from generator.checks.load import load_content  # noqa: E402
from generator.compile.plan import plan_aids  # noqa: E402
from generator.pipeline.aidbuild import _environment, source_date_epoch  # noqa: E402
from generator.pipeline.build import BuildOptions, _read_manifest, build  # noqa: E402


def timed(fn, *args, **kwargs) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return time.perf_counter() - start, result


def run_build(out: Path, **kwargs) -> float:
    seconds, report = timed(build, BuildOptions(out_dir=out, **kwargs))
    if not report.ok:
        raise SystemExit(f"build failed: {[r.error for r in report.results if r.error]}")
    return seconds


def final_html(content, out: Path) -> list[str]:
    """The HTML of every card face (at its fitted size) and page aid, as our build renders it."""
    from generator.render.faces import card_face_html, page_html

    manifest = _read_manifest(BuildOptions(out_dir=out))
    docs = []
    for planned in plan_aids(content):
        game = content.game(planned.game)
        env = _environment(tuple(sorted(game.game.icons.items())))
        fitted = manifest[planned.key]["fitted"]
        if planned.aid.format == "card":
            docs += [card_face_html(env, planned, game, face, fitted[face.name], False) for face in planned.aid.faces]
        elif planned.aid.format == "page":
            docs.append(page_html(env, planned, game, "a4", fitted["page"], False))
    return docs


def bare_weasyprint(docs: list[str]) -> float:
    """Render each HTML with plain WeasyPrint (same fonts and asset fetcher, no fitting,
    imposition, hashing or writing)."""
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    from generator.paths import ASSETS_DIR
    from generator.render.fetcher import AssetFetcher
    from generator.render.html_pdf import FONT_FACE_CSS

    fetcher = AssetFetcher(ASSETS_DIR)
    fonts = FontConfiguration()
    css = CSS(string=FONT_FACE_CSS, font_config=fonts, url_fetcher=fetcher)
    start = time.perf_counter()
    for html in docs:
        HTML(string=html, base_url="asset:/", url_fetcher=fetcher).write_pdf(stylesheets=[css], font_config=fonts)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=5000, help="records in the scoring batch")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing (median kept)")
    args = parser.parse_args()
    cpus = os.cpu_count()
    print(f"playaid benchmark — {cpus} CPUs, Python {sys.version.split()[0]}")
    from scoring import figures as scoring_figures  # first: a clean heap

    scoring_rows = scoring_figures(args.records)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        colds = [run_build(tmp / f"cold{i}") for i in range(args.repeat)]
        cold = statistics.median(colds)
        out = tmp / "cold0"
        warm = statistics.median(run_build(out, force=True) for _ in range(args.repeat))
        noop = statistics.median(run_build(out) for _ in range(args.repeat))
        serial = statistics.median(run_build(out, force=True, jobs=1) for _ in range(args.repeat))
        two = statistics.median(run_build(out, force=True, jobs=2) for _ in range(args.repeat))
        content = load_content("content")
        os.environ["SOURCE_DATE_EPOCH"] = str(source_date_epoch(next(iter(content.games.values()))))
        html_aids = tuple(p.key for p in plan_aids(content) if p.aid.format != "form")
        ours = statistics.median(run_build(out, force=True, jobs=1, only=html_aids) for _ in range(args.repeat))
        docs = final_html(content, out)
        bare = statistics.median(bare_weasyprint(docs) for _ in range(args.repeat))
    rows = [
        ("full build, cold (default jobs)", f"{cold:.2f} s", ""),
        ("full build, warm --force (default jobs)", f"{warm:.2f} s", ""),
        ("no-op rebuild", f"{noop:.2f} s", f"{noop / cold:.1%} of cold full build (target <= 5 %)"),
        (
            "--jobs 2 / --jobs 1 (warm, forced)",
            f"{two:.2f} / {serial:.2f} s",
            f"{two / serial:.2f} x (target <= 0.6 x)",
        ),
        (
            f"ours vs bare WeasyPrint ({len(docs)} HTML documents, serial)",
            f"{ours:.2f} / {bare:.2f} s",
            f"{ours / bare:.2f} x (target <= 1.15 x)",
        ),
        *scoring_rows,
    ]
    from startup import figures as startup_figures  # whole-process start-up and batch scoring

    rows += startup_figures(full_build_seconds=cold)
    from batch_memory import figures as memory_figures  # one score call's memory as a batch grows

    rows += list(memory_figures())
    from batch import figures as batch_figures  # a batch's rate beside the core's, and the previous main's

    rows += list(batch_figures())
    from web_scorer import figures as web_figures  # the web scorer in headless Chromium

    rows += web_figures(repeat=args.repeat)
    from web_entry import figures as entry_figures  # the phone pad: keystrokes to enter a tableau

    rows += entry_figures()
    from watch_latency import figures as watch_figures  # playaid watch: save to PDF

    rows += watch_figures()
    from rules_search import figures as rules_figures  # playaid rules and the Rules tab

    rows += rules_figures()
    width = max(len(r[0]) for r in rows)
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>16}  {note}")


if __name__ == "__main__":
    main()
