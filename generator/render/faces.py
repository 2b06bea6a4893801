"""Render aids declared in content to PDF through HTML: card faces fitted to their trim size,
and full-page aids on A4 / US Letter.

Card text is fitted by searching the largest body size (between the aid's ``min_font_pt``,
7 pt by default, and ``max_font_pt``) at which each face lays out on exactly one page *and every
text run on it* (the icon legend and the rulings' reasons too, which CSS sets smaller than the
body) *is at least* `MIN_TEXT_PT`, with no word wider than its line (`overflowing_text`: the
size steps down until every word fits). A face that cannot meet all of these is a `BuildError`
naming the aid and face (and the word), never clipped or smaller text. An aid that prints icons ends with their legend
(`icon_legend`); a page aid's faces flow on in shared columns (`page_flows`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jinja2 import TemplateError

from generator.compile.plan import PlannedAid
from generator.errors import BuildError, cut
from generator.render.blocks import resolve_block
from generator.render.html_pdf import HtmlRenderer, RenderFailed
from generator.render.templates import UnknownIcon, icon_title, icon_tokens
from generator.render.typography import MIN_TEXT_PT
from generator.units import BLEED_MM, paper_size_mm, px_to_pt

if TYPE_CHECKING:
    from weasyprint.document import Document

#: Font sizes are searched in steps of this many points.
FONT_STEP_PT = 0.25

#: A page aid with a stranded word tries at most this many sizes below its max_font_pt (1 pt in
#: all): a multi-page layout often strands a word at one size and not at the next.
PAGE_STEPS = 4


@dataclass(frozen=True)
class FaceResult:
    """One rendered face: its name, the font size used (pt), its laid-out document and its
    `fit_key`."""

    name: str
    font_pt: float
    document: Document
    fit_key: str = ""


def footer_text(game) -> str:
    """The version line: content version and date, and the print instruction, printed in a card
    sheet's margin and in a page aid's or form's footer (a card face has no footer). (The
    content version, not playaid's: it changes when a rule or card does.)"""
    return f"content v{game.game.version} · {game.game.date.isoformat()} · print at 100 %"


def page_footer(game, aid) -> str:
    """The footer of a full-page aid or form: game, aid title, then `footer_text`."""
    return f"{game.game.title} — {aid.title} · {footer_text(game)}"


def icon_legend(aid, game) -> dict | None:
    """The legend block of an aid that prints icons: ``{"type": "legend", "text": "[xeno] Xeno ·
    [burst] burst ..."}``, each icon the aid uses (title and every face) once, in order of first
    use, with the words it stands for (`icon_title`); None when the aid prints no icon."""
    texts = [aid.title] + [text for face in aid.faces for b in face.blocks for text in _strings(resolve_block(b, game))]
    icons = game.game.icons
    entries = [f"[{token}] {icon_title(icons[token])}" for token in icon_tokens(" ".join(texts)) if token in icons]
    return {"type": "legend", "text": " · ".join(entries)} if entries else None


def _strings(view):
    """Every string inside a block view (dicts, lists), in print order."""
    if isinstance(view, str):
        yield view
    elif isinstance(view, dict):
        for value in view.values():
            yield from _strings(value)
    elif isinstance(view, (list, tuple)):
        for value in view:
            yield from _strings(value)


def _face_blocks(aid, game, face) -> list[dict]:
    """A face's block views; the aid's `legend_face` (default: its last face) ends with the
    aid's icon legend."""
    blocks = [resolve_block(b, game) for b in face.blocks]
    legend_face = aid.legend_face or aid.faces[-1].name
    legend = icon_legend(aid, game) if face.name == legend_face else None
    return blocks + ([legend] if legend else [])


