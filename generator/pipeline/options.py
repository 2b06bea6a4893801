"""Options of a build, in a module of their own so that the command line can make them without
importing the renderer (WeasyPrint, Jinja2, ReportLab) or the content models."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

#: Most copies of one card aid a build makes (9 sheets of 9 cards: a generous table of players).
MAX_COPIES = 81


#: Inks an aid can print in: ``colour`` (icons in colour), ``colour-blind`` (icons in the
#: Okabe-Ito palette, which colour-blind eyes tell apart; meaning never by colour alone: every
#: icon has its own shape and its words beside it) and ``low-ink`` (no filled bars, tints or
#: stripes; icons in black outline).
INKS = ("colour", "colour-blind", "low-ink")


@dataclass(frozen=True)
class RenderOptions:
    """What to render: ``paper`` a4 | letter, ``mode`` sheet | print-shop, ``png`` previews,
    ``copies`` of each card aid on sheets (None: fill the sheet; e.g. 4 for one per player),
    ``ink`` one of `INKS`. Raises ValueError for an unknown ink or fewer than 1 copy."""

    paper: str = "a4"
    mode: str = "sheet"
    png: bool = False
    copies: int | None = None
    ink: str = "colour"

    def __post_init__(self):
        if self.ink not in INKS:
            raise ValueError(f"ink must be one of {', '.join(INKS)}, not {self.ink!r}")
        if self.copies is not None and not 1 <= self.copies <= MAX_COPIES:
            raise ValueError(f"copies must be 1 to {MAX_COPIES}, not {self.copies}")

    @property
    def look(self) -> list:
        """The options that change an aid's PDF bytes (beside paper and mode), as JSON-able data
        for build hashes: two builds that differ here never share an output."""
        return [self.copies, self.ink]

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
