"""What `build` would refuse for want of room, found by `playaid check` and located at the
content line that holds the text (issue 34): a form's (score sheet's) label or help text that
does not fit its box at the 6 pt minimum on A4 or US Letter (`generator.render.forms` lays the
form out as the build does, into memory), and a word wider than a card's whole face at the
aid's smallest font size, inside its 3 mm safe area (no layout can hold it: the build would
stop on "wider than its line"; a word that fits the face but not its column is still the
build's to find). Before, both passed `check` and failed the build without a file:line.

Run by `playaid check` only (loading content for a build or a score does not lay out forms).
"""

from __future__ import annotations

import re

from generator.errors import Problem

PAPERS = ("a4", "letter")


def check_fit(content) -> list[Problem]:
    """Every fit problem of every game's form and card aids (none when all fit)."""
    from generator.compile.plan import plan_aids

    problems: list[Problem] = []
    for planned in plan_aids(content):
        game = content.game(planned.game)
        if planned.aid.format == "form":
            problems += _form_problems(game, planned)
        elif planned.aid.format == "card" and planned.trim_mm is not None:
            problems += _word_problems(game, planned)
    return list(dict.fromkeys(problems))


def _form_problems(game, planned) -> list[Problem]:
    from generator.render.faces import page_footer
    from generator.render.forms import FormFitError, render_form

    found: dict[str, tuple[FormFitError, list[str]]] = {}  # message -> (error, papers it fails on)
    for paper in PAPERS:
        try:
            render_form(planned.aid, game.game.title, page_footer(game, planned.aid), paper, False)
        except FormFitError as exc:
            found.setdefault(str(exc), (exc, []))[1].append(paper)
    problems = []
    for message, (error, papers) in found.items():
        loc, path = _form_place(game, planned.aid, error)
        on = " and ".join({"a4": "A4", "letter": "US Letter"}[p] for p in papers)
        problems.append(
            loc.problem(
                path,
                f"aid '{planned.aid.id}' on {on}: {message}",
                "shorten the text, or move words into the help text"
                if error.part == "label"
                else "shorten the help text",
            )
        )
    return problems


def _form_place(game, aid, exc) -> tuple:
    """(located document, path) of the text a `FormFitError` names: for a score sheet the sheet
    line (its own label or help) or else the item it shows (a component's label, an award's
    title); for a grid written in aids the row or column; else the aid."""
    item, part = exc.item, exc.part
    if aid.sheet is not None:
        loc = game.located[("scoring", aid.sheet)]
        doc = game.of_kind("scoring")[aid.sheet]
        if item == "corner":
            return loc, ("sheet", "corner")
        if item in ("player", "game"):
            return loc, ("sheet", "each", "label")
        for i, raw in enumerate(doc.sheet.lines):
            line_id = raw if isinstance(raw, str) else raw.id
            if line_id != item:
                continue
            if not isinstance(raw, str) and getattr(raw, part, None):
                return loc, ("sheet", "lines", i, part)
            for key in ("entered", "measures", "components", "awards", "tie_breakers"):
                for j, thing in enumerate(getattr(doc, key, None) or ()):
                    if getattr(thing, "id", None) == item:
                        own = "title" if key == "awards" and part == "label" else part
                        return loc, (key, j, own)
            return loc, ("sheet", "lines", i)
        return loc, ("sheet",)
    for doc_id, doc in game.of_kind("aids").items():
        for i, declared in enumerate(doc.aids):
            if declared.id != aid.id:
                continue
            loc = game.located[("aids", doc_id)]
            if item == "corner":
                return loc, ("aids", i, "grid", "corner")
            for key in ("rows", "columns"):
                for j, line in enumerate(getattr(aid.grid, key)):
                    if line.id == item:
                        return loc, ("aids", i, "grid", key, j, part)
            return loc, ("aids", i, "id")
    raise LookupError(aid.id)  # a planned aid is declared in an aids file


#: A card face's safe area inside its trim, each side (templates/style/card.css): no line of a
#: card is wider than the trim less twice this.
CARD_SAFE_MM = 3.0

_WORD = re.compile(r"[^\s\u00ad\u200b/-]+")  # a build may break at spaces, soft hyphens, / and -


def _word_problems(game, planned) -> list[Problem]:
    """Words a card aid prints wider than the card's face inside its safe area at its smallest font: in its
    own texts, and in the rules sections, rulings and tables its faces print."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from generator.render.fonts import register_fonts
    from generator.units import mm_to_pt

    register_fonts()
    aid = planned.aid
    width_mm = planned.trim_mm[0] - 2 * CARD_SAFE_MM
    problems = []
    for loc, path, text in _printed(game, aid):
        for word in _WORD.findall(text):
            if len(word) > 12 and stringWidth(word, "PlayaidSans", aid.min_font_pt) > mm_to_pt(width_mm):
                problems.append(
                    loc.problem(
                        path,
                        f"'{word[:60]}' is wider than the {width_mm:g} mm inside the safe "
                        f"area of aid '{aid.id}' ({planned.trim_mm[0]:g} mm wide) at "
                        f"{aid.min_font_pt:g} pt: the build cannot fit it on its line",
                        "shorten the word, or write a soft hyphen (\\u00ad) or a space where it may break",
                    )
                )
    return problems


def _printed(game, aid):
    """(located document, path, text) of what the faces of ``aid`` print, as written."""
    from generator.content.aids import RulesBlock, RulingsBlock, TableBlock, TextBlock

    doc_id, index = next(
        (d, i) for d, doc in game.of_kind("aids").items() for i, a in enumerate(doc.aids) if a.id == aid.id
    )
    own = game.located[("aids", doc_id)]
    for f, face in enumerate(aid.faces):
        for b, block in enumerate(face.blocks):
            if isinstance(block, TextBlock):
                yield own, ("aids", index, "faces", f, "blocks", b, "text"), block.text
            elif isinstance(block, (RulesBlock, RulingsBlock)):
                rules_id = block.rules if isinstance(block, RulesBlock) else block.rulings
                loc = game.located.get(("rules", rules_id))
                key = "sections" if isinstance(block, RulesBlock) else "rulings"
                wanted = (block.sections if isinstance(block, RulesBlock) else block.only) or None
                items = loc.data.get(key) if loc is not None and isinstance(loc.data, dict) else None
                for i, item in enumerate(items or ()):
                    if wanted is None or (isinstance(item, dict) and item.get("id") in wanted):
                        for path, text in _texts(item, (key, i)):
                            yield loc, path, text
            elif isinstance(block, TableBlock):
                loc = game.located.get(("table", block.table))
                rows = loc.data.get("rows") if loc is not None and isinstance(loc.data, dict) else None
                for path, text in _texts(rows or [], ("rows",)):
                    yield loc, path, text


def _texts(value, path: tuple):
    """(path, text) of every text in an aid declaration as written (its blocks' words)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("id", "source", "style", "icon"):
                yield from _texts(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, path + (i,))
