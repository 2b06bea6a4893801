"""Trace the standard-library modules the phone's engine imports and write
generator/web/stdlib_keep.py, the list generator/web/stdlib.py cuts Pyodide's library down to.

Builds the site with Pyodide's whole standard library plus a tracing ``sitecustomize`` (it wraps
``generator.scoring.api.score`` once imported: a record ``{"playaid_trace": true}`` is answered
with the names in ``sys.modules``), opens it in Debian's Chromium, and in the real engine worker
scores every example record and a few broken ones, asks the rules search every kind of question
and rolls the Xia NPC dice; then once more after a start from the memory snapshot. The modules
of the zip then imported, and `ALWAYS`, are kept. Run after a Pyodide update or when the build
says a core import is not kept (needs the test extra's Playwright):
    .venv/bin/python tools/stdlib_trace.py          # writes generator/web/stdlib_keep.py
    .venv/bin/python tools/stdlib_trace.py --check  # exit 1 when the list misses a traced module
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

KEEP_FILE = ROOT / "generator" / "web" / "stdlib_keep.py"
#: Kept whether traced or not: the codecs a Python program may name without importing anything
#: (``str.encode("latin-1")``, a BOM-marked file); 10 kB in all.
ALWAYS = (
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_32",
    "encodings.unicode_escape",
    "encodings.raw_unicode_escape",
)

TRACER = '''"""playaid's import trace (tools/stdlib_trace.py): never in a site that is shipped."""
import sys


class _Trace:
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name != "generator.scoring.api":
            return None
        for finder in sys.meta_path:
            if finder is not cls and hasattr(finder, "find_spec"):
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    break
        else:
            return None
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            score = module.score

            def traced(record, *args, **kwargs):
                if isinstance(record, dict) and record.get("playaid_trace") is True:
                    return {"playaid_trace": sorted(sys.modules)}
                return score(record, *args, **kwargs)
            module.score = traced
        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, _Trace)
'''

#: What the engine is asked in each visit (page context: `engine` is boot.js's).
EXERCISE = """async ([records]) => {
    const { engine } = await import('./js/boot.js');
    const { parseRecordText } = await import('./js/records.js');
    for (const text of records) {
        const parsed = await parseRecordText(text);
        await window.playaid.score(parsed.value);
        await engine.score(JSON.stringify(parsed.value));
    }
    for (const broken of ['{', '[]', '{}', '{"game": "rftg"}', '{"game": "xia"}', '{"game": "nope"}',
                          '{"game": "rftg", "players": [{"name": "A", "tableau": ["No Such Card"]}]}',
                          '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]']) {
        await engine.score(broken);
    }
    const games = await engine.rules('games', {});
    await engine.rules('variants', {});
    for (const game of [null, ...Object.keys(games)]) {
        for (const q of ['military', 'fame points', 'how do I score', 'zzzz qqqq']) {
            const found = await engine.rules('search', { q, game, limit: 10 });
            for (const hit of found.slice(0, 2)) await engine.rules('entry', { id: hit.id });
            await engine.rules('closest', { q, game });
            await engine.rules('no_answer', { q, game });
        }
        await engine.rules('card', { name: 'Alien Toy Shop', game });
    }
    await engine.rules('entry', { id: 'no-such-entry' });
    for (const d20 of [1, 7, 20]) {
        await engine.calculate(null, null, d20, {});
        await engine.calculate(null, null, d20, { fame: 3, bounty: 1 });
    }
    return (await engine.score(JSON.stringify({ playaid_trace: true }))).playaid_trace;
}"""


def trace_stdlib(browser) -> tuple[str, set[str]]:
    """(pyodide version, the standard-library modules the engine imported), traced in
    ``browser`` (Playwright's Chromium) as the module docstring says."""
    from generator.paths import CONTENT_DIR
    from generator.web import packages
    from generator.web.site import build_site
    from generator.web.stdlib import trimmed, zip_modules
    from tests.web_support import serving, snapshot_kept, wait_until

    pyodide = packages.pyodide()
    data = (pyodide.folder / packages.PYODIDE_STDLIB).read_bytes()
    available = zip_modules(zipfile.ZipFile(pyodide.folder / packages.PYODIDE_STDLIB).namelist())
    records = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("*.yaml"))]
    seen: set[str] = set()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "web"
        build_site(CONTENT_DIR, site, stdlib=trimmed(data, available, extra={"sitecustomize.py": TRACER}))
        with serving(site) as url:
            context = browser.new_context(service_workers="block")
            context.set_default_timeout(300_000)
            for start in ("scratch", "snapshot"):
                page = context.new_page()
                page.goto(url)
                wait_until(page, "window.playaid && window.playaid.status().engine.state === 'ready'", 300_000)
                started = page.evaluate("window.playaid.status().engine.from")
                if started != start:
                    raise SystemExit(f"tools/stdlib_trace.py: the engine started from {started}, not {start}")
                names = page.evaluate(EXERCISE, [records])
                if not isinstance(names, list):
                    raise SystemExit(
                        "tools/stdlib_trace.py: the trace hook did not answer (does the worker still "
                        "score with generator.scoring.api.score?)"
                    )
                seen |= set(names)
                if start == "scratch" and snapshot_kept(page) is None:
                    raise SystemExit("tools/stdlib_trace.py: no memory snapshot was kept")
                page.close()
            context.close()
    return pyodide.version, {m for m in seen if m in available} | set(ALWAYS)


def keep_source(version: str, modules: set[str]) -> str:
    lines = "\n".join(f"    {m!r}," for m in sorted(modules))
    return f'''"""The standard-library modules the phone's engine imports: generator/web/stdlib.py ships
only these of Pyodide's python_stdlib.zip. Written by tools/stdlib_trace.py (run it again after a
Pyodide update, or when the build says a core import is not kept); not edited by hand."""

PYODIDE = {version!r}
MODULES = (
{lines}
)
'''


def main() -> int:
    from playwright.sync_api import sync_playwright

    from generator.fsutil import write_atomic
    from tests.web_support import CHROMIUM, CHROMIUM_ARGS

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check the list (exit 1 when it misses a module)")
    args = ap.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            version, modules = trace_stdlib(browser)
        finally:
            browser.close()
    if args.check:
        from generator.web import stdlib_keep

        missing = sorted(modules - set(stdlib_keep.MODULES))
        if missing or version != stdlib_keep.PYODIDE:
            print(
                f"generator/web/stdlib_keep.py misses: {', '.join(missing) or '-'} "
                f"(pyodide {stdlib_keep.PYODIDE}, traced {version})",
                file=sys.stderr,
            )
            return 1
        print(f"generator/web/stdlib_keep.py keeps all {len(modules)} traced modules")
        return 0
    write_atomic(KEEP_FILE, keep_source(version, modules).encode("utf-8"))
    print(f"{KEEP_FILE.relative_to(ROOT)}: {len(modules)} modules of pyodide {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
