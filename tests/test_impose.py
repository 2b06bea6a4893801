"""Card sheets use their paper: the imposition packs each card size content declares (the named
sizes, and any size in mm) onto A4 and US Letter, turning cards a quarter turn where that holds
more, inside the safe area. Read back from the built PDFs (pikepdf: where each card face is
drawn, and the cut marks): the cards per sheet and their places in mm, the share of the paper
they cover, backs that land behind their fronts after a long-edge flip (a turned card's back
turned the other way), and cut marks that never point into a neighbouring card."""

from __future__ import annotations

import math
from pathlib import Path

import pikepdf
import pytest

from generator.checks.load import load_content
from generator.compile.plan import plan_aids
from generator.content.aids import NAMED_SIZES_MM
from generator.content.skeleton import new_game
from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.render.impose.layout import MIN_SHEET_MARGIN_MM, label_band_mm, sheet_layout
from generator.units import paper_size_mm, pt_to_mm

PAPERS = ("a4", "letter")
#: A card size no name covers, declared in mm by a game of the test's own (a landscape card).
OWN_SIZE = (95.0, 60.0)

# (size, paper) -> cards a sheet, share of the paper they cover, cards turned a quarter turn
EXPECTED = {
    ("rftg-card", "a4"): (9, 0.800, 0),
    ("rftg-card", "letter"): (9, 0.827, 0),
    ("poker", "a4"): (9, 0.815, 0),
    ("poker", "letter"): (8, 0.749, 8),
    ("tarot", "a4"): (6, 0.808, 4),
    ("tarot", "letter"): (5, 0.696, 3),
    ("a6", "a4"): (2, 0.498, 2),
    ("a6", "letter"): (2, 0.515, 2),
}


@pytest.mark.parametrize("size, paper", list(EXPECTED))
def test_each_named_size_fills_each_paper(size, paper):
    trim = NAMED_SIZES_MM[size]
    layout = sheet_layout(*trim, paper)
    cards, coverage, turned = EXPECTED[(size, paper)]
    assert (layout.per_sheet, round(layout.coverage, 3), layout.rotated_count) == (cards, coverage, turned)
    # no single grid, upright or turned, holds more, and no packing could beat the area bound
    w, h = paper_size_mm(paper)
    safe_w, safe_h = w - 2 * MIN_SHEET_MARGIN_MM, h - MIN_SHEET_MARGIN_MM - label_band_mm()
    for cw, ch in (trim, trim[::-1]):
        assert (safe_w // cw) * (safe_h // ch) <= layout.per_sheet
    assert layout.per_sheet <= math.floor(safe_w * safe_h / (trim[0] * trim[1]))


def test_tarot_cards_turn_to_fit_six_on_a4_and_five_on_letter():
    """Tarot (70 x 120 mm): a column of turned cards beside a column of upright ones; one straight
    cut divides the columns. Positions are the footprints' lower-left corners, mm."""
    a4 = sheet_layout(70, 120, "a4")
    assert [(s.x, s.y, s.w, s.h, s.turn) for s in a4.slots] == [
        (10.0, 218.5, 120, 70, 90),
        (10.0, 148.5, 120, 70, 90),
        (10.0, 78.5, 120, 70, 90),
        (10.0, 8.5, 120, 70, 90),
        (130.0, 168.5, 70, 120, 0),
        (130.0, 48.5, 70, 120, 0),
    ]
    letter = sheet_layout(70, 120, "letter")
    assert [(round(s.x, 2), round(s.y, 2), s.w, s.h, s.turn) for s in letter.slots] == [
        (12.95, 189.7, 120, 70, 90),
        (12.95, 119.7, 120, 70, 90),
        (12.95, 49.7, 120, 70, 90),
        (132.95, 139.7, 70, 120, 0),
        (132.95, 19.7, 70, 120, 0),
    ]


def test_a_gutter_is_kept_between_cards_and_costs_a4_its_sixth_tarot_card():
    """Cards share a cut by default; a gutter parts them. 6 tarot cards fit A4 with gutters up to
    1.3 mm (4 x 70 mm + 3 gutters inside 283.9 mm), not with 2 mm."""
    assert sheet_layout(70, 120, "a4", gutter=1.0).per_sheet == 6
    layout = sheet_layout(70, 120, "a4", gutter=2.0)
    assert layout.per_sheet == 5
    for i, a in enumerate(layout.slots):
        for b in layout.slots[i + 1 :]:
            apart = max(b.x - a.right, a.x - b.right, b.y - a.top, a.y - b.top)
            assert apart >= 2.0 - 1e-9, (a, b)


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> dict[tuple[tuple[float, float], str], Path]:
    """One built sheet PDF per card size that content declares (the shipped games' sizes, the
    new-game skeleton's and a game of our own declaring `OWN_SIZE` in mm) on each paper."""
    root = tmp_path_factory.mktemp("impose")
    own = root / "content"
    new_game("zz-own", own, root / "examples", title="Own Size")
    aids = own / "zz-own" / "aids.yaml"
    text = aids.read_text()
    assert "    size: poker\n" in text
    aids.write_text(
        text.replace("    size: poker\n", f"    size: {{width_mm: {OWN_SIZE[0]:g}, height_mm: {OWN_SIZE[1]:g}}}\n")
    )
    new_game("zz-poker", own, root / "examples", title="Poker Size")
    found = {}
    for content in (PROJECT_ROOT / "content", own):
        first: dict[tuple[float, float], str] = {}
        for planned in plan_aids(load_content(content)):
            if planned.aid.format == "card":
                first.setdefault(planned.trim_mm, planned.key)
        for paper in PAPERS:
            report = build(
                BuildOptions(
                    content_dir=content,
                    out_dir=root / "out",
                    jobs=1,
                    only=tuple(first.values()),
                    render=RenderOptions(paper=paper),
                )
            )
            assert report.ok, [r.error for r in report.results]
            found.update({(trim, paper): root / "out" / paper / f"{key}.pdf" for trim, key in first.items()})
    assert {trim for trim, _ in found} >= {NAMED_SIZES_MM["poker"], OWN_SIZE}
    return found


def _multiply(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _drawn(page: pikepdf.Page) -> tuple[list[tuple], list[tuple]]:
    """(card matrices, mark lines) as the page draws them: the matrix of every /Card drawn
    (the form's own matrix included, pt), and every line of the /Marks form as (x0, y0, x1,
    y1) in mm."""
    cards, marks = [], []
    ctm, stack = (1, 0, 0, 1, 0, 0), []
    for operands, op in pikepdf.parse_content_stream(page):
        name = str(op)
        if name == "q":
            stack.append(ctm)
        elif name == "Q":
            ctm = stack.pop()
        elif name == "cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif name == "Do":
            form = page.Resources.XObject[str(operands[0])]
            own = tuple(float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0]))
            if str(operands[0]) == "/Card":
                cards.append(_multiply(own, ctm))
            else:
                marks += _lines(form, _multiply(own, ctm))
    return cards, marks


