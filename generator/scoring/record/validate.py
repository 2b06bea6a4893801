"""Checking a record against its JSON Schema, with the standard library only.

The record schemas (`record_schema.py`) are plain JSON Schema (draft 2020-12), exported to
``schema/record.schema.json`` for editors. The scoring core must run in Pyodide without third-party
packages, so this module interprets the small subset those schemas use: ``type``, ``properties``,
``required``, ``additionalProperties: false``, ``enum``, ``minimum``/``maximum``, ``minLength``/
``maxLength``, ``minItems``/``maxItems``, ``items``, ``anyOf``. Every problem carries the ``path``
of the value (keys and indexes), a message and a hint; the caller turns paths into file:line.
Two extensions, ignored by other validators: ``x-hint`` (advice for a missing or wrong value) and
``x-colon-name`` (a tableau entry written ``Name: Part`` unquoted reads as a mapping: say to quote it).
"""

from __future__ import annotations

import math
import re
from typing import Any

from generator.scoring.record.written import shown

#: At most this many problems are listed; the rest are counted (a hostile record can hold
#: hundreds of thousands of mistakes; nobody reads past the first screen).
MAX_PROBLEMS = 50

#: What a schema type asks for, in the words of a message ("..., not a whole number").
_JSON_TYPES = {
    "object": "a mapping",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "boolean": "true or false",
    "null": "empty",
    "number": "a number",
}
#: What a value of each type is, as a table player reads it ("2.5 is a decimal number").
_KINDS = {**_JSON_TYPES, "boolean": "a yes/no answer", "number": "a decimal number"}


def json_type(value: Any) -> str:
    """The JSON Schema type name of a Python value loaded from YAML/JSON."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__  # dates and other YAML scalars


def dotted(path) -> str:
    """``("players", 0, "chips")`` -> ``players[0].chips`` (the field names users see)."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + str(part)
    return text


class RecordInvalid(Exception):
    """The record cannot be scored; ``problems`` lists every problem as a dict
    ``{path, field, message, hint}`` (see `problem`; past `MAX_PROBLEMS` the last one stands for
    the rest: ``more``), ``count`` how many there are in all."""

    def __init__(self, problems: list[dict]):
        self.problems = problems
        self.count = problem_count(problems)
        super().__init__("; ".join(f"{p['field'] or 'record'}: {p['message']}" for p in problems))


def problem_count(problems: list[dict]) -> int:
    """How many problems ``problems`` (a report's ``errors``) stand for: one each, and the
    ``more`` of the entry that stands for those left out (``... and 12 more problems``)."""
    return sum(p.get("more", 1) for p in problems)


def problem(path, message: str, hint: str = "", code: str | None = None, params: dict | None = None) -> dict:
    """A problem as the report carries it: ``{path: [...], field, message, hint}``, and with
    ``code`` its ``code`` and ``params`` (what the message says, as data: a reader words it by
    code): ``missing`` (a required field left out), ``too_few`` (``{"min": 3}`` entries)."""
    found: dict[str, Any] = {"path": list(path), "field": dotted(path), "message": message, "hint": hint}
    if code is not None:
        found["code"] = code
        found["params"] = dict(params or {})
    return found


def _shown(value: Any) -> str:
    """``value`` as a record writes it (`written.shown`: ``'text'``, ``3``, ``true``,
    ``{card: X}``), nothing for an empty value ("is empty")."""
    return "" if value is None else shown(value)


class _Collector:
    def __init__(self, limit: int):
        self.problems: list[dict] = []
        self.limit = limit
        self.dropped = 0

    def add(self, item: dict) -> None:
        if len(self.problems) < self.limit:
            self.problems.append(item)
        else:
            self.dropped += 1


def validate(schema: dict, data: Any, limit: int = MAX_PROBLEMS) -> list[dict]:
    """Every problem of ``data`` against ``schema`` (see the module docstring for the subset).

    Returns a list of problem dicts (`problem`), at most ``limit`` of them; when more were found
    the last entry says how many more, and holds that number as ``more`` (`problem_count`). An
    empty list means valid.
    """
    if _valid(schema)(data):  # most records: no problem to say, found at a third of the cost
        return []
    out = _Collector(limit)
    _check(schema, data, (), out)
    if out.dropped:
        rest = out.dropped
        out.problems.append(
            {
                **problem(
                    (), f"... and {rest} more problem{'s' if rest != 1 else ''}", "fix the ones above and check again"
                ),
                "more": rest,
            }
        )
    return out.problems