def card_face_html(env, planned: PlannedAid, game, face, font_pt: float, print_shop: bool) -> str:
    """The HTML of one card face at ``font_pt`` (trim size from the plan; a 3 mm bleed when
    ``print_shop``, crop marks come later); the aid's legend face ends with the icon legend.
    Raises `BuildError` naming the aid on a template error."""
    assert planned.trim_mm is not None  # a card aid's plan has its trim size
    width, height = planned.trim_mm
    return _render_template(
        env,
        "card.html.j2",
        planned,
        game=game.game,
        face=face,
        blocks=_face_blocks(planned.aid, game, face),
        font_pt=font_pt,
        trim={"width_mm": width, "height_mm": height, "bleed_mm": BLEED_MM},
        print_shop=print_shop,
    )


def page_html(env, planned: PlannedAid, game, paper: str, font_pt: float, print_shop: bool) -> str:
    """The HTML of a full-page aid on ``paper`` (a4 | letter, turned for landscape aids)."""
    aid = planned.aid
    width, height = paper_size_mm(paper)
    if aid.orientation == "landscape":
        width, height = height, width
    return _render_template(
        env,
        "page.html.j2",
        planned,
        game=game.game,
        flows=page_flows(aid, game),
        font_pt=font_pt,
        paper={"width_mm": width, "height_mm": height, "bleed_mm": BLEED_MM},
        print_shop=print_shop,
        footer=page_footer(game, aid),
    )


def page_flows(aid, game) -> list[dict]:
    """A page aid's faces grouped into flows: consecutive faces with the same column count flow
    on in one multi-column box; a face with ``break_before: page`` or another column count opens
    a new flow (``page_break`` when it asked for one). Returns [{columns, page_break, faces}]."""
    flows: list[dict] = []
    for face in aid.faces:
        view = {"face": face, "blocks": _face_blocks(aid, game, face)}
        if flows and face.break_before != "page" and flows[-1]["columns"] == face.columns:
            flows[-1]["faces"].append(view)
        else:
            flows.append(
                {"columns": face.columns, "page_break": bool(flows) and face.break_before == "page", "faces": [view]}
            )
    return flows


def _render_template(env, name: str, planned: PlannedAid, **context) -> str:
    try:
        return env.get_template(name).render(aid=planned.aid, **context)
    except UnknownIcon as exc:
        raise BuildError(planned.key, str(exc), "declare the icon in game.yaml or fix the token") from None
    except TemplateError as exc:
        lineno = getattr(exc, "lineno", None)  # a syntax error's; other template errors have none
        where = f" (line {lineno})" if lineno else ""
        raise BuildError(planned.key, f"template {name}{where}: {exc}", "fix the template") from None


def _layout(renderer: HtmlRenderer, planned: PlannedAid, html: str):
    try:
        return renderer.layout(html)
    except RenderFailed as exc:
        raise BuildError(planned.key, str(exc), "use asset: URLs inside templates/assets") from None


def render_card_faces(
    planned: PlannedAid,
    game,
    renderer: HtmlRenderer,
    env,
    print_shop: bool = False,
    hints: dict[str, float] | None = None,
    exact: bool = False,
    fit_keys: dict[str, str] | None = None,
) -> list[FaceResult]:
    """Lay out each face of a card aid at its trim size, text fitted to one page per face.

    ``print_shop`` adds a 3 mm bleed (MediaBox = bleed area, TrimBox = trim); crop marks are
    added afterwards, outside the bleed (`generator.render.print_marks`).
    ``hints`` are the font sizes (pt) each face got in the previous build; with ``exact`` (the
    inputs are unchanged) a hint that still fits is used as is (one layout instead of about five);
    ``fit_keys`` (each face's `fit_key` last time) do the same for a face whose own HTML is
    unchanged when another face changed.
    Raises `BuildError` when a face does not fit one page with every text run at `MIN_TEXT_PT` or more.
    """
    aid = planned.aid
    assert planned.trim_mm is not None
    width, height = planned.trim_mm
    results = []
    for face in aid.faces:

        def html(font_pt: float, face=face) -> str:
            return card_face_html(env, planned, game, face, font_pt, print_shop)

        def attempt(font_pt: float):
            return _layout(renderer, planned, html(font_pt))

        hint = (hints or {}).get(face.name)
        # a face whose HTML at the hinted size is the one fitted last time (the face an edit did
        # not touch) fits the same: one layout, whatever else in the aid changed
        known = hint is not None and (fit_keys or {}).get(face.name) == fit_key(html(hint))
        try:
            best = _fit(attempt, aid.min_font_pt, aid.max_font_pt, hint, exact or known)
        except _NoFit as no_fit:
            raise BuildError(
                planned.key,
                _no_fit(attempt, aid, face.name, width, height, no_fit.largest),
                "shorten the text, move a block to another face or a second card, or "
                "declare a larger size (e.g. size: tarot or size: a6) in the aid",
            ) from None
        if overflowing_text(best[1]):  # a word wider than its line: a smaller size may hold it
            best = _without_overflow(attempt, best, aid.min_font_pt, planned, face.name, width, height)
        results.append(FaceResult(face.name, best[0], best[1], fit_key(html(best[0]))))
    return results


