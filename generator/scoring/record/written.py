"""A record's value in a message, as the record writes it: a user wrote YAML or JSON, so a
finding shows ``{card: X, vp: 2}``, ``[a, b]``, ``true`` and ``null``, never Python's
``{'card': 'X', 'vp': 2}``, ``['a', 'b']``, ``True`` or ``None``. Standard library only (the
scoring core runs in Pyodide).
"""

from __future__ import annotations

import json
import math
import re

#: Text YAML reads back as the same text when written without quotes, in a flow collection too:
#: it starts with a letter and holds no character YAML gives a meaning (``:``, ``#``, ``,``,
#: brackets, braces, quotes at the start).
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 _.+'()/&%*!?<>=~@$^|-]*")
#: Words YAML reads as true/false or null, not as text, so they need quotes to stay text.
_KEYWORDS = frozenset({"true", "false", "yes", "no", "on", "off", "y", "n", "null", "none"})
#: Longest value a message shows; the rest is cut to "...".
MOST = 40


def as_written(value) -> str:
    """``value`` in YAML flow style (JSON reads the same values): text plain when YAML reads it
    back as that text (``Old Earth``), else in double quotes (``"3"``, ``"Name: Part"``);
    ``true``/``false``; ``null``; ``{key: value, ...}``; ``[a, b]``; numbers as written
    (``2``, ``1.5``, ``.inf``). Not cut to length (see `shown`)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        plain = _PLAIN.fullmatch(value) and value == value.rstrip() and value.casefold() not in _KEYWORDS
        return value if plain else json.dumps(value, ensure_ascii=False)
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if value != value else ".inf" if value > 0 else "-.inf"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{as_written(k)}: {as_written(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(as_written(v) for v in value) + "]"
    return str(value)


def as_written_cut(value, most: int) -> str:
    """`as_written` of ``value`` cut to ``most`` characters (``...`` ends a longer one), built
    piece by piece and stopped once past ``most``: a list of 100,000 long texts costs what the
    first ``most`` characters cost, never the whole text."""
    out: list[str] = []
    size = 0
    for piece in _pieces(value, most):
        out.append(piece)
        size += len(piece)
        if size > most:
            text = "".join(out)
            return text[: most - 3] + "..."
    return "".join(out)


def _pieces(value, most: int):
    """`as_written` of ``value`` as pieces, in order ("".join of them is `as_written`), a text
    longer than ``most`` cut (to ``most + 1``, so it still reads as too long) before it is
    quoted."""
    if isinstance(value, dict):
        yield "{"
        for i, (k, v) in enumerate(value.items()):
            if i:
                yield ", "
            yield from _pieces(k, most)
            yield ": "
            yield from _pieces(v, most)
        yield "}"
    elif isinstance(value, (list, tuple)):
        yield "["
        for i, v in enumerate(value):
            if i:
                yield ", "
            yield from _pieces(v, most)
        yield "]"
    else:
        yield as_written(value[: most + 1] if isinstance(value, str) else value)


def shown(value, most: int = MOST) -> str:
    """``value`` as a finding names it: text in single quotes (``'Old Earth'``; with a character
    that cannot be printed, escaped: ``'a\\nb'``), anything else `as_written`; cut to ``most``
    characters (``...`` ends a longer one)."""
    if isinstance(value, str):
        text = f"'{value[: most + 1]}'" if value.isprintable() else repr(value)  # the rest is cut anyway
    else:
        return as_written_cut(value, most)
    return text if len(text) <= most else text[: most - 3] + "..."