def _type_ok(expected, value) -> bool:
    actual = json_type(value)
    names = expected if isinstance(expected, list) else [expected]
    return actual in names or (actual == "integer" and "number" in names)


def _type_words(expected) -> str:
    names = expected if isinstance(expected, list) else [expected]
    return " or ".join(_JSON_TYPES.get(n) or str(n) for n in names)


def _check(schema: dict, value: Any, path: tuple, out: _Collector) -> None:
    if "anyOf" in schema:
        _check_any_of(schema, value, path, out)
        return
    expected = schema.get("type")
    if expected is not None and not _type_ok(expected, value):
        out.add(problem(path, _wrong_type(value, _type_words(expected)), _type_hint(schema, value, path)))
        return
    if "enum" in schema and value not in schema["enum"]:
        import difflib  # here: a record with no problem never needs it (start-up)

        choices = [str(c) for c in schema["enum"]]
        close = difflib.get_close_matches(str(value), choices, n=1, cutoff=0.6)
        if close:  # the list in the message, the likely one in the hint
            out.add(
                problem(path, f"{_shown(value)} is not one of: {', '.join(choices)}", f"did you mean '{close[0]}'?")
            )
        else:  # the list said once, as what to write
            out.add(problem(path, f"{_shown(value)} is not an allowed value", f"use one of: {', '.join(choices)}"))
        return
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            out.add(
                problem(
                    path, f"{value} is below the smallest allowed value, {schema['minimum']}", schema.get("x-hint", "")
                )
            )
        if "maximum" in schema and value > schema["maximum"]:
            out.add(
                problem(
                    path, f"{value} is above the largest allowed value, {schema['maximum']}", schema.get("x-hint", "")
                )
            )
    elif isinstance(value, str):
        if len(value.strip()) < schema.get("minLength", 0):
            out.add(problem(path, "is empty", schema.get("x-hint", "write a value")))
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            out.add(problem(path, f"is {len(value)} characters long; at most {schema['maxLength']}", "shorten it"))
        elif "pattern" in schema and not re.search(schema["pattern"], value):
            out.add(
                problem(
                    path,
                    f"{_shown(value)} holds a character that cannot be printed (a line break, "
                    f"tab, control or text-direction character)",
                    "write it on one line, in plain characters",
                )
            )
    elif isinstance(value, list):
        _check_array(schema, value, path, out)
    elif isinstance(value, dict):
        _check_object(schema, value, path, out)


def _check_array(schema: dict, value: list, path: tuple, out: _Collector) -> None:
    if len(value) < schema.get("minItems", 0):
        out.add(
            problem(
                path,
                f"needs at least {schema['minItems']} {'entry' if schema['minItems'] == 1 else 'entries'}",
                schema.get("x-hint", ""),
                "too_few",
                {"min": schema["minItems"]},
            )
        )
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        out.add(
            problem(path, f"has {len(value)} entries; at most {schema['maxItems']} are allowed", "check the record")
        )
        return  # a huge list is not worth checking item by item
    items = schema.get("items")
    if items:
        for i, item in enumerate(value):
            _check(items, item, path + (i,), out)


