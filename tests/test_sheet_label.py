"""Card sheets: each sheet label sits in one piece between two cut marks, covers no mark and
keeps 5 mm from the paper edge, on A4 and US Letter, for every card size content declares
(upright grids, turned cards, and turned cards beside upright ones). Marks and labels are read
back from the built PDF (pdfplumber) and from the page rendered at 200 dpi (pypdfium2)."""

from __future__ import annotations

import dataclasses

import pdfplumber
import pypdfium2 as pdfium
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.checks.load import load_content
from generator.compile.plan import plan_aids
from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.render.faces import footer_text
from generator.render.impose.labels import SheetLabels, place_labels
from generator.render.impose.layout import SheetLayout, sheet_layout
from tests.render_helpers import PT_TO_MM

DPI = 200
CONTENT = PROJECT_ROOT / "content"


def _card_aids():
    """The first card aid of each card size content declares: (key, title, trim mm, how label)."""
    content = load_content(CONTENT)
    first = {}
    for planned in plan_aids(content):
        if planned.aid.format == "card" and planned.trim_mm not in first:
            how = "duplex: flip on long edge · " + footer_text(content.game(planned.game))
            first[planned.trim_mm] = (planned.key, planned.aid.title, planned.trim_mm, how)
    return list(first.values())


AIDS = _card_aids()


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    out = tmp_path_factory.mktemp("sheets")
    for paper in ("a4", "letter"):
        report = build(
            BuildOptions(
                content_dir=CONTENT,
                out_dir=out,
                jobs=1,
                only=tuple(key for key, *_ in AIDS),
                render=RenderOptions(paper=paper),
            )
        )
        assert report.ok, [r.error for r in report.results]
    return out


def _ticks(page) -> list[dict]:
    """Cut marks that reach a paper edge (nothing on a card face does)."""
    return [
        ln
        for ln in page.lines
        if ln["x0"] < 0.5 or ln["top"] < 0.5 or ln["x1"] > page.width - 0.5 or ln["bottom"] > page.height - 0.5
    ]


def _off_cards(page, layout: SheetLayout) -> list[dict]:
    """The characters printed outside every card: the sheet labels."""

    def on_card(c):
        x0, x1 = c["x0"] * PT_TO_MM, c["x1"] * PT_TO_MM
        y0, y1 = (page.height - c["bottom"]) * PT_TO_MM, (page.height - c["top"]) * PT_TO_MM
        return any(x0 < s.right and x1 > s.x and y0 < s.top and y1 > s.y for s in layout.slots)

    return [c for c in page.chars if not on_card(c)]


def _text(chars: list[dict], upright: bool) -> str:
    key = (lambda c: c["x0"]) if upright else (lambda c: -c["bottom"])
    return "".join(c["text"] for c in sorted(chars, key=key))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("key, title, trim, how_text", AIDS, ids=[f"{t[0]:g}x{t[1]:g}" for *_, t, _ in AIDS])
