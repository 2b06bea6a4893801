"""Form aids (score sheets, campaign logs) drawn with exact geometry by ReportLab, printable or
fillable (AcroForm text fields and check boxes).

The grid comes from content (`Grid` in `generator.content.aids`): rows x columns of write-in
boxes, a label column on the left, column headers on top, notes (the scoring rule) underneath.
"""

from __future__ import annotations

import io
from typing import NamedTuple
from xml.sax.saxutils import escape

from reportlab.lib.colors import black, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, Paragraph

from generator.content.aids import Aid
from generator.content.models import RuleItem
from generator.render.fonts import register_fonts
from generator.render.form_grid import Line, cell_field, expand, field_name, plan_form
from generator.render.typography import MIN_TEXT_PT, print_text
from generator.units import BLEED_MM, HOME_PRINTER_MARGIN_MM, mm_to_pt, paper_size_mm, pt_to_mm

HEADER_ROW_MM = 9.0
MAX_ROW_MM = 16.0
MIN_ROW_MM = 6.0
#: Text size typed into fillable boxes (pt): fixed, since auto-size (0) shrinks long entries to
#: unreadable; a box is at least MIN_ROW_MM - 1.2 = 4.8 mm (13.6 pt) high, room for 10 pt.
FIELD_FONT_PT = 10
#: Low ink: the grey of the text and of the lines (0 black .. 1 white), as the CSS aids' #444
#: text and grey rules.
LOW_INK_TEXT_GREY = 0.27
LOW_INK_LINE_GREY = 0.45
#: Border of a check box (pt), printed and in the field's appearances.
CHECKBOX_BORDER_PT = 0.6
#: Row labels and column headers (pt), shrunk no further than MIN_TEXT_PT; help lines under them
#: (pt).
LABEL_PT = 8
HELP_PT = 6
#: Label column padding left and right of its text, and a row's padding above and below (mm).
LABEL_PAD_MM = 1.5
ROW_PAD_MM = 0.3
#: From the label's baseline to the first help line's, and between help lines (mm).
HELP_GAP_MM = 2.7
HELP_LEADING_MM = 2.3
#: DejaVu Sans Condensed cap height and descent, in em.
CAP_HEIGHT = 0.73
DESCENT = 0.24


