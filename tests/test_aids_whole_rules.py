"""Every built page aid, read back from its PDF on A4 and US Letter: each rule (a rules item, a
ruling) is printed whole on one page, never split across a page break; and no aid prints an
internal id (a ruling's id, "ruling <id>"). Iterates over what content declares."""

from __future__ import annotations

import re
import unicodedata

import pypdfium2 as pdfium
import pytest

from generator.checks.load import load_content
from generator.compile.icon_text import ICON_TOKEN
from generator.content.aids import RulesBlock, RulingsBlock
from generator.content.models import RuleItem
from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.render.faces import page_footer

CONTENT = load_content(PROJECT_ROOT / "content")


def _games():
    return [CONTENT.game(gid) for gid in sorted(CONTENT.games)]


def _aids(fmt: str | None = None):
    for game in _games():
        for doc in game.of_kind("aids").values():
            for aid in doc.aids:
                if fmt is None or aid.format == fmt:
                    yield game, aid


def squash(text: str) -> str:
    """Letters and digits only, lower case: what survives line breaks, hyphenation, dashes turned
    into minus signs and icons drawn as pictures."""
    text = ICON_TOKEN.sub("", unicodedata.normalize("NFKC", text))
    return re.sub(r"[^0-9a-z]", "", text.lower())


def _items(items):
    for it in items:
        if isinstance(it, RuleItem):
            yield ((it.label + " ") if it.label else "") + it.text
            yield from _items(it.items)
        else:
            yield str(it)


def rules_of(game, aid) -> list[str]:
    """The rules an aid prints: each item (label and text, without its sub-items) and each
    ruling (question, ruling, reason)."""
    out = []
    rules = game.of_kind("rules")
    for face in aid.faces:
        for block in face.blocks:
            if isinstance(block, RulesBlock):
                for s in rules[block.rules].sections:
                    if block.sections is None or s.id in block.sections:
                        out.extend(_items(s.items))
            elif isinstance(block, RulingsBlock):
                doc = rules[block.rulings]
                for r in doc.rulings:
                    if block.only is None or r.id in block.only:
                        out += [r.question, "Ruling: " + r.ruling, r.reason]
    return out


def page_texts(path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    try:
        out = []
        for page in doc:
            tp = page.get_textpage()
            out.append(tp.get_text_range())
            tp.close()
            page.close()
        return out
    finally:
        doc.close()


PAGE_AIDS = [f"{game.id}-{aid.id}" for game, aid in _aids("page")]
ALL_AIDS = [f"{game.id}-{aid.id}" for game, aid in _aids()]


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"whole-{request.param}")
    report = build(
        BuildOptions(
            content_dir=PROJECT_ROOT / "content",
            out_dir=out,
            jobs=2,
            only=tuple(ALL_AIDS),
            render=RenderOptions(paper=request.param),
        )
    )
    assert report.ok, [r.error for r in report.results if r.error]
    return out / request.param


def test_there_are_page_aids_to_check():
    assert PAGE_AIDS, "content declares no page aid"


def test_no_rule_is_split_across_pages(built):
    split = []
    for game, aid in _aids("page"):
        footer = squash(page_footer(game, aid))
        pages = [
            re.sub(r"page\d+of\d+", "", squash(t).replace(footer, ""))
            for t in page_texts(built / f"{game.id}-{aid.id}.pdf")
        ]
        assert len(pages) >= 1 and all(pages)
        whole = "".join(pages)
        for rule in rules_of(game, aid):
            needle = squash(rule)
            assert needle in whole, (aid.id, rule)  # printed at all, in this order of letters
            if not any(needle in page for page in pages):
                split.append(f"{game.id}-{aid.id}: {rule[:70]}")
    assert not split, "rules split across a page break:\n" + "\n".join(split)


def test_no_internal_id_is_printed(built):
    ids = set()
    for game in _games():
        for doc in game.of_kind("rules").values():
            ids |= {r.id for r in doc.rulings if "-" in r.id}
        for doc in game.of_kind("scoring").values():
            ids |= {r.id for r in getattr(doc, "rulings", []) or [] if "-" in r.id}
    assert ids  # hyphenated ids: a one-word id (winner) is an ordinary word
    found = []
    for name in ALL_AIDS:
        text = re.sub(r"\s+", " ", " ".join(page_texts(built / f"{name}.pdf")))
        found += [f"{name}: {m}" for m in re.findall(r"\bruling [a-z0-9]+(?:-[a-z0-9]+)+", text)]
        found += [f"{name}: {i}" for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    assert not found, found


def title_lines(path, title: str) -> list[int]:
    """For each card front on the first sheet of ``path``: on how many text lines its title
    prints (1 when whole). The sheet label, which repeats the title, is left out (it is smaller)."""
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[0]
        tp = page.get_textpage()
        searcher = tp.search(title, match_case=True)
        out = []
        while (hit := searcher.get_next()) is not None:
            index, count = hit
            boxes = [b for b in (tp.get_charbox(i) for i in range(index, index + count)) if b[3] > b[1]]
            size = max(max(r - x, t - b) for x, b, r, t in boxes)
            if size < 6:  # pt: the 6 pt sheet label
                continue
            centres = [((x + r) / 2, (b + t) / 2) for x, b, r, t in boxes]
            # the next letter of a line is at most a letter away; a wrapped one a line's width
            lines = 1 + sum(
                1 for (x0, y0), (x1, y1) in zip(centres, centres[1:]) if abs(x1 - x0) + abs(y1 - y0) > 2 * size
            )
            out.append(lines)
        searcher.close()
        tp.close()
        page.close()
        return out
    finally:
        doc.close()


def test_every_card_title_prints_on_one_line(built):
    for game, aid in _aids("card"):
        lines = title_lines(built / f"{game.id}-{aid.id}.pdf", aid.title)
        assert lines, (aid.id, "title not found on the front sheet")
        assert set(lines) == {1}, f"{game.id}-{aid.id}: the title '{aid.title}' breaks onto {max(lines)} lines"
