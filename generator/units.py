"""The only place that converts lengths and knows paper and card sizes.

All lengths inside playaid are millimetres unless a name ends in ``_pt`` (PostScript points,
1/72 inch).
"""

from __future__ import annotations

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0

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


def paper_size_mm(name: str) -> tuple[float, float]:
    """Portrait (width, height) in mm of ``a4`` or ``letter``; raises KeyError for others."""
    return PAPER_MM[name.lower()]
