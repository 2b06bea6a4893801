"""Card sheets: each sheet label sits in one piece between two cut ticks, covers no tick and
keeps 5 mm from the paper edge, on A4 and US Letter, for upright 3 x 3, 2 x 2 and rotated
layouts. Ticks and labels are read back from the built PDF (pdfplumber) and from the page
rendered at 200 dpi (pypdfium2)."""

from __future__ import annotations

import pdfplumber
import pypdfium2 as pdfium
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.render.impose import SheetLabels, place_labels, sheet_layout
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


def _label_chars(page, grid_top_pt: float, grid_left_pt: float) -> tuple[list[dict], list[dict]]:
    """Characters above the card grid (the label of what the sheet is) and left of it (how to
    print it, reading upwards)."""
    top = [c for c in page.chars if c["bottom"] <= grid_top_pt]
    side = [c for c in page.chars if c["x1"] <= grid_left_pt and c["bottom"] > grid_top_pt]
    return top, side


def _text(chars: list[dict], upright: bool) -> str:
    key = (lambda c: c["x0"]) if upright else (lambda c: -c["bottom"])
    return "".join(c["text"] for c in sorted(chars, key=key))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("aid", list(AIDS))
def test_each_sheet_label_is_one_piece_between_two_ticks_and_5_mm_from_the_edge(out, paper, aid):
    name, title, trim = AIDS[aid]
    layout = sheet_layout(*trim, paper)
    grid_top_pt = (layout.paper_h - layout.y0 - layout.rows * layout.cell_h) / PT_TO_MM  # from the top
    grid_left_pt = layout.x0 / PT_TO_MM
    tick_x = [(layout.x0 + i * layout.cell_w) / PT_TO_MM for i in range(layout.cols + 1)]
    tick_y = [(layout.paper_h - layout.y0 - j * layout.cell_h) / PT_TO_MM for j in range(layout.rows + 1)]
    path = out / paper / name
    document = pdfium.PdfDocument(str(path))
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages):
            ticks = _ticks(page)
            assert len(ticks) == 2 * (layout.cols + 1) + 2 * (layout.rows + 1)
            top, side = _label_chars(page, grid_top_pt, grid_left_pt)
            what, how = _text(top, True), _text(side, False)
            side_name = "backs" if number % 2 else "fronts"
            assert what == f"{title} · {side_name}"
            assert how.startswith("duplex: flip on long edge · content v2026.") and how.endswith("print at 100 %"), how
            # one piece: the label of what lies between two neighbouring top ticks, the label of
            # how between two neighbouring row ticks
            left, right = min(c["x0"] for c in top), max(c["x1"] for c in top)
            assert any(a < left and right < b for a, b in zip(tick_x, tick_x[1:])), (left, right, tick_x)
            upper, lower = min(c["top"] for c in side), max(c["bottom"] for c in side)
            assert any(b < upper and lower < a for a, b in zip(tick_y, tick_y[1:])), (upper, lower, tick_y)
            # no tick passes through a character's box (0.2 mm clearance)
            pad = 0.2 / PT_TO_MM
            for c in top + side:
                for t in ticks:
                    crosses_x = t["x0"] <= c["x1"] + pad and t["x1"] >= c["x0"] - pad
                    crosses_y = t["top"] <= c["bottom"] + pad and t["bottom"] >= c["top"] - pad
                    assert not (crosses_x and crosses_y), (c["text"], t["x0"] * PT_TO_MM)
            # nothing is painted over the margins (the old white band behind the label)
            assert [r for r in page.rects if r["bottom"] <= grid_top_pt] == []
            # at least 5 mm from the top, left and right paper edges, and off the cards
            assert min(c["top"] for c in top + side) * PT_TO_MM >= 5.0 - 0.01
            assert min(c["x0"] for c in top + side) * PT_TO_MM >= 5.0 - 0.01
            assert (page.width - max(c["x1"] for c in top)) * PT_TO_MM >= 5.0 - 0.01
            assert max(c["bottom"] for c in top) <= grid_top_pt
            assert max(c["x1"] for c in side) <= grid_left_pt
            # every top tick prints whole, from the paper edge to the card grid: no gap in its ink
            image = document[number].render(scale=DPI / 72).to_pil().convert("L")
            for i in range(layout.cols + 1):
                x = round((layout.x0 + i * layout.cell_w) / 25.4 * DPI)
                bottom = round(grid_top_pt * PT_TO_MM / 25.4 * DPI)
                column = [min(image.getpixel((x + dx, y)) for dx in (-1, 0, 1)) for y in range(1, bottom - 1)]
                assert max(column) < 200, f"tick {i} has a gap at {column.index(max(column)) / DPI * 25.4:.1f} mm"
    document.close()


def test_letter_labels_sit_over_the_first_card_and_beside_the_top_row():
    """Letter leaves 8.1 mm above a 3 x 3 sheet of 63 x 88 mm cards and 13.5 mm beside it: what
    the sheet is goes over the first card, how to print it up the left margin, each whole."""
    layout = sheet_layout(63, 88, "letter")
    assert layout.paper_h - layout.y0 - 3 * 88 == pytest.approx(8.12, abs=0.01)
    assert layout.y0 == pytest.approx(7.28, abs=0.01)  # and the bottom margin stays over 5 mm
    how = "duplex: flip on long edge · content v2026.11.1 · 2026-11-29 · print at 100 %"
    runs = place_labels(layout, SheetLabels("Invasion Game Summary · fronts", how))
    assert [(r.angle, r.text) for r in runs] == [(0, "Invasion Game Summary · fronts"), (90, how)]
    assert runs[0].x == pytest.approx(layout.x0 + 1)  # 1 mm right of the first tick
    assert runs[1].y == pytest.approx(layout.y0 + 2 * 88 + 1)  # 1 mm above the top row's lower tick


def test_a_label_too_long_for_its_gap_ends_in_an_ellipsis_inside_it():
    layout = sheet_layout(63, 88, "a4")  # three columns of 63 mm from x = 10.5 mm
    runs = place_labels(layout, SheetLabels("a title that is rather long " * 5, "how " * 60))
    assert all(r.text.endswith("…") for r in runs)
    assert runs[0].x + stringWidth(runs[0].text, "PlayaidSans", 6) * PT_TO_MM <= 10.5 + 63 - 1
    assert stringWidth(runs[1].text, "PlayaidSans", 6) * PT_TO_MM <= 88 - 2


def test_a_left_margin_too_narrow_for_a_line_puts_the_label_of_how_over_the_second_card():
    layout = sheet_layout(63, 88, "a4")
    narrow = type(layout)(**{**layout.__dict__, "x0": 6.0})  # 6 mm: under 5 mm + a line + 1 mm
    runs = place_labels(narrow, SheetLabels("what", "how"))
    assert [(r.x, r.angle, r.text) for r in runs] == [(7.0, 0, "what"), (pytest.approx(7.0 + 63), 0, "how")]
