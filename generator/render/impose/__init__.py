"""Imposition: place finished card faces n-up on A4 / US Letter sheets at 100 % scale.

The layout is computed for each card size and paper (`sheet_layout`): the guillotine packing
holding the most cards inside the safe area, cards upright or a quarter turn round, mixed when
that holds more (tarot cards: 4 turned beside 2 upright on A4). Neighbouring cards share a cut.
Fronts and backs go on alternate pages; on a back page each card sits where a long-edge flip
puts its front's back, a turned card turned the other way so that the tops meet. Cut marks
continue every card edge over the paper no card covers, to the paper edge, and stop short of
any card their line would cross (`SheetLayout.marks`).

Two sheet labels, each in one piece between two cut marks (never covering one, never split by
one), at least `LABEL_EDGE_MM` from the paper edge (inside the unprintable margin of many home
printers they would be cut off): what the sheet is (aid and side) in the top margin over the
first card, and how to print it (duplex, 100 %, content version and date) up the left margin
beside the top card, or in the next gap that holds it whole (`place_labels`).
"""

from __future__ import annotations

import io

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from generator.render.fonts import register_fonts
from generator.render.impose.labels import LABEL_SEPARATOR, SheetLabels, place_labels
from generator.render.impose.layout import LABEL_FONT, LABEL_PT, SheetLayout, Slot, sheet_layout
from generator.units import mm_to_pt, pt_to_mm


def _overlay_pdf(layout: SheetLayout, labels: SheetLabels) -> bytes:
    """A one-page PDF with the cut marks (`SheetLayout.marks`) and the sheet labels (see
    `place_labels`)."""
    register_fonts()
    buf = io.BytesIO()
    canvas = Canvas(
        buf,
        pagesize=(mm_to_pt(layout.paper_w), mm_to_pt(layout.paper_h)),
        invariant=1,
        pageCompression=1,
        initialFontName=LABEL_FONT,
        initialFontSize=8,
    )
    canvas.setStrokeGray(0.35)
    canvas.setLineWidth(0.3)
    for x0, y0, x1, y1 in layout.marks():
        canvas.line(mm_to_pt(x0), mm_to_pt(y0), mm_to_pt(x1), mm_to_pt(y1))
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


def card_matrix(slot: Slot, left: float = 0.0, bottom: float = 0.0) -> tuple[float, ...]:
    """The PDF matrix (a, b, c, d, e, f; pt) drawing a card face whose box starts at (``left``,
    ``bottom``) pt into ``slot``: upright, a quarter turn anticlockwise (``turn`` 90) or
    clockwise (-90)."""
    x, y = mm_to_pt(slot.x), mm_to_pt(slot.y)
    if slot.turn == 0:
        return (1, 0, 0, 1, x - left, y - bottom)
    if slot.turn == 90:  # the card's top points left
        return (0, 1, -1, 0, x + mm_to_pt(slot.w) + bottom, y - left)
    return (0, -1, 1, 0, x - bottom, y + mm_to_pt(slot.h) + left)  # its top points right


def impose_cards(
    face_pdf: bytes, face_names: list[str], paper: str, title: str, footer: str, copies: int | None = None
) -> bytes:
    """n-up sheet PDF from a PDF whose pages are the card's faces at trim size (front, back...).

    ``copies``: how many cards to print (e.g. one per player); None fills one sheet. More
    copies than a sheet holds take more sheets, the last one filled from its first slot.
    Each face becomes one Form XObject drawn once per slot (so a sheet of nine cards costs no
    more than one card); a back page puts each card's back behind its front for a long-edge
    flip (`SheetLayout.slot`), with its own cut marks and labels. Returns PDF bytes (pages: one
    per face per sheet, faces in order), byte-identical for identical input.
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
                matrix = card_matrix(layout.slot(slot, back=back), left, bottom)
                ops.append("q " + " ".join(f"{v:.4f}" for v in matrix) + f" cm {card} Do Q")
            side = "backs" if back else "fronts"
            if name not in ("front", "back"):
                side += f" ({name})"
            if count > 1:
                side += f" · sheet {number + 1} of {count}"
            duplex = "duplex: flip on long edge · " if len(face_names) > 1 else ""
            labels = SheetLabels(f"{title}{LABEL_SEPARATOR}{side}", f"{duplex}{footer}")
            overlay = pikepdf.open(io.BytesIO(_overlay_pdf(layout.back() if back else layout, labels)))
            marks = sheet.add_resource(
                sheets.copy_foreign(overlay.pages[0].as_form_xobject()), pikepdf.Name.XObject, pikepdf.Name("/Marks")
            )
            ops.append(f"q {marks} Do Q")
            sheet.contents_add(pikepdf.Stream(sheets, "\n".join(ops).encode()), prepend=False)
    sheets.docinfo[pikepdf.Name.Title] = title
    sheets.docinfo[pikepdf.Name.Producer] = "playaid"
    out = io.BytesIO()
    sheets.save(out, deterministic_id=True, compress_streams=True)
    return out.getvalue()
