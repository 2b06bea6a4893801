"""Session-wide rules and fixtures of the test suite.

Fixtures every test module may use without importing them: the web scorer built from content
(``site``), a local server for it (``server``) and headless Chromium (``browser``), each made once
per test process, and one page on the site per module (``api_page``) (tests/web_support.py).

Tests write only to temporary folders:

- The compiled-rules cache goes to a temporary folder of the session (unless PLAYAID_CACHE_DIR is
  already set), not to ~/.cache/playaid, and its signing key to another (PLAYAID_CONFIG_DIR),
  not to ~/.config/playaid.
- The project's output/ folder (what `make aids` builds) must come out of a test run as it went
  in: the run fails naming any file a test wrote or changed there (web screenshots and saved
  records used to land in it). Checked once, by the process that runs the session (with xdist,
  the controller).
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import tempfile
from pathlib import Path

from tests.web_support import api_page, browser, server, site  # noqa: F401 (fixtures)

OUTPUT = Path(__file__).resolve().parents[1] / "output"

# A suite started in the background by a shell without job control (`cmd &` in a script) inherits
# Ctrl-C ignored, and so would every playaid it starts: the tests that press Ctrl-C would then see
# it ignored. A handler here (not SIG_IGN) makes each child start with the default again.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def _snapshot() -> dict[str, tuple[int, int]]:
    """{path under output/: (size, mtime in ns)} of every file there."""
    files = {}
    for path in OUTPUT.rglob("*") if OUTPUT.is_dir() else ():
        try:
            if path.is_file():
                stat = path.stat()
                files[path.relative_to(OUTPUT).as_posix()] = (stat.st_size, stat.st_mtime_ns)
        except OSError:
            continue
    return files


def pytest_configure(config):
    if not os.environ.get("PLAYAID_CACHE_DIR"):
        folder = tempfile.mkdtemp(prefix="playaid-test-cache-")
        atexit.register(shutil.rmtree, folder, True)
        os.environ["PLAYAID_CACHE_DIR"] = folder  # inherited by xdist's workers
    if not os.environ.get("PLAYAID_CONFIG_DIR"):  # the cache's signing key, outside the cache folder
        folder = tempfile.mkdtemp(prefix="playaid-test-config-")
        atexit.register(shutil.rmtree, folder, True)
        os.environ["PLAYAID_CONFIG_DIR"] = folder
    if not hasattr(config, "workerinput"):
        config._playaid_output = _snapshot()


def pytest_sessionfinish(session, exitstatus):
    before = getattr(session.config, "_playaid_output", None)
    if before is None:
        return
    after = _snapshot()
    written = sorted(p for p, stat in after.items() if before.get(p) != stat)
    if written:
        session.config._playaid_written = written
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    # printed here, beside the short test summary at the end, so `make test | tail` shows it
    written = getattr(config, "_playaid_written", None)
    if written:
        shown = "\n  ".join(f"output/{p}" for p in written[:20])
        more = f"\n  ... and {len(written) - 20} more" if len(written) > 20 else ""
        terminalreporter.write_line(
            f"FAILED: tests wrote into the project's output/ folder (use tmp_path):\n  {shown}{more}", red=True
        )
