"""Plain block YAML read line by line, where libyaml's events and our composer would read it the
same: a record typed at the table (``key: value`` lines, ``- item`` lists, comments) costs a
tenth of the event reader's time (a batch of 10,000 YAML records spent most of its time in the
events), and `playaid score` of such a record loads no YAML library at all. `yaml_io.load_text`
tries it for records (after `plain_json`) and reads the text with libyaml whenever this module
declines (returns `DECLINED`).

It reads a small subset of YAML, with the places (`Located.marks`, ``key_marks``) the event reader
gives, and declines everything else, so that a record it accepts is read exactly as before,
problems included (none):

- block mappings whose keys are plain words (``[A-Za-z_][A-Za-z0-9_-]*``, not ``true``, ``null``
  ...), each followed by ``:`` and a space or the end of the line; block sequences (``- ``),
  also ``- key: value`` and a list written at its key's own indentation;
- scalars on one line: plain, read by the YAML 1.2 core schema as `yaml_events` reads them, or
  text quoted whole (single quotes, or double quotes without escapes); flow mappings and
  sequences of plain scalars written whole on one line (``{card: X, damaged: true}``);
- whole-line comments and `` #`` comments after a value; blank lines; ``\\r\\n`` line ends.

Declined: a tab, a backslash, a quote that does not hold a whole value, nested or multi-line
flow collections, anchors, aliases, tags, block scalars, directives and document markers (any of
``"{}[]&*!|>%@`` and a backquote in a plain value), a ``:`` or ``#`` inside a plain value, a
``'``, ``?`` or ``,`` that starts one, a value on the next line (a multi-line scalar), an empty
value, a lone carriage return or a byte-order mark, indentation that matches no open collection,
a duplicate key, a document that is not a mapping or does not start at column 1, an integer of
more than `MAX_DIGITS` digits, a line over 1,000 characters, nesting deeper than `MAX_DEPTH`, more
than ``max_values`` values (counted as the event reader counts them).

The caller has already refused the characters YAML does not allow (`yaml_io._DISALLOWED`).
"""

from __future__ import annotations

import re
from typing import Any

from generator.reader.core_schema import _CONSTRUCT, _INT, _STR, MAX_DIGITS, _core_tag
from generator.reader.limits import MAX_DEPTH
from generator.reader.plain_json import DECLINED  # one mark for a text left to the event reader

# A key of a block mapping: a plain word, its colon, then a space or the end of the line.
_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*):(?: +|\Z)")
# What no value this module reads may hold (the indicators of quoting, flow collections, anchors,
# aliases, tags, block scalars and directives; a colon and a hash, which may end or comment it).
_ODD = re.compile(r"[\"{}\[\]&*!|>%@`\\#:]")
#: Longest line read here (libyaml reads a key only within 1,024 characters of its colon).
_MAX_LINE = 1000

#: The core schema's words (null, true/false in the spec's spellings) -> their values.
_WORDS = {
    "~": None,
    "null": None,
    "Null": None,
    "NULL": None,
    "true": True,
    "True": True,
    "TRUE": True,
    "false": False,
    "False": False,
    "FALSE": False,
}
_NUMERIC_START = frozenset("0123456789+-.")


def _scalar(text: str) -> Any:
    """The value of a plain scalar ``text`` (non-empty, checked by the caller), by the core
    schema as `yaml_events` constructs it; `DECLINED` for an integer too long to read."""
    if text in _WORDS:
        return _WORDS[text]
    if text[0] not in _NUMERIC_START:
        return text
    tag = _core_tag(text)
    if tag == _STR:
        return text
    if tag == _INT and len(text) > MAX_DIGITS:
        return DECLINED
    return _CONSTRUCT[tag](text)


def _value_ok(text: str) -> bool:
    """True when ``text`` (a value after its key or dash, comment and trailing spaces removed)
    is a plain scalar read here."""
    head = text[0]
    if head == "'" or head == "?" or head == "," or head == "~" and len(text) > 1:
        return False
    if head == "-" and (len(text) == 1 or text[1] not in "0123456789."):
        return False
    return _ODD.search(text) is None


def _block_scalar(text: str) -> Any:
    """The value of a scalar written after a key or a dash: plain (`_value_ok`, `_scalar`), or
    quoted whole, in single quotes (``''`` for a quote) or in double quotes without escapes:
    text whatever it holds (``'Galactic Survey: SETI'``); `DECLINED` for anything else."""
    head = text[0]
    if head == "'":
        inner = text[1:-1]
        if len(text) < 2 or text[-1] != "'" or "'" in inner.replace("''", ""):
            return DECLINED
        return inner.replace("''", "'")
    if head == '"':
        inner = text[1:-1]
        if len(text) < 2 or text[-1] != '"' or '"' in inner or "\\" in inner:
            return DECLINED
        return inner
    if not _value_ok(text):
        return DECLINED
    return _scalar(text)