def _lines(form, ctm) -> list[tuple[float, float, float, float]]:
    found, start, stack = [], None, []
    for operands, op in pikepdf.parse_content_stream(form):
        name = str(op)
        if name == "q":
            stack.append(ctm)
        elif name == "Q":
            ctm = stack.pop()
        elif name == "cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif name == "m":
            start = _apply(ctm, *(float(v) for v in operands))
        elif name == "l":
            end = _apply(ctm, *(float(v) for v in operands))
            found.append(tuple(round(pt_to_mm(v), 3) for v in (*start, *end)))
            start = end
    return found


def _footprint(matrix, bbox) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) in mm of a card face's box drawn with ``matrix``."""
    corners = [_apply(matrix, x, y) for x in (bbox[0], bbox[2]) for y in (bbox[1], bbox[3])]
    xs, ys = [pt_to_mm(x) for x, _ in corners], [pt_to_mm(y) for _, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _read(path: Path):
    """Per page: (paper size mm, the face's box in pt, card matrices, mark lines)."""
    pages = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            bbox = [float(v) for v in page.Resources.XObject["/Card"].BBox]
            size = tuple(round(pt_to_mm(float(v)), 1) for v in page.mediabox[2:])
            pages.append((size, bbox, *_drawn(page)))
    return pages


@pytest.mark.parametrize("paper", PAPERS)
def test_built_sheets_hold_the_computed_layout_inside_the_safe_area(sheets, paper):
    band = label_band_mm()
    for (trim, on), path in sheets.items():
        if on != paper:
            continue
        layout = sheet_layout(*trim, paper)
        pages = _read(path)
        assert len(pages) == 2, path.name  # fronts, backs
        for number, (size, bbox, cards, _marks) in enumerate(pages):
            assert size == tuple(round(v, 1) for v in paper_size_mm(paper))
            assert pt_to_mm(bbox[2] - bbox[0]) == pytest.approx(trim[0]) and pt_to_mm(
                bbox[3] - bbox[1]
            ) == pytest.approx(trim[1])
            spots = [_footprint(m, bbox) for m in cards]
            expected = layout.back().slots if number else layout.slots
            assert len(spots) == layout.per_sheet, path.name
            assert spots == [pytest.approx((s.x, s.y, s.right, s.top), abs=1e-3) for s in expected]
            w, h = size
            for left, bottom, right, top in spots:  # inside the safe area
                assert left >= MIN_SHEET_MARGIN_MM - 1e-3 and right <= w - MIN_SHEET_MARGIN_MM + 1e-3
                assert bottom >= MIN_SHEET_MARGIN_MM - 1e-3 and top <= h - band + 1e-3
            for i, a in enumerate(spots):  # no two cards overlap
                for b in spots[i + 1 :]:
                    assert min(a[2], b[2]) - max(a[0], b[0]) <= 1e-3 or min(a[3], b[3]) - max(a[1], b[1]) <= 1e-3
            covered = sum((r - le) * (t - b) for le, b, r, t in spots) / (w * h)
            assert covered == pytest.approx(layout.coverage, abs=1e-4)
            if trim in {NAMED_SIZES_MM[n] for n, p in EXPECTED if p == paper}:
                name = next(n for n, t in NAMED_SIZES_MM.items() if t == trim)
                assert covered == pytest.approx(EXPECTED[(name, paper)][1], abs=5e-4)


@pytest.mark.parametrize("paper", PAPERS)
def test_every_back_lands_behind_its_front_after_a_long_edge_flip(sheets, paper):
    """A point of a card's front, flipped with the sheet about its vertical axis, has behind it
    the same point of the card's back seen from behind (the back mirrored left to right in the
    card's own frame): so a turned front's back is turned the other way."""
    for (_trim, on), path in sheets.items():
        if on != paper:
            continue
        (size, bbox, fronts, _), (_, _, backs, _) = _read(path)
        width_pt = size[0] / pt_to_mm(1)
        left, bottom, right, top = bbox
        assert len(fronts) == len(backs)
        turns = set()
        for front, back in zip(fronts, backs):
            turns.add((round(front[1]), round(back[1])))
            for u, v in ((left, bottom), (right, bottom), (left, top), (right, top), (left + 7, bottom + 19)):
                fx, fy = _apply(front, u, v)
                bx, by = _apply(back, left + right - u, v)
                assert (bx, by) == pytest.approx((width_pt - fx, fy), abs=0.01), path.name
        assert turns <= {(0, 0), (1, -1)}  # upright stays upright; anticlockwise on the front, clockwise behind


@pytest.mark.parametrize("paper", PAPERS)
def test_cut_marks_mark_every_card_edge_and_never_point_into_a_card(sheets, paper):
    """Every card edge has a cut mark along its line; no mark, even 0.9 mm longer at each end,
    enters a card (a mark that stops short of a neighbour stops 1 mm before it); every mark is
    at least 2 mm long."""
    for (_trim, on), path in sheets.items():
        if on != paper:
            continue
        for size, bbox, cards, marks in _read(path):
            spots = [_footprint(m, bbox) for m in cards]
            assert marks, path.name
            for x0, y0, x1, y1 in marks:
                assert x0 == x1 or y0 == y1
                assert math.hypot(x1 - x0, y1 - y0) >= 2.0 - 1e-3
                assert 0 <= min(x0, x1) and max(x0, x1) <= size[0] + 1e-3 and 0 <= min(y0, y1) <= size[1]
                lx, ly = (0.9, 0) if y0 == y1 else (0, 0.9)
                a = (min(x0, x1) - lx, min(y0, y1) - ly)
                b = (max(x0, x1) + lx, max(y0, y1) + ly)
                for le, bo, ri, to in spots:
                    inside_x = a[0] < ri - 1e-3 and b[0] > le + 1e-3
                    inside_y = a[1] < to - 1e-3 and b[1] > bo + 1e-3
                    assert not (inside_x and inside_y), (path.name, (x0, y0, x1, y1), (le, bo, ri, to))
            vertical = {round(x0, 2) for x0, y0, x1, y1 in marks if x0 == x1}
            horizontal = {round(y0, 2) for x0, y0, x1, y1 in marks if y0 == y1}
            for le, bo, ri, to in spots:
                assert {round(le, 2), round(ri, 2)} <= vertical, path.name
                assert {round(bo, 2), round(to, 2)} <= horizontal, path.name
