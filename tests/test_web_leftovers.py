"""`playaid web` killed mid-write left its temporary folder (14 MB) beside the site for good;
the next `playaid web` removes what a dead run left, and nothing else (issue 22, item 7)."""

from __future__ import annotations

import os
import subprocess
import sys

from generator.web.site import remove_leftovers


def _dead_pid() -> int:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True
    )
    return int(done.stdout)


def test_what_a_killed_run_left_is_removed_and_nothing_else(tmp_path):
    out = tmp_path / "web"
    out.mkdir()
    (out / "index.html").write_text("the site")
    dead = _dead_pid()
    left = [tmp_path / f".web.{dead}.k2j_x9a.tmp", tmp_path / f".web.old-{dead}"]
    for folder in left:
        (folder / "pyodide").mkdir(parents=True)
        (folder / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0" * 1000)
    running = tmp_path / f".web.{os.getpid()}.abc.tmp"  # a write going on in this process
    running.mkdir()
    keep = [running, tmp_path / ".web.notes", tmp_path / ".other.123.abc.tmp", tmp_path / "web-old"]
    for folder in keep[1:]:
        folder.mkdir()
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / "precious").write_text("keep")
    link = tmp_path / f".web.{dead}.lnk.tmp"
    link.symlink_to(target)  # a link is never followed or removed
    assert sorted(remove_leftovers(out)) == sorted(left)
    assert not any(p.exists() for p in left)
    assert all(p.is_dir() for p in keep) and (target / "precious").read_text() == "keep"
    assert link.is_symlink() and (out / "index.html").read_text() == "the site"