def _flow(text: str, column: int, line_number: int, path: tuple, marks: dict, key_marks: dict) -> Any:
    """``(collection, values)`` of a flow mapping or sequence of plain scalars written whole on
    one line (``{card: Spice World, damaged: true}``, ``[Goal 1, Goal 2]``), ``text`` starting
    at 0-based ``column`` of line ``line_number``, its places put in ``marks``/``key_marks``; or
    `DECLINED` (nested, a trailing or doubled comma, a key without its ``: `` and value, a
    value as `_value_ok` declines it, a duplicate key)."""
    is_map = text[0] == "{"
    if text[-1] != ("}" if is_map else "]"):
        return DECLINED
    out: Any = {} if is_map else []
    marks[path] = (line_number, column + 1)
    inner = text[1:-1]
    if not inner.strip(" "):
        return out, 1
    count = 1
    offset = column + 1
    for element in inner.split(","):
        body = element.lstrip(" ")
        start = offset + len(element) - len(body)
        offset += len(element) + 1
        body = body.rstrip(" ")
        if not body:
            return DECLINED
        if is_map:
            found = _KEY.match(body)
            if found is None or found.end() == len(body):
                return DECLINED
            key = found.group(1)
            if key in _WORDS or key in out:
                return DECLINED
            sub = path + (key,)
            key_marks[sub] = (line_number, start + 1)
            body, start = body[found.end() :], start + found.end()
            count += 1
        else:
            sub = path + (len(out),)
        if not _value_ok(body):
            return DECLINED
        value = _scalar(body)
        if value is DECLINED:
            return DECLINED
        marks[sub] = (line_number, start + 1)
        count += 1
        if is_map:
            out[key] = value
        else:
            out.append(value)
    return out, count


def _plain(text: str) -> Any:
    """The value of a plain scalar ``text`` in a text that holds none of `_ODD`'s characters:
    what `_value_ok` and `_scalar` give, checked in the order that costs least for the usual
    value (a name, a card, a count); `DECLINED` as they decline."""
    if ":" in text:
        return DECLINED
    head = text[0]
    if head not in _SPECIAL_START:
        return text if text not in _WORDS else _WORDS[text]
    if text in _WORDS:
        return _WORDS[text]
    if head == "-" and (len(text) == 1 or text[1] not in "0123456789."):
        return DECLINED
    if head in "?,~":
        return DECLINED
    if text.isdigit() and text.isascii():
        return int(text) if len(text) <= MAX_DIGITS else DECLINED
    return _scalar(text)


#: First characters of a plain value that `_plain` looks at twice (numbers, and the indicators
#: a plain value may not start with).
_SPECIAL_START = frozenset("0123456789+-.?,~")
#: Characters that make a text go the careful way, line by line and value by value (comments,
#: quotes, flow collections, and what `_ODD` declines).
_CAREFUL = re.compile(r"[\"'{}\[\]&*!|>%@`\\#]")


