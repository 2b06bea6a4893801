"""Whole-process figures for the command line: start-up beside `python -c pass`, and one call
scoring a batch of records. Prints figures, asserts nothing.

Run alone: .venv/bin/python bench/startup.py   (`make bench` runs it after bench/build.py)

  1. python -c pass                                  (the floor)
  2. playaid --help                                  (target <= 0.10 s)
  3. playaid xia npc-roll --d20 12                   (target <= 0.10 s)
  4. playaid score examples/rftg-standard.yaml       (target <= 0.12 s)
  5. no-op playaid build                             (target <= 0.12 s and <= 5 % of a full build)
  6. playaid score on 1,000 records in one call      (target <= 2 s)
Each is the median of 5 runs after one warm-up run (which fills the compiled-rules cache).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PLAYAID = str(BIN / "playaid")


#: CPU seconds (user + system) of the last `median_seconds` call's median run: on a shared,
#: loaded machine wall time swells with the load, CPU time much less.
LAST_CPU = [0.0]


def median_seconds(cmd: list[str], runs: int = 5, env: dict | None = None) -> float:
    """Median wall time of ``cmd`` over ``runs`` runs, after one warm-up run; the median CPU
    time of the same runs is left in ``LAST_CPU[0]``."""
    import resource

    subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True)
    times, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    LAST_CPU[0] = statistics.median(cpus)
    return statistics.median(times)


def batch_records(folder: Path, count: int, start: int = 0, cards_each: int = 12) -> None:
    """Write generated RftG records ``start`` .. ``count - 1`` (2-5 players, ``cards_each`` cards
    each) into ``folder`` (``start``: to grow a batch already written)."""
    cards = []
    for path in sorted((ROOT / "content" / "rftg" / "cards").glob("*.yaml")):
        for line in path.read_text().splitlines():
            if line.startswith("  - name: "):
                cards.append(line.removeprefix("  - name: ").strip().strip('"'))
    rng = random.Random(11 + start)
    for i in range(start, count):
        players = [{"name": f"P{p}", "tableau": rng.sample(cards, cards_each), "chips": rng.randint(0, 12),
                    "goods": rng.randint(0, 3), "hand": rng.randint(0, 6)} for p in range(rng.randint(2, 5))]
        record = {"game": "rftg", "variant": "standard", "ended_by": "tableau", "players": players}
        (folder / f"game-{i:04d}.json").write_text(json.dumps(record))


def figures(full_build_seconds: float | None = None) -> list[tuple[str, str, str]]:
    """Rows ``(name, value, note)`` of the start-up figures (see the module docstring)."""
    env = {**os.environ, "PLAYAID_CACHE_DIR": tempfile.mkdtemp(prefix="playaid-bench-cache-")}
    load = os.getloadavg()[0]
    floor = median_seconds([sys.executable, "-c", "pass"], env=env)
    rows = [("python -c pass", f"{floor:.3f} s", f"the floor (CPU {LAST_CPU[0]:.3f} s; load average {load:.1f})")]
    for name, cmd, target in [
        ("playaid --help", [PLAYAID, "--help"], 0.10),
        ("playaid xia npc-roll --d20 12", [PLAYAID, "xia", "npc-roll", "--d20", "12"], 0.10),
        ("playaid score (one record)", [PLAYAID, "score", "examples/rftg-standard.yaml"], 0.12),
    ]:
        t = median_seconds(cmd, env=env)
        rows.append((name, f"{t:.3f} s", f"{t / floor:.1f} x python, CPU {LAST_CPU[0]:.3f} s "
                                         f"(target <= {target:.2f} s)"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        subprocess.run([PLAYAID, "build", "--out", str(out), "--quiet"], cwd=ROOT, env=env, capture_output=True)
        noop = median_seconds([PLAYAID, "build", "--out", str(out), "--quiet"], env=env)
        share = f", {noop / full_build_seconds:.1%} of a full build" if full_build_seconds else ""
        rows.append(("no-op playaid build (whole process)", f"{noop:.3f} s",
                     f"CPU {LAST_CPU[0]:.3f} s (target <= 0.12 s and <= 5 %{share})"))
        folder = Path(tmp) / "records"
        folder.mkdir()
        batch_records(folder, 1000)
        t = median_seconds([PLAYAID, "score", str(folder), "--json"], runs=3, env=env)
        rows.append(("playaid score, 1,000 records in one call", f"{t:.2f} s",
                     f"{1000 / t:,.0f} records/s incl. start-up, CPU {LAST_CPU[0]:.2f} s (target <= 2 s)"))
    return rows


def main() -> None:
    rows = figures()
    width = max(len(r[0]) for r in rows)
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>10}  {note}")


if __name__ == "__main__":
    main()