def render_form(
    aid: Aid, game_title: str, footer: str, paper: str, fillable: bool, print_shop: bool = False, low_ink: bool = False
) -> bytes:
    """PDF bytes of a form aid on ``paper`` (a4 | letter), portrait or landscape per the aid.
    ``low_ink``: no grey tints (emphasised rows keep their heavier rule), lines in grey and text in
    a dark grey, as the low-ink card and page aids.

    ``fillable`` adds an AcroForm field per box (names ``<row id>.<column id>``) whose totals add
    up in viewers that run form scripts (`generator.render.form_scripts`). ``print_shop``
    adds a 3 mm bleed, sets TrimBox/BleedBox and puts crop marks outside the bleed
    (`generator.render.print_marks`).
    """
    register_fonts()
    grid = aid.grid
    assert grid is not None, f"aid '{aid.id}' is a form without a grid"  # plan_aids gives every form one
    pw, ph = paper_size_mm(paper)
    if aid.orientation == "landscape":
        pw, ph = ph, pw
    bleed = BLEED_MM if print_shop else 0.0
    buf = io.BytesIO()
    canvas = Canvas(
        buf,
        pagesize=(mm_to_pt(pw + 2 * bleed), mm_to_pt(ph + 2 * bleed)),
        invariant=1,
        pageCompression=1,
        initialFontName="PlayaidSans",
        initialFontSize=8,
    )
    canvas.setTitle(aid.title)
    canvas.setAuthor("playaid")
    canvas.setCreator("playaid")
    if print_shop:
        canvas.setTrimBox((mm_to_pt(bleed), mm_to_pt(bleed), mm_to_pt(bleed + pw), mm_to_pt(bleed + ph)))
        canvas.setBleedBox((0, 0, mm_to_pt(pw + 2 * bleed), mm_to_pt(ph + 2 * bleed)))
        canvas.translate(mm_to_pt(bleed), mm_to_pt(bleed))

    margin = HOME_PRINTER_MARGIN_MM
    top = ph - margin
    ink = LOW_INK_TEXT_GREY if low_ink else 0  # fill grey of the text (0 = black)
    canvas.setStrokeGray(LOW_INK_LINE_GREY if low_ink else 0)
    # Header
    canvas.setFont("PlayaidSans", 8)
    canvas.setFillGray(max(0.2, ink))
    canvas.drawString(mm_to_pt(margin), mm_to_pt(top - 3), game_title.upper())
    canvas.setFillGray(ink)
    canvas.setFont("PlayaidSans-Bold", 16)
    canvas.drawString(mm_to_pt(margin), mm_to_pt(top - 10), aid.title)
    canvas.setLineWidth(1)
    canvas.line(mm_to_pt(margin), mm_to_pt(top - 12.5), mm_to_pt(pw - margin), mm_to_pt(top - 12.5))

    rows, cols = expand(grid.rows), expand(grid.columns)
    notes_mm = _notes_height_mm(aid, pw - 2 * margin)
    grid_top = top - 16
    grid_bottom_limit = margin + 6 + notes_mm
    label_w = _label_width_mm(canvas, grid.corner, rows)
    if canvas.stringWidth(grid.corner, "PlayaidSans-Bold", LABEL_PT) > mm_to_pt(label_w - 2 * LABEL_PAD_MM):
        raise FormFitError(
            f"corner label '{grid.corner}' is wider than its "
            f"{label_w - 2 * LABEL_PAD_MM:.1f} mm label column at {LABEL_PT:g} pt",
            "corner",
        )
    data_w = pw - 2 * margin - label_w
    total_weight = sum(c.width for c in cols)
    col_x = [margin + label_w]
    for c in cols:
        col_x.append(col_x[-1] + data_w * c.width / total_weight)
    headers = [_set_header(canvas, c, col_x[i], col_x[i + 1]) for i, c in enumerate(cols)]
    # One help line's leading taller per column help line past the first (a second line would
    # otherwise sit on the band's lower edge, its descenders in the first row).
    header_mm = HEADER_ROW_MM + HELP_LEADING_MM * max(0, max(len(h.help) for h in headers) - 1)
    avail = grid_top - header_mm - grid_bottom_limit
    row_h = max(MIN_ROW_MM, min(MAX_ROW_MM, avail / len(rows)))

    # Column headers
    y = grid_top
    if not low_ink:
        canvas.setFillGray(0.89)
        canvas.rect(
            mm_to_pt(margin), mm_to_pt(y - header_mm), mm_to_pt(pw - 2 * margin), mm_to_pt(header_mm), stroke=0, fill=1
        )
    canvas.setFillGray(ink)
    canvas.setFont("PlayaidSans-Bold", LABEL_PT)
    canvas.drawString(mm_to_pt(margin + 1.5), mm_to_pt(y - 5.5), grid.corner)
    for i, header in enumerate(headers):
        _draw_header(canvas, header, col_x[i], col_x[i + 1], y - header_mm, header_mm)
    y -= header_mm
    # Rows
    for r in rows:
        y0 = y - row_h
        if r.emphasis and not low_ink:
            canvas.setFillGray(0.94)
            canvas.rect(mm_to_pt(margin), mm_to_pt(y0), mm_to_pt(pw - 2 * margin), mm_to_pt(row_h), stroke=0, fill=1)
            canvas.setFillGray(0)
        _row_label(canvas, r, margin, label_w, y0, row_h)
        for i, c in enumerate(cols):
            kind = cell_field(r, c)
            x0, x1 = col_x[i], col_x[i + 1]
            if kind == "checkbox":
                size = min(5.0, row_h - 2)
                bx, by = (x0 + x1) / 2 - size / 2, y0 + (row_h - size) / 2
                # The box is drawn on the page in both variants, so it prints and shows in a
                # viewer that ignores field appearances; the fillable field draws its own border
                # too, in its on and its off appearance (an empty box is visible on screen).
                canvas.setLineWidth(CHECKBOX_BORDER_PT)
                canvas.rect(mm_to_pt(bx), mm_to_pt(by), mm_to_pt(size), mm_to_pt(size))
                if fillable:
                    canvas.acroForm.checkbox(
                        name=field_name(r, c),
                        x=mm_to_pt(bx),
                        y=mm_to_pt(by),
                        size=mm_to_pt(size),
                        buttonStyle="check",
                        fieldFlags="",  # ReportLab's default marks it required
                        borderWidth=CHECKBOX_BORDER_PT,
                        borderColor=black,
                        fillColor=white,
                        textColor=black,
                        borderStyle="solid",
                        tooltip=f"{r.label}: {c.label}",
                    )
            elif kind != "none" and fillable:
                canvas.acroForm.textfield(
                    name=field_name(r, c),
                    x=mm_to_pt(x0 + 0.6),
                    y=mm_to_pt(y0 + 0.6),
                    width=mm_to_pt(x1 - x0 - 1.2),
                    height=mm_to_pt(row_h - 1.2),
                    fontName="Helvetica",
                    fontSize=FIELD_FONT_PT,
                    borderWidth=0,
                    fillColor=None,
                    borderColor=None,
                    tooltip=f"{r.label}: {c.label}",
                )
        canvas.setLineWidth(1.2 if r.emphasis else 0.4)
        canvas.line(mm_to_pt(margin), mm_to_pt(y0), mm_to_pt(pw - margin), mm_to_pt(y0))
        y = y0
    # Grid frame and column rules
    canvas.setLineWidth(0.8)
    canvas.rect(mm_to_pt(margin), mm_to_pt(y), mm_to_pt(pw - 2 * margin), mm_to_pt(grid_top - y))
    canvas.setLineWidth(0.4)
    for x in col_x:
        canvas.line(mm_to_pt(x), mm_to_pt(y), mm_to_pt(x), mm_to_pt(grid_top))
    # Notes (the scoring rule), then the footer
    if aid.notes:
        frame = Frame(
            mm_to_pt(margin),
            mm_to_pt(margin + 5),
            mm_to_pt(pw - 2 * margin),
            mm_to_pt(y - 3 - margin - 5),
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            showBoundary=0,
        )
        frame.addFromList(_note_paragraphs(aid), canvas)
    canvas.setFont("PlayaidSans", 7)
    canvas.setFillGray(0.2)
    canvas.drawString(mm_to_pt(margin), mm_to_pt(margin - 1), footer)
    canvas.showPage()
    canvas.save()
    pdf = buf.getvalue()
    if fillable:
        from generator.render.form_scripts import finish_fillable

        pdf = finish_fillable(pdf, plan_form(grid))
    if print_shop:
        from generator.render.print_marks import add_crop_marks

        pdf = add_crop_marks(pdf)
    return pdf


