"""The rules index of the project's content, built once per process, exactly as `playaid rules`
and the phone's Rules tab get it, and the search core prepared on it."""

from __future__ import annotations

import functools
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@functools.cache
def rules_index(content_dir: str = str(REPO / "content")) -> dict:
    """The rules index (`generator.compile.rules_index.build_rules_index`) of a content folder."""
    from generator.checks.load import load_content
    from generator.compile.rules_index import build_rules_index

    return build_rules_index(load_content(content_dir))


@functools.cache
def rules():
    """`generator.rulesearch.api.Rules` on the project's rules index."""
    from generator.rulesearch.api import Rules

    return Rules(rules_index())
