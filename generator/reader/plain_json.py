"""Plain JSON read by the standard library's C parser where the line-aware YAML reader would read
it the same: a record written by a program (``json.dumps``, a JSON Lines file) costs a few
microseconds instead of libyaml's events and our composer (a batch of 10,000 spent half its time
there). `yaml_io.load_text` tries it first when asked (``lazy=True``); the places a report names
are found in the text when asked (`JsonPlaces`), and the text is read the line-aware way only
when this module declines it.

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

from generator.reader.core_schema import MAX_DIGITS
from generator.reader.limits import MAX_DEPTH

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
_TOO_LONG = 10**MAX_DIGITS


_decode = json.JSONDecoder(object_pairs_hook=_mapping, parse_constant=lambda name: _decline()).decode


def plain_json(text: str, max_values: int) -> Any:
    """The mapping ``text`` holds, read by `json`, or `DECLINED` (see the module docstring)."""
    if (
        (text[:1] != "{" and text.lstrip(" \r\n")[:1] != "{")
        or "\\" in text
        or "\t" in text
        or _SPACED_KEY.search(text)
    ):
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


_SPACE = re.compile(r"[ \r\n]*")  # JSON's white space in a text plain_json read (it declined tabs)
_skip = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # one value read at an index
_string = json.decoder.scanstring  # type: ignore[attr-defined]  # a string's text and its end


def _past(text: str, at: int) -> int:
    """The index of the first character at or after ``at`` that is not JSON's white space."""
    found = _SPACE.match(text, at)
    return found.end() if found else at


def lone_return(text: str) -> bool:
    """True when ``text`` holds a carriage return that ends no line (libyaml counts it as a line
    break: such a text's places are read line-aware, not by `JsonPlaces`)."""
    return "\r" in text and text.replace("\r\n", "").count("\r") > 0


class JsonPlaces:
    """The places of a JSON text `plain_json` read (without a lone carriage return:
    `lone_return`), found when asked (`position`): each mapping or list on the way to a place
    asked for is read once, its members' places kept (`_members`), every other value stepped
    over by the C scanner. A report names a few places; reading them all (a tokenizer's pass in
    Python) cost ten times more."""

    def __init__(self, text: str, line_offset: int = 0):
        self.text = text
        self.first_line = 1 + line_offset
        self._read: dict[int, Any] = {}  # index of a { or [ -> its members' places

    def _members(self, at: int) -> Any:
        """For the mapping at index ``at``: key -> (index of its key, index of its value); for
        the list there: the index of each item."""
        got = self._read.get(at)
        if got is not None:
            return got
        text = self.text
        space = " \r\n"  # JSON's white space (plain_json declined tabs), skipped inline: the hot loop
        cursor = at + 1
        while text[cursor] in space:
            cursor += 1
        if text[at] == "{":
            got = {}
            while text[cursor] == '"':
                name, end = _string(text, cursor + 1)
                while text[end] in space:
                    end += 1
                end += 1  # the colon
                while text[end] in space:
                    end += 1
                got[name] = (cursor, end)
                end = _skip(text, end)[1]
                while text[end] in space:
                    end += 1
                if text[end] != ",":
                    break
                cursor = end + 1
                while text[cursor] in space:
                    cursor += 1
        else:
            got = []
            if text[cursor] != "]":
                while True:
                    got.append(cursor)
                    end = _skip(text, cursor)[1]
                    while text[end] in space:
                        end += 1
                    if text[end] != ",":
                        break
                    cursor = end + 1
                    while text[cursor] in space:
                        cursor += 1
        self._read[at] = got
        return got

    def position(self, path: tuple, prefer_key: bool = False) -> tuple[int, int]:
        """The (line, column) `Located.position` gives for ``path`` from the line-aware reader's
        places (`yaml_events.compose_events`): the place of the deepest part of ``path`` the
        text holds, at its key when ``prefer_key`` and it is a key of a mapping."""
        text = self.text
        at = _past(text, 0)  # the value reached: first the document's mapping
        key_at = -1  # its key's place (-1: an item of a list, or the document)
        for part in path:
            head = text[at]
            if head == "{":
                if type(part) is not str:
                    break
                found = self._members(at).get(part)
                if found is None:
                    break
                key_at, at = found
            elif head == "[":
                items = self._members(at)
                if not isinstance(part, int) or not 0 <= part < len(items):
                    break
                key_at, at = -1, items[part]
            else:
                break
        place = key_at if prefer_key and key_at >= 0 else at
        line_start = text.rfind("\n", 0, place) + 1
        return self.first_line + text.count("\n", 0, place), place - line_start + 1
