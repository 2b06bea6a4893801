"""Declared types of facts: a small type language and the check that a value conforms to it.

A fact's ``type`` is one of::

    integer | number | text | boolean          scalars (booleans are not integers here)
    list[T]                                   a list of T
    map[K, T]                                 a mapping with keys K (integer or text) to T
    {name: T, other: T}                       a record: exactly these keys

e.g. ``integer`` (a d20 face, with ``range: [1, 20]``), ``map[integer, list[integer]]`` (defense
awards by player count), ``map[text, {cost: list[integer], defense: list[integer]}]``.
A ``range: [low, high]`` on the fact bounds every number in the value (not mapping keys).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from generator.errors import short_repr

SCALARS = ("integer", "number", "text", "boolean")


@dataclass(frozen=True)
class FactType:
    """A parsed type: ``kind`` in SCALARS | list | map | record; ``key``/``item`` for list and
    map; ``fields`` (name, type) pairs for a record."""

    kind: str
    item: FactType | None = None
    key: str | None = None
    fields: tuple[tuple[str, FactType], ...] = ()

    def __str__(self) -> str:
        if self.kind == "list":
            return f"list[{self.item}]"
        if self.kind == "map":
            return f"map[{self.key}, {self.item}]"
        if self.kind == "record":
            return "{" + ", ".join(f"{n}: {t}" for n, t in self.fields) + "}"
        return self.kind


_TOKEN = re.compile(r"\s*(?:([A-Za-z_][A-Za-z0-9_+#-]*)|(.))")


@lru_cache(maxsize=256)
def parse_type(text: str) -> FactType:
    """Parse a type expression; raises ValueError naming what was expected and where."""
    tokens = [
        (m.group(1) or m.group(2), m.start(1) if m.group(1) else m.start(2))
        for m in _TOKEN.finditer(text)
        if (m.group(1) or m.group(2))
    ]
    pos = 0

    def peek():
        return tokens[pos][0] if pos < len(tokens) else None

    def take(expected: str | None = None) -> str:
        nonlocal pos
        if pos >= len(tokens):
            raise ValueError(
                f"type '{text}' ends early: expected {expected or 'a type'} "
                f"(write e.g. integer, list[integer], map[integer, integer])"
            )
        tok, at = tokens[pos]
        if expected is not None and tok != expected:
            raise ValueError(f"type '{text}': expected '{expected}' at character {at + 1}, found '{tok}'")
        pos += 1
        return tok

    def one() -> FactType:
        tok = take()
        if tok in SCALARS:
            return FactType(tok)
        if tok == "list":
            take("[")
            item = one()
            take("]")
            return FactType("list", item=item)
        if tok == "map":
            take("[")
            key = take()
            if key not in ("integer", "text"):
                raise ValueError(f"type '{text}': map keys are integer or text, not '{key}'")
            take(",")
            item = one()
            take("]")
            return FactType("map", item=item, key=key)
        if tok == "{":
            fields = []
            while True:
                name = take()
                if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", name):
                    raise ValueError(f"type '{text}': '{name}' is not a field name")
                take(":")
                fields.append((name, one()))
                if peek() == ",":
                    take(",")
                    continue
                take("}")
                return FactType("record", fields=tuple(fields))
        raise ValueError(
            f"type '{text}': unknown type '{tok}' (use integer, number, text, boolean, "
            f"list[T], map[K, T] or {{name: T}})"
        )

    result = one()
    if pos != len(tokens):
        raise ValueError(f"type '{text}': unexpected '{tokens[pos][0]}' at character {tokens[pos][1] + 1}")
    return result


def conformance(
    value: Any, ftype: FactType, bounds: tuple[float, float] | None = None, path: tuple = ()
) -> list[tuple[tuple, str]]:
    """Every way ``value`` breaks ``ftype`` or ``bounds``: a list of (path inside the value,
    message); empty when the value conforms."""

    def is_int(v):
        return isinstance(v, int) and not isinstance(v, bool)

    kind = ftype.kind
    if kind == "integer":
        if not is_int(value):
            return [(path, f"{short_repr(value, 60)} is not an integer")]
    elif kind == "number":
        if not (is_int(value) or isinstance(value, float)):
            return [(path, f"{short_repr(value, 60)} is not a number")]
    elif kind == "text":
        return [] if isinstance(value, str) else [(path, f"{short_repr(value, 60)} is not text")]
    elif kind == "boolean":
        return [] if isinstance(value, bool) else [(path, f"{short_repr(value, 60)} is not true or false")]
    elif kind == "list":
        assert ftype.item is not None  # parse_type gives every list and map its item type
        if not isinstance(value, list):
            return [(path, f"{short_repr(value, 60)} is not a list")]
        return [p for i, v in enumerate(value) for p in conformance(v, ftype.item, bounds, path + (i,))]
    elif kind == "map":
        assert ftype.item is not None
        if not isinstance(value, dict):
            return [(path, f"{short_repr(value, 60)} is not a mapping")]
        out = []
        for k, v in value.items():
            if ftype.key == "integer" and not is_int(k):
                out.append((path + (k,), f"key {short_repr(k, 60)} is not an integer"))
            elif ftype.key == "text" and not isinstance(k, str):
                out.append((path + (k,), f"key {short_repr(k, 60)} is not text (quote it)"))
            out.extend(conformance(v, ftype.item, bounds, path + (k,)))
        return out
    elif kind == "record":
        if not isinstance(value, dict):
            return [(path, f"{short_repr(value, 60)} is not a mapping")]
        names = [n for n, _ in ftype.fields]
        out = [(path + (k,), f"'{k}' is not a field of {ftype}") for k in value if k not in names]
        out += [(path, f"field '{n}' is missing (type {ftype})") for n in names if n not in value]
        for name, item in ftype.fields:
            if name in value:
                out.extend(conformance(value[name], item, bounds, path + (name,)))
        return out
    if bounds is not None and kind in ("integer", "number") and not bounds[0] <= value <= bounds[1]:
        return [(path, f"{short_repr(value, 60)} is outside the declared range {bounds[0]:g}..{bounds[1]:g}")]
    return []