def _check_object(schema: dict, value: dict, path: tuple, out: _Collector) -> None:
    props = schema.get("properties", {})
    if schema.get("additionalProperties") is False:
        unknown = [k for k in value if k not in props]
        if (
            unknown
            and schema.get("x-colon-name")
            and len(value) == 1
            and "card" not in value
            and _looks_like_a_name(unknown[0])
        ):
            key = unknown[0]
            rest = value[key]
            whole = f"{key}: {rest}" if isinstance(rest, (str, int)) else str(key)
            out.add(
                problem(
                    path,
                    f"'{whole}' was read as a mapping: a card name with a colon must be quoted",
                    f'write it in quotes: "{whole}"',
                )
            )
            return
        names = list(props)
        import difflib  # here: a record with no problem never needs it (start-up)

        for key in unknown:
            if len(out.problems) >= out.limit:  # counted, not built: a record may hold 200,000
                out.dropped += 1
                continue
            close = difflib.get_close_matches(str(key), names, n=1, cutoff=0.6) if len(unknown) <= 20 else []
            hint = f"did you mean '{close[0]}'?" if close else f"allowed fields: {', '.join(names)}"
            out.add(problem(path + (key,), f"unknown field '{key}'", hint))
    for name in schema.get("required", []):
        if name not in value:
            sub = props.get(name, {})
            hint = sub.get("x-missing-hint") or (
                f"add `{name}:` here, one of: {', '.join(map(str, sub['enum']))}"
                if "enum" in sub
                else f"add `{name}:` here"
            )
            out.add(problem(path + (name,), f"missing field '{name}'", hint, "missing", {"field": name}))
    for name, sub in props.items():
        if name in value:
            _check(sub, value[name], path + (name,), out)


def _looks_like_a_name(key) -> bool:
    """A mapping key that reads as the first half of a name with a colon (``Galactic Survey``),
    not a mistyped field (``name``): it has a capital letter or a space."""
    return isinstance(key, str) and (" " in key.strip() or key[:1].isupper())


def _check_any_of(schema: dict, value: Any, path: tuple, out: _Collector) -> None:
    branches = schema["anyOf"]
    for branch in branches:  # the branch whose type fits decides the message
        if "type" not in branch or _type_ok(branch["type"], value):
            merged = {k: v for k, v in schema.items() if k != "anyOf"}
            merged.update(branch)
            _check(merged, value, path, out)
            return
    kinds = " or ".join(_type_words(b["type"]) for b in branches if "type" in b)
    out.add(problem(path, _wrong_type(value, kinds), _type_hint(schema, value, path)))


def _wrong_type(value: Any, needed: str) -> str:
    """What ``value`` is, as written, and what is ``needed`` instead (``a whole number``):
    ``true is a yes/no answer, not a whole number``, ``2.5 is a decimal number, not ...``,
    ``infinity is not ...``, ``is empty, not ...``."""
    if value is None:
        return f"is empty, not {needed}"
    if isinstance(value, float) and not math.isfinite(value):  # YAML .inf and .nan
        return f"{'NaN (not a number)' if value != value else 'infinity' if value > 0 else 'minus infinity'} is not {needed}"
    if isinstance(value, float) and value.is_integer():  # 1e3, 3.0: read as 1000.0, which nobody wrote
        return f"is written with a decimal point or an exponent, not as {needed}"
    kind = json_type(value)
    return f"{_shown(value)} is {_KINDS.get(kind, f'a {kind}')}, not {needed}"


def _type_hint(schema: dict, value: Any, path: tuple) -> str:
    """How to write a value of the type ``schema`` asks for: its ``x-hint``, else advice made from
    the type and what was written (``put it in quotes to make it text: name: "42"``)."""
    if "x-hint" in schema:
        return schema["x-hint"]
    expected = schema.get("type")
    names = expected if isinstance(expected, list) else [expected]
    key = f"{path[-1]}: " if path and isinstance(path[-1], str) else ""
    scalar = value is not None and not isinstance(value, (list, dict, float))
    if "string" in names:
        if scalar:  # 42, true: YAML read them as a number or true/false
            return f'put it in quotes to make it text: {key}"{_shown(value)}"'
        if isinstance(value, float):
            return "put the number in quotes, as written, to make it text"
        return "write it as text on one line, in quotes if it holds a colon"
    if names == ["boolean"]:
        return f"write true or false, e.g. {key}true"
    if "array" in names:
        if scalar:
            return f"put it in square brackets to make it a list: {key}[{_shown(value).strip(chr(39))}]"
        return f"write a list: {key}[first, second], or one `- ` line per entry"
    return ""


