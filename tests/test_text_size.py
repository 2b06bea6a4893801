"""No text run of any built PDF is under 6 pt (the README's promise), measured on the page.

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

CONTENT = PROJECT_ROOT / "content"


def effective_size_pt(char: dict) -> float:
    """A character's size on the page (pt): the height of its em box for upright text, its width
    for text turned a quarter turn (pdfminer's box spans exactly one em across the baseline)."""
    a, b, c, d, _e, _f = char["matrix"]
    if abs(b) < 1e-6 and abs(c) < 1e-6:
        return char["height"]
    if abs(a) < 1e-6 and abs(d) < 1e-6:
        return char["width"]
    raise AssertionError(f"text at an angle other than a quarter turn: {char['text']!r} {char['matrix']}")


def text_sizes(path: Path) -> list[tuple[float, int, str]]:
    """(size in pt, page number, character) of every visible character of a PDF."""
    found = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for char in page.chars:
                if char["text"].strip():
                    found.append((effective_size_pt(char), page.page_number, char["text"]))
    return found


@pytest.mark.parametrize("paper, mode", [("a4", "sheet"), ("letter", "sheet"),
                                         ("a4", "print-shop"), ("letter", "print-shop")])
def test_no_text_run_of_any_aid_is_under_6_pt(tmp_path, paper, mode):
    report = build(BuildOptions(content_dir=CONTENT, out_dir=tmp_path, jobs=1,
                                render=RenderOptions(paper=paper, mode=mode)))
    assert report.ok, [r.error for r in report.results if r.error]
    folder = tmp_path / (paper if mode == "sheet" else f"print-shop-{paper}")
    pdfs = sorted(folder.glob("*.pdf"))
    # every aid of both games, and both forms' fillable variants
    assert len(pdfs) == len(report.results) + 2
    smallest = {}
    for pdf in pdfs:
        sizes = text_sizes(pdf)
        assert sizes, f"{pdf.name} has no text"
        smallest[pdf.name] = min(sizes)
    under = {name: s for name, s in smallest.items() if s[0] < MIN_TEXT_PT - 0.01}
    assert not under, f"text under {MIN_TEXT_PT} pt (size, page, character): {under}"
    # the cards' header line and footer are set at exactly 6 pt: the measure reads them as 6.0
    assert round(smallest["rftg-invasion-summary.pdf"][0], 2) == 6.0
    assert round(smallest["xia-rolls-hazards.pdf"][0], 2) == 6.0  # A6 cards: turned on the sheet


def test_a_face_whose_notes_would_print_under_6_pt_fails_naming_the_size(tmp_path):
    """The table notes print at 0.92 em: a face allowed at most 6.25 pt would set them at 5.75 pt,
    so the fitter refuses it rather than print them (the old fitter chose 6.25 pt)."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    aids = content / "rftg" / "aids.yaml"
    text = aids.read_text(encoding="utf-8")
    anchor = "  - id: invasion-end\n    title: Invasion Strengths and Game End\n    format: card\n"
    assert anchor in text
    aids.write_text(text.replace(anchor, anchor + "    max_font_pt: 6.25\n"), encoding="utf-8")
    report = build(BuildOptions(content_dir=content, out_dir=tmp_path / "out", jobs=1,
                                only=("invasion-end",)))
    [result] = report.results
    assert result.status == "failed"
    assert ("only up to 6.25 pt, where its smallest text (\"※\") is 5.75 pt, under the 6 pt minimum"
            in result.error), result.error
