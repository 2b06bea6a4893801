"""Schema validation of one loaded YAML document, with pydantic errors mapped to file:line."""

from __future__ import annotations

import difflib
from dataclasses import replace
from typing import Any, cast

from pydantic import BaseModel, ValidationError

from generator.content.kinds import KINDS, Document
from generator.errors import MAX_PROBLEMS, Problem, short_repr
from generator.reader.yaml_io import Located

_SCALAR_TAGS = {"str", "int", "float", "bool", "none", "date", "list[str]"}


def field_names(*models: type[BaseModel]) -> set[str]:
    """Every field name of ``models`` and of the models nested in them (for "did you mean")."""
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
    for model in models:
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


def _is_type_tag(part: Any, node: Any) -> bool:
    """True when a pydantic ``loc`` part names a type or union branch, not a field: it contains
    ``[`` (``literal['a','b']``, ``list[str]``, ``function-after[...]``), starts with
    ``function-``, is a scalar type name or a model name, or is a lowercase tag name that is not a
    key of the data at that point (``json-or-python``, ``lax-or-strict``)."""
    if not isinstance(part, str) or (isinstance(node, dict) and part in node):
        return False
    return (
        "[" in part
        or part.startswith("function-")
        or part in _SCALAR_TAGS
        or part[:1].isupper()
        or "-" in part
        or (node is not None and not isinstance(node, dict) and part[:1].islower())
    )


def _data_path(data: Any, loc: tuple) -> tuple[tuple, bool]:
    """Follow a pydantic ``loc`` through the data, skipping union/type tags.

    Returns (path in the data, whether a type tag was crossed that does not fit the data at that
    point — a scalar type or literal while the data is a mapping/list, or a model while it is a
    scalar; such errors describe the branch that does not apply).
    """
    path: list = []
    node = data
    lost = False  # a part was not found in the data: what follows are field names
    wrong_branch = False
    for part in loc:
        if not lost and isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif not lost and isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
        elif _is_type_tag(part, None if lost else node):
            if lost:
                continue
            if part[:1].isupper():
                wrong_branch = wrong_branch or not isinstance(node, dict)
            elif part.startswith("list["):
                wrong_branch = wrong_branch or not isinstance(node, list)
            elif part.startswith("dict["):
                wrong_branch = wrong_branch or not isinstance(node, dict)
            elif part in _SCALAR_TAGS or part.startswith("literal["):
                wrong_branch = wrong_branch or isinstance(node, (dict, list))
        else:
            path.append(part)
            node = None
            lost = True
    return tuple(path), wrong_branch


def validate_document(located: Located) -> tuple[Document | None, list[Problem]]:
    """Validate a document against the model of its ``kind``; all problems at once."""
    data = located.data
    if not isinstance(data, dict):
        return None, [
            located.problem(
                (),
                "a content file must be a mapping with a `kind:` field",
                f"start the file with `kind: <{'|'.join(KINDS)}>`",
            )
        ]
    kind = data.get("kind")
    if kind is None or kind == "":
        return None, [
            located.problem(("kind",), "missing `kind:`", f"add `kind: <{'|'.join(KINDS)}>` at the top of the file")
        ]
    if not isinstance(kind, str):
        return None, [located.problem(("kind",), "`kind:` must be one word", f"write one of: {', '.join(KINDS)}")]
    if kind not in KINDS:
        close = difflib.get_close_matches(str(kind), KINDS, n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"use one of: {', '.join(KINDS)}"
        return None, [located.problem(("kind",), f"unknown kind '{kind}'", hint)]
    model = KINDS[kind]
    try:
        return cast(Document, model.model_validate(data)), []  # every model in KINDS is one
    except ValidationError as exc:
        return None, problems_from(located, exc)


def problems_from(located: Located, exc: ValidationError, models=None, reference: str | None = None) -> list[Problem]:
    """Every pydantic error of ``exc`` as a `Problem` at its file:line, once per place.

    Unknown fields get a "did you mean" from the field names of ``models`` (default: every
    content kind), but only the first `MAX_PROBLEMS` of them in file order (the ones an error
    message shows): difflib on 100,000 unknown keys took minutes. Other hints point at
    ``reference`` (default `schema_reference`)."""
    reference = reference or schema_reference()
    problems: dict[tuple, Problem] = {}
    fallback: dict[str, Problem] = {}  # field -> problem
    unknown: dict[tuple, str] = {}  # problem key -> the unknown field, for "did you mean"
    for err in exc.errors(include_url=False, include_context=False):
        path, wrong_branch = _data_path(located.data, tuple(err["loc"]))
        etype = err["type"]
        if etype == "extra_forbidden":
            key = path[-1] if path else "?"
            p = located.problem(
                path, f"unknown field '{key}'", f"remove it; see {reference} for allowed fields", prefer_key=True
            )
        elif etype == "missing":
            field = err["loc"][-1]
            full = path + (field,) if (not path or path[-1] != field) else path
            p = located.problem(full, f"required field '{field}' is missing", "add it")
        else:
            msg = err["msg"]
            if etype in ("model_type", "model_attributes_type", "dict_type"):
                msg = "Input should be a mapping"  # not the model's class name
            if msg.startswith("Value error, "):
                msg = msg[len("Value error, ") :]
            got = err.get("input")
            if etype not in ("value_error",) and not isinstance(got, (dict, list)):
                msg += f" (got {short_repr(got, 60)})"
            p = located.problem(path, msg, _hint(etype, reference))
        if wrong_branch:
            fallback.setdefault(p.field, p)  # one per place: the first branch that does not fit
        else:
            place = (p.line, p.column, p.field, p.message)
            problems.setdefault(place, p)
            if etype == "extra_forbidden":
                unknown.setdefault(place, str(key))
    fields = [p.field for p in problems.values()]
    for written, p in fallback.items():
        # a place where every branch failed has no other problem: say why the first one failed
        if not any(f == written or f.startswith((written + ".", written + "[")) for f in fields):
            problems[(p.line, p.column, p.field, p.message)] = p
    if unknown:
        names = field_names(*(models or KINDS.values()))
        for place in sorted(unknown)[:MAX_PROBLEMS]:
            close = difflib.get_close_matches(unknown[place], names, n=1)
            if close:
                problems[place] = replace(problems[place], hint=f"did you mean '{close[0]}'?")
    return list(problems.values())


def schema_reference() -> str:
    """Where a content error's hint sends the reader for the expected shape: ``schema/`` in a
    checkout (the JSON Schemas are committed there); an installed playaid has no such folder,
    so `playaid schema` (which writes them) and the installed content guide."""
    from generator.paths import DATA_ROOT, DOCS_DIR, PROJECT_ROOT

    if DATA_ROOT == PROJECT_ROOT and (PROJECT_ROOT / "schema").is_dir():
        return "schema/"
    return f"the JSON Schemas `playaid schema` writes, or {DOCS_DIR / 'content-format.md'},"


def _hint(etype: str, reference: str) -> str:
    if etype == "plain_words":  # the message says how to fix it (content.scoring_model.PLAIN_WORDS)
        return ""
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
    return f"see {reference} for the expected shape"