def _without_overflow(
    attempt, best: tuple[float, object], min_pt: float, planned, face: str, width: float, height: float
) -> tuple[float, object]:
    """The largest size below ``best`` whose layout keeps every word inside its box (one page,
    legible text); raises `BuildError` naming the words when even ``min_pt`` does not."""
    size = best[0] - FONT_STEP_PT
    while size >= min_pt - 1e-9:
        document = attempt(size)
        if not _legible(document):
            break  # text only shrinks with the size: no smaller size can be legible
        if len(document.pages) == 1 and not overflowing_text(document):
            return size, document
        size -= FONT_STEP_PT
    words = overflowing_text(attempt(min_pt))
    shown = ", ".join(f"'{cut(w, 60)}'" for w in (words or overflowing_text(best[1]))[:3])
    raise BuildError(
        planned.key,
        f"face '{face}': {shown} is wider than its line on {width:g} x {height:g} mm "
        f"even at {min_pt:g} pt, so it would print past the edge of its box",
        "shorten the word, or write a soft hyphen (\\u00ad) or a space where it may break",
    )


def fit_key(html: str) -> str:
    """Digest of a face's HTML at its fitted size (the size is in the HTML): the same key next
    time means the same fit."""
    import hashlib

    return hashlib.sha256(html.encode()).hexdigest()


class _NoFit(Exception):
    """No font size fits a face (`_fit`). ``largest``: the largest size that gave one page and
    its layout, (font_pt, document), whose text is under `MIN_TEXT_PT`; None when no size tried
    gave one page."""

    def __init__(self, largest: tuple[float, object] | None):
        super().__init__("no font size fits")
        self.largest = largest


def _no_fit(attempt, aid, face: str, width: float, height: float, largest: tuple[float, object] | None) -> str:
    """Why no font size fits: too long even at the minimum, or its smallest text run would be
    under `MIN_TEXT_PT` at the largest size that fits one page (``largest``, from `_NoFit`)."""
    if largest is None:  # say how many pages the minimum size needs
        document = attempt(aid.min_font_pt)
        if len(document.pages) > 1:
            return (
                f"face '{face}' does not fit {width:g} x {height:g} mm even at {aid.min_font_pt:g} pt "
                f"(it needs {len(document.pages)} pages)"
            )
        largest = (aid.min_font_pt, document)  # min_font_pt above max_font_pt: no size was tried
    size, document = largest
    smallest, text = smallest_text(document)
    return (
        f"face '{face}' fits {width:g} x {height:g} mm only up to {size:g} pt, where its smallest "
        f"text (\"{text}\") is {smallest:.2f} pt, under the {MIN_TEXT_PT:g} pt minimum"
    )


