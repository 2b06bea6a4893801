"""Whole-process figures for the command line: start-up beside `python -c pass`, and one call
scoring a batch of records. Prints figures, asserts nothing.

Run alone: .venv/bin/python bench/startup.py [--baseline REF]   (`make bench` runs it after
bench/build.py)

  1. python -c pass                                  (the floor)
  2. playaid --help                                  (target <= 0.10 s)
  3. playaid xia npc-roll --d20 12                   (target <= 0.10 s)
  4. playaid score examples/rftg-standard.yaml       (target <= 0.12 s)
  5. no-op playaid build                             (target <= 0.12 s and <= 5 % of a full build)
  6. playaid score on 1,000 records in one call      (target <= 2 s)
Each is measured over 9 runs (3 for the batch) after one warm-up run (which fills the
compiled-rules cache and writes the bytecode).

Every figure is given for this tree and, in the same run, for the previous main
(`bench/baseline.py`: ``main`` from a branch, ``HEAD~1`` on main; ``--baseline REF`` for another,
``--baseline none`` for none). The two sides' runs alternate, so both share the machine's load.
Each figure is the median wall time and, in brackets, the least CPU time (user + system) of the
runs: on a busy machine wall times swell with the load, the least CPU time much less.
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
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PLAYAID = str(BIN / "playaid")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import checkout, default_ref, describe, env_for  # noqa: E402


class Side(NamedTuple):
    """One tree measured: its label, folder (the commands' working directory) and environment."""

    label: str
    tree: Path
    env: dict


def median_seconds(cmd: list[str], sides: list[Side], runs: int = 5) -> list[tuple[float, float] | None]:
    """Per side, (median wall seconds, least CPU seconds) of ``cmd`` over ``runs`` runs after
    one warm-up run (which fills the compiled-rules cache), the sides' runs alternating; None
    for a side whose warm-up run failed (exit code above 1)."""
    import resource

    def once(side: Side) -> tuple[float, float, int]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        code = subprocess.run(cmd, cwd=side.tree, env=side.env, capture_output=True).returncode
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, code

    working = [once(side)[2] in (0, 1) for side in sides]  # 1: a record with error findings
    samples: list[list[tuple[float, float]]] = [[] for _ in sides]
    for _ in range(runs):
        for i, side in enumerate(sides):
            if working[i]:
                samples[i].append(once(side)[:2])
    return [(statistics.median(w for w, _ in got), min(c for _, c in got)) if got else None for got in samples]


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
        players = [
            {
                "name": f"P{p}",
                "tableau": rng.sample(cards, cards_each),
                "chips": rng.randint(0, 12),
                "goods": rng.randint(0, 3),
                "hand": rng.randint(0, 6),
            }
            for p in range(rng.randint(2, 5))
        ]
        record = {"game": "rftg", "variant": "standard", "ended_by": "tableau", "players": players}
        (folder / f"game-{i:04d}.json").write_text(json.dumps(record))


def _shown(got: tuple[float, float] | None, digits: int = 3) -> str:
    return "failed" if got is None else f"{got[0]:.{digits}f} s (CPU {got[1]:.{digits}f})"


#: Runs of each short command (the batch: 3).
RUNS = 9


def sides_of(tree: Path | None, ref: str | None) -> list[Side]:
    """This tree, then the baseline's worktree ``tree`` when there is one."""
    sides = [Side("this tree", ROOT, env_for(ROOT))]
    if tree is not None:
        sides.append(Side(describe(ref), tree, env_for(tree)))
    return sides


def side_by_side(
    baseline: str | None = "default", full_build_seconds: float | None = None
) -> Iterator[tuple[str, list[str], str]]:
    """Rows ``(name, [figure per side], note)``, one at a time as measured: this tree first, then
    the baseline (`bench/baseline.py`; ``"default"``: `default_ref`, None: none). The first row
    (name "") holds the sides' labels."""
    ref = default_ref() if baseline == "default" else baseline
    with checkout(ref) as tree:
        sides = sides_of(tree, ref)
        yield "", [s.label for s in sides], f"load average {os.getloadavg()[0]:.1f}"
        floor = median_seconds([sys.executable, "-c", "pass"], sides[:1])[0]
        yield "python -c pass", [_shown(floor)] * len(sides), "the floor"
        for name, cmd, target in [
            ("playaid --help", [PLAYAID, "--help"], 0.10),
            ("playaid xia npc-roll --d20 12", [PLAYAID, "xia", "npc-roll", "--d20", "12"], 0.10),
            ("playaid score (one record)", [PLAYAID, "score", "examples/rftg-standard.yaml"], 0.12),
        ]:
            got = median_seconds(cmd, sides, RUNS)
            yield (
                name,
                [_shown(g) for g in got],
                (f"target <= {target:.2f} s" + (f"; this tree {got[0][0] / floor[0]:.1f} x python" if got[0] else "")),
            )
        with tempfile.TemporaryDirectory() as tmp:
            got = []
            for i, side in enumerate(sides):  # each side its own output folder, so one by one
                cmd = [PLAYAID, "build", "--out", str(Path(tmp) / f"out{i}"), "--quiet"]
                subprocess.run(cmd, cwd=side.tree, env=side.env, capture_output=True)
                got += median_seconds(cmd, [side], RUNS)
            share = (
                f"; this tree {got[0][0] / full_build_seconds:.1%} of a full build"
                if full_build_seconds and got[0]
                else ""
            )
            yield "no-op playaid build", [_shown(g) for g in got], f"target <= 0.12 s and <= 5 %{share}"
            folder = Path(tmp) / "records"
            folder.mkdir()
            batch_records(folder, 1000)
            got = median_seconds([PLAYAID, "score", str(folder), "--json"], sides, runs=3)
            yield (
                "playaid score, 1,000 records in one call",
                [_shown(g, 2) for g in got],
                ("target <= 2 s" + (f"; this tree {1000 / got[0][0]:,.0f} records/s incl. start-up" if got[0] else "")),
            )


def figures(full_build_seconds: float | None = None, baseline: str | None = "default") -> list[tuple[str, str, str]]:
    """Rows ``(name, value, note)`` of the start-up figures (see the module docstring): the value
    is this tree's, the note gives the baseline's beside it."""
    rows, labels = [], []
    for name, values, note in side_by_side(baseline, full_build_seconds):
        if not name:
            labels = values[1:]
            continue
        beside = [f"{label}: {value}" for label, value in zip(labels, values[1:])]
        rows.append((name, values[0], "; ".join([*beside, note])))
    return rows


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--baseline",
        default="default",
        metavar="REF",
        help="git ref measured beside this tree (default: main, or HEAD~1 on main; none: no baseline)",
    )
    args = ap.parse_args()
    for name, values, note in side_by_side(None if args.baseline == "none" else args.baseline):
        print(f"{name:<40}" + "".join(f"  {v:>22}" for v in values) + f"  {note}", flush=True)


if __name__ == "__main__":
    main()
