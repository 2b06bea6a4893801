"""Imposition: place finished card faces n-up on A4 / US Letter sheets at 100 % scale.

Fronts and backs go on alternate pages; on a back page each card sits in the mirrored column so
that a sheet printed double-sided with a long-edge flip puts every back behind its front. Cut
lines run along every card edge from the card grid out to the page edges (never over a card).
Cards are rotated a quarter turn when that fits more of them on a portrait sheet.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from generator.render.fonts import register_fonts
from generator.units import mm_to_pt, paper_size_mm

#: Smallest margin left around the card grid: what home printers can reach (mm).
MIN_SHEET_MARGIN_MM = 5.0


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

    Raises ValueError when not even one card fits inside the margins.
    """
    paper_w, paper_h = paper_size_mm(paper)
    best = None
    for rotated in (False, True):
        cw, ch = (trim_h, trim_w) if rotated else (trim_w, trim_h)
        cols = int((paper_w - 2 * min_margin + 1e-9) // cw)
        rows = int((paper_h - 2 * min_margin + 1e-9) // ch)
        if cols * rows and (best is None or cols * rows > best[0] * best[1]):
            best = (cols, rows, rotated, cw, ch)
    if best is None:
        raise ValueError(f"a {trim_w:g} x {trim_h:g} mm card does not fit on {paper} with "
                         f"{min_margin:g} mm margins")
    cols, rows, rotated, cw, ch = best
    x0 = (paper_w - cols * cw) / 2
    y0 = (paper_h - rows * ch) / 2
    return SheetLayout(paper_w, paper_h, cols, rows, rotated, cw, ch, x0, y0)


def _overlay_pdf(layout: SheetLayout, label: str) -> bytes:
    """A one-page PDF with the cut lines and a one-line label in the top margin."""
    register_fonts()
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(mm_to_pt(layout.paper_w), mm_to_pt(layout.paper_h)),
                    invariant=1, pageCompression=1, initialFontName="PlayaidSans", initialFontSize=8)
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
    canvas.setFont("PlayaidSans", 6)
    # Just above the card grid (the part of the margin every printer reaches), cut to fit.
    label_y = gy1 + mm_to_pt(1.6)
    room = pw - gx0 - mm_to_pt(MIN_SHEET_MARGIN_MM + 2)
    if canvas.stringWidth(label, "PlayaidSans", 6) > room:
        while label and canvas.stringWidth(label + "…", "PlayaidSans", 6) > room:
            label = label[:-1]
        label += "…"
    # A white band behind the label interrupts the cut lines so the text stays legible.
    width = canvas.stringWidth(label, "PlayaidSans", 6)
    canvas.setFillGray(1)
    canvas.rect(gx0 + mm_to_pt(0.5), label_y - 2, width + mm_to_pt(2), 8, stroke=0, fill=1)
    canvas.setFillGray(0.2)
    canvas.drawString(gx0 + mm_to_pt(1.5), label_y, label)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def impose_cards(face_pdf: bytes, face_names: list[str], paper: str, title: str,
                 footer: str) -> bytes:
    """n-up sheet PDF from a PDF whose pages are the card's faces at trim size (front, back...).

    Each face becomes one Form XObject drawn once per slot (so a sheet of nine cards costs no
    more than one card); the back sheet mirrors columns for long-edge duplex. Returns PDF bytes
    (pages: one per face, in face order), byte-identical for identical input.
    """
    source = pikepdf.open(io.BytesIO(face_pdf))
    box = source.pages[0].mediabox
    left, bottom = float(box[0]), float(box[1])
    trim_w = (float(box[2]) - left) * 25.4 / 72
    trim_h = (float(box[3]) - bottom) * 25.4 / 72
    layout = sheet_layout(trim_w, trim_h, paper)
    sheets = pikepdf.new()
    for index, (page, name) in enumerate(zip(source.pages, face_names)):
        back = index % 2 == 1
        sheet = sheets.add_blank_page(page_size=(mm_to_pt(layout.paper_w), mm_to_pt(layout.paper_h)))
        # fixed resource names (not pikepdf's random ones) keep the output byte-identical
        card = sheet.add_resource(sheets.copy_foreign(page.as_form_xobject()), pikepdf.Name.XObject,
                                  pikepdf.Name("/Card"))
        ops = []
        for slot in range(layout.per_sheet):
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
        duplex = " · duplex: flip on long edge" if len(face_names) > 1 else ""
        overlay = pikepdf.open(io.BytesIO(_overlay_pdf(layout, f"{title} · {side}{duplex} · {footer}")))
        marks = sheet.add_resource(sheets.copy_foreign(overlay.pages[0].as_form_xobject()),
                                   pikepdf.Name.XObject, pikepdf.Name("/Marks"))
        ops.append(f"q {marks} Do Q")
        sheet.contents_add(pikepdf.Stream(sheets, "\n".join(ops).encode()), prepend=False)
    sheets.docinfo[pikepdf.Name.Title] = title
    sheets.docinfo[pikepdf.Name.Producer] = "playaid"
    out = io.BytesIO()
    sheets.save(out, deterministic_id=True, compress_streams=True)
    return out.getvalue()
