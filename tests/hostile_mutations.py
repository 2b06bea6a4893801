"""Hypothesis strategies that mutate YAML files the way a careless or hostile author would: text
edits (YAML syntax characters, control characters, anchors and aliases, deep brackets, huge
numbers, broken bytes) and value edits (any node replaced by a value of another type).
Used by test_hostile_property.py."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from generator.reader.yaml_io import load_text

#: Pieces a mutation inserts: YAML syntax, aliases, control and odd characters, long values.
PIECES = [
    "&",
    "*",
    "&a ",
    "*a",
    "&a [*a]",
    "[",
    "]",
    "{",
    "}",
    ":",
    ": ",
    ",",
    "- ",
    "? ",
    "!",
    "!!binary ",
    "!!python/object:os.system ",
    "|",
    ">",
    "'",
    '"',
    "#",
    "%YAML 1.1\n",
    "---\n",
    "...\n",
    "<<: ",
    "\t",
    "\n",
    "\n  ",
    "  ",
    "\x00",
    "\x1b",
    "\x7f",
    "\u2028",
    "\ufeff",
    "é",
    "🂡",
    "\\x00",
    '"\\x00"',
    "9" * 5000,
    "-" + "9" * 40,
    "1e400",
    ".nan",
    "0x1F",
    "0o17",
    "2026-13-45",
    "yes",
    "null",
    "~",
    "[" * 200,
    "{a: " * 100,
    "- " * 100,
    "x" * 2000,
]

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["rftg", "xia-campaign", "invasion", "standard", "Old Earth", "", " ", "9" * 5000]),
)
VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)),
    max_leaves=12,
)


@st.composite
def text_edits(draw, base: str) -> str:
    """``base`` with 1 to 4 edits: a piece inserted, a span deleted, a line doubled or dropped,
    or the text cut short."""
    text = base
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "insert", "delete", "double", "drop", "cut"]))
        at = draw(st.integers(0, len(text)))
        if op == "insert":
            text = text[:at] + draw(st.sampled_from(PIECES) | st.text(max_size=5)) + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)) :]
        elif op in ("double", "drop"):
            lines = text.splitlines(keepends=True) or [""]
            i = draw(st.integers(0, len(lines) - 1))
            lines[i : i + 1] = [lines[i]] * (2 if op == "double" else 0)
            text = "".join(lines)
        else:
            text = text[:at]
    return text


def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _paths(value, prefix + (i,))
    return out


@st.composite
def value_edits(draw, base: str) -> str:
    """``base`` parsed, one to three of its values (or keys' values) replaced by any value, and
    written back as JSON (which is YAML)."""
    located, _ = load_text(base, "base.yaml")
    data = located.data
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)))
        new = draw(VALUES)
        if not path:
            data = new
            continue
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        parent[path[-1]] = new
    return json.dumps(data, default=str, allow_nan=True)


def mutations(base: str):
    """Text edits, value edits, or broken bytes of ``base``: str or bytes to write to a file."""
    broken = st.builds(
        lambda text, at, junk: text.encode()[:at] + junk + text.encode()[at:],
        text_edits(base),
        st.integers(0, len(base)),
        st.sampled_from([b"\xff", b"\xe9", b"\xc3", b"\xed\xa0\x80", b"\x00"]),
    )
    return st.one_of(text_edits(base), text_edits(base), value_edits(base), broken)
