"""WeasyPrint 70 can strand the first word of a line that overflows its box by a fraction of a
pixel; `stranded_words` must spot it so the fitter picks another size, and must not flag
ordinary wrapping."""

from __future__ import annotations

import pytest

from generator.paths import ASSETS_DIR
from generator.render.faces import stranded_words
from generator.render.html_pdf import HtmlRenderer

TEXT = "Add the 6 start worlds and 26 game cards."


def _layout(renderer, width_px: float):
    html = f'<div style="width:{width_px}px;font-family:\'Playaid Sans\';font-size:8pt">{TEXT}</div>'
    return renderer.layout(html, "@page { size: 100mm 60mm; margin: 0 }")


def _lines(document):
    from weasyprint.formatting_structure import boxes

    found = []

    def walk(box):
        if isinstance(box, boxes.LineBox):
            found.append(
                "".join(getattr(b, "text", "") or "" for b in box.descendants() if isinstance(b, boxes.TextBox)).strip()
            )
        for child in getattr(box, "children", []) or []:
            walk(child)

    walk(document.pages[0]._page_box)
    return found


@pytest.fixture(scope="module")
def renderer():
    return HtmlRenderer(ASSETS_DIR)


def test_ordinary_wrapping_is_not_flagged(renderer):
    document = _layout(renderer, 150)
    assert len(_lines(document)) == 2
    assert stranded_words(document) == []


def test_a_lone_first_word_that_would_fit_is_flagged(renderer):
    # A forced break reproduces the shape of WeasyPrint's slip deterministically.
    html = (
        '<div style="width:205px;font-family:\'Playaid Sans\';font-size:8pt">'
        'Add<br>the 6 start worlds and 26 game cards.</div>'
    )
    document = renderer.layout(html, "@page { size: 100mm 60mm; margin: 0 }")
    assert _lines(document) == ["Add", "the 6 start worlds and 26 game cards."]
    assert stranded_words(document) == ["Add"]


def test_a_lone_word_before_a_long_word_is_legitimate(renderer):
    html = '<div style="width:60px;font-family:\'Playaid Sans\';font-size:8pt">as printedprintedprinted</div>'
    document = renderer.layout(html, "@page { size: 100mm 60mm; margin: 0 }")
    assert stranded_words(document) == []


def test_shipped_cards_have_no_stranded_words(monkeypatch):
    from generator.checks.load import load_content
    from generator.compile.plan import plan_aids
    from generator.paths import PROJECT_ROOT
    from generator.pipeline.aidbuild import _environment, _renderer
    from generator.render.faces import render_card_faces

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    content = load_content(PROJECT_ROOT / "content")
    for planned in plan_aids(content, ["frontier-summary", "invasion-summary"]):
        game = content.game(planned.game)
        env = _environment(tuple(sorted(game.game.icons.items())))
        for face in render_card_faces(planned, game, _renderer(), env):
            assert stranded_words(face.document) == [], (planned.key, face.name)


@pytest.mark.parametrize(
    "typed, printed",
    [
        ("repulse value -1 and 1 VP chip", "repulse value \u22121 and 1 VP chip"),
        ("a 12-7 win: +5; a loss: -3.", "a 12-7 win: +5; a loss: \u22123."),
        ("Near cost 1-5, defense 2-6", "Near cost 1-5, defense 2-6"),
        ("Below -2 - the disk", "Below \u22122 - the disk"),
    ],
)
def test_a_hyphen_starting_a_number_prints_as_a_minus(typed, printed):
    from generator.render.typography import minus_signs

    assert minus_signs(typed) == printed


@pytest.mark.parametrize(
    "body, words",
    [
        ("<p>Add the 6 start worlds and 26 game cards.</p>", []),
        ("<p>See https://example.org/a/long/path/that/breaks/at/its/slashes/anywhere/at/all</p>", []),
        ("<p>Add the " + "Supercalifragilistic" * 3 + " cards.</p>", ["Supercalifragilistic" * 3]),
        ("<ul><li>Add the " + "Retaliationdeck" * 4 + " cards.</li></ul>", ["Retaliationdeck" * 4]),
        (
            "<table style='width:100%'><tr><td>a</td><td>" + "Counterstrike" * 4 + "</td></tr></table>",
            ["Counterstrike" * 4],
        ),
    ],
)
def test_a_word_wider_than_its_line_is_found(renderer, body, words):
    """Issue 22, item 7: a word with no break laid out past its box (cut off at a card's edge,
    or over the next table cell) is found, wherever it sits; wrapped text is not."""
    from generator.render.faces import overflowing_text

    css = "@page { size: 63mm 88mm; margin: 3mm } body { margin: 0; font-family: 'Playaid Sans'; font-size: 8pt }"
    document = renderer.layout(f"<html><body>{body}</body></html>", css)
    assert overflowing_text(document) == words


def _skeleton(tmp_path, item: str):
    from generator.content.skeleton import new_game

    (tmp_path / "content").mkdir()
    new_game("zz", tmp_path / "content", tmp_path / "examples")
    rules = tmp_path / "content" / "zz" / "rules.yaml"
    text = rules.read_text()
    assert "Loose gems: every gem not in a set scores 1 VP." in text
    rules.write_text(text.replace("Loose gems: every gem not in a set scores 1 VP.", item))
    return tmp_path / "content"


def _build(content, out):
    from generator.pipeline.aidbuild import RenderOptions
    from generator.pipeline.build import BuildOptions, build

    return build(
        BuildOptions(
            content_dir=content,
            out_dir=out,
            jobs=1,
            only=("zz-summary",),
            render=RenderOptions(paper="a4", mode="print-shop"),
        )
    )


def test_a_card_with_a_word_wider_than_the_card_fails_the_build_naming_it(tmp_path):
    """The build used to report success with the word cut off at the card's edge."""
    word = "Gemsetsandloosegemsandcoinsandmostcoinsandmostsets"  # 50 letters: over 57 mm at 7 pt
    report = _build(_skeleton(tmp_path, f"Loose gems: {word} score 1 VP."), tmp_path / "out")
    assert not report.ok
    (error,) = [r.error for r in report.results if r.error]
    assert f"face 'front': '{word}' is wider than its line on 63.5 x 88.9 mm even at 7 pt" in str(error)
    assert not (tmp_path / "out" / "print-shop-a4" / "zz-summary.pdf").exists()


def test_a_long_word_that_fits_at_a_smaller_size_is_printed_whole_inside_the_safe_area(tmp_path):
    import pdfplumber

    word = "Gemsetsandloosegemsandcoinsandmost"  # 34 letters: fits the line at a smaller size
    report = _build(_skeleton(tmp_path, f"Loose gems: {word} score 1 VP."), tmp_path / "out")
    assert report.ok, [r.error for r in report.results]
    with pdfplumber.open(tmp_path / "out" / "print-shop-a4" / "zz-summary.pdf") as pdf:
        page = pdf.pages[0]  # trim 63.5 x 88.9 mm + 3 mm bleed; the safe area is 3 mm inside the trim
        words = page.extract_words()
        (found,) = [w for w in words if word in w["text"]]
        right_of_safe_area_pt = (3 + 63.5 - 3) / 25.4 * 72
        assert found["x1"] <= right_of_safe_area_pt + 0.5, (found["x1"], right_of_safe_area_pt)
