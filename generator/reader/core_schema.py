"""The YAML 1.2 core schema's scalars (spec 10.3), as both record readers resolve and construct
them: `yaml_events` (libyaml's events) and `plain_yaml` (plain block YAML, line by line). A light
module: no YAML library is loaded with it."""

from __future__ import annotations

import re

_CORE = "tag:yaml.org,2002:"
_STR = _CORE + "str"
_INT = _CORE + "int"

#: Longest integer read, in digits: a record's counts have a few; Python itself refuses to read
#: integers of more than 4,300 digits.
MAX_DIGITS = 1000
_FLOAT = _CORE + "float"
_NULL = _CORE + "null"
_BOOL = _CORE + "bool"
_CORE_SCALARS = {_STR, _INT, _FLOAT, _BOOL, _NULL}
# YAML 1.2.2 spec, 10.3.2 "Tag Resolution" (the core schema), in the spec's order
_CORE_PATTERNS = (
    (_NULL, re.compile(r"(?:null|Null|NULL|~|)\Z")),
    (_BOOL, re.compile(r"(?:true|True|TRUE|false|False|FALSE)\Z")),
    (_INT, re.compile(r"(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\Z")),
    (
        _FLOAT,
        re.compile(
            r"(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
            r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z"
        ),
    ),
)


#: The core schema's words (null, true/false, in the spec's spellings) -> their tags, and the
#: first characters a number can have: what `compose_events` resolves without a pattern.
_FIXED = {
    "": _NULL,
    "~": _NULL,
    "null": _NULL,
    "Null": _NULL,
    "NULL": _NULL,
    "true": _BOOL,
    "True": _BOOL,
    "TRUE": _BOOL,
    "false": _BOOL,
    "False": _BOOL,
    "FALSE": _BOOL,
}
_NUMERIC_START = frozenset("0123456789+-.")


def _core_tag(text: str) -> str:
    """The core schema's tag for a plain scalar ``text``."""
    for tag, pattern in _CORE_PATTERNS:
        if pattern.match(text):
            return tag
    return _STR


def _int(text: str) -> int:
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text)


def _float(text: str) -> float:
    bare = text.lstrip("+-").lower()
    if bare in (".inf", ".nan"):
        return float(("-" if text.startswith("-") else "") + bare[1:])
    return float(text)


_CONSTRUCT = {_NULL: lambda text: None, _BOOL: lambda text: text.lower() == "true", _INT: _int, _FLOAT: _float}
