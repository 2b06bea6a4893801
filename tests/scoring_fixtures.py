"""Compiled rules for scoring tests: content/ loaded, validated and compiled once per process,
exactly as `playaid score` and the web scorer get them."""

from __future__ import annotations

import functools
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@functools.lru_cache(maxsize=None)
def compiled(content_dir: str = str(REPO / "content")) -> dict:
    """The compiled rules (`generator.records.compile_rules.compile_rules`) of a content folder."""
    from generator.content.load import load_content
    from generator.records.compile_rules import compile_rules

    return compile_rules(load_content(content_dir))


def rftg_rules():
    """`RftgRules` built from the compiled rules of the project's content."""
    from generator.scoring.rftg import RftgRules

    return RftgRules.from_json(compiled()["games"]["rftg"])