def smallest_text(document) -> tuple[float, str]:
    """The smallest font size (pt) of any text laid out in ``document`` (page margin boxes such
    as the footer included) and the start of a text run at that size; (inf, '') with no text."""
    from weasyprint.formatting_structure import boxes

    best = (float("inf"), "")

    def walk(box):
        nonlocal best
        if isinstance(box, boxes.TextBox) and (box.text or "").strip():
            size = px_to_pt(box.style["font_size"])
            if size < best[0]:
                best = (size, box.text.strip()[:40])
        for child in getattr(box, "children", None) or []:
            walk(child)

    for page in document.pages:
        walk(page._page_box)
    return best


def _legible(document) -> bool:
    return smallest_text(document)[0] >= MIN_TEXT_PT - 1e-6


def stranded_words(document) -> list[str]:
    """Lines holding one short word that the next line should have joined.

    WeasyPrint 70 sometimes breaks after the first word when a line overflows its box by a
    fraction of a pixel (Pango and WeasyPrint round widths differently), leaving e.g. "Add" on
    a line of its own. A layout with such a line is treated as a bad fit. Returns the words.
    """
    from weasyprint.formatting_structure import boxes

    found = []

    def text_of(line) -> str:
        return "".join(getattr(b, "text", "") or "" for b in line.descendants() if isinstance(b, boxes.TextBox))

    def walk(box):
        children = getattr(box, "children", None) or []
        lines = [c for c in children if isinstance(c, boxes.LineBox)]
        for line, following in zip(lines, lines[1:]):
            words = text_of(line).split()
            rest = text_of(following).strip()
            if len(words) != 1 or not rest:
                continue
            # Estimate the next word's width from its share of the next line's text: if it
            # would clearly have fitted after the lone word, the break is WeasyPrint's slip.
            next_word = rest.split()[0]
            next_width = following.width * len(next_word) / max(1, len(rest))
            space = line.width / max(1, len(words[0]))
            if line.width + space + next_width < 0.9 * box.width:
                found.append(words[0])
        for child in children:
            if not isinstance(child, boxes.LineBox):
                walk(child)

    for page in document.pages:
        walk(page._page_box)
    return found


#: Text may reach this far (px) past its box's right edge: Pango and WeasyPrint round widths
#: differently by a fraction of a pixel.
OVERFLOW_TOLERANCE_PX = 0.5


def overflowing_text(document) -> list[str]:
    """Text runs that stick out of the box holding them or out of the page's safe area (a word
    longer than its line is laid out past the edge: at a card's edge it is cut off, in a table
    cell it runs over the next one). Returns the words, each once, in order."""
    from weasyprint.formatting_structure import boxes

    found: list[str] = []

    def walk(box, right: float):
        if isinstance(box, boxes.BlockContainerBox) and not isinstance(box, boxes.LineBox):
            right = min(right, box.content_box_x() + box.width)
        if isinstance(box, boxes.TextBox):
            text = (box.text or "").strip()
            if text and box.position_x + box.width > right + OVERFLOW_TOLERANCE_PX:
                word = max(text.split(), key=len)
                if word not in found:
                    found.append(word)
            return
        for child in getattr(box, "children", None) or []:
            walk(child, right)

    for page in document.pages:
        root = page._page_box
        for child in root.children:  # the html box: the page's content area (inside the margins)
            walk(child, child.content_box_x() + child.width if child.width is not None else float("inf"))
    return found