def _label_width_mm(canvas, corner: str, rows: list[Line]) -> float:
    """Width of the label column: the longest row label or help line plus padding, 12-60 mm."""
    widest = canvas.stringWidth(corner, "PlayaidSans-Bold", LABEL_PT)
    for r in rows:
        widest = max(
            widest,
            canvas.stringWidth(r.label, "PlayaidSans-Bold" if r.emphasis else "PlayaidSans", LABEL_PT),
            canvas.stringWidth(r.help, "PlayaidSans", HELP_PT),
        )
    return min(60.0, max(12.0, pt_to_mm(widest) + 4))


class SetText(NamedTuple):
    """Text as set in its box: the size (pt) and its lines, top first."""

    size: float
    lines: list[str]


class ColumnHeader(NamedTuple):
    """A column header as set (`_set_header`): its label and its help text's lines at
    `HELP_PT` (none without help text)."""

    label: SetText
    help: list[str]


#: The sizes a label may be set in (pt), largest first: `LABEL_PT` down to `MIN_TEXT_PT` in
#: 0.5 pt steps.
LABEL_SIZES_PT = tuple(LABEL_PT - 0.5 * n for n in range(int((LABEL_PT - MIN_TEXT_PT) / 0.5) + 1))


def _set_label(canvas, text: str, font: str, width_pt: float, most_lines: int = 1) -> SetText | None:
    """``text`` in ``font`` set no wider than ``width_pt`` (pt): on one line at the largest of
    `LABEL_SIZES_PT` where it fits; failing that, with ``most_lines`` 2, wrapped onto two lines at
    the largest size where that fits. None when it fits neither way (a word too wide, or more
    lines needed even at `MIN_TEXT_PT`): the caller names the label."""
    for size in LABEL_SIZES_PT:
        if canvas.stringWidth(text, font, size) <= width_pt:
            return SetText(size, [text])
    for size in LABEL_SIZES_PT if most_lines > 1 else ():
        try:
            lines = _wrap(canvas, text, font, size, width_pt)
        except FormFitError:
            continue
        if 1 <= len(lines) <= most_lines:
            return SetText(size, lines)
    return None


