"""Checks that every fact has a source and that each source names a declared rulebook section or
public reference.

Source strings look like ``"xi: Invasion Step"`` (rulebook id, then a section heading that must
appear in that rulebook's text) or ``"bga: cards.inc.php invasion_config"`` (reference id, then a
free locator), or a URL.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from generator.content.models import Game

#: Where the seed rulebooks are looked for, relative to the content folder, after $PLAYAID_SEEDS.
SEEDS_CANDIDATES = ("../../shared/seeds", "../shared/seeds", "seeds")


def find_seeds_dir(content_dir: Path) -> Path | None:
    """The folder holding the seed rulebook texts, or None when it is not present."""
    env = os.environ.get("PLAYAID_SEEDS")
    if env:
        return Path(env) if Path(env).is_dir() else None
    for rel in SEEDS_CANDIDATES:
        candidate = (content_dir / rel).resolve()
        if candidate.is_dir():
            return candidate
    return None


@lru_cache(maxsize=16)
def _headings(path: Path) -> tuple[frozenset[str], tuple[str, ...]]:
    lines = [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
    return frozenset(ln.casefold() for ln in lines), tuple(ln.casefold() for ln in lines)


_LEAD = re.compile(r"^(?:[•\-]\s*)?(?:\d+[ab]?\.\s*)?")


def _normal(text: str) -> str:
    return " ".join(text.replace("’", "'").split()).casefold()


@lru_cache(maxsize=4096)
def heading_in_rulebook(path: Path, section: str) -> bool:
    """True if ``section`` is a heading line of the rulebook text, or the run-in heading that
    starts a paragraph (``Heading.`` / ``Heading:`` / ``1. Heading.``), or a numbered step."""
    whole, lines = _headings(path)
    want = _normal(section)
    if want in whole:
        return True
    for line in lines:
        line = _normal(line)
        # strip a bullet and/or step number ("• ", "3a. ") only: a character-set lstrip would
        # also eat the first letters of headings such as "3a. assign ..." or "• all goods."
        stripped = _LEAD.sub("", line)
        for candidate in (line, stripped):
            if candidate.startswith(want) and candidate[len(want):len(want) + 1] in (".", ":", " ", "(", ""):
                return True
    return False


def check_source(source: str, game: Game, seeds_dir: Path | None) -> tuple[str, str] | None:
    """None if ``source`` is valid, else (message, hint)."""
    if source.startswith(("http://", "https://")):
        return None
    if ":" not in source:
        ids = [r.id for r in game.rulebooks] + [r.id for r in game.references]
        return (f"source '{source}' has no section",
                f"write '<id>: <section heading>' with id one of {', '.join(ids)}")
    ref_id, _, locator = source.partition(":")
    ref_id, locator = ref_id.strip(), locator.strip()
    rulebooks = {r.id: r for r in game.rulebooks}
    references = {r.id: r for r in game.references}
    if ref_id in references:
        return None if locator or True else None
    if ref_id not in rulebooks:
        known = ", ".join(list(rulebooks) + list(references)) or "none declared"
        return (f"source id '{ref_id}' is not a declared rulebook or reference",
                f"declare it in game.yaml or use one of: {known}")
    if not locator:
        return (f"source '{source}' names no section", "add the rulebook's section heading after ':'")
    if seeds_dir is None:
        return None
    path = seeds_dir / rulebooks[ref_id].file
    if not path.is_file():
        return (f"rulebook file {rulebooks[ref_id].file} not found in {seeds_dir}",
                "fix the file name in game.yaml")
    if not heading_in_rulebook(path, locator):
        return (f"section '{locator}' not found in rulebook {rulebooks[ref_id].file}",
                "copy the section heading exactly as the rulebook prints it")
    return None