def _fit(attempt, min_pt: float, max_pt: float, hint: float | None = None, exact: bool = False):
    """Largest font size in [min_pt, max_pt] (multiples of FONT_STEP_PT) whose layout has one
    page, every text run at `MIN_TEXT_PT` or more, and no stranded word; returns
    (font_pt, document). Raises `_NoFit` (with the largest one-page layout, if any) when no size
    gives one page with legible text.

    A binary search on "fits on one page" (which only gets truer as the size shrinks) finds the
    largest fitting size, about 5 layouts. Text sizes only shrink with the size, so if that layout
    has text under `MIN_TEXT_PT` no size works. From there the size steps down past any layout
    with a stranded word, but never below legible text (then the stranded word stays). A ``hint``
    from the previous build narrows the search, its neighbour tried first (after a small edit,
    two layouts); with ``exact`` (inputs unchanged) a hint that still fits cleanly is taken as is.
    """
    steps = int(round((max_pt - min_pt) / FONT_STEP_PT))
    index = lambda size: int(round((size - min_pt) / FONT_STEP_PT))  # noqa: E731
    lo, hi = 0, steps
    found = None
    if hint is not None and min_pt <= hint <= max_pt:
        doc = attempt(hint)
        if len(doc.pages) == 1:
            if exact and _legible(doc) and not stranded_words(doc):
                return hint, doc
            found = (hint, doc)
            lo = index(hint) + 1
        else:
            hi = index(hint) - 1
        # An edit rarely moves the size far: try the neighbour first (one more layout settles
        # most edits; otherwise the search goes on in what is left).
        if lo <= hi:
            near = lo if found else hi
            doc = attempt(min_pt + near * FONT_STEP_PT)
            if len(doc.pages) == 1:
                found = (min_pt + near * FONT_STEP_PT, doc)
                lo = near + 1
            else:
                hi = near - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        size = min_pt + mid * FONT_STEP_PT
        doc = attempt(size)
        if len(doc.pages) == 1:
            found = (size, doc)
            lo = mid + 1
        else:
            hi = mid - 1
    if found is None or not _legible(found[1]):
        raise _NoFit(found)
    size, doc = found
    while stranded_words(doc):
        smaller = size - FONT_STEP_PT
        if smaller < min_pt - 1e-9:
            return found
        smaller_doc = attempt(smaller)
        if not _legible(smaller_doc):
            return found
        size, doc = smaller, smaller_doc
    return size, doc


def render_page_aid(
    planned: PlannedAid,
    game,
    renderer: HtmlRenderer,
    env,
    paper: str,
    print_shop: bool = False,
    hint: float | None = None,
    exact: bool = False,
):
    """Lay out a full-page aid on ``paper`` (a4 | letter); returns (document, font size in pt).

    ``hint``/``exact``: the size chosen by the previous build, reused as is when the inputs are
    unchanged (one layout)."""
    aid = planned.aid

    def attempt(font_pt: float):
        return _layout(renderer, planned, page_html(env, planned, game, paper, font_pt, print_shop))

    if exact and hint is not None and aid.min_font_pt <= hint <= aid.max_font_pt:
        return _legible_page(planned, attempt(hint)), hint
    # Pages flow onto as many pages as they need; only dodge WeasyPrint's stranded first words
    # by stepping the size down a little (at most PAGE_STEPS steps).
    first = _legible_page(planned, attempt(aid.max_font_pt))
    if not stranded_words(first):
        return first, aid.max_font_pt
    for step in range(1, PAGE_STEPS + 1):
        size = aid.max_font_pt - step * FONT_STEP_PT
        if size < aid.min_font_pt:
            break
        document = attempt(size)
        if not stranded_words(document) and _legible(document):
            return document, size
    return first, aid.max_font_pt


def _legible_page(planned: PlannedAid, document):
    """``document`` when all its text is at least `MIN_TEXT_PT` and inside its boxes; else a
    `BuildError`."""
    smallest, text = smallest_text(document)
    if smallest < MIN_TEXT_PT - 1e-6:
        raise BuildError(
            planned.key,
            f"text \"{text}\" would print at {smallest:.2f} pt, under the {MIN_TEXT_PT:g} pt minimum",
            "raise the aid's max_font_pt",
        )
    words = overflowing_text(document)
    if words:
        shown = ", ".join(f"'{cut(w, 60)}'" for w in words[:3])
        raise BuildError(
            planned.key,
            f"{shown} is wider than its line, so it would print past the edge of its box",
            "shorten the word, or write a soft hyphen (\\u00ad) or a space where it may break",
        )
    return document
