"""Print-shop marks: crop marks outside the bleed, on a page grown to hold them.

A print-shop page arrives at trim + bleed (TrimBox inside BleedBox, MediaBox = BleedBox). The
marks must not touch the bleed: a trimming error of a millimetre would leave a stub of mark on
the piece. So the MediaBox grows past the BleedBox by the marks' offset and length (the slug),
and at each corner two short lines continue the trim edges out there. TrimBox and BleedBox keep
their positions, so imposition software still finds the piece where it was.

WeasyPrint's ``marks: crop`` and ReportLab's ``cropMarks`` both draw inside the bleed, so neither
is used.
"""

from __future__ import annotations

import io

import pikepdf

from generator.units import mm_to_pt

#: Gap between the bleed edge and the start of each mark (mm): the marks stay clear of the bleed.
CROP_MARK_OFFSET_MM = 2.0
#: Length of each mark (mm).
CROP_MARK_LENGTH_MM = 5.0
#: Stroke width of the marks (pt): thin enough to cut on, thick enough to print.
CROP_MARK_WIDTH_PT = 0.25
#: How far the MediaBox extends past the BleedBox on every side (mm).
SLUG_MM = CROP_MARK_OFFSET_MM + CROP_MARK_LENGTH_MM

#: Registration colour: a separation named All prints on every plate (tint 1 = 100 % CMYK).
_REGISTRATION = ("/Separation", "/All", "/DeviceCMYK")


def _registration_space(pdf: pikepdf.Pdf) -> pikepdf.Array:
    tint = pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=[1, 1, 1, 1], N=1)
    return pikepdf.Array(
        [
            pikepdf.Name(_REGISTRATION[0]),
            pikepdf.Name(_REGISTRATION[1]),
            pikepdf.Name(_REGISTRATION[2]),
            pdf.make_indirect(tint),
        ]
    )


def crop_mark_lines(
    trim: tuple[float, float, float, float], bleed: tuple[float, float, float, float]
) -> list[tuple[float, float, float, float]]:
    """The eight crop marks as (x0, y0, x1, y1) lines in pt, for a TrimBox and BleedBox given as
    (left, bottom, right, top) in pt: each continues a trim edge, starting `CROP_MARK_OFFSET_MM`
    beyond the bleed edge and running `CROP_MARK_LENGTH_MM` outwards."""
    tl, tb, tr, tt = trim
    bl, bb, br, bt = bleed
    gap, length = mm_to_pt(CROP_MARK_OFFSET_MM), mm_to_pt(CROP_MARK_LENGTH_MM)
    lines = []
    for x in (tl, tr):  # vertical marks below and above the piece
        lines.append((x, bb - gap - length, x, bb - gap))
        lines.append((x, bt + gap, x, bt + gap + length))
    for y in (tb, tt):  # horizontal marks left and right of the piece
        lines.append((bl - gap - length, y, bl - gap, y))
        lines.append((br + gap, y, br + gap + length, y))
    return lines


def _box(page: pikepdf.Page, name: str) -> tuple[float, float, float, float] | None:
    value = page.obj.get(name)
    if value is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def add_crop_marks(pdf_bytes: bytes) -> bytes:
    """``pdf_bytes`` with every page's MediaBox grown by `SLUG_MM` past its BleedBox and crop
    marks drawn there (registration colour, `CROP_MARK_WIDTH_PT`, butt caps). TrimBox and
    BleedBox are written explicitly and keep their coordinates. Byte-identical for identical
    input. Raises ValueError when a page has no TrimBox (nothing to mark)."""
    pdf = pikepdf.open(io.BytesIO(pdf_bytes))
    registration = _registration_space(pdf)
    slug = mm_to_pt(SLUG_MM)
    for number, page in enumerate(pdf.pages, start=1):
        trim = _box(page, "/TrimBox")
        if trim is None:
            raise ValueError(f"page {number} has no TrimBox: crop marks need the trim")
        bleed = _box(page, "/BleedBox") or _box(page, "/MediaBox")
        if bleed is None:
            raise ValueError(f"page {number} has no MediaBox: crop marks go outside it")
        page.obj.TrimBox = pikepdf.Array(trim)
        page.obj.BleedBox = pikepdf.Array(bleed)
        page.obj.MediaBox = pikepdf.Array([bleed[0] - slug, bleed[1] - slug, bleed[2] + slug, bleed[3] + slug])
        if "/CropBox" in page.obj:
            del page.obj.CropBox  # defaults to the MediaBox: the marks must show
        name = page.add_resource(
            registration, pikepdf.Name.ColorSpace, pikepdf.Name("/PlayaidReg"), replace_existing=True
        )
        ops = [f"{name} CS 1 SCN {CROP_MARK_WIDTH_PT:g} w 0 J [] 0 d"]
        ops += [f"{x0:.3f} {y0:.3f} m {x1:.3f} {y1:.3f} l S" for x0, y0, x1, y1 in crop_mark_lines(trim, bleed)]
        # The page's own drawing is wrapped in q/Q so its graphics state cannot leak into the marks.
        page.contents_add(pikepdf.Stream(pdf, b"q\n"), prepend=True)
        page.contents_add(pikepdf.Stream(pdf, ("Q\nq\n" + "\n".join(ops) + "\nQ\n").encode()))
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True, compress_streams=True)
    return out.getvalue()