def _set_header(canvas, column: Line, x0: float, x1: float) -> ColumnHeader:
    """How a column header (column ``x0``-``x1``, mm) is set: its label on one line shrunk (down
    to `MIN_TEXT_PT`) to fit; failing that, without help text, wrapped onto two lines stepped
    down the same way; its help text wrapped at `HELP_PT`. The header row is one help line's
    leading taller per help line past the first (`render_form`).

    Raises `FormFitError` naming the column and the label when it fits neither way (the text
    would overprint its neighbours or run off the page's safe area), or when its help text needs
    more than two lines (or holds a word wider than the column)."""
    width_pt = mm_to_pt(x1 - x0 - 1)
    label = _set_label(canvas, column.label, "PlayaidSans-Bold", width_pt, 1 if column.help else 2)
    if label is None:
        room = "one line (the rest of its header holds the help text)" if column.help else "two lines"
        raise FormFitError(
            f"column '{column.id}': label '{column.label}' does not fit its {(x1 - x0 - 1):.1f} mm "
            f"column on {room} even at {MIN_TEXT_PT:g} pt",
            column.base or column.id,
        )
    try:
        help_lines = _wrap(canvas, column.help, "PlayaidSans", HELP_PT, width_pt) if column.help else []
    except FormFitError as exc:
        raise FormFitError(f"column '{column.id}': help text {exc}", column.base or column.id, "help") from None
    if len(help_lines) > 2:
        raise FormFitError(
            f"column '{column.id}': help text '{column.help}' needs {len(help_lines)} lines "
            f"at {HELP_PT:g} pt in its {(x1 - x0 - 1):.1f} mm column; the header holds 2",
            column.base or column.id,
            "help",
        )
    return ColumnHeader(label, help_lines)


def _draw_header(canvas, header: ColumnHeader, x0: float, x1: float, y0: float, h: float) -> None:
    """Draw a column header (`_set_header`) centred in its column (``x0``-``x1``, mm) and header
    row (``y0``, ``h`` mm), its help lines under the label."""
    size, lines = header.label
    canvas.setFont("PlayaidSans-Bold", size)
    middle = y0 + h / 2 + (2.0 if header.help else 0)
    if len(lines) == 1:
        canvas.drawCentredString(mm_to_pt((x0 + x1) / 2), mm_to_pt(middle - 1.2), lines[0])
    else:
        # Two lines one leading apart, the pair's ink centred in the header row.
        leading = pt_to_mm(size * 1.15)
        first = middle + leading / 2 - pt_to_mm(size) * (CAP_HEIGHT - DESCENT) / 2
        for n, line in enumerate(lines):
            canvas.drawCentredString(mm_to_pt((x0 + x1) / 2), mm_to_pt(first - leading * n), line)
    if header.help:
        canvas.setFont("PlayaidSans", HELP_PT)
        canvas.setFillGray(0.3)
        for n, line in enumerate(header.help):
            canvas.drawCentredString(mm_to_pt((x0 + x1) / 2), mm_to_pt(middle - 4.0 - 2.3 * n), line)
        canvas.setFillGray(0)


class FormFitError(ValueError):
    """Text of a form does not fit its box at the 6 pt minimum. ``item``: the id of the row or
    column whose text it is, ``"corner"`` for the corner label, or None (`playaid check` locates
    it in content by it); ``part``: ``"label"`` or ``"help"``."""

    def __init__(self, message: str, item: str | None = None, part: str = "label"):
        super().__init__(message)
        self.item = item
        self.part = part


