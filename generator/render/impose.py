"""Imposition: place finished card faces n-up on A4 / US Letter sheets at 100 % scale.

Fronts and backs go on alternate pages; on a back page each card sits in the mirrored column so
that a sheet printed double-sided with a long-edge flip puts every back behind its front. Cut
lines run along every card edge from the card grid out to the page edges (never over a card).
Cards are rotated a quarter turn when that fits more of them on a portrait sheet.

Two sheet labels, each in one piece between two cut ticks (never covering one, never split by
one), at least `LABEL_EDGE_MM` from the paper edge (inside the unprintable margin of many home
printers they would be cut off): what the sheet is (aid and side) in the top margin over the
first card, and how to print it (duplex, 100 %, content version and date) up the left margin
beside the top card row.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pikepdf
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.render.fonts import register_fonts
from generator.units import mm_to_pt, paper_size_mm, pt_to_mm

#: Smallest margin left around the card grid: what home printers can reach (mm).
MIN_SHEET_MARGIN_MM = 5.0
#: The sheet label: font size (pt), its smallest distance from the paper edge, its gap above the
#: card grid and its gap beside a cut tick (mm).
LABEL_FONT = "PlayaidSans"
LABEL_PT = 6
LABEL_EDGE_MM = 5.0
LABEL_GAP_MM = 1.0
LABEL_TICK_GAP_MM = 1.0
#: Between the parts of a label, and in place of what did not fit.
LABEL_SEPARATOR = " · "
ELLIPSIS = "…"


def label_band_mm() -> float:
    """Top margin (mm) the sheet label needs: edge distance + the 6 pt line's ascent and descent +
    the gap above the card grid (about 8.1 mm)."""
    ascent, descent = getAscentDescent(LABEL_FONT, LABEL_PT)
    return LABEL_EDGE_MM + pt_to_mm(ascent - descent) + LABEL_GAP_MM


@dataclass(frozen=True)
class SheetLayout:
    """Where cards go on a portrait sheet; all lengths in mm from the sheet's bottom-left corner.

    ``cell_w``/``cell_h`` are the card's footprint on the sheet (swapped when ``rotated``).
    """

    paper_w: float
    paper_h: float
    cols: int
    rows: int
    rotated: bool
    cell_w: float
    cell_h: float
    x0: float
    y0: float

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def slot(self, index: int, back: bool = False) -> tuple[float, float]:
        """Bottom-left corner (mm) of card ``index`` (row-major from the top-left); on a back
        page the column is mirrored for long-edge duplex."""
        row, col = divmod(index, self.cols)
        if back:
            col = self.cols - 1 - col
        x = self.x0 + col * self.cell_w
        y = self.y0 + (self.rows - 1 - row) * self.cell_h
        return x, y


def sheet_layout(trim_w: float, trim_h: float, paper: str,
                 min_margin: float = MIN_SHEET_MARGIN_MM) -> SheetLayout:
    """The n-up layout holding the most cards of ``trim_w`` x ``trim_h`` mm on a portrait sheet.

    The grid is centred, except that the top margin is at least `label_band_mm` (room for the
    sheet label) and the others at least ``min_margin`` (mm).
    Raises ValueError when not even one card fits inside the margins.
    """
    register_fonts()
    paper_w, paper_h = paper_size_mm(paper)
    top_margin = max(min_margin, label_band_mm())
    best = None
    for rotated in (False, True):
        cw, ch = (trim_h, trim_w) if rotated else (trim_w, trim_h)
        cols = int((paper_w - 2 * min_margin + 1e-9) // cw)
        rows = int((paper_h - min_margin - top_margin + 1e-9) // ch)
        if cols * rows and (best is None or cols * rows > best[0] * best[1]):
            best = (cols, rows, rotated, cw, ch)
    if best is None:
        raise ValueError(f"a {trim_w:g} x {trim_h:g} mm card does not fit on {paper} with "
                         f"{min_margin:g} mm margins ({top_margin:.1f} mm at the top, for the sheet label)")
    cols, rows, rotated, cw, ch = best
    x0 = (paper_w - cols * cw) / 2
    y0 = min((paper_h - rows * ch) / 2, paper_h - top_margin - rows * ch)
    return SheetLayout(paper_w, paper_h, cols, rows, rotated, cw, ch, x0, y0)


def _overlay_pdf(layout: SheetLayout, labels: SheetLabels) -> bytes:
    """A one-page PDF with the cut lines and the sheet labels (see `place_labels`)."""
    register_fonts()
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(mm_to_pt(layout.paper_w), mm_to_pt(layout.paper_h)),
                    invariant=1, pageCompression=1, initialFontName=LABEL_FONT, initialFontSize=8)
    pw, ph = mm_to_pt(layout.paper_w), mm_to_pt(layout.paper_h)
    gx0, gy0 = mm_to_pt(layout.x0), mm_to_pt(layout.y0)
    gx1 = mm_to_pt(layout.x0 + layout.cols * layout.cell_w)
    gy1 = mm_to_pt(layout.y0 + layout.rows * layout.cell_h)
    canvas.setStrokeGray(0.35)
    canvas.setLineWidth(0.3)
    for i in range(layout.cols + 1):
        x = mm_to_pt(layout.x0 + i * layout.cell_w)
        canvas.line(x, 0, x, gy0)
        canvas.line(x, gy1, x, ph)
    for j in range(layout.rows + 1):
        y = mm_to_pt(layout.y0 + j * layout.cell_h)
        canvas.line(0, y, gx0, y)
        canvas.line(gx1, y, pw, y)
    canvas.setFillGray(0.2)
    canvas.setFont(LABEL_FONT, LABEL_PT)
    for run in place_labels(layout, labels):
        canvas.saveState()
        canvas.translate(mm_to_pt(run.x), mm_to_pt(run.y))
        canvas.rotate(run.angle)
        canvas.drawString(0, 0, run.text)
        canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


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


def place_labels(layout: SheetLayout, labels: SheetLabels) -> list[LabelRun]:
    """Each label in one piece between two cut ticks, never split across one.

    ``what`` goes in the top margin over the first card column, `LABEL_TICK_GAP_MM` clear of
    its ticks; ``how`` runs upwards in the left margin beside the top card row, at least
    `LABEL_EDGE_MM` from the paper edge and clear of the row's ticks. A label longer than its
    gap ends in an ellipsis. When the left margin is too narrow for a line of text, ``how``
    goes in the top margin over the next card column (or after ``what`` with one column).
    """
    ascent, descent = (pt_to_mm(v) for v in getAscentDescent(LABEL_FONT, LABEL_PT))
    grid_top = layout.y0 + layout.rows * layout.cell_h
    baseline = grid_top + LABEL_GAP_MM - descent
    gap = layout.cell_w - 2 * LABEL_TICK_GAP_MM
    runs = [LabelRun(layout.x0 + LABEL_TICK_GAP_MM, baseline, 0, _shorten(labels.what, gap))]
    side_x = LABEL_EDGE_MM + ascent  # the baseline of upward text; its ascent points to the edge
    if side_x - descent + LABEL_GAP_MM <= layout.x0:
        row_bottom = grid_top - layout.cell_h
        runs.append(LabelRun(side_x, row_bottom + LABEL_TICK_GAP_MM, 90,
                             _shorten(labels.how, layout.cell_h - 2 * LABEL_TICK_GAP_MM)))
    elif layout.cols > 1:
        runs.append(LabelRun(layout.x0 + layout.cell_w + LABEL_TICK_GAP_MM, baseline, 0,
                             _shorten(labels.how, gap)))
    else:
        runs[0] = LabelRun(runs[0].x, baseline, 0, _shorten(f"{labels.what}{LABEL_SEPARATOR}{labels.how}", gap))
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


def impose_cards(face_pdf: bytes, face_names: list[str], paper: str, title: str,
                 footer: str, copies: int | None = None) -> bytes:
    """n-up sheet PDF from a PDF whose pages are the card's faces at trim size (front, back...).

    ``copies``: how many cards to print (e.g. one per player); None fills one sheet. More
    copies than a sheet holds take more sheets, the last one filled from its top-left slot.
    Each face becomes one Form XObject drawn once per slot (so a sheet of nine cards costs no
    more than one card); the back sheet mirrors columns for long-edge duplex. Returns PDF bytes
    (pages: one per face per sheet, faces in order), byte-identical for identical input.
    """
    source = pikepdf.open(io.BytesIO(face_pdf))
    box = source.pages[0].mediabox
    left, bottom = float(box[0]), float(box[1])
    trim_w = pt_to_mm(float(box[2]) - left)
    trim_h = pt_to_mm(float(box[3]) - bottom)
    layout = sheet_layout(trim_w, trim_h, paper)
    wanted = copies or layout.per_sheet
    count = -(-wanted // layout.per_sheet)
    sheets = pikepdf.new()
    faces = [sheets.copy_foreign(page.as_form_xobject()) for page in source.pages]
    for number in range(count):
        cards = min(layout.per_sheet, wanted - number * layout.per_sheet)
        for index, (face, name) in enumerate(zip(faces, face_names)):
            back = index % 2 == 1
            sheet = sheets.add_blank_page(page_size=(mm_to_pt(layout.paper_w), mm_to_pt(layout.paper_h)))
            # fixed resource names (not pikepdf's random ones) keep the output byte-identical
            card = sheet.add_resource(face, pikepdf.Name.XObject, pikepdf.Name("/Card"))
            ops = []
            for slot in range(cards):
                x, y = layout.slot(slot, back=back)
                x_pt, y_pt = mm_to_pt(x), mm_to_pt(y)
                if not layout.rotated:
                    matrix = (1, 0, 0, 1, x_pt - left, y_pt - bottom)
                elif not back:  # a quarter turn anticlockwise: card top points left
                    matrix = (0, 1, -1, 0, x_pt + mm_to_pt(layout.cell_w) + bottom, y_pt - left)
                else:  # clockwise on the back, so the tops meet after a long-edge flip
                    matrix = (0, -1, 1, 0, x_pt - bottom, y_pt + mm_to_pt(layout.cell_h) + left)
                ops.append("q " + " ".join(f"{v:.4f}" for v in matrix) + f" cm {card} Do Q")
            side = "backs" if back else "fronts"
            if name not in ("front", "back"):
                side += f" ({name})"
            if count > 1:
                side += f" · sheet {number + 1} of {count}"
            duplex = "duplex: flip on long edge · " if len(face_names) > 1 else ""
            labels = SheetLabels(f"{title}{LABEL_SEPARATOR}{side}", f"{duplex}{footer}")
            overlay = pikepdf.open(io.BytesIO(_overlay_pdf(layout, labels)))
            marks = sheet.add_resource(sheets.copy_foreign(overlay.pages[0].as_form_xobject()),
                                       pikepdf.Name.XObject, pikepdf.Name("/Marks"))
            ops.append(f"q {marks} Do Q")
            sheet.contents_add(pikepdf.Stream(sheets, "\n".join(ops).encode()), prepend=False)
    sheets.docinfo[pikepdf.Name.Title] = title
    sheets.docinfo[pikepdf.Name.Producer] = "playaid"
    out = io.BytesIO()
    sheets.save(out, deterministic_id=True, compress_streams=True)
    return out.getvalue()
