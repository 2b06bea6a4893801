"""Registers the bundled font with ReportLab (WeasyPrint gets it through @font-face)."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.paths import FONT_BOLD, FONT_ITALIC, FONT_REGULAR


@lru_cache(maxsize=1)
def register_fonts() -> None:
    """Register ``PlayaidSans`` / ``PlayaidSans-Bold`` / ``PlayaidSans-Italic`` (DejaVu Sans
    Condensed, subset and embedded by ReportLab)."""
    pdfmetrics.registerFont(TTFont("PlayaidSans", str(FONT_REGULAR)))
    pdfmetrics.registerFont(TTFont("PlayaidSans-Bold", str(FONT_BOLD)))
    pdfmetrics.registerFont(TTFont("PlayaidSans-Italic", str(FONT_ITALIC)))
    pdfmetrics.registerFontFamily(
        "PlayaidSans",
        normal="PlayaidSans",
        bold="PlayaidSans-Bold",
        italic="PlayaidSans-Italic",
        boldItalic="PlayaidSans-Bold",
    )
