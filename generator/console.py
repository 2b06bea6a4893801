"""The `playaid` console script's entry point: loads the command line (`generator.cli`) with
Ctrl-C already meaning "stop quietly" (exit 130), so an interrupt while Python is still importing
click and the commands prints no traceback. Once loaded, Ctrl-C is Python's KeyboardInterrupt
again, which the commands handle (``serve`` and ``watch`` stop, a build keeps its finished PDFs).
"""

import _signal  # `signal` without its enum wrappers: importing those is itself a window for Ctrl-C
import sys

#: Exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


def _stop_quietly(_signum, _frame):
    raise SystemExit(INTERRUPTED)


def main() -> None:
    """Run ``playaid`` (`generator.cli.main`); exit 130, printing nothing but "interrupted",
    when Ctrl-C comes at any point."""
    previous = _signal.signal(_signal.SIGINT, _stop_quietly)
    try:
        from generator.cli import main as cli_main
    finally:
        _signal.signal(_signal.SIGINT, previous)
    try:
        cli_main()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED)
