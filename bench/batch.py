"""A batch costs what its scoring costs: `playaid score` over 10,000 RftG records, beside the
scoring core's in-process rate on the same records, for this tree and the previous main in one
run. Prints figures, asserts nothing.

Run: .venv/bin/python bench/batch.py [--records N] [--baseline REF]   (default 10,000; the
baseline as in bench/startup.py: main from a branch, HEAD~1 on main, ``none`` for none)

The records are `bench/scoring.py`'s (every variant, 2-5 players, tableaux dealt from the whole
card database), written once as one YAML file each (block style, as a table types them) and as
one JSON Lines file (and as one JSON file each). Figures:

  1. in process: `Pad.parse` + `Pad.score` of every record (this tree's core), records/s in
     CPU time: what the batch is measured against (target: the batch at least half of it);
  2. `playaid score FOLDER --json` and `--plain` over the YAML files, `--json` over the same
     records as JSON files, and `playaid score FILE.jsonl --json`, whole process, output to
     /dev/null: records/s in CPU time (user + system), with its share of figure 1 (this tree's
     in-process rate, for both sides), and wall clock, and peak resident memory.
     A tree that cannot read JSON Lines says "failed".
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(1, str(ROOT))

from baseline import checkout, default_ref, describe, env_for  # noqa: E402

PLAYAID = str(Path(sys.executable).parent / "playaid")


def write_records(folder: Path, count: int) -> tuple[Path, Path, Path, float, float]:
    """``count`` records as YAML files under ``folder``/yaml, as JSON files under ``folder``/json
    and as ``folder``/games.jsonl; also the in-process rates (records/s in CPU time) of this
    tree's core on them: scored, and checked + scored."""
    import json

    import yaml

    from generator.checks.load import load_content
    from generator.compile.compile_rules import compile_rules
    from generator.scoring.game_pad import pad_for

    from scoring import _rftg_records

    pad = pad_for(compile_rules(load_content(ROOT / "content"))["games"]["rftg"])
    records = _rftg_records(pad, count, random.Random(7))
    files = folder / "yaml"
    files.mkdir()
    for i, record in enumerate(records):
        (files / f"game-{i:05d}.yaml").write_text(
            yaml.safe_dump(record, sort_keys=False, allow_unicode=True), encoding="utf-8"
        )
    as_json = folder / "json"
    as_json.mkdir()
    for i, record in enumerate(records):
        (as_json / f"game-{i:05d}.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    lines = folder / "games.jsonl"
    with open(lines, "w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    gc.collect()
    gc.freeze()
    cpu = time.process_time()
    parsed = [pad.parse(r) for r in records]
    checked = time.process_time() - cpu
    cpu = time.process_time()
    for record in parsed:
        pad.score(record)
    scored = time.process_time() - cpu
    gc.unfreeze()
    return files, as_json, lines, count / scored, count / (checked + scored)


def run(cmd: list[str], cwd: Path, env: dict) -> tuple[float, float, float, int]:
    """(wall s, CPU s, peak resident MB, exit code) of ``cmd``, its output thrown away."""
    start = time.perf_counter()
    with open(os.devnull, "w") as sink:
        proc = __import__("subprocess").Popen(cmd, cwd=cwd, env=env, stdout=sink, stderr=sink)
        _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def side_by_side(n: int = 10_000, baseline: str | None = "default"):
    """Rows ``(name, [figure per side], note)``, one at a time as measured: this tree first, then
    the baseline (as in bench/startup.py). The first row (name "") holds the sides' labels."""
    ref = default_ref() if baseline == "default" else baseline
    with tempfile.TemporaryDirectory() as tmp, checkout(ref) as tree:
        files, as_json, lines, scored, checked = write_records(Path(tmp), n)
        sides = [("this tree", ROOT)] + ([(describe(ref), tree)] if tree is not None else [])
        envs = [env_for(where) for _, where in sides]
        yield "", [label for label, _ in sides], f"{n:,} RftG records; load average {os.getloadavg()[0]:.1f}"
        yield (
            f"in process, {n:,} records (this tree's core)",
            [f"{scored:,.0f}/s scored"],
            f"CPU time; {checked:,.0f}/s checked + scored; half of scored: {scored / 2:,.0f}/s (the target)",
        )
        one = str(files / "game-00000.yaml")
        for (_, where), env in zip(sides, envs):  # compile the rules and write the bytecode first
            run([PLAYAID, "score", one], where, env)
        for name, cmd in [
            (f"score FOLDER --json, {n:,} YAML files", [PLAYAID, "score", str(files), "--json"]),
            (f"score FOLDER --plain, {n:,} YAML files", [PLAYAID, "score", str(files), "--plain"]),
            (f"score FOLDER --json, {n:,} JSON files", [PLAYAID, "score", str(as_json), "--json"]),
            (f"score FILE.jsonl --json, {n:,} lines", [PLAYAID, "score", str(lines), "--json"]),
        ]:
            cells = []
            for (_, where), env in zip(sides, envs):
                wall, cpu, mb, code = run(cmd, where, env)
                cells.append(
                    "failed"
                    if code > 1
                    else f"{n / cpu:,.0f}/s CPU ({cpu / n * 1e6:.0f} us, {n / cpu / scored:.0%}), "
                    f"{n / wall:,.0f}/s wall, {mb:.0f} MB"
                )
            yield (
                name,
                cells,
                (
                    "records/s in CPU time (us a record, and the share of the in-process rate: "
                    "the target is 50 %), wall clock; peak resident memory"
                ),
            )


def figures(n: int = 10_000, baseline: str | None = "default"):
    """Rows ``(name, value, note)`` for bench/build.py: this tree's figure, the baseline's in the
    note."""
    labels: list[str] = []
    for name, values, note in side_by_side(n, baseline):
        if not name:
            labels = values[1:]
            continue
        beside = [f"{label}: {value}" for label, value in zip(labels, values[1:])]
        yield name, values[0], "; ".join([*beside, note])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=lambda a: int(a.replace(",", "")), default=10_000)
    ap.add_argument(
        "--baseline",
        default="default",
        metavar="REF",
        help="git ref measured beside this tree (default: main, or HEAD~1 on main; none: none)",
    )
    args = ap.parse_args()
    for name, values, note in side_by_side(args.records, None if args.baseline == "none" else args.baseline):
        print(f"{name:<42}" + "".join(f"  {v:>44}" for v in values) + f"  {note}", flush=True)


if __name__ == "__main__":
    main()
