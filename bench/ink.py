"""Ink of the built aids: what `--ink low-ink` saves over `--ink colour`, for this tree and, in the
same run, for the previous main. Prints figures, asserts nothing.

Run alone: .venv/bin/python bench/ink.py [--baseline REF] [--paper a4|letter]

Ink is the mean darkness of the rendered pages (`tests.print_quality.ink_coverage`: PDFium, grey,
50 dpi; 0 % white paper .. 100 % solid black), per aid (card sheets, page aids, the printable
forms; not the fillable copies), then averaged over the aids. The issue's targets: low ink never
above colour on any aid, and at least 20 % less on average.

The previous main (`bench/baseline.py`: ``main`` from a branch, ``HEAD~1`` on main; ``--baseline
REF`` for another, ``--baseline none`` for none) is built with this tree's environment.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from tests.print_quality import ink_coverage  # noqa: E402

from baseline import checkout, default_ref, describe, env_for  # noqa: E402

INKS = ("colour", "low-ink")


def build(tree: Path, out: Path, paper: str, ink: str) -> Path | None:
    """Build every aid of ``tree`` into ``out``; the folder of its PDFs, or None on failure."""
    cmd = [str(BIN / "playaid"), "build", "--paper", paper, "--ink", ink, "--out", str(out), "-q", "--force"]
    done = subprocess.run(cmd, cwd=tree, env=env_for(tree), capture_output=True, text=True)
    if done.returncode != 0:
        print(f"  build failed in {tree} ({ink}): {(done.stderr or done.stdout).strip()[-300:]}")
        return None
    return out / paper


def measure(folder: Path | None) -> dict[str, float]:
    """Ink per aid (0-1) of the printable PDFs in ``folder``."""
    if folder is None:
        return {}
    return {p.stem: ink_coverage(p) for p in sorted(folder.glob("*.pdf")) if not p.name.endswith("-fillable.pdf")}


def side(tree: Path, paper: str, work: Path) -> dict[str, dict[str, float]]:
    return {ink: measure(build(tree, work / ink, paper, ink)) for ink in INKS}


def saving(colour: float | None, low: float | None) -> str:
    if not colour or low is None:
        return "–"
    return f"{100 * (1 - low / colour):+.1f} %"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--baseline", default=None, help="git ref to compare with (default: previous main; none: no comparison)"
    )
    parser.add_argument("--paper", default="a4", choices=["a4", "letter"])
    args = parser.parse_args()
    ref = None if args.baseline == "none" else (args.baseline or default_ref())

    with tempfile.TemporaryDirectory(prefix="playaid-ink-") as tmp:
        tmp = Path(tmp)
        here = side(ROOT, args.paper, tmp / "this")
        with checkout(ref) as tree:
            before = side(tree, args.paper, tmp / "base") if tree else {ink: {} for ink in INKS}
        label = describe(ref) if ref else "none"
        aids = sorted(set(here["colour"]) | set(before["colour"]))
        print(f"Ink (mean darkness of the pages, {args.paper}): colour, low-ink and what low-ink saves")
        print(f"{'aid':34} {'this tree':>28}   {label:>28}")
        print(f"{'':34} {'colour':>8} {'low-ink':>8} {'saves':>10}   {'colour':>8} {'low-ink':>8} {'saves':>10}")

        def cell(value):
            return f"{100 * value:7.2f}%" if value is not None else f"{'–':>8}"

        for aid in aids:
            row = []
            for figures in (here, before):
                c, low = figures["colour"].get(aid), figures["low-ink"].get(aid)
                row.append(f"{cell(c)} {cell(low)} {saving(c, low):>10}")
            print(f"{aid:34} {row[0]}   {row[1]}")
        for name, figures in (("this tree", here), (label, before)):
            pairs = [
                (figures["colour"][a], figures["low-ink"][a]) for a in figures["colour"] if a in figures["low-ink"]
            ]
            if not pairs:
                continue
            mean_saving = statistics.mean(1 - low / colour for colour, low in pairs)
            worse = [
                a for a in figures["colour"] if a in figures["low-ink"] and figures["low-ink"][a] > figures["colour"][a]
            ]
            print(
                f"{name}: mean ink {100 * statistics.mean(c for c, _ in pairs):.2f} % colour, "
                f"{100 * statistics.mean(low for _, low in pairs):.2f} % low ink; low ink saves "
                f"{100 * mean_saving:.1f} % on average; aids where low ink uses more: {len(worse)}"
                + (f" ({', '.join(worse)})" if worse else "")
            )


if __name__ == "__main__":
    main()
