"""The only place that converts lengths and knows paper and card sizes.

All lengths inside playaid are millimetres unless a name ends in ``_pt`` (PostScript points,
1/72 inch) or ``_px`` (CSS pixels, 1/96 inch, as WeasyPrint reports sizes).
"""

from __future__ import annotations

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0
#: CSS pixels per inch (CSS fixes 1 px at 1/96 in, whatever the device).
PX_PER_INCH = 96.0

#: Paper sizes as (width_mm, height_mm), portrait.
PAPER_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}

#: Print-shop bleed around the trim, mm.
BLEED_MM = 3.0

#: Margin that home printers can reach on every side, mm (most need 3-5 mm; 10 is safe).
HOME_PRINTER_MARGIN_MM = 10.0


def mm_to_pt(mm: float) -> float:
    """Millimetres to points (1 pt = 1/72 in)."""
    return mm * PT_PER_INCH / MM_PER_INCH


def pt_to_mm(pt: float) -> float:
    """Points to millimetres."""
    return pt * MM_PER_INCH / PT_PER_INCH


def px_to_pt(px: float) -> float:
    """CSS pixels to points (1 px = 1/96 in, so 0.75 pt): WeasyPrint keeps font sizes in px."""
    return px * PT_PER_INCH / PX_PER_INCH


def paper_size_mm(name: str) -> tuple[float, float]:
    """Portrait (width, height) in mm of ``a4`` or ``letter``; raises KeyError for others."""
    return PAPER_MM[name.lower()]
