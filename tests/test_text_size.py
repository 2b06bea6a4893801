"""No text run of any built PDF is under 6 pt (the README's promise), measured on the page; on the
home-printer sheets also the print quality of issue 20 (tests/print_quality.py): card text at
7 pt or more but for the icon legend, pages filled, check boxes visible, no letters in icons.

Every aid is built on A4 and US Letter, as home-printer sheets and for the print shop, and every
character's size is read with pdfplumber (pdfminer) from its effective text matrix: imposed
sheets draw each face as a Form XObject, rotated a quarter turn for A6 cards, so the size is
the glyph's extent on the page, not the font size set inside the face.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.render.faces import MIN_TEXT_PT
from tests.print_quality import checkbox_appearances, effective_size_pt, page_fill, small_card_text

CONTENT = PROJECT_ROOT / "content"


def text_sizes(path: Path) -> list[tuple[float, int, str]]:
    """(size in pt, page number, character) of every visible character of a PDF."""
    found = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for char in page.chars:
                if char["text"].strip():
                    found.append((effective_size_pt(char), page.page_number, char["text"]))
    return found


@pytest.mark.parametrize(
    "paper, mode", [("a4", "sheet"), ("letter", "sheet"), ("a4", "print-shop"), ("letter", "print-shop")]
)
def test_no_text_run_of_any_aid_is_under_6_pt(tmp_path, paper, mode):
    """And, on the home-printer sheets (issue 20): card text at 7 pt or more but for the icon
    legend (footnote size), every page of a page aid but its last at least 70 % full, and every
    check box of a fillable form visible when empty."""
    report = build(
        BuildOptions(content_dir=CONTENT, out_dir=tmp_path, jobs=1, render=RenderOptions(paper=paper, mode=mode))
    )
    assert report.ok, [r.error for r in report.results if r.error]
    folder = tmp_path / (paper if mode == "sheet" else f"print-shop-{paper}")
    pdfs = sorted(folder.glob("*.pdf"))
    # every aid of every game, and each form's fillable variant
    forms = sum(1 for r in report.results if any(f.endswith("-fillable.pdf") for f in r.files))
    assert forms >= 2 and len(pdfs) == len(report.results) + forms
    smallest = {}
    for pdf in pdfs:
        sizes = text_sizes(pdf)
        assert sizes, f"{pdf.name} has no text"
        smallest[pdf.name] = min(sizes)
    under = {name: s for name, s in smallest.items() if s[0] < MIN_TEXT_PT - 0.01}
    assert not under, f"text under {MIN_TEXT_PT} pt (size, page, character): {under}"
    if mode != "sheet":
        # one face per page, no sheet label: the smallest card text is the icon legend, 0.92 em
        # of the 7 pt body
        assert round(smallest["rftg-invasion-summary.pdf"][0], 2) == pytest.approx(0.92 * 7, abs=0.01)
        return
    # the sheet labels in the margin are set at exactly 6 pt: the measure reads them as 6.0
    assert round(smallest["rftg-invasion-summary.pdf"][0], 2) == 6.0
    assert round(smallest["xia-rolls-hazards.pdf"][0], 2) == 6.0  # A6 cards: turned on the sheet
    formats = {plan.key: plan.aid.format for plan in _plans()}
    for key, kind in formats.items():
        path = folder / f"{key}.pdf"
        if kind == "card":
            share, count = small_card_text(path)
            assert count > 1000, key
            # only the icon legend (0.92 em) prints under 7 pt: a few lines of a card at most
            assert share <= MAX_SMALL_CARD_SHARE, (key, f"{share:.1%} of the card text is under 7 pt")
        else:
            fills = page_fill(path)
            assert all(f.fill >= MIN_PAGE_FILL for f in fills[:-1]), (key, fills)
    # text balanced between a card's faces: their fitted body sizes at most 1 pt apart
    import json

    from generator.pipeline.build import MANIFEST_NAME

    manifest = json.loads((folder / MANIFEST_NAME).read_text(encoding="utf-8"))
    for key, kind in formats.items():
        if kind == "card":
            sizes = manifest[key]["fitted"].values()
            assert min(sizes) >= 7.0 and max(sizes) - min(sizes) <= 1.0, (key, manifest[key]["fitted"])
    boxes = checkbox_appearances(folder / "xia-campaign-log-fillable.pdf")
    assert len(boxes) == 40  # Won and Goal completed for 20 games
    for box in boxes:
        assert box.states == ("/Off", "/Yes"), box
        assert box.bordered == {"/Off": True, "/Yes": True}, box


def _plans():
    from generator.checks.load import load_content
    from generator.compile.plan import plan_aids

    return plan_aids(load_content(CONTENT), None)


#: The most of a card sheet's text that may print under 7 pt (the icon legend's line or two).
MAX_SMALL_CARD_SHARE = 0.07
#: Every page of a page aid but its last is at least this full.
MIN_PAGE_FILL = 0.70


def test_measures_read_the_built_pdfs_as_printed(tmp_path):
    """The measures themselves, on PDFs made here: a sheet of 6.5 pt card text is all small, a
    page half filled reads 0.5, and a ReportLab check box without a border shows none."""
    import io

    from reportlab.lib.colors import black
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.fonts import register_fonts
    from generator.units import mm_to_pt

    register_fonts()
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(mm_to_pt(210), mm_to_pt(297)))
    top, bottom = 12.0, 297.0 - 14.0
    canvas.setFont("PlayaidSans", 8)
    canvas.drawString(mm_to_pt(20), mm_to_pt(297 - top - 3), "top line")
    middle = top + (bottom - top) / 2
    canvas.drawString(mm_to_pt(20), mm_to_pt(297 - middle), "half way down")
    canvas.drawString(mm_to_pt(120), mm_to_pt(297 - middle), "both columns")
    canvas.acroForm.checkbox(name="open", x=100, y=100, size=12, borderColor=None, fillColor=None)
    canvas.acroForm.checkbox(name="boxed", x=130, y=100, size=12, borderColor=black, borderWidth=0.6)
    canvas.save()
    path = tmp_path / "measure.pdf"
    path.write_bytes(buf.getvalue())
    [fill] = page_fill(path)
    assert fill.fill == pytest.approx(0.5, abs=0.01)
    boxes = {b.name: b for b in checkbox_appearances(path)}
    assert boxes["open"].bordered == {"/Off": False, "/Yes": False}
    assert boxes["boxed"].bordered == {"/Off": True, "/Yes": True}


def test_no_icon_letters_print_under_6_pt():
    """Letters drawn inside an icon (tools/draw_icons.py marks them class="lettering" with their
    em size in icon units) would print at em / 24 of the icon's height; icons print 1.05 em tall
    beside 7 pt card text. None may be under 6 pt: the shipped icons carry no lettering at all,
    and every icon file exists in the three inks."""
    import re

    from generator.paths import ICONS_DIR

    icon_height_pt = 1.05 * 7.0
    files = sorted(ICONS_DIR.glob("*.svg"))
    stems = {f.stem for f in files}
    base = {s for s in stems if not s.endswith(("-cb", "-outline"))}
    assert len(base) >= 40 and all({f"{s}-cb", f"{s}-outline"} <= stems for s in base)
    lettering = []
    for f in files:
        for em in re.findall(r'class="lettering" data-em="([0-9.]+)"', f.read_text(encoding="utf-8")):
            lettering.append((f.name, float(em) / 24 * icon_height_pt))
    assert [item for item in lettering if item[1] < 6.0] == []
    assert lettering == []


def test_a_face_whose_legend_would_print_under_6_pt_fails_naming_the_size(tmp_path):
    """The icon legend prints at 0.92 em: a card allowed 6 to 6.25 pt would set it at 5.75 pt,
    so the fitter refuses it rather than print it."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    aids = content / "rftg" / "aids.yaml"
    text = aids.read_text(encoding="utf-8")
    anchor = "  - id: invasion-summary\n    title: Invasion Game Summary\n    format: card\n"
    assert anchor in text
    aids.write_text(text.replace(anchor, anchor + "    min_font_pt: 6\n    max_font_pt: 6.25\n"), encoding="utf-8")
    report = build(BuildOptions(content_dir=content, out_dir=tmp_path / "out", jobs=1, only=("invasion-summary",)))
    [result] = report.results
    assert result.status == "failed"
    assert "face 'back' fits 63 x 88 mm only up to 6.25 pt, where its smallest text" in result.error
    assert "is 5.75 pt, under the 6 pt minimum" in result.error, result.error
