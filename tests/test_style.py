"""The checks a contributor expects, run by `make test` as CI runs them: ruff's linter and mypy,
both configured in pyproject.toml and pinned in its ``[test]`` extras, must be clean. A failure
shows the tool's own report (file:line: code message), as if the command had been typed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *command], cwd=REPO, capture_output=True, text=True, errors="replace")


def _report(proc: subprocess.CompletedProcess) -> str:
    return f"`{' '.join(proc.args[2:])}` exited {proc.returncode}:\n{proc.stdout}{proc.stderr}"


def test_ruff_check_is_clean():
    """Every Python file in the tree (generator, tests, bench, tools): pyproject's rule set."""
    proc = _run("ruff", "check", "--no-fix", "--output-format", "concise")
    assert proc.returncode == 0, _report(proc)


def test_mypy_is_clean():
    """The whole package (pyproject's ``files``), with the pydantic plugin. Its cache is
    ``.mypy_cache/``: a second run checks only what changed (about 1 s; 10 s or so cold)."""
    proc = _run("mypy")
    assert proc.returncode == 0, _report(proc)


def test_ruff_format_is_clean():
    """Every Python file as `ruff format` writes it (pyproject's [tool.ruff.format]); run
    ``ruff format`` to fix."""
    proc = _run("ruff", "format", "--check")
    assert proc.returncode == 0, _report(proc)
