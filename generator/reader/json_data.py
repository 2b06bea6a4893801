"""YAML values as JSON and back, exactly: for the content cache, which must be plain data.

YAML gives more than JSON holds: mapping keys that are not text (``{1: 11, 2: 11}``), dates,
times and non-finite floats. Every JSON object in the encoding is a one-key tag, so decoding is
unambiguous:

- ``None``, ``bool``, ``int``, ``str``, finite ``float``: as themselves;
- list: a JSON array;
- mapping: ``{"m": [[key, value], ...]}`` (keys and values encoded the same way);
- ``datetime.date`` / ``datetime.datetime``: ``{"d": "2026-11-29"}`` / ``{"t": "<ISO 8601>"}``;
- ``nan``, ``inf``, ``-inf``: ``{"f": "nan"}`` ...

`decode` refuses anything else (`ValueError`), including nesting deeper than ``max_depth``:
a cache file is read like any other file a user could have written.
"""

from __future__ import annotations

import datetime
import math
from typing import Any

_PLAIN = (str, int, type(None))  # bool is an int
_JSON_SCALARS = frozenset((str, int, float, bool, type(None)))  # as json.loads makes them


def encode(value: Any) -> Any:
    """``value`` (what `yaml_io` builds) as JSON-ready data; `ValueError` for other types."""
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {"f": repr(value)}
    if isinstance(value, list):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {"m": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, datetime.datetime):
        return {"t": value.isoformat()}
    if isinstance(value, datetime.date):
        return {"d": value.isoformat()}
    raise ValueError(f"cannot store a {type(value).__name__} in the cache")


def decode(data: Any, max_depth: int) -> Any:
    """The value `encode` was given. Raises `ValueError` for data it cannot have written."""
    if type(data) in _JSON_SCALARS:
        return data
    if max_depth <= 0:
        raise ValueError("nested too deep")
    if type(data) is list:
        return [item if type(item) in _JSON_SCALARS else decode(item, max_depth - 1) for item in data]
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError(f"unexpected {type(data).__name__}")
    ((tag, inner),) = data.items()
    if tag == "m" and isinstance(inner, list):
        out = {}
        for pair in inner:
            if not isinstance(pair, list) or len(pair) != 2:
                raise ValueError("a mapping entry is not a [key, value] pair")
            key = decode(pair[0], max_depth - 1)
            if isinstance(key, (list, dict)):
                raise ValueError("a mapping key is not a plain value")
            out[key] = decode(pair[1], max_depth - 1)
        return out
    if not isinstance(inner, str):
        raise ValueError(f"tag {tag!r} does not hold text")
    if tag == "d":
        return datetime.date.fromisoformat(inner)
    if tag == "t":
        return datetime.datetime.fromisoformat(inner)
    if tag == "f" and inner in ("nan", "inf", "-inf"):
        return float(inner)
    raise ValueError(f"unknown tag {tag!r}")
