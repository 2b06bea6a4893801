"""Print-quality figures of built PDFs, read off the pages as a printer gets them (pdfplumber):

- `small_card_text`: the share of a card sheet's characters printed under `BODY_MIN_PT`
  (the cards' text, not the sheet label in the margin);
- `page_fill`: how far down each page of a page aid its text and rules reach (per column);
- `checkbox_appearances`: each check box field's on and off appearance, and whether both draw
  a visible border.

Run as a script over an output folder to print the table: ``python -m tests.print_quality
output/letter``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pikepdf

from generator.render.typography import BODY_MIN_PT
from generator.units import mm_to_pt

#: Page aids: the margins of templates/style/page.css (mm); text in the bottom margin is the footer.
PAGE_MARGIN_TOP_MM = 12.0
PAGE_MARGIN_BOTTOM_MM = 14.0
#: Cards' own text is set in the bundled Playaid Sans by WeasyPrint; the sheet label in the
#: margin in ReportLab's DejaVu Sans Condensed.
CARD_FONT = "Playaid-Sans"


def effective_size_pt(char: dict) -> float:
    """A character's size on the page (pt): the height of its em box for upright text, its width
    for text turned a quarter turn (pdfminer's box spans exactly one em across the baseline)."""
    a, b, c, d, _e, _f = char["matrix"]
    if abs(b) < 1e-6 and abs(c) < 1e-6:
        return char["height"]
    if abs(a) < 1e-6 and abs(d) < 1e-6:
        return char["width"]
    raise AssertionError(f"text at an angle other than a quarter turn: {char['text']!r} {char['matrix']}")


def small_card_text(path: Path, under_pt: float = BODY_MIN_PT) -> tuple[float, int]:
    """(share of the cards' visible characters under ``under_pt``, number of characters) of a
    card sheet PDF; the sheet label (margin) is not counted."""
    small = total = 0
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for char in page.chars:
                if not char["text"].strip() or CARD_FONT not in char["fontname"]:
                    continue
                total += 1
                small += effective_size_pt(char) < under_pt - 0.01
    return (small / total if total else 0.0), total


@dataclass(frozen=True)
class PageFill:
    """How full one page is: ``columns`` the fill (0-1) of its left and right half (the lowest
    text or rule in each, from the top margin down to the bottom margin); ``fill`` their mean."""

    page: int
    columns: tuple[float, float]

    @property
    def fill(self) -> float:
        return sum(self.columns) / len(self.columns)


def page_fill(path: Path) -> list[PageFill]:
    """`PageFill` of every page of a page aid or form (text, lines and boxes; the footer line in
    the bottom margin is left out)."""
    found = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            top, bottom = mm_to_pt(PAGE_MARGIN_TOP_MM), page.height - mm_to_pt(PAGE_MARGIN_BOTTOM_MM)
            half = page.width / 2
            lowest = [top, top]
            objects = [c for c in page.chars if c["text"].strip()] + page.lines + page.rects
            for obj in objects:
                if obj["bottom"] > bottom + 1 or obj["top"] < top - 1:
                    continue  # the footer, or the page head's rule above the margin
                sides = [0] if obj["x1"] <= half else [1] if obj["x0"] >= half else [0, 1]
                for side in sides:
                    lowest[side] = max(lowest[side], obj["bottom"])
            found.append(PageFill(page.page_number, tuple(min(1.0, (low - top) / (bottom - top)) for low in lowest)))
    return found


@dataclass(frozen=True)
class CheckBox:
    """A check box field: its name, the states of its normal appearance (``/Off`` and the on
    state) and, per state, whether that appearance strokes a border."""

    name: str
    states: tuple[str, ...]
    bordered: dict


def checkbox_appearances(path: Path) -> list[CheckBox]:
    """Every check box widget of a fillable PDF with its appearance states."""
    boxes = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for annot in page.get("/Annots", []):
                field = annot.get("/Parent", annot)
                if annot.get("/Subtype") != "/Widget" or field.get("/FT", annot.get("/FT")) != "/Btn":
                    continue
                normal = annot.get("/AP", {}).get("/N", {})
                states = tuple(sorted(str(k) for k in normal.keys())) if isinstance(normal, pikepdf.Dictionary) else ()
                bordered = {}
                for state in states:
                    ops = pikepdf.parse_content_stream(normal[state])
                    bordered[state] = any(str(op) in ("S", "s", "B", "b", "B*", "b*") for _, op in ops) and any(
                        str(op) == "re" for _, op in ops
                    )
                boxes.append(CheckBox(str(field.get("/T", annot.get("/T"))), states, bordered))
    return boxes


def main(folder: str) -> None:
    """Print the figures of every PDF in ``folder``."""
    for path in sorted(Path(folder).glob("*.pdf")):
        with pdfplumber.open(path) as pdf:
            fonts = {c["fontname"] for c in pdf.pages[0].chars}
        if any(CARD_FONT in f for f in fonts) and any("DejaVu" in f for f in fonts):
            share, total = small_card_text(path)
            print(f"{path.name:36s} card text under {BODY_MIN_PT:g} pt: {share:6.1%} of {total}")
        else:
            fills = " ".join(f"p{f.page} {f.fill:.0%}" for f in page_fill(path))
            extra = ""
            if path.name.endswith("-fillable.pdf"):
                boxes = checkbox_appearances(path)
                if boxes:
                    extra = (
                        f"; {len(boxes)} check boxes, bordered off/on: "
                        + f"{sum(all(b.bordered.values()) and len(b.states) == 2 for b in boxes)}"
                    )
            print(f"{path.name:36s} page fill: {fills}{extra}")


if __name__ == "__main__":
    main(sys.argv[1])


#: Resolution at which `ink_coverage` renders pages (dpi): fine enough that text counts as the
#: grey it prints as, coarse enough for a whole build in seconds.
INK_DPI = 50


def ink_coverage(path: Path, dpi: int = INK_DPI) -> float:
    """The ink a PDF puts on paper: the mean darkness (0 white .. 1 black) of its pages rendered
    in grey by PDFium at ``dpi``, averaged over all pages (each page weighs its area)."""
    import pypdfium2 as pdfium

    dark = pixels = 0
    doc = pdfium.PdfDocument(str(path))
    try:
        for page in doc:
            image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
            histogram = image.histogram()
            count = sum(histogram)
            dark += sum((255 - level) * n for level, n in enumerate(histogram)) / 255
            pixels += count
            page.close()
    finally:
        doc.close()
    return dark / pixels if pixels else 0.0