# --- The quick check: is a value valid? ------------------------------------------------------
# `validate` first asks a checker compiled once per schema whether the record has any problem:
# the walk that collects problems (`_check`) builds a path for every value, merges an anyOf's
# branches for every value it meets and looks every keyword up again, and most records have
# nothing to say. A checker answers True only where `_check` adds no problem (the same tests in
# the same places), so a record it passes gets `[]`, as before; any other record is walked by
# `_check` for its problems.

#: schema id -> (the schema, its checker); the schema is held so that its id is not reused
_CHECKERS: dict[int, tuple[dict, Any]] = {}


def _valid(schema: dict):
    """The checker of ``schema``: value -> True when `_check` would find no problem in it. A
    schema is taken as it is the first time (record schemas are built once, then only read)."""
    held = _CHECKERS.get(id(schema))
    if held is not None and held[0] is schema:
        return held[1]
    if len(_CHECKERS) >= 256:  # pads come and go in a long process (the page, the tests)
        _CHECKERS.clear()
    checker = _checker(schema)
    _CHECKERS[id(schema)] = (schema, checker)
    return checker


#: `json_type` of the exact types a record holds, looked up without a call (others: `json_type`).
_TYPE_NAMES = {
    type(None): "null",
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "array",
    tuple: "array",
    dict: "object",
}


def _types(expected) -> frozenset:
    """The `json_type` names `_type_ok` accepts for ``expected``."""
    names = set(expected if isinstance(expected, list) else [expected])
    return frozenset(names | ({"integer"} if "number" in names else set()))


#: The keywords the checker knows: `_check` reads these (and ignores the words and hints). A
#: schema holding any other is never passed by the checker, so a keyword that `_check` learns
#: later is checked by the walk until the checker learns it too.
_KNOWN = frozenset(
    {
        "type",
        "enum",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "pattern",
        "minItems",
        "maxItems",
        "items",
        "properties",
        "additionalProperties",
        "required",
        "anyOf",
        "description",
        "title",
        "x-hint",
        "x-missing-hint",
        "x-colon-name",
    }
)


def _never(value) -> bool:
    return False


def _checker(schema: dict):
    if not _KNOWN.issuperset(schema):
        return _never
    if "anyOf" in schema:
        branches = []
        for branch in schema["anyOf"]:
            merged = {k: v for k, v in schema.items() if k != "anyOf"}
            merged.update(branch)
            branches.append((None if "type" not in branch else _types(branch["type"]), _checker(merged)))

        def any_of(value) -> bool:
            kind = _TYPE_NAMES.get(type(value)) or json_type(value)
            for types, check in branches:
                if types is None or kind in types:
                    return check(value)
            return False

        return any_of
    types = None if schema.get("type") is None else _types(schema["type"])
    enum = schema.get("enum")
    low, high = schema.get("minimum"), schema.get("maximum")
    min_length, max_length = schema.get("minLength", 0), schema.get("maxLength")
    pattern = re.compile(schema["pattern"]) if "pattern" in schema else None
    min_items, max_items = schema.get("minItems", 0), schema.get("maxItems")
    items = _checker(schema["items"]) if schema.get("items") else None
    props = {name: _checker(sub) for name, sub in schema.get("properties", {}).items()}
    closed = schema.get("additionalProperties") is False
    required = tuple(schema.get("required", ()))

    def check(value) -> bool:
        kind = _TYPE_NAMES.get(type(value)) or json_type(value)
        if types is not None and kind not in types:
            return False
        if enum is not None and value not in enum:
            return False
        if kind == "integer" or kind == "number":  # as isinstance(value, (int, float)), not bool
            return not ((low is not None and value < low) or (high is not None and value > high))
        if kind == "string":
            return not (
                len(value.strip()) < min_length
                or (max_length is not None and len(value) > max_length)
                or (pattern is not None and not pattern.search(value))
            )
        if isinstance(value, list):
            if len(value) < min_items or (max_items is not None and len(value) > max_items):
                return False
            return items is None or all(map(items, value))
        if isinstance(value, dict):
            if closed and any(key not in props for key in value):
                return False
            if any(name not in value for name in required):
                return False
            return all(check_(value[name]) for name, check_ in props.items() if name in value)
        return True

    return check
