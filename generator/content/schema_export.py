"""JSON Schema export of the content models, one file per ``kind:`` plus a combined one."""

from __future__ import annotations

import json
from pathlib import Path

from generator.content.kinds import KINDS
from generator.fsutil import WriteError, write_atomic


def export_schemas(out_dir: Path) -> list[Path]:
    """Write ``<kind>.schema.json`` for each kind and ``content.schema.json`` (any kind).

    Returns the written paths. Files are written atomically.
    """
    out_dir = Path(out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteError(f"cannot create folder {out_dir}: {exc.strerror or exc} "
                         f"(pass --out a folder you can write)") from None
    written = []
    any_of = []
    for kind, model in sorted(KINDS.items()):
        schema = model.model_json_schema()
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        path = out_dir / f"{kind}.schema.json"
        write_atomic(path, (json.dumps(schema, indent=2, sort_keys=True) + "\n").encode())
        written.append(path)
        any_of.append({"$ref": f"{kind}.schema.json"})
    combined = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                "title": "playaid content document", "anyOf": any_of}
    path = out_dir / "content.schema.json"
    write_atomic(path, (json.dumps(combined, indent=2) + "\n").encode())
    written.append(path)
    return written
