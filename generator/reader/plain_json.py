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
_SPACED_KEY = re.compile(r'"[ \r\n]+:')  # (one pattern with the two characters below costs 7 times more)

class _Declined(Exception):
    pass


def _decline():
    raise _Declined


def _mapping(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):  # a duplicate key: the YAML reader says where
        raise _Declined
    return out


#: The least integer of more than `MAX_DIGITS` digits.
_TOO_LONG = 10 ** MAX_DIGITS


_decode = json.JSONDecoder(object_pairs_hook=_mapping, parse_constant=lambda name: _decline()).decode


def plain_json(text: str, max_values: int) -> Any:
    """The mapping ``text`` holds, read by `json`, or `DECLINED` (see the module docstring)."""
    if ((text[:1] != "{" and text.lstrip(" \r\n")[:1] != "{") or "\\" in text or "\t" in text
            or _SPACED_KEY.search(text)):
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
            if max(map(len, value), default=0) > _MAX_KEY:
                return DECLINED
            value = value.values()
        for item in value:
            kind = type(item)
            if kind is dict or kind is list:
                stack.append((item, depth + 1))
            else:
                count += 1
                if kind is int and not -_TOO_LONG < item < _TOO_LONG:
                    return DECLINED
    return DECLINED if count > max_values else data


# One token of a JSON text `plain_json` read: a key with its colon (no white space between:
# it declined that), a string (no escapes: it declined them), a bracket, or a number or
# literal. Commas and colons match nothing: a list's index is counted, a map's key read.
_TOKEN = re.compile(r'"[^"]*":?|[{}\[\]]|[^\s{}\[\],:"]+')


def json_places(text: str, line_offset: int = 0) -> tuple[dict, dict] | None:
    """``(marks, key_marks)`` of a text `plain_json` read, as `yaml_events.compose_events`
    gives them (path -> 1-based (line, column) of each value and of each key), from one pass of
    a tokenizer instead of libyaml's events. None for a text with a carriage return that ends
    no line (libyaml counts it as a line break; the caller reads such a text line-aware)."""
    if "\r" in text and text.replace("\r\n", "").count("\r"):
        return None
    marks: dict = {}
    key_marks: dict = {}
    first = 1 + line_offset
    line, line_start = first, 0
    newline = text.find("\n")
    stack: list[list] = []  # open collections: [path, is a mapping, its key or next index]
    frame = None
    for match in _TOKEN.finditer(text):
        start = match.start()
        if newline != -1 and newline < start:
            while newline != -1 and newline < start:
                line, line_start = line + 1, newline + 1
                newline = text.find("\n", line_start)
        token = match.group()
        head = token[0]
        if head == "}" or head == "]":
            stack.pop()
            frame = stack[-1] if stack else None
            continue
        if frame is None:
            path = ()
        elif frame[1]:
            if token[-1] == ":" and head == '"' and len(token) > 1 and frame[2] is None:
                frame[2] = token[1:-2]
                key_marks[frame[0] + (frame[2],)] = (line, start - line_start + 1)
                continue
            path = frame[0] + (frame[2],)
            frame[2] = None
        else:
            path = frame[0] + (frame[2],)
            frame[2] += 1
        marks[path] = (line, start - line_start + 1)
        if head == "{":
            frame = [path, True, None]
            stack.append(frame)
        elif head == "[":
            frame = [path, False, 0]
            stack.append(frame)
    marks.setdefault((), (first, 1))
    return marks, key_marks
