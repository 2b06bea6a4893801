"""Helpers for PDF tests: page boxes in mm, extracted text, text positions."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader

from generator.units import pt_to_mm

PT_TO_MM = pt_to_mm(1)


def box_mm(page, name: str) -> tuple[float, float, float, float]:
    """A page box (mediabox, trimbox, bleedbox) as (x0, y0, x1, y1) in mm from the media box's
    lower-left corner (PDF boxes may have a negative origin), rounded to 0.1 mm."""
    box = getattr(page, name)
    ox, oy = float(page.mediabox.left), float(page.mediabox.bottom)
    return tuple(
        round(v * PT_TO_MM, 1)
        for v in (float(box.left) - ox, float(box.bottom) - oy, float(box.right) - ox, float(box.top) - oy)
    )


def size_mm(page) -> tuple[float, float]:
    x0, y0, x1, y1 = box_mm(page, "mediabox")
    return round(x1 - x0, 1), round(y1 - y0, 1)


def pages(path: Path):
    return PdfReader(str(path)).pages


def text(path: Path) -> str:
    """All text of a PDF with whitespace collapsed to single spaces. (PDFium reports a hyphen
    that ends a line as U+FFFE; no aid hyphenates words itself, so it is the typed hyphen.)"""
    doc = pdfium.PdfDocument(str(path))
    try:
        chunks = []
        for page in doc:
            tp = page.get_textpage()
            chunks.append(tp.get_text_range())
            tp.close()
            page.close()
        return re.sub(r"\s+", " ", " ".join(chunks)).replace("\ufffe", "-")
    finally:
        doc.close()


def find_positions(path: Path, page_index: int, needle: str) -> list[tuple[float, float]]:
    """(x, y) in mm of the lower-left corner of every occurrence of ``needle`` on a page."""
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[page_index]
        tp = page.get_textpage()
        searcher = tp.search(needle, match_case=True)
        found = []
        while (hit := searcher.get_next()) is not None:
            index, _count = hit
            left, bottom, _right, _top = tp.get_charbox(index)
            found.append((round(left * PT_TO_MM, 1), round(bottom * PT_TO_MM, 1)))
        searcher.close()
        tp.close()
        page.close()
        return found
    finally:
        doc.close()
