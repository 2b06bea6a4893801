"""Make a fillable form behave: totals that add up, number-only boxes, Tab order, field tree.

ReportLab draws the widgets (one merged field/widget per box, named ``<row>.<column>``) but
cannot attach actions or a calculation order, so `finish_fillable` post-processes its PDF with
pikepdf:

- the dotted names become a field tree (row = parent field, box = kid), since a partial field
  name may not contain a period (PDF 32000-1:2008, 12.7.3.2);
- each total gets a calculate action (``/AA /C``, JavaScript) and is listed in the AcroForm's
  calculation order ``/CO``, dependencies first;
- number boxes get a keystroke action (whole numbers, optional minus; a decimal is refused with
  a message, never run together into a bigger number) plus viewer-independent
  limits: ``/MaxLen`` 4, no spell check, no scrolling, centred;
- the ``/Annots`` order is the `FormPlan`'s Tab order and the page's ``/Tabs`` is ``/S``: PDFium
  (Chrome, Edge) then tabs in exactly that order, while with ``/R`` or ``/C`` it moves the last
  box of each row or column to the start of the next one (measured, pypdfium2 with PDFium 159);
  pdf.js tabs in reading order whatever ``/Tabs`` says;
- a document-level script makes the totals read-only. Viewers that run scripts compute the
  totals, so typing over one would only be overwritten; viewers that run none (Preview, Evince,
  SumatraPDF) never compute them, so there the totals stay typeable and the sheet is still
  complete by hand.

Scripts use only the core of the Acrobat JavaScript API (``this.getField``, ``valueAsString``,
``event.value``/``event.rc``, ``AFMergeChange``), which Acrobat Reader, Foxit, PDFium (Chrome,
Edge) and pdf.js (Firefox) implement.
"""

from __future__ import annotations

import io
import json

import pikepdf

from generator.render.form_grid import Calculation, FormPlan

#: Characters a number box takes: "-999" to "9999" covers any score on these sheets.
NUMBER_MAX_LEN = 4
#: Text field flags (PDF 32000-1:2008, table 228): bit 23 DoNotSpellCheck, bit 24 DoNotScroll.
FF_DO_NOT_SPELL_CHECK = 1 << 22
FF_DO_NOT_SCROLL = 1 << 23
#: Field flag bit 1 (table 221), set by the document script on totals, never in the file.
FF_READ_ONLY = 1

#: Whole numbers with an optional leading minus; empty is fine (a box not filled yet). Letters
#: and other characters are dropped as they are typed (pdf.js, Acrobat). A decimal mark is let
#: through and the whole entry refused when it is committed, with a message: dropping it would
#: silently turn "3.5" into 35. A refused commit keeps the previous value (pdf.js, Acrobat);
#: Chromium's own viewer (PDFium) empties the box instead, and did not filter keys typed by
#: Playwright, so there "9x3" stays on screen; the totals count whole numbers only, so they skip
#: both.
NUMBER_KEYSTROKE_JS = (
    "// playaid: whole numbers only (a minus sign may lead); a decimal is refused, never run together\n"
    "function wholeNumber(text, leading) {\n"
    "  var kept = String(text).replace(/[^0-9.,-]/g, \"\");\n"
    "  return leading ? kept.charAt(0) + kept.slice(1).replace(/-/g, \"\") : kept.replace(/-/g, \"\");\n"
    "}\n"
    "if (event.willCommit) {\n"
    "  var typed = wholeNumber(String(event.value).replace(/\\s/g, \"\"), true);\n"
    "  if (/[.,]/.test(typed)) {\n"
    "    event.rc = false;\n"
    "    try { app.alert(\"Whole numbers only: \" + typed + \" is not taken (no fractions of a point).\"); } catch (e) {}\n"
    "  } else {\n"
    "    event.value = typed;\n"
    "  }\n"
    "} else {\n"
    "  event.change = wholeNumber(event.change, event.selStart === 0);\n"
    "  event.rc = /^-?[0-9.,]*$/.test(AFMergeChange(event));\n"
    "}\n"
)


