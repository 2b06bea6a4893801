"""Resolve an aid's blocks into plain view data for templates (content stays the single truth).

A view is a dict with ``type`` in rules | table | facts | text | rulings, holding only strings,
numbers and lists, so templates need no knowledge of the content models.
"""

from __future__ import annotations

from generator.content.aids import FactsBlock, RulesBlock, RulingsBlock, TableBlock, TextBlock
from generator.content.models import RuleItem


def _item_view(item) -> dict:
    if isinstance(item, RuleItem):
        return {"text": item.text, "label": item.label or "", "items": [_item_view(i) for i in item.items]}
    return {"text": str(item), "label": "", "items": []}


def format_cell(value) -> str:
    """A table cell as printed: lists joined with ', ', None as an en dash, negative numbers with
    a minus sign, whole numbers from 1,000 up with thousands separators."""
    if value is None or value == "":
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(format_cell(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {format_cell(v)}" for k, v in value.items())
    if isinstance(value, int):
        # A real minus sign prints clearer than a hyphen; thousands get separators (2,000 credits).
        text = f"{abs(value):,}" if abs(value) >= 1000 else str(abs(value))
        return f"−{text}" if value < 0 else text
    return str(value)


def resolve_block(block, game) -> dict:
    """View data for one block of an aid face. ``game`` is a `GameContent`.

    Raises KeyError only for references that `playaid check` already rejects.
    """
    if isinstance(block, RulesBlock):
        doc = game.of_kind("rules")[block.rules]
        wanted = block.sections
        sections = [s for s in doc.sections if wanted is None or s.id in wanted]
        if wanted is not None:  # keep the order the aid asks for
            sections.sort(key=lambda s: wanted.index(s.id))
        return {
            "type": "rules",
            "show_titles": block.show_titles,
            "sections": [{"id": s.id, "title": s.title, "items": [_item_view(i) for i in s.items]} for s in sections],
        }
    if isinstance(block, TableBlock):
        table = game.of_kind("table")[block.table]
        keys = block.columns
        columns = [c for c in table.columns if keys is None or c.key in keys]
        if keys is not None:  # keep the order the aid asks for
            columns.sort(key=lambda c: keys.index(c.key))
        return {
            "type": "table",
            "title": block.title if block.title is not None else table.title,
            "columns": [{"label": c.label, "align": c.align, "key": c.key} for c in columns],
            "rows": [[c.prefix + format_cell(row.get(c.key)) for c in columns] for row in table.rows],
            "notes": [_item_view(n) for n in table.notes],
        }
    if isinstance(block, FactsBlock):
        facts = game.facts
        return {
            "type": "facts",
            "title": block.title or "",
            "facts": [
                {
                    "label": facts[n].label or n.replace("_", " "),
                    "value": format_cell(facts[n].value),
                    "unit": facts[n].unit or "",
                }
                for n in block.facts
            ],
        }
    if isinstance(block, TextBlock):
        return {"type": "text", "text": block.text, "style": block.style}
    if isinstance(block, RulingsBlock):
        doc = game.of_kind("rules")[block.rulings]
        by_id = {r.id: r for r in doc.rulings}
        chosen = doc.rulings if block.only is None else [by_id[i] for i in block.only]
        return {
            "type": "rulings",
            "title": f"Rulings: {doc.title}",
            "rulings": [
                {"question": r.question, "ruling": r.ruling, "reason": r.reason, "source": r.source} for r in chosen
            ],
        }
    raise TypeError(f"unknown block {block!r}")
