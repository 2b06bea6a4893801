"""Schema of aid declarations (``kind: aids``): what each printable aid shows and at what size.

An aid is a card (both faces at a declared card size), a page (a full A4/US Letter sheet) or a
form (a grid score pad drawn with exact geometry, optionally fillable). Faces are lists of blocks
that point at content by id, so aids hold no rule text of their own.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from generator.content.models import ID_PATTERN, RuleItem, SourceRef, Strict

#: Named trim sizes, (width_mm, height_mm) portrait. RftG cards are 63 x 88 mm.
NAMED_SIZES_MM: dict[str, tuple[float, float]] = {
    "rftg-card": (63.0, 88.0),
    "poker": (63.5, 88.9),
    "tarot": (70.0, 120.0),
    "a6": (105.0, 148.0),
}


class Size(Strict):
    """An explicit trim size in mm."""

    width_mm: float = Field(gt=20, le=300)
    height_mm: float = Field(gt=20, le=400)


class RulesBlock(Strict):
    """Sections of a rules document (all when ``sections`` is omitted)."""

    rules: str = Field(description="id of a kind: rules document")
    sections: list[str] | None = None
    show_titles: bool = True


class TableBlock(Strict):
    """A table, optionally only some of its columns."""

    table: str = Field(description="id of a kind: table document")
    columns: list[str] | None = None
    title: str | None = None


class FactsBlock(Strict):
    """Named facts printed as a label: value list."""

    facts: list[str] = Field(min_length=1)
    title: str | None = None


class TextBlock(Strict):
    """A short text of the aid's own (headings, reminders), with its source."""

    text: str
    source: SourceRef
    style: Literal["normal", "heading", "note"] = "normal"


class RulingsBlock(Strict):
    """The rulings of a rules document (only those named in ``only``, in that order, when given)."""

    rulings: str = Field(description="id of a kind: rules document")
    only: list[str] | None = Field(None, min_length=1, description="ids of the rulings to print")


_BLOCK_KEYS = {
    "rules": "RulesBlock",
    "table": "TableBlock",
    "facts": "FactsBlock",
    "text": "TextBlock",
    "rulings": "RulingsBlock",
}


def _block_kind(value) -> str | None:
    """Pick the block model by its leading key, so errors speak of one kind of block only."""
    if isinstance(value, dict):
        for key, tag in _BLOCK_KEYS.items():
            if key in value:
                return tag
    elif isinstance(value, Strict):
        return type(value).__name__
    return None


Block = Annotated[
    Annotated[RulesBlock, Tag("RulesBlock")]
    | Annotated[TableBlock, Tag("TableBlock")]
    | Annotated[FactsBlock, Tag("FactsBlock")]
    | Annotated[TextBlock, Tag("TextBlock")]
    | Annotated[RulingsBlock, Tag("RulingsBlock")],
    Discriminator(
        _block_kind,
        custom_error_type="block_kind",
        custom_error_message="a block needs one of the keys: rules, table, facts, text, rulings",
    ),
]


class Face(Strict):
    """One printed side: ``front`` or ``back`` of a card, or a page."""

    name: str = Field(pattern=ID_PATTERN)
    columns: int = Field(1, ge=1, le=4, description="text columns on this face")
    break_before: Literal["none", "column", "page"] = Field(
        "none",
        description="page aids: where this face starts. none (default) flows on after the "
        "previous face, column starts the next column, page starts a new page",
    )
    blocks: list[Block] = Field(min_length=1)


class GridLine(Strict):
    """A row or column of a form grid; ``repeat`` makes N copies labelled with {n} = 1..N."""

    id: str = Field(pattern=ID_PATTERN)
    label: str
    field: Literal["text", "number", "checkbox", "none"] = "number"
    repeat: int | None = Field(None, ge=1, le=20)
    width: float | None = Field(None, gt=0, description="relative width (columns only)")
    help: str | None = Field(None, description="small print under the label")


class TotalLine(GridLine):
    """A line of a score sheet generated from a scoring model (`generator.compile.score_sheet`),
    never written in content: ``sum`` (ids of the lines it adds up), ``running_total`` (columns:
    the id of a column it adds up from the first row down to its own) and ``emphasis`` (printed
    bold). Fillable forms compute the totals."""

    emphasis: bool = False
    sum: list[str] | None = None
    running_total: str | None = None
    points: dict | None = Field(
        None,
        description="campaign mechanism: how the fillable form computes "
        "this line from its row (`generator.render.form_formulas`)",
    )


class Grid(Strict):
    """A form grid: rows x columns of write-in boxes (fillable fields in the form variant).

    In the fillable form, Tab goes one repeated line (a player, a game) at a time: down the
    columns when the columns repeat, else along the rows. A score sheet's grid, with its totals,
    is generated from the game's scoring model (`Aid.sheet`), so it adds up what the calculator
    adds up; a grid written here holds write-in boxes only.
    """

    corner: str = ""
    rows: list[GridLine] = Field(min_length=1)
    columns: list[GridLine] = Field(min_length=1)


class Aid(Strict):
    """One printable aid.

    ``format``: ``card`` (faces at ``size``; sheet mode imposes them n-up, print-shop mode adds
    3 mm bleed), ``page`` (faces on A4/Letter), ``form`` (a `grid`, or the score ``sheet`` of a
    scoring model, printable and fillable).
    ``min_font_pt`` is the smallest body text size the fitter may use (default 7 pt; never below
    6 pt, the size kept for footnotes and the sheet margin).
    """

    id: str = Field(pattern=ID_PATTERN)
    title: str = Field(min_length=1, max_length=70, description="printed on the aid; at most 70 characters")
    format: Literal["card", "page", "form"]
    size: Literal["rftg-card", "poker", "tarot", "a6", "page"] | Size = "page"
    orientation: Literal["portrait", "landscape"] = "portrait"
    min_font_pt: float = Field(7.0, ge=6.0, le=14)
    max_font_pt: float = Field(10.0, ge=6.0, le=20)
    faces: list[Face] = Field(default_factory=list)
    legend_face: str | None = Field(
        None,
        description="the face that ends with the icon legend (default: the last face); "
        "pick the face with room to spare",
    )
    grid: Grid | None = None
    sheet: str | None = Field(
        None,
        description="form aids: the id of the kind: scoring document whose "
        "score sheet this is (its rows, columns and totals come "
        "from the model's `sheet`)",
    )
    notes: list[str | RuleItem] = Field(default_factory=list)
    source: SourceRef | None = Field(None, description="default source of the aid's notes")

    @model_validator(mode="after")
    def _shape(self):
        if self.format == "form" and (self.grid is None) == (self.sheet is None):
            raise ValueError("a form aid needs a `grid` or a `sheet` (a scoring model's score sheet), not both")
        if self.format != "form" and self.sheet is not None:
            raise ValueError("`sheet` is for form aids only")
        if self.format != "form" and not self.faces:
            raise ValueError(f"a {self.format} aid needs `faces`")
        if self.format == "card" and self.size == "page":
            raise ValueError("a card aid needs a card `size` (e.g. rftg-card or {width_mm, height_mm})")
        if self.legend_face is not None and self.legend_face not in [f.name for f in self.faces]:
            raise ValueError(
                f"legend_face '{self.legend_face}' is not one of this aid's faces "
                f"({', '.join(f.name for f in self.faces) or 'none'})"
            )
        return self


class Aids(Strict):
    """``kind: aids`` — the aids a game declares; `playaid build` renders each one."""

    kind: Literal["aids"]
    id: str = Field(pattern=ID_PATTERN)
    aids: list[Aid] = Field(min_length=1)
