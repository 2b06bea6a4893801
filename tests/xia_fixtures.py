"""Shared helpers for the Xia tests: a private copy of content/xia loaded on its own, so the
Xia tests neither depend on other games' content nor write outside ``tmp_path``."""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO.parent / "shared" / "seeds"


@contextmanager
def seeds_env():
    """Point the source checker at the shared seed rulebooks for the duration."""
    old = os.environ.get("PLAYAID_SEEDS")
    os.environ["PLAYAID_SEEDS"] = str(SEEDS)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("PLAYAID_SEEDS", None)
        else:
            os.environ["PLAYAID_SEEDS"] = old


def copy_xia(root: Path) -> Path:
    """Copy content/xia into ``root/xia``; return ``root`` (a content folder with one game)."""
    shutil.copytree(REPO / "content" / "xia", root / "xia")
    return root


def load_xia(root: Path):
    """Load the Xia game from a content folder made by `copy_xia`."""
    from generator.checks.load import load_content

    with seeds_env():
        return load_content(root).game("xia")


def xia_rules(root: Path) -> dict:
    """The compiled Xia rules (what the scoring core reads) of a content folder made by `copy_xia`."""
    from generator.compile.compile_rules import compile_rules

    game = load_xia(root)
    return compile_rules(type("Content", (), {"games": {"xia": game}})())["games"]["xia"]
