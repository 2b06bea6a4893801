"""`--ink low-ink` keeps its word, measured on the built PDFs of every aid content declares (A4):
no aid takes more ink than in colour, and on average at least 20 % less (ink = the mean darkness
of the rendered pages, `tests.print_quality.ink_coverage`; bench/ink.py prints the figures)."""

from __future__ import annotations

import statistics

import pytest

from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from tests.print_quality import ink_coverage

#: The least saving low ink must make on average over the aids.
MEAN_SAVING = 0.20


@pytest.fixture(scope="module")
def ink(tmp_path_factory) -> dict[str, dict[str, float]]:
    out = {}
    for mode in ("colour", "low-ink"):
        folder = tmp_path_factory.mktemp(mode)
        report = build(
            BuildOptions(
                content_dir=PROJECT_ROOT / "content", out_dir=folder, jobs=2, render=RenderOptions(paper="a4", ink=mode)
            )
        )
        assert report.ok, [r.error for r in report.results if r.error]
        out[mode] = {
            p.stem: ink_coverage(p)
            for p in sorted((folder / "a4").glob("*.pdf"))
            if not p.name.endswith("-fillable.pdf")
        }
    assert out["colour"] and out["colour"].keys() == out["low-ink"].keys()
    return out


def test_ink_is_measured_as_darkness(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "half.pdf"
    canvas = Canvas(str(path), pagesize=(100, 100))
    canvas.rect(0, 0, 50, 100, stroke=0, fill=1)  # half the page black
    canvas.setFillGray(0.5)
    canvas.rect(50, 0, 50, 50, stroke=0, fill=1)  # a quarter mid grey
    canvas.showPage()
    canvas.save()
    assert ink_coverage(path) == pytest.approx(0.5 + 0.25 * 0.5, abs=0.02)


def test_low_ink_never_uses_more_ink_than_colour(ink):
    worse = {
        aid: (round(100 * ink["colour"][aid], 2), round(100 * low, 2))
        for aid, low in ink["low-ink"].items()
        if low > ink["colour"][aid]
    }
    assert not worse, f"low ink uses more ink (colour %, low-ink %): {worse}"
    assert all(0 < v < 0.5 for v in ink["colour"].values())


def test_low_ink_saves_a_fifth_on_average(ink):
    saving = statistics.mean(1 - ink["low-ink"][a] / ink["colour"][a] for a in ink["colour"])
    assert saving >= MEAN_SAVING, f"low ink saves {100 * saving:.1f} % on average"
