"""The record format in words, for `playaid score --help`, generated from every game's scoring
model (its variants, ``ended_by`` values, the values each variant uses) and from the record
schema the model gives (field descriptions), so the help and the scorer never disagree."""

from __future__ import annotations


def _kind(sub: dict) -> str:
    """How a value is written, in words, when the description alone does not say it."""
    kinds = sub.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if "boolean" in kinds:
        return " (true or false)"
    if "enum" in sub:
        return f" (one of: {', '.join(str(v) for v in sub['enum'])})"
    return ""


def _fields(schema: dict, indent: str, skip=("game",)) -> list[str]:
    """One line per field of an object schema; a nested mapping (a group of values) lists its
    own fields below it, and a list whose entries may be mappings (a tableau with damaged worlds)
    lists the keys such an entry takes, so a record can be written from the help alone."""
    out = []
    required = set(schema.get("required", []))
    for name, sub in schema["properties"].items():
        if name in skip:
            continue
        need = "" if name in required else " (optional)"
        out.append(f"{indent}{name}{need}: {sub.get('description', '')}".rstrip(": ") + _kind(sub))
        if sub.get("type") == "object" and sub.get("properties"):
            out.append(f"{indent}  a mapping of:")
            out += _fields(sub, indent + "    ", skip=())
        items = sub.get("items") if sub.get("type") == "array" else None
        if isinstance(items, dict):
            mappings = [a for a in items.get("anyOf", [items]) if a.get("type") == "object" and a.get("properties")]
            for entry in mappings:
                hint = items.get("x-hint")
                lead = f"{hint}; " if hint else ""
                out.append(f"{indent}  each entry: {lead}{entry.get('description', 'a mapping')}, with:")
                out += _fields(entry, indent + "    ", skip=())
    return out


def record_help(rules: dict) -> str:
    """Plain text: per record ``game:`` word, its variants with their ``ended_by`` values (and
    the variant scored instead when record values say so), the values each variant uses, the
    record values and the fields of each player (or each game of a campaign)."""
    from generator.scoring.api import record_games
    from generator.scoring.game_pad import pad_for
    from generator.scoring.model import ModelInvalid

    lines = ["Record format (YAML or JSON; examples in examples/):", ""]
    for word, game_id in record_games(rules).items():
        try:
            pad = pad_for(rules["games"][game_id])
        except ModelInvalid as exc:
            lines += [f"game: {word}", f"  (its scoring model cannot be read: {exc})", ""]
            continue
        model, schema = pad.model, pad.schema
        lines.append(f"game: {word}")
        if model.variants:
            lines.append("  variant and ended_by:")
            for v in model.variants.values():
                if v.hidden:
                    continue
                text = f"    {v.id}: ended_by {', '.join(v.ended_by)}"
                for when, other, note in v.becomes:
                    written = ", ".join(
                        f"{k}: {str(val).lower() if isinstance(val, bool) else val}" for k, val in when.items()
                    )
                    text += f"; {note or other} ({written}): {', '.join(model.variants[other].ended_by)}"
                lines.append(text)
                used = [e.id for e in model.entered if e.variants is not None and e.applies(v.id)]
                if used:
                    lines.append(f"      player fields used: {', '.join(used)}")
        rows = next(
            (
                k
                for k, s in schema["properties"].items()
                if s.get("type") == "array" and isinstance(s.get("items"), dict) and s["items"].get("type") == "object"
            ),
            None,
        )
        lines += _fields(schema, "  ", skip=("game", "variant", "ended_by", rows))
        if rows is not None:
            what = "one entry each" if rows == "players" else "one entry per game played, in order"
            lines.append(f"  {rows}: {what}, with:")
            lines += _fields(schema["properties"][rows]["items"], "    ")
        lines.append("")
    return "\n".join(lines).rstrip()
