"""Benchmark: `playaid watch`, from saving an edit to one card's text to that text being in the
card's PDF. Prints figures, asserts nothing.

Runs the real command (`python -m generator watch`) on a copy of the content, as a user would,
waits for its first build, then saves small edits to the Frontier Game Summary's front and polls
the PDF's text (pypdfium2) until the new word is in it. Run alone:
    .venv/bin/python bench/watch_latency.py [--edits N]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EDITED = Path("rftg") / "rules" / "frontier-summary.yaml"
PDF = Path("a4") / "rftg-frontier-summary.pdf"
SENTENCE = re.compile(r"Each deck has its own(?: \w+)? discard pile")
TARGET_S = 1.5


def _pdf_text(path: Path) -> str:
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(str(path))
    except Exception:  # mid-replace or not there yet
        return ""
    try:
        return " ".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def edit_to_pdf(edits: int = 5, timeout_s: float = 30.0) -> list[float]:
    """Seconds from each save to the new word in the PDF, for ``edits`` saves in a row."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        content, out = tmp / "content", tmp / "out"
        shutil.copytree(ROOT / "content", content)
        watcher = subprocess.Popen(
            [sys.executable, "-m", "generator", "watch", "--content", str(content), "--out", str(out)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        ready = threading.Event()

        def read_output():
            for line in watcher.stdout:
                if line.startswith("watching"):
                    ready.set()

        threading.Thread(target=read_output, daemon=True).start()
        try:
            if not ready.wait(300):
                raise SystemExit("playaid watch did not start within 300 s")
            time.sleep(1.0)
            rules = content / EDITED
            seconds = []
            for n in range(edits):
                word = f"Benchword{n}"
                text = SENTENCE.sub(f"Each deck has its own {word} discard pile", rules.read_text())
                start = time.perf_counter()
                rules.write_text(text)
                while word not in _pdf_text(out / PDF):
                    if time.perf_counter() - start > timeout_s:
                        raise SystemExit(f"edit {n} not in {PDF} after {timeout_s:g} s")
                    time.sleep(0.01)
                seconds.append(time.perf_counter() - start)
                time.sleep(1.0)  # let the build finish its bookkeeping before the next save
            return seconds
        finally:
            watcher.terminate()
            watcher.wait(10)


def figures(edits: int = 5) -> list[tuple[str, str, str]]:
    """Rows for bench/build.py: median and slowest save-to-PDF time."""
    seconds = edit_to_pdf(edits)
    median = statistics.median(seconds)
    return [
        (
            "watch: edit to PDF (one card's text)",
            f"{median:.2f} s",
            f"median of {len(seconds)} saves, slowest {max(seconds):.2f} s, first "
            f"{seconds[0]:.2f} s (target <= {TARGET_S:g} s)",
        )
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=5, help="saves to time")
    args = parser.parse_args()
    for name, value, note in figures(args.edits):
        print(f"{name}  {value}  {note}")


if __name__ == "__main__":
    main()
