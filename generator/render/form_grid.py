"""The logical grid of a form aid, before any drawing: expanded rows and columns, the kind of box
where they meet, which boxes are totals of which others, and the order Tab visits the boxes.

Field names are ``<row id>.<column id>`` (e.g. ``total.player_1``, ``game_3.campaign_score``):
in the fillable PDF each row is a parent field and each box one of its kids, so the dotted name
is the field's fully qualified name in every viewer.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.content.aids import Grid, GridLine
from generator.render.typography import minus_signs


@dataclass(frozen=True)
class Line:
    """A row or column after expanding ``repeat``: field id, printed label, field kind, and
    ``base``, the id content gave it (``player`` for ``player_3``)."""

    id: str
    label: str
    field: str
    emphasis: bool
    width: float
    help: str
    base: str = ""
    sum: tuple[str, ...] = ()
    running_total: str | None = None
    points: dict | None = None


def expand(lines: list[GridLine]) -> list[Line]:
    """Expand ``repeat: N`` lines into N lines labelled with {n} = 1..N."""
    out = []
    for line in lines:
        count = line.repeat or 1
        for n in range(1, count + 1):
            ident = f"{line.id}_{n}" if line.repeat else line.id
            label = line.label.replace("{n}", str(n))
            out.append(
                Line(
                    ident,
                    minus_signs(label),
                    line.field,
                    getattr(line, "emphasis", False),
                    line.width or 1.0,
                    minus_signs(line.help or ""),
                    line.id,
                    tuple(getattr(line, "sum", None) or ()),
                    getattr(line, "running_total", None),
                    getattr(line, "points", None),
                )
            )
    return out


def cell_field(row: Line, col: Line) -> str:
    """The kind of box where a row meets a column: checkbox > none > text > number."""
    kinds = {row.field, col.field}
    for kind in ("checkbox", "none", "text"):
        if kind in kinds:
            return kind
    return "number"


def field_name(row: Line, col: Line) -> str:
    """The fully qualified field name of the box where ``row`` meets ``col``."""
    return f"{row.id}.{col.id}"


@dataclass(frozen=True)
class Calculation:
    """A computed box: ``target`` = the sum of the number boxes ``sources`` (field names).

    It stays blank while every source is blank, or, with ``blank_unless``, while that box is
    blank (a running total has nothing to say for a game not yet played).
    """

    target: str
    sources: tuple[str, ...]
    blank_unless: str | None = None
    script: str | None = None  # a calculate action of its own (a formula), instead of a sum


@dataclass(frozen=True)
class FormPlan:
    """Every box of a form, logically: ``kinds`` {field name: text | number | checkbox} in Tab
    order, ``calculations`` in the order a viewer must run them (a total that adds up other
    totals comes after them), and ``tab_down``: Tab goes down each column (True) or along each
    row (False)."""

    kinds: dict[str, str]
    calculations: list[Calculation]
    tab_down: bool

    @property
    def totals(self) -> list[str]:
        return [c.target for c in self.calculations]


def plan_form(grid: Grid) -> FormPlan:
    """The `FormPlan` of a grid: totals from each line's ``sum`` / ``running_total`` (lines of a
    score sheet generated from a scoring model: `generator.compile.score_sheet`)."""
    rows, cols = expand(grid.rows), expand(grid.columns)
    # One repeated line is one player or one game: Tab finishes it before moving on.
    tab_down = any(c.base != c.id for c in cols) and not any(r.base != r.id for r in rows)
    cells = [(r, c) for c in cols for r in rows] if tab_down else [(r, c) for r in rows for c in cols]
    kinds = {field_name(r, c): cell_field(r, c) for r, c in cells if cell_field(r, c) != "none"}

    def numbers(row_lines, col_lines) -> tuple[str, ...]:
        return tuple(field_name(r, c) for r in row_lines for c in col_lines if cell_field(r, c) == "number")

    calcs: dict[str, Calculation] = {}
    for r in rows:
        for c in cols:
            if cell_field(r, c) != "number":
                continue
            name = field_name(r, c)
            if r.sum:
                calcs[name] = Calculation(name, numbers([x for x in rows if x.base in r.sum], [c]))
            elif c.sum:
                calcs[name] = Calculation(name, numbers([r], [x for x in cols if x.base in c.sum]))
            elif c.points and r.base != r.id:
                from generator.render.form_formulas import Untranslatable, campaign_points_script

                game_rows = [x.id for x in rows if x.base == r.base]
                try:
                    script, sources = campaign_points_script(game_rows, game_rows.index(r.id), c.id, **c.points)
                except Untranslatable:
                    continue  # a plain number box, typed by hand
                calcs[name] = Calculation(name, sources, script=script)
            elif c.running_total:
                source_cols = [x for x in cols if x.base == c.running_total]
                upto = rows[: rows.index(r) + 1]
                own = numbers([r], source_cols)
                calcs[name] = Calculation(name, numbers(upto, source_cols), own[0] if own else None)
    return FormPlan(kinds, _dependency_order(calcs, list(kinds)), tab_down)


def _dependency_order(calcs: dict[str, Calculation], order: list[str]) -> list[Calculation]:
    """Calculations with every total after the totals it adds up; otherwise in Tab order.
    (Content validation refuses circles; ``visiting`` only keeps a bad grid from recursing.)"""
    done: dict[str, Calculation] = {}
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in done or name in visiting:
            return
        visiting.add(name)
        for source in calcs[name].sources:
            if source in calcs:
                visit(source)
        done[name] = calcs[name]

    for name in order:
        if name in calcs:
            visit(name)
    return list(done.values())
