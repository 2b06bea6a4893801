"""Each content shape the scoring core reads is declared once, in the core (standard library:
a dataclass such as `generator.scoring.mechanisms.tableau.cards.Card`, or a key table such as
`generator.scoring.model.AWARD_KEYS`); the content schema's pydantic model adds what only
content needs (bounds, choices, sources and notes) and names that declaration as its
``core``, with ``content_only`` the fields the core never reads. `check_declared` says where
the two disagree (``tests/test_declared_once.py`` runs it on every model that names a
``core``), and `core_json` writes a validated model out as exactly the fields the core
declares, so the compiled rules follow the declaration too.
"""

from __future__ import annotations

import dataclasses
from typing import Any, get_args, get_type_hints

from pydantic import BaseModel


def declared_fields(core) -> dict[str, Any]:
    """Field -> default (`dataclasses.MISSING`: required) of a core declaration: a dataclass
    or a key table (``{key: default}``)."""
    if dataclasses.is_dataclass(core):
        return {
            f.name: f.default
            if f.default is not dataclasses.MISSING
            else (f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
            for f in dataclasses.fields(core)
        }
    return dict(core)


def _models_in(annotation) -> set[type]:
    """The pydantic models with a ``core`` that a field's annotation holds (``list[X] | None``)."""
    found = set()
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and getattr(annotation, "core", None):
        found.add(annotation)
    for arg in get_args(annotation):
        found |= _models_in(arg)
    return found


def _cores_in(annotation) -> set:
    """The dataclasses a core field's annotation holds (``tuple[X, ...]``, ``X | None``)."""
    found = {annotation} if dataclasses.is_dataclass(annotation) else set()
    for arg in get_args(annotation):
        found |= _cores_in(arg)
    return found


def _same_default(content, core) -> bool:
    """A content default agrees with the core's: equal (a list as the core's tuple), or None
    (left out, the core reads its own default)."""
    if content is None:
        return True
    if isinstance(content, list):
        content = tuple(content)
    return content == core


def check_declared(model: type[BaseModel]) -> list[str]:
    """Where the pydantic ``model`` and its ``core`` declaration disagree, in words (empty: in
    step): a field one has and the other lacks (besides ``content_only``); a field the core
    needs that content may leave out; a default the core would read differently; a nested
    shape whose core is not the core field's."""
    core = model.core  # type: ignore[attr-defined]
    only = set(getattr(model, "content_only", ()))
    name = model.__name__
    declared = declared_fields(core)
    content = {key: f for key, f in model.model_fields.items() if key not in only}
    out = [
        f"{name}.{key}: in the content schema, not in the core's declaration (add it there, or to content_only)"
        for key in content
        if key not in declared
    ]
    out += [
        f"{name}.{key}: in the core's declaration, not in the content schema" for key in declared if key not in content
    ]
    hints = get_type_hints(core) if dataclasses.is_dataclass(core) else {}
    for key, f in content.items():
        if key not in declared:
            continue
        default = declared[key]
        if default is dataclasses.MISSING and not f.is_required():
            out.append(f"{name}.{key}: the core needs it, but content may leave it out")
        elif default is not dataclasses.MISSING and not f.is_required():
            given = f.get_default(call_default_factory=True)
            if not _same_default(given, default):
                out.append(f"{name}.{key}: content's default {given!r} is not the core's {default!r}")
        if key in hints:
            nested = {m.core for m in _models_in(f.annotation)}  # type: ignore[attr-defined]
            if nested != _cores_in(hints[key]):
                out.append(
                    f"{name}.{key}: holds {sorted(c.__name__ for c in nested)} in content, "
                    f"{sorted(c.__name__ for c in _cores_in(hints[key]))} in the core"
                )
    return out


def core_json(value):
    """A validated model (or a list of them, or a plain value) as the compiled rules hold it:
    a model with a ``core``, exactly the fields its core declares, in the declaration's order,
    those left empty (None) out; other values as JSON (`model_dump(mode="json")`)."""
    if isinstance(value, BaseModel):
        core = getattr(value, "core", None)
        if core is None:
            return value.model_dump(mode="json", exclude_none=True)
        return {key: core_json(item) for key in declared_fields(core) if (item := getattr(value, key)) is not None}
    if isinstance(value, (list, tuple)):
        return [core_json(item) for item in value]
    return value
