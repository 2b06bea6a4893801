"""Terminal styling, decided in one place: ``playaid --color auto|always|never`` and the
``NO_COLOR`` convention (https://no-color.org: set and not empty, it turns styling off).

"Styling" is every escape sequence: colour, bold, dim, italic, progress bars. ``never`` prints
what a pipe gets; ``always`` styles even into a pipe or file; ``auto`` (the default) styles only
a terminal. The option beats the environment, as the convention asks.
"""

from __future__ import annotations

import os

CHOICES = ("auto", "always", "never")
_CHOSEN: list[str | None] = [None]


def choose(value: str | None) -> None:
    """Record the ``--color`` option (None when not given)."""
    _CHOSEN[0] = value


def mode() -> str:
    """``always``, ``never`` or ``auto``: the option when given, else ``never`` when NO_COLOR is
    set and not empty, else ``auto``."""
    if _CHOSEN[0] is not None:
        return _CHOSEN[0]
    return "never" if os.environ.get("NO_COLOR") else "auto"


def styled(stream) -> bool:
    """Whether output to ``stream`` (sys.stdout, sys.stderr) may carry escape sequences."""
    chosen = mode()
    if chosen != "auto":
        return chosen == "always"
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False
