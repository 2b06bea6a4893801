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
    html = (f'<div style="width:{width_px}px;font-family:\'Playaid Sans\';font-size:8pt">{TEXT}</div>')
    return renderer.layout(html, "@page { size: 100mm 60mm; margin: 0 }")


def _lines(document):
    from weasyprint.formatting_structure import boxes

    found = []

    def walk(box):
        if isinstance(box, boxes.LineBox):
            found.append("".join(getattr(b, "text", "") or "" for b in box.descendants()
                                 if isinstance(b, boxes.TextBox)).strip())
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
    html = ('<div style="width:205px;font-family:\'Playaid Sans\';font-size:8pt">'
            'Add<br>the 6 start worlds and 26 game cards.</div>')
    document = renderer.layout(html, "@page { size: 100mm 60mm; margin: 0 }")
    assert _lines(document) == ["Add", "the 6 start worlds and 26 game cards."]
    assert stranded_words(document) == ["Add"]


def test_a_lone_word_before_a_long_word_is_legitimate(renderer):
    html = ('<div style="width:60px;font-family:\'Playaid Sans\';font-size:8pt">'
            'as printedprintedprinted</div>')
    document = renderer.layout(html, "@page { size: 100mm 60mm; margin: 0 }")
    assert stranded_words(document) == []


def test_shipped_cards_have_no_stranded_words(monkeypatch):
    from generator.content.load import load_content
    from generator.content.plan import plan_aids
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


@pytest.mark.parametrize("typed, printed", [
    ("repulse value -1 and 1 VP chip", "repulse value \u22121 and 1 VP chip"),
    ("a 12-7 win: +5; a loss: -3.", "a 12-7 win: +5; a loss: \u22123."),
    ("Near cost 1-5, defense 2-6", "Near cost 1-5, defense 2-6"),
    ("Below -2 - the disk", "Below \u22122 - the disk"),
])
def test_a_hyphen_starting_a_number_prints_as_a_minus(typed, printed):
    from generator.render.typography import minus_signs

    assert minus_signs(typed) == printed
