"""Where the cards of one sheet go (`sheet_layout`): the guillotine packing holding the most
cards inside the safe area, upright or a quarter turn round, mixed when that holds more; the
slots of a back page for a long-edge flip (`SheetLayout.slot`); the cut marks, each card edge
continued over the paper no card covers (`SheetLayout.marks`); the top band the sheet label
needs (`label_band_mm`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from reportlab.pdfbase.pdfmetrics import getAscentDescent

from generator.render.fonts import register_fonts
from generator.units import paper_size_mm, pt_to_mm

#: Smallest margin left around the card grid: what home printers can reach (mm).
MIN_SHEET_MARGIN_MM = 5.0
#: The sheet label: font size (pt), its smallest distance from the paper edge, its gap above the
#: card grid and its gap beside a cut tick (mm).
LABEL_FONT = "PlayaidSans"
LABEL_PT = 6
LABEL_EDGE_MM = 5.0
LABEL_GAP_MM = 1.0
LABEL_TICK_GAP_MM = 1.0


def label_band_mm() -> float:
    """Top margin (mm) the sheet label needs: edge distance + the 6 pt line's ascent and descent +
    the gap above the card grid (about 8.1 mm)."""
    ascent, descent = getAscentDescent(LABEL_FONT, LABEL_PT)
    return LABEL_EDGE_MM + pt_to_mm(ascent - descent) + LABEL_GAP_MM


#: Positions closer than this (mm) are the same position.
EPS_MM = 1e-6
#: A cut mark that would run towards a card across its line stops this far (mm) before it.
MARK_CLEARANCE_MM = 1.0
#: Shorter pieces of a cut mark (mm) are not drawn: too short to cut along.
MIN_MARK_MM = 2.0


@dataclass(frozen=True)
class Slot:
    """One card on a sheet: its footprint's bottom-left corner ``x``, ``y`` and size ``w`` x
    ``h`` (mm from the sheet's bottom-left corner; ``w`` and ``h`` swapped for a turned card),
    and ``turn``: 0 upright, 90 a quarter turn anticlockwise (the card's top points left), -90
    clockwise (its top points right: a turned front's back, so the tops meet after a long-edge
    flip)."""

    x: float
    y: float
    w: float
    h: float
    turn: int = 0

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def rotated(self) -> bool:
        return self.turn != 0


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards of one sheet go on a portrait sheet (mm from its bottom-left corner).

    ``slots`` in fill order: block by block of the packing (`sheet_layout`), each block row by
    row from its top left. ``trim_w`` x ``trim_h`` is the card's upright trim size.
    """

    paper_w: float
    paper_h: float
    trim_w: float
    trim_h: float
    slots: tuple[Slot, ...]

    @property
    def per_sheet(self) -> int:
        return len(self.slots)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """The cards' bounding box (left, bottom, right, top), mm."""
        return (
            min(s.x for s in self.slots),
            min(s.y for s in self.slots),
            max(s.right for s in self.slots),
            max(s.top for s in self.slots),
        )

    @property
    def x0(self) -> float:
        return self.bounds[0]

    @property
    def y0(self) -> float:
        return self.bounds[1]

    @property
    def coverage(self) -> float:
        """The share of the paper the cards cover (0-1)."""
        return self.per_sheet * self.trim_w * self.trim_h / (self.paper_w * self.paper_h)

    @property
    def rotated_count(self) -> int:
        return sum(s.rotated for s in self.slots)

    def slot(self, index: int, back: bool = False) -> Slot:
        """Card ``index``'s slot; on a back page the slot behind it after a long-edge flip: the
        footprint mirrored left to right, a turned card turned the other way."""
        s = self.slots[index]
        return Slot(self.paper_w - s.right, s.y, s.w, s.h, -s.turn) if back else s

    def back(self) -> SheetLayout:
        """The layout of the back page (`slot` with ``back``, for every card)."""
        return SheetLayout(
            self.paper_w,
            self.paper_h,
            self.trim_w,
            self.trim_h,
            tuple(self.slot(i, back=True) for i in range(self.per_sheet)),
        )

    def marks(self) -> list[tuple[float, float, float, float]]:
        """The cut marks as (x0, y0, x1, y1) lines in mm: horizontal ones bottom to top, then
        vertical ones left to right, each from its lower or left end.

        Every card edge is continued outwards along its line over the paper that no card covers
        (never along a card's edge or over a card) to the paper edge. Where the line would cross
        a card, the mark stops `MARK_CLEARANCE_MM` before it, so no mark points into a
        neighbouring card: a cut along it could only cut cards that share that line. Pieces
        shorter than `MIN_MARK_MM` are left out.
        """
        found: dict[tuple[str, float], list[tuple[float, float]]] = {}
        for s in self.slots:
            for vertical in (True, False):
                across = (s.x, s.right) if vertical else (s.y, s.top)
                low, high = (s.y, s.top) if vertical else (s.x, s.right)
                for line in across:
                    for start, step in ((high, 1), (low, -1)):
                        for piece in self._free_pieces(vertical, line, start, step):
                            found.setdefault(("v" if vertical else "h", round(line, 6)), []).append(piece)
        lines = []
        for (kind, line), pieces in sorted(found.items()):
            for a, b in _merged(pieces):
                lines.append((line, a, line, b) if kind == "v" else (a, line, b, line))
        return lines

    def _free_pieces(self, vertical: bool, line: float, start: float, step: int) -> list[tuple[float, float]]:
        """The pieces of a ray along ``line`` (x for a vertical line, y for a horizontal one)
        from ``start`` in direction ``step`` (+1 up/right, -1 down/left) that no card covers,
        up to the paper edge or `MARK_CLEARANCE_MM` before the first card it would cross."""
        end = (self.paper_h if vertical else self.paper_w) if step > 0 else 0.0
        length = abs(end - start)
        on_edge = []  # (from, to) distances along the ray covered by cards whose edge is the line
        for s in self.slots:
            lo, hi = (s.x, s.right) if vertical else (s.y, s.top)
            if not lo - EPS_MM <= line <= hi + EPS_MM:
                continue
            a, b = (s.y, s.top) if vertical else (s.x, s.right)
            t0, t1 = sorted(((a - start) * step, (b - start) * step))
            if t1 <= EPS_MM:
                continue  # behind the ray's start
            if lo + EPS_MM < line < hi - EPS_MM:  # the line crosses this card
                length = min(length, t0 - MARK_CLEARANCE_MM)
            else:
                on_edge.append((max(t0, 0.0), t1))
        pieces, at = [], 0.0
        for t0, t1 in sorted(on_edge) + [(length, length)]:
            if min(t0, length) - at >= MIN_MARK_MM - EPS_MM:
                pieces.append((at, min(t0, length)))
            at = max(at, t1)
            if at >= length:
                break
        ends = [(start + step * a, start + step * b) for a, b in pieces]
        return [(min(a, b), max(a, b)) for a, b in ends]


def _merged(pieces: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Overlapping or touching intervals joined, in order."""
    out: list[tuple[float, float]] = []
    for a, b in sorted(pieces):
        if out and a <= out[-1][1] + EPS_MM:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


# A packing: ("grid", cols, rows, turned) or ("split", vertical, first, second) with the first
# part left of (vertical) or above the second. Scored by (cards, -blocks, -turned cards).
_Pattern = tuple


def _score(pattern: _Pattern | None) -> tuple[int, int, int]:
    if pattern is None:
        return (0, 0, 0)
    if pattern[0] == "grid":
        cards = pattern[1] * pattern[2]
        return (cards, -1, -cards if pattern[3] else 0)
    a, b = _score(pattern[2]), _score(pattern[3])
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _raster(limit: float, a: float, b: float) -> list[float]:
    """Every length i * a + j * b (i, j >= 0, not both 0) up to ``limit``: where a guillotine
    cut between whole cards can fall (cards padded with the gutter)."""
    found = set()
    i = 0
    while i * a <= limit + EPS_MM:
        j = 0
        while i * a + j * b <= limit + EPS_MM:
            if i or j:
                found.add(round(i * a + j * b, 6))
            j += 1
        i += 1
    return sorted(found)


def _pack(width: float, height: float, a: float, b: float) -> _Pattern | None:
    """The best guillotine packing of ``a`` x ``b`` pieces, upright or turned, into ``width`` x
    ``height`` (all padded by the gutter: a block of n pieces is n pieces long); None when no
    piece fits. Exact over guillotine patterns (every sheet a trimmer can cut card by card)."""
    xs, ys = _raster(width, a, b), _raster(height, a, b)

    @cache
    def best(w: float, h: float) -> _Pattern | None:
        found: _Pattern | None = None
        for turned in (False, True):
            pw, ph = (b, a) if turned else (a, b)
            cols, rows = int((w + EPS_MM) // pw), int((h + EPS_MM) // ph)
            if cols and rows:
                grid = ("grid", cols, rows, turned)
                if _score(grid) > _score(found):
                    found = grid
        for vertical, length, other, points in ((True, w, h, xs), (False, h, w, ys)):
            for p in points:
                if p > length / 2 + EPS_MM:
                    break
                rest = _fit(points, length - p)
                if rest is None:
                    continue
                one = best(p, other) if vertical else best(other, p)
                two = best(rest, other) if vertical else best(other, rest)
                if one is None or two is None:
                    continue
                if _score(two)[0] > _score(one)[0]:
                    one, two = two, one  # the larger part first: at the top left
                split = ("split", vertical, one, two)
                if _score(split) > _score(found):
                    found = split
        return found

    w, h = _fit(xs, width), _fit(ys, height)
    return None if w is None or h is None else best(w, h)


def _fit(points: list[float], length: float) -> float | None:
    """The largest raster point not over ``length``."""
    fitting = [p for p in points if p <= length + EPS_MM]
    return fitting[-1] if fitting else None


def _place(pattern: _Pattern, x: float, top: float, a: float, b: float, gutter: float) -> list[Slot]:
    """The slots of ``pattern`` with its top-left corner at (``x``, ``top``); each part of a
    split starts one gutter after the cards of the part before it."""
    if pattern[0] == "grid":
        _, cols, rows, turned = pattern
        w, h = (b, a) if turned else (a, b)
        return [
            Slot(x + c * (w + gutter), top - (r + 1) * h - r * gutter, w, h, 90 if turned else 0)
            for r in range(rows)
            for c in range(cols)
        ]
    _, vertical, one, two = pattern
    first = _place(one, x, top, a, b, gutter)
    if vertical:
        return first + _place(two, max(s.right for s in first) + gutter, top, a, b, gutter)
    return first + _place(two, x, min(s.y for s in first) - gutter, a, b, gutter)


@lru_cache(maxsize=64)
def sheet_layout(
    trim_w: float, trim_h: float, paper: str, min_margin: float = MIN_SHEET_MARGIN_MM, gutter: float = 0.0
) -> SheetLayout:
    """The n-up layout holding the most ``trim_w`` x ``trim_h`` mm cards on a portrait sheet.

    The cards go inside the safe area: ``min_margin`` (mm) from the left, right and bottom paper
    edges, `label_band_mm` from the top (room for the sheet label). Among the guillotine
    packings (blocks of upright or turned cards, each block a grid, the sheet cut into blocks by
    straight cuts), the one with the most cards wins; then the one with the fewest blocks, then
    the fewest turned cards. ``gutter`` (mm) is the space between neighbouring cards (0: they
    share a cut). The cards are centred on the sheet, as far as the label band allows.
    Raises ValueError when not even one card fits inside the margins.
    """
    register_fonts()
    paper_w, paper_h = paper_size_mm(paper)
    top_margin = max(min_margin, label_band_mm())
    width, height = paper_w - 2 * min_margin, paper_h - min_margin - top_margin
    pattern = (
        _pack(width + gutter, height + gutter, trim_w + gutter, trim_h + gutter) if width > 0 and height > 0 else None
    )
    if pattern is None:
        raise ValueError(
            f"a {trim_w:g} x {trim_h:g} mm card does not fit on {paper} with "
            f"{min_margin:g} mm margins ({top_margin:.1f} mm at the top, for the sheet label)"
        )
    slots = _place(pattern, 0.0, 0.0, trim_w, trim_h, gutter)
    left, bottom = min(s.x for s in slots), min(s.y for s in slots)
    used_w, used_h = max(s.right for s in slots) - left, -bottom
    x0 = (paper_w - used_w) / 2
    y0 = min((paper_h - used_h) / 2, paper_h - top_margin - used_h)
    dx, dy = x0 - left, y0 - bottom
    return SheetLayout(
        paper_w, paper_h, trim_w, trim_h, tuple(Slot(s.x + dx, s.y + dy, s.w, s.h, s.turn) for s in slots)
    )
