"""JSON Schema export of the content models, one file per ``kind:`` plus a combined one."""

from __future__ import annotations

import json
from pathlib import Path

from generator.content.kinds import KINDS
from generator.fsutil import WriteError, write_atomic

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def export_schemas(out_dir: Path) -> list[Path]:
    """Write ``<kind>.schema.json`` for each kind and ``content.schema.json`` (any kind, picked
    by its ``kind:``; see `content_schema`).

    Returns the written paths. Files are written atomically.
    """
    out_dir = Path(out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteError(
            f"cannot create folder {out_dir}: {exc.strerror or exc} (pass --out a folder you can write)"
        ) from None
    written = []
    for kind, model in sorted(KINDS.items()):
        schema = pick_by_leading_key(model.model_json_schema())
        schema["$schema"] = DRAFT
        path = out_dir / f"{kind}.schema.json"
        write_atomic(path, (json.dumps(schema, indent=2, sort_keys=True) + "\n").encode())
        written.append(path)
    path = out_dir / "content.schema.json"
    write_atomic(path, (json.dumps(content_schema(sorted(KINDS)), indent=2) + "\n").encode())
    written.append(path)
    return written


def content_schema(kinds: list[str]) -> dict:
    """The schema of any content file: ``kind`` picks the file's schema (``if`` kind is X
    ``then`` X.schema.json), so a typo is reported against that one schema, naming the field,
    rather than as "not valid under any of the given schemas" of an ``anyOf``."""
    return {
        "$schema": DRAFT,
        "title": "playaid content document",
        "description": "A YAML file under content/; its `kind` selects the schema it follows.",
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": kinds, "description": "what this document holds: " + ", ".join(kinds)}},
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
                "then": {"$ref": f"{kind}.schema.json"},
            }
            for kind in kinds
        ],
    }


def pick_by_leading_key(schema: dict) -> dict:
    """Rewrite each ``oneOf`` whose alternatives are objects told apart by a key only one of them
    requires (aid blocks: ``rules:``, ``table:``, ``facts:``, ``text:``, ``rulings:``) into
    ``if`` that key is present ``then`` that alternative, as the loader picks them. A typo inside
    a block is then reported against that block's schema instead of "not valid under any of the
    given schemas". Returns ``schema``, changed in place."""
    defs = schema.get("$defs", {})

    def target(alternative):
        ref = alternative.get("$ref", "") if isinstance(alternative, dict) else ""
        return defs.get(ref.removeprefix("#/$defs/")) if ref.startswith("#/$defs/") else None

    def leading_keys(alternatives) -> list[str] | None:
        found = [(target(a) or {}).get("required") for a in alternatives]
        if not all(found):
            return None
        required: list[list[str]] = [r for r in found if r]
        keys = []
        for own in required:
            others = {k for r in required if r is not own for k in r}
            unique = [k for k in own if k not in others]
            if not unique:
                return None
            keys.append(unique[0])
        return keys

    def walk(node):
        if isinstance(node, dict):
            alternatives = node.get("oneOf")
            keys = leading_keys(alternatives) if isinstance(alternatives, list) else None
            if keys and isinstance(alternatives, list):  # (keys come only from a list)
                del node["oneOf"]
                node["type"] = "object"
                node["allOf"] = [{"if": {"required": [key]}, "then": alt} for key, alt in zip(keys, alternatives)]
                node["anyOf"] = [{"required": [key]} for key in keys]
                node.setdefault("description", "needs one of the keys: " + ", ".join(keys))
                node.pop("discriminator", None)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return schema
