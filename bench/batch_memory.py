"""Memory of one `playaid score` call over a batch of records: peak resident memory of the whole
process as the batch grows, text and JSON Lines. A batch is scored and printed one record at a
time, so the peak should stay flat. Prints figures, asserts nothing.

Run alone: .venv/bin/python bench/batch_memory.py [N ...]   (default 1,000 10,000 100,000;
`make bench` runs it after bench/build.py with 1,000 and 10,000). Records as in bench/startup.py
(generated RftG games, 2-5 players, 12 cards each, one JSON file each); output to /dev/null.
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


def figures(sizes=(1_000, 10_000)):
    """Rows ``(name, value, note)``, one at a time as measured: peak memory per batch size, text
    and --json."""
    env = {**os.environ, "PLAYAID_CACHE_DIR": tempfile.mkdtemp(prefix="playaid-bench-cache-")}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "records"
        folder.mkdir()
        batch_records(folder, 1)  # compile the rules into the cache first: not part of a batch
        subprocess.run([PLAYAID, "score", str(folder)], cwd=ROOT, env=env, capture_output=True)
        made = 1
        for n in sorted(sizes):
            batch_records(folder, n, start=made)
            made = n
            for how, extra in (("text", ["--plain"]), ("--json", ["--json"])):
                mb, seconds = peak_rss([PLAYAID, "score", str(folder), *extra], env)
                yield (f"playaid score, {n:,} records ({how})", f"{mb:.0f} MB",
                       f"peak resident memory; {seconds:.0f} s, {n / seconds:,.0f} records/s "
                       f"(load average {os.getloadavg()[0]:.1f})")


def main() -> None:
    sizes = tuple(int(a.replace(",", "")) for a in sys.argv[1:]) or (1_000, 10_000, 100_000)
    for name, value, note in figures(sizes):
        print(f"{name:<40}  {value:>7}  {note}", flush=True)


if __name__ == "__main__":
    main()
