"""Plain JSON read by the standard library's C parser where the line-aware YAML reader would read
it the same: a record written by a program (``json.dumps``, a JSON Lines file) costs a few
microseconds instead of libyaml's events and our composer (a batch of 10,000 spent half its time
there). `yaml_io.load_text` tries it first when asked (``lazy=True``) and reads the text the
line-aware way only when a place is wanted (`Located.settle`), or when this module declines.

It declines (returns `DECLINED`) whatever the two readers might read apart or the YAML reader
would refuse, so that a record it accepts is read exactly as before, problems included (none):

- a backslash (escapes: surrogate pairs, control characters written as ``\\u0000``), a tab,
  or white space between a key and its colon (libyaml reads a key that ends a line, or one
  more than 1,024 characters from its colon, as no key);
- what `json` refuses, and what it reads but YAML would not: a duplicate key (`json` keeps the
  last), ``NaN``/``Infinity``, an integer of more than `MAX_DIGITS` digits;
- a document that is not a mapping; nesting deeper than `MAX_DEPTH`; more than ``max_values``
  values (keys, scalars and collections, counted as the event reader counts them); a key longer
  than 1,000 characters.

The caller has already refused the characters YAML does not allow (`yaml_io._DISALLOWED`);
strict JSON allows no raw control character inside a string.
"""

from __future__ import annotations

import json
import re
from typing import Any

from generator.reader.yaml_events import MAX_DEPTH, MAX_DIGITS

#: What `plain_json` returns for a text it leaves to the line-aware reader.
DECLINED = object()
#: Longest key read here (libyaml looks 1,024 characters ahead for a key's colon).
_MAX_KEY = 1000
_REFUSED = re.compile(r'[\\\t]|"[ \r\n]+:')

class _Declined(Exception):
    pass


def _decline():
    raise _Declined


def _mapping(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):  # a duplicate key: the YAML reader says where
        raise _Declined
    return out


def _whole(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise _Declined
    return int(text)


_decode = json.JSONDecoder(object_pairs_hook=_mapping, parse_int=_whole, parse_constant=lambda name: _decline()).decode


def plain_json(text: str, max_values: int) -> Any:
    """The mapping ``text`` holds, read by `json`, or `DECLINED` (see the module docstring)."""
    if (text[:1] != "{" and text.lstrip(" \r\n")[:1] != "{") or _REFUSED.search(text):
        return DECLINED
    try:
        data = _decode(text)
    except (ValueError, _Declined, RecursionError):
        return DECLINED
    count = 0
    stack = [(data, 1)]
    while stack:  # values and depth as compose_events counts them
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return DECLINED
        count += 1
        if type(value) is dict:
            count += len(value)
            for key, item in value.items():
                if len(key) > _MAX_KEY:
                    return DECLINED
                if type(item) is dict or type(item) is list:
                    stack.append((item, depth + 1))
                else:
                    count += 1
        else:
            for item in value:
                if type(item) is dict or type(item) is list:
                    stack.append((item, depth + 1))
                else:
                    count += 1
    return DECLINED if count > max_values else data
