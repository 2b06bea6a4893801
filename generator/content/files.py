"""Which files of a game folder are content: a light module (no models, no YAML parser), shared
by the loader and shell completion, which must answer a Tab press at once."""

from __future__ import annotations

from pathlib import Path

#: File name endings of content files.
CONTENT_SUFFIXES = (".yaml", ".yml")


def content_files(folder: Path) -> list[Path]:
    """Every YAML file (`CONTENT_SUFFIXES`) under a game folder, sorted for stable output (links
    included: the loader refuses those that lead outside the content folder,
    `confine.keep_inside`)."""
    return sorted(p for p in Path(folder).rglob("*") if p.suffix in CONTENT_SUFFIXES and p.is_file())
