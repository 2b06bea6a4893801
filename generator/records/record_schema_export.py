"""Writes ``schema/record.schema.json``: the JSON Schema of score records, built by the scoring
core (`generator.scoring.record.record_schema`) from the compiled rules, so variants and ``ended_by``
values follow content. Point an editor's YAML language server at it for completion."""

from __future__ import annotations

import json
from pathlib import Path

from generator.compile.compile_rules import compiled_rules
from generator.fsutil import write_atomic
from generator.scoring.record.record_schema import record_schema

FILE_NAME = "record.schema.json"


def record_schema_text(content_dir: Path | str) -> str:
    """The record schema as stable, indented JSON text (ends with a newline)."""
    return json.dumps(record_schema(compiled_rules(content_dir)), indent=2, sort_keys=True) + "\n"


def export_record_schema(out_dir: Path | str, content_dir: Path | str) -> Path:
    """Write ``<out_dir>/record.schema.json`` atomically; returns its path. Raises `ContentError`
    for bad content, `WriteError` when the folder cannot be written."""
    path = Path(out_dir) / FILE_NAME
    write_atomic(path, record_schema_text(content_dir).encode())
    return path
