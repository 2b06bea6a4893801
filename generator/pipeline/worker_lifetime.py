"""Render workers end with the build that started them.

A build renders in forked worker processes. When its main process dies without shutting the
pool down (``kill -9``, the out-of-memory killer), the workers would wait for work forever,
holding the build's standard output open: a CI step reading it through a pipe would hang with
them. Each worker therefore asks the kernel to kill it when its parent dies (Linux
``prctl(PR_SET_PDEATHSIG, SIGKILL)``); where that is not available, a thread in the worker
checks once a second that its parent is still the one that started it.

Ctrl-C reaches every process of the terminal's process group: workers ignore it and the build
stops them (`generator.pipeline.build._run`), so an interrupted build prints one line, not a
traceback per worker, and leaves no process.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

#: ``PR_SET_PDEATHSIG`` from <linux/prctl.h>: the signal a process gets when its parent dies.
PR_SET_PDEATHSIG = 1
#: How often the fallback thread looks at the parent (seconds).
POLL_SECONDS = 1.0


def die_with_parent(parent: int) -> None:
    """Arrange for this process to end as soon as process ``parent`` (its parent's pid, read by
    the parent before forking) ends; a `ProcessPoolExecutor` initializer. If the parent is
    already gone (it died before this ran), end now. Also ignores Ctrl-C (SIGINT): the parent
    decides. Never raises."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _kernel_kills_us():
        if os.getppid() != parent:  # the parent died between the fork and the prctl
            os._exit(1)
        return
    threading.Thread(target=_watch, args=(parent,), name="playaid-parent-watch", daemon=True).start()


def _kernel_kills_us() -> bool:
    """Ask Linux to send SIGKILL when the parent dies; False where that cannot be done."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    """End the process once its parent is no longer ``parent`` (re-parented to init or a
    sub-reaper: the parent died)."""
    while True:
        if os.getppid() != parent:
            os._exit(1)
        time.sleep(POLL_SECONDS)
