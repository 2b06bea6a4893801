"""Length conversions (generator.units): one inch is 25.4 mm, 72 pt and 96 CSS px."""

from __future__ import annotations

import pytest

from generator.units import mm_to_pt, pt_to_mm, px_to_pt


def test_an_inch_in_every_unit():
    assert mm_to_pt(25.4) == pytest.approx(72.0)
    assert pt_to_mm(72.0) == pytest.approx(25.4)
    assert px_to_pt(96.0) == pytest.approx(72.0)


def test_css_text_sizes_in_points():
    # WeasyPrint reports font sizes in CSS px: 8 px is the 6 pt minimum, 16 px (1 em) is 12 pt
    assert px_to_pt(8.0) == pytest.approx(6.0)
    assert px_to_pt(16.0) == pytest.approx(12.0)
    assert pt_to_mm(mm_to_pt(63.0)) == pytest.approx(63.0)