def _wrap(canvas, text: str, font: str, size: float, width_pt: float) -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width_pt`` (pt) at ``size`` pt.

    Raises `FormFitError` when a single word is wider than the line."""
    lines: list[str] = []
    for word in text.split():
        if lines and canvas.stringWidth(f"{lines[-1]} {word}", font, size) <= width_pt:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    for line in lines:
        if canvas.stringWidth(line, font, size) > width_pt:
            raise FormFitError(
                f"'{line}' in '{text}' is wider than its {pt_to_mm(width_pt):.1f} mm column at {size:g} pt"
            )
    return lines


def _row_label(canvas, row: Line, x0: float, label_w: float, y0: float, row_h: float) -> None:
    """Draw a row's label (8 pt, shrunk to no less than 6 pt to fit) and its help text (6 pt,
    wrapped) inside the label column: ``x0`` its left edge, ``label_w`` its width, ``y0`` the
    row's bottom and ``row_h`` its height, all in mm. The block is centred vertically.

    Raises `FormFitError` naming the row when the label is wider than the column at 6 pt, or
    when the help text needs more lines than the row holds."""
    width_pt = mm_to_pt(label_w - 2 * LABEL_PAD_MM)
    font = "PlayaidSans-Bold" if row.emphasis else "PlayaidSans"
    label = _set_label(canvas, row.label, font, width_pt)
    if label is None:
        raise FormFitError(
            f"row '{row.id}': label '{row.label}' is wider than its "
            f"{label_w - 2 * LABEL_PAD_MM:.1f} mm label column at {MIN_TEXT_PT:g} pt",
            row.base or row.id,
        )
    size = label.size
    try:
        lines = _wrap(canvas, row.help, "PlayaidSans", HELP_PT, width_pt) if row.help else []
    except FormFitError as exc:
        raise FormFitError(f"row '{row.id}': help text {exc}", row.base or row.id, "help") from None
    # Ink from the label's cap height down to the last help line's descenders.
    block = pt_to_mm(CAP_HEIGHT * size) + (
        HELP_GAP_MM + (len(lines) - 1) * HELP_LEADING_MM + pt_to_mm(DESCENT * HELP_PT) if lines else 0
    )
    if block > row_h - 2 * ROW_PAD_MM:
        holds = max(
            0,
            int(
                (row_h - 2 * ROW_PAD_MM - pt_to_mm(CAP_HEIGHT * size) - HELP_GAP_MM - pt_to_mm(DESCENT * HELP_PT))
                // HELP_LEADING_MM
            )
            + 1,
        )
        raise FormFitError(
            f"row '{row.id}': help text '{row.help}' needs {len(lines)} lines at "
            f"{HELP_PT:g} pt in its {label_w - 2 * LABEL_PAD_MM:.1f} mm label column; "
            f"the {row_h:.1f} mm row holds {holds}",
            row.base or row.id,
            "help",
        )
    baseline = y0 + (row_h + block) / 2 - pt_to_mm(CAP_HEIGHT * size)
    canvas.setFont(font, size)
    canvas.drawString(mm_to_pt(x0 + LABEL_PAD_MM), mm_to_pt(baseline), row.label)
    if lines:
        canvas.setFont("PlayaidSans", HELP_PT)
        canvas.setFillGray(0.3)
        for n, line in enumerate(lines):
            canvas.drawString(mm_to_pt(x0 + LABEL_PAD_MM), mm_to_pt(baseline - HELP_GAP_MM - n * HELP_LEADING_MM), line)
        canvas.setFillGray(0)


def _note_style() -> ParagraphStyle:
    return ParagraphStyle(
        "note",
        fontName="PlayaidSans",
        fontSize=8,
        leading=10,
        bulletFontName="PlayaidSans",
        leftIndent=8,
        bulletIndent=0,
        spaceAfter=1.5,
    )


def _note_paragraphs(aid: Aid) -> list[Paragraph]:
    style = _note_style()
    paras = []
    for note in aid.notes:
        text = note.text if isinstance(note, RuleItem) else str(note)
        label = note.label if isinstance(note, RuleItem) and note.label else ""
        markup = (f"<b>{escape(label)}</b> " if label else "") + escape(print_text(text))
        paras.append(Paragraph(markup, style, bulletText="•"))
    return paras


def _notes_height_mm(aid: Aid, width_mm: float) -> float:
    total = 0.0
    for para in _note_paragraphs(aid):
        _, h = para.wrap(mm_to_pt(width_mm), 10_000)
        total += h + 1.5
    return pt_to_mm(total) + (3 if aid.notes else 0)
