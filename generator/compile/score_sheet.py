"""A game's score sheet, generated from its scoring model's ``sheet`` (`scoring_model.Sheet`):
the form grid the printed and fillable sheet draws (`generator.render.forms`), with its totals.

The Total line adds up exactly the lines that hold components and awards, which
`scoring_checks` has checked to be every component and award once: the sheet adds up what the
calculator adds up, so the two cannot disagree. Players go across (one column each, ``each``);
with the campaign mechanism the games go down (one row each) and the lines are columns.
"""

from __future__ import annotations

from typing import Any

from generator.content.aids import Grid, GridLine, TotalLine
from generator.content.scoring_model import Scoring, SheetLine

#: The kind of box an entered value gets.
_FIELDS = {
    "boolean": "checkbox",
    "text": "text",
    "texts": "text",
    "numbers": "text",
    "count": "number",
    "number": "number",
}


def _items(doc: Scoring) -> dict[str, tuple[str, Any]]:
    out: dict[str, tuple[str, Any]] = {e.id: ("entered", e) for e in doc.entered}
    if doc.rounds is not None:
        out.update({e.id: ("round", e) for e in doc.rounds.entered})
    out.update({f.id: ("measure", f) for f in doc.measures})
    out.update({f.id: ("component", f) for f in doc.components})
    out.update({a.id: ("award", a) for a in doc.awards})
    out.update({t.id: ("tie_breaker", t) for t in doc.tie_breakers})
    return out


def _label(kind: str, item) -> tuple[str, str]:
    if kind == "award":
        return f"{item.title} ({' / '.join(str(vp) for vp in item.vp_by_place)})", item.help
    return item.label, getattr(item, "help", "") or ""


def _per_round(kind: str, item) -> bool:
    """Whether a sheet line of this item has one box per round (a round's entered value, or a
    per-round measure, component or award)."""
    return kind == "round" or bool(getattr(item, "per_round", False))


def _points(doc: Scoring, constants: dict | None) -> dict | None:
    """The campaign mechanism's points line (its ``points`` component), as the fillable form
    computes it (`generator.render.form_formulas.campaign_points_script`); None without the
    mechanism or without the constants' values."""
    config = doc.mechanisms.get("campaign")
    if not config or constants is None:
        return None
    component = next((c for c in doc.components if c.id == config.get("points")), None)
    if component is None or component.value is None:
        return None
    checks = [(c.when or "True", c.expect) for c in doc.player_checks if c.id in (config.get("not_counted_on") or [])]
    fields = {e.id: _FIELDS.get(e.type, "text") for e in doc.entered}
    return {
        "value": component.value,
        "completes": str(config.get("completes", "False")),
        "goal": config.get("goal", "goal"),
        "goal_count": constants.get(config.get("goal_count", ""), 0),
        "checks": checks,
        "fields": fields,
        "constants": constants,
    }


def sheet_grid(doc: Scoring, constants: dict | None = None) -> Grid:
    """The form `Grid` of a scoring model's ``sheet`` (the model was validated: every line
    names a known item). ``constants``: the model's constants' values (name -> number), which
    let the fillable campaign log compute each game's points. Raises ValueError when the model
    has no sheet."""
    if doc.sheet is None:
        raise ValueError(f"scoring model '{doc.id}' has no `sheet`")
    items = _items(doc)
    lines: list[GridLine | None] = []  # None: the Total line's place, filled once its parts are known
    total_parts: list[str] = []
    total_line: SheetLine | None = None
    for raw in doc.sheet.lines:
        line = SheetLine(id=raw) if isinstance(raw, str) else raw
        if line.id == "total" and line.add is None:
            total_line = line
            lines.append(None)  # placed once every part is known
            continue
        if line.id == "name" and line.add is None:
            lines.append(
                TotalLine(id="name", label=line.label or "Name", field="text", help=line.help, width=line.width)
            )
            continue
        if line.running_total is not None:
            lines.append(
                TotalLine(
                    id=line.id,
                    label=line.label or line.id,
                    help=line.help or None,
                    width=line.width,
                    emphasis=True,
                    running_total=line.running_total,
                )
            )
            continue
        if line.each_round is not None and doc.rounds is not None:  # one line per round adding those items
            parts_help = (
                line.help if line.help is not None else ", ".join(_label(*items[p])[0] for p in line.each_round)
            )  # what the box adds up: "Maki rolls (6 / 3), ..."
            for rid, round_label in zip(doc.rounds.round_ids(), doc.rounds.round_labels()):
                n = str(doc.rounds.round_ids().index(rid) + 1)
                label = (line.label or "{round}").replace("{n}", n).replace("{round}", round_label)
                total_parts.append(f"{line.id}_{rid}")
                lines.append(
                    TotalLine(
                        id=f"{line.id}_{rid}", label=label, field="number", width=line.width, help=parts_help or None
                    )
                )
            continue
        parts = line.add or [line.id]
        kind, item = items[parts[0]]
        label, help_text = _label(kind, item)
        field = _FIELDS.get(item.type, "text") if kind in ("entered", "round") else "number"
        counted = any(items[p][0] in ("component", "award") for p in parts)
        if doc.rounds is not None and _per_round(kind, item):  # one line per round
            for rid, round_label in zip(doc.rounds.round_ids(), doc.rounds.round_labels()):
                if counted:
                    total_parts.append(f"{line.id}_{rid}")
                lines.append(
                    TotalLine(
                        id=f"{line.id}_{rid}",
                        label=f"{line.label or label}, {round_label}",
                        field=field,
                        width=line.width,
                        help=(line.help if line.help is not None else help_text) or None,
                    )
                )
            continue
        if counted:
            total_parts.append(line.id)
        points = (
            _points(doc, constants)
            if kind == "component" and item.id == doc.mechanisms.get("campaign", {}).get("points")
            else None
        )
        lines.append(
            TotalLine(
                id=line.id,
                label=line.label or label,
                field=field,
                width=line.width,
                help=(line.help if line.help is not None else help_text) or None,
                points=points,
            )
        )
    if total_line is not None:
        i = lines.index(None)
        lines[i] = TotalLine(
            id="total", label=total_line.label or "Total", help=total_line.help, emphasis=True, sum=total_parts or None
        )
    each = doc.sheet.each
    repeat = GridLine(id="game" if "campaign" in doc.mechanisms else "player", label=each.label, repeat=each.count)
    if "campaign" in doc.mechanisms:
        return Grid(corner=doc.sheet.corner, rows=[repeat], columns=lines)
    return Grid(corner=doc.sheet.corner, rows=lines, columns=[repeat])