def test_each_sheet_label_is_one_piece_between_two_marks_and_5_mm_from_the_edge(out, paper, key, title, trim, how_text):
    front = sheet_layout(*trim, paper)
    path = out / paper / f"{key}.pdf"
    document = pdfium.PdfDocument(str(path))
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages):
            layout = front.back() if number % 2 else front
            grid_top_pt = (layout.paper_h - layout.bounds[3]) / PT_TO_MM  # from the top
            ticks = _ticks(page)
            expected = [
                m
                for m in layout.marks()  # (x0, y0, x1, y1), x0 <= x1 and y0 <= y1
                if min(m[0], m[1]) < 0.01 or m[2] > layout.paper_w - 0.01 or m[3] > layout.paper_h - 0.01
            ]
            assert len(ticks) == len(expected)
            chars = _off_cards(page, layout)
            top = [c for c in chars if c["upright"]]
            side = [c for c in chars if not c["upright"]]
            side_name = "backs" if number % 2 else "fronts"
            runs = place_labels(layout, SheetLabels(f"{title} · {side_name}", how_text))
            assert _text(top, True) == f"{title} · {side_name}"
            how = _text(side, False)
            assert how == how_text and how.startswith("duplex: flip on long edge · content v2026.")
            assert how.endswith("print at 100 %") and [r.angle for r in runs] == [0, 90]
            # one piece: the label of what lies between two neighbouring marks crossing the top
            # margin, the label of how between two neighbouring marks crossing its side margin
            tick_x = sorted({t["x0"] for t in ticks if t["x0"] == t["x1"] and t["top"] < grid_top_pt})
            left, right = min(c["x0"] for c in top), max(c["x1"] for c in top)
            assert any(a < left and right < b for a, b in zip(tick_x, tick_x[1:])), (left, right, tick_x)
            side_left, side_right = min(c["x0"] for c in side), max(c["x1"] for c in side)
            tick_y = sorted(
                {t["top"] for t in ticks if t["top"] == t["bottom"] and t["x0"] <= side_left and t["x1"] >= side_right}
            )
            upper, lower = min(c["top"] for c in side), max(c["bottom"] for c in side)
            assert any(a < upper and lower < b for a, b in zip(tick_y, tick_y[1:])), (upper, lower, tick_y)
            # no mark passes through a character's box (0.2 mm clearance)
            pad = 0.2 / PT_TO_MM
            for c in chars:
                for t in page.lines:
                    crosses_x = t["x0"] <= c["x1"] + pad and t["x1"] >= c["x0"] - pad
                    crosses_y = t["top"] <= c["bottom"] + pad and t["bottom"] >= c["top"] - pad
                    assert not (crosses_x and crosses_y), (c["text"], t["x0"] * PT_TO_MM)
            # nothing is painted over the margins (the old white band behind the label)
            assert [r for r in page.rects if r["bottom"] <= grid_top_pt] == []
            # at least 5 mm from the top, left and right paper edges, and off the cards
            assert min(c["top"] for c in chars) * PT_TO_MM >= 5.0 - 0.01
            assert min(c["x0"] for c in chars) * PT_TO_MM >= 5.0 - 0.01
            assert (page.width - max(c["x1"] for c in chars)) * PT_TO_MM >= 5.0 - 0.01
            assert max(c["bottom"] for c in top) <= grid_top_pt
            assert side_right * PT_TO_MM <= layout.bounds[0] or side_left * PT_TO_MM >= layout.bounds[2]
            # every mark reaching a paper edge prints whole: no gap in its ink
            image = document[number].render(scale=DPI / 72).to_pil().convert("L")
            k = DPI / 25.4
            for x0, y0, x1, y1 in expected:
                steps = max(2, int(max(x1 - x0, y1 - y0) * k))
                ink = []
                for i in range(1, steps - 1):
                    x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
                    px, py = round(x * k), round((layout.paper_h - y) * k)
                    near = [(px + d, py) for d in (-1, 0, 1)] if x0 == x1 else [(px, py + d) for d in (-1, 0, 1)]
                    ink.append(
                        min(image.getpixel(p) for p in near if 0 <= p[0] < image.width and 0 <= p[1] < image.height)
                    )
                assert max(ink) < 200, f"mark {(x0, y0, x1, y1)} has a gap"
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


def test_a_label_of_how_too_long_beside_a_turned_card_goes_up_the_right_margin():
    """Tarot on A4: the top-left card is turned (70 mm high), too short for the label of how
    (about 80 mm); the first gap that holds it whole is beside the upright card at the top right
    (120 mm). On the back page the upright card is at the top left and the label goes there."""
    layout = sheet_layout(70, 120, "a4")
    how = "duplex: flip on long edge · content v2026.11.1 · 2026-11-29 · print at 100 %"
    front = place_labels(layout, SheetLabels("Fame Point sources · fronts", how))
    assert [(r.angle, r.text) for r in front] == [(0, "Fame Point sources · fronts"), (90, how)]
    assert front[1].x > 200 and front[1].y == pytest.approx(168.5 + 1)
    back = place_labels(layout.back(), SheetLabels("Fame Point sources · backs", how))
    assert back[1].x < 10 and back[1].y == pytest.approx(168.5 + 1) and back[1].text == how
    assert back[0].x == pytest.approx(10 + 1)  # over the upright card, now at the top left


def test_a_label_too_long_for_its_gap_ends_in_an_ellipsis_inside_it():
    layout = sheet_layout(63, 88, "a4")  # three columns of 63 mm from x = 10.5 mm
    runs = place_labels(layout, SheetLabels("a title that is rather long " * 5, "how " * 60))
    assert all(r.text.endswith("…") for r in runs)
    assert runs[0].x + stringWidth(runs[0].text, "PlayaidSans", 6) * PT_TO_MM <= 10.5 + 63 - 1
    assert stringWidth(runs[1].text, "PlayaidSans", 6) * PT_TO_MM <= 88 - 2


def test_a_left_margin_too_narrow_for_a_line_puts_the_label_of_how_over_the_second_card():
    layout = sheet_layout(63, 88, "a4")
    shift = 6.0 - layout.x0  # 6 mm: under 5 mm + a line + 1 mm
    narrow = dataclasses.replace(layout, slots=tuple(dataclasses.replace(s, x=s.x + shift) for s in layout.slots))
    runs = place_labels(narrow, SheetLabels("what", "how"))
    assert [(r.x, r.angle, r.text) for r in runs] == [
        (pytest.approx(7.0), 0, "what"),
        (pytest.approx(7.0 + 63), 0, "how"),
    ]
