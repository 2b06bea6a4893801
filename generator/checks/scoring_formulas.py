"""What the checks of a scoring model's formulas share (`scoring_checks`, `template_checks`):
the names a formula may read, and where a character of a formula is in its file."""

from __future__ import annotations

from generator.content.scoring_model import Scoring

#: Names every formula may read besides the model's own (see docs/content-format.md, "Scoring").
RESERVED = {
    "name",
    "given",
    "variant",
    "variant_id",
    "a_variant",
    "ended_by",
    "player_count",
    "total",
    "index",
    "players",
    "left",
    "right",
    "round",
    "facts",
}


def model_names(doc: Scoring) -> set[str]:
    """Every name a formula of ``doc`` could mean: its values, measures, components, awards,
    tie-breakers and constants, and the names every formula may read (`RESERVED`)."""
    names = set(RESERVED) | set(doc.constants) | {k for v in doc.variants for k in v.constants}
    for key in ("record_entered", "entered", "measures", "components", "awards", "tie_breakers"):
        names |= {item.id for item in getattr(doc, key)}
    if doc.rounds is not None:
        names |= {e.id for e in doc.rounds.entered} | set(doc.rounds.round_ids())
    return names


def file_column(content, loc, path: tuple, line: int, column: int, offset: int) -> int:
    """The column in the file of character ``offset`` (1-based) of the formula whose value
    starts at ``line``:``column``: past an opening quote, on the same line; the value's own
    column when the formula does not start there (a ``|`` or ``>`` block) or the file cannot
    be read again."""
    try:
        relative = next(p for key, p in content.paths.items() if content.located.get(key) is loc)
        text = (content.folder.parent / relative).read_text(encoding="utf-8").splitlines()[line - 1]
    except (StopIteration, OSError, UnicodeDecodeError, IndexError):
        return column
    start = column - 1
    if start >= len(text) or text[start] in "|>":
        return column
    if text[start] in "\"'":
        start += 1
    target = start + offset - 1
    return target + 1 if target < len(text) else column
