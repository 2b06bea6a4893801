"""Rendered aids: page and box sizes in mm, content numbers in the extracted text, duplex
alignment of backs, fitting errors, fonts and form fields."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.checks.load import load_content
from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.render.impose.layout import sheet_layout
from tests.render_helpers import box_mm, find_positions, pages, size_mm, text

CONTENT = PROJECT_ROOT / "content"
AIDS = (
    "invasion-summary",
    "invasion-end",
    "counterstrike-summary",
    "counterstrike-end",
    "strength-tables",
    "rftg-score-sheet",
)


def _build(out: Path, paper: str, mode: str, aids=AIDS, content=CONTENT):
    report = build(
        BuildOptions(
            content_dir=content, out_dir=out, jobs=1, only=tuple(aids), render=RenderOptions(paper=paper, mode=mode)
        )
    )
    assert report.ok, [r.error for r in report.results]
    return report


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    """One build of the test aids on A4 sheets, US Letter sheets and for the print shop."""
    out = tmp_path_factory.mktemp("aids")
    _build(out, "a4", "sheet")
    _build(out, "letter", "sheet", aids=("invasion-summary", "strength-tables", "rftg-score-sheet"))
    _build(out, "a4", "print-shop", aids=("invasion-summary", "rftg-score-sheet"))
    return out


def test_print_shop_card_has_trim_and_bleed_boxes(out):
    faces = pages(out / "print-shop-a4" / "rftg-invasion-summary.pdf")
    assert len(faces) == 2  # front and back
    for page in faces:
        # 63 x 88 mm trim, 3 mm bleed, then 2 mm gap + 5 mm crop marks on every side
        assert size_mm(page) == (83.0, 108.0)
        assert box_mm(page, "trimbox") == (10.0, 10.0, 73.0, 98.0)
        assert box_mm(page, "bleedbox") == (7.0, 7.0, 76.0, 101.0)


def test_print_shop_form_has_trim_box_inside_bleed(out):
    page = pages(out / "print-shop-a4" / "rftg-score-sheet.pdf")[0]
    assert size_mm(page) == (230.0, 317.0)
    assert box_mm(page, "trimbox") == (10.0, 10.0, 220.0, 307.0)
    assert box_mm(page, "bleedbox") == (7.0, 7.0, 223.0, 310.0)


@pytest.mark.parametrize("paper, size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
@pytest.mark.parametrize("aid", ["invasion-summary", "strength-tables", "score-sheet"])
def test_sheets_are_paper_size(out, paper, size, aid):
    for page in pages(out / paper / f"rftg-{aid}.pdf"):
        assert size_mm(page) == size


def test_card_sheet_fronts_then_backs(out):
    sheet = out / "a4" / "rftg-invasion-summary.pdf"
    assert len(pages(sheet)) == 2
    # 63 x 88 mm cards sit 3 x 3 on A4: nine titles per page
    assert len(find_positions(sheet, 0, "Invasion Game Summary")) >= 9


def test_backs_line_up_with_fronts(out):
    """A back sits where its front is after a long-edge flip: x mirrored, y unchanged."""
    sheet = out / "a4" / "rftg-invasion-summary.pdf"
    layout = sheet_layout(63, 88, "a4")
    grid_top = layout.bounds[3]  # the sheet label above it names the aid too
    fronts = sorted(p for p in find_positions(sheet, 0, "Invasion Game Summary") if p[1] < grid_top)
    backs = sorted(p for p in find_positions(sheet, 1, "Invasion Game Summary") if p[1] < grid_top)
    assert len(fronts) == len(backs) == layout.per_sheet == 9
    # the title sits at the same offset inside every card, front and back
    offset = min(x for x, _ in fronts) - layout.x0
    front_slots = sorted((round(x - offset, 1), y) for x, y in fronts)
    back_slots = sorted((round(x - offset, 1), y) for x, y in backs)
    expected_fronts = sorted((round(layout.slot(i).x, 1), None) for i in range(9))
    assert [x for x, _ in front_slots] == pytest.approx([x for x, _ in expected_fronts], abs=0.2)
    mirrored = sorted((round(210 - x - 63, 1), y) for x, y in front_slots)
    assert [x for x, _ in back_slots] == pytest.approx([x for x, _ in mirrored], abs=0.2)
    # the back's title sits higher by the same amount in every card (the back has no game line)
    shifts = [b - m for (_, b), (_, m) in zip(back_slots, mirrored)]
    assert max(shifts) - min(shifts) < 0.2 and 0 < shifts[0] < 5


def test_invasion_card_prints_every_wave_strength(out):
    content = load_content(CONTENT).game("rftg")
    table = content.of_kind("table")["invasion-strengths"]
    printed = text(out / "a4" / "rftg-invasion-end.pdf")  # the second invasion card
    for row in table.rows:
        expected = ", ".join(str(v).replace("-", "−") for v in row["strengths"])
        assert expected in printed, expected
    assert "3, 3, 3, 3, 4, 4, 4, 5, 6, 7, 8, 8, 9, 9, M+3, M+4, M+5" in printed
    assert "−1, −1, 0, 0, 1, 1, 1, 2, 2, 3, 4" in printed


def test_counterstrike_card_prints_defenses_and_retaliation(out):
    printed = text(out / "a4" / "rftg-counterstrike-end.pdf")  # the second counterstrike card
    assert "M+X+2, M+X+3, M+X+4, M+X+5, M+X+6" in printed
    assert "10, 12, 14, 16, 18" in printed


def test_strength_tables_print_repulse_conquest_and_awards(out):
    printed = text(out / "a4" / "rftg-strength-tables.pdf")
    # each table row reads: players, repulse value, offset, conquest value
    for row in ("2 22 33 55", "3 28 42 70", "4 33 52 85", "5 39 61 100"):
        assert row in printed, row
    # defense awards by admiral position, 5 players: 1, 1, 1, 2, 2
    assert "5 1 1 1 2 2" in printed
    assert "print at 100 %" in printed


def test_every_aid_names_game_version_and_scale(out):
    for name in ("rftg-invasion-summary.pdf", "rftg-strength-tables.pdf", "rftg-score-sheet.pdf"):
        printed = text(out / "a4" / name)
        assert "v2026.11.1" in printed and "print at 100 %" in printed and "2026-11-29" in printed


def test_only_the_bundled_font_is_used_and_embedded(out):
    for name in ("rftg-invasion-summary.pdf", "rftg-strength-tables.pdf", "rftg-score-sheet.pdf"):
        for page in pages(out / "a4" / name):
            fonts = _fonts(page)
            assert fonts, name
            for base, embedded in fonts:
                assert "Playaid" in base or "DejaVuSansCondensed" in base, base
                assert embedded, base


def _fonts(page):
    found = []

    def walk(resources):
        if not resources:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found.append((str(font.get("/BaseFont")), embedded))
        for xobject in (resources.get("/XObject") or {}).values():
            walk(xobject.get_object().get("/Resources"))

    walk(page.get("/Resources"))
    return found


def test_score_sheet_fillable_has_a_field_per_box(out):
    from pypdf import PdfReader

    fillable = PdfReader(str(out / "a4" / "rftg-score-sheet-fillable.pdf")).get_fields()
    assert "total.player_1" in fillable and "total.player_5" in fillable
    assert "renaissance_chips.player_3" in fillable
    printable = PdfReader(str(out / "a4" / "rftg-score-sheet.pdf")).get_fields()
    assert not printable
    printed = text(out / "a4" / "rftg-score-sheet.pdf")
    assert "War-contribution chips" not in printed  # one VP chips row: war contributions count once
    for label in (
        "Printed card VP",
        "6-cost development VP",
        "VP chips",
        "damaged worlds count for none",
        "Defense awards",
        "Greatest Admiral",
        "Greatest Conqueror",
        "Total VP",
        "Galactic Renaissance count",
        "Tie-break: goods + hand",
        "Player 5",
    ):
        assert label in printed
    assert "in the counterstrike game they join your other VP chips at the repulse" in printed
    assert "shared" not in printed  # the win is not "shared": no source says so


def test_text_that_does_not_fit_fails_the_build_naming_the_aid(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    summary = content / "rftg" / "rules" / "frontier-summary.yaml"
    long_item = "      - " + "Every word here is padding that a card cannot hold. " * 40 + "\n"
    lines = summary.read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "Add the 6 start worlds and 26 game cards;" in line)
    lines.insert(at + 1, long_item)
    summary.write_text("".join(lines))
    out = tmp_path / "out"
    (out / "a4").mkdir(parents=True)
    previous = out / "a4" / "rftg-frontier-summary.pdf"
    previous.write_bytes(b"%PDF previous build")
    report = build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=("frontier-summary",)))
    assert not report.ok
    [result] = report.results
    assert result.status == "failed"
    assert "rftg-frontier-summary" in result.error
    assert "face 'front' does not fit 63 x 88 mm even at 7 pt" in result.error
    assert "declare a larger size" in result.error
    assert previous.read_bytes() == b"%PDF previous build"  # the old PDF is kept whole
