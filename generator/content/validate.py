"""Schema validation of one loaded YAML document, with pydantic errors mapped to file:line."""

from __future__ import annotations

import difflib
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.content.kinds import KINDS
from generator.content.yaml_io import Located
from generator.errors import Problem

_SCALAR_TAGS = {"str", "int", "float", "bool", "none", "date", "list[str]"}


def _all_field_names() -> set[str]:
    names: set[str] = set()

    def walk(model: type[BaseModel], seen: set):
        if model in seen:
            return
        seen.add(model)
        for name, info in model.model_fields.items():
            names.add(name)
            for arg in _model_args(info.annotation):
                walk(arg, seen)

    seen: set = set()
    for model in KINDS.values():
        walk(model, seen)
    return names


def _model_args(annotation) -> list[type[BaseModel]]:
    out = []
    stack = [annotation]
    while stack:
        a = stack.pop()
        if isinstance(a, type) and issubclass(a, BaseModel):
            out.append(a)
        stack.extend(getattr(a, "__args__", ()) or ())
    return out


def _data_path(data: Any, loc: tuple) -> tuple[tuple, bool]:
    """Follow a pydantic ``loc`` through the data, skipping union/type tags.

    Returns (path in the data, whether a scalar-type union tag was crossed while the data at that
    point is a mapping/list — such errors describe the branch that does not apply).
    """
    path: list = []
    node = data
    wrong_branch = False
    for part in loc:
        if isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
        elif isinstance(part, str) and part in _SCALAR_TAGS or (isinstance(part, str) and part.startswith(("list[", "dict["))):
            if isinstance(node, (dict, list)) and not part.startswith(("list[", "dict[")):
                wrong_branch = True
        elif isinstance(part, str) and part[:1].isupper() and not isinstance(node, dict):
            # a model branch of a union while the value is a plain scalar
            wrong_branch = True
        elif isinstance(part, str) and part[:1].isupper():
            continue
        else:
            path.append(part)
            node = None
    return tuple(path), wrong_branch


def validate_document(located: Located) -> tuple[BaseModel | None, list[Problem]]:
    """Validate a document against the model of its ``kind``; all problems at once."""
    data = located.data
    if not isinstance(data, dict):
        return None, [located.problem((), "a content file must be a mapping with a `kind:` field",
                                      f"start the file with `kind: <{'|'.join(KINDS)}>`")]
    kind = data.get("kind")
    if kind not in KINDS:
        close = difflib.get_close_matches(str(kind), KINDS, n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"use one of: {', '.join(KINDS)}"
        return None, [located.problem(("kind",), f"unknown or missing kind '{kind}'", hint)]
    model = KINDS[kind]
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, _problems(located, exc)


def _problems(located: Located, exc: ValidationError) -> list[Problem]:
    problems: dict[tuple, Problem] = {}
    fallback: dict[tuple, Problem] = {}
    names = None
    for err in exc.errors():
        path, wrong_branch = _data_path(located.data, tuple(err["loc"]))
        etype = err["type"]
        if etype == "extra_forbidden":
            names = names or _all_field_names()
            key = path[-1] if path else "?"
            close = difflib.get_close_matches(str(key), names, n=1)
            hint = f"did you mean '{close[0]}'?" if close else "remove it; see schema/ for allowed fields"
            p = located.problem(path, f"unknown field '{key}'", hint, prefer_key=True)
        elif etype == "missing":
            field = err["loc"][-1]
            full = path + (field,) if (not path or path[-1] != field) else path
            p = located.problem(full, f"required field '{field}' is missing", "add it")
        else:
            msg = err["msg"]
            if msg.startswith("Value error, "):
                msg = msg[len("Value error, "):]
            got = err.get("input")
            if etype not in ("value_error",) and not isinstance(got, (dict, list)):
                msg += f" (got {got!r})"
            p = located.problem(path, msg, _hint(etype))
        target = fallback if wrong_branch else problems
        target.setdefault((p.line, p.column, p.field, p.message), p)
    if not problems:
        problems = fallback
    return list(problems.values())


def _hint(etype: str) -> str:
    if etype.startswith(("int_", "float_")):
        return "write a number"
    if etype.startswith("string_"):
        return "write text (quote it if it looks like a number or date)"
    if etype.startswith("literal_"):
        return "use one of the listed values"
    if etype.startswith("bool"):
        return "write true or false"
    if etype.startswith("list"):
        return "write a list (- item per line)"
    if etype.startswith(("dict", "model")):
        return "write a mapping (key: value per line)"
    return "see schema/ for the expected shape"
