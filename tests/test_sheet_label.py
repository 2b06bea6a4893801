"""Card sheets: the sheet label covers no cut tick and keeps 5 mm from the paper edge, on A4 and
US Letter, for upright 3 x 3, 2 x 2 and rotated layouts. Ticks and label are read back from the
built PDF (pdfplumber) and from the page rendered at 200 dpi (pypdfium2)."""

from __future__ import annotations

import pdfplumber
import pypdfium2 as pdfium
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.render.impose import label_runs, sheet_layout
from tests.render_helpers import PT_TO_MM

DPI = 200
# aid -> (file, title, card trim in mm)
AIDS = {
    "invasion-summary": ("rftg-invasion-summary.pdf", "Invasion Game Summary", (63, 88)),
    "fame-points": ("xia-fame-points.pdf", "Fame Point sources", (70, 120)),
    "rolls-hazards": ("xia-rolls-hazards.pdf", "Rolls and hazards", (105, 148)),
}


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    out = tmp_path_factory.mktemp("sheets")
    for paper in ("a4", "letter"):
        report = build(BuildOptions(content_dir=PROJECT_ROOT / "content", out_dir=out, jobs=1,
                                    only=tuple(AIDS), render=RenderOptions(paper=paper)))
        assert report.ok, [r.error for r in report.results]
    return out


def _ticks(page) -> list[dict]:
    """Cut ticks: the lines that reach a paper edge (nothing on a card face does)."""
    return [ln for ln in page.lines
            if ln["x0"] < 0.5 or ln["top"] < 0.5 or ln["x1"] > page.width - 0.5 or ln["bottom"] > page.height - 0.5]


def _label_chars(page, grid_top_pt: float) -> list[dict]:
    """Characters above the card grid: the sheet label."""
    return [c for c in page.chars if c["bottom"] <= grid_top_pt]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("aid", list(AIDS))
def test_sheet_label_covers_no_cut_tick_and_keeps_5_mm_from_the_edge(out, paper, aid):
    name, title, trim = AIDS[aid]
    layout = sheet_layout(*trim, paper)
    grid_top_pt = (layout.paper_h - layout.y0 - layout.rows * layout.cell_h) / PT_TO_MM  # from the top
    path = out / paper / name
    document = pdfium.PdfDocument(str(path))
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages):
            ticks = _ticks(page)
            assert len(ticks) == 2 * (layout.cols + 1) + 2 * (layout.rows + 1)
            chars = _label_chars(page, grid_top_pt)
            printed = "".join(c["text"] for c in chars)
            side = "backs" if number % 2 else "fronts"
            for piece in (title, side, "duplex: flip on long edge", "print at 100 %"):
                assert piece in printed, (piece, printed)
            # no tick passes through a character's box (0.2 mm clearance)
            pad = 0.2 / PT_TO_MM
            for c in chars:
                for t in ticks:
                    crosses_x = t["x0"] <= c["x1"] + pad and t["x1"] >= c["x0"] - pad
                    crosses_y = t["top"] <= c["bottom"] + pad and t["bottom"] >= c["top"] - pad
                    assert not (crosses_x and crosses_y), (c["text"], t["x0"] * PT_TO_MM)
            # nothing is painted over the margins (the old white band behind the label)
            assert [r for r in page.rects if r["bottom"] <= grid_top_pt] == []
            # at least 5 mm from the top, left and right paper edges
            assert min(c["top"] for c in chars) * PT_TO_MM >= 5.0 - 0.01
            assert min(c["x0"] for c in chars) * PT_TO_MM >= 5.0 - 0.01
            assert (page.width - max(c["x1"] for c in chars)) * PT_TO_MM >= 5.0 - 0.01
            # and above the cards, not on them
            assert max(c["bottom"] for c in chars) <= grid_top_pt
            # every top tick prints whole, from the paper edge to the card grid: no gap in its ink
            image = document[number].render(scale=DPI / 72).to_pil().convert("L")
            for i in range(layout.cols + 1):
                x = round((layout.x0 + i * layout.cell_w) / 25.4 * DPI)
                bottom = round(grid_top_pt * PT_TO_MM / 25.4 * DPI)
                column = [min(image.getpixel((x + dx, y)) for dx in (-1, 0, 1)) for y in range(1, bottom - 1)]
                assert max(column) < 200, f"tick {i} has a gap at {column.index(max(column)) / DPI * 25.4:.1f} mm"
    document.close()


def test_letter_label_sits_between_ticks_in_two_runs():
    """Letter leaves 8.1 mm above a 3 x 3 sheet of 63 x 88 mm cards; the label's pieces go over
    the first two cards, each run clear of the ticks either side of it."""
    layout = sheet_layout(63, 88, "letter")
    assert layout.paper_h - layout.y0 - 3 * 88 == pytest.approx(8.12, abs=0.01)
    assert layout.y0 == pytest.approx(7.28, abs=0.01)  # and the bottom margin stays over 5 mm
    runs = label_runs(layout, "Invasion Game Summary · fronts · duplex: flip on long edge · "
                              "content v2026.11.1 · 2026-11-29 · print at 100 %")
    assert runs == [(pytest.approx(14.45), "Invasion Game Summary · fronts · duplex: flip on long edge"),
                    (pytest.approx(77.45), "content v2026.11.1 · 2026-11-29 · print at 100 %")]


@pytest.mark.parametrize("piece, runs_at", [
    ("a piece of the label that is rather long", [32.0]),  # too wide for the margins beside the card
    ("short", [5.0, 32.0, 180.0]),  # the left margin, the gap over the card, the right margin
])
def test_a_label_too_long_for_the_sheet_ends_in_an_ellipsis_inside_its_gap(piece, runs_at):
    layout = sheet_layout(105, 148, "a4")  # one column of A6 cards, x from 31 to 179 mm
    runs = label_runs(layout, " · ".join([piece] * 40))
    assert [x for x, _ in runs] == pytest.approx(runs_at)
    assert runs[-1][1].endswith("…")
    x, text = runs[-1]
    right = 205.0 if len(runs_at) == 3 else 178.0  # 5 mm from the paper edge, or 1 mm from the tick
    assert x + stringWidth(text, "PlayaidSans", 6) * PT_TO_MM <= right
