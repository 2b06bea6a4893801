"""Print-shop output: crop marks outside the bleed, on every page kind (card faces, full pages,
forms) and both papers; boxes in mm; no mark inside the BleedBox."""

from __future__ import annotations

import ctypes

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.units import mm_to_pt
from tests.render_helpers import box_mm, pages, size_mm

PT_PER_MM = mm_to_pt(1)


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    out = tmp_path_factory.mktemp("print-shop")
    for paper in ("a4", "letter"):
        report = build(
            BuildOptions(
                content_dir=PROJECT_ROOT / "content",
                out_dir=out,
                jobs=1,
                only=("frontier-summary", "fame-points", "strength-tables", "rftg-score-sheet", "xia-campaign-log"),
                render=RenderOptions(paper=paper, mode="print-shop"),
            )
        )
        assert report.ok, [r.error for r in report.results]
    return out


@pytest.mark.parametrize(
    "name, trim_mm",
    [
        ("print-shop-a4/rftg-frontier-summary.pdf", (63.0, 88.0)),
        ("print-shop-letter/rftg-frontier-summary.pdf", (63.0, 88.0)),
        ("print-shop-a4/rftg-score-sheet.pdf", (210.0, 297.0)),
        ("print-shop-letter/rftg-score-sheet-fillable.pdf", (215.9, 279.4)),
        ("print-shop-letter/xia-campaign-log.pdf", (279.4, 215.9)),  # landscape
        ("print-shop-a4/xia-fame-points.pdf", (70.0, 120.0)),  # tarot
        ("print-shop-a4/rftg-strength-tables.pdf", (210.0, 297.0)),
        ("print-shop-letter/rftg-strength-tables.pdf", (215.9, 279.4)),
    ],
)
def test_media_box_holds_bleed_and_marks(out, name, trim_mm):
    w, h = trim_mm
    for page in pages(out / name):
        # trim + 3 mm bleed + 2 mm gap + 5 mm marks on each side
        assert size_mm(page) == (round(w + 20, 1), round(h + 20, 1))
        assert box_mm(page, "trimbox") == (10.0, 10.0, round(w + 10, 1), round(h + 10, 1))
        assert box_mm(page, "bleedbox") == (7.0, 7.0, round(w + 13, 1), round(h + 13, 1))


def _segments(obj) -> list[tuple[float, float]]:
    """The points of a path object, in page space (pt)."""
    matrix = obj.get_matrix()
    points = []
    for i in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
        segment = pdfium_c.FPDFPath_GetPathSegment(obj.raw, i)
        x, y = ctypes.c_float(), ctypes.c_float()
        pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        points.append(matrix.on_point(x.value, y.value))
    return points


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize(
    "name",
    [
        "print-shop-a4/rftg-frontier-summary.pdf",
        "print-shop-letter/rftg-score-sheet.pdf",
        "print-shop-a4/rftg-strength-tables.pdf",
    ],
)
def test_eight_marks_continue_the_trim_edges_outside_the_bleed(out, name):
    doc = pdfium.PdfDocument(str(out / name))
    for page in doc:
        bleed, trim = page.get_bleedbox(), page.get_trimbox()
        paths = list(page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_PATH,), max_depth=8))
        # PDFium pads a stroke's bounds by its width; nothing else may reach outside the bleed
        marks = [
            p
            for p in paths
            if not (
                p.get_bounds()[0] >= bleed[0]
                and p.get_bounds()[1] >= bleed[1]
                and p.get_bounds()[2] <= bleed[2]
                and p.get_bounds()[3] <= bleed[3]
            )
        ]
        assert len(marks) == 8
        for mark in marks:
            assert not _overlaps(mark.get_bounds(), bleed), mark.get_bounds()
            (x0, y0), (x1, y1) = _segments(mark)
            assert round(abs(x1 - x0) + abs(y1 - y0), 2) == round(5 * PT_PER_MM, 2)  # 5 mm long
            if x0 == x1:  # vertical: on a trim edge, starting 2 mm beyond the bleed
                assert round(x0, 2) in (round(trim[0], 2), round(trim[2], 2))
                gap = bleed[1] - max(y0, y1) if max(y0, y1) < bleed[1] else min(y0, y1) - bleed[3]
            else:
                assert y0 == y1 and round(y0, 2) in (round(trim[1], 2), round(trim[3], 2))
                gap = bleed[0] - max(x0, x1) if max(x0, x1) < bleed[0] else min(x0, x1) - bleed[2]
            assert round(gap / PT_PER_MM, 2) == 2.0


def test_marks_print_and_the_gap_to_the_bleed_stays_blank(out):
    """Rasterised at 300 dpi: ink at each mark's middle, none between bleed edge and marks."""
    doc = pdfium.PdfDocument(str(out / "print-shop-a4" / "rftg-score-sheet.pdf"))
    page = doc[0]
    scale = 300 / 72
    image = page.render(scale=scale, grayscale=True).to_pil()
    media = page.get_mediabox()
    bleed, trim = page.get_bleedbox(), page.get_trimbox()

    def pixel(x_pt, y_pt) -> int:  # page space (pt, y up) -> image pixel (y down)
        return image.getpixel((int((x_pt - media[0]) * scale), int((media[3] - y_pt) * scale)))

    mid = (2 + 2.5) * PT_PER_MM  # from the bleed edge: 2 mm gap, then half of the 5 mm mark
    assert pixel(trim[0], bleed[1] - mid) < 128  # below the bottom-left corner
    assert pixel(bleed[2] + mid, trim[3]) < 128  # right of the top-right corner
    # the 2 mm ring between the BleedBox and the marks is white all round
    for step in range(0, 101):
        t = step / 100
        for x, y in (
            (bleed[0] + t * (bleed[2] - bleed[0]), bleed[1] - 1 * PT_PER_MM),
            (bleed[0] + t * (bleed[2] - bleed[0]), bleed[3] + 1 * PT_PER_MM),
            (bleed[0] - 1 * PT_PER_MM, bleed[1] + t * (bleed[3] - bleed[1])),
            (bleed[2] + 1 * PT_PER_MM, bleed[1] + t * (bleed[3] - bleed[1])),
        ):
            assert pixel(x, y) == 255, (x, y)


def test_marks_are_thin_registration_colour(out):
    import pikepdf

    pdf = pikepdf.open(out / "print-shop-a4" / "rftg-frontier-summary.pdf")
    for page in pdf.pages:
        space = page.Resources.ColorSpace.PlayaidReg
        assert [str(space[0]), str(space[1]), str(space[2])] == ["/Separation", "/All", "/DeviceCMYK"]
        last = page.obj.Contents[-1].read_bytes().decode()
        assert "/PlayaidReg CS 1 SCN 0.25 w 0 J" in last
        assert last.count(" l S") == 8