def plain_yaml(text: str, max_values: int, line_offset: int = 0) -> tuple[Any, dict, dict] | Any:
    """``(data, marks, key_marks)`` of ``text`` as `yaml_events.compose_events` reads it (path ->
    1-based (line, column) of each value and of each key), or `DECLINED` (see the module
    docstring).

    The loop is the hot path of a batch of YAML records (~70 lines each): the innermost open
    collection lives in local variables, the others on a stack; a text with no comment, quote or
    flow collection (`_CAREFUL`) has its values read by `_plain` without a pattern."""
    if "\r" in text:
        if text.count("\r") != text.count("\r\n"):
            return DECLINED
        text = text.replace("\r\n", "\n")
    if "\t" in text or "\ufeff" in text:
        return DECLINED
    careful = _CAREFUL.search(text) is not None
    marks: dict = {}
    key_marks: dict = {}
    key_match = _KEY.match
    plain = _plain
    # the innermost open collection: its indentation, whether a mapping, itself, its path, and
    # (a mapping's) the key whose value is a collection on the next lines; the enclosing ones
    # are saved on the stack
    indent_, is_map, pending = -1, True, None
    container: Any = None
    path: tuple = ()
    stack: list[tuple] = []
    data: Any = None
    values = 0
    number = line_offset
    lines = text.split("\n")
    last = len(lines)
    at = 0  # the next line's index
    while at < last:
        line = lines[at]
        at += 1
        number += 1
        content = line.lstrip(" ")
        if not content or content[0] == "#":
            continue
        if len(line) > _MAX_LINE:
            return DECLINED
        indent = len(line) - len(content)
        if careful:
            cut = content.find(" #")
            if cut != -1:
                content = content[:cut]
        content = content.rstrip(" ")
        # what the line is: an item of a sequence (its column, the rest) or a key line
        if content[0] == "-" and (len(content) == 1 or content[1] == " "):
            item = True
            rest = content[1:].lstrip(" ")
            if not rest:
                return DECLINED  # an empty item, or a nested block after it
            column = indent + len(content) - len(rest)
        else:
            item = False
            rest, column = content, indent
        while indent_ > indent:  # close what this line's indentation ends
            if pending is not None:
                return DECLINED  # a key with no value
            indent_, is_map, container, path, pending = stack.pop()
        if container is None:  # the first line: the document's mapping
            if item or indent or data is not None:
                return DECLINED
            indent_, container = 0, {}
            data = container
            marks[()] = (number, 1)
            values += 1
        if pending is not None:  # a mapping's key waits for this nested collection
            if indent == indent_ and not item:
                return DECLINED  # the key has no value
            if len(stack) + 1 >= MAX_DEPTH:
                return DECLINED
            sub = path + (pending,)
            child: Any = [] if item else {}
            container[pending] = child
            marks[sub] = (number, indent + 1)
            values += 1
            stack.append((indent_, is_map, container, path, None))
            indent_, is_map, container, path, pending = indent, not item, child, sub, None
        elif indent_ != indent:
            return DECLINED  # deeper than the open collection: a continued value or a stray line
        elif is_map == item:
            if is_map or not stack or stack[-1][0] != indent:
                return DECLINED
            # a list written at its key's indentation ends; the mapping goes on
            indent_, is_map, container, path, pending = stack.pop()
        if item:
            sub = path + (len(container),)
            found = key_match(rest) if ":" in rest else None
            if found is None:
                head = rest[0]
                if careful and (head == "{" or head == "["):
                    if len(stack) + 1 >= MAX_DEPTH:
                        return DECLINED
                    flow = _flow(rest, column, number, sub, marks, key_marks)
                    if flow is DECLINED:
                        return DECLINED
                    value, count = flow
                    values += count
                else:
                    value = _block_scalar(rest) if careful else plain(rest)
                    if value is DECLINED:
                        return DECLINED
                    marks[sub] = (number, column + 1)
                    values += 1
                container.append(value)
                # the items after it written as it is (a tableau's cards): read here, a line
                # each; any other line (a comment, another spacing, a key) goes the whole way
                start = line[:column]
                while at < last:
                    line = lines[at]
                    if not line.startswith(start) or len(line) > _MAX_LINE:
                        break
                    rest = line[column:]
                    if (
                        not rest
                        or rest[0] == " "
                        or rest[-1] == " "
                        or ":" in rest
                        or careful
                        and _CAREFUL.search(rest)
                    ):
                        break
                    value = plain(rest)
                    if value is DECLINED:
                        return DECLINED
                    at += 1
                    number += 1
                    marks[path + (len(container),)] = (number, column + 1)
                    container.append(value)
                    values += 1
                continue
            if len(stack) + 1 >= MAX_DEPTH:
                return DECLINED
            child = {}
            container.append(child)
            marks[sub] = (number, column + 1)
            values += 1
            stack.append((indent_, is_map, container, path, None))
            indent_, is_map, container, path = column, True, child, sub
        else:
            found = key_match(rest)
            if found is None:
                return DECLINED
        key = found.group(1)
        if key in container or key in _WORDS:
            return DECLINED  # a duplicate, or a key read as null or true/false
        sub = path + (key,)
        key_marks[sub] = (number, column + 1)
        values += 1
        end = found.end()
        if end == len(rest):
            pending = key
            continue
        value_text = rest[end:]
        head = value_text[0]
        if not careful:
            value = plain(value_text)
            if value is DECLINED:
                return DECLINED
            marks[sub] = (number, column + end + 1)
            values += 1
        elif head == "{" or head == "[":
            if len(stack) + 1 >= MAX_DEPTH:
                return DECLINED
            flow = _flow(value_text, column + end, number, sub, marks, key_marks)
            if flow is DECLINED:
                return DECLINED
            value, count = flow
            values += count
        else:
            value = _block_scalar(value_text)
            if value is DECLINED:
                return DECLINED
            marks[sub] = (number, column + end + 1)
            values += 1
        container[key] = value
    if data is None or pending is not None or values > max_values:
        return DECLINED
    return data, marks, key_marks
