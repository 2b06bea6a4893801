"""The one file the scoring engine (``engine-worker.js``) loads besides Pyodide: ``data/engine.json``.

One fetch instead of one per Python file, and what the worker needs to start Pyodide without
fetching anything else::

    {"version": "<16 hex digits>",        # sha256 of everything below: names a memory snapshot
     "pyodide": {"version": "314.0.7",    # the runtime the snapshot was made with
                 "lock": {"info": {...}, "packages": {}}},   # `packages.pyodide_lock`
     "python": {"generator/__init__.py": "<source>", ...},  # the scoring and rules search cores
     "rules": {...},                      # the compiled rules (`generator.compile.compile_rules`)
     "selftest": [{"record": {...}, "report": {...}}, ...]} # one example per game, with the
                                          # report this build's own core gives for it

The worker checks ``selftest`` before it says ready: a Python started from scratch or restored
from a memory snapshot must give these reports exactly, or it is not used (a snapshot is then
thrown away and Python started from scratch).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from generator.paths import DATA_ROOT, PACKAGE_DIR

#: The example records (in a checkout; an installed playaid carries them too, see setup.py).
EXAMPLES_DIR = DATA_ROOT / "examples"


def core_python_files(package_dir: Path = PACKAGE_DIR) -> list[tuple[Path, str]]:
    """The cores as the browser imports them: ``generator/__init__.py``, every
    ``generator/scoring/**/*.py`` and ``generator/rulesearch/**/*.py``, and the engine's own
    glue, `generator.web.worker` (all standard library only), as (source, ``generator/...`` path)."""
    files = (
        [package_dir / "__init__.py"]
        + sorted((package_dir / "scoring").rglob("*.py"))
        + sorted((package_dir / "rulesearch").rglob("*.py"))
        + [package_dir / "web" / "__init__.py", package_dir / "web" / "worker.py"]
    )
    return [(p, p.relative_to(package_dir.parent).as_posix()) for p in files]


def selftest_cases(rules: dict, examples: Path = EXAMPLES_DIR) -> list[dict]:
    """``[{"record", "report"}]``: the first example record (by file name) of each ``game:``
    the rules can score, with the report the scoring core gives for it here. Examples that do not
    read cleanly are skipped; no examples folder gives no cases (the worker then checks nothing)."""
    from generator.reader.yaml_io import load_file
    from generator.scoring import api

    cases, seen = [], set()
    for path in sorted(examples.glob("*.yaml")) if examples.is_dir() else []:
        located, problems = load_file(path)
        record = located.data if located is not None and not problems else None
        game = record.get("game") if isinstance(record, dict) else None
        if game in seen or game not in api.record_games(rules):
            continue
        seen.add(game)
        cases.append({"record": record, "report": api.score(record, rules)})
    return cases


def engine_bundle(rules: dict, pyodide_version: str, pyodide_lock: dict) -> dict:
    """The ``data/engine.json`` object (see the module docstring)."""
    body = {
        "pyodide": {"version": pyodide_version, "lock": pyodide_lock},
        "python": {rel: src.read_text(encoding="utf-8") for src, rel in core_python_files()},
        "rules": rules,
        "selftest": selftest_cases(rules),
    }
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return {"version": hashlib.sha256(text.encode()).hexdigest()[:16], **body}
