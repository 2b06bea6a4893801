"""Options of a build, in a module of their own so that the command line can make them without
importing the renderer (WeasyPrint, Jinja2, ReportLab) or the content models."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class RenderOptions:
    """What to render: ``paper`` a4 | letter, ``mode`` sheet | print-shop, ``png`` previews."""

    paper: str = "a4"
    mode: str = "sheet"
    png: bool = False

    @property
    def folder(self) -> str:
        """Output sub-folder: the paper name for sheets, ``print-shop-<paper>`` for print-shop."""
        return self.paper if self.mode == "sheet" else f"print-shop-{self.paper}"


@dataclass(frozen=True)
class BuildOptions:
    """Options of one `playaid build` run. ``jobs`` 0 means one process per CPU. ``watching``:
    the build runs inside `playaid watch`, which keeps the loaded content in memory between
    builds instead of reading and rewriting the content cache file each time."""

    content_dir: Path = Path("content")
    out_dir: Path = Path("output")
    render: RenderOptions = field(default_factory=RenderOptions)
    only: tuple[str, ...] = ()
    force: bool = False
    jobs: int = 0
    watching: bool = False
