"""Form aids' printed layout: row help text wraps inside the label column (pdfplumber positions),
and help text that needs more lines than its row holds fails the build, naming aid, row and text."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pdfplumber
import pytest

from generator.content.aids import Aid
from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.render.forms import FormFitError, render_form
from tests.render_helpers import PT_TO_MM

CONTENT = PROJECT_ROOT / "content"
SIX_DEV_HELP = (
    "with the two ? VP worlds; per development a card scores in one category only; damaged worlds count for none"
)
HEADER_GREY = (0.89,)


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    out = tmp_path_factory.mktemp("form-layout")
    for paper, mode in (("a4", "sheet"), ("letter", "sheet"), ("a4", "print-shop"), ("letter", "print-shop")):
        report = build(
            BuildOptions(
                content_dir=CONTENT,
                out_dir=out,
                jobs=1,
                only=("rftg-score-sheet",),
                render=RenderOptions(paper=paper, mode=mode),
            )
        )
        assert report.ok, [r.error for r in report.results]
    return out


def _help_lines(path: Path):
    """(label column x-range in pt, 6 pt text lines in the rows as [(text, x0, x1)]) of page 1."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        band = next(r for r in page.rects if r["non_stroking_color"] in (HEADER_GREY, HEADER_GREY[0]))
        rules = sorted(
            line["x0"] for line in page.lines if abs(line["x0"] - line["x1"]) < 0.01 and line["x0"] > band["x0"] + 1
        )
        left, right = band["x0"], rules[0]
        # 6 pt text below the header band: the rows' help lines (column help sits in the band)
        chars = [c for c in page.chars if round(c["size"], 1) == 6.0 and c["top"] > band["bottom"]]
        lines: dict[float, list] = {}
        for c in chars:
            lines.setdefault(round(c["top"], 1), []).append(c)
        runs = [
            (
                "".join(c["text"] for c in sorted(cs, key=lambda c: c["x0"])),
                min(c["x0"] for c in cs),
                max(c["x1"] for c in cs),
            )
            for _, cs in sorted(lines.items())
        ]
        return (left, right), runs


@pytest.mark.parametrize("folder", ["a4", "letter", "print-shop-a4", "print-shop-letter"])
@pytest.mark.parametrize("name", ["rftg-score-sheet.pdf", "rftg-score-sheet-fillable.pdf"])
def test_row_help_lines_stay_inside_the_label_column(out, folder, name):
    (left, right), runs = _help_lines(out / folder / name)
    assert len(runs) == 10  # one line for each of 8 help texts, two each for the 6-cost development and VP chips rows
    for text, x0, x1 in runs:
        # 1.5 mm padding each side of the label column
        assert x0 * PT_TO_MM >= left * PT_TO_MM + 1.4, text
        assert x1 * PT_TO_MM <= right * PT_TO_MM - 1.4, (text, round(x1 * PT_TO_MM, 1), round(right * PT_TO_MM, 1))
    # the 6-cost development help is printed whole, wrapped onto two lines
    joined = " ".join(t for t, _, _ in runs)
    assert SIX_DEV_HELP in joined
    six_dev = [t for t, _, _ in runs if t and t in SIX_DEV_HELP]
    assert six_dev == [
        "with the two ? VP worlds; per development a card scores in",
        "one category only; damaged worlds count for none",
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_column_help_on_two_lines_stays_inside_the_header_band(tmp_path, paper):
    """Xia's campaign log has column help on two lines ("won and kept its special / rules"): the
    band grows to hold them (a new user saw the second line fall on the band's edge, into row 1)."""
    report = build(
        BuildOptions(
            content_dir=CONTENT, out_dir=tmp_path, jobs=1, only=("xia-campaign-log",), render=RenderOptions(paper=paper)
        )
    )
    assert report.ok, [r.error for r in report.results]
    with pdfplumber.open(tmp_path / paper / "xia-campaign-log.pdf") as pdf:
        page = pdf.pages[0]
        band = next(r for r in page.rects if r["non_stroking_color"] in (HEADER_GREY, HEADER_GREY[0]))
        words = page.extract_words(extra_attrs=["size"])
        help_words = [w for w in words if round(w["size"], 1) == 6.0 and w["top"] < band["bottom"] + 10]
        assert {"rules", "running"} <= {w["text"] for w in help_words}
        for w in help_words:  # every help word's ink, descenders included, inside the band
            assert band["top"] <= w["top"] and w["bottom"] <= band["bottom"], (w["text"], w["bottom"], band["bottom"])


def test_help_text_longer_than_its_row_holds_fails_the_build_naming_aid_row_and_text(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    aids = content / "rftg" / "scoring.yaml"  # the sheet's help comes from the scoring model
    long_help = " ".join(["each card scores in one category only"] * 12)
    aids.write_text(aids.read_text().replace(f'help: "{SIX_DEV_HELP}"', f'help: "{long_help}"'))
    report = build(
        BuildOptions(
            content_dir=content,
            out_dir=tmp_path / "out",
            jobs=1,
            only=("rftg-score-sheet",),
            render=RenderOptions(paper="a4"),
        )
    )
    assert not report.ok
    error = next(r.error for r in report.results if r.status == "failed")
    assert "aid 'rftg-score-sheet'" in error
    assert "row 'six_dev_vp'" in error
    assert long_help in error
    # a 16 mm row holds 5 lines at 6 pt; 12 repeats need 8 in the 57 mm label column
    assert "needs 8 lines at 6 pt" in error and "the 16.0 mm row holds 5" in error
    assert not (tmp_path / "out" / "a4" / "rftg-score-sheet.pdf").exists()  # no half-written PDF


@pytest.mark.parametrize(
    "column, message",
    [
        (
            {"id": "bonus", "label": "Bonus", "help": "tie chips and war contributions count once each"},
            "column 'bonus': help text 'tie chips and war contributions count once each' needs 3 lines at 6 pt "
            "in its 16.7 mm column; the header holds 2",
        ),
        (
            {"id": "bonus", "label": "Bonus victory points", "help": "tie chips"},
            "column 'bonus': label 'Bonus victory points' does not fit its 16.7 mm column on one line (the rest "
            "of its header holds the help text) even at 6 pt",
        ),
    ],
)
def test_a_column_header_that_does_not_fit_names_the_column(column, message):
    """Ten columns across A4: a header's help text gets two lines, and a label with help text one
    (without help the same label wraps onto two lines and fits)."""

    def aid(first):
        columns = [first] + [{"id": f"p{n}", "label": f"P{n}"} for n in range(2, 11)]
        return Aid.model_validate(
            {
                "id": "sheet",
                "title": "Sheet",
                "format": "form",
                "grid": {"corner": "Player", "rows": [{"id": "vp", "label": "VP"}], "columns": columns},
            }
        )

    with pytest.raises(FormFitError) as raised:
        render_form(aid(column), "Game", "footer", "a4", fillable=False)
    assert str(raised.value) == message
    without_help = {k: v for k, v in column.items() if k != "help"}
    with pdfplumber.open(io.BytesIO(render_form(aid(without_help), "Game", "footer", "a4", fillable=False))) as pdf:
        words = pdf.pages[0].extract_words()
    label = [w for w in words if w["text"] in column["label"].split()]
    lines = {round(w["top"]) for w in label}
    assert " ".join(w["text"] for w in sorted(label, key=lambda w: (w["top"], w["x0"]))) == column["label"]
    assert len(lines) == (2 if column["label"] == "Bonus victory points" else 1)
