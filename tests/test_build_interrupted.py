"""A build that is killed or interrupted leaves no process behind (issue 22, item 3): its render
workers end with it, so a CI step reading its output through a pipe sees the end at once.

Before: after ``kill -9`` of the build's main process the two workers waited forever and the
pipe never closed; after Ctrl-C the build went on rendering every queued aid (32 s) before
stopping."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.paths import PROJECT_ROOT

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def alive(pid: int) -> bool:
    """True while ``pid`` is a process that has not ended (a zombie has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


#: Guards against a hang, never measures: each wait below ends on an event (workers started, an
#: aid written, the pipe closed, the workers gone), and only a build that never gets there fails
#: on these. A loaded machine (two suites at once on 2 CPUs) may take minutes to get there.
GUARD = 600


def waited(condition, what: str, build: subprocess.Popen | None = None) -> None:
    """Wait for ``condition()`` (checked every 50 ms); fails naming ``what`` after `GUARD` s, or
    at once when ``build`` ended first."""
    deadline = time.monotonic() + GUARD
    while not condition():
        assert build is None or build.poll() is None, build.communicate()
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def written(out: Path) -> set[str]:
    """The aids the build has written so far (``<paper>/<aid>``, its PDFs counted once)."""
    return {p.relative_to(out).as_posix().removesuffix(".pdf").removesuffix("-fillable") for p in out.rglob("*.pdf")}


def start_build(tmp_path: Path) -> tuple[subprocess.Popen, list[int]]:
    """A build of every aid with two workers, its output piped; returns once both workers
    exist and the first aid is written (rendering is under way)."""
    build = subprocess.Popen(
        [sys.executable, "-m", "generator", "build", "--jobs", "2", "--force", "--out", str(tmp_path / "out")],
        cwd=PROJECT_ROOT,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PLAYAID_CACHE_DIR": str(tmp_path / "cache")},
    )
    waited(lambda: len(children(build.pid)) >= 2, "the build started no workers", build)
    workers = children(build.pid)
    waited(lambda: written(tmp_path / "out"), "the build wrote no aid", build)
    return build, workers


def ended(build: subprocess.Popen) -> tuple[str, str]:
    """The build's output once its pipes close (every process holding them has ended)."""
    try:
        out, err = build.communicate(timeout=GUARD)
    except subprocess.TimeoutExpired:
        build.kill()
        raise
    return out.decode(), err.decode()


def test_kill_9_of_a_build_ends_its_workers_and_closes_its_output(tmp_path):
    build, workers = start_build(tmp_path)
    os.kill(build.pid, signal.SIGKILL)
    try:
        ended(build)  # the pipe stays open while any worker holds it: they waited forever
        waited(lambda: not any(alive(w) for w in workers), "a worker outlived the build")
    finally:
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)


def test_ctrl_c_stops_a_build_at_once_with_one_line(tmp_path):
    from generator.checks.load import load_content
    from generator.compile.plan import plan_aids

    planned = len(plan_aids(load_content(PROJECT_ROOT / "content")))
    build, workers = start_build(tmp_path)
    out = tmp_path / "out"
    # frozen while the aids written so far are counted, so the count is the one Ctrl-C meets
    os.killpg(build.pid, signal.SIGSTOP)
    before = written(out)
    os.killpg(build.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
    os.killpg(build.pid, signal.SIGCONT)
    try:
        _, err = ended(build)
        assert build.returncode == 130
        assert err == "interrupted\n"  # no traceback from the workers
        assert [w for w in workers if alive(w)] == []
        # it stopped at once: at most the aid it was writing, not every queued one (32 s of them)
        after = written(out)
        assert planned - len(before) > 2 and len(after - before) <= 1, (planned, sorted(before), sorted(after))
    finally:
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)


# The fallback where the kernel cannot be asked: a thread in the worker watches its parent.
FALLBACK = """
import os, sys, time
from generator.pipeline import worker_lifetime
worker_lifetime._kernel_kills_us = lambda: False
worker_lifetime.POLL_SECONDS = 0.05
parent = os.getpid()
child = os.fork()
if child == 0:
    worker_lifetime.die_with_parent(parent)
    time.sleep(60)
    os._exit(3)
print(child, flush=True)
os._exit(0)
"""


def test_without_prctl_a_thread_ends_the_worker_when_its_parent_dies():
    done = subprocess.run(
        [sys.executable, "-c", FALLBACK], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=30
    )
    child = int(done.stdout)
    try:
        waited(lambda: not alive(child), "the worker outlived its parent")
    finally:
        if alive(child):
            os.kill(child, signal.SIGKILL)