def sum_script(calc: Calculation) -> str:
    """The calculate action of one total: the sum of its sources, blank while they (or its
    ``blank_unless`` box) are blank."""
    lines = [
        f"// playaid: {calc.target} adds up {len(calc.sources)} boxes",
        "function filledText(name) {",
        "  var field = this.getField(name);",
        "  return field ? String(field.valueAsString).replace(/\\s/g, \"\") : \"\";",
        "}",
        f"var names = {json.dumps(list(calc.sources))};",
        "var total = 0, filled = false;",
        "for (var i = 0; i < names.length; i++) {",
        "  var text = filledText.call(this, names[i]);",
        "  if (/^-?\\d+$/.test(text)) { total += Number(text); filled = true; }  // whole numbers only",
        "}",
    ]
    if calc.blank_unless:
        lines.append(f"event.value = filledText.call(this, {json.dumps(calc.blank_unless)}) === \"\" ? \"\" : total;")
    else:
        lines.append("event.value = filled ? total : \"\";")
    return "\n".join(lines) + "\n"


def read_only_script(totals: list[str]) -> str:
    """Document-level script: lock the computed totals (see the module docstring for why this is
    a script and not the read-only flag)."""
    return (
        "// playaid: totals are computed here, so they are locked; viewers without scripts "
        "leave them typeable\n"
        f"var totals = {json.dumps(totals)};\n"
        "for (var i = 0; i < totals.length; i++) {\n"
        "  var field = this.getField(totals[i]);\n"
        "  if (field) { field.readonly = true; }\n"
        "}\n"
    )


def _javascript(pdf: pikepdf.Pdf, script: str) -> pikepdf.Dictionary:
    return pdf.make_indirect(pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS=pikepdf.String(script)))


def finish_fillable(pdf_bytes: bytes, plan: FormPlan) -> bytes:
    """The fillable form ``pdf_bytes`` (one page, ReportLab widgets named by the plan) with the
    field tree, scripts, calculation order and Tab order of ``plan``; byte-identical for
    identical input. Raises ValueError when a planned field is missing from the PDF."""
    pdf = pikepdf.open(io.BytesIO(pdf_bytes))
    acroform = pdf.Root.AcroForm
    widgets = {str(w.T): w for w in acroform.Fields}
    if set(widgets) != set(plan.kinds):
        raise ValueError(f"the form's fields {sorted(widgets)} are not the planned {sorted(plan.kinds)}")
    drawn = {w.objgen for w in widgets.values()}
    others = [a for a in pdf.pages[0].get("/Annots", []) if a.objgen not in drawn]
    calcs = {c.target: c for c in plan.calculations}
    keystroke = _javascript(pdf, NUMBER_KEYSTROKE_JS)  # one action object, shared by every box

    parents: dict[str, pikepdf.Dictionary] = {}
    for name, kind in plan.kinds.items():
        widget = widgets[name]
        parent_name, _, kid_name = name.partition(".")
        if parent_name not in parents:
            parents[parent_name] = pdf.make_indirect(
                pikepdf.Dictionary(T=pikepdf.String(parent_name), Kids=pikepdf.Array())
            )
        parent = parents[parent_name]
        widget.T = pikepdf.String(kid_name)
        widget.Parent = parent
        parent.Kids.append(widget)
        actions = pikepdf.Dictionary()
        if kind == "number":
            widget.MaxLen = NUMBER_MAX_LEN
            widget.Ff = int(widget.get("/Ff", 0)) | FF_DO_NOT_SPELL_CHECK | FF_DO_NOT_SCROLL
            widget.Q = 1
            actions.K = keystroke
        if name in calcs:
            calc = calcs[name]
            actions.C = _javascript(pdf, calc.script or sum_script(calc))
        if actions:
            widget.AA = actions
    acroform.Fields = pikepdf.Array(parents.values())
    acroform.CO = pikepdf.Array([widgets[c.target] for c in plan.calculations])
    acroform.DA = pikepdf.String(str(acroform.get("/DA", "/Helv 0 Tf 0 g")).replace(" 0 Tf", " 10 Tf"))

    page = pdf.pages[0]
    page.Tabs = pikepdf.Name.S  # the /Annots order below (see the module docstring)
    page.Annots = pikepdf.Array([widgets[name] for name in plan.kinds] + others)

    if plan.totals:
        pdf.Root.Names = pdf.Root.get("/Names", pikepdf.Dictionary())
        pdf.Root.Names.JavaScript = pikepdf.Dictionary(
            Names=pikepdf.Array([pikepdf.String("playaid-totals"), _javascript(pdf, read_only_script(plan.totals))])
        )
    out = io.BytesIO()
    # Object streams: the widgets' many small dictionaries compress to a third.
    pdf.save(out, deterministic_id=True, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return out.getvalue()
