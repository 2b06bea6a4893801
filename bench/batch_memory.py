"""Memory of one `playaid score` call over a batch of records: peak resident memory of the whole
process as the batch grows, text and JSON Lines. A batch is scored and printed one record at a
time, so the peak should stay flat. Prints figures, asserts nothing.

Run alone: .venv/bin/python bench/batch_memory.py [N ...] [--cards C]   (default: 1,000 10,000
100,000 records, 12 cards a player; `make bench` runs it after bench/build.py with 1,000 and
10,000). Records as in bench/startup.py (generated RftG games, 2-5 players, one JSON file each);
output to /dev/null. --cards 2 makes each record quicker to score, for 100,000 on a busy machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import PLAYAID, ROOT, batch_records  # noqa: E402


def peak_rss(cmd: list[str], env: dict) -> tuple[float, float]:
    """(peak resident memory in MB, wall seconds) of ``cmd``, its output thrown away."""
    start = time.perf_counter()
    with open(os.devnull, "w") as sink:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=sink, stderr=sink)
        _pid, _status, usage = os.wait4(proc.pid, 0)
    return usage.ru_maxrss / 1024, time.perf_counter() - start  # ru_maxrss: kB on Linux


def figures(sizes=(1_000, 10_000), cards_each: int = 12):
    """Rows ``(name, value, note)``, one at a time as measured: peak memory per batch size, text
    and --json."""
    env = {**os.environ, "PLAYAID_CACHE_DIR": tempfile.mkdtemp(prefix="playaid-bench-cache-")}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "records"
        folder.mkdir()
        batch_records(folder, 1, cards_each=cards_each)  # compile the rules into the cache first: not part of a batch
        subprocess.run([PLAYAID, "score", str(folder)], cwd=ROOT, env=env, capture_output=True)
        made = 1
        for n in sorted(sizes):
            batch_records(folder, n, start=made, cards_each=cards_each)
            made = n
            for how, extra in (("text", ["--plain"]), ("--json", ["--json"])):
                mb, seconds = peak_rss([PLAYAID, "score", str(folder), *extra], env)
                yield (
                    f"playaid score, {n:,} records of {cards_each} cards a player ({how})",
                    f"{mb:.0f} MB",
                    f"peak resident memory; {seconds:.0f} s, {n / seconds:,.0f} records/s "
                    f"(load average {os.getloadavg()[0]:.1f})",
                )


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sizes", nargs="*", type=lambda a: int(a.replace(",", "")), default=[1_000, 10_000, 100_000])
    ap.add_argument("--cards", type=int, default=12, help="cards in each player's tableau (fewer: faster)")
    args = ap.parse_args()
    for name, value, note in figures(tuple(args.sizes), args.cards):
        print(f"{name:<40}  {value:>7}  {note}", flush=True)


if __name__ == "__main__":
    main()
