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


def start_build(tmp_path: Path) -> tuple[subprocess.Popen, list[int]]:
    """A build of every aid with two workers, its output piped; returns once both render."""
    build = subprocess.Popen([sys.executable, "-m", "generator", "build", "--jobs", "2", "--force",
                              "--out", str(tmp_path / "out")], cwd=PROJECT_ROOT, start_new_session=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "PLAYAID_CACHE_DIR": str(tmp_path / "cache")})
    deadline = time.monotonic() + 120
    while len(workers := children(build.pid)) < 2:
        assert build.poll() is None, build.communicate()
        assert time.monotonic() < deadline, "the build started no workers"
        time.sleep(0.05)
    time.sleep(1)  # let them start rendering
    return build, workers


def ended_within(build: subprocess.Popen, seconds: float) -> tuple[str, str]:
    """The build's output once its pipes close, which must be within ``seconds``."""
    try:
        out, err = build.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        build.kill()
        raise
    return out.decode(), err.decode()


def test_kill_9_of_a_build_ends_its_workers_and_closes_its_output(tmp_path):
    build, workers = start_build(tmp_path)
    os.kill(build.pid, signal.SIGKILL)
    try:
        ended_within(build, 10)  # the pipe stays open while any worker holds it
        deadline = time.monotonic() + 5
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [w for w in workers if alive(w)] == []
    finally:
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)


def test_ctrl_c_stops_a_build_at_once_with_one_line(tmp_path):
    build, workers = start_build(tmp_path)
    os.killpg(build.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
    try:
        _, err = ended_within(build, 15)  # it rendered every queued aid first: 32 s
        assert build.returncode == 130
        assert err == "interrupted\n"  # no traceback from the workers
        assert [w for w in workers if alive(w)] == []
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
    done = subprocess.run([sys.executable, "-c", FALLBACK], cwd=PROJECT_ROOT, capture_output=True,
                          text=True, timeout=30)
    child = int(done.stdout)
    deadline = time.monotonic() + 5
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert not alive(child)
    finally:
        if alive(child):
            os.kill(child, signal.SIGKILL)
