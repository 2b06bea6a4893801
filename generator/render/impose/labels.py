"""The two sheet labels, each in one piece between two cut marks (`place_labels`): what the sheet
is (`SheetLabels.what`) and how to print it (`SheetLabels.how`), shortened with an ellipsis
where no gap holds them whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from generator.render.impose.layout import (
    EPS_MM,
    LABEL_EDGE_MM,
    LABEL_FONT,
    LABEL_GAP_MM,
    LABEL_PT,
    LABEL_TICK_GAP_MM,
    SheetLayout,
)
from generator.units import pt_to_mm

#: Between the parts of a label, and in place of what did not fit.
LABEL_SEPARATOR = " · "
ELLIPSIS = "…"


@dataclass(frozen=True)
class SheetLabels:
    """What a card sheet says in its margins: ``what`` (the aid and the side, e.g. "Invasion
    Game Summary · fronts") and ``how`` (how to print it and which content it shows: duplex,
    100 %, content version and date)."""

    what: str
    how: str


@dataclass(frozen=True)
class LabelRun:
    """One label as drawn: its baseline's start (mm from the sheet's bottom-left corner), its
    angle (0 upright, 90 reading upwards) and its text."""

    x: float
    y: float
    angle: int
    text: str


def margin_gaps(layout: SheetLayout) -> dict[str, list[tuple[float, float]]]:
    """The gaps between neighbouring cut marks in each margin the labels use, as (from, to) in
    mm: ``top`` (x, left to right, between the marks crossing the top margin), ``left`` and
    ``right`` (y, top to bottom, between the marks crossing that margin), each inside the
    cards' bounding box."""
    left, bottom, right, top = layout.bounds
    marks = layout.marks()
    top_x = sorted({x0 for x0, y0, x1, y1 in marks if x0 == x1 and y1 > top + EPS_MM})
    left_y = sorted({y0 for x0, y0, x1, y1 in marks if y0 == y1 and x0 < left - EPS_MM}, reverse=True)
    right_y = sorted({y0 for x0, y0, x1, y1 in marks if y0 == y1 and x1 > right + EPS_MM}, reverse=True)
    return {
        "top": list(zip(top_x, top_x[1:])),
        "left": [(b, a) for a, b in zip(left_y, left_y[1:])],
        "right": [(b, a) for a, b in zip(right_y, right_y[1:])],
    }


def place_labels(layout: SheetLayout, labels: SheetLabels) -> list[LabelRun]:
    """Each label in one piece between two cut marks, never split across one.

    ``what`` goes in the top margin over the first gap between marks (the top-left card),
    `LABEL_TICK_GAP_MM` clear of them. ``how`` goes in the first of these gaps that holds it
    whole: up the left margin beside each card from the top, then over the next gaps of the top
    margin, then up the right margin from the top; a side margin is used only when a line of
    text fits in it at least `LABEL_EDGE_MM` from the paper edge. When none holds it whole, the
    first of them holds it shortened with an ellipsis (as does ``what`` when longer than its
    gap); with none at all, ``how`` follows ``what`` over the first card.
    """
    ascent, descent = (pt_to_mm(v) for v in getAscentDescent(LABEL_FONT, LABEL_PT))
    left, _bottom, right, grid_top = layout.bounds
    baseline = grid_top + LABEL_GAP_MM - descent
    gaps = margin_gaps(layout)
    (first_a, first_b), *other_top = gaps["top"]
    runs = [
        LabelRun(
            first_a + LABEL_TICK_GAP_MM, baseline, 0, _shorten(labels.what, first_b - first_a - 2 * LABEL_TICK_GAP_MM)
        )
    ]
    line_mm = ascent - descent + LABEL_GAP_MM  # a line of text and its gap to the cards
    candidates = []  # (x, y, angle, room) of each place ``how`` may go, in order of preference
    left_x = LABEL_EDGE_MM + ascent  # the baseline of upward text; its ascent points to the edge
    if LABEL_EDGE_MM + line_mm <= left + EPS_MM:
        candidates += [(left_x, a + LABEL_TICK_GAP_MM, 90, b - a) for a, b in gaps["left"]]
    candidates += [(a + LABEL_TICK_GAP_MM, baseline, 0, b - a) for a, b in other_top]
    right_x = layout.paper_w - LABEL_EDGE_MM + descent
    if right + line_mm <= layout.paper_w - LABEL_EDGE_MM + EPS_MM:
        candidates += [(right_x, a + LABEL_TICK_GAP_MM, 90, b - a) for a, b in gaps["right"]]
    whole = [c for c in candidates if _width_mm(labels.how) <= c[3] - 2 * LABEL_TICK_GAP_MM]
    if whole or candidates:
        x, y, angle, room = (whole or candidates)[0]
        runs.append(LabelRun(x, y, angle, _shorten(labels.how, room - 2 * LABEL_TICK_GAP_MM)))
    else:
        runs[0] = LabelRun(
            runs[0].x,
            baseline,
            0,
            _shorten(f"{labels.what}{LABEL_SEPARATOR}{labels.how}", first_b - first_a - 2 * LABEL_TICK_GAP_MM),
        )
    return runs


def _width_mm(text: str) -> float:
    return pt_to_mm(stringWidth(text, LABEL_FONT, LABEL_PT))


def _shorten(text: str, width_mm: float) -> str:
    """``text`` cut to fit ``width_mm`` with an ellipsis ("" when not even that fits)."""
    if _width_mm(text) <= width_mm:
        return text
    while text and _width_mm(text.rstrip() + ELLIPSIS) > width_mm:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS if text else ""
