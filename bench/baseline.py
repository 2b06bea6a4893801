"""The previous main beside this tree, for whole-process figures side by side in one run (so both
share the machine's load): a temporary detached git worktree of a ref, run with this tree's
virtual environment and its own ``generator`` package first on ``PYTHONPATH``.

`default_ref` is ``main`` when this tree's HEAD is not main (a branch is measured against the
main it would land on), else ``HEAD~1`` (main against the main before its last commit). A ref
that needs packages this environment lacks fails in its rows, said there, not as a crash.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _git(*args: str) -> str | None:
    out = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    return out.stdout.strip() if out.returncode == 0 else None


def default_ref() -> str | None:
    """``main`` unless HEAD is main, then ``HEAD~1``; None outside a git clone."""
    head, main = _git("rev-parse", "HEAD"), _git("rev-parse", "--verify", "-q", "main")
    if head is None:
        return None
    return "main" if main and main != head else "HEAD~1"


def describe(ref: str) -> str:
    """``ref`` and its short commit, e.g. ``main (b3b536b)``."""
    short = _git("rev-parse", "--short", ref) or "?"
    return ref if ref.startswith(short) else f"{ref} ({short})"


@contextlib.contextmanager
def checkout(ref: str | None) -> Iterator[Path | None]:
    """A temporary worktree of ``ref`` (removed afterwards), or None when ``ref`` is None or
    cannot be checked out."""
    if ref is None:
        yield None
        return
    tree = Path(tempfile.mkdtemp(prefix="playaid-baseline-"))
    made = (
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree), ref], capture_output=True
        ).returncode
        == 0
    )
    try:
        yield tree if made else None
    finally:
        if made:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)
        shutil.rmtree(tree, ignore_errors=True)


def env_for(tree: Path, cache: Path | None = None) -> dict:
    """The environment that runs ``tree``'s playaid with this virtual environment: its folder
    first on PYTHONPATH, a compiled-rules cache of its own, and bytecode written (the warm-up
    run writes it, as a user's first run does)."""
    cache = cache or Path(tempfile.mkdtemp(prefix="playaid-bench-cache-"))
    env = {**os.environ, "PYTHONPATH": str(tree), "PLAYAID_CACHE_DIR": str(cache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as a user runs it: compiled once, then from __pycache__
    return env
